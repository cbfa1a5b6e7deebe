"""Parallel play: a seed gives the same event log whatever the number of worker processes, the
log streams to its file as the events are recorded, and the outside checker verifies the log
of a 100,000-player tournament (issue 17)."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from pokerfloor.sim._play import PARALLEL_FROM, ProcessHands, TableTask
from pokerfloor.sim.scaled import scaled_structure
from pokerfloor.sim.tournament import simulate
from pokerfloor.tournament.types import Table
from tests.sim.test_event_log import check_log, read_log


def test_one_worker_and_two_workers_write_the_same_log(tmp_path: Path) -> None:
    players = 1_500  # enough tables for batches that go to the workers
    structure = scaled_structure(players)
    alone, together = tmp_path / "one.jsonl", tmp_path / "two.jsonl"
    with alone.open("wb") as out:
        first = simulate(players, "allinouest", structure, 4, events_out=out)
    workers = ProcessHands(2)
    try:
        with together.open("wb") as out:
            second = simulate(players, "allinouest", structure, 4, events_out=out, hands_by=workers)
    finally:
        workers.close()
    assert workers.chunks_sent > 0  # the workers played
    assert first.hands == second.hands and first.event_count == second.event_count
    assert alone.read_bytes() == together.read_bytes()
    counts = check_log(read_log(alone))
    assert counts["hands"] == first.hands and counts["moves"] > 0


def test_a_hand_that_fails_in_a_worker_stops_the_simulation_with_its_traceback() -> None:
    table = Table(1, 9, {1: "A", 2: "B"}, button_seat=1)
    players = ((1, 1000, False, "tag"), (2, 1000, False, "random"))
    task = TableTask("no-such-profile", table, players, 50, 100, 0, 0, 25, 7)
    workers = ProcessHands(1)
    try:
        with pytest.raises(RuntimeError, match="no-such-profile"):
            list(workers.play(iter([task] * PARALLEL_FROM)))
    finally:
        workers.close()


def test_events_stream_to_the_file_and_leave_memory(tmp_path: Path) -> None:
    path = tmp_path / "log.jsonl"
    with path.open("wb") as out:
        result = simulate(120, "heavenpoker", scaled_structure(120), 2, events_out=out)
    assert result.tournament.events == []  # written as they came, none kept
    assert len(path.read_bytes().splitlines()) == result.event_count
    check_log(read_log(path))


def test_the_outside_checker_verifies_a_100_000_player_tournament(tmp_path: Path) -> None:
    """The largest test of the suite: a field the size of the biggest live events, played by two
    worker processes, its log (some 400,000 hands) checked from the file alone."""
    players = 100_000
    path = tmp_path / "big.jsonl"
    start = time.perf_counter()
    with path.open("wb") as out:
        result = simulate(
            players, "tda-2024", scaled_structure(players), 17, workers=2, events_out=out
        )
    simulated = time.perf_counter() - start
    counts = check_log(read_log(path))
    checked = time.perf_counter() - start - simulated
    print(f"100,000 players: simulated in {simulated:.0f} s, log checked in {checked:.0f} s")
    assert counts["hands"] == result.hands > 300_000
    assert counts["busts"] == result.finished.entries - 1 >= players * 9 // 10
    assert counts["chip_races"] > 0 and counts["late_seats"] > 0
