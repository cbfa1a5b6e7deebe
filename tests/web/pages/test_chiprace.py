"""The chip race assistant, through the test client: the suggested colour-up, a race changing
the stacks as its event says, refusals that change nothing, TD-only access."""

from __future__ import annotations

from pokerfloor.tournament.events import ChipRaced
from tests.web.pages.conftest import Venue
from tests.web.pages.one_table import (
    TID,
    check_public_is_sent_to_sign_in,
    event_count,
    player,
    post,
    report_hand,
    start,
    text,
)


def test_the_chip_race_page_suggests_the_colour_up_of_the_structure(venue: Venue) -> None:
    start(venue)
    page = text(venue.td.get(f"/t/{TID}/chip-race?lang=en"))
    assert "the 25 chips (green) leave; the smallest chip left is 100 (black)" in page
    assert '<option value="25" selected>' in page
    assert '<option value="100" selected>' in page


def test_a_chip_race_changes_the_stacks_as_its_event_says(venue: Venue) -> None:
    start(venue)
    report_hand(venue, {"p1": 19975, "p2": 20025, "p3": 20000, "p4": 20000})
    answer = post(venue, "chip-race", {"table_no": "1", "removed": "25", "next_chip": "100"})
    assert "Chip race à la table 1 : un jeton de 100 pour" in answer
    assert 'id="chip-race-table" hx-swap-oob="true"' in answer and "déjà fait" in answer
    race = venue.service.tournament(TID).events[-1]
    assert isinstance(race, ChipRaced)
    for player_id, stack in race.stacks_after:
        assert player(venue, player_id)["stack"] == stack
        assert stack % 100 == 0
    assert len(race.winners) == 1  # 100 of leftovers make one chip of 100
    page = text(venue.td.get(f"/t/{TID}/chip-race"))
    assert "Chip races effectués" in page
    winner = player(venue, race.winners[0])
    assert winner["name"] in answer
    cards = dict(race.cards)
    assert len(cards["p1"]) == 3 and len(cards["p2"]) == 1  # one card per odd chip of 25
    assert "déjà fait" in page


def test_a_refused_chip_race_shows_why_and_changes_nothing(venue: Venue) -> None:
    start(venue)
    before = event_count(venue)
    answer = post(venue, "chip-race", {"table_no": "1", "removed": "100", "next_chip": "25"})
    assert "Refusé (CHIP_RACE_BAD_DENOMINATIONS)" in answer
    answer = post(venue, "chip-race", {"table_no": "x", "removed": "25", "next_chip": "100"})
    assert "Saisie invalide" in answer
    assert event_count(venue) == before


def test_the_chip_race_is_for_the_td_only(venue: Venue) -> None:
    start(venue)
    race = {"table_no": "1", "removed": "25", "next_chip": "100"}
    check_public_is_sent_to_sign_in(venue, ("chip-race",), {"chip-race": race})


def test_the_races_made_are_pushed_live(venue: Venue) -> None:
    start(venue)
    with venue.td.websocket_connect(f"/t/{TID}/live?view=chip-race&lang=en") as socket:
        assert 'id="chip-race-results"' in socket.receive_text()
