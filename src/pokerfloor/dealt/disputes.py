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

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

import msgspec

from pokerfloor.errors import PokerfloorError

if TYPE_CHECKING:
    from pokerfloor.dealt.table import DealtTable

__all__ = [
    "DISPUTE_CITATIONS",
    "MAX_DISPUTE_REASON",
    "DisputeRuled",
    "DisputeSettled",
    "applies_at_once",
    "check_dispute",
    "lapsing",
    "waiting_totals",
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


def applies_at_once(table: DealtTable, table_no: int, hand_no: int, recorded: int) -> bool:
    """Whether a ruling on ``hand_no`` of ``table`` (number ``table_no``) corrects the stacks
    at once (the table between hands, its last hand recorded by the tournament: ``recorded``)
    or waits for the hand in progress to be recorded. Refused on a hand that is neither the
    table's current nor its last one (``DISPUTE_NO_SUCH_HAND``), and on the hand in progress
    while the table plays on: the TD stops the play to decide (tda-2024 R1,
    ``DISPUTE_NEEDS_PAUSE``)."""
    if table.hand_no < 1 or hand_no != table.hand_no:
        raise PokerfloorError(
            "DISPUTE_NO_SUCH_HAND",
            {"table_no": table_no, "hand_no": hand_no, "hands": table.hand_no},
        )
    if table.in_hand and table.paused_at_ms is None:
        raise PokerfloorError(
            "DISPUTE_NEEDS_PAUSE", {"table_no": table_no, "hand_no": table.hand_no}
        )
    return not table.in_hand and recorded == table.played_no


def _waiting(
    disputes: Sequence[DisputeRuled | DisputeSettled], table_no: int, hand_no: int
) -> list[DisputeRuled]:
    """The rulings made during ``hand_no`` of ``table_no`` not settled yet."""
    if any(
        isinstance(e, DisputeSettled) and (e.table_no, e.hand_no) == (table_no, hand_no)
        for e in disputes
    ):
        return []
    return [
        e
        for e in disputes
        if isinstance(e, DisputeRuled)
        and not e.applied
        and (e.table_no, e.hand_no) == (table_no, hand_no)
    ]


def waiting_totals(
    disputes: Sequence[DisputeRuled | DisputeSettled], table_no: int, hand_no: int
) -> tuple[list[DisputeRuled], dict[str, int]]:
    """Once the tournament recorded the hand: the rulings made during it and not settled yet,
    and the chips they move per player, all together (each ruling conserves chips, so their
    sum does). Nothing waiting: ``([], {})``."""
    waiting = _waiting(disputes, table_no, hand_no)
    totals: dict[str, int] = {}
    for ruling in waiting:
        for player, chips in ruling.transfers:
            totals[player] = totals.get(player, 0) + chips
    return waiting, totals


def lapsing(disputes: Sequence[DisputeRuled | DisputeSettled], table_no: int, hand_no: int) -> bool:
    """Whether the hand voided (a misdeal, every chip back: tda-2024 R35) leaves rulings made
    during it to lapse."""
    return bool(_waiting(disputes, table_no, hand_no))
