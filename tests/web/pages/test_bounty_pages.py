"""A bounty evening on the pages (no browser): the set-up page's Bounties box, the console's
and the captain's bust forms naming who knocked the player out (a split pot: two), a bust
without its collector refused in French and nothing recorded, and the bounties on the player's
page, the results, their CSV and the cash book."""

from __future__ import annotations

import pytest

from pokerfloor.web.pages.common._common import captain_key
from tests.web.pages.conftest import Venue, words
from tests.web.pages.test_setup import create, new_form

TID = "pko"


def _key(venue: Venue) -> str:
    return captain_key(venue.td.app.state.pages, TID, 1)  # type: ignore[attr-defined]


def _dealing_order(venue: Venue, table_no: int = 1) -> list[str]:
    chart = venue.service.seating_chart(TID)
    table = next(t for t in chart["tables"] if t["table_no"] == table_no)
    button, size = table["button_seat"] or 0, table["size"]
    seats = sorted(table["seats"], key=lambda s: (s["seat_no"] - button - 1) % size)
    return [s["player_id"] for s in seats]


@pytest.fixture
def pko(venue: Venue) -> Venue:
    """Seven players at one table of a PKO on club-evening (20 € buy-in, 10 € bounty, half of
    each bounty on the collector's head, whole euros)."""
    form = new_form(venue, "?template=club-evening")
    form |= {"bounty": ["10"], "bounty_percent": ["50"], "bounty_unit": ["1"]}
    form["last_bounty"] = ["winner"]
    assert create(venue, form, TID).status_code == 303
    for number in range(1, 8):
        venue.command(TID, type="register_player", player_id=f"p{number}", name=f"Joueur {number}")
    venue.command(TID, type="draw_seats", seed=3)
    venue.command(TID, type="place_buttons", seed=3)
    venue.command(TID, type="start_clock")
    return venue


def test_the_setup_page_makes_a_pko_structure(pko: Venue) -> None:
    bounty = pko.service.tournament(TID).structure.bounty
    assert bounty is not None
    assert (bounty.cents, bounty.progressive_percent, bounty.rounding_cents) == (1000, 50, 100)
    assert pko.service.results(TID)["prize_pool_cents"] == 7 * 1000


def test_the_setup_page_refuses_a_bounty_above_the_buy_in_in_french(venue: Venue) -> None:
    form = new_form(venue, "?template=club-evening") | {"bounty": ["25"]}
    answer = create(venue, form, TID)
    assert answer.status_code == 422
    assert "La prime (25,00 €) est une part du droit d'entrée : au plus 20,00 €" in words(
        answer.text
    ).replace("\u202f", " ").replace("\xa0", " ")
    assert TID not in [t["tournament_id"] for t in venue.service.listing()]


def test_the_console_names_the_collector_and_refuses_a_bust_without_one(pko: Venue) -> None:
    victim, hunter = _dealing_order(pko)[:2]
    dialog = pko.td.get(f"/t/{TID}/console/player/{victim}?lang=fr")
    assert f'value="{victim} {hunter}"' in dialog.text and "éliminé par" in dialog.text
    before = pko.service.version(TID)
    refused = pko.td.post(f"/t/{TID}/console/bust", data={"table_no": "1", "player": [victim]})
    assert "Indiquez qui a éliminé Joueur" in words(refused.text)
    assert pko.service.version(TID) == before
    pko.td.post(
        f"/t/{TID}/console/bust",
        data={"table_no": "1", "player": [victim], "knockout": [f"{victim} {hunter}"]},
    )
    listed = {p["player_id"]: p for p in pko.service.players_list(TID)["players"]}
    assert listed[hunter]["bounty_cents"] == 1500 and listed[hunter]["bounty_won_cents"] == 500
    page = pko.public.get(f"/t/{TID}/me/{hunter}?lang=fr")
    assert "Prime sur votre tête : 15,00" in words(page.text)


def test_the_captain_reports_a_split_pot_knockout_with_the_hand(pko: Venue) -> None:
    order = _dealing_order(pko)
    victim, first, second = order[2], order[0], order[1]
    page = pko.public.get(f"/t/{TID}/table/1?key={_key(pko)}&lang=fr")
    assert f'value="{victim} {first}"' in page.text
    chart = pko.service.seating_chart(TID)["tables"][0]
    hand = chart["next_hand"]
    answer = pko.public.post(
        f"/t/{TID}/table/1/hand?key={_key(pko)}&lang=fr",
        data={
            "hand_no": str(hand["hand_no"]),
            "shown_button": str(hand["button_seat"]),
            "busted": [victim],
            "knockout": [f"{victim} {second}", f"{victim} {first}", f"p99 {first}"],
        },
    )
    assert "flash-ok" in answer.text, words(answer.text)
    listed = {p["player_id"]: p for p in pko.service.players_list(TID)["players"]}
    # 10 € split in two 5 € shares; half of each on the head rounded down to the euro (2 €).
    assert listed[first]["bounty_won_cents"] == 300 and listed[first]["bounty_cents"] == 1200
    assert listed[second]["bounty_won_cents"] == 300


def test_results_csv_and_cash_book_show_the_bounties(pko: Venue) -> None:
    victim, hunter = _dealing_order(pko)[:2]
    pko.td.post(
        f"/t/{TID}/console/bust",
        data={"table_no": "1", "player": [victim], "knockout": [f"{victim} {hunter}"]},
    )
    results = pko.td.get(f"/t/{TID}/results?lang=fr")
    assert "Primes gagnées" in results.text
    text = words(results.text)
    assert "Primes 70,00 € = versées 5,00 € + sur les têtes 65,00 € + premier prix 0,00 €" in text
    csv = pko.td.get(f"/t/{TID}/results.csv?lang=fr").text
    assert csv.splitlines()[0].endswith("Primes gagnées (€)")
    cash = pko.td.get(f"/t/{TID}/cash?lang=fr")
    assert 'id="bounty-reconciliation" class="flash flash-ok"' in cash.text


def test_the_room_screen_shows_the_biggest_bounty(pko: Venue) -> None:
    victim, hunter = _dealing_order(pko)[:2]
    pko.td.post(
        f"/t/{TID}/console/bust",
        data={"table_no": "1", "player": [victim], "knockout": [f"{victim} {hunter}"]},
    )
    name = next(
        p["name"] for p in pko.service.players_list(TID)["players"] if p["player_id"] == hunter
    )
    screen = words(pko.public.get(f"/t/{TID}/clock?lang=fr").text)
    assert f"Plus grosse prime 15,00 € {name}" in screen.replace("\u202f", " ").replace("\xa0", " ")
