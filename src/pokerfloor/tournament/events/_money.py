"""The events of money: rebuys and add-ons, the add-on window opened by hand, payments, refunds,
the prize pool's basis.
"""

from __future__ import annotations

import msgspec

from pokerfloor.tournament.types import PlayerId

__all__ = [
    "AddonWindowOpened",
    "CashRefunded",
    "PaymentRecorded",
    "PlayerRebought",
    "PrizePoolBasisChosen",
]


class PlayerRebought(msgspec.Struct, frozen=True, tag="player_rebought"):
    player_id: PlayerId
    chips: int
    paid_cents: int
    kind: str  # rebuy | addon | double_addon
    at_ms: int
    citations: tuple[str, ...] = ()
    # A rebuy at the bust: the player lost every chip (those still recorded in the stack went
    # to other players of the table, not counted yet) and buys the rebuy's chips at once.
    at_bust: bool = False
    # How it was paid on the spot; "" = not paid yet; None = logs before the cash book (paid).
    payment_method: str | None = None


class AddonWindowOpened(msgspec.Struct, frozen=True, tag="addon_window_opened"):
    """The TD opened the add-on window by hand (a correction of the structure's schedule),
    until the clock leaves the level or break in force (``period``: its timeline position)."""

    period: int
    reason: str
    at_ms: int


class PaymentRecorded(msgspec.Struct, frozen=True, tag="payment_recorded"):
    player_id: PlayerId
    paid: bool
    method: str  # cash, card, transfer... as the desk names it
    at_ms: int
    # Money received (< 0: payments recorded by mistake taken back). None in logs before the
    # cash book: paid means paid in full at that moment.
    amount_cents: int | None = None


class CashRefunded(msgspec.Struct, frozen=True, tag="cash_refunded"):
    """Money given back to a player (an unregistration, a released no-show, a mistake)."""

    player_id: PlayerId
    amount_cents: int
    method: str
    reason: str
    at_ms: int


class PrizePoolBasisChosen(msgspec.Struct, frozen=True, tag="prize_pool_basis_chosen"):
    """The payouts count every entry, rebuy and add-on (``entries``) or only the money
    collected (``money``)."""

    basis: str
    at_ms: int
