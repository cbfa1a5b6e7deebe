"""A dealt table's live pages read views built under the table's lock (issue 30 items 2 and 4):
while actions are folded in on another thread, no read of ``live_table`` (the pushes' read,
without the dealer's lock) or of ``table`` sees an action half-applied or a table changing
under it.

A real service on SQLite, its appends slowed down a little (a busy disk). A player thread deals
and acts hand after hand (``play_until``: the ticks and each player's action through
``DealtService.act``); reader threads read the table as the pages do, replay its hand (as a
render does: whose turn, the legal actions) and check that what they read is whole: the events
it reflects end one stored append (an action is its engine's events, a hand's end its summary
and reveal, all in one append), and did not change while they read.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Sequence
from pathlib import Path
from types import SimpleNamespace
from typing import Any

from pokerfloor.app._dealt_slots import table_view
from pokerfloor.app.ports import AppendRequest
from pokerfloor.app.store import SqlEventStore, open_store
from pokerfloor.dealt import DealtTable
from pokerfloor.errors import PokerfloorError
from pokerfloor.hand import Action
from tests.dealt._sitngo import CallingStation, FakeClock, play_until, sit_and_go

TABLE_STREAM = "dealt/sng/table/1"


class SlowStore:
    """The SQLite store, each append held back a little; the versions the appends of table 1
    ended at (where a whole action ends)."""

    def __init__(self, store: SqlEventStore) -> None:
        self.store = store
        self.ends: set[int] = {0}

    def __getattr__(self, name: str) -> Any:
        return getattr(self.store, name)

    def append(self, stream_id: str, expected: int, events: Sequence[tuple[str, bytes]]) -> int:
        time.sleep(0.001)
        version = self.store.append(stream_id, expected, events)
        if stream_id == TABLE_STREAM:
            self.ends.add(version)
        return version

    def append_many(self, appends: Sequence[AppendRequest]) -> list[int | PokerfloorError]:
        time.sleep(0.001)
        outcomes = self.store.append_many(appends)
        for (stream_id, _expected, _events), outcome in zip(appends, outcomes, strict=True):
            if stream_id == TABLE_STREAM and isinstance(outcome, int):
                self.ends.add(outcome)
        return outcomes


def test_issue30_a_live_table_never_shows_an_action_half_applied(tmp_path: Path) -> None:
    store = SlowStore(open_store(str(tmp_path / "events.db")))
    dealt, clock = sit_and_go(players=6, store=store, clock=FakeClock())  # type: ignore[arg-type]
    done = threading.Event()
    problems: list[str] = []
    reads = [0]

    def play() -> None:
        try:
            play_until(
                dealt,
                clock,
                lambda: dealt.table("sng", 1).hand_no >= 4,
                bot=CallingStation(),  # type: ignore[arg-type]
            )
        finally:
            done.set()

    def read(live: bool) -> None:
        while not done.is_set():
            table = dealt.live_table("sng", 1) if live else dealt.table("sng", 1)
            before = len(table.events)
            if table.hand_events:
                hand = table.hand()  # a render's replay: long enough for an action to land
                if table.to_act_seat():
                    hand.legal_actions()
            after = len(table.events)
            if before != after:
                problems.append(f"changed while read: {before} then {after} events")
            if before not in store.ends:
                problems.append(f"{before} events: not the end of an append")
            reads[0] += 1

    readers = [threading.Thread(target=read, args=(live,)) for live in (True, False)]
    player = threading.Thread(target=play)
    for thread in [*readers, player]:
        thread.start()
    for thread in [player, *readers]:
        thread.join(timeout=120)
    assert reads[0] > 0 and len(store.ends) > 20
    assert problems == []


def test_issue30_a_table_view_shares_nothing_the_dealer_changes() -> None:
    dealt, _clock = sit_and_go(players=3)
    dealt.tick("sng")
    table = dealt._table("sng", 1).table
    # An object the table may come to hold (a hand kept between actions): copied deeply.
    table.cached = SimpleNamespace(stacks=[1, 2])  # type: ignore[attr-defined]
    table.hand()  # the kept hand, built at its first read
    view = table_view(table)
    immutable = (int, str, bytes, bool, type(None), tuple, frozenset)
    for name, value in vars(table).items():
        if name in DealtTable.DEALER_ONLY:
            assert getattr(view, name) is None, name  # the dealer's decision stays its own
            continue
        if name in DealtTable.KEPT_WHOLE:  # replaced by the next hand, never changed
            assert getattr(view, name) is value, name
            continue
        if not isinstance(value, immutable) and not getattr(
            getattr(type(value), "__struct_config__", None), "frozen", False
        ):
            assert getattr(view, name) is not value, name
        assert getattr(view, name) == value, name
    assert view.hand() is table.hand()  # read from the view without a rebuild
    assert view.cached.stacks is not table.cached.stacks  # type: ignore[attr-defined]
    # The view is the one every reader gets until the next change, then a new one.
    slot = dealt._table("sng", 1)
    assert slot.view() is slot.view()
    first = slot.view()
    player = dealt.tournaments.tournament("sng").tables[1].seats[first.to_act_seat()]
    dealt.act("sng", player, Action("fold"))
    assert slot.view() is not first and len(slot.view().events) > len(first.events)
