"""Vocabulary shared by the tournament modules: seats, tables, moves.

``table_no`` and ``seat_no`` are 1-based and clockwise; ``player_id`` is stable across tables.
"""

from __future__ import annotations

from collections.abc import Mapping

import msgspec

PlayerId = str


class SeatRef(msgspec.Struct, frozen=True, order=True):
    table_no: int
    seat_no: int

    def __str__(self) -> str:
        return f"Table {self.table_no} seat {self.seat_no}"


class Table(msgspec.Struct, frozen=True):
    """One table between hands.

    ``seats`` maps occupied seat numbers to players (players with chips, absent ones included).
    ``button_seat`` and ``big_blind_seat`` are those of the last hand played (None before the
    first hand); the next hand's positions derive from them (dead button: the big blind always
    moves to the next player). ``waiting`` are seats whose player may not be dealt in yet (a
    new or moved player who sat between the small blind and the button).
    """

    table_no: int
    size: int
    seats: Mapping[int, PlayerId]
    button_seat: int | None = None
    big_blind_seat: int | None = None
    small_blind_seat: int | None = None
    waiting: frozenset[int] = frozenset()

    @property
    def player_count(self) -> int:
        return len(self.seats)

    def free_seats(self) -> list[int]:
        return [seat for seat in range(1, self.size + 1) if seat not in self.seats]

    def with_seats(self, seats: Mapping[int, PlayerId]) -> Table:
        """The same table with other occupants; a vacated seat no longer waits."""
        return msgspec.structs.replace(
            self, seats=seats, waiting=frozenset(seat for seat in self.waiting if seat in seats)
        )


class Move(msgspec.Struct, frozen=True):
    """An instruction a TD can read: "Table 3 seat 4 -> Table 1 seat 7"."""

    player_id: PlayerId
    source: SeatRef
    target: SeatRef
    reason: str  # balance | break | final_table | seat_draw | seat_change
    citations: tuple[str, ...] = ()

    def __str__(self) -> str:
        return f"{self.source} -> {self.target}"
