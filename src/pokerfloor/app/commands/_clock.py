"""The tournament clock's commands: start, pause, resume, adjust, jump to a level."""

from __future__ import annotations

from typing import Annotated

import msgspec

from pokerfloor.app._command_fields import (
    DeltaMs,
)
from pokerfloor.app.commands._base import _Command
from pokerfloor.tournament.limits import MAX_LEVELS

__all__ = ["AdjustClock", "JumpToLevel", "PauseClock", "ResumeClock", "StartClock"]


class StartClock(_Command, frozen=True, tag="start_clock"):
    pass


class PauseClock(_Command, frozen=True, tag="pause_clock"):
    pass


class ResumeClock(_Command, frozen=True, tag="resume_clock"):
    pass


class AdjustClock(_Command, frozen=True, tag="adjust_clock"):
    """Add (> 0) or take off (< 0) time on the current level or break."""

    delta_ms: DeltaMs


class JumpToLevel(_Command, frozen=True, tag="jump_to_level"):
    """Go to a level with its full time; ``break_before``: to the break just before it."""

    level_index: Annotated[int, msgspec.Meta(ge=0, le=MAX_LEVELS - 1)]  # 0-based
    break_before: bool = False
