"""Satellites and flights on the phones in a browser at 390x844 (issue 33, what was left,
item 2): the captain's phone shows the satellite's bubble and then every seat won as the busts
come in, without a reload; the player's page says "through to Day 2 with N chips" once the
flight is stopped. Each screen is one column no wider than the phone, its format box in view;
``POKERFLOOR_SHOTS=/tmp/phones`` saves the screenshots. On a Day 2 (issue 30), both phones
say "Jour 2" and the chips carried from the flights."""

from __future__ import annotations

import os

import httpx
from playwright.sync_api import Browser, Page, expect

from tests.browser.conftest import LiveServer, captain_link
from tests.browser.test_captain import PHONE
from tests.browser.test_formats_evening import api, bust_down_to, start
from tests.browser.test_setup import sign_in_to


def create(live_server: LiveServer, **body: object) -> None:
    response = httpx.post(
        f"{live_server.url}/api/tournaments",
        json=body,
        headers={"Authorization": f"Bearer {live_server.token}"},
    )
    response.raise_for_status()


def check_screen(page: Page, box: str, name: str) -> None:
    """One column no wider than the phone, the format box within it; a screenshot taken (and
    kept with ``POKERFLOOR_SHOTS``)."""
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    expect(page.locator(box)).to_be_visible()
    # Read at once (the live view replaces the page's fragment every second).
    left, right = page.evaluate(
        f"(() => {{ const r = document.querySelector('{box}').getBoundingClientRect();"
        " return [r.left, r.right]; })()"
    )
    assert 0 <= left < right <= PHONE["width"]
    shots = os.environ.get("POKERFLOOR_SHOTS")
    image = page.screenshot(path=f"{shots}/{name}.png" if shots else None, full_page=True)
    assert image[:8] == b"\x89PNG\r\n\x1a\n"


def test_issue_33_a_satellite_bubble_then_its_seats_on_the_captain_phone_at_390(
    page: Page, browser: Browser, live_server: LiveServer
) -> None:
    satellite = {"target_buy_in_cents": 5000, "remainder": "next_place", "double_seat": "cash"}
    create(live_server, tournament_id="satphone", satellite=satellite)
    start(live_server, "satphone", [f"p{n}" for n in range(1, 9)])  # 160 €: 3 seats
    bust_down_to(live_server, "satphone", 4)
    sign_in_to(page, live_server, "/new")
    link = captain_link(page, live_server, "satphone")
    phone = browser.new_context(viewport=PHONE, locale="fr-FR", has_touch=True)
    captain = phone.new_page()
    captain.goto(link)
    box = captain.locator("#formats-satellite")
    expect(box).to_contain_text("Bulle")
    expect(box).to_contain_text("4 joueurs restants pour 3 sièges")
    check_screen(captain, "#formats-satellite", "satellite-bubble-captain-390")
    bust_down_to(live_server, "satphone", 3)  # pushed to the phone: no reload
    expect(box).to_contain_text("Tous les sièges sont gagnés")
    player = phone.new_page()
    player.goto(f"{live_server.url}/t/satphone/me/p1?lang=fr")
    expect(player.locator("#formats-satellite")).to_contain_text("Tous les sièges sont gagnés")
    check_screen(player, "#formats-satellite", "satellite-seats-player-390")
    phone.close()


def test_issue_33_through_to_day2_with_the_stack_on_the_player_page_at_390(
    browser: Browser, live_server: LiveServer
) -> None:
    flight = {"stop_players": 2, "carry": "best", "day1_ranking": "players_left"}
    create(live_server, tournament_id="flphone", flight=flight)
    start(live_server, "flphone", ["a1", "a2", "a3", "a4"])
    phone = browser.new_context(viewport=PHONE, locale="fr-FR", has_touch=True)
    player = phone.new_page()
    player.goto(f"{live_server.url}/t/flphone/me/a1?lang=fr")
    box = player.locator("#formats-flight")
    expect(box).to_contain_text("s'arrête à 2 joueurs restants")
    expect(box).to_contain_text("Encore 2 éliminés avant l'arrêt")
    bust_down_to(live_server, "flphone", 2)  # a3 and a4 out: a1 and a2 through
    httpx.post(
        f"{live_server.url}/api/tournaments/flphone/commands",
        json={"type": "stop_flight"},
        headers={"Authorization": f"Bearer {live_server.token}"},
    ).raise_for_status()
    survivors = api(live_server, "flphone", "results")["flight"]["survivors"]
    stack = next(s["stack"] for s in survivors if s["player_id"] == "a1")
    expect(box.locator(".formats-through")).to_contain_text(
        f"Vous êtes qualifié pour le Jour 2 avec {stack:,}".replace(",", "\u202f")
    )
    check_screen(player, "#formats-flight", "flight-through-player-390")
    phone.close()


def test_issue_30_day2_with_the_carried_chips_on_the_player_and_captain_phones_at_390(
    page: Page, browser: Browser, live_server: LiveServer
) -> None:
    flight = {"stop_players": 2, "carry": "best", "day1_ranking": "players_left"}
    for tid, players in (("d1a", ["a1", "a2", "a3"]), ("d1b", ["b1", "b2", "b3"])):
        create(live_server, tournament_id=tid, flight=flight)
        start(live_server, tid, players)
        bust_down_to(live_server, tid, 2)
        httpx.post(
            f"{live_server.url}/api/tournaments/{tid}/commands",
            json={"type": "stop_flight"},
            headers={"Authorization": f"Bearer {live_server.token}"},
        ).raise_for_status()
    create(live_server, tournament_id="d2", day2_of=["d1a", "d1b"], seed=3)
    carried = api(live_server, "d2", "results")["day2"]["carried"]
    mine = carried[0]
    phone = browser.new_context(viewport=PHONE, locale="fr-FR", has_touch=True)
    player = phone.new_page()
    player.goto(f"{live_server.url}/t/d2/me/{mine['player_id']}?lang=fr")
    box = player.locator("#formats-day2")
    expect(box).to_contain_text("Jour 2 · 4 joueurs qualifiés des flights (d1a, d1b)")
    expect(box.locator(".formats-carried")).to_contain_text(
        f"Jetons reportés de votre flight : {mine['stack']:,}".replace(",", "\u202f")
    )
    check_screen(player, "#formats-day2", "day2-carried-player-390")
    sign_in_to(page, live_server, "/new")
    captain = phone.new_page()
    captain.goto(captain_link(page, live_server, "d2"))
    table = captain.locator("#formats-day2")
    expect(table).to_contain_text("Jetons reportés des flights à cette table")
    expect(table.locator("li")).to_have_count(len(carried))  # one table of four
    check_screen(captain, "#formats-day2", "day2-carried-captain-390")
    phone.close()
