"""Pages read immutable views built under the tournament's lock (issue 30): while commands run
on other threads, no view shows a command half-applied.

A real service on SQLite, its appends slowed down: a command's events are in the aggregate
well before the store has them and the service's version moves on, the window in which a page
reading the live aggregate outside the lock used to see a half-applied command. Late
registrations (two events each: registered, then seated) and disqualifications run on writer
threads; readers build views through ``TournamentService.read_versioned`` and the pages' own
builders, and check that every view is whole: the events it reflects are the stored version,
and every player in play is seated.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from pokerfloor.app.commands import (
    CreateTournament,
    DrawSeats,
    Penalize,
    PlaceButtons,
    RegisterLate,
    RegisterPlayer,
    StartClock,
)
from pokerfloor.app.service import TournamentService
from pokerfloor.app.store import SqlEventStore, open_store
from pokerfloor.tournament.state import Tournament
from pokerfloor.web.pages.phones._player_clock_view import clocks
from pokerfloor.web.pages.td.desk import desk_state

NOW = 1_700_000_000_000
SRC = Path(__file__).resolve().parents[2] / "src" / "pokerfloor"


class SlowStore:
    """The SQLite store, each append held back a little (a slow disk, a busy server)."""

    def __init__(self, store: SqlEventStore) -> None:
        self.store = store

    def __getattr__(self, name: str) -> Any:
        return getattr(self.store, name)

    def append(self, stream_id: str, expected: int, events: Sequence[tuple[str, bytes]]) -> int:
        time.sleep(0.002)
        return self.store.append(stream_id, expected, events)


def whole(tournament: Tournament) -> tuple[int, list[str]]:
    """The events a view reflects, and what in it disagrees."""
    problems = []
    in_play = tournament.in_play()
    unseated = [player.player_id for player in in_play if player.seat is None]
    if unseated:
        problems.append(f"in play without a seat: {unseated}")
    seated = sum(len(table.seats) for table in tournament.tables.values())
    if seated != len(in_play):
        problems.append(f"{seated} seated, {len(in_play)} in play")
    if tournament.players_left != len(in_play):
        problems.append(f"players_left {tournament.players_left}, {len(in_play)} in play")
    return len(tournament.events), problems


def test_no_view_shows_a_command_half_applied(tmp_path: Path) -> None:
    store = open_store(str(tmp_path / "events.db"))
    service = TournamentService(SlowStore(store), lambda: NOW)  # type: ignore[arg-type]
    service.execute("t", CreateTournament("t", "tda-2024", "club-evening"))
    for number in range(1, 31):
        service.execute("t", RegisterPlayer(f"P{number:02d}", f"Player {number}"))
    service.execute("t", DrawSeats(seed=3))
    service.execute("t", PlaceButtons(seed=4))
    service.execute("t", StartClock())

    done = threading.Event()
    problems: list[str] = []
    reads = [0]

    def register(first: int) -> None:
        for number in range(first, first + 20):
            service.execute("t", RegisterLate(f"L{number:03d}", f"Late {number}", seed=number))

    def disqualify() -> None:
        for number in range(1, 11):
            service.execute("t", Penalize(f"P{number:02d}", "disqualification", "test"))

    def read() -> None:
        while not done.is_set():
            version, (events, wrong) = service.read_versioned("t", whole)
            if events != version:
                wrong = [*wrong, f"{events} events in the view, version {version}"]
            desk = desk_state(service, "t")
            seated_rows = [
                row for row in desk["rows"] if row["status"] == "playing" and row["seat_no"]
            ]
            if desk["in_play"] != len(seated_rows):
                wrong = [*wrong, f"desk: {desk['in_play']} in play, {len(seated_rows)} seated"]
            clocks(service, "t")
            problems.extend(wrong)
            reads[0] += 1

    writers = [
        threading.Thread(target=register, args=(1,)),
        threading.Thread(target=register, args=(101,)),
        threading.Thread(target=disqualify),
    ]
    readers = [threading.Thread(target=read) for _ in range(2)]
    for thread in readers + writers:
        thread.start()
    for thread in writers:
        thread.join()
    done.set()
    for thread in readers:
        thread.join()

    assert problems == []
    assert reads[0] > 10  # the readers ran while the commands did
    version, (events, wrong) = service.read_versioned("t", whole)
    assert wrong == [] and events == version
    assert service.read("t", lambda t: t.players_left) == 30 + 40 - 10
    store.close()


def test_pages_and_the_application_read_no_live_aggregate() -> None:
    """Every read of a page or of the application goes through the service's ``read``."""
    offenders = [
        f"{path.relative_to(SRC)}:{number}"
        for folder in ("web", "app")
        for path in sorted((SRC / folder).rglob("*.py"))
        for number, line in enumerate(path.read_text().splitlines(), start=1)
        if ".tournament(" in line and "def tournament(" not in line
    ]
    assert offenders == []
