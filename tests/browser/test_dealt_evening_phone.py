"""A new player's evening of dealt play on a 390x844 phone (touch), against a real ``pokerfloor
serve``: six players, two of them the simulator's bots. At their turn the player sees their
actions without scrolling, under the thumb; every action button holds its words and is at
least 44 px high; a tap on "All-in" shows its confirmation where the player looks, even from a
page scrolled down; an action chosen in advance shows it is on; folding is "Se coucher".
Screenshots go to /tmp/h-dealt-evening-*.png.
"""

from __future__ import annotations

import time

from playwright.sync_api import Browser, Page

from tests.browser.conftest import LiveServer
from tests.browser.dealt_set_up import LONG_CLOCK, PHONE, bots_on, dealt_tournament, td_page

TID = "evening-phone"


def _phones(browser: Browser, live_server: LiveServer) -> dict[str, Page]:
    # A long action time: the clock must not run out while the test looks at the page.
    dealt_tournament(live_server, TID, 6, LONG_CLOCK, start=False)
    bots_on(live_server, TID, ["p5", "p6"])
    td = td_page(browser, live_server, f"/t/{TID}/dealt?lang=fr")
    phones = {}
    for player in ("p1", "p2", "p3", "p4"):
        link = td.locator(f'a[data-player="{player}"]').get_attribute("href")
        assert link
        context = browser.new_context(viewport=PHONE, locale="fr-FR", has_touch=True,
                                      is_mobile=True)  # fmt: skip
        phones[player] = context.new_page()
        phones[player].goto(f"{live_server.url}{link}?lang=fr")
    td.context.close()
    return phones


def _turn(phones: dict[str, Page], timeout_s: float = 40) -> Page:
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        for phone in phones.values():
            if phone.locator("#dealt-actions").count():
                return phone
        time.sleep(0.2)
    raise AssertionError("nobody's turn")


def _in_view(phone: Page, selector: str) -> bool:
    """The element is wholly on the screen as it stands (no scrolling)."""
    inside: bool = phone.evaluate(
        """(selector) => { const r = document.querySelector(selector).getBoundingClientRect();
           return r.height > 0 && r.top >= 0 && r.bottom <= window.innerHeight; }""",
        selector,
    )
    return inside


def test_the_player_s_actions_and_the_all_in_confirmation_are_on_the_screen_under_the_thumb(
    browser: Browser, live_server: LiveServer
) -> None:
    phones = _phones(browser, live_server)
    from tests.browser.test_console import command

    command(live_server, TID, type="start_clock")
    phone = _turn(phones)
    phone.evaluate("window.scrollTo(0, 0)")
    phone.screenshot(path="/tmp/h-dealt-evening-turn.png")
    # At the top of the page, as the turn finds it: "All-in" and the raise are on the screen.
    assert _in_view(phone, '#dealt-actions button[value="allin"]')
    assert _in_view(phone, "#dealt-actions .dealt-raise")
    # Each button holds its words ("Minimum" overflowed its third of the screen) and is a
    # thumb's size.
    cramped = phone.evaluate(
        """() => [...document.querySelectorAll('#dealt-actions button')]
           .filter(b => b.scrollWidth > b.clientWidth + 1 || b.getBoundingClientRect().height < 44)
           .map(b => b.textContent.trim())"""
    )
    assert cramped == []
    # The words of a French table: one folds ("se coucher"), as the seats say ("Couché").
    fold = phone.locator('#dealt-actions button[value="fold"]')
    assert fold.inner_text() == "Se coucher"

    # An amount under the minimum reaches the server, whose refusal comes in the page's
    # language with the bounds (the browser's own check stopped it before, in the browser's
    # language: the server's sentence never showed).
    amount = phone.locator("#dealt-amount")
    if amount.count():
        low = int(amount.get_attribute("min") or "0") - 1
        amount.fill(str(low))
        phone.locator("#dealt-actions .dealt-raise").click()
        refusal = phone.locator("#flash")
        deadline = time.monotonic() + 10
        while not refusal.inner_text().strip():
            assert time.monotonic() < deadline, "no refusal for an amount under the minimum"
            time.sleep(0.1)
        assert phone.locator("#dealt-actions").count()  # still their turn
        assert "Please" not in refusal.inner_text()
        phone.screenshot(path="/tmp/h-dealt-evening-refusal.png")

    # Another player chooses "Check/fold" in advance: the button shows it is on.
    waiting = next(
        p for p in phones.values() if p is not phone and p.locator("#dealt-advance").count()
    )
    waiting.locator("#dealt-advance button").first.click()
    pressed = waiting.locator('#dealt-advance button[aria-pressed="true"]')
    pressed.wait_for(timeout=10_000)
    colours = waiting.evaluate(
        """() => [...document.querySelectorAll('#dealt-advance button')]
           .map(b => getComputedStyle(b).backgroundColor)"""
    )
    assert colours[0] != colours[1]  # on and off look different, not only by the focus ring
    waiting.screenshot(path="/tmp/h-dealt-evening-advance.png")

    # From a page scrolled to its bottom, a tap on "All-in": its confirmation on the screen.
    phone.evaluate("window.scrollTo(0, document.body.scrollHeight)")
    phone.locator('#dealt-actions button[value="allin"]').click()
    phone.locator("#dealt-confirm-allin").wait_for(timeout=10_000)
    phone.screenshot(path="/tmp/h-dealt-evening-allin.png")
    assert _in_view(phone, "#dealt-confirm-allin")
    phone.locator("#dealt-confirm-allin").click()
    deadline = time.monotonic() + 10
    while phone.locator("#dealt-confirm-allin").count():
        assert time.monotonic() < deadline, "the all-in was not taken"
        time.sleep(0.1)
