"""The clock's commands and events: what the TD asks of the clock and what it records, with
their stable tags (the event log's names, docs/events.md). Kept apart from clock.py, which
decides and folds them; clock.py re-exports every name here.
"""

from __future__ import annotations

import msgspec

from pokerfloor.errors import PokerfloorError
from pokerfloor.rules import RuleProfile

__all__ = [
    "COMMAND_TYPES",
    "AdjustClock",
    "ClockAdjusted",
    "ClockCommand",
    "ClockEvent",
    "ClockPaused",
    "ClockResumed",
    "ClockStarted",
    "HandForHandHandPlayed",
    "JumpToLevel",
    "LevelJumped",
    "PauseClock",
    "RecordHandForHandHand",
    "ResumeClock",
    "StartClock",
]

_HAND_FOR_HAND_KEY = "hand_for_hand.seconds_off_per_hand"


# ---- commands -----------------------------------------------------------------------------


class StartClock(msgspec.Struct, frozen=True, tag="start_clock"):
    at_ms: int


class PauseClock(msgspec.Struct, frozen=True, tag="pause_clock"):
    at_ms: int


class ResumeClock(msgspec.Struct, frozen=True, tag="resume_clock"):
    at_ms: int


class AdjustClock(msgspec.Struct, frozen=True, tag="adjust_clock"):
    """Add (``delta_ms`` > 0) or take off (< 0) time on the current period. Taking off more
    than is left ends the period now; the next one starts with its full time."""

    delta_ms: int
    at_ms: int


class JumpToLevel(msgspec.Struct, frozen=True, tag="jump_to_level"):
    """Go to a level (0-based index) with its full time, e.g. to restart a level or to resume
    a tournament on day 2. Allowed before the start. ``break_before``: go to the break that
    comes just before that level instead (the add-ons and the chip race are taken there)."""

    level_index: int
    at_ms: int
    break_before: bool = False


class RecordHandForHandHand(msgspec.Struct, frozen=True, tag="record_hand_for_hand_hand"):
    """A hand-for-hand hand was played: take ``seconds_off`` off the level (tda-2024 RP-8).
    Build it from the profile with ``RecordHandForHandHand.per_profile(profile, at_ms)``."""

    seconds_off: int
    at_ms: int
    citations: tuple[str, ...] = ()

    @classmethod
    def per_profile(cls, profile: RuleProfile, at_ms: int) -> RecordHandForHandHand:
        seconds = profile.value(_HAND_FOR_HAND_KEY)
        if not isinstance(seconds, int) or isinstance(seconds, bool):  # pragma: no cover
            raise PokerfloorError("PROFILE_BAD_VALUE", {"key": _HAND_FOR_HAND_KEY})
        return cls(
            seconds_off=seconds, at_ms=at_ms, citations=profile.citations(_HAND_FOR_HAND_KEY)
        )


ClockCommand = (
    StartClock | PauseClock | ResumeClock | AdjustClock | JumpToLevel | RecordHandForHandHand
)

COMMAND_TYPES = (
    StartClock,
    PauseClock,
    ResumeClock,
    AdjustClock,
    JumpToLevel,
    RecordHandForHandHand,
)


# ---- events -------------------------------------------------------------------------------


class ClockStarted(msgspec.Struct, frozen=True, tag="clock_started"):
    at_ms: int


class ClockPaused(msgspec.Struct, frozen=True, tag="clock_paused"):
    at_ms: int


class ClockResumed(msgspec.Struct, frozen=True, tag="clock_resumed"):
    at_ms: int


class ClockAdjusted(msgspec.Struct, frozen=True, tag="clock_adjusted"):
    """Time added to (or taken off) the period that was on at ``at_ms``."""

    delta_ms: int
    at_ms: int


class LevelJumped(msgspec.Struct, frozen=True, tag="level_jumped", omit_defaults=True):
    """The clock went to a level, or to the break before it (``break_before``; left out of
    the stored event when false, so a jump to a level reads as it always did)."""

    level_index: int
    at_ms: int
    break_before: bool = False


class HandForHandHandPlayed(msgspec.Struct, frozen=True, tag="hand_for_hand_hand_played"):
    seconds_off: int
    at_ms: int
    citations: tuple[str, ...] = ()


ClockEvent = (
    ClockStarted | ClockPaused | ClockResumed | ClockAdjusted | LevelJumped | HandForHandHandPlayed
)
