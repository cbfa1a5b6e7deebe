"""A captain reports "bust + rebuy" from a phone (390x844) during the rebuy period: the player
keeps the seat and the clock's average stack counts every chip issued (club-rebuy, ALLINOUEST)."""

from __future__ import annotations

import os

import httpx
from playwright.sync_api import Browser, Page, expect

from tests.browser.conftest import LiveServer
from tests.browser.test_captain import PHONE, captain_link, send


def test_bust_and_rebuy_from_a_phone_keeps_the_seat(
    page: Page, browser: Browser, live_server: LiveServer
) -> None:
    send(live_server, None, {"tournament_id": "rebuy", "profile": "allinouest",
                             "structure": "club-rebuy"})  # fmt: skip
    for number in range(1, 13):
        body = {"type": "register_player", "player_id": f"p{number}", "name": f"Joueur {number}"}
        send(live_server, "rebuy", body)
    for kind in ("draw_seats", "place_buttons"):
        send(live_server, "rebuy", {"type": kind, "seed": 5})
    send(live_server, "rebuy", {"type": "start_clock"})
    link = captain_link(page, live_server, "rebuy")

    phone = browser.new_context(viewport=PHONE, locale="fr-FR", has_touch=True)
    captain = phone.new_page()
    captain.goto(link)
    # The hand and its bust + rebuy in one step.
    hand = captain.locator("#captain-hand")
    hand.get_by_text("Quelqu'un a été éliminé dans cette main").click()
    first = hand.locator("input[name=busted]").first
    player_id = first.get_attribute("value")
    first.check()
    hand.get_by_role("button", name="Main 1 terminée, éliminé + recave").click()
    expect(captain.locator("#flash")).to_contain_text("Main 1 enregistrée")
    expect(captain.locator("#flash")).to_contain_text("Élimination et recave enregistrées")
    expect(captain.locator("#captain-hand")).to_contain_text("Tapis inconnus")
    if os.environ.get("POKERFLOOR_SHOTS"):
        captain.screenshot(path=os.environ["POKERFLOOR_SHOTS"] + "/bust-rebuy-phone.png")
    base = f"{live_server.url}/api/tournaments/rebuy"
    players = httpx.get(f"{base}/players").json()["players"]
    rebought = next(p for p in players if p["player_id"] == player_id)
    assert rebought["status"] == "playing" and rebought["rebuys"] == 1
    clock = httpx.get(f"{base}/clock").json()
    assert clock["average_stack"] == 13 * 20_000 // 12
    phone.close()
