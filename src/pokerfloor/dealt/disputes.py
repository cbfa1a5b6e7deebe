"""A dispute the TD rules from the dealt tables' console: a correction of a hand's result with
its reason (issue 31 item 8).

The TD names a hand of a table (a finished one, or the one in progress while the table is
paused), the chips to move between players' stacks and why. The ruling is the TD's (tda-2024
R1: floor decisions are final, fairness first; R22: a pot's accounting may be disputed; ropta
1.1 and 1.7: the TD's decision is final, no appeal). It is checked here (pure): chips are only
moved, never created or destroyed, and a reason is given. The application records it in the
tournament's dealt stream (``dispute_ruled``) and corrects the tournament's stacks through the
tournament's own ``correct_hand`` (at once between hands; after the hand is recorded for the
hand in progress: ``dispute_settled``).
"""

from __future__ import annotations

from collections.abc import Mapping

import msgspec

from pokerfloor.errors import PokerfloorError

__all__ = [
    "DISPUTE_CITATIONS",
    "MAX_DISPUTE_REASON",
    "DisputeRuled",
    "DisputeSettled",
    "check_dispute",
]

# tda-2024 R1 (floor decisions, fairness first, final), R22 (disputed hands and pots);
# ropta-2025 1.1 (the TD decides in the interest and fairness of the game), 1.7 (no appeal).
DISPUTE_CITATIONS = ("tda-2024 R1", "tda-2024 R22", "ropta-2025 1.1", "ropta-2025 1.7")
MAX_DISPUTE_REASON = 200


class DisputeRuled(msgspec.Struct, frozen=True, tag="dispute_ruled"):
    """The TD's ruling on a dispute about ``hand_no`` at ``table_no``: ``transfers`` moves
    chips between stacks (``(player_id, chips)``, positive received, negative given; they add
    up to 0), for ``reason``, by ``by``. ``applied``: the stacks were corrected at once (the
    table was between hands); else it waits for the hand in progress to be recorded."""

    table_no: int
    hand_no: int
    transfers: tuple[tuple[str, int], ...]
    reason: str
    by: str
    citations: tuple[str, ...]
    at_ms: int
    applied: bool


class DisputeSettled(msgspec.Struct, frozen=True, tag="dispute_settled"):
    """A ruling made during a hand, applied once the hand was recorded (``applied``), or
    refused then by the tournament (``code``: e.g. a player the hand busted)."""

    table_no: int
    hand_no: int
    applied: bool
    code: str
    at_ms: int


def check_dispute(transfers: Mapping[str, int], reason: str) -> tuple[tuple[str, int], ...]:
    """The transfers, without the zero ones, in player order; refused when no chip moves,
    when they would create or destroy chips, or without a reason."""
    moved = tuple(sorted((player, chips) for player, chips in transfers.items() if chips))
    if not moved:
        raise PokerfloorError("DISPUTE_NOTHING_MOVED")
    total = sum(chips for _player, chips in moved)
    if total:
        raise PokerfloorError(
            "DISPUTE_CHIPS_NOT_CONSERVED",
            {"created": total} if total > 0 else {"destroyed": -total},
        )
    if not " ".join(reason.split()):
        raise PokerfloorError("DISPUTE_NEEDS_REASON")
    return moved
