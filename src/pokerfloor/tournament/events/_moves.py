"""The events of moves: players moved (balancing, a table broken, the final table), moves proposed
to the TD, a seat changed by hand.
"""

from __future__ import annotations

import msgspec

from pokerfloor.tournament.types import Move

__all__ = ["MovesProposed", "PlayersMoved", "SeatChanged"]


class PlayersMoved(msgspec.Struct, frozen=True, tag="players_moved"):
    """Balancing moves, a table break or the final-table redraw."""

    reason: str  # balance | break | final_table
    moves: tuple[Move, ...]
    at_ms: int
    broken_table: int | None = None
    citations: tuple[str, ...] = ()


class MovesProposed(msgspec.Struct, frozen=True, tag="moves_proposed"):
    """Balancing instructions for the TD to carry out; nobody moves until each is confirmed."""

    moves: tuple[Move, ...]
    at_ms: int
    citations: tuple[str, ...] = ()


class SeatChanged(msgspec.Struct, frozen=True, tag="seat_changed"):
    """The TD put a player at a chosen free seat (one move) or swapped two players' seats (two
    moves, made at once), for special needs or another ``reason`` (tda-2024 R7). A moved
    player between the next button and small blind waits for the button, as after a move."""

    moves: tuple[Move, ...]  # each with reason "seat_change"
    reason: str
    at_ms: int
    citations: tuple[str, ...] = ()
