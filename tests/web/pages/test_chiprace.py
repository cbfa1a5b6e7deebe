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


def counts_form(counts: dict[str, str], table_no: int = 1) -> dict[str, object]:
    """The chip race form of one table: the colour-up and a count typed for each player."""
    return {
        "table_no": str(table_no),
        "removed": "25",
        "next_chip": "100",
        "player": list(counts),
        "odd": list(counts.values()),
    }


def test_a_chip_race_changes_the_stacks_as_its_event_says(venue: Venue) -> None:
    start(venue)
    # Round stacks: nothing in the recorded stacks says who holds chips of 25.
    report_hand(venue, {"p1": 20000, "p2": 20000, "p3": 20000, "p4": 20000})
    counted = {"p1": "3", "p2": "1", "p3": "0", "p4": "0"}
    answer = post(venue, "chip-race", counts_form(counted))
    assert "Chip race à la table 1 : un jeton de 100 pour" in answer
    assert 'id="race-table-1"' in answer and 'hx-swap-oob="true"' in answer
    assert "déjà fait" in answer
    race = venue.service.tournament(TID).events[-1]
    assert isinstance(race, ChipRaced)
    assert dict(race.odd_chips) == {"p1": 3, "p2": 1, "p3": 0, "p4": 0}
    for player_id, stack in race.stacks_after:
        won = race.winners.count(player_id)
        assert stack == 20000 - int(counted[player_id]) * 25 + won * 100
        assert player(venue, player_id)["stack"] == stack
    assert len(race.winners) == 1  # 100 of leftovers make one chip of 100
    clock = venue.service.clock_screen(TID)
    assert clock["total_chips"] == sum(player(venue, f"p{n}")["stack"] for n in range(1, 5))
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
    assert 'refusal-code">(CHIP_RACE_BAD_DENOMINATIONS)<' in answer
    answer = post(venue, "chip-race", {"table_no": "x", "removed": "25", "next_chip": "100"})
    assert "« table » : un nombre entier est attendu." in answer
    answer = post(venue, "chip-race", counts_form({"p1": "2", "p2": "trois"}))
    assert "Les jetons restants de Joueur 2 ne sont pas un nombre de jetons." in answer
    assert event_count(venue) == before


def test_the_chip_race_is_for_the_td_only(venue: Venue) -> None:
    start(venue)
    race = {"table_no": "1", "removed": "25", "next_chip": "100"}
    check_public_is_sent_to_sign_in(venue, ("chip-race",), {"chip-race": race})


def test_the_races_made_are_pushed_live(venue: Venue) -> None:
    start(venue)
    with venue.td.websocket_connect(f"/t/{TID}/live?view=chip-race&lang=en") as socket:
        assert 'id="chip-race-results"' in socket.receive_text()
