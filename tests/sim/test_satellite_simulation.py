"""Satellites played by bots to their seats (issue 33 item 2): the simulation stops once the
players left all win a seat (hand-for-hand on the bubble when several tables are left), and
the money adds up: the pool = seats x their value + the remainder's cash or credit."""

from __future__ import annotations

import pytest

from pokerfloor.app.flights import with_formats
from pokerfloor.sim.tournament import simulate
from pokerfloor.tournament.satellites import SatelliteRules
from pokerfloor.tournament.structure import load_structure


@pytest.mark.parametrize(
    ("structure", "rules"),
    [
        ("club-evening", SatelliteRules(7000, "next_place")),
        ("club-rebuy", SatelliteRules(5000, "shared")),
    ],
)
def test_a_satellite_simulation_stops_at_its_seats_and_conserves_money(
    structure: str, rules: SatelliteRules
) -> None:
    result = simulate(30, "tda-2024", with_formats(load_structure(structure), rules, None), 3)
    finished = result.finished
    seats = finished.prize_pool_cents // rules.target_buy_in_cents
    assert sum(award.seat for award in finished.satellite) == seats
    left = len(finished.ranking[0].places_covered)  # the players left share place 1
    assert 2 <= left <= seats  # stopped at the seats, not played on to a winner
    cash = sum(award.cash_cents + award.credit_cents for award in finished.satellite)
    assert seats * rules.target_buy_in_cents + cash == finished.prize_pool_cents
