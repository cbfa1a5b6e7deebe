"""Issue 30 item 1 in a real browser: the clock screen (1920x1080) shows the winner as soon as
the aggregate names one (one player left, the TD has not finished), without a reload, from the
read model's ``podium_before_finish``. Screenshot: /tmp/h-irreg-clock-winner-1920.png."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from tests.browser.conftest import LiveServer
from tests.browser.test_clock import running_tournament, send


def test_issue_30_item_1_the_clock_screen_shows_the_winner_before_the_finish(
    page: Page, live_server: LiveServer
) -> None:
    url, token = live_server.url, live_server.token
    running_tournament(url, token, "winner", players=3)
    page.set_viewport_size({"width": 1920, "height": 1080})
    page.goto(f"{url}/t/winner/clock?lang=fr")
    expect(page.locator(".clock-period")).to_have_text("Niveau 1")
    page.evaluate("window.notReloaded = true")
    for player in ("p1", "p2"):
        send(url, token, "winner", {"type": "bust_players", "table_no": 1, "players": [player]})
    expect(page.locator("body")).to_contain_text("Vainqueur", timeout=15_000)
    expect(page.locator("body")).to_contain_text("Joueur 3")
    assert page.evaluate("window.notReloaded === true")
    page.screenshot(path="/tmp/h-irreg-clock-winner-1920.png")
