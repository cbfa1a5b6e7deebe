"""Money: rebuys and add-ons (and the add-on window opened by hand), payments, refunds, the prize
pool's basis.
"""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec

from pokerfloor.app._command_fields import (
    MethodText,
    PlayerIdText,
    ReasonText,
)
from pokerfloor.app.commands._base import _Command

__all__ = [
    "Addon",
    "Addons",
    "ChoosePrizePoolBasis",
    "OpenAddonWindow",
    "Rebuy",
    "RecordPayment",
    "Refund",
]


class Rebuy(_Command, frozen=True, tag="rebuy"):
    """A rebuy between hands; for a player busted in the table's last hand, the rebuy at the
    bust (back at the seat, the place withdrawn) until the table's next hand is reported.
    ``method``: how it was paid on the spot; "" when not paid yet (the cash book shows it)."""

    player_id: PlayerIdText
    method: MethodText = "cash"


class Addon(_Command, frozen=True, tag="addon"):
    player_id: PlayerIdText
    method: MethodText = "cash"


class Addons(_Command, frozen=True, tag="addons"):
    """Add-ons for several players at once (the break): a refusal for one records none."""

    players: Annotated[tuple[PlayerIdText, ...], msgspec.Meta(min_length=1, max_length=10_000)]
    method: MethodText = "cash"


class OpenAddonWindow(_Command, frozen=True, tag="open_addon_window"):
    """The TD opens the add-on window by hand until the end of the level or break in force
    (a correction of the structure's schedule), with the reason."""

    reason: ReasonText


class RecordPayment(_Command, frozen=True, tag="record_payment"):
    """Money received from a player: ``amount_cents`` (by default what they owe). ``paid``
    false takes back the payments recorded by mistake."""

    player_id: PlayerIdText
    paid: bool
    method: MethodText = ""
    amount_cents: Annotated[int, msgspec.Meta(ge=1, le=100_000_000)] | None = None


class Refund(_Command, frozen=True, tag="refund"):
    """Money given back to a player (by default their credit: paid beyond what they owe)."""

    player_id: PlayerIdText
    reason: ReasonText
    method: MethodText = "cash"
    amount_cents: Annotated[int, msgspec.Meta(ge=1, le=100_000_000)] | None = None


class ChoosePrizePoolBasis(_Command, frozen=True, tag="choose_prize_pool_basis"):
    """The payouts count every entry (``entries``) or only the money collected (``money``)."""

    basis: Literal["entries", "money"]
