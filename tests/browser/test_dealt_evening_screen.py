"""The table's screen of a dealt evening, against a real ``pokerfloor serve``: on the 1920x1080
TV and on a 1280x800 tablet, every seat of a 6-player and of a 9-player table is on the screen
without scrolling (nobody scrolls the screen in the middle of a table; on the tablet the 16rem
seats made rows of 4 and the last seats fell below its edge). Screenshots go to
/tmp/h-dealt-evening-screen-*.png.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect

from tests.browser.conftest import LiveServer, wait_until
from tests.browser.dealt_set_up import LONG_CLOCK, SCREEN, dealt_tournament, td_page

TABLET = {"width": 1280, "height": 800}


@pytest.mark.parametrize("players", [6, 9])
def test_every_seat_is_on_the_table_s_screen_on_the_tv_and_on_a_tablet(
    browser: Browser, live_server: LiveServer, players: int
) -> None:
    tid = f"evening-screen-{players}"
    # The seats: one table of 9 (the turbo's tables are of 9).
    dealt_tournament(live_server, tid, players, LONG_CLOCK)
    td = td_page(browser, live_server, f"/t/{tid}/dealt?lang=fr")
    link = td.locator('a[data-screen="1"]').get_attribute("href")
    assert link
    td.context.close()
    for name, size in (("tv", SCREEN), ("tablet", TABLET)):
        screen = browser.new_context(viewport=size, locale="fr-FR").new_page()
        screen.goto(f"{live_server.url}{link}&lang=fr")
        expect(screen.locator(".dealt-clock")).to_be_visible(timeout=20_000)  # a hand dealt
        wait_until(screen, f"document.querySelectorAll('.dealt-seat').length === {players}")
        screen.screenshot(path=f"/tmp/h-dealt-evening-screen-{name}-{players}.png")
        below = screen.evaluate(
            """() => [...document.querySelectorAll('.dealt-seat')]
               .filter(s => s.getBoundingClientRect().bottom > window.innerHeight
                            || s.getBoundingClientRect().right > window.innerWidth)
               .map(s => s.dataset.seat)"""
        )
        assert below == [], f"{name}: seats {below} off the screen"
        screen.context.close()
