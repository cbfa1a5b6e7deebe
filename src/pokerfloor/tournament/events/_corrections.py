"""The events of the desk's corrections: a bust corrected or undone, a rebuy cancelled, a hand
corrected.
"""

from __future__ import annotations

import msgspec

from pokerfloor.tournament.types import PlayerId

__all__ = ["BustCorrected", "BustUndone", "HandCorrected", "RebuyCorrected"]


class BustCorrected(msgspec.Struct, frozen=True, tag="bust_corrected"):
    """A player wrongly recorded as busted is back at their seat with ``stack``; their last
    placement leaves the ranking history (the places recorded since move down by one)."""

    player_id: PlayerId
    table_no: int
    seat_no: int
    stack: int
    reason: str
    at_ms: int


class BustUndone(msgspec.Struct, frozen=True, tag="bust_undone"):
    """A bust recorded by mistake and undone at once (the console's "undo"): the player is
    back at the seat with the stack they had, taken back from the table's chips of unknown
    owner. A rebuy at that bust is cancelled first by a ``rebuy_corrected``."""

    player_id: PlayerId
    table_no: int
    seat_no: int
    stack: int
    reason: str
    at_ms: int


class RebuyCorrected(msgspec.Struct, frozen=True, tag="rebuy_corrected"):
    """The player's last rebuy or add-on is cancelled: its chips leave the stack, the counts
    and the prize pool go down."""

    player_id: PlayerId
    kind: str  # rebuy | addon
    chips: int
    paid_cents: int
    reason: str
    at_ms: int


class HandCorrected(msgspec.Struct, frozen=True, tag="hand_corrected"):
    """The stacks of a table's last reported hand, corrected (the total is unchanged)."""

    table_no: int
    hand_no: int
    stacks_before: tuple[tuple[PlayerId, int], ...]
    stacks_after: tuple[tuple[PlayerId, int], ...]
    reason: str
    at_ms: int
