"""Dealing irregularities in real browsers: the TD rules three situations from the floor page
(1366x768: the ruling beside the form, in sight without scrolling; a change rules again in
place, without a reload; the same form works with JavaScript off), and a captain names the
situation when calling the floor from a phone (390x844, nothing wider than the screen): the
TD's console shows the call with the suggested ruling and its articles, live.

The decisions expected are the rules core's (``pokerfloor.floor.rule``): these tests check
what the pages show of it, not the rulings themselves (tests/floor/ does)."""

from __future__ import annotations

from playwright.sync_api import Browser, ConsoleMessage, Page, expect

from pokerfloor.floor import rule
from tests.browser.conftest import LiveServer, console_and_captain_link, wait_until
from tests.browser.test_captain import PHONE
from tests.browser.test_pages_render import sign_in

LAPTOP = {"width": 1366, "height": 768}
TID = "floor-irregularities"


# Counts the rulings swapped in and settled (htmx has then wired the new form).
SETTLED = """
window.settled = 0;
document.addEventListener("htmx:afterSettle", function () { window.settled += 1; });
"""


def csp_violations(page: Page) -> list[str]:
    """The Content-Security-Policy violations the page reports from now on (none allowed: no
    inline script or handler)."""
    found: list[str] = []

    def watch(message: ConsoleMessage) -> None:
        if "Content Security Policy" in message.text or "Refused to" in message.text:
            found.append(message.text)

    page.on("console", watch)
    return found


def in_sight(page: Page, selector: str) -> bool:
    box = page.locator(selector).bounding_box()
    return box is not None and box["y"] >= 0 and box["y"] + box["height"] <= LAPTOP["height"]


def choose(page: Page, field: str, value: str) -> None:
    """Pick ``value`` in the form's field ``field`` and wait for the ruling it brings to be in
    place (``SETTLED`` counts them; the address follows each ruling: ``hx-push-url``)."""
    settled = page.evaluate("window.settled")
    element = page.locator(f'#irr-form [name="{field}"]')
    if value == "true" and element.get_attribute("type") == "checkbox":
        element.check()
    else:
        element.select_option(value)
    wait_until(page, f"window.settled > {settled}")
    wait_until(page, f"location.search.includes('{field}={value}')")


def decision_of(page: Page) -> str:
    return page.locator("#irr-result .irr-decision").get_attribute("data-decision") or ""


def test_three_situations_ruled_from_the_floor_page(page: Page, live_server: LiveServer) -> None:
    sign_in(page, live_server)
    page.set_viewport_size(LAPTOP)
    page.add_init_script(SETTLED)
    violations = csp_violations(page)
    page.goto(f"{live_server.url}/floor?lang=fr")
    page.get_by_role("link", name="Incident de donne").click()
    expect(page.locator("#irr-result")).to_be_visible()
    page.evaluate("window.notReloaded = true")

    # 1. A misdeal called after substantial action (tda-2024 R36): too late.
    choose(page, "situation", "misdeal_claim")
    choose(page, "f_actions", "3")
    choose(page, "f_chips_actions", "2")
    late = rule("tda-2024", "misdeal_claim", {"actions": 3, "chips_actions": 2})
    expect(page.locator("#irr-result .irr-decision")).to_have_attribute(
        "data-decision", late.decision
    )
    expect(page.locator("#irr-result")).to_contain_text("tda-2024 R36")
    assert in_sight(page, "#irr-result .irr-decision") and in_sight(page, "#irr-result .irr-cites")
    expect(page.locator(".irr-card")).to_have_count(5)  # every bundled profile
    page.screenshot(path="/tmp/floor-irregularity.png")

    # 2. A four-card flop, the order unknown, under ROPTA.
    choose(page, "profile", "ropta")
    choose(page, "situation", "flop_dealt_wrong")
    choose(page, "f_error", "four_cards")
    four = rule("ropta", "flop_dealt_wrong", {"error": "four_cards"})
    expect(page.locator("#irr-result .irr-decision")).to_have_attribute(
        "data-decision", four.decision
    )
    expect(page.locator("#irr-result")).to_contain_text(four.citations[0].split(" (")[0])

    # 3. A hand touched by the muck, protected (a checkbox).
    choose(page, "situation", "dead_hand")
    choose(page, "f_cause", "touched_by_muck")
    choose(page, "f_protected", "true")
    muck = rule("ropta", "dead_hand", {"cause": "touched_by_muck", "protected": True})
    expect(page.locator("#irr-result .irr-decision")).to_have_attribute(
        "data-decision", muck.decision
    )
    assert page.evaluate("window.notReloaded === true")  # ruled in place each time
    assert "situation=dead_hand" in page.url  # the address follows: it can be shared
    assert violations == []


def test_the_irregularity_form_works_without_javascript(
    browser: Browser, live_server: LiveServer
) -> None:
    context = browser.new_context(viewport=LAPTOP, locale="fr-FR", java_script_enabled=False)
    page = context.new_page()
    sign_in(page, live_server)
    page.goto(f"{live_server.url}/floor/irregularities?lang=fr")
    page.locator("#irr-situation").select_option("premature_card")
    page.get_by_role("button", name="Donner la décision").click()
    expect(page.locator("#irr-situation")).to_have_value("premature_card")
    page.locator("#irr-street").select_option("turn")
    page.get_by_role("button", name="Donner la décision").click()
    turn = rule("tda-2024", "premature_card", {"street": "turn"})
    assert decision_of(page) == turn.decision
    context.close()


def test_a_phone_names_the_situation_and_the_td_sees_the_suggested_ruling(
    page: Page, browser: Browser, live_server: LiveServer
) -> None:
    link = console_and_captain_link(page, live_server, TID)

    phone = browser.new_context(viewport=PHONE, locale="fr-FR", has_touch=True)
    captain = phone.new_page()
    violations = csp_violations(captain)
    captain.goto(link)
    captain.get_by_label("Que s'est-il passé ? (facultatif)").select_option("misdeal_claim")
    facts = captain.locator("#cap-call-facts")
    expect(facts.locator('select[name="f_cause"]')).to_be_visible()
    facts.locator('select[name="f_cause"]').select_option("extra_card")
    facts.locator('input[name="f_first_seat"]').check()
    captain.get_by_label("Pourquoi ? (facultatif)").fill("Une carte de trop")
    wide = captain.evaluate("document.documentElement.scrollWidth")
    assert wide <= PHONE["width"], f"the phone page is {wide} px wide"
    captain.locator("#captain-call").scroll_into_view_if_needed()
    captain.screenshot(path="/tmp/floor-irregularity-phone.png")
    captain.get_by_role("button", name="Appeler le floor").click()
    expect(captain.locator("#flash")).to_contain_text("Le floor est appelé pour")
    expect(captain.locator("#captain-call")).to_contain_text("Floor appelé")

    # The TD's console, live: the call with the suggested ruling under the event's profile.
    suggestion = page.locator("#floor-call-suggestion-1")
    extra = rule("tda-2024", "misdeal_claim", {"cause": "extra_card", "first_seat": True})
    expect(suggestion.locator(".irr-decision")).to_have_attribute("data-decision", extra.decision)
    expect(suggestion).to_contain_text("Décision suggérée, tda-2024")
    expect(suggestion).to_contain_text(extra.citations[0].split(" (")[0])
    expect(page.locator("#console-floor-calls")).to_contain_text("Une carte de trop")
    suggestion.scroll_into_view_if_needed()
    page.screenshot(path="/tmp/floor-irregularity-console.png")
    # The TD opens it in the calculator, the same facts filled in.
    suggestion.get_by_role("link", name="Ouvrir dans le calculateur du floor").click()
    expect(page.locator("#irr-situation")).to_have_value("misdeal_claim")
    expect(page.locator("#irr-cause")).to_have_value("extra_card")
    assert decision_of(page) == extra.decision
    assert violations == []
    phone.close()
