"""The registration desk in a real browser: players added through the form, one marked paid,
the list kept live when another desk registers someone, an unregistration with its reason, the
seat draw and the seat cards."""

from __future__ import annotations

import re

import httpx
from playwright.sync_api import Dialog, Page, expect

from tests.browser.conftest import LiveServer
from tests.browser.test_pages_render import sign_in


def api(live_server: LiveServer, path: str, body: dict[str, object]) -> None:
    response = httpx.post(
        f"{live_server.url}/api/tournaments{path}",
        json=body,
        headers={"Authorization": f"Bearer {live_server.token}"},
        timeout=10,
    )
    assert response.status_code in (200, 201), response.text


def test_register_pay_draw_and_print_the_seat_cards(page: Page, live_server: LiveServer) -> None:
    api(live_server, "", {"tournament_id": "desk-demo"})
    sign_in(page, live_server)
    page.goto(f"{live_server.url}/t/desk-demo/desk?lang=fr")
    expect(page.get_by_role("heading", name="Accueil des joueurs")).to_be_visible()
    rows = page.locator("#desk-players tr.desk-row")
    name = page.get_by_label("Nom", exact=True)

    for number, player in enumerate(("Alice Martin", "Bruno Petit", "Chloé Durand"), start=1):
        name.fill(player)
        if number == 1:
            name.press("Enter")  # the keyboard is enough
        else:
            page.get_by_role("button", name="Ajouter le joueur").click()
        expect(page.locator("#flash")).to_contain_text(f"{player} inscrit(e)")
        expect(rows).to_have_count(number)  # the live view refreshed the list
        expect(name).to_have_value("")  # the form cleared itself for the next player
        expect(name).to_be_focused()

    # Another desk (here the API) registers someone: the list follows without a reload.
    api(live_server, "/desk-demo/commands", {"type": "register_player", "player_id": "denis",
                                            "name": "Denis Roy"})  # fmt: skip
    expect(rows).to_have_count(4)

    page.get_by_label("Rechercher").fill("chloe")
    expect(rows).to_have_count(1)
    expect(rows.first).to_contain_text("Chloé Durand")
    page.get_by_label("Rechercher").fill("")
    expect(rows).to_have_count(4)

    page.get_by_label("Moyen de paiement").select_option("card")
    page.get_by_role("button", name="Marquer payé : Bruno Petit").click()
    bruno = page.locator('tr[data-player="bruno-petit"]')
    expect(bruno).to_contain_text("Payé (Carte)")
    expect(page.locator("#desk-summary")).to_contain_text("1 / 4")
    # The refreshed row keeps the keyboard focus on its payment button (same id).
    expect(page.locator("#pay-bruno-petit")).to_have_text("Non payé")
    expect(page.locator("#pay-bruno-petit")).to_be_focused()

    page.get_by_role("button", name="Désinscrire : Alice Martin").click()
    page.get_by_label("Alice Martin : raison de la désinscription").press("Escape")
    expect(page.locator("#desk-unregister")).to_have_count(0)

    page.get_by_role("button", name="Désinscrire : Denis Roy").click()
    reason = page.get_by_label("Denis Roy : raison de la désinscription")
    expect(reason).to_be_focused()
    reason.fill("malade")
    reason.press("Enter")
    expect(page.locator("#flash")).to_contain_text("Denis Roy désinscrit(e).")
    expect(page.locator("#desk-unregister")).to_have_count(0)
    expect(rows).to_have_count(3)

    def accept(dialog: Dialog) -> None:
        assert "Tirer les places pour 3 joueurs" in dialog.message
        dialog.accept()

    page.once("dialog", accept)
    page.get_by_role("button", name="Tirer les places").click()
    expect(page.locator("#flash")).to_contain_text("Places tirées : 3 joueurs à 1 table.")
    expect(page.get_by_label("Pas encore là")).to_be_hidden()  # now late registration
    expect(bruno).to_contain_text(re.compile(r"Table 1, siège \d+"))

    page.get_by_role("link", name="Cartes de placement").click()
    expect(page.get_by_role("heading", name="Cartes de placement")).to_be_visible()
    cards = page.locator(".seat-card")
    expect(cards).to_have_count(3)
    seats = httpx.get(f"{live_server.url}/api/tournaments/desk-demo/players", timeout=10).json()
    for player in seats["players"]:
        card = page.locator(f'.seat-card[data-player="{player["player_id"]}"]')
        expect(card.locator(".seat-card-name")).to_have_text(player["name"])
        expect(card.locator(".seat-card-table")).to_have_text(str(player["table_no"]))
        expect(card.locator(".seat-card-seat")).to_have_text(str(player["seat_no"]))
    wall = page.locator(".seating-list tbody tr td:first-child")
    expect(wall).to_have_text(["Alice Martin", "Bruno Petit", "Chloé Durand"])
