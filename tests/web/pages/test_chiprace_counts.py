"""The chip race with the real chips, on the pages: the TD's page and the captain's phone list
each seated player with a field for their odd chips of the removed colour, race with the counts
typed, and say why they cannot race without them (tda-2024 R24, heavenpoker 9.24, allinouest
§Le chip race, ropta 4.2)."""

from __future__ import annotations

import re

from pokerfloor.tournament.events import ChipRaced
from pokerfloor.web.pages.common._common import captain_key
from tests.web.pages.conftest import Venue
from tests.web.pages.one_table import TID, event_count, execute, player, post, start, text

MINUTE_MS = 60_000


def counts_form(counts: dict[str, str], table_no: int = 1) -> dict[str, object]:
    return {
        "table_no": str(table_no),
        "removed": "25",
        "next_chip": "100",
        "player": list(counts),
        "odd": list(counts.values()),
    }


def seats_in_form(page: str, table_no: int = 1) -> list[str]:
    """The players of a table's chip race form, in the order the form lists them."""
    form = page.split(f'id="race-table-{table_no}"', 1)[1].split("</form>", 1)[0]
    return re.findall(r'name="player" value="([^"]+)"', form)


def seat_of(venue: Venue, player_id: str) -> int:
    seat: int = player(venue, player_id)["seat_no"]
    return seat


def on_heavenpoker(venue: Venue) -> None:
    execute(venue, type="create_tournament", tournament_id=TID, profile="heavenpoker")
    for number in range(1, 5):
        execute(venue, type="register_player", player_id=f"p{number}", name=f"Joueur {number}")
    execute(venue, type="draw_seats", seed=7)
    execute(venue, type="place_buttons", seed=7)
    execute(venue, type="start_clock")


# ---- the TD's page --------------------------------------------------------------------------


def test_tda_2024_r24_the_page_lists_the_players_from_seat_1_with_a_field_each(
    venue: Venue,
) -> None:
    start(venue)
    page = text(venue.td.get(f"/t/{TID}/chip-race"))
    order = seats_in_form(page)
    assert sorted(order) == ["p1", "p2", "p3", "p4"]
    assert [seat_of(venue, p) for p in order] == sorted(seat_of(venue, p) for p in order)
    assert page.count('name="odd"') == 4
    assert "Distribution à partir du siège 1." in page
    assert "Lancer le chip race" in page
    assert "Jetons restants comptés" in page
    english = text(venue.td.get(f"/t/{TID}/chip-race?lang=en"))
    assert "Dealt from seat 1." in english and ">Race</button>" in english


def test_heavenpoker_9_24_the_page_lists_the_players_from_the_left_of_the_new_dealer(
    venue: Venue,
) -> None:
    on_heavenpoker(venue)
    dealer = venue.service.seating_chart(TID)["tables"][0]["next_hand"]["button_seat"]
    page = text(venue.td.get(f"/t/{TID}/chip-race"))
    assert f"à partir de la gauche du nouveau donneur (siège {dealer})" in page
    seats = [seat_of(venue, p) for p in seats_in_form(page)]
    assert seats[-1] == dealer  # the dealer last
    assert seats == sorted(seats, key=lambda seat: (seat <= dealer, seat))


def test_without_counts_the_page_says_it_cannot_race_and_changes_nothing(venue: Venue) -> None:
    start(venue)
    before = event_count(venue)
    answer = post(venue, "chip-race", counts_form(dict.fromkeys(["p1", "p2", "p3", "p4"], "")))
    assert 'refusal-code">(CHIP_RACE_NEEDS_COUNTS)<' in answer
    assert "Impossible de faire le chip race sans les jetons comptés à la table" in answer
    english = venue.td.post(f"/t/{TID}/chip-race?lang=en", data=counts_form({}))
    assert "Cannot race without the odd chips counted at the table" in text(english)
    assert event_count(venue) == before


def test_each_bad_count_is_refused_with_its_seat_and_numbers(venue: Venue) -> None:
    start(venue, players=4)
    before = event_count(venue)
    seat = {p: seat_of(venue, p) for p in ("p1", "p2", "p3", "p4")}
    answer = post(venue, "chip-race", counts_form({"p1": "1", "p2": "0"}))
    assert 'refusal-code">(CHIP_RACE_MISSING_COUNT)<' in answer
    missing = ", ".join(str(s) for s in sorted((seat["p3"], seat["p4"])))
    assert f"aucun jeton restant saisi pour les sièges {missing}" in answer
    full = {"p1": "4", "p2": "0", "p3": "0", "p4": "0"}
    answer = post(venue, "chip-race", counts_form(full))
    assert 'refusal-code">(CHIP_RACE_FULL_SET)<' in answer
    assert f"Siège {seat['p1']} : 4 jetons de 25 font un jeton de 100" in answer
    assert "au plus 3 passent au chip race" in answer
    assert event_count(venue) == before


def test_a_table_already_raced_off_these_chips_is_not_raced_twice(venue: Venue) -> None:
    start(venue)
    zeros = dict.fromkeys(["p1", "p2", "p3", "p4"], "0")
    assert "personne ne gagne de jeton" in post(venue, "chip-race", counts_form(zeros))
    before = event_count(venue)
    answer = post(venue, "chip-race", counts_form(zeros))
    assert "La table 1 a déjà fait le chip race des jetons de 25." in answer
    assert event_count(venue) == before


def test_names_are_escaped_on_the_chip_race_page(venue: Venue) -> None:
    start(venue, names=("<b>Bob</b>", "Joueur 2", "Joueur 3", "Joueur 4"))
    raw = venue.td.get(f"/t/{TID}/chip-race").text
    assert "<b>Bob</b>" not in raw
    assert "&lt;b&gt;Bob&lt;/b&gt;" in raw


# ---- the captain's phone --------------------------------------------------------------------


def at_the_colour_up_break(venue: Venue) -> str:
    """Four players at table 1, the clock in the break after level 6 (the 25s leave); the
    captain's link key."""
    start(venue, names=("<i>Ann</i>", "Joueur 2", "Joueur 3", "Joueur 4"))
    execute(venue, type="jump_to_level", level_index=5)
    venue.clock.advance(21 * MINUTE_MS)
    return captain_key(venue.td.app.state.pages, TID, 1)  # type: ignore[attr-defined]


def captain(venue: Venue, key: str, lang: str = "fr") -> str:
    return text(venue.public.get(f"/t/{TID}/table/1?key={key}&lang={lang}"))


def words(html: str) -> str:
    """The text of a page without its tags, spaces collapsed."""
    return " ".join(re.sub(r"<[^>]+>", " ", html).split())


def captain_race(venue: Venue, key: str, counts: dict[str, str]) -> str:
    data = {"player": list(counts), "odd": list(counts.values())}
    return text(venue.public.post(f"/t/{TID}/table/1/chip-race?key={key}", data=data))


def test_the_captain_sees_the_chip_race_only_during_the_colour_up_break(venue: Venue) -> None:
    start(venue)
    key = captain_key(venue.td.app.state.pages, TID, 1)  # type: ignore[attr-defined]
    assert 'id="captain-chip-race" class="panel" hidden' in captain(venue, key)
    answer = captain_race(venue, key, {"p1": "1"})
    assert "Pas de chip race maintenant" in answer
    execute(venue, type="jump_to_level", level_index=5)
    venue.clock.advance(21 * MINUTE_MS)
    page = captain(venue, key)
    assert 'id="captain-chip-race" class="panel" data-state' in page
    assert "Jetons qui sortent du jeu : 25 (vert)" in words(page)
    assert "de 0 à 3" in page
    assert page.count('name="odd"') == 4
    assert "Lancer le chip race" in page
    assert "Chips leaving play: 25 (green)" in words(captain(venue, key, "en"))


def test_the_captain_races_the_table_with_the_counted_chips(venue: Venue) -> None:
    key = at_the_colour_up_break(venue)
    counts = {"p1": "2", "p2": "1", "p3": "0", "p4": "3"}
    answer = captain_race(venue, key, counts)
    assert "Chip race à la table 1 : un jeton de 100 pour" in answer
    race = venue.service.tournament(TID).events[-1]
    assert isinstance(race, ChipRaced)
    assert (race.removed_chip, race.next_chip) == (25, 100)
    assert len(race.winners) == len(set(race.winners)) == 2  # 150 of leftovers: two chips
    for player_id, _ in race.stacks_after:
        assert player(venue, player_id)["stack"] == (
            20_000 - int(counts[player_id]) * 25 + race.winners.count(player_id) * 100
        )
    page = captain(venue, key)
    assert "Chip race effectué" in page
    assert "gagne 1 jeton de 100" in page
    # A second tap finds the race done and races nothing.
    before = event_count(venue)
    assert "Chip race à la table 1" in captain_race(venue, key, counts)
    assert event_count(venue) == before


def test_the_captain_without_counts_is_told_the_race_cannot_be_run(venue: Venue) -> None:
    key = at_the_colour_up_break(venue)
    before = event_count(venue)
    answer = captain_race(venue, key, dict.fromkeys(["p1", "p2", "p3", "p4"], ""))
    assert 'refusal-code">(CHIP_RACE_NEEDS_COUNTS)<' in answer
    answer = captain_race(venue, key, {"p1": "9", "p2": "0", "p3": "0", "p4": "0"})
    assert 'refusal-code">(CHIP_RACE_FULL_SET)<' in answer
    assert event_count(venue) == before


def test_the_captain_key_guards_the_race_and_names_are_escaped(venue: Venue) -> None:
    key = at_the_colour_up_break(venue)
    before = event_count(venue)
    response = venue.public.post(f"/t/{TID}/table/1/chip-race?key=wrong", data={})
    assert response.status_code == 403
    assert event_count(venue) == before
    raw = venue.public.get(f"/t/{TID}/table/1?key={key}").text
    assert "<i>Ann</i>" not in raw
    assert "&lt;i&gt;Ann&lt;/i&gt;" in raw
