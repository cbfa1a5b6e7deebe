"""Finishing a small tournament from the results page in a real browser, then the CSV."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx
from playwright.sync_api import Dialog, Page, expect

from tests.browser.conftest import LiveServer
from tests.browser.test_pages_render import sign_in


def command(live_server: LiveServer, tournament_id: str, /, **body: Any) -> None:
    headers = {"Authorization": f"Bearer {live_server.token}"}
    url = f"{live_server.url}/api/tournaments"
    if body["type"] != "create_tournament":
        url += f"/{tournament_id}/commands"
    response = httpx.post(url, json=body, headers=headers, timeout=10)
    assert response.status_code in (200, 201), response.text


def three_players_two_busted(live_server: LiveServer, tournament_id: str) -> None:
    command(live_server, tournament_id, type="create_tournament", tournament_id=tournament_id)
    for number, name in enumerate(("Éloïse", "Zoé", "Anaïs"), start=1):
        command(
            live_server, tournament_id, type="register_player", player_id=f"p{number}", name=name
        )
    command(live_server, tournament_id, type="draw_seats", seed=3)
    command(live_server, tournament_id, type="place_buttons", seed=3)
    command(live_server, tournament_id, type="start_clock")
    command(live_server, tournament_id, type="bust_players", table_no=1, players=["p1"])


def test_finish_from_the_results_page_then_download_the_csv(
    page: Page, live_server: LiveServer, tmp_path: Path
) -> None:
    three_players_two_busted(live_server, "vendredi")
    sign_in(page, live_server)
    page.goto(f"{live_server.url}/t/vendredi/results?lang=fr")
    expect(page.get_by_role("heading", name="Classement provisoire")).to_be_visible()
    # The last bust arrives while the page is open: the ranking updates by itself.
    command(live_server, "vendredi", type="bust_players", table_no=1, players=["p2"])
    expect(page.locator("#results-panel")).to_contain_text("Zoé")

    page.get_by_label("Formule").select_option("sqrt")
    page.get_by_label("k (racine carrée, pondérée par le buy-in)").fill("10")
    page.get_by_role("button", name="Voir la proposition").click()
    proposal = page.locator("#finish-preview")
    expect(proposal).to_contain_text("Prize pool distribué : 60,00 €")
    asked: list[str] = []

    def confirm(dialog: Dialog) -> None:  # finishing asks first: the results become final
        asked.append(dialog.message)
        dialog.accept()

    page.once("dialog", confirm)
    page.get_by_role("button", name="Confirmer et terminer le tournoi").click()

    expect(page.locator("#flash")).to_contain_text("Le tournoi est terminé : Anaïs gagne.")
    assert asked == [
        "Terminer le tournoi maintenant ? Le classement, les gains et les points deviennent "
        "définitifs."
    ]
    expect(page.get_by_role("heading", name="Classement final")).to_be_visible()
    expect(page.locator("#finish-panel")).to_contain_text("voici le classement final")
    expect(page.locator("#results-panel")).to_contain_text("60,00 €")

    with page.expect_download() as download_info:
        page.get_by_role("link", name="Télécharger le CSV").click()
    target = tmp_path / "results.csv"
    download_info.value.save_as(target)
    data = target.read_bytes()
    assert data.startswith(b"\xef\xbb\xbf")
    assert data.decode("utf-8-sig").splitlines() == [
        "Place;Nom;Identifiant;Gain (€);Points",
        "1;Anaïs;p3;60,00;17",
        "2;Zoé;p2;0,00;12",
        "3;Éloïse;p1;0,00;10",
    ]


def test_the_printable_results_in_english(page: Page, live_server: LiveServer) -> None:
    three_players_two_busted(live_server, "samedi")
    page.goto(f"{live_server.url}/t/samedi/results?print=1&lang=en")
    expect(page.get_by_role("heading", name="Results — samedi")).to_be_visible()
    expect(page.get_by_role("button", name="Print")).to_be_visible()
    expect(page.locator("#results-panel")).to_contain_text("Éloïse")
    page.emulate_media(media="print")
    expect(page.get_by_role("button", name="Print")).to_be_hidden()
