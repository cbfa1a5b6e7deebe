"""What ``DealtService`` holds of each dealt tournament and each of its tables, and the view of
a table that a page reads while the dealer changes it (issue 30 item 2 for the dealt tables).

A ``TableSlot`` holds the table as folded from its stream, and the version of the stream it
reflects. Its events are folded in under the slot's own small lock (``fold``, ``replace``:
no I/O while it is held), never under the service's lock alone, which the dealer holds for a
whole pass with its stored appends. ``view`` answers a copy of the table built under that small
lock, once per change and shared by every reader until the next: a page never holds the object
the dealer folds into, so a render can neither see an action half-folded nor a table changing
under it; a view older than the last fold is whole, and the page renders again on the change's
notice.
"""

from __future__ import annotations

import copy
import threading
from collections.abc import Sequence
from dataclasses import dataclass, field

import msgspec

from pokerfloor.dealt import DealtEvent, DealtTable
from pokerfloor.dealt.disputes import DisputeRuled, DisputeSettled
from pokerfloor.dealt.mode import (
    DealtPlayChosen,
    DealtStreamEvent,
    HoleCardsSeen,
    MoveAsked,
    MoveSettled,
)

__all__ = ["TableSlot", "TournamentSlot", "table_view"]

# Values a view may share with the table it was copied from: nothing in them changes.
_IMMUTABLE = (int, str, bytes, float, bool, type(None), tuple, frozenset)


def _unchanging(value: object) -> bool:
    if isinstance(value, _IMMUTABLE):
        return True
    return isinstance(value, msgspec.Struct) and type(value).__struct_config__.frozen


def table_view(table: DealtTable) -> DealtTable:
    """A copy of ``table`` that later folds into ``table`` do not change: its containers
    copied (their items are frozen events and numbers), frozen structs, immutable values and
    the hand the table keeps (``DealtTable.KEPT_WHOLE``: replaced, never changed) shared, the
    dealer's decision in flight left out, anything else the table may come to hold copied
    deeply."""
    view = copy.copy(table)
    for name, value in vars(table).items():
        if name in DealtTable.DEALER_ONLY:
            setattr(view, name, None)
        elif name in DealtTable.KEPT_WHOLE or _unchanging(value):
            continue
        elif isinstance(value, list | dict | set):
            setattr(view, name, value.copy())
        else:
            setattr(view, name, copy.deepcopy(value))
    return view


@dataclass(eq=False)
class TableSlot:
    table: DealtTable
    version: int = 0
    folds: int = 0  # how many times the table changed in memory
    _view: tuple[int, DealtTable] | None = None
    _lock: threading.Lock = field(default_factory=threading.Lock)

    def fold(self, events: Sequence[DealtEvent]) -> None:
        """Durable events folded into the table, all of them before any reader sees them."""
        with self._lock:
            try:
                for event in events:
                    self.table.apply(event)
            finally:
                self.folds += 1

    def replace(self, table: DealtTable, version: int) -> None:
        """The table replayed whole (a catch-up that failed to fold)."""
        with self._lock:
            self.table, self.version = table, version
            self.folds += 1

    def view(self) -> DealtTable:
        """The table for a reader (a page, a push): a copy taken under the slot's lock, the
        same one until the next fold."""
        known = self._view
        if known is not None and known[0] == self.folds:
            return known[1]
        with self._lock:
            known = self._view
            if known is None or known[0] != self.folds:
                known = self._view = (self.folds, table_view(self.table))
            return known[1]


@dataclass
class TournamentSlot:
    chosen: DealtPlayChosen | None
    tables: dict[int, TableSlot] = field(default_factory=dict)
    bots: dict[str, str] = field(default_factory=dict)  # player id -> policy
    moves: dict[str, MoveAsked] = field(default_factory=dict)  # asked, not yet made
    seen: list[HoleCardsSeen] = field(default_factory=list)
    # The tables' state when a balancing step was refused: not held again until it changes.
    balance_refused: tuple[int, frozenset[int]] | None = None
    # The TD's rulings on disputes, and how those made during a hand were settled.
    disputes: list[DisputeRuled | DisputeSettled] = field(default_factory=list)

    def fold(self, event: DealtStreamEvent) -> None:
        if isinstance(event, DisputeRuled | DisputeSettled):
            self.disputes.append(event)
        elif isinstance(event, DealtPlayChosen):
            self.chosen = event
        elif isinstance(event, MoveAsked):
            self.moves[event.player_id] = event
        elif isinstance(event, MoveSettled):
            self.moves.pop(event.player_id, None)
        elif isinstance(event, HoleCardsSeen):
            self.seen.append(event)
        else:
            self.bots[event.player_id] = event.policy
