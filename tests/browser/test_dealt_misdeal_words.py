"""Issue 30 item 3 in a real browser: the TD calls a misdeal on a table dealt by pokerfloor
(against a real ``pokerfloor serve``); the hand's ruling is stored as the floor's step keys,
and the French pages show the steps in French: the console's answer (1366x768) and the hand's
history (390x844). Screenshots go to /tmp/h-irreg-*.png."""

from __future__ import annotations

from playwright.sync_api import Browser, Dialog, expect

from tests.browser.conftest import LiveServer, wait_until
from tests.browser.dealt_set_up import dealt_tournament
from tests.browser.test_dealt_sitngo import LAPTOP, PHONE
from tests.browser.test_pages_render import sign_in

TID = "misdeal-browser"
FRENCH_STEP = "Ramasser toutes les cartes et remélanger tout le jeu."
ENGLISH_STEP = "Gather every card and shuffle the whole deck again."


def _set_up(live_server: LiveServer) -> None:
    # Nobody plays: the hand waits at the pre-flop, long before any substantial action.
    dealt_tournament(
        live_server,
        TID,
        4,
        {"action_seconds": 600, "bank_seconds": 0, "away_after": 3, "pause_seconds": 0},
    )


def test_issue_30_item_3_a_misdeal_on_a_dealt_table_reads_in_french(
    browser: Browser, live_server: LiveServer
) -> None:
    _set_up(live_server)
    td = browser.new_context(viewport=LAPTOP, locale="fr-FR").new_page()
    sign_in(td, live_server)
    td.goto(f"{live_server.url}/t/{TID}/dealt?lang=fr")
    kill = td.locator('button[data-kill="1"]')
    kill.wait_for(timeout=30_000)  # the server's dealer has dealt the first hand
    td.locator("form.dealt-kill select").select_option("button_wrong")
    td.once("dialog", lambda dialog: Dialog.accept(dialog))
    kill.click()
    flash = td.locator("#flash")
    expect(flash).to_contain_text("Donne faussée à la table 1", timeout=15_000)
    expect(flash).to_contain_text(FRENCH_STEP)
    assert ENGLISH_STEP not in flash.inner_text()
    td.screenshot(path="/tmp/h-irreg-console-1366.png")
    # The voided hand's history, on a phone, in French.
    td.set_viewport_size(PHONE)
    td.goto(f"{live_server.url}/t/{TID}/dealt/table/1/hand/1?lang=fr")
    wait_until(td, "document.querySelector('.dealt-floor-steps') !== null")
    steps = td.locator(".dealt-floor-steps")
    expect(steps).to_contain_text(FRENCH_STEP)
    expect(td.locator(".dealt-floor-ruling")).to_contain_text("Décision du floor")
    assert ENGLISH_STEP not in td.content()
    td.screenshot(path="/tmp/h-irreg-hand-390.png", full_page=True)
    # The deck order (52 cards) and the verify command wrap: nothing wider than the phone.
    assert td.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    td.set_viewport_size(LAPTOP)
    td.screenshot(path="/tmp/h-irreg-hand-1366.png", full_page=True)
    # The same hand in English: the steps are rebuilt from their keys, not stored text.
    td.goto(f"{live_server.url}/t/{TID}/dealt/table/1/hand/1?lang=en")
    expect(td.locator(".dealt-floor-steps")).to_contain_text(ENGLISH_STEP)
