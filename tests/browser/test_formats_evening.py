"""A satellite and two flights into a Day 2 through the pages (issue 33 items 2-3).

The satellite: the TD sets it up on the set-up page (20 € entries, 50 € seats, the remainder
shared), six players; the console asks for hand-for-hand on the bubble; the player's phone
shows the seats to win; once the seats are reached the TD awards them on the results page with
a seat won twice, and the awards add up to the pool. The flights: two small flights set up on
the set-up page, each stopped on its results page at its players, a Day 2 made on the set-up
page from their ids, played to a winner; its results rank every entrant of both flights and pay
the flights' pool. The TD's pages at 1366x768, the player's at 390x844.
"""

from __future__ import annotations

from typing import Any

import httpx
from playwright.sync_api import Browser, Page, expect

from tests.browser.conftest import LiveServer
from tests.browser.test_captain import PHONE
from tests.browser.test_console import LAPTOP, command
from tests.browser.test_setup import sign_in_to


def api(live_server: LiveServer, tid: str, what: str) -> Any:
    response = httpx.get(
        f"{live_server.url}/api/tournaments/{tid}/{what}",
        headers={"Authorization": f"Bearer {live_server.token}"},
    )
    response.raise_for_status()
    return response.json()


def start(live_server: LiveServer, tid: str, players: list[str]) -> None:
    for player in players:
        command(live_server, tid, type="register_player", player_id=player,
                name=f"Joueur {player}")  # fmt: skip
    command(live_server, tid, type="draw_seats", seed=5)
    command(live_server, tid, type="place_buttons", seed=5)
    command(live_server, tid, type="start_clock")


def bust_down_to(live_server: LiveServer, tid: str, left: int) -> None:
    while api(live_server, tid, "results")["players_left"] > left:
        tables = api(live_server, tid, "seating")["tables"]
        table, seat = max(
            ((t, s) for t in tables for s in t["seats"]), key=lambda pair: pair[1]["player_id"]
        )
        command(live_server, tid, type="bust_players", table_no=table["table_no"],
                players=[seat["player_id"]])  # fmt: skip


def set_up(page: Page, live_server: LiveServer, tid: str) -> None:
    page.goto(f"{live_server.url}/new?lang=fr")
    page.get_by_label("Identifiant du tournoi").fill(tid)
    # club-evening, the default template: no editor swap to wait for.
    expect(page.get_by_label("Partir de")).to_have_value("club-evening")
    expect(page.get_by_label("Tapis de départ")).to_have_value("20000")


def test_a_satellite_through_the_pages_to_its_seats(
    page: Page, browser: Browser, live_server: LiveServer
) -> None:
    page.set_viewport_size(LAPTOP)
    sign_in_to(page, live_server, "/new")
    set_up(page, live_server, "sat")
    page.get_by_label("Ce tournoi est").select_option("satellite")
    page.get_by_label("Valeur d'un siège").fill("50")
    page.get_by_label("Le reliquat de la dotation va").select_option("shared")
    page.get_by_role("button", name="Créer le tournoi").click()
    expect(page).to_have_url(f"{live_server.url}/t/sat/desk")
    assert api(live_server, "sat", "results")["satellite"]["seat_cents"] == 5000
    start(live_server, "sat", [f"p{n}" for n in range(1, 9)])  # 160 €: 3 seats and 10 €

    phone = browser.new_context(viewport=PHONE, locale="fr-FR", has_touch=True)
    player = phone.new_page()
    player.goto(f"{live_server.url}/t/sat/me/p1?lang=fr")
    expect(player.locator(".player-satellite")).to_contain_text("encore 5 éliminés")

    bust_down_to(live_server, "sat", 4)
    page.goto(f"{live_server.url}/t/sat/console?lang=fr")
    expect(page.locator("#console-hints")).to_contain_text("La bulle du satellite")
    expect(player.locator(".player-satellite")).to_contain_text("encore 1 éliminé")
    bust_down_to(live_server, "sat", 3)
    expect(player.locator(".player-satellite")).to_contain_text("tous gagnés")
    phone.close()

    page.goto(f"{live_server.url}/t/sat/results?lang=fr")
    panel = page.locator("#satellite-finish-title").locator("..")
    panel.get_by_label("Joueur p2").check()
    panel.get_by_role("button", name="Clôturer le satellite").click()
    expect(page.locator("#flash")).to_contain_text("Le satellite est clôturé")
    page.reload()
    expect(page.locator("table.satellite-awards")).to_contain_text("un siège")
    results = api(live_server, "sat", "results")
    awards = results["satellite"]["awards"]
    seats = sum(award["seat"] for award in awards)
    paid = sum(award["cash_cents"] + award["credit_cents"] for award in awards)
    assert seats * 5000 + paid == results["prize_pool_cents"] == 16_000
    assert next(a for a in awards if a["player_id"] == "p2")["seat"] is False


def test_two_flights_through_the_pages_into_a_day2_to_a_winner(
    page: Page, live_server: LiveServer
) -> None:
    page.set_viewport_size(LAPTOP)
    sign_in_to(page, live_server, "/new")
    flights = {"j1a": ["a1", "a2", "a3", "a4", "x"], "j1b": ["b1", "b2", "b3", "x"]}
    for tid, players in flights.items():
        set_up(page, live_server, tid)
        page.get_by_label("Ce tournoi est").select_option("flight")
        page.get_by_label("S'arrête à ce nombre de joueurs").fill("2")
        page.get_by_role("button", name="Créer le tournoi").click()
        expect(page).to_have_url(f"{live_server.url}/t/{tid}/desk")
        start(live_server, tid, players)
        bust_down_to(live_server, tid, 2)
        page.goto(f"{live_server.url}/t/{tid}/results?lang=fr")
        page.get_by_role(
            "button", name="Arrêter le flight : les qualifiés mettent leurs jetons en sac"
        ).click()
        expect(page.locator("#flash")).to_contain_text("Le flight est arrêté")
        page.reload()
        expect(page.locator("table.flight-survivors")).to_contain_text("20 000")
    pool = sum(api(live_server, tid, "results")["prize_pool_cents"] for tid in flights)

    set_up(page, live_server, "j2")
    page.get_by_label("Jour 2 des flights (leurs identifiants, dans l'ordre)").fill("j1a j1b")
    page.get_by_role("button", name="Créer le tournoi").click()
    expect(page).to_have_url(f"{live_server.url}/t/j2/desk")
    seated = {
        s["player_id"] for t in api(live_server, "j2", "seating")["tables"] for s in t["seats"]
    }
    assert seated == {"a1", "a2", "b1", "b2"}
    command(live_server, "j2", type="start_clock")
    bust_down_to(live_server, "j2", 1)
    command(live_server, "j2", type="finish")
    page.goto(f"{live_server.url}/t/j2/results?lang=fr")
    expect(page.locator("#day2-title").locator("..")).to_contain_text(
        "Toutes les entrées de tous les flights : 9"
    )
    ranking = api(live_server, "j2", "results")["ranking"]
    assert {row["player_id"] for row in ranking} == {*flights["j1a"], *flights["j1b"]}
    assert sum(row["cents"] for row in ranking) == pool
