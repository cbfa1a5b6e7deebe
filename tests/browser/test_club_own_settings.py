"""Issue 26 in a real browser: a French association's club made from its preset, its settings
changed on the settings page (a refused value first: every wrong field named, what was typed
kept), a member added in one form (card-less club, PIN drawn, identity seen), members imported
from a CSV with French dates and drawn PINs (one letter each), an event scheduled, and a member
on a 390x844 phone warned of the fine before a late cancellation, then confirming.

Screenshots go to ``POKERFLOOR_SHOTS`` (or /tmp) as ``h-club-*.png``.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, ViewportSize, expect

from tests.browser.test_club_month import TOKEN, Venue

DESK: ViewportSize = {"width": 1366, "height": 768}
PHONE: ViewportSize = {"width": 390, "height": 844}
SHOTS = os.environ.get("POKERFLOOR_SHOTS", "/tmp")


@pytest.fixture(scope="module")
def venue() -> Iterator[Venue]:
    venue = Venue()
    venue.server.start()
    try:
        yield venue
    finally:
        venue.server.stop()


def shot(page: Page, name: str) -> None:
    page.screenshot(path=f"{SHOTS}/h-club-{name}.png", full_page=True, timeout=90_000)


def test_a_french_association_sets_up_its_club_and_a_phone_is_warned(
    browser: Browser, venue: Venue
) -> None:
    td = browser.new_context(viewport=DESK, locale="fr-FR").new_page()
    td.set_default_timeout(60_000)
    td.goto(f"{venue.url}/login?next=/clubs&lang=fr")
    td.get_by_label("Jeton TD").fill(TOKEN)
    td.get_by_role("button", name="Se connecter").click()
    td.get_by_label("Identifiant du club").fill("pcn")
    td.get_by_label("Nom", exact=True).fill("Poker Club Nantais")
    expect(td.get_by_label("Règles de départ")).to_have_value("association")
    td.get_by_role("button", name="Créer le club").click()
    expect(td.locator("#flash")).to_contain_text("Le club est créé")

    # ---- the settings: a refusal naming both wrong fields, then the change ----------------
    td.get_by_role("link", name="Réglages").click()
    expect(td.get_by_label("Fuseau horaire")).to_have_value("Europe/Paris")
    td.get_by_label("Âge minimum").fill("-5")
    td.locator("input[name=fine]").fill("abc")
    td.get_by_role("button", name="Enregistrer les réglages").click()
    flash = td.locator("#flash")
    expect(flash).to_contain_text("Âge minimum")
    expect(flash).to_contain_text("Amende")
    expect(td.locator("input[name=fine]")).to_have_value("abc")
    shot(td, "settings-refused-1366")
    td.get_by_label("Âge minimum").fill("18")
    td.locator("input[name=fine]").fill("10")
    td.get_by_label("Infraction 1").select_option("fine")
    td.get_by_label("Délai d'annulation (heures avant le début)").fill("6")
    td.get_by_role("button", name="Enregistrer les réglages").click()
    expect(flash).to_contain_text("Les réglages du club sont enregistrés")
    expect(td.locator("#changes-title + ul")).to_contain_text(
        re.compile(r"Amende : 0,00.€ → 10,00.€")
    )
    shot(td, "settings-1366")

    # ---- a member in one form, a PIN drawn and its letter ----------------------------------
    td.get_by_role("link", name="Membres").click()
    td.get_by_label("Nom", exact=True).fill("Anne Martin")
    td.get_by_label("Date de naissance (31/12/1980)").fill("31/12/1980")
    td.get_by_label("Tirer un code PIN et imprimer sa lettre").check()
    td.get_by_label("Pièce d'identité vue").check()
    td.get_by_label("Identité vérifiée par").fill("Julie")
    td.get_by_role("button", name="Ajouter le membre").click()
    pin = td.locator(".pin-letter .pin").first
    expect(pin).to_have_text(re.compile(r"^\d{6}$"))
    anne_pin = pin.inner_text()
    shot(td, "pin-letter-1366")

    # ---- a CSV import: French dates, PINs drawn, one letter per member ---------------------
    td.get_by_role("link", name="Retour aux membres").click()
    members = (
        "nom;date_naissance;code;identite_verifiee\n"
        "Bruno Carré;02/03/1975;generate;oui\n"
        "Chloé <Dupont>;1990-07-14;générer;non\n"
    )
    td.locator("input[type=file]").set_input_files(
        {"name": "membres.csv", "mimeType": "text/csv", "buffer": members.encode()}
    )
    td.get_by_role("button", name="Importer").click()
    expect(td.locator(".pin-letter")).to_have_count(2)
    expect(td.locator(".pin-letter").nth(1)).to_contain_text("Chloé <Dupont>")
    shot(td, "import-letters-1366")
    club = venue.clubs.club("pcn")
    assert club.member("2").birth_date == "1975-03-02" and club.member("2").identity_checked

    # ---- an event, and the phone's warning before a late cancellation ---------------------
    td.goto(f"{venue.url}/club/pcn?lang=fr")
    td.get_by_label("Identifiant de l'événement").fill("sam")
    td.locator("form[action$='/events']").get_by_label("Nom", exact=True).fill("Samedi")
    td.get_by_label("Début").fill("2026-12-05T20:00")
    td.get_by_label("Capacité").fill("30")
    td.get_by_role("button", name="Ajouter au calendrier").click()
    expect(td.locator("#flash")).to_contain_text("L'événement est au calendrier")

    phone = browser.new_context(viewport=PHONE, locale="fr-FR", is_mobile=True).new_page()
    phone.set_default_timeout(60_000)
    phone.goto(f"{venue.url}/c/pcn/e/sam?lang=fr")
    phone.get_by_label("Numéro de membre").fill("1")
    phone.get_by_label("Code PIN").fill(anne_pin)
    phone.get_by_role("button", name="S'inscrire").click()
    expect(phone.locator("#flash")).to_contain_text("L'inscription est enregistrée")
    venue.clock.set("2026-12-05T17:00:00")  # 18:00 in Paris: 2 hours before, deadline 6 h
    phone.goto(f"{venue.url}/c/pcn/e/sam?lang=fr")
    phone.get_by_label("Numéro de membre").fill("1")
    phone.get_by_label("Code PIN").fill(anne_pin)
    phone.get_by_role("button", name="Annuler mon inscription").click()
    warning = phone.locator("#cancel-warning")
    expect(warning).to_contain_text("une amende de 10,00")
    expect(warning).to_contain_text("le règlement du club")  # an association: its own rules
    shot(phone, "cancel-warning-390")
    assert venue.clubs.club("pcn").calendar["sam"].registrations["1"].status == "registered"
    phone.get_by_label("Retapez votre code PIN pour confirmer").fill(anne_pin)
    phone.get_by_role("button", name="Annuler quand même").click()
    expect(phone.locator("#flash")).to_contain_text("L'inscription est annulée")
    shot(phone, "cancelled-390")
    offence = venue.clubs.club("pcn").offences["1"][0]
    assert (offence.step, offence.fine_cents) == ("fine", 1000)
