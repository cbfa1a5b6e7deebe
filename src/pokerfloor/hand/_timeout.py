"""The ruling when a player's clock runs out: one function, used by the hand engine's
``Timeout`` and by the tournament's player clock (tournament/_player_clock.py), so the
table's phone, the TD's console and the engine can never rule a timeout differently.

Whether the player faced a bet is the only fact it needs; the profile says what follows
(``clock.expiry_not_facing_bet``: a check or a dead hand; ``clock.expiry_facing_bet``: a dead
hand): tda-2024 R29 and heavenpoker 7.3 check a player who faced no bet, ropta, allinouest
and tda-2010 R20 kill the hand either way.
"""

from __future__ import annotations

from typing import Literal

import msgspec

from pokerfloor.hand._model import Reason, Ruling, ruled
from pokerfloor.rules import RuleProfile

__all__ = ["TimeoutRuling", "timeout_reason", "timeout_ruling"]


class TimeoutRuling(msgspec.Struct, frozen=True):
    """What a timeout comes to: ``ruling.decision`` is ``check`` or ``dead``, with the reason
    and the profile's citations of ``setting``, the setting that decided it."""

    facing_bet: bool
    setting: str
    ruling: Ruling

    @property
    def outcome(self) -> Literal["check", "dead"]:
        return "check" if self.ruling.decision == "check" else "dead"


def timeout_reason(facing_bet: bool, decision: str) -> Reason:
    """The reason of a timeout's ruling, from what it rests on: the tournament's
    ``player_clock_expired`` records the decision and whether a bet was faced."""
    situation = "FACING_BET" if facing_bet else "NO_BET"
    outcome = "CHECKED" if decision == "check" else "DEAD"
    return Reason(f"TIMEOUT_{situation}_{outcome}")


def timeout_ruling(profile: RuleProfile, facing_bet: bool) -> TimeoutRuling:
    """The profile's ruling on a player whose time ran out, facing a bet or not."""
    setting = "clock.expiry_facing_bet" if facing_bet else "clock.expiry_not_facing_bet"
    cite = profile.citations(setting)
    # A check is only possible with nothing to call: a profile cannot check a bet away.
    decision = "check" if profile.enum_value(setting) == "check" and not facing_bet else "dead"
    ruling = ruled(decision, timeout_reason(facing_bet, decision), cite)
    return TimeoutRuling(facing_bet, setting, ruling)
