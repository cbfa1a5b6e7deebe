"""The home and sign-in pages render in French and English in a real browser."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from tests.browser.conftest import LiveServer


def sign_in(page: Page, live_server: LiveServer) -> None:
    page.goto(f"{live_server.url}/login")
    page.get_by_label("Jeton TD").fill(live_server.token)
    page.get_by_role("button", name="Se connecter").click()


def test_home_in_french_then_english(page: Page, live_server: LiveServer) -> None:
    page.goto(live_server.url + "/")
    expect(page.get_by_role("heading", name="Tournois")).to_be_visible()
    page.get_by_role("link", name="EN", exact=True).click()
    expect(page.get_by_role("heading", name="Tournaments")).to_be_visible()
    page.goto(live_server.url + "/")  # the choice sticks (cookie)
    expect(page.get_by_role("heading", name="Tournaments")).to_be_visible()


def test_td_sign_in_refuses_a_wrong_token(page: Page, live_server: LiveServer) -> None:
    page.goto(f"{live_server.url}/login?lang=fr")
    page.get_by_label("Jeton TD").fill("not-the-token")
    page.get_by_role("button", name="Se connecter").click()
    expect(page.get_by_role("alert")).to_contain_text("Ce n'est pas le jeton TD")
    sign_in(page, live_server)
    expect(page.get_by_role("link", name="Nouveau tournoi")).to_be_visible()
