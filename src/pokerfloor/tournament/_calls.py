"""Calls for the floor: a table captain (or a dealer) asks the TD to come to a table, and the
TD marks the call answered. They are events like the rest, so a call survives a restart and
the log shows when a ruling was asked for and how long the table waited. The TD may also give
a table a new captain's link (``renew_captain_key``): the web layer signs the link with the
table's renewal count, so the old one stops working.

A part of ``Tournament`` (``tournament.floor``, _parts.py): the open call of each table and
the captains' links' renewals, with the events that change them.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from pokerfloor.errors import PokerfloorError
from pokerfloor.floor import FactValue, rule
from pokerfloor.tournament._parts import Part, applies
from pokerfloor.tournament.events import (
    ButtonMoved,
    CaptainKeyRenewed,
    FloorCallAnswered,
    FloorCalled,
)
from pokerfloor.tournament.types import Table

if TYPE_CHECKING:
    from pokerfloor.tournament.state import Tournament

__all__ = ["FloorCalls"]


def _fact_text(value: FactValue) -> str:
    """A fact as the event keeps it (``rule`` reads the text back: "true", "2")."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


class FloorCalls(Part):
    """Calling the floor and answering, a table's button put right, a captain's link renewed:
    ``tournament.floor``."""

    __slots__ = ("captain_keys", "open_calls")

    def __init__(self, host: Tournament) -> None:
        super().__init__(host)
        self.open_calls: dict[int, FloorCalled] = {}  # per table, the open call
        self.captain_keys: dict[int, int] = {}  # per table, how often its link was renewed

    def call(
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
        table = self.host.tables.get(table_no)
        if table is None:
            raise PokerfloorError("NO_SUCH_TABLE", {"table_no": table_no})
        if button_seat is not None:
            self._check_button_seat(table, button_seat)
        given = dict(facts or {})
        if situation or given:
            rule(self.host.profile, situation, given)  # refuses an unknown situation or fact
        if table_no not in self.open_calls or button_seat is not None:
            stored = tuple((key, _fact_text(value)) for key, value in given.items())
            self.host._record(
                FloorCalled(table_no, reason, at_ms, button_seat, hand_no, situation, stored)
            )

    def move_button(self, table_no: int, seat_no: int, reason: str, at_ms: int) -> None:
        """The TD puts the button where the table really has it (a captain's report
        confirmed): the next hand is dealt from there, blinds after it; the call is closed."""
        table = self.host.tables.get(table_no)
        if table is None or not table.seats:
            raise PokerfloorError("NO_SUCH_TABLE", {"table_no": table_no})
        self._check_button_seat(table, seat_no)
        # The positions rule the table got wrong (dead button, missing small blind).
        cite = self.host.cite("hand.missing_small_blind")
        self.host._record(ButtonMoved(table_no, seat_no, reason, at_ms, cite))

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

    def answer(self, table_no: int, at_ms: int) -> None:
        if table_no not in self.open_calls:
            raise PokerfloorError("NO_FLOOR_CALL", {"table_no": table_no})
        self.host._record(FloorCallAnswered(table_no, at_ms))

    def renew_captain_key(self, table_no: int, at_ms: int) -> int:
        """A new captain's link for the table; returns its renewal count."""
        table = self.host.tables.get(table_no)
        if table is None or not table.seats:
            raise PokerfloorError("NO_SUCH_TABLE", {"table_no": table_no})
        renewal = self.captain_keys.get(table_no, 0) + 1
        self.host._record(CaptainKeyRenewed(table_no, renewal, at_ms))
        return renewal

    # ---- applying events ----------------------------------------------------------------

    @applies(CaptainKeyRenewed)
    def _key_renewed(self, event: CaptainKeyRenewed) -> None:
        self.captain_keys[event.table_no] = event.renewal

    @applies(FloorCalled)
    def _called(self, event: FloorCalled) -> None:
        self.open_calls[event.table_no] = event

    @applies(FloorCallAnswered)
    def _answered(self, event: FloorCallAnswered) -> None:
        self.open_calls.pop(event.table_no, None)

    @applies(ButtonMoved)
    def _button_moved(self, event: ButtonMoved) -> None:
        self.open_calls.pop(event.table_no, None)
        tables = self.host.tables
        table = tables[event.table_no]
        # As at a first hand: the button here, the blinds on the next two players.
        tables[event.table_no] = Table(table.table_no, table.size, table.seats, event.seat_no)
