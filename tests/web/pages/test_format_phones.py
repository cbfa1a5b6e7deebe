"""Satellites and flights on the phones (issue 33, what was left, item 2): the captain's phone
and the player's page show a satellite's seats left to win and its bubble, a flight's stop
point (players or level), and once the flight is stopped "through to Day 2 with N chips"; in
French first, in English too, with no English left on the French pages."""

from __future__ import annotations

from pokerfloor.app.commands import CreateTournament
from pokerfloor.tournament.flights import FlightRules
from pokerfloor.tournament.satellites import SatelliteRules
from pokerfloor.web.pages.common._common import captain_key
from tests.web.english_leaks import english_leaks
from tests.web.pages.conftest import Venue, words
from tests.web.pages.test_format_pages import bust_down_to, start


def captain(venue: Venue, tid: str, lang: str = "fr") -> str:
    key = captain_key(venue.td.app.state.pages, tid, 1)  # type: ignore[attr-defined]
    page = venue.public.get(f"/t/{tid}/table/1?key={key}&lang={lang}")
    assert page.status_code == 200
    if lang == "fr":
        assert english_leaks(page.text) == []
    return words(page.text).replace("\u202f", " ").replace("\xa0", " ")


def player(venue: Venue, tid: str, player_id: str, lang: str = "fr") -> str:
    page = venue.public.get(f"/t/{tid}/me/{player_id}?lang={lang}")
    assert page.status_code == 200
    if lang == "fr":
        assert english_leaks(page.text) == []
    return words(page.text).replace("\u202f", " ").replace("\xa0", " ")


def test_issue_33_the_satellite_seats_left_and_its_bubble_on_the_captain_and_player_phones(
    venue: Venue,
) -> None:
    rules = SatelliteRules(5000, "next_place", "cash")
    venue.service.execute("sat", CreateTournament(tournament_id="sat", satellite=rules))
    start(venue, "sat", [f"p{n}" for n in range(1, 9)])  # 8 x 20 € = 160 €: 3 seats
    for page in (captain(venue, "sat"), player(venue, "sat", "p1")):
        assert "Encore 5 éliminés et tous les sièges sont gagnés." in page
        assert "Bulle" not in page
    assert "Sièges à gagner 3 × 50,00" in captain(venue, "sat")
    bust_down_to(venue, "sat", 4)
    bubble = "Bulle · 4 joueurs restants pour 3 sièges : le prochain éliminé ne gagne pas de siège."
    assert bubble in captain(venue, "sat") and bubble in player(venue, "sat", "p1")
    assert "Bubble · 4 players left for 3 seats: the next player out wins no seat." in captain(
        venue, "sat", "en"
    )
    bust_down_to(venue, "sat", 3)
    done = "Tous les sièges sont gagnés : le jeu s'arrête, chaque joueur restant gagne un siège."
    assert done in captain(venue, "sat") and done in player(venue, "sat", "p1")
    assert "Every seat is won" in player(venue, "sat", "p1", "en")


def test_issue_33_a_flight_stop_point_and_through_to_day2_with_the_stack_on_the_phones(
    venue: Venue,
) -> None:
    rules = FlightRules(stop_players=2)
    venue.service.execute("j1a", CreateTournament(tournament_id="j1a", flight=rules))
    start(venue, "j1a", ["a", "b", "c", "d"])
    for page in (captain(venue, "j1a"), player(venue, "j1a", "a")):
        assert "Flight · s'arrête à 2 joueurs restants." in page
        assert "Encore 2 éliminés avant l'arrêt." in page
    assert "Places payées" not in player(venue, "j1a", "a")  # a flight pays nothing: its Day 2
    bust_down_to(venue, "j1a", 2)
    reached = "L'arrêt est atteint : plus de nouvelle main"
    assert reached in captain(venue, "j1a") and reached in player(venue, "j1a", "a")
    venue.command("j1a", type="stop_flight")
    stack = venue.service.results("j1a")["flight"]["survivors"][0]
    through = player(venue, "j1a", stack["player_id"])
    assert (
        f"Vous êtes qualifié pour le Jour 2 avec {stack['stack']:,} jetons.".replace(",", " ")
        in through
    )
    assert "You are through to Day 2 with" in player(venue, "j1a", stack["player_id"], "en")
    out = player(venue, "j1a", "d")  # busted first: not through
    assert "Vous êtes qualifié" not in out
    assert "Le flight est terminé : 2 joueurs sont qualifiés pour le Jour 2." in out
    assert "Le flight est terminé" in captain(venue, "j1a")


def test_issue_33_a_flight_stopping_at_a_level_says_so_on_the_phones(venue: Venue) -> None:
    rules = FlightRules(stop_players=0, stop_after_level=4)
    venue.service.execute("j1b", CreateTournament(tournament_id="j1b", flight=rules))
    start(venue, "j1b", ["a", "b", "c"])
    assert "Flight · s'arrête à la fin du niveau 4." in captain(venue, "j1b")
    assert "stops at the end of level 4." in player(venue, "j1b", "a", "en")
    assert "avant l'arrêt" not in player(venue, "j1b", "a")


def test_issue_30_day2_and_the_chips_carried_from_the_flights_on_the_phones(
    venue: Venue,
) -> None:
    rules = FlightRules(stop_players=2)
    for tid, players in (("j1a", ["a", "b", "c", "d"]), ("j1b", ["e", "f", "g"])):
        venue.service.execute(tid, CreateTournament(tournament_id=tid, flight=rules))
        start(venue, tid, players)
        bust_down_to(venue, tid, 2)
        venue.command(tid, type="stop_flight")
    venue.command("j2", type="create_tournament", tournament_id="j2", day2_of=["j1a", "j1b"],
                  seed=3)  # fmt: skip
    carried = venue.service.results("j2")["day2"]["carried"]
    assert len(carried) == 4
    table = captain(venue, "j2")
    assert "Jour 2 · 4 joueurs qualifiés des flights (j1a, j1b)" in table
    assert "Jetons reportés des flights à cette table :" in table
    for survivor in carried:  # one table of four
        assert f"{survivor['name']} · {survivor['stack']:,}".replace(",", " ") in table
    me = carried[0]
    page = player(venue, "j2", me["player_id"])
    assert "Jour 2" in page
    assert f"Jetons reportés de votre flight : {me['stack']:,}.".replace(",", " ") in page
    english = player(venue, "j2", me["player_id"], "en")
    assert "Day 2 · 4 players carried from the flights" in english
    assert f"Chips carried from your flight: {me['stack']:,}." in english
    assert "Day 2" in captain(venue, "j2", "en")
    assert "Jetons reportés" not in player(venue, "j1a", "a")  # a flight is not a Day 2
