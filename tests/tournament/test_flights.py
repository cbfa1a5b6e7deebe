"""Flights and a Day 2 (issue 33 item 3): a flight stops at its players or at the end of its
level (refused before), the survivors' stacks carried (best, first or last when a player
survives two flights), the Day 2's entries and pool the flights' sums, its players the
survivors only, and its ranking covering every entrant of every flight (Day 1 places by the
rule chosen)."""

from __future__ import annotations

import random

import msgspec
import pytest

from pokerfloor.errors import PokerfloorError
from pokerfloor.tournament.flights import (
    FlightBust,
    FlightRules,
    FlightStopped,
    FlightSurvivor,
    plan_day2,
)
from pokerfloor.tournament.state import Tournament
from pokerfloor.tournament.structure import EntryRules, dump_structure, load_structure
from tests.tournament.format_helpers import bust_highest, format_structure, started


def flight(tid: str, players: list[str], table: str = "[flight]\nstop_players = 3\n") -> Tournament:
    return started(tid, format_structure(table), players)


def stopped(at: int, players: int, field: int, survivors: dict[str, int],
            busts: dict[str, int]) -> FlightStopped:  # fmt: skip
    return FlightStopped(
        at, 3, len(survivors),
        tuple(FlightSurvivor(p, p, s) for p, s in survivors.items()),
        tuple(FlightBust(p, p, place) for p, place in busts.items()),
        players, field, players * 1000,
    )  # fmt: skip


def test_flight_settings_round_trip_and_a_flight_must_stop_one_way() -> None:
    structure = format_structure('[flight]\nstop_after_level = 4\ncarry = "last"\n')
    assert load_structure(dump_structure(structure)) == structure
    with pytest.raises(PokerfloorError) as refused:
        format_structure('[flight]\ncarry = "best"\n')
    assert refused.value.code == "FLIGHT_NO_STOP"


def test_a_flight_stops_at_its_players_not_before_and_no_hand_after() -> None:
    tournament = flight("d1a", [f"P{n}" for n in range(1, 7)])
    with pytest.raises(PokerfloorError) as refused:
        tournament.flights.stop(1000)
    assert refused.value.code == "FLIGHT_NOT_OVER"
    for at in range(3):
        bust_highest(tournament, 2000 + at)
    event = tournament.flights.stop(5000)
    assert [s.player_id for s in event.survivors] == ["P1", "P2", "P3"]
    assert [(b.player_id, b.place) for b in event.busts] == [("P4", 4), ("P5", 5), ("P6", 6)]
    with pytest.raises(PokerfloorError) as again:
        tournament.hands.plan(1, 6000)
    assert again.value.code == "FLIGHT_STOPPED"
    restored = Tournament.from_snapshot(tournament.to_snapshot())
    assert restored.flights.stopped == event


def test_a_flight_stops_at_the_end_of_its_level() -> None:
    tournament = flight("d1a", [f"P{n}" for n in range(1, 7)], "[flight]\nstop_after_level = 1\n")
    minutes = tournament.structure.levels[0].minutes
    with pytest.raises(PokerfloorError):
        tournament.flights.stop(minutes * 60_000 - 1)
    assert tournament.flights.stop(minutes * 60_000 + 1).players_left == 6


def test_counted_stacks_must_name_every_survivor_with_the_same_total() -> None:
    tournament = flight("d1a", [f"P{n}" for n in range(1, 5)])
    bust_highest(tournament, 1000)
    with pytest.raises(PokerfloorError) as refused:
        tournament.flights.stop(2000, {"P1": 50_000, "P2": 50_000, "P3": 50_001})
    assert refused.value.code == "FLIGHT_COUNT_TOTAL"
    event = tournament.flights.stop(2000, {"P1": 70_000, "P2": 30_000, "P3": 50_000})
    assert {s.player_id: s.stack for s in event.survivors}["P1"] == 70_000


@pytest.mark.parametrize(("carry", "stack"), [("best", 9000), ("first", 4000), ("last", 9000)])
def test_a_player_who_survives_two_flights_carries_the_stack_by_the_rule(
    carry: str, stack: int
) -> None:
    first = stopped(1, 4, 4, {"A": 4000, "B": 6000}, {"C": 3, "D": 4})
    second = stopped(2, 4, 4, {"A": 9000, "E": 5000}, {"F": 3, "G": 4})
    origin = plan_day2(["1a", "1b"], [first, second], FlightRules(3, carry=carry))
    assert {s.player_id: s.stack for s in origin.carried}["A"] == stack
    assert (origin.entries, origin.pool_cents) == (8, 8000)


def test_day1_players_ranked_by_players_left_and_a_player_out_twice_keeps_the_better() -> None:
    first = stopped(1, 6, 6, {"A": 1, "B": 1}, {"C": 3, "D": 4, "E": 5, "F": 6})
    second = stopped(2, 4, 4, {"G": 1, "H": 1}, {"E": 3, "I": 4})
    origin = plan_day2(["1a", "1b"], [first, second], FlightRules(2))
    places = {p.player_id: (p.place, p.places_covered) for p in origin.day1}
    assert set(places) == {"C", "D", "E", "F", "I"}  # E once, with the better
    assert places["C"] == places["E"] == (5, (5, 6))
    assert places["D"] == places["I"] == (7, (7, 8))
    assert places["F"] == (9, (9,))


def test_day1_ranking_by_share_of_the_field_and_tied() -> None:
    big = stopped(1, 10, 10, {"A": 1}, {"B": 3})  # out at 3 of 10
    small = stopped(2, 4, 4, {"C": 1}, {"D": 2})  # out at 2 of 4
    share = plan_day2(["1a", "1b"], [big, small], FlightRules(2, day1_ranking="field_share"))
    assert [p.player_id for p in share.day1] == ["B", "D"]
    tied = plan_day2(["1a", "1b"], [big, small], FlightRules(2, day1_ranking="tied"))
    assert {p.places_covered for p in tied.day1} == {(3, 4)}


def test_a_day2_plays_the_survivors_only_and_ranks_every_entrant() -> None:
    stops = []
    for tid, players in (("1a", ["P1", "P2", "P3", "P4", "P5"]), ("1b", ["P4", "P6", "P7", "P8"])):
        tournament = flight(tid, players, "[flight]\nstop_players = 2\n")
        while len(tournament.in_play()) > 2:
            bust_highest(tournament, 1000 + len(tournament.in_play()))
        first, second = sorted(p.player_id for p in tournament.in_play())
        total = sum(p.stack for p in tournament.in_play())
        stops.append(tournament.flights.stop(9000, {first: total - 1000, second: 1000}))
    structure = format_structure("")
    origin = plan_day2(["1a", "1b"], stops, FlightRules(2))
    entry = EntryRules(starting_stack=structure.entry.starting_stack)
    day2 = Tournament.create("d2", "tda-2024", msgspec.structs.replace(structure, entry=entry),
                             day2=origin)  # fmt: skip
    for survivor in origin.carried:
        day2.register(survivor.player_id, survivor.name, 0)
    with pytest.raises(PokerfloorError) as refused:
        day2.register("P8", "P8", 0)
    assert refused.value.code == "FLIGHT_NOT_A_SURVIVOR"
    assert day2.prize_pool().total_cents == sum(stop.pool_cents for stop in stops)
    assert day2.chips_in_play == sum(s.stack for s in origin.carried)
    assert {p.player_id: p.stack for p in day2.players.values()} == {
        s.player_id: s.stack for s in origin.carried
    }
    assert {s.stack for s in origin.carried} == {1000, 99_000}
    day2.draw_seats(random.Random(1))
    day2.place_buttons(random.Random(1))
    while len(day2.in_play()) > 1:
        bust_highest(day2, 20_000 + len(day2.in_play()))
    finished = day2.finish(30_000)
    assert finished.entries == 9
    assert {p.player_id for p in finished.ranking} == {f"P{n}" for n in range(1, 9)}
    assert sum(prize.cents for prize in finished.prizes) == finished.prize_pool_cents


def test_issue_33_the_console_says_when_a_flight_reached_its_stop_and_not_before() -> None:
    tournament = flight("d1a", [f"P{n}" for n in range(1, 7)])
    assert [h.kind for h in tournament.console_hints(1000)] == []
    for at in range(3):
        bust_highest(tournament, 2000 + at)
    (hint,) = [h for h in tournament.console_hints(5000) if h.kind == "flight_stop"]
    assert hint.players == 3 and hint.citations == ("house flights",)
    tournament.flights.stop(5000)
    assert "flight_stop" not in [h.kind for h in tournament.console_hints(6000)]
