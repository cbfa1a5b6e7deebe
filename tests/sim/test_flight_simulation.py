"""Flights and a Day 2 played by bots (issue 33 item 1 of what was left): every flight played
to its stop and stopped by the core, the Day 2 built by the same core as the API's
``day2_of``, played to a winner; the money adds up and every entrant of every flight is
ranked once, those who played two flights included."""

from __future__ import annotations

from collections import Counter

import pytest
from typer.testing import CliRunner

from pokerfloor.cli.main import app
from pokerfloor.sim.flights import FlightsResult, simulate_flights
from pokerfloor.tournament.flights import FlightRules
from pokerfloor.tournament.structure import load_structure


def _check_money_and_ranking(result: FlightsResult) -> None:
    finished = result.day2.finished
    for flight, stop in zip(result.flights, result.stops, strict=True):
        book = flight.cash.book()
        # What the entries were charged, less the house's fee, is the flight's pool.
        assert sum(line.due_cents - line.fee_cents for line in book.lines) == stop.pool_cents
        assert stop.entries == flight.entries
    pool = sum(stop.pool_cents for stop in result.stops)
    assert finished.prize_pool_cents == pool
    assert sum(prize.cents for prize in finished.prizes) == pool
    assert finished.entries == sum(stop.entries for stop in result.stops)
    ranked = Counter(placement.player_id for placement in finished.ranking)
    assert set(ranked) == result.entrants and set(ranked.values()) == {1}
    # Places 1 to N each held once: tied players share the places they cover, one a player.
    groups = Counter(
        placement.places_covered or (placement.place,) for placement in finished.ranking
    )
    assert all(len(covered) == players for covered, players in groups.items())
    places = sorted(place for covered in groups for place in covered)
    assert places == list(range(1, len(result.entrants) + 1))


@pytest.mark.parametrize(
    "rules",
    [
        FlightRules(stop_players=5, carry="best", day1_ranking="players_left"),
        FlightRules(stop_players=4, carry="last", day1_ranking="field_share"),
        FlightRules(stop_after_level=3, carry="first", day1_ranking="tied"),
    ],
)
def test_issue_33_flights_simulated_into_a_day2_conserve_money_and_rank_everyone_once(
    rules: FlightRules,
) -> None:
    result = simulate_flights(48, 3, "tda-2024", load_structure("club-evening"), 5, rules=rules)
    _check_money_and_ranking(result)
    entered = Counter(p for flight in result.flights for p in flight.players)
    assert max(entered.values()) >= 2  # somebody played two flights: ranked once all the same
    day2 = result.day2.tournament
    origin = day2.created.day2
    assert origin is not None and origin.flights == tuple(
        flight.created.tournament_id for flight in result.flights
    )
    through = {s.player_id for stop in result.stops for s in stop.survivors}
    assert set(day2.players) == through  # only the survivors play the Day 2
    # Each flight stopped at its stop, not played on to a winner.
    if rules.stop_players:
        assert all(2 <= stop.players_left <= rules.stop_players for stop in result.stops)
    else:
        assert {stop.level_number for stop in result.stops} == {rules.stop_after_level + 1}


def test_issue_33_simulate_flights_on_the_command_line_prints_the_combined_ranking() -> None:
    outcome = CliRunner().invoke(
        app, ["simulate", "--players", "30", "--flights", "2", "--seed", "2", "--quiet"]
    )
    assert outcome.exit_code == 0, outcome.output
    assert "Day 1A" in outcome.output and "Day 1B" in outcome.output
    assert "Day 2" in outcome.output and "= OK" in outcome.output
