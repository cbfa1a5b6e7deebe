"""Calls for the floor: a table captain (or a dealer) asks the TD to come to a table, and the
TD marks the call answered. They are events like the rest, so a call survives a restart and
the log shows when a ruling was asked for and how long the table waited. The TD may also give
a table a new captain's link (``renew_captain_key``): the web layer signs the link with the
table's renewal count, so the old one stops working.

A mixin of ``Tournament`` (state.py).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from pokerfloor.errors import PokerfloorError
from pokerfloor.floor import FactValue, rule
from pokerfloor.tournament.events import (
    ButtonMoved,
    CaptainKeyRenewed,
    FloorCallAnswered,
    FloorCalled,
)
from pokerfloor.tournament.types import Table

if TYPE_CHECKING:
    from pokerfloor.rules import RuleProfile
    from pokerfloor.tournament.events import TournamentEvent
    from pokerfloor.tournament.table_map import TableMap


def _fact_text(value: FactValue) -> str:
    """A fact as the event keeps it (``rule`` reads the text back: "true", "2")."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


class FloorCallCommands:
    """Calling the floor and answering, mixed into ``Tournament``."""

    if TYPE_CHECKING:  # provided by Tournament
        tables: TableMap
        floor_calls: dict[int, FloorCalled]
        captain_keys: dict[int, int]
        profile: RuleProfile

        def _record(self, event: TournamentEvent) -> None: ...
        def cite(self, key: str) -> tuple[str, ...]: ...

    def call_floor(
        self,
        table_no: int,
        reason: str,
        at_ms: int,
        button_seat: int | None = None,
        hand_no: int | None = None,
        *,
        situation: str = "",
        facts: Mapping[str, FactValue] | None = None,
    ) -> None:
        """The table asks for the TD; a second call while one is open changes nothing, unless
        it says where the button is (it then replaces the open call). ``situation`` names a
        dealing irregularity (``pokerfloor.floor``) with its ``facts``: checked here as the
        floor rules them, so the TD's suggested ruling never fails on a stored call."""
        table = self.tables.get(table_no)
        if table is None:
            raise PokerfloorError("NO_SUCH_TABLE", {"table_no": table_no})
        if button_seat is not None:
            self._check_button_seat(table, button_seat)
        given = dict(facts or {})
        if situation or given:
            rule(self.profile, situation, given)  # refuses an unknown situation or fact
        if table_no not in self.floor_calls or button_seat is not None:
            stored = tuple((key, _fact_text(value)) for key, value in given.items())
            self._record(
                FloorCalled(table_no, reason, at_ms, button_seat, hand_no, situation, stored)
            )

    def move_button(self, table_no: int, seat_no: int, reason: str, at_ms: int) -> None:
        """The TD puts the button where the table really has it (a captain's report
        confirmed): the next hand is dealt from there, blinds after it; the call is closed."""
        table = self.tables.get(table_no)
        if table is None or not table.seats:
            raise PokerfloorError("NO_SUCH_TABLE", {"table_no": table_no})
        self._check_button_seat(table, seat_no)
        # The positions rule the table got wrong (dead button, missing small blind).
        cite = self.cite("hand.missing_small_blind")
        self._record(ButtonMoved(table_no, seat_no, reason, at_ms, cite))

    def _check_button_seat(self, table: Table, seat_no: int) -> None:
        if not 1 <= seat_no <= table.size:
            raise PokerfloorError(
                "BAD_SEAT", {"table_no": table.table_no, "seat_no": seat_no, "size": table.size}
            )
        if seat_no not in table.seats:
            raise PokerfloorError(
                "BUTTON_SEAT_EMPTY",
                {"table_no": table.table_no, "seat_no": seat_no, "seats": sorted(table.seats)},
            )

    def answer_floor_call(self, table_no: int, at_ms: int) -> None:
        if table_no not in self.floor_calls:
            raise PokerfloorError("NO_FLOOR_CALL", {"table_no": table_no})
        self._record(FloorCallAnswered(table_no, at_ms))

    def renew_captain_key(self, table_no: int, at_ms: int) -> int:
        """A new captain's link for the table; returns its renewal count."""
        table = self.tables.get(table_no)
        if table is None or not table.seats:
            raise PokerfloorError("NO_SUCH_TABLE", {"table_no": table_no})
        renewal = self.captain_keys.get(table_no, 0) + 1
        self._record(CaptainKeyRenewed(table_no, renewal, at_ms))
        return renewal

    def _apply_floor_call(
        self, event: FloorCalled | FloorCallAnswered | ButtonMoved | CaptainKeyRenewed
    ) -> None:
        if isinstance(event, CaptainKeyRenewed):
            self.captain_keys[event.table_no] = event.renewal
            return
        if isinstance(event, FloorCalled):
            self.floor_calls[event.table_no] = event
            return
        self.floor_calls.pop(event.table_no, None)
        if isinstance(event, ButtonMoved):
            table = self.tables[event.table_no]
            # As at a first hand: the button here, the blinds on the next two players.
            self.tables[event.table_no] = Table(
                table.table_no, table.size, table.seats, event.seat_no
            )
