"""Calls for the floor: a table captain (or a dealer) asks the TD to come to a table, and the
TD marks the call answered. They are events like the rest, so a call survives a restart and
the log shows when a ruling was asked for and how long the table waited.

A mixin of ``Tournament`` (state.py).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pokerfloor.errors import PokerfloorError
from pokerfloor.tournament.events import FloorCallAnswered, FloorCalled
from pokerfloor.tournament.types import Table

if TYPE_CHECKING:
    from pokerfloor.tournament.events import TournamentEvent


class FloorCallCommands:
    """Calling the floor and answering, mixed into ``Tournament``."""

    if TYPE_CHECKING:  # provided by Tournament
        tables: dict[int, Table]
        floor_calls: dict[int, FloorCalled]

        def _record(self, event: TournamentEvent) -> None: ...

    def call_floor(self, table_no: int, reason: str, at_ms: int) -> None:
        """The table asks for the TD; a second call while one is open changes nothing."""
        if table_no not in self.tables:
            raise PokerfloorError(
                "NO_SUCH_TABLE", f"there is no table {table_no}", {"table_no": table_no}
            )
        if table_no not in self.floor_calls:
            self._record(FloorCalled(table_no, reason, at_ms))

    def answer_floor_call(self, table_no: int, at_ms: int) -> None:
        if table_no not in self.floor_calls:
            raise PokerfloorError(
                "NO_FLOOR_CALL",
                f"table {table_no} has not called the floor",
                {"table_no": table_no},
            )
        self._record(FloorCallAnswered(table_no, at_ms))

    def _apply_floor_call(self, event: FloorCalled | FloorCallAnswered) -> None:
        if isinstance(event, FloorCalled):
            self.floor_calls[event.table_no] = event
        else:
            self.floor_calls.pop(event.table_no, None)
