"""The tournament clock: levels and breaks run against absolute times, with no tick events.

The clock is a pure aggregate. ``decide_clock(state, command)`` returns the events of a valid
command or raises a ``PokerfloorError``; ``evolve_clock(state, event)`` folds an event into a
new state and never reads the time. The state stores absolute times (when the current period
ends while running, what is left of it while paused); which level is on, how long is left and
when the next break comes are derived when asked, by ``clock_view(state, structure, now_ms)``.

The timeline is the structure's levels with its breaks between them: a break is a period of
its own (a break of 0 minutes, a colour-up between two levels, takes no time). When a period
runs out the next one begins at once; the last level goes on with nothing left on it.

Which level applies to a hand: ``level_at(state, structure, at_ms)`` with ``at_ms`` the moment
the hand began. A new level applies from the next hand (tda-2024 R23): a hand that began
before the end of a level is played at that level to the end. When a hand begins is the
caller's business and depends on the profile's ``hand.begins_at``: at the first riffle
(tda-2024 R23), at the shuffle (allinouest, heavenpoker 4.5 and 10.1-10.2), or as soon as
the previous pot is awarded (ropta 3.2).

Hand-for-hand (tda-2024 RP-8, ropta-2025): the clock is paused while the tables play hand by
hand, and each hand takes ``hand_for_hand.seconds_off_per_hand`` (2 minutes) off the level.
"""

from __future__ import annotations

from typing import Literal

import msgspec

from pokerfloor.errors import PokerfloorError
from pokerfloor.tournament._clock_messages import COMMAND_TYPES as _COMMAND_TYPES
from pokerfloor.tournament._clock_messages import AdjustClock as AdjustClock
from pokerfloor.tournament._clock_messages import ClockAdjusted as ClockAdjusted
from pokerfloor.tournament._clock_messages import ClockCommand as ClockCommand
from pokerfloor.tournament._clock_messages import ClockEvent as ClockEvent
from pokerfloor.tournament._clock_messages import ClockPaused as ClockPaused
from pokerfloor.tournament._clock_messages import ClockResumed as ClockResumed
from pokerfloor.tournament._clock_messages import ClockStarted as ClockStarted
from pokerfloor.tournament._clock_messages import HandForHandHandPlayed as HandForHandHandPlayed
from pokerfloor.tournament._clock_messages import JumpToLevel as JumpToLevel
from pokerfloor.tournament._clock_messages import LevelJumped as LevelJumped
from pokerfloor.tournament._clock_messages import PauseClock as PauseClock
from pokerfloor.tournament._clock_messages import RecordHandForHandHand as RecordHandForHandHand
from pokerfloor.tournament._clock_messages import ResumeClock as ResumeClock
from pokerfloor.tournament._clock_messages import StartClock as StartClock
from pokerfloor.tournament._structure_model import Break, Level, Structure
from pokerfloor.tournament._timeline import MINUTE_MS as MINUTE_MS
from pokerfloor.tournament._timeline import Period as Period
from pokerfloor.tournament._timeline import remember
from pokerfloor.tournament._timeline import timeline as timeline

MAX_ADJUSTMENT_MS = 24 * 60 * MINUTE_MS
MAX_SECONDS_OFF = 600

ClockStatus = Literal["not_started", "running", "paused"]


class PeriodEntered(msgspec.Struct, frozen=True):
    """When a period began (position in the timeline): the clock's history, for ``level_at``."""

    period: int
    at_ms: int


class ClockState(msgspec.Struct, frozen=True):
    """The clock, as of its last event.

    ``period`` is the position in ``timeline`` of the period that was on at the last event;
    ``period_ms`` its length, adjustments included. While running, ``ends_at_ms`` is when it
    ends; while paused (or before the start), ``remaining_ms`` is what is left of it.
    """

    timeline: tuple[Period, ...]
    status: ClockStatus = "not_started"
    period: int = 0
    period_ms: int = 0
    ends_at_ms: int = 0
    remaining_ms: int = 0
    started_at_ms: int | None = None
    paused_at_ms: int | None = None
    paused_total_ms: int = 0
    last_at_ms: int | None = None
    hand_for_hand_hands: int = 0
    entered: tuple[PeriodEntered, ...] = ()


class ClockView(msgspec.Struct, frozen=True):
    """What the clock screen shows at a given moment.

    ``level_index`` is the 0-based index of the level that applies to a hand beginning now;
    during a break (``in_break``, ``level`` is ``None``) it is the level that follows the
    break, which is also ``next_level``. ``remaining_ms``/``elapsed_ms`` are those of the
    current period (level or break); ``next_break_in_ms`` is running time until the next break
    begins (``None`` when no break is left); ``played_ms`` is running time since the start.
    """

    level_index: int
    level: Level | None
    in_break: bool
    break_: Break | None
    remaining_ms: int
    elapsed_ms: int
    next_level: Level | None
    next_break_in_ms: int | None
    running: bool
    started: bool
    period_index: int
    ends_at_ms: int | None
    played_ms: int
    hand_for_hand_hands: int


# ---- the timeline -------------------------------------------------------------------------


def new_clock(structure: Structure) -> ClockState:
    """A clock that has not started, on the first level with its full time."""
    periods = timeline(structure)
    first = periods[0].duration_ms
    return ClockState(timeline=periods, period_ms=first, remaining_ms=first)


def fold_clock(structure: Structure, events: list[ClockEvent]) -> ClockState:
    """The state rebuilt from an event log."""
    state = new_clock(structure)
    for event in events:
        state = evolve_clock(state, event)
    return state


def _level_period(state: ClockState, level_index: int) -> int:
    for position, period in enumerate(state.timeline):
        if period.kind == "level" and period.index == level_index:
            return position
    raise _level_not_found(state, level_index)  # pragma: no cover - decide checks first


def _jump_target(state: ClockState, level_index: int, break_before: bool) -> int:
    """The timeline position a jump lands on: the level, or the break just before it."""
    position = _level_period(state, level_index)
    return position - 1 if break_before else position


def _level_count(state: ClockState) -> int:
    return sum(1 for period in state.timeline if period.kind == "level")


# ---- decide -------------------------------------------------------------------------------


def _refuse(code: str, **params: object) -> PokerfloorError:
    return PokerfloorError(code, params)


def _level_not_found(state: ClockState, level_index: object) -> PokerfloorError:
    count = _level_count(state)
    return _refuse(
        "CLOCK_LEVEL_NOT_FOUND",
        level_index=level_index,
        accepted=f"0..{count - 1}",
    )


def _no_break_before(state: ClockState, level_index: int) -> PokerfloorError:
    breaks = [
        str(state.timeline[position + 1].index + 1)
        for position, period in enumerate(state.timeline[:-1])
        if period.kind == "break"
    ]
    return _refuse(
        "CLOCK_NO_BREAK_THERE",
        level_index=level_index,
        level=level_index + 1,
        accepted=", ".join(breaks),
    )


def _check_time(state: ClockState, at_ms: object) -> None:
    if not isinstance(at_ms, int) or isinstance(at_ms, bool) or at_ms < 0:
        raise _refuse(
            "CLOCK_BAD_TIME",
            at_ms=at_ms,
        )
    if state.last_at_ms is not None and at_ms < state.last_at_ms:
        raise _refuse(
            "CLOCK_TIME_BEFORE_LAST_EVENT",
            at_ms=at_ms,
            last_at_ms=state.last_at_ms,
        )


def _check_started(state: ClockState) -> None:
    if state.status == "not_started":
        raise _refuse("CLOCK_NOT_STARTED")


def decide_clock(state: ClockState, command: ClockCommand) -> list[ClockEvent]:
    """The events of a valid command; a refusal raises and changes nothing."""
    if not isinstance(command, _COMMAND_TYPES):
        raise _refuse(
            "CLOCK_UNKNOWN_COMMAND",
            command=type(command).__name__,
        )
    _check_time(state, command.at_ms)
    match command:
        case StartClock(at_ms=at_ms):
            if state.status != "not_started":
                raise _refuse(
                    "CLOCK_ALREADY_STARTED",
                    started_at_ms=state.started_at_ms,
                )
            return [ClockStarted(at_ms=at_ms)]
        case PauseClock(at_ms=at_ms):
            _check_started(state)
            if state.status == "paused":
                raise _refuse(
                    "CLOCK_ALREADY_PAUSED",
                    paused_at_ms=state.paused_at_ms,
                )
            return [ClockPaused(at_ms=at_ms)]
        case ResumeClock(at_ms=at_ms):
            _check_started(state)
            if state.status == "running":
                raise _refuse("CLOCK_ALREADY_RUNNING")
            return [ClockResumed(at_ms=at_ms)]
        case AdjustClock(delta_ms=delta_ms, at_ms=at_ms):
            valid = isinstance(delta_ms, int) and not isinstance(delta_ms, bool)
            if not valid or delta_ms == 0 or abs(delta_ms) > MAX_ADJUSTMENT_MS:
                raise _refuse(
                    "CLOCK_BAD_ADJUSTMENT",
                    delta_ms=delta_ms,
                    accepted=f"-{MAX_ADJUSTMENT_MS}..{MAX_ADJUSTMENT_MS}, not 0",
                )
            return [ClockAdjusted(delta_ms=delta_ms, at_ms=at_ms)]
        case JumpToLevel(level_index=level_index, at_ms=at_ms, break_before=break_before):
            valid = isinstance(level_index, int) and not isinstance(level_index, bool)
            if not valid or not 0 <= level_index < _level_count(state):
                raise _level_not_found(state, level_index)
            if break_before:
                position = _level_period(state, level_index)
                if position == 0 or state.timeline[position - 1].kind != "break":
                    raise _no_break_before(state, level_index)
            return [LevelJumped(level_index, at_ms, break_before)]
        case RecordHandForHandHand(seconds_off=seconds_off, at_ms=at_ms, citations=citations):
            _check_started(state)
            if state.status == "running":
                raise _refuse(
                    "CLOCK_RUNNING_IN_HAND_FOR_HAND",
                    citations=list(citations),
                )
            valid = isinstance(seconds_off, int) and not isinstance(seconds_off, bool)
            if not valid or not 0 <= seconds_off <= MAX_SECONDS_OFF:
                raise _refuse(
                    "CLOCK_BAD_SECONDS_OFF",
                    seconds_off=seconds_off,
                    accepted=f"0..{MAX_SECONDS_OFF}",
                )
            return [
                HandForHandHandPlayed(seconds_off=seconds_off, at_ms=at_ms, citations=citations)
            ]
    raise AssertionError(command)  # pragma: no cover - every command type is matched above


# ---- evolve -------------------------------------------------------------------------------


# The furthest each running state was moved on (by the state object).
_ADVANCED: dict[int, tuple[ClockState, int, ClockState]] = {}


def _advance(state: ClockState, at_ms: int) -> ClockState:
    """The running clock moved on to ``at_ms``: periods that ran out are replaced by the next
    ones (their start recorded), and the last level keeps going with nothing left."""
    if state.status != "running":
        return state
    # Moving on from a later moment of the same state gives the same clock: views through a
    # long tournament start from the furthest one reached, never walking its periods again.
    known = _ADVANCED.get(id(state))
    valid = known is not None and known[0] is state
    start = known[2] if known is not None and valid and known[1] <= at_ms else state
    advanced = _advance_from(start, at_ms)
    if start is not state or not valid:
        remember(_ADVANCED, id(state), (state, at_ms, advanced))
    return advanced


def _advance_from(state: ClockState, at_ms: int) -> ClockState:
    position, period_ms, ends = state.period, state.period_ms, state.ends_at_ms
    last = len(state.timeline) - 1
    entered = list(state.entered)
    while at_ms >= ends and position < last:
        position += 1
        entered.append(PeriodEntered(period=position, at_ms=ends))
        period_ms = state.timeline[position].duration_ms
        ends += period_ms
    if at_ms > ends:  # overtime on the last level: it lasts as long as it is played
        period_ms += at_ms - ends
        ends = at_ms
    if (position, period_ms, ends) == (state.period, state.period_ms, state.ends_at_ms):
        return state
    return msgspec.structs.replace(
        state, period=position, period_ms=period_ms, ends_at_ms=ends, entered=tuple(entered)
    )


def _roll_over(state: ClockState, at_ms: int) -> ClockState:
    """Stopped with nothing left on a period: the next one begins, with its full time."""
    last = len(state.timeline) - 1
    position, remaining, period_ms = state.period, state.remaining_ms, state.period_ms
    entered = list(state.entered)
    while remaining == 0 and position < last:
        position += 1
        remaining = period_ms = state.timeline[position].duration_ms
        if state.status != "not_started":
            entered.append(PeriodEntered(period=position, at_ms=at_ms))
    return msgspec.structs.replace(
        state, period=position, remaining_ms=remaining, period_ms=period_ms, entered=tuple(entered)
    )


def _adjust(state: ClockState, delta_ms: int, at_ms: int) -> ClockState:
    if state.status == "running":
        state = _advance(state, at_ms)
        left = state.ends_at_ms - at_ms
        new_left = max(0, left + delta_ms)
        return msgspec.structs.replace(
            state, period_ms=state.period_ms + new_left - left, ends_at_ms=at_ms + new_left
        )
    new_left = max(0, state.remaining_ms + delta_ms)
    state = msgspec.structs.replace(
        state,
        period_ms=state.period_ms + new_left - state.remaining_ms,
        remaining_ms=new_left,
    )
    return _roll_over(state, at_ms)


def evolve_clock(state: ClockState, event: ClockEvent) -> ClockState:
    """The state after an event. Pure: never reads the time, never refuses."""
    replace = msgspec.structs.replace
    match event:
        case ClockStarted(at_ms=at_ms):
            state = replace(
                state,
                status="running",
                started_at_ms=at_ms,
                ends_at_ms=at_ms + state.remaining_ms,
                entered=(PeriodEntered(period=state.period, at_ms=at_ms),),
            )
        case ClockPaused(at_ms=at_ms):
            state = _advance(state, at_ms)
            state = replace(
                state,
                status="paused",
                paused_at_ms=at_ms,
                remaining_ms=max(0, state.ends_at_ms - at_ms),
            )
        case ClockResumed(at_ms=at_ms):
            paused_for = at_ms - (state.paused_at_ms if state.paused_at_ms is not None else at_ms)
            state = replace(
                state,
                status="running",
                paused_at_ms=None,
                paused_total_ms=state.paused_total_ms + paused_for,
                ends_at_ms=at_ms + state.remaining_ms,
            )
        case ClockAdjusted(delta_ms=delta_ms, at_ms=at_ms):
            state = _adjust(state, delta_ms, at_ms)
        case LevelJumped(level_index=level_index, at_ms=at_ms, break_before=break_before):
            state = _advance(state, at_ms)
            position = _jump_target(state, level_index, break_before)
            duration = state.timeline[position].duration_ms
            entered = state.entered
            if state.status != "not_started":
                entered = (*entered, PeriodEntered(period=position, at_ms=at_ms))
            state = replace(
                state,
                period=position,
                period_ms=duration,
                remaining_ms=duration,
                ends_at_ms=at_ms + duration,
                entered=entered,
            )
        case HandForHandHandPlayed(seconds_off=seconds_off, at_ms=at_ms):
            state = _adjust(state, -1000 * seconds_off, at_ms)
            state = replace(state, hand_for_hand_hands=state.hand_for_hand_hands + 1)
    return replace(state, last_at_ms=event.at_ms)


# ---- views --------------------------------------------------------------------------------


def _check_structure(state: ClockState, structure: Structure) -> None:
    periods = timeline(structure)
    if periods is not state.timeline and periods != state.timeline:
        raise _refuse(
            "CLOCK_STRUCTURE_MISMATCH",
            structure=structure.name,
        )


def _level_index_of(period: Period, structure: Structure) -> int:
    if period.kind == "level":
        return period.index
    # The level after a break: level numbers are 1-based, so its index is the break's level.
    return structure.breaks[period.index].after_level


def clock_view(state: ClockState, structure: Structure, now_ms: int) -> ClockView:
    """The clock at ``now_ms``. A time before the last event reads as the last event's time:
    the state describes the clock from then on."""
    _check_structure(state, structure)
    if state.last_at_ms is not None:
        now_ms = max(now_ms, state.last_at_ms)
    current = _advance(state, now_ms)
    period = current.timeline[current.period]
    running = current.status == "running"
    remaining = current.ends_at_ms - now_ms if running else current.remaining_ms
    level_index = _level_index_of(period, structure)
    in_break = period.kind == "break"
    if in_break:
        next_level: Level | None = structure.levels[level_index]
    else:
        following = level_index + 1
        next_level = structure.levels[following] if following < len(structure.levels) else None
    next_break_in: int | None = None
    ahead = remaining
    for later in current.timeline[current.period + 1 :]:
        if later.kind == "break":
            next_break_in = ahead
            break
        ahead += later.duration_ms
    played = 0
    if current.started_at_ms is not None:
        until = now_ms if running or current.paused_at_ms is None else current.paused_at_ms
        played = until - current.started_at_ms - current.paused_total_ms
    return ClockView(
        level_index=level_index,
        level=None if in_break else structure.levels[level_index],
        in_break=in_break,
        break_=structure.breaks[period.index] if in_break else None,
        remaining_ms=remaining,
        elapsed_ms=current.period_ms - remaining,
        next_level=next_level,
        next_break_in_ms=next_break_in,
        running=running,
        started=current.status != "not_started",
        period_index=current.period,
        ends_at_ms=current.ends_at_ms if running else None,
        played_ms=played,
        hand_for_hand_hands=current.hand_for_hand_hands,
    )


def _period_at(state: ClockState, at_ms: int) -> tuple[int, int | None]:
    """The timeline position of the period that was on at ``at_ms`` (a moment before the
    clock's last event), and when the following period was entered (None: not yet)."""
    position = state.entered[0].period
    following: int | None = None
    for entry in state.entered:
        if entry.at_ms > at_ms:
            following = entry.at_ms
            break
        position = entry.period
    return position, following


def play_resumes_at(state: ClockState, structure: Structure, at_ms: int, now_ms: int) -> int:
    """When play goes on after ``at_ms``: that moment itself during a level, the end of the
    break it falls in otherwise (``now_ms`` at the latest: a break still on has no end yet).

    A hand cannot begin during a break: the one after a hand that ended in a break begins
    when the break is over, at the level after it (tda-2024 R23, heavenpoker 10.1-10.2)."""
    _check_structure(state, structure)
    if state.status == "not_started" or state.last_at_ms is None:
        return at_ms
    if at_ms >= state.last_at_ms:
        view = clock_view(state, structure, at_ms)
        if not view.in_break:
            return at_ms
        ends = at_ms + view.remaining_ms if view.running else now_ms
        return min(ends, now_ms)
    position, following = _period_at(state, at_ms)
    if state.timeline[position].kind != "break":
        return at_ms
    return min(now_ms, following if following is not None else now_ms)


def clock_time_ms(state: ClockState, structure: Structure, at_ms: int) -> int:
    """How far the tournament clock has gone at ``at_ms``: the periods before the current one
    as the structure schedules them, plus what has run of the current one. Pauses do not
    count; a TD's adjustment or level jump does, as on the screen the room reads. Rules that
    speak of "the first hour" of a tournament read it here (heavenpoker 2.6)."""
    view = clock_view(state, structure, at_ms)
    if not view.started:
        return 0
    before = sum(period.duration_ms for period in state.timeline[: view.period_index])
    return before + view.elapsed_ms


def level_at(state: ClockState, structure: Structure, at_ms: int) -> Level:
    """The level that applies to a hand that began at ``at_ms`` (tda-2024 R23: a new level
    applies from the next hand). A hand that begins during a break is played at the level
    after it. Times before the last event are answered from the clock's history."""
    _check_structure(state, structure)
    if state.status == "not_started" or state.last_at_ms is None or at_ms >= state.last_at_ms:
        return structure.levels[clock_view(state, structure, at_ms).level_index]
    position, _ = _period_at(state, at_ms)
    return structure.levels[_level_index_of(state.timeline[position], structure)]
