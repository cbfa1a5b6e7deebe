"""The phone acts over its page's WebSocket (issue 31's measure), against a real ``pokerfloor
serve`` and Debian's chromium: a 390x844 phone (touch) at its turn taps "Suivre" (call); the
action goes as a message on the socket that brings the pushes (no HTTP request to ``/act``),
the server rules it, and the turn passes to the next phone. Screenshot:
/tmp/h-dealt-ws-act.png.
"""

from __future__ import annotations

import json
import time
from typing import Any

from playwright.sync_api import Browser, Page, expect

from tests.browser.conftest import LiveServer, wait_until
from tests.browser.dealt_set_up import dealt_tournament
from tests.browser.test_dealt_sitngo import LAPTOP, PHONE
from tests.browser.test_pages_render import sign_in

TID = "sng-ws-act"


def _set_up(live_server: LiveServer) -> None:
    # A long action time: the clock must not act for anybody during the test.
    dealt_tournament(
        live_server,
        TID,
        3,
        {"action_seconds": 120, "bank_seconds": 0, "away_after": 0, "pause_seconds": 0},
    )


def _whose_turn(phones: list[Page], timeout_s: float) -> int:
    """The phone showing the actions (its player's turn), waited for."""
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        for index, phone in enumerate(phones):
            if phone.locator("#dealt-actions").count():
                return index
        time.sleep(0.2)
    raise AssertionError("no phone shows its turn")


def test_issue_31_the_phone_acts_over_its_websocket(
    browser: Browser, live_server: LiveServer
) -> None:
    _set_up(live_server)
    td = browser.new_context(viewport=LAPTOP, locale="fr-FR").new_page()
    sign_in(td, live_server)
    td.goto(f"{live_server.url}/t/{TID}/dealt?lang=fr")
    phones: list[Page] = []
    sent: list[list[str]] = []
    posts: list[str] = []
    for number in range(1, 4):
        link = td.locator(f'a[data-player="p{number}"]').get_attribute("href")
        assert link
        context = browser.new_context(viewport=PHONE, locale="fr-FR", has_touch=True,
                                      is_mobile=True)  # fmt: skip
        phone = context.new_page()
        frames: list[str] = []

        def listen(socket: Any, frames: list[str] = frames) -> None:
            socket.on("framesent", lambda payload: frames.append(str(payload)))

        phone.on("websocket", listen)
        phone.on(
            "request",
            lambda request: posts.append(request.url) if request.method == "POST" else None,
        )
        phone.goto(live_server.url + link)
        phones.append(phone)
        sent.append(frames)
    for phone in phones:  # every socket open before anybody acts
        wait_until(phone, "document.getElementById('dealt-table-part') !== null", 20)
    acting = _whose_turn(phones, 20.0)
    phone = phones[acting]
    phone.locator('#dealt-actions button[name="kind"][value="call"]').tap()
    expect(phone.locator("#dealt-actions")).to_have_count(0, timeout=10_000)  # ruled: turn gone
    messages = [json.loads(frame) for frame in sent[acting] if frame.startswith("{")]
    assert any(message.get("kind") == "call" for message in messages), sent[acting]
    assert not [url for url in posts if url.endswith("/act")], posts  # no HTTP POST
    expect(phone.locator("#flash")).to_have_attribute("data-answer", "ok")
    following = phones[_whose_turn(phones, 10.0)]  # the turn passed to another phone
    assert following is not phone
    phone.screenshot(path="/tmp/h-dealt-ws-act.png")
    following.screenshot(path="/tmp/h-dealt-ws-act-next.png")
