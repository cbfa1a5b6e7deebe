"""The desk's corrections: a bust corrected or undone, a rebuy cancelled, a hand corrected."""

from __future__ import annotations

from typing import Annotated

import msgspec

from pokerfloor.app._command_fields import (
    Chips,
    ChipValue,
    PlayerIdText,
    ReasonText,
    TableNo,
    TimeMs,
)
from pokerfloor.app.commands._base import _Command

__all__ = ["CorrectBust", "CorrectHand", "CorrectRebuy", "UndoBust"]


class CorrectBust(_Command, frozen=True, tag="correct_bust"):
    """A player wrongly recorded as busted goes back to their seat with ``stack``."""

    player_id: PlayerIdText
    stack: ChipValue
    reason: ReasonText


class UndoBust(_Command, frozen=True, tag="undo_bust"):
    """Undo a bust recorded by mistake while the table has played no hand since: the players
    go back with the stacks the bust took (a rebuy at that bust is cancelled first)."""

    players: Annotated[tuple[PlayerIdText, ...], msgspec.Meta(min_length=1, max_length=10)]
    reason: ReasonText
    # The console's quick undo: when the bust was recorded (refused after the undo window,
    # tournament/limits.py); left out, the table's next hand alone closes the undo.
    done_at_ms: TimeMs | None = None


class CorrectRebuy(_Command, frozen=True, tag="correct_rebuy"):
    """Cancel the player's last rebuy or add-on."""

    player_id: PlayerIdText
    reason: ReasonText
    # The console's quick undo: when the rebuy was recorded (refused after the undo window).
    done_at_ms: TimeMs | None = None


class CorrectHand(_Command, frozen=True, tag="correct_hand"):
    """The stacks of a table's last reported hand were wrong: ``stacks`` gives the right
    ones for the players named (their total must not change: chips do not appear). Hand 0:
    the chips counted at a table that has reported no hand yet."""

    table_no: TableNo
    hand_no: Annotated[int, msgspec.Meta(ge=0, le=10_000_000)]
    stacks: Annotated[dict[PlayerIdText, Chips], msgspec.Meta(min_length=1, max_length=10)]
    reason: ReasonText
