"""Spectators of a dealt tournament: whether the TD lets them watch, and with what delay.

A spectator sees a table as its stream stood ``delay`` ago: the events recorded at least
``delay_seconds`` before now, and nothing of the last ``delay_hands`` hands (with a delay of 1
hand, the hand being played is hidden and the last one is seen to its end). The view is then
the public one (``views.public_view``): no hole card before it is shown, a mucked hand never.
A delay keeps a spectator from passing on what a player does before the next players act.

Pure: the time comes in with the call; the TD's choice is an event of its own stream
(``spectators_set``, docs/events.md).
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Sequence

import msgspec

from pokerfloor.dealt.events import DealtEvent, HandDealt
from pokerfloor.errors import PokerfloorError

__all__ = [
    "DELAY_LIMITS",
    "SpectatorPolicy",
    "SpectatorsSet",
    "check_policy",
    "delayed_events",
]

# The delays a TD may set: up to an hour, or up to 20 hands.
DELAY_LIMITS = {"delay_seconds": (0, 3_600), "delay_hands": (0, 20)}


class SpectatorPolicy(msgspec.Struct, frozen=True):
    """``allowed``: spectators may watch the tables; the delay in seconds and in hands (both
    apply when both are set). Spectators are not allowed until the TD says so."""

    allowed: bool = False
    delay_seconds: int = 0
    delay_hands: int = 0


class SpectatorsSet(msgspec.Struct, frozen=True, tag="spectators_set"):
    """The TD allowed or forbade spectators, with the delay they watch with."""

    policy: SpectatorPolicy
    at_ms: int


def check_policy(policy: SpectatorPolicy) -> SpectatorPolicy:
    """Each delay within its bounds (``BAD_SPECTATOR_DELAY`` names the field and the bounds)."""
    for field, (low, high) in DELAY_LIMITS.items():
        value = getattr(policy, field)
        if not low <= value <= high:
            raise PokerfloorError(
                "BAD_SPECTATOR_DELAY",
                {"field": field, "minimum": low, "maximum": high, "value": value},
            )
    return policy


def delayed_events(
    events: Sequence[DealtEvent], now_ms: int, policy: SpectatorPolicy
) -> Sequence[DealtEvent]:
    """The table's stream as a spectator may see it now: the events recorded at least
    ``delay_seconds`` ago (a stream is in time order), and none from the deal of the last
    ``delay_hands`` hands on."""
    end = len(events)
    if policy.delay_seconds > 0:
        cutoff = now_ms - policy.delay_seconds * 1000
        end = bisect_right(events, cutoff, hi=end, key=_at_ms)
    if policy.delay_hands > 0:
        deals = [index for index in range(end) if isinstance(events[index], HandDealt)]
        if deals:
            # The last ``delay_hands`` deals (the hand in progress counts) and what follows
            # them are hidden.
            hidden = deals[-policy.delay_hands :]
            end = min(end, hidden[0])
    return events[:end]


def _at_ms(event: DealtEvent) -> int:
    return event.at_ms
