"""Seats and moves: balancing, a table broken, the final table's redraw, the TD's confirmations, a
seat changed by hand.
"""

from __future__ import annotations

from typing import Annotated

import msgspec

from pokerfloor.app._command_fields import (
    PlayerIdText,
    ReasonText,
    SeatNo,
    Seed,
    TableNo,
)
from pokerfloor.app.commands._base import _Command

__all__ = [
    "Balance",
    "CancelMoves",
    "ChangeSeat",
    "ConfirmMove",
    "ConfirmMoves",
    "ProposeBreakTable",
    "ProposeFinalTable",
    "ProposeMoves",
]


class ProposeMoves(_Command, frozen=True, tag="propose_moves"):
    """Balancing moves as instructions for the TD; nobody moves until confirmed."""

    seed: Seed | None = None


class ConfirmMove(_Command, frozen=True, tag="confirm_move"):
    """The TD confirms that a player moved as instructed."""

    player_id: PlayerIdText


class ProposeBreakTable(_Command, frozen=True, tag="propose_break_table"):
    """Break a table: its players' new seats as instructions for the TD. Without
    ``table_no``, the table the predetermined procedure breaks next."""

    table_no: TableNo | None = None
    seed: Seed | None = None


class ProposeFinalTable(_Command, frozen=True, tag="propose_final_table"):
    """The final-table redraw as instructions; confirmed as a whole (``confirm_moves``)."""

    seed: Seed | None = None


class ConfirmMoves(_Command, frozen=True, tag="confirm_moves"):
    """The TD confirms the named moves (all the proposed ones when ``player_ids`` is empty),
    made at the same instant; a new final table then draws its first button."""

    player_ids: Annotated[tuple[PlayerIdText, ...], msgspec.Meta(max_length=100)] = ()
    seed: Seed | None = None


class CancelMoves(_Command, frozen=True, tag="cancel_moves"):
    """Drop the moves waiting for confirmation."""


class ChangeSeat(_Command, frozen=True, tag="change_seat"):
    """The TD puts a player at a chosen free seat (``table_no`` and ``seat_no``) or swaps
    their seat with ``swap_with``'s (special needs, tda-2024 R7); the reason is required."""

    player_id: PlayerIdText
    reason: ReasonText
    table_no: TableNo | None = None
    seat_no: SeatNo | None = None
    swap_with: PlayerIdText | None = None


class Balance(_Command, frozen=True, tag="balance"):
    """Break tables no longer needed, redraw the final table, balance the others; then place
    the first button of a new final table."""

    seed: Seed | None = None
