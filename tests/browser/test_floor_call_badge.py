"""A floor call in real browsers: a captain calls the floor from a phone (390x844); the TD's
console (1366x768) shows the badge by the clock line, in sight without scrolling, and the call
in its list without a reload, chimes once (the TD turned the sound on), and the call leaves
once answered; the clock screen the TD has open shows the badge too. Screenshots in /tmp."""

from __future__ import annotations

import re

from playwright.sync_api import Browser, Page, expect

from tests.browser.conftest import LiveServer, console_and_captain_link, wait_until
from tests.browser.test_captain import PHONE

LAPTOP = {"width": 1366, "height": 768}
TID = "floor-badge"
SOUND = "data-floor-call-sound"  # floor_calls.js: "played", or "blocked" by the browser


def test_a_floor_call_raises_the_consoles_badge_live_and_leaves_once_answered(
    page: Page, browser: Browser, live_server: LiveServer
) -> None:
    link = console_and_captain_link(page, live_server, TID)
    page.evaluate("window.notReloaded = true")
    badge = page.locator("#floor-call-badge")
    expect(badge).to_have_text("Aucun appel au floor")
    # Browsers play a sound only after a click: the TD turns it on once.
    toggle = page.get_by_role("button", name="Son des appels")
    # The console is compact: the note is the button's tooltip.
    expect(toggle).to_have_attribute("title", re.compile("Le navigateur ne joue un son qu'après"))
    toggle.click()
    expect(toggle).to_have_attribute("aria-pressed", "true")
    wait_until(page, f"document.body.getAttribute('{SOUND}') === 'played'")  # the confirmation
    page.evaluate(f"document.body.removeAttribute('{SOUND}')")

    clock = page.context.new_page()  # the TD's own clock screen (signed in)
    clock.set_viewport_size(LAPTOP)
    clock.goto(f"{live_server.url}/t/{TID}/clock?lang=fr")
    clock_badge = clock.locator("#floor-call-badge")
    expect(clock_badge).to_be_hidden()

    phone = browser.new_context(viewport=PHONE, locale="fr-FR", has_touch=True)
    captain = phone.new_page()
    captain.goto(link)
    captain.get_by_label("Pourquoi ? (facultatif)").fill("Litige sur un tapis")
    captain.get_by_role("button", name="Appeler le floor").click()
    expect(captain.locator("#captain-call")).to_contain_text(
        "Floor appelé à l'instant : le TD voit votre appel."
    )
    captain.screenshot(path="/tmp/floor-call-phone.png")

    expect(badge).to_contain_text("1 appel au floor")
    expect(badge).to_contain_text("dernier : table 1, à l'instant")
    box = badge.bounding_box()
    assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= LAPTOP["height"]
    calls = page.locator("#console-floor-calls")
    expect(calls).to_contain_text("Table 1")
    expect(calls).to_contain_text("Litige sur un tapis")
    expect(calls).to_contain_text("à l'instant")
    wait_until(page, "document.body.getAttribute('data-floor-call-chimes') === '1'")
    wait_until(page, f"document.body.getAttribute('{SOUND}') === 'played'")  # the wav played
    page.screenshot(path="/tmp/floor-call-console.png")
    expect(clock_badge).to_have_text("1 appel au floor dernier : table 1, à l'instant")
    expect(clock.locator("#clock-screen")).not_to_contain_text("Litige")
    clock.screenshot(path="/tmp/floor-call-clock-td.png")

    calls.get_by_role("button", name="Appel traité : table 1").click()
    expect(page.locator("#flash")).to_contain_text("Appel de la table 1 traité.")
    expect(calls).to_have_text("Aucun appel en attente.")
    # The "Answered" button left with its call: the focus goes to the list's heading.
    wait_until(page, "document.activeElement.id === 'floor-calls-title'")
    expect(badge).to_have_text("Aucun appel au floor")
    expect(clock_badge).to_be_hidden()
    expect(captain.get_by_role("button", name="Appeler le floor")).to_be_visible()
    page.screenshot(path="/tmp/floor-call-console-answered.png")
    assert page.evaluate("window.notReloaded") is True
    assert page.evaluate("document.body.getAttribute('data-floor-call-chimes')") == "1"
    phone.close()
