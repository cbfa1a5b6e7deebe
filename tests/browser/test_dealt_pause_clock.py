"""The phone's action clock while the TD pauses a dealt table (issue 31 item 4), against a real
``pokerfloor serve``: a 390x844 phone (touch) stops counting as soon as the server says the
table is paused, shows the time the server says is left, and counts down again from the
server's remaining time once the table resumes. Screenshots go to /tmp/h-dealt-pause-*.png.
"""

from __future__ import annotations

import re
import time

import httpx
from playwright.sync_api import Browser, Page, expect

from tests.browser.conftest import LiveServer
from tests.browser.dealt_set_up import dealt_tournament
from tests.browser.test_dealt_sitngo import LAPTOP, PHONE
from tests.browser.test_pages_render import sign_in

TID = "sng-pause"


def _set_up(live_server: LiveServer) -> None:
    # A long action time: nobody acts and the clock must not run out during the test.
    dealt_tournament(
        live_server,
        TID,
        3,
        {"action_seconds": 120, "bank_seconds": 0, "away_after": 0, "pause_seconds": 0},
    )


def _seconds(phone: Page) -> int:
    text = phone.locator(".dealt-clock").first.inner_text()
    match = re.match(r"\s*(\d+)\s*s", text)
    assert match, text
    return int(match.group(1))


def _wait(check: object, timeout_s: float) -> None:
    """Until ``check()`` is true (the page's own clock, read from Python)."""
    assert callable(check)
    deadline = time.monotonic() + timeout_s
    while not check():
        assert time.monotonic() < deadline, "not in time"
        time.sleep(0.2)


def _server_left_s(live_server: LiveServer) -> int:
    """What the server says the player to act has left (table 1 read with the TD token: the
    public view follows the spectators' setting, not allowed here)."""
    headers = {"Authorization": f"Bearer {live_server.token}"}
    view = httpx.get(f"{live_server.url}/api/tournaments/{TID}/dealt/tables/1",
                     headers=headers).json()  # fmt: skip
    assert view["paused_at_ms"], view
    return (view["deadline_ms"] - view["paused_at_ms"]) // 1000


def test_the_phone_s_clock_stands_still_while_the_table_is_paused_then_resumes_from_the_server(
    browser: Browser, live_server: LiveServer
) -> None:
    _set_up(live_server)
    td = browser.new_context(viewport=LAPTOP, locale="fr-FR").new_page()
    sign_in(td, live_server)
    td.goto(f"{live_server.url}/t/{TID}/dealt?lang=fr")
    link = td.locator('a[data-player="p1"]').get_attribute("href")
    assert link
    context = browser.new_context(viewport=PHONE, locale="fr-FR", has_touch=True, is_mobile=True)
    phone = context.new_page()
    phone.goto(live_server.url + link)
    clock = phone.locator(".dealt-clock").first
    expect(clock).to_be_visible(timeout=20_000)  # the server dealt: somebody is to act
    _wait(lambda: _seconds(phone) < 119, timeout_s=10)  # it counts down

    td.locator('[data-pause="1"]').click()
    expect(phone.locator(".dealt-clock[data-paused]")).to_be_visible(timeout=10_000)
    expect(clock).to_contain_text("en pause")
    paused_at = _seconds(phone)
    assert abs(paused_at - _server_left_s(live_server)) <= 1  # the server's remaining time
    time.sleep(2.5)
    assert _seconds(phone) == paused_at  # it stood still
    phone.screenshot(path="/tmp/h-dealt-pause-paused.png")

    td.locator('[data-resume="1"]').click()
    expect(phone.locator(".dealt-clock:not([data-paused])")).to_be_visible(timeout=10_000)
    resumed_at = _seconds(phone)
    assert paused_at - 2 <= resumed_at <= paused_at  # from the time that was left
    _wait(lambda: _seconds(phone) <= resumed_at - 2, timeout_s=10)  # counting again
    phone.screenshot(path="/tmp/h-dealt-pause-resumed.png")
    context.close()
