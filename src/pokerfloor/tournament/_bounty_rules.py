"""The bounty settings of a structure: a knockout tournament ("tournoi bounty") or a
progressive knockout (PKO).

Part of each buy-in puts a bounty on the entrant's head (``cents``); whoever knocks the player
out collects it. In a progressive knockout, ``progressive_percent`` of each bounty collected is
added to the collector's own head instead of paid out (50 in the published PKO rules of
PokerStars and GGPoker); 0 is the fixed bounty. Every amount is a whole number of
``rounding_cents`` (the bounty's unit: 100 pays whole euros). ``last_bounty`` says where the
champion's own bounty goes: paid to the champion as a bounty (``winner``), or added to the
first prize (``first_prize``).

The rulebooks of ../shared/rulebooks say nothing on settling bounties (tda-2024 RP-22 only
asks bounty chips to differ from betting chips); the settlement follows the operators'
published PKO rules, cited as ``pko-rules``.
"""

from __future__ import annotations

from typing import Any

import msgspec

from pokerfloor.errors import PokerfloorError
from pokerfloor.tournament.limits import MAX_CENTS

__all__ = ["LAST_BOUNTY_CHOICES", "BountyRules", "validate_bounty"]

LAST_BOUNTY_CHOICES = ("winner", "first_prize")
# The highest share added to the collector's head: at 100 no bounty would ever be paid.
MAX_PROGRESSIVE_PERCENT = 90


class BountyRules(msgspec.Struct, frozen=True):
    """A structure's bounties (``[bounty]`` in TOML). Money in cents."""

    cents: int
    progressive_percent: int = 0
    rounding_cents: int = 1
    last_bounty: str = "winner"

    @property
    def progressive(self) -> bool:
        return self.progressive_percent > 0


def _refuse(field: str, value: Any, accepted: str, reason: str, **more: Any) -> PokerfloorError:
    return PokerfloorError(
        "STRUCTURE_BAD_VALUE",
        {"field": field, "value": value, "accepted": accepted, "reason": reason, **more},
    )


def _whole(field: str, value: Any, low: int, high: int) -> None:
    if isinstance(value, int) and not isinstance(value, bool) and low <= value <= high:
        return
    raise _refuse(
        field,
        value if isinstance(value, int) else repr(value)[:100],
        f"a whole number from {low} to {high}",
        "out_of_range",
        minimum=low,
        maximum=high,
    )


def validate_bounty(bounty: BountyRules, buy_in_cents: int) -> None:
    """Each field within its range; the bounty a whole number of units and part of the
    buy-in (the rest of the buy-in is the entry's share of the prize pool)."""
    _whole("bounty.rounding_cents", bounty.rounding_cents, 1, MAX_CENTS)
    _whole("bounty.cents", bounty.cents, bounty.rounding_cents, MAX_CENTS)
    if buy_in_cents < bounty.cents:  # a buy-in of 0 cannot fund a bounty
        raise _refuse(
            "bounty.cents",
            bounty.cents,
            f"at most the buy-in, {buy_in_cents} cents",
            "above_buy_in",
            bounty_cents=bounty.cents,
            buy_in_cents=buy_in_cents,
        )
    if bounty.cents % bounty.rounding_cents:
        raise _refuse(
            "bounty.cents",
            bounty.cents,
            f"a multiple of bounty.rounding_cents ({bounty.rounding_cents})",
            "not_a_multiple",
            unit_cents=bounty.rounding_cents,
        )
    _whole("bounty.progressive_percent", bounty.progressive_percent, 0, MAX_PROGRESSIVE_PERCENT)
    if bounty.last_bounty not in LAST_BOUNTY_CHOICES:
        raise _refuse(
            "bounty.last_bounty",
            str(bounty.last_bounty)[:100],
            " or ".join(LAST_BOUNTY_CHOICES),
            "not_a_choice",
        )
