"""A sit-and-go dealt by pokerfloor, in a browser against a real ``pokerfloor serve``: four
players' phones at 390x844, the table's screen at 1920x1080, the TD's view at 1366x768.

Played through the pages only (the server's own dealer deals and runs the clock): a raise typed
on the keypad, all-ins confirmed, a timeout, an away player coming back with one tap, a
reconnection (the page reloaded), a rebuy after a bust, to a winner. Screenshots go to
/tmp/h-dealt-*.png.
"""

from __future__ import annotations

import time
from typing import Any

import httpx
from playwright.sync_api import Browser, Page, expect

from tests.browser.conftest import LiveServer, wait_until
from tests.browser.dealt_set_up import LAPTOP, PHONE, SCREEN, dealt_tournament
from tests.browser.test_console import command
from tests.browser.test_pages_render import sign_in

TID = "sng-browser"
OWN_TWO_CARDS = "document.querySelectorAll('.dealt-mine .dealt-card:not(.dealt-back)').length === 2"
OTHERS_FACE_UP = ".dealt-seat:not(.dealt-mine) .dealt-card:not(.dealt-back)"


def _set_up(live_server: LiveServer) -> None:
    dealt_tournament(
        live_server,
        TID,
        4,
        {"action_seconds": 5, "bank_seconds": 0, "away_after": 1, "pause_seconds": 1},
        start=False,
    )


def _links(page: Page, live_server: LiveServer) -> dict[str, str]:
    sign_in(page, live_server)
    page.set_viewport_size(LAPTOP)
    page.goto(f"{live_server.url}/t/{TID}/dealt?lang=fr")
    expect(page.get_by_role("heading", name="Cartes distribuées par pokerfloor")).to_be_visible()
    page.screenshot(path="/tmp/h-dealt-td-page.png", full_page=True)
    links = {}
    for anchor in page.locator("a[data-player]").all():
        player, href = anchor.get_attribute("data-player"), anchor.get_attribute("href")
        assert player and href
        links[player] = live_server.url + href
    return links


def _act(phone: Page, prefer: tuple[str, ...]) -> bool:
    """Click the first of the preferred actions the phone offers; confirm an all-in."""
    actions = phone.locator("#dealt-actions")
    if actions.count() == 0:
        return False
    for kind in prefer:
        button = actions.locator(f'button[name="kind"][value="{kind}"]')
        if button.count():
            try:
                button.first.click(timeout=2_000)
            except Exception:  # the turn moved on meanwhile (a push replaced the form)
                return False
            if kind == "allin":
                confirm = phone.locator("#dealt-confirm-allin")
                confirm.wait_for(timeout=5_000)
                confirm.click()
            return True
    return False


def _players_left(live_server: LiveServer) -> int:
    summary = httpx.get(f"{live_server.url}/api/tournaments/{TID}").json()
    return int(summary["players_left"])


def test_a_sit_and_go_dealt_by_pokerfloor_played_on_four_phones_to_a_winner(
    browser: Browser, live_server: LiveServer
) -> None:
    _set_up(live_server)
    td = browser.new_context(viewport=LAPTOP, locale="fr-FR").new_page()
    links = _links(td, live_server)
    assert sorted(links) == ["p1", "p2", "p3", "p4"]
    phones: dict[str, Page] = {}
    for player, link in links.items():
        context = browser.new_context(viewport=PHONE, locale="fr-FR", has_touch=True,
                                      is_mobile=True)  # fmt: skip
        phones[player] = context.new_page()
        phones[player].goto(link + "?lang=fr")
    # Spectators are not allowed: the table's screen opens from its secret link (TD's page).
    screen_link = td.locator('a[data-screen="1"]').get_attribute("href")
    assert screen_link and "?key=" in screen_link
    screen = browser.new_context(viewport=SCREEN, locale="fr-FR").new_page()
    screen.goto(f"{live_server.url}{screen_link}&lang=fr")
    command(live_server, TID, type="start_clock")

    # The first hand comes to every phone by the push: two face-up cards of one's own only.
    for phone in phones.values():
        wait_until(phone, OWN_TWO_CARDS)
        assert phone.locator(OTHERS_FACE_UP).count() == 0
    wait_until(screen, "document.querySelectorAll('.dealt-seat').length === 4")
    assert screen.locator(".dealt-seat .dealt-card:not(.dealt-back)").count() == 0
    screen.screenshot(path="/tmp/h-dealt-screen.png")

    # A raise typed on the keypad (the minimum button fills it), by whoever is to act.
    to_act = _wait_for_turn(phones)
    phone = phones[to_act]
    phone.screenshot(path="/tmp/h-dealt-phone-turn.png")
    phone.locator(".dealt-presets button").first.click()
    phone.locator('button[name="kind"][value="raise"]').click()
    wait_until(phone, "document.querySelector('#dealt-actions') === null")

    # A timeout: the next player lets the clock run out (5 s, no bank), and with away_after 1
    # is marked away; one tap brings him back.
    sleeper = _wait_for_turn(phones)
    wait_until(phones[sleeper], "document.querySelector('#dealt-back') !== null", timeout=20)
    phones[sleeper].screenshot(path="/tmp/h-dealt-phone-away.png")
    phones[sleeper].locator("#dealt-back").click()
    wait_until(phones[sleeper], "document.querySelector('#dealt-back') === null")

    # A reconnection: the page reloaded shows the same seat and cards at once.
    phones["p2"].reload()
    wait_until(phones["p2"], "document.querySelectorAll('.dealt-mine').length === 1")

    # Then everybody calls down, except p1 and p2 who go all-in: to a winner, a rebuy taken
    # once by the first player busted.
    rebought = False
    deadline = time.monotonic() + 240
    while _players_left(live_server) > 1:
        assert time.monotonic() < deadline, "no winner after 4 minutes"
        for player, phone in phones.items():
            prefer = (
                ("allin", "call", "check", "show", "muck")
                if player in ("p1", "p2")
                else ("call", "allin", "check", "muck", "show")  # p3 and p4 muck when they may
            )
            if phone.locator("#dealt-back").count():  # away after a timeout: back at once
                phone.locator("#dealt-back").click()
            _act(phone, prefer)
            if not rebought and phone.locator("#dealt-rebuy").count():
                phone.locator("#dealt-rebuy").click()
                rebought = True
        time.sleep(0.2)
    td.goto(f"{live_server.url}/t/{TID}/dealt/table/1/td?lang=fr")
    td.screenshot(path="/tmp/h-dealt-td-view.png", full_page=True)
    screen.screenshot(path="/tmp/h-dealt-screen-end.png")
    for name, phone in phones.items():
        phone.screenshot(path=f"/tmp/h-dealt-phone-{name}-end.png")
    players = httpx.get(f"{live_server.url}/api/tournaments/{TID}/players").json()["players"]
    assert sorted(p["place"] or 1 for p in players if p["status"] != "withdrawn")[0] == 1
    assert rebought


def _wait_for_turn(phones: dict[str, Any], timeout: float = 30) -> str:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        for player, phone in phones.items():
            if phone.locator("#dealt-actions").count():
                return player
        time.sleep(0.1)
    raise AssertionError("nobody's turn")
