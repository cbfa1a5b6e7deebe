"""Issue 12, finding 10, in a real browser: under the Content-Security-Policy every page loads
and runs its scripts (htmx, the live updates, the pages' own behaviours) without a single
violation, and the desk's forms still clear themselves (a data attribute, not an inline
handler). Finding 1 too: a player's name that is markup shows as text and never runs."""

from __future__ import annotations

from playwright.sync_api import Browser, ConsoleMessage, expect

from tests.browser.conftest import LiveServer, wait_until
from tests.browser.test_captain import send
from tests.browser.test_rebuy_evening import sign_in
from tests.browser.test_whole_evening import COUNT_SOCKETS


def test_finding_10_the_pages_run_under_the_policy_without_a_violation(
    browser: Browser, live_server: LiveServer
) -> None:
    send(live_server, None, {"tournament_id": "csp"})
    page = browser.new_context(viewport={"width": 1366, "height": 768}).new_page()
    page.add_init_script(COUNT_SOCKETS)
    violations: list[str] = []

    def watch(message: ConsoleMessage) -> None:
        if "Content Security Policy" in message.text or "Refused to" in message.text:
            violations.append(message.text)

    page.on("console", watch)
    sign_in(page, live_server, "/t/csp/desk")
    wait_until(page, "window.liveSockets >= 1")
    name = page.get_by_label("Nom", exact=True)
    name.fill("Anne Roy")
    name.press("Enter")
    expect(page.locator("#flash")).to_contain_text("Anne Roy inscrit(e)")
    expect(name).to_have_value("")  # the form cleared itself (data-done="reset")
    expect(name).to_be_focused()
    page.get_by_role("button", name="Désinscrire : Anne Roy").click()
    dialog = page.locator("#desk-unregister")
    expect(dialog).to_be_visible()
    dialog.get_by_role("button", name="Annuler").click()  # data-close-form
    expect(dialog).to_have_count(0)
    # Finding 1 in the browser: a name that is markup is shown as text and never runs.
    hostile = '<img src=x onerror="window.pwned=1">'
    name.fill(hostile)
    name.press("Enter")
    expect(page.locator("#desk-players")).to_contain_text(hostile)
    assert page.evaluate("window.pwned") is None
    for path in ("/t/csp/console", "/t/csp/clock", "/t/csp/captains", "/t/csp/results", "/"):
        page.goto(f"{live_server.url}{path}?lang=fr")
        page.wait_for_load_state("networkidle")
        assert page.evaluate("window.pwned") is None, path
    assert violations == []
