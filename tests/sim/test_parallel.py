"""Parallel play: a seed gives the same event log whatever the number of worker processes, the
workers plan and play their tables' hands while this process records them (issue 29), the clock
is read once per period of a batch, the log streams to its file as the events are recorded, and
the outside checker verifies the log of a 100,000-player tournament (issue 17)."""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from pokerfloor.sim import _play
from pokerfloor.sim._play import (
    CHUNK,
    PARALLEL_FROM,
    SMALLEST_CHUNK,
    ProcessHands,
    TableTask,
    chunk_size,
)
from pokerfloor.sim.scaled import scaled_structure
from pokerfloor.sim.tournament import WINDOW_MS, simulate
from pokerfloor.tournament import clock
from pokerfloor.tournament._hands import Hands
from pokerfloor.tournament.state import Tournament
from pokerfloor.tournament.structure import Level
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


def test_with_workers_this_process_neither_plans_nor_plays_a_hand(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 29: the workers plan (positions from the core) and play their tables' hands; this
    process only takes the tables to them and records the answers. Every batch, however small,
    goes to the workers here, and the log is still the one this process writes alone."""
    players = 200
    structure = scaled_structure(players)
    alone, together = tmp_path / "one.jsonl", tmp_path / "two.jsonl"
    with alone.open("wb") as out:
        simulate(players, "tda-2024", structure, 3, events_out=out)
    planned_here: list[int] = []
    positions = _play.next_hand_positions

    def counted(*arguments: object, **options: object) -> object:
        planned_here.append(1)
        return positions(*arguments, **options)  # type: ignore[arg-type]

    def refused(*arguments: object) -> object:
        raise AssertionError("the main process planned a hand")

    killed_asked: list[int] = []
    seated = Hands.seated

    def killed(self: Hands, table: Table) -> list[tuple[int, str, int, bool]]:
        killed_asked.append(1)
        return seated(self, table)

    monkeypatch.setattr(_play, "next_hand_positions", counted)
    monkeypatch.setattr(_play, "PARALLEL_FROM", 1)
    monkeypatch.setattr(Hands, "plan", refused)
    # Item 5: the workers send the event the core made; this process only folds it.
    monkeypatch.setattr(Hands, "plan_from", refused)
    monkeypatch.setattr(Hands, "record", refused)
    monkeypatch.setattr(Hands, "killed", refused)
    monkeypatch.setattr(Hands, "seated", killed)
    workers = ProcessHands(2)
    try:
        with together.open("wb") as out:
            result = simulate(players, "tda-2024", structure, 3, events_out=out, hands_by=workers)
    finally:
        workers.close()
    assert result.hands > 500 and workers.chunks_sent > 0
    assert planned_here == []
    # The players' stacks and killed hands read once a hand, when its task is built.
    assert len(killed_asked) == result.hands
    assert alone.read_bytes() == together.read_bytes()


def test_a_small_batch_is_cut_so_that_every_worker_plays_a_share() -> None:
    """Issue 29 item 5: a batch of 40 tables went out as one chunk of up to 160, to one worker
    while the other waited; it goes out in chunks at both workers, smaller towards the end
    (this process records the last chunk alone)."""
    table = Table(1, 9, {1: "A", 2: "B", 5: "C"}, button_seat=1)
    players = ((1, 1000, False, "tag"), (2, 1500, False, "random"), (5, 800, False, "tag"))
    level = Level(2, 25, 50, 0, 50)
    tasks = [TableTask("tda-2024", table, players, level, 25, seed) for seed in range(40)]
    assert chunk_size(10_000, 2) == CHUNK and chunk_size(400, 2) == 50
    assert chunk_size(40, 2) == 5 and chunk_size(3, 2) == SMALLEST_CHUNK
    workers = ProcessHands(2)
    try:
        results = list(workers.play(iter(tasks), len(tasks)))
    finally:
        workers.close()
    assert workers.chunks_sent == 10  # 5, 5, then 4 each, the last 2: both workers play
    assert results == [_play.play_table(task) for task in tasks]


def test_the_clock_is_read_once_per_period_of_a_batch_not_for_every_hand(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Issue 29: ``clock_view`` was asked twice a hand (is a break on, which level). Every
    caller of the core's ``clock_view`` is counted, the core's own (``level_at``...) too."""
    original = clock.clock_view
    calls: list[int] = []

    def counted(*arguments: object) -> object:
        calls.append(1)
        return original(*arguments)  # type: ignore[arg-type]

    for module in list(sys.modules.values()):
        name = getattr(module, "__name__", "")
        if name.startswith("pokerfloor") and getattr(module, "clock_view", None) is original:
            monkeypatch.setattr(module, "clock_view", counted)
    players = 1_000
    result = simulate(players, "tda-2024", scaled_structure(players), 5)
    # A batch begins a window (30 s) after the previous one at the earliest.
    batches = result.seconds_simulated * 1000 // WINDOW_MS
    assert result.hands > 3_000
    assert 0 < result.clock_views <= 2 * batches  # a level or a break ending in a batch: 2
    # Twice a hand and once a batch before; now once a batch for the chip races, once a
    # period for the batch, and the late registration desk's own questions.
    assert len(calls) < result.hands / 2


def test_the_workers_take_later_tables_while_the_first_answers_are_recorded() -> None:
    """Issue 29: the tasks are taken as the workers need them, so the simulator records the
    first answers while the workers play later tables (before, every task was taken and sent
    before the first answer was read, and the workers waited for the whole recording)."""
    table = Table(1, 9, {1: "A", 2: "B", 5: "C"}, button_seat=1)
    players = ((1, 1000, False, "tag"), (2, 1500, False, "random"), (5, 800, False, "tag"))
    level = Level(2, 25, 50, 0, 50)
    tasks = [TableTask("tda-2024", table, players, level, 25, seed) for seed in range(1200)]
    taken: list[int] = []

    def given() -> Iterator[TableTask]:
        for task in tasks:
            taken.append(task.seed)
            yield task

    workers = ProcessHands(2)
    try:
        results = workers.play(given(), len(tasks))
        first = next(results)
        taken_at_first = len(taken)
        rest = list(results)
    finally:
        workers.close()
    # The chunks primed (two a worker) and the one sent when the first answer came in.
    expected, remaining = 0, len(tasks)
    for _ in range(ProcessHands.IN_FLIGHT * 2 + 1):
        expected += chunk_size(remaining, 2)
        remaining -= chunk_size(remaining, 2)
    assert taken_at_first == expected < len(tasks)
    assert [first, *rest] == [_play.play_table(task) for task in tasks]


@pytest.mark.parametrize("profile", ["tda-2024", "ropta", "heavenpoker"])
def test_a_plan_from_the_positions_a_worker_computed_is_the_aggregates_own(profile: str) -> None:
    """The worker plans with ``positions.next_hand_positions`` from the table it was given;
    ``Hands.plan_from`` turns that into the plan ``Hands.plan`` would have made, absent
    players' hands killed (a player away is dealt in, hand killed)."""
    tournament = Tournament.create("t", profile, scaled_structure(40), 9)
    for number in range(1, 41):
        tournament.register(f"P{number:02d}", f"Player {number}", 0, present=number % 7 != 0)
    rng = random.Random(2)
    tournament.draw_seats(rng)
    tournament.place_buttons(rng)
    tournament.start_clock(0)
    at_ms = 25 * 60_000  # level 2
    for table_no in sorted(tournament.tables):
        table = tournament.tables[table_no]
        placed = _play.next_hand_positions(table, tournament.profile)
        level = tournament.hands.level_of(at_ms)
        assert level is not None and level.number == 2
        plan = tournament.hands.plan_from(table_no, at_ms, level, placed)
        assert plan == tournament.hands.plan(table_no, at_ms)
        assert plan.away == {player for _, player, _ in plan.seats if int(player[1:]) % 7 == 0}


def test_a_hand_that_fails_in_a_worker_stops_the_simulation_with_its_traceback() -> None:
    table = Table(1, 9, {1: "A", 2: "B"}, button_seat=1)
    players = ((1, 1000, False, "tag"), (2, 1000, False, "random"))
    task = TableTask("no-such-profile", table, players, Level(1, 50, 100), 25, 7)
    workers = ProcessHands(1)
    try:
        with pytest.raises(RuntimeError, match="no-such-profile"):
            list(workers.play(iter([task] * PARALLEL_FROM), PARALLEL_FROM))
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
