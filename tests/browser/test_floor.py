"""The floor calculator in a real browser: a preset fills the form, the ruling comes back with
the rulebook's article, and the rulebooks can be compared."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from tests.browser.conftest import LiveServer
from tests.browser.test_pages_render import sign_in


def test_a_preset_gives_the_ruling_with_its_article(page: Page, live_server: LiveServer) -> None:
    sign_in(page, live_server)
    page.goto(f"{live_server.url}/floor?lang=fr")
    expect(page.get_by_role("heading", name="Calculateur du floor")).to_be_visible()
    page.get_by_role("button", name="Un seul jeton supérieur").click()
    chips = page.get_by_label("Jetons poussés (valeurs)")
    expect(chips).to_have_value("1000")
    page.get_by_role("button", name="Donner la décision").click()
    result = page.locator("#floor-result")
    # ropta 5.5 case 1A / tda-2024 R44: a single oversized chip without a word is a call.
    expect(result).to_contain_text("Suivi : un seul jeton de valeur supérieure")
    expect(result).to_contain_text("tda-2024 R44")
    expect(result).to_contain_text("BB est engagé pour 700")


def test_comparing_the_rulebooks_with_the_keyboard(page: Page, live_server: LiveServer) -> None:
    sign_in(page, live_server)
    page.goto(f"{live_server.url}/floor?lang=en")
    page.get_by_label("Compare all the rulebooks").check()
    page.get_by_role("button", name="Under-raise all-ins").click()
    expect(page.get_by_label("Raise to (total)")).to_have_value("1000")
    expect(page.get_by_label("Compare all the rulebooks")).to_be_checked()  # kept by the preset
    page.get_by_label("Raise to (total)").press("Enter")  # Enter gives the ruling
    result = page.locator("#floor-result")
    expect(result.locator("article")).to_have_count(5)
    # tda-2024 R47 reopens the betting after two short all-ins; allinouest, tda-2010 R31 and
    # heavenpoker 9.23 do not: those three are marked.
    expect(result.locator(".floor-differs")).to_have_count(3)
    expect(result.locator('[data-profile="allinouest"]')).to_contain_text("Call")
    expect(result.locator('[data-profile="tda-2024"]')).to_contain_text("Raise to 1,000")
    # A new preset clears the ruling of the previous situation.
    page.get_by_role("button", name="Out of turn").click()
    expect(result.locator("article")).to_have_count(0)
