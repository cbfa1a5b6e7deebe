"""The deal panel asks for the stacks it needs: after a bust reported without stacks (its chips
at the table with no known owner), it asks for each player's chips, records them as a
correction of the table's last hand, and goes on to the proposal."""

from __future__ import annotations

from tests.web.pages.conftest import Venue
from tests.web.pages.one_table import event_count, execute, post, report_hand, start
from tests.web.pages.test_deal import panel, text_of

STACKS = {"p1": 40_000, "p2": 25_000, "p3": 15_000, "p4": 10_000, "p5": 10_000}


def five_then_a_bust_without_stacks(venue: Venue) -> None:
    start(venue, players=5)
    report_hand(venue, STACKS)
    execute(venue, type="bust_players", table_no=1, players=["p5"])  # its 10 000 chips unknown


def test_the_panel_asks_for_the_counts_then_shows_the_proposal(venue: Venue) -> None:
    five_then_a_bust_without_stacks(venue)
    shown = text_of(panel(venue))
    assert 'id="deal-count-form"' in shown
    assert "Comptez les jetons de la table 1 avant l'arrangement" in shown
    assert "Les tapis font 100 000 en tout." in shown.replace("\u202f", " ")
    counted = {"p1": "45 000", "p2": "25000", "p3": "20000", "p4": "10000"}
    data = {
        "table_no": "1",
        "hand_no": "1",
        "player": list(counted),
        "stack": list(counted.values()),
    }
    answer = post(venue, "console/deal/stacks", data)
    assert "Tapis enregistrés : la proposition d'arrangement suit." in answer
    shown = text_of(panel(venue))
    assert 'id="deal-count-form"' not in shown and 'id="deal-accept-icm"' in shown


def test_counts_that_do_not_add_up_are_refused_with_the_totals(venue: Venue) -> None:
    five_then_a_bust_without_stacks(venue)
    before = event_count(venue)
    counted = {"p1": "40000", "p2": "25000", "p3": "20000", "p4": "10000"}  # 95 000
    data = {
        "table_no": "1",
        "hand_no": "1",
        "player": list(counted),
        "stack": list(counted.values()),
    }
    answer = post(venue, "console/deal/stacks", data)
    assert "CHIPS_NOT_CONSERVED" in answer and "95\u202f000" in answer
    bad = {**data, "stack": ["trois", "1", "1", "1"]}
    assert "pas « trois »" in post(venue, "console/deal/stacks", bad)
    assert event_count(venue) == before
