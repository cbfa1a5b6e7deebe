"""The set-up page in a real browser: the TD picks the rules and a template, edits the table,
imports a file and creates the tournament; htmx refreshes the panels without a reload."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from pokerfloor.tournament.structure import dump_structure, load_structure
from tests.browser.conftest import LiveServer


def sign_in_to(page: Page, live_server: LiveServer, path: str) -> None:
    page.goto(f"{live_server.url}/login?next={path}&lang=fr")
    page.get_by_label("Jeton TD").fill(live_server.token)
    page.get_by_role("button", name="Se connecter").click()
    expect(page).to_have_url(f"{live_server.url}{path}")


def test_the_td_creates_a_tournament_through_the_form(page: Page, live_server: LiveServer) -> None:
    sign_in_to(page, live_server, "/new")
    expect(page.get_by_role("heading", name="Nouveau tournoi")).to_be_visible()
    page.get_by_label("Identifiant du tournoi").fill("navigateur")

    page.get_by_label("Profil de règles").select_option("ropta")
    panel = page.locator("#profile-panel")
    expect(panel).to_contain_text("ropta 2.6")  # the final table (issue 28: RP-9 per format)
    expect(panel).to_contain_text("diffère de TDA 2024")

    page.get_by_label("Partir de").select_option("turbo")
    expect(page.get_by_label("Tapis de départ")).to_have_value("10000")
    page.get_by_label("Niveau 1, minutes").fill("12")
    page.get_by_role("button", name="Ajouter un niveau").click()
    expect(page.get_by_label("Niveau 21, petite blinde")).to_be_visible()
    page.get_by_label("Niveau 21, petite blinde").fill("100000")
    page.get_by_label("Niveau 21, grosse blinde").fill("200000")
    expect(page.get_by_label("Niveau 1, minutes")).to_have_value("12")  # kept by the redraw

    page.get_by_role("button", name="Créer le tournoi").click()
    expect(page).to_have_url(f"{live_server.url}/t/navigateur/desk")

    exported = page.request.get(f"{live_server.url}/t/navigateur/structure.toml")
    structure = load_structure(exported.text())
    assert structure.levels[0].minutes == 12
    assert (structure.levels[-1].small_blind, structure.levels[-1].big_blind) == (100000, 200000)
    assert structure.entry == load_structure("turbo").entry


def test_a_refusal_is_shown_next_to_the_button_and_nothing_is_created(
    page: Page, live_server: LiveServer
) -> None:
    sign_in_to(page, live_server, "/new")
    page.get_by_label("Identifiant du tournoi").fill("refus")
    page.get_by_label("Niveau 3, petite blinde").fill("900")
    page.get_by_role("button", name="Créer le tournoi").click()
    expect(page.locator("#flash")).to_contain_text("STRUCTURE_SMALL_BLIND_ABOVE_BIG_BLIND")
    expect(page).to_have_url(re.compile(r"/new$"))
    assert page.request.get(f"{live_server.url}/t/refus/structure.toml").status == 404


def test_an_imported_file_fills_the_table_and_a_bad_one_is_explained(
    page: Page, live_server: LiveServer
) -> None:
    sign_in_to(page, live_server, "/new")
    file_input = page.get_by_label("ou un fichier de structure (TOML)")
    file_input.set_input_files(
        {"name": "cassé.toml", "mimeType": "application/toml", "buffer": b"levels = ["}
    )
    page.get_by_role("button", name="Importer le fichier").click()
    expect(page.locator("#import-status")).to_contain_text("cassé.toml est refusé")
    expect(page.get_by_label("Tapis de départ")).to_have_value("20000")  # unchanged

    text = dump_structure(load_structure("deep-stack"))
    file_input.set_input_files(
        {"name": "deep.toml", "mimeType": "application/toml", "buffer": text.encode()}
    )
    page.get_by_role("button", name="Importer le fichier").click()
    expect(page.locator("#import-status")).to_contain_text("« deep.toml » importé")
    expect(page.get_by_label("Tapis de départ")).to_have_value("50000")
    page.get_by_label("Identifiant du tournoi").fill("importe")
    page.get_by_role("button", name="Créer le tournoi").click()
    expect(page).to_have_url(f"{live_server.url}/t/importe/desk")
    exported = page.request.get(f"{live_server.url}/t/importe/structure.toml").text()
    assert load_structure(exported) == load_structure("deep-stack")
