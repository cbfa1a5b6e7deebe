"""After a dealt evening's hands, the hand's page and ``pokerfloor verify-deck``, against a real
``pokerfloor serve``: the command the TD's hand page gives runs as it is and says everything
matches (it gave ``--url`` on a page behind the TD's sign-in, which the command could only be
refused: HTTP 403); the player's page gives its own, which runs too; a hand over before the
flop says there is no board. Screenshots go to
/tmp/h-dealt-evening-verify-*.png.
"""

from __future__ import annotations

import shlex
import subprocess
import sys
import time

import httpx
from playwright.sync_api import Browser, Page, expect

from tests.browser.conftest import LiveServer
from tests.browser.dealt_set_up import PHONE, bots_on, dealt_tournament, td_page
from tests.browser.test_console import command

TID = "evening-verify"


def _verify(page: Page) -> subprocess.CompletedProcess[str]:
    """The page's command, run as the reader would paste it."""
    words = shlex.split(page.locator(".dealt-verify-command").inner_text())
    assert words[:2] == ["pokerfloor", "verify-deck"], words
    return subprocess.run(
        [sys.executable, "-m", "pokerfloor.cli.main", *words[1:]],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


def test_the_verify_command_of_the_td_s_and_the_player_s_hand_pages_runs_and_matches(
    browser: Browser, live_server: LiveServer
) -> None:
    dealt_tournament(
        live_server,
        TID,
        6,
        {"action_seconds": 5, "bank_seconds": 0, "away_after": 0, "pause_seconds": 0},
        start=False,
    )
    headers = {"Authorization": f"Bearer {live_server.token}"}
    bots_on(live_server, TID, [f"p{number}" for number in range(1, 7)])
    command(live_server, TID, type="start_clock")
    deadline = time.monotonic() + 90
    while httpx.get(f"{live_server.url}/api/tournaments/{TID}/dealt/tables/1/hands/3",
                    headers=headers).status_code != 200:  # fmt: skip
        assert time.monotonic() < deadline, "no third hand"
        time.sleep(0.5)

    td = td_page(browser, live_server, f"/t/{TID}/dealt/table/1/hand/2?lang=fr")
    expect(td.locator(".dealt-verify-command")).to_be_visible()
    td.screenshot(path="/tmp/h-dealt-evening-verify-td.png", full_page=True)
    # A hand over before the flop says so, instead of the word "Board" over nothing.
    board = td.locator("p.dealt-board")
    assert board.locator(".dealt-card").count() or "avant le flop" in board.inner_text()
    answer = _verify(td)
    assert answer.returncode == 0, answer.stdout + answer.stderr
    assert "concorde" in answer.stdout

    td.goto(f"{live_server.url}/t/{TID}/dealt?lang=fr")
    link = td.locator('a[data-player="p1"]').get_attribute("href")
    assert link
    phone = browser.new_context(viewport=PHONE, locale="fr-FR", is_mobile=True).new_page()
    for hand_no in (1, 2, 3):
        phone.goto(f"{live_server.url}{link}/hand/1/{hand_no}?lang=fr")
        if phone.locator(".dealt-verify-command").count():  # a card everyone saw: to check
            phone.screenshot(path="/tmp/h-dealt-evening-verify-phone.png", full_page=True)
            answer = _verify(phone)
            assert answer.returncode == 0, answer.stdout + answer.stderr
