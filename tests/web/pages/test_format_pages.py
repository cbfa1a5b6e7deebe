"""Satellites and flights with a Day 2 on the pages (no browser; issue 33 items 2-3): the
set-up page's format box into ``[satellite]`` / ``[flight]``; the results page's satellite
panel (seats, the bubble, the seats left to win) and the TD's "award the seats" with a seat
won twice; the seats to win on the clock screen and the player's page; a flight stopped from
the results page, and a Day 2 made on the set-up page from the flights' ids, all in French;
the CSV's seat column."""

from __future__ import annotations

from pokerfloor.tournament.satellites import SatelliteRules
from tests.web.english_leaks import english_leaks
from tests.web.pages.conftest import Venue, words
from tests.web.pages.test_setup import create, new_form


def start(venue: Venue, tid: str, players: list[str]) -> None:
    for player in players:
        venue.command(tid, type="register_player", player_id=player, name=f"Joueur {player}")
    venue.command(tid, type="draw_seats", seed=3)
    venue.command(tid, type="place_buttons", seed=3)
    venue.command(tid, type="start_clock")


def bust_down_to(venue: Venue, tid: str, left: int) -> None:
    while venue.service.results(tid)["players_left"] > left:
        seats = [s for t in venue.service.seating_chart(tid)["tables"] for s in t["seats"]]
        last = max(seats, key=lambda s: s["player_id"])
        venue.command(tid, type="bust_players", table_no=1, players=[last["player_id"]])


def test_a_satellite_from_the_setup_page_to_its_seats_in_french(venue: Venue) -> None:
    form = new_form(venue, "?template=club-evening")
    form |= {"fmt": ["satellite"], "seat_value": ["50"], "remainder": ["shared"]}
    form["double_seat"] = ["cash"]
    assert create(venue, form, "sat").status_code == 303
    rules = venue.service.tournament("sat").structure.satellite
    assert rules == SatelliteRules(5000, "shared", "cash")
    start(venue, "sat", [f"p{n}" for n in range(1, 9)])  # 8 x 20 € = 160 €: 3 seats, 10 € left
    page = words(venue.td.get("/t/sat/results?lang=fr").text)
    assert "Sièges 3 × 50,00" in page.replace("\u202f", " ").replace("\xa0", " ")
    assert "encore 5 éliminés" in page
    bust_down_to(venue, "sat", 4)
    assert "La bulle du satellite : 4 joueurs restants pour 3 sièges" in words(
        venue.td.get("/t/sat/console?lang=fr").text
    )
    assert "Sièges à gagner" in words(venue.public.get("/t/sat/me/p1?lang=fr").text)
    assert "Sièges à gagner" in words(venue.public.get("/t/sat/clock?lang=fr").text)
    bust_down_to(venue, "sat", 3)
    html = venue.td.get("/t/sat/results?lang=fr").text
    page = words(html)
    assert "Attribuer les sièges" in page and "tous gagnés" in page
    assert english_leaks(html) == []
    assert english_leaks(venue.td.get("/new?lang=fr").text) == []
    answer = venue.td.post("/t/sat/satellite/finish", data={"holding_seat": ["p2"]})
    assert "Le satellite est clôturé" in words(answer.text)
    results = venue.service.results("sat")
    row = {r["player_id"]: r for r in results["ranking"]}
    assert row["p2"]["seat"] is False and row["p2"]["cents"] == 5000  # a seat won twice
    assert row["p1"]["seat"] is True and row["p1"]["cents"] == 500  # the 10 € shared
    csv = venue.td.get("/t/sat/results.csv?lang=fr").text
    assert "Siège gagné" in csv


def test_two_flights_stopped_on_the_results_page_and_a_day2_from_the_setup_page(
    venue: Venue,
) -> None:
    for tid, players in (("j1a", ["a", "b", "c", "d"]), ("j1b", ["e", "f", "g", "h"])):
        form = new_form(venue, "?template=club-evening")
        form |= {"fmt": ["flight"], "flight_stop_players": ["2"], "carry": ["best"]}
        assert create(venue, form, tid).status_code == 303
        start(venue, tid, players)
        refused = venue.td.post(f"/t/{tid}/flight/stop")
        assert "Le flight continue : 4 joueurs restants (arrêt à 2)" in words(refused.text)
        console = f"/t/{tid}/console?lang=fr"
        assert "Le flight a atteint son arrêt" not in words(venue.td.get(console).text)
        bust_down_to(venue, tid, 2)
        assert "Le flight a atteint son arrêt : 2 joueurs restants" in words(
            venue.td.get(console).text
        )
        done = venue.td.post(f"/t/{tid}/flight/stop")
        assert "Le flight est arrêté" in words(done.text)
        assert "Les qualifiés et leurs jetons mis en sac" in words(
            venue.td.get(f"/t/{tid}/results?lang=fr").text
        )
    form = new_form(venue, "?template=club-evening") | {"day2_of": ["j1a j1b"]}
    assert create(venue, form, "j2").status_code == 303
    results = venue.service.results("j2")
    assert results["entries"] == 8 and results["day2"]["flights"] == ["j1a", "j1b"]
    html = venue.td.get("/t/j2/results?lang=fr").text
    assert "Toutes les entrées de tous les flights : 8" in words(html)
    assert english_leaks(html) == []
    assert english_leaks(venue.td.get("/t/j1a/results?lang=fr").text) == []
