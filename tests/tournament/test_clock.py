"""The tournament clock: derived from absolute times, no tick events.

New level from the next hand: tda-2024 R23, tda-2010 R18, ropta 3.2, allinouest §Les blinds,
heavenpoker 10.1-10.2. Hand-for-hand: tda-2024 RP-8 and ropta-2025 (2 minutes off per hand).
"""

from __future__ import annotations

import itertools
import random
import typing

import msgspec
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokerfloor.errors import PokerfloorError
from pokerfloor.rules import load_profile
from pokerfloor.tournament.clock import (
    AdjustClock,
    ClockCommand,
    ClockEvent,
    ClockState,
    HandForHandHandPlayed,
    JumpToLevel,
    PauseClock,
    RecordHandForHandHand,
    ResumeClock,
    StartClock,
    clock_view,
    decide_clock,
    evolve_clock,
    fold_clock,
    level_at,
    new_clock,
    timeline,
)
from pokerfloor.tournament.structure import Break, ChipDenomination, EntryRules, Level, Structure

SECOND_MS = 1000
MINUTE_MS = 60_000

STRUCTURE = Structure(
    name="four levels",
    chips=(ChipDenomination(25, "vert", "green"), ChipDenomination(100, "noir", "black")),
    levels=(
        Level(1, 25, 50, minutes=20),
        Level(2, 50, 100, minutes=20),
        Level(3, 100, 200, minutes=30),
        Level(4, 200, 400, minutes=30),
    ),
    breaks=(Break(after_level=2, minutes=10, colour_up=(25,)),),
    entry=EntryRules(starting_stack=10_000),
)
# The timeline: level 1 [0, 20), level 2 [20, 40), break [40, 50), level 3 [50, 80), level 4.


def play(*commands: ClockCommand, structure: Structure = STRUCTURE) -> ClockState:
    state = new_clock(structure)
    for command in commands:
        for event in decide_clock(state, command):
            state = evolve_clock(state, event)
    return state


def events_of(*commands: ClockCommand, structure: Structure = STRUCTURE) -> list[ClockEvent]:
    state = new_clock(structure)
    log: list[ClockEvent] = []
    for command in commands:
        for event in decide_clock(state, command):
            state = evolve_clock(state, event)
            log.append(event)
    return log


def refusal(state: ClockState, command: ClockCommand) -> PokerfloorError:
    before = msgspec.json.encode(state)
    with pytest.raises(PokerfloorError) as caught:
        decide_clock(state, command)
    assert msgspec.json.encode(state) == before  # a refusal changes nothing
    return caught.value


def minutes(value: float) -> int:
    return int(value * MINUTE_MS)


# ---- the view -----------------------------------------------------------------------------


def test_a_clock_that_has_not_started_shows_level_1_with_its_full_time() -> None:
    view = clock_view(new_clock(STRUCTURE), STRUCTURE, minutes(90))
    assert view.level == STRUCTURE.levels[0]
    assert (view.level_index, view.running, view.started) == (0, False, False)
    assert view.remaining_ms == minutes(20)
    assert view.elapsed_ms == 0
    assert view.next_level == STRUCTURE.levels[1]
    assert view.next_break_in_ms == minutes(40)
    assert view.played_ms == 0


def test_a_running_clock_derives_the_level_from_the_time() -> None:
    state = play(StartClock(at_ms=minutes(0)))
    view = clock_view(state, STRUCTURE, minutes(25))
    assert view.level_index == 1
    assert view.level == STRUCTURE.levels[1]
    assert view.remaining_ms == minutes(15)
    assert view.elapsed_ms == minutes(5)
    assert view.ends_at_ms == minutes(40)
    assert view.next_break_in_ms == minutes(15)
    assert view.played_ms == minutes(25)


def test_a_break_is_a_period_of_its_own_between_two_levels() -> None:
    state = play(StartClock(at_ms=0))
    view = clock_view(state, STRUCTURE, minutes(43))
    assert view.in_break
    assert view.level is None
    assert view.break_ == STRUCTURE.breaks[0]
    assert view.remaining_ms == minutes(7)
    assert view.level_index == 2  # the level played after the break
    assert view.next_level == STRUCTURE.levels[2]
    assert view.next_break_in_ms is None
    after = clock_view(state, STRUCTURE, minutes(50))
    assert (after.in_break, after.level) == (False, STRUCTURE.levels[2])
    assert after.remaining_ms == minutes(30)


def test_a_break_of_0_minutes_is_a_colour_up_that_takes_no_time() -> None:
    structure = msgspec.structs.replace(STRUCTURE, breaks=(Break(2, 0, (25,)),))
    assert [period.kind for period in timeline(structure)] == ["level"] * 4
    state = play(StartClock(at_ms=0), structure=structure)
    assert clock_view(state, structure, minutes(40)).level == structure.levels[2]


def test_the_last_level_goes_on_with_nothing_left() -> None:
    state = play(StartClock(at_ms=0))
    view = clock_view(state, STRUCTURE, minutes(200))
    assert view.level == STRUCTURE.levels[3]
    assert view.remaining_ms == 0
    assert view.elapsed_ms == minutes(200 - 80)
    assert view.next_level is None


def test_a_view_at_a_time_before_the_last_event_reads_as_the_last_event() -> None:
    state = play(StartClock(at_ms=0), PauseClock(at_ms=minutes(30)))
    assert clock_view(state, STRUCTURE, minutes(10)) == clock_view(state, STRUCTURE, minutes(30))


def test_a_view_with_another_structure_is_refused() -> None:
    state = play(StartClock(at_ms=0))
    other = msgspec.structs.replace(STRUCTURE, breaks=())
    with pytest.raises(PokerfloorError) as caught:
        clock_view(state, other, 0)
    assert caught.value.code == "CLOCK_STRUCTURE_MISMATCH"


# ---- which level applies to a hand --------------------------------------------------------


def test_tda_2024_r23_new_level_applies_from_the_next_hand() -> None:
    # A hand that began (first riffle) a second before the end of level 1 is played at level 1
    # to the end, though the clock shows level 2 by then; the next hand is at level 2.
    state = play(StartClock(at_ms=0))
    hand_began = minutes(20) - SECOND_MS
    assert clock_view(state, STRUCTURE, minutes(22)).level == STRUCTURE.levels[1]
    assert level_at(state, STRUCTURE, hand_began) == STRUCTURE.levels[0]
    assert level_at(state, STRUCTURE, minutes(22)) == STRUCTURE.levels[1]


def test_a_hand_that_begins_exactly_when_the_level_ends_is_at_the_new_level() -> None:
    state = play(StartClock(at_ms=0))
    assert level_at(state, STRUCTURE, minutes(20)) == STRUCTURE.levels[1]


@pytest.mark.parametrize(
    ("profile_id", "expected_level"),
    [("tda-2024", 2), ("tda-2010", 2), ("allinouest", 2), ("heavenpoker", 2), ("ropta", 1)],
)
def test_when_a_hand_begins_is_read_from_the_profile_by_the_caller(
    profile_id: str, expected_level: int
) -> None:
    # The previous pot was awarded 30 s before the end of level 1; the cards were shuffled and
    # riffled 30 s after it. ROPTA 3.2: the hand began with the pot awarded, so it is played at
    # level 1; TDA R23 (first riffle), allinouest and heavenpoker 4.5 (shuffle): at level 2.
    moments = {
        "previous_pot_awarded": minutes(20) - 30 * SECOND_MS,
        "shuffle": minutes(20) + 30 * SECOND_MS,
        "first_riffle": minutes(20) + 30 * SECOND_MS,
    }
    began = moments[str(load_profile(profile_id).value("hand.begins_at"))]
    state = play(StartClock(at_ms=0))
    assert level_at(state, STRUCTURE, began).number == expected_level


def test_a_hand_that_begins_during_a_break_is_played_at_the_level_after_it() -> None:
    state = play(StartClock(at_ms=0))
    assert level_at(state, STRUCTURE, minutes(45)) == STRUCTURE.levels[2]


def test_a_hand_that_began_before_later_clock_events_keeps_its_level() -> None:
    # The hand began at level 1; the TD then paused and jumped: the history still answers.
    state = play(
        StartClock(at_ms=0),
        PauseClock(at_ms=minutes(25)),
        JumpToLevel(level_index=3, at_ms=minutes(26)),
        ResumeClock(at_ms=minutes(30)),
    )
    assert level_at(state, STRUCTURE, minutes(19)) == STRUCTURE.levels[0]
    assert level_at(state, STRUCTURE, minutes(21)) == STRUCTURE.levels[1]
    assert level_at(state, STRUCTURE, minutes(27)) == STRUCTURE.levels[3]
    assert level_at(state, STRUCTURE, minutes(500)) == STRUCTURE.levels[3]


def test_a_hand_before_the_start_is_at_the_first_level() -> None:
    assert level_at(new_clock(STRUCTURE), STRUCTURE, 0) == STRUCTURE.levels[0]
    state = play(StartClock(at_ms=minutes(10)), PauseClock(at_ms=minutes(40)))
    assert level_at(state, STRUCTURE, minutes(5)) == STRUCTURE.levels[0]


# ---- pause, resume, adjust, jump ----------------------------------------------------------


def test_a_pause_stops_the_level_time_and_a_resume_continues_it() -> None:
    state = play(StartClock(at_ms=0), PauseClock(at_ms=minutes(5)))
    paused = clock_view(state, STRUCTURE, minutes(50))
    assert (paused.running, paused.remaining_ms, paused.level_index) == (False, minutes(15), 0)
    assert paused.ends_at_ms is None
    assert paused.played_ms == minutes(5)
    state = play(StartClock(at_ms=0), PauseClock(at_ms=minutes(5)), ResumeClock(at_ms=minutes(50)))
    resumed = clock_view(state, STRUCTURE, minutes(60))
    assert (resumed.running, resumed.remaining_ms, resumed.level_index) == (True, minutes(5), 0)
    assert resumed.played_ms == minutes(15)


def test_added_time_lengthens_the_current_level_only() -> None:
    state = play(StartClock(at_ms=0), AdjustClock(delta_ms=minutes(3), at_ms=minutes(25)))
    view = clock_view(state, STRUCTURE, minutes(25))
    assert (view.level_index, view.remaining_ms, view.elapsed_ms) == (1, minutes(18), minutes(5))
    assert clock_view(state, STRUCTURE, minutes(43)).in_break
    assert clock_view(state, STRUCTURE, minutes(53)).remaining_ms == minutes(30)


def test_time_taken_off_shortens_the_current_level() -> None:
    state = play(StartClock(at_ms=0), AdjustClock(delta_ms=-minutes(4), at_ms=minutes(5)))
    view = clock_view(state, STRUCTURE, minutes(5))
    assert (view.remaining_ms, view.elapsed_ms) == (minutes(11), minutes(5))
    assert clock_view(state, STRUCTURE, minutes(16)).level_index == 1


def test_taking_off_more_than_is_left_ends_the_level_now_and_the_next_starts_in_full() -> None:
    state = play(StartClock(at_ms=0), AdjustClock(delta_ms=-minutes(60), at_ms=minutes(5)))
    view = clock_view(state, STRUCTURE, minutes(5))
    assert (view.level_index, view.remaining_ms) == (1, minutes(20))
    paused = play(
        StartClock(at_ms=0),
        PauseClock(at_ms=minutes(5)),
        AdjustClock(delta_ms=-minutes(60), at_ms=minutes(6)),
    )
    view = clock_view(paused, STRUCTURE, minutes(6))
    assert (view.level_index, view.remaining_ms, view.running) == (1, minutes(20), False)


def test_time_can_be_adjusted_before_the_start() -> None:
    state = play(AdjustClock(delta_ms=minutes(10), at_ms=0), StartClock(at_ms=minutes(1)))
    assert clock_view(state, STRUCTURE, minutes(1)).remaining_ms == minutes(30)


def test_a_jump_goes_to_a_level_with_its_full_time() -> None:
    state = play(StartClock(at_ms=0), JumpToLevel(level_index=2, at_ms=minutes(7)))
    view = clock_view(state, STRUCTURE, minutes(8))
    assert (view.level, view.remaining_ms) == (STRUCTURE.levels[2], minutes(29))


def test_a_jump_before_the_start_resumes_an_event_at_a_later_level() -> None:
    state = play(JumpToLevel(level_index=3, at_ms=0), StartClock(at_ms=minutes(1)))
    view = clock_view(state, STRUCTURE, minutes(2))
    assert (view.level_index, view.remaining_ms) == (3, minutes(29))


def test_a_jump_to_the_current_level_restarts_it() -> None:
    state = play(StartClock(at_ms=0), JumpToLevel(level_index=0, at_ms=minutes(15)))
    assert clock_view(state, STRUCTURE, minutes(15)).remaining_ms == minutes(20)


# ---- hand-for-hand ------------------------------------------------------------------------


def test_tda_2024_rp_8_each_hand_for_hand_hand_takes_two_minutes_off_the_level() -> None:
    profile = load_profile("tda-2024")
    command = RecordHandForHandHand.per_profile(profile, at_ms=minutes(6))
    assert command.seconds_off == 120
    assert command.citations == ("tda-2024 RP-8",)
    state = play(StartClock(at_ms=0), PauseClock(at_ms=minutes(5)))
    (event,) = decide_clock(state, command)
    assert event == HandForHandHandPlayed(
        seconds_off=120, at_ms=minutes(6), citations=("tda-2024 RP-8",)
    )
    state = evolve_clock(state, event)
    view = clock_view(state, STRUCTURE, minutes(6))
    assert (view.remaining_ms, view.running, view.hand_for_hand_hands) == (minutes(13), False, 1)


def test_ropta_hand_for_hand_using_up_the_level_moves_the_next_hand_to_the_next_level() -> None:
    profile = load_profile("ropta")
    state = play(
        StartClock(at_ms=0),
        PauseClock(at_ms=minutes(19)),
        RecordHandForHandHand.per_profile(profile, at_ms=minutes(21)),
    )
    view = clock_view(state, STRUCTURE, minutes(22))
    assert (view.level_index, view.remaining_ms) == (1, minutes(20))
    assert level_at(state, STRUCTURE, minutes(20)) == STRUCTURE.levels[0]  # the hand just played
    assert level_at(state, STRUCTURE, minutes(22)) == STRUCTURE.levels[1]


def test_hand_for_hand_with_the_clock_running_is_refused() -> None:
    state = play(StartClock(at_ms=0))
    error = refusal(state, RecordHandForHandHand(seconds_off=120, at_ms=minutes(1)))
    assert error.code == "CLOCK_RUNNING_IN_HAND_FOR_HAND"


def test_hand_for_hand_before_the_start_is_refused() -> None:
    error = refusal(new_clock(STRUCTURE), RecordHandForHandHand(seconds_off=120, at_ms=0))
    assert error.code == "CLOCK_NOT_STARTED"


def test_a_hand_for_hand_deduction_beyond_ten_minutes_is_refused() -> None:
    state = play(StartClock(at_ms=0), PauseClock(at_ms=1))
    error = refusal(state, RecordHandForHandHand(seconds_off=601, at_ms=2))
    assert error.code == "CLOCK_BAD_SECONDS_OFF"
    assert error.params["accepted"] == "0..600"


# ---- refused sequences --------------------------------------------------------------------


def test_starting_twice_is_refused() -> None:
    error = refusal(play(StartClock(at_ms=0)), StartClock(at_ms=5))
    assert error.code == "CLOCK_ALREADY_STARTED"


def test_pausing_a_paused_clock_is_refused() -> None:
    error = refusal(play(StartClock(at_ms=0), PauseClock(at_ms=5)), PauseClock(at_ms=6))
    assert error.code == "CLOCK_ALREADY_PAUSED"
    assert error.params["paused_at_ms"] == 5


def test_resuming_a_running_clock_is_refused() -> None:
    assert refusal(play(StartClock(at_ms=0)), ResumeClock(at_ms=5)).code == "CLOCK_ALREADY_RUNNING"


@pytest.mark.parametrize("command", [PauseClock(at_ms=0), ResumeClock(at_ms=0)])
def test_pausing_or_resuming_before_the_start_is_refused(command: ClockCommand) -> None:
    assert refusal(new_clock(STRUCTURE), command).code == "CLOCK_NOT_STARTED"


@pytest.mark.parametrize("level_index", [4, -1, 99])
def test_a_jump_to_a_level_that_does_not_exist_is_refused(level_index: int) -> None:
    error = refusal(play(StartClock(at_ms=0)), JumpToLevel(level_index=level_index, at_ms=1))
    assert error.code == "CLOCK_LEVEL_NOT_FOUND"
    assert error.params["accepted"] == "0..3"


def test_a_command_dated_before_the_last_event_is_refused() -> None:
    state = play(StartClock(at_ms=minutes(10)))
    error = refusal(state, PauseClock(at_ms=minutes(9)))
    assert error.code == "CLOCK_TIME_BEFORE_LAST_EVENT"
    assert error.params == {"at_ms": minutes(9), "last_at_ms": minutes(10)}


def test_a_negative_time_is_refused() -> None:
    assert refusal(new_clock(STRUCTURE), StartClock(at_ms=-1)).code == "CLOCK_BAD_TIME"


@pytest.mark.parametrize("delta_ms", [0, 25 * 60 * MINUTE_MS])
def test_an_adjustment_of_nothing_or_of_more_than_a_day_is_refused(delta_ms: int) -> None:
    error = refusal(play(StartClock(at_ms=0)), AdjustClock(delta_ms=delta_ms, at_ms=1))
    assert error.code == "CLOCK_BAD_ADJUSTMENT"


def test_something_that_is_not_a_clock_command_is_refused() -> None:
    error = refusal(new_clock(STRUCTURE), "start")  # type: ignore[arg-type]
    assert error.code == "CLOCK_UNKNOWN_COMMAND"


# ---- events on the wire -------------------------------------------------------------------


def test_clock_events_travel_as_json_with_stable_snake_case_tags() -> None:
    log = events_of(
        StartClock(at_ms=0),
        PauseClock(at_ms=1),
        AdjustClock(delta_ms=-5, at_ms=2),
        RecordHandForHandHand(seconds_off=120, at_ms=3),
        ResumeClock(at_ms=4),
        JumpToLevel(level_index=1, at_ms=5),
    )
    encoded = [msgspec.json.decode(msgspec.json.encode(event)) for event in log]
    assert [item["type"] for item in encoded] == [
        "clock_started",
        "clock_paused",
        "clock_adjusted",
        "hand_for_hand_hand_played",
        "clock_resumed",
        "level_jumped",
    ]
    assert encoded[2] == {"type": "clock_adjusted", "delta_ms": -5, "at_ms": 2}
    assert encoded[5] == {"type": "level_jumped", "level_index": 1, "at_ms": 5}
    decoded = msgspec.json.decode(msgspec.json.encode(log), type=list[ClockEvent])
    assert decoded == log


def test_replaying_the_event_log_gives_the_same_state() -> None:
    commands = (
        StartClock(at_ms=0),
        AdjustClock(delta_ms=minutes(2), at_ms=minutes(30)),
        PauseClock(at_ms=minutes(61)),
        ResumeClock(at_ms=minutes(70)),
    )
    assert fold_clock(STRUCTURE, events_of(*commands)) == play(*commands)
    state = play(*commands)
    assert msgspec.json.decode(msgspec.json.encode(state), type=ClockState) == state


# ---- properties ---------------------------------------------------------------------------


@settings(max_examples=200, deadline=None)
@given(
    level_index=st.integers(0, 3),
    intervals=st.lists(
        st.tuples(st.integers(1, 5 * MINUTE_MS), st.integers(0, 60 * MINUTE_MS)), max_size=8
    ),
)
def test_pausing_and_resuming_never_changes_the_running_time_to_finish_a_level(
    level_index: int, intervals: list[tuple[int, int]]
) -> None:
    duration = STRUCTURE.levels[level_index].minutes * MINUTE_MS
    state = play(JumpToLevel(level_index=level_index, at_ms=0), StartClock(at_ms=0))
    now = 0
    paused_total = 0
    for run_ms, pause_ms in intervals:
        if now + run_ms >= duration:
            break
        now += run_ms
        for command in (PauseClock(at_ms=now), ResumeClock(at_ms=now + pause_ms)):
            for event in decide_clock(state, command):
                state = evolve_clock(state, event)
        now += pause_ms
        paused_total += pause_ms
    ends = clock_view(state, STRUCTURE, now).ends_at_ms
    assert ends is not None
    assert ends - paused_total == duration
    assert clock_view(state, STRUCTURE, ends - 1).level_index == level_index
    assert clock_view(state, STRUCTURE, ends).level_index != level_index or level_index == 3


def command_strategy() -> st.SearchStrategy[list[tuple[str, int, int]]]:
    kinds = st.sampled_from(["pause", "resume", "adjust", "jump", "hand_for_hand"])
    step = st.tuples(kinds, st.integers(0, 30 * MINUTE_MS), st.integers(-25, 25))
    return st.lists(step, max_size=15)


def build(
    steps: list[tuple[str, int, int]], log: list[ClockEvent] | None = None
) -> list[ClockState]:
    """The states after each accepted command, starting with the clock started at 0; the
    events go to ``log``."""
    log = [] if log is None else log
    log.extend(events_of(StartClock(at_ms=0)))
    state = play(StartClock(at_ms=0))
    states = [state]
    now = 0
    for kind, wait, amount in steps:
        now += wait
        command: ClockCommand
        if kind == "pause":
            command = PauseClock(at_ms=now)
        elif kind == "resume":
            command = ResumeClock(at_ms=now)
        elif kind == "adjust":
            command = AdjustClock(delta_ms=amount * MINUTE_MS or 1, at_ms=now)
        elif kind == "jump":
            command = JumpToLevel(level_index=abs(amount) % 4, at_ms=now)
        else:
            command = RecordHandForHandHand(seconds_off=120, at_ms=now)
        try:
            events = decide_clock(state, command)
        except PokerfloorError:
            continue
        for event in events:
            state = evolve_clock(state, event)
        log.extend(events)
        states.append(state)
    return states


@settings(max_examples=150, deadline=None)
@given(steps=command_strategy(), queries=st.lists(st.integers(0, 400 * MINUTE_MS), max_size=12))
def test_clock_view_is_the_same_whatever_the_order_of_queries(
    steps: list[tuple[str, int, int]], queries: list[int]
) -> None:
    state = build(steps)[-1]
    start = state.last_at_ms or 0
    times = [start + query for query in queries]
    in_order = {time: clock_view(state, STRUCTURE, time) for time in sorted(times)}
    shuffled = list(times)
    random.Random(len(times)).shuffle(shuffled)
    for time in shuffled:
        assert clock_view(state, STRUCTURE, time) == in_order[time]
        assert level_at(state, STRUCTURE, time) == STRUCTURE.levels[in_order[time].level_index]
    # Time only moves the clock forward: played time and periods never go back.
    views = [in_order[time] for time in sorted(in_order)]
    for before, after in itertools.pairwise(views):
        assert after.played_ms >= before.played_ms
        assert after.period_index >= before.period_index


@settings(max_examples=150, deadline=None)
@given(steps=command_strategy(), offsets=st.lists(st.integers(0, 30 * MINUTE_MS), max_size=6))
def test_the_history_answers_for_past_hands_as_the_clock_did_at_the_time(
    steps: list[tuple[str, int, int]], offsets: list[int]
) -> None:
    states = build(steps)
    final = states[-1]
    for current, following in itertools.pairwise(states):
        begin, end = current.last_at_ms or 0, following.last_at_ms or 0
        for offset in offsets:
            at_ms = begin + offset
            if at_ms < end:
                assert level_at(final, STRUCTURE, at_ms) == level_at(current, STRUCTURE, at_ms)


@settings(max_examples=100, deadline=None)
@given(steps=command_strategy())
def test_replaying_the_events_of_any_accepted_sequence_gives_the_same_state(
    steps: list[tuple[str, int, int]],
) -> None:
    log: list[ClockEvent] = []
    states = build(steps, log)
    assert fold_clock(STRUCTURE, log) == states[-1]


def test_every_clock_event_has_its_stable_tag() -> None:
    tags = {kind.__struct_config__.tag for kind in typing.get_args(ClockEvent)}
    assert tags == {
        "clock_started",
        "clock_paused",
        "clock_resumed",
        "clock_adjusted",
        "level_jumped",
        "hand_for_hand_hand_played",
    }
