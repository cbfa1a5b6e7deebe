"""The tournament clock in the aggregate and its history: a part of ``Tournament``
(``tournament.clock_history``, _parts.py) holding the clock's state as its events left it and
when it first started, with the clock's commands (decided by clock.py), the questions asked of
it (the level of a hand, the clock's time) and when the clock entered a period (a break, a
level): what the add-ons' window (``_addons.py``) and a hand reported during a break
(``_hands.py``) ask of it, also as plain functions of a ``ClockState``. clock.py decides and folds
the clock's events; pure like it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, get_args

from pokerfloor.errors import PokerfloorError
from pokerfloor.tournament._parts import Part, applies
from pokerfloor.tournament._structure_model import Level, Structure
from pokerfloor.tournament.clock import (
    ClockCommand,
    ClockEvent,
    ClockState,
    _advance,
    _check_structure,
    clock_time_ms,
    clock_view,
    decide_clock,
    evolve_clock,
)

if TYPE_CHECKING:
    from pokerfloor.tournament.state import Tournament

__all__ = ["CLOCK_EVENTS", "ClockHistory", "break_began_at", "entered_at"]

CLOCK_EVENTS = get_args(ClockEvent)


class ClockHistory(Part):
    """The tournament clock: ``state`` (a ``ClockState``), ``started_at`` (when it first ran;
    None before), its commands and questions; ``tournament.clock_history``."""

    __slots__ = ("started_at", "state")

    def __init__(self, host: Tournament, state: ClockState) -> None:
        super().__init__(host)
        self.state = state
        self.started_at: int | None = None

    def command(self, command: ClockCommand) -> None:
        """Start, pause, resume, adjust, jump a level, or take hand-for-hand time off. The
        clock stopped at the finish stays there."""
        finished = self.host.finished
        if finished is not None:
            raise PokerfloorError("TOURNAMENT_FINISHED", {"finished_at_ms": finished.at_ms})
        for event in decide_clock(self.state, command):
            self.host._record(event)

    def level_at(self, at_ms: int) -> tuple[int, Level | None]:
        """The level (index, level) for a hand starting at ``at_ms``; None during a break."""
        view = clock_view(self.state, self.host.structure, at_ms)
        return view.level_index, None if view.in_break else view.level

    def time(self, at_ms: int) -> int:
        """The tournament clock's time at ``at_ms`` (clock.clock_time_ms)."""
        return clock_time_ms(self.state, self.host.structure, at_ms)

    def entered_at(self, position: int, now_ms: int) -> int | None:
        """When the clock entered the timeline's ``position`` (``entered_at``)."""
        return entered_at(self.state, position, now_ms)

    def break_began_at(self, at_ms: int) -> int | None:
        """When the break ``at_ms`` falls in began (``break_began_at``)."""
        return break_began_at(self.state, self.host.structure, at_ms)

    @applies(*CLOCK_EVENTS)
    def _clock_event(self, event: ClockEvent) -> None:
        self.state = evolve_clock(self.state, event)
        if self.started_at is None and self.state.status != "not_started":
            self.started_at = event.at_ms


def entered_at(state: ClockState, position: int, now_ms: int) -> int | None:
    """When the clock entered the timeline's ``position`` (the last time, after a jump back),
    as of ``now_ms``; None when it has not been entered."""
    if state.last_at_ms is not None:
        now_ms = max(now_ms, state.last_at_ms)
    found: int | None = None
    for entry in _advance(state, now_ms).entered:
        if entry.period == position and entry.at_ms <= now_ms:
            found = entry.at_ms
    return found


def break_began_at(state: ClockState, structure: Structure, at_ms: int) -> int | None:
    """When the break that ``at_ms`` falls in began; None when ``at_ms`` is not in a break."""
    _check_structure(state, structure)
    if state.status == "not_started":
        return None
    current = _advance(state, max(at_ms, state.last_at_ms or at_ms))
    position, began = current.entered[0].period, current.entered[0].at_ms
    for entry in current.entered:
        if entry.at_ms > at_ms:
            break
        position, began = entry.period, entry.at_ms
    return began if current.timeline[position].kind == "break" else None
