"""The clock's jump onto a break (the add-ons and the chip race are taken there), and the clock
stopped at the finish: no level moving once the tournament is over."""

from __future__ import annotations

import pytest

from pokerfloor.errors import PokerfloorError
from pokerfloor.tournament.clock import (
    JumpToLevel,
    LevelJumped,
    ResumeClock,
    StartClock,
    clock_view,
    decide_clock,
    evolve_clock,
    new_clock,
)
from tests.tournament.test_clock import MINUTE_MS, STRUCTURE
from tests.tournament.test_corrections import replayed
from tests.tournament.test_deals import down_to_three, finish, knock_out

MINUTE = 60_000


def test_a_jump_can_land_on_the_break_before_a_level_with_its_full_time() -> None:
    state = new_clock(STRUCTURE)
    for command in (StartClock(0), JumpToLevel(2, 5 * MINUTE_MS, break_before=True)):
        for event in decide_clock(state, command):
            state = evolve_clock(state, event)
    view = clock_view(state, STRUCTURE, 6 * MINUTE_MS)
    assert view.in_break and view.break_ is not None and view.break_.after_level == 2
    assert view.remaining_ms == 9 * MINUTE_MS  # the 10-minute break, 1 minute gone
    assert view.next_level is not None and view.next_level.number == 3
    after = clock_view(state, STRUCTURE, 15 * MINUTE_MS + 1)
    assert not after.in_break and after.level is not None and after.level.number == 3


def test_a_jump_onto_a_break_that_does_not_exist_is_refused_with_the_breaks_there_are() -> None:
    state = evolve_clock(new_clock(STRUCTURE), StartClock(0))
    with pytest.raises(PokerfloorError) as caught:
        decide_clock(state, JumpToLevel(1, MINUTE_MS, break_before=True))
    assert caught.value.code == "CLOCK_NO_BREAK_THERE"
    assert caught.value.params["accepted"] == "3"  # the only break comes before level 3
    assert decide_clock(state, JumpToLevel(1, MINUTE_MS)) == [LevelJumped(1, MINUTE_MS)]


def test_the_clock_stops_at_the_finish_and_stays_there() -> None:
    tournament = down_to_three()
    knock_out(tournament, 20 * MINUTE, "P01", "P02")
    knock_out(tournament, 21 * MINUTE, "P03", "P02")
    at_finish = clock_view(tournament.clock, tournament.structure, 22 * MINUTE)
    finish(tournament, 22 * MINUTE)
    much_later = clock_view(tournament.clock, tournament.structure, 5 * 60 * MINUTE)
    assert not much_later.running
    assert much_later.level_index == at_finish.level_index
    assert much_later.remaining_ms == at_finish.remaining_ms
    with pytest.raises(PokerfloorError) as caught:
        tournament.clock_command(ResumeClock(23 * MINUTE))
    assert caught.value.code == "TOURNAMENT_FINISHED"
    replayed(tournament)
