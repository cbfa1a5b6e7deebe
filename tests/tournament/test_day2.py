"""A Day 2 built by the core from its stopped flights (``tournament.day2``, issue 33), the one
way the API's ``day2_of`` and the simulator's flights build it: the survivors seated by the
shuffle given with their carried stacks, the clock waiting at the flights' level; flights with
other rules, a flight not stopped, or the Day 2 named as one of its flights are refused."""

from __future__ import annotations

import random

import pytest

from pokerfloor.errors import PokerfloorError
from pokerfloor.tournament.day2 import StoppedFlight, day2_tournament
from tests.tournament.format_helpers import bust_highest, format_structure, started

STOP_AT_2 = "[flight]\nstop_players = 2\n"


def flight(
    tid: str, players: list[str], table: str = STOP_AT_2, stop: bool = True
) -> StoppedFlight:
    tournament = started(tid, format_structure(table), players)
    while len(tournament.in_play()) > 2:
        bust_highest(tournament, 60_000)
    stopped = tournament.flights.stop(120_000) if stop else None
    return StoppedFlight(tid, stopped, tournament.structure, "tda-2024")


def test_issue_33_a_day2_seats_the_survivors_with_their_stacks_by_the_shuffle_given() -> None:
    flights = [flight("d1a", ["a", "b", "c"]), flight("d1b", ["a", "d", "e", "f"])]
    day2 = day2_tournament("day2", flights, 9, 500_000, random.Random(7))
    again = day2_tournament("day2", flights, 9, 500_000, random.Random(7))
    assert day2.events == again.events  # the same shuffle, the same redraw
    carried = {s.player_id: s.stack for f in flights if f.stopped for s in f.stopped.survivors}
    assert {p: day2.players[p].stack for p in day2.players} == carried
    assert day2.structure.entry.buy_in_cents == 0 and day2.structure.flight is None
    assert day2.flights.event_entries() == 7 and set(day2.players) == {
        "a",
        "b",
        "d",
    }  # a: through twice


@pytest.mark.parametrize(
    ("second", "code"),
    [
        (flight("d1b", ["d", "e", "f"], "[flight]\nstop_players = 3\n"), "FLIGHT_RULES_DIFFER"),
        (flight("d1b", ["d", "e", "f"], stop=False), "FLIGHT_NOT_STOPPED"),
        (flight("day2", ["d", "e", "f"]), "FLIGHT_NAMED_TWICE"),
    ],
)
def test_issue_33_a_day2_of_flights_that_do_not_go_together_is_refused(
    second: StoppedFlight, code: str
) -> None:
    with pytest.raises(PokerfloorError) as refused:
        day2_tournament("day2", [flight("d1a", ["a", "b", "c"]), second], 9, 0, random.Random(1))
    assert refused.value.code == code
