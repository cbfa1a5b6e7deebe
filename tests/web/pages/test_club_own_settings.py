"""Issue 26 through the pages (TestClient): a club from the French preset, its settings page
(every wrong field named at once, a change listed with its old and new values), a member in one
form, the CSV import with French dates and drawn PINs (bad cells in French with line and
column), the event form naming every wrong field, the phone's warning before a late
cancellation."""

from __future__ import annotations

import html
import re

import msgspec

from pokerfloor.app.club_commands import ClubCommand
from pokerfloor.app.club_service import ClubService
from pokerfloor.club.events import ClubSettingsChanged
from tests.web.pages.conftest import Venue, words

HOUR_MS = 3_600_000


def clubs(venue: Venue) -> ClubService:
    service: ClubService = venue.td.app.state.clubs  # type: ignore[attr-defined]
    return service


def french_club(venue: Venue) -> None:
    created = venue.td.post(
        "/clubs", data={"club_id": "pcn", "name": "Poker Club <Nantais>", "preset": "association"}
    )
    assert created.status_code == 200 and "Le club est créé" in created.text


def settings_form(venue: Venue, **changes: str) -> dict[str, str]:
    """The settings page's form as shown, with ``changes``."""
    page = venue.td.get("/club/pcn/settings").text
    form: dict[str, str] = {}
    for name, value in re.findall(r'<input name="([^"]+)"[^>]*value="([^"]*)"', page):
        form[name] = html.unescape(value)
    form.update(currency="EUR", step_0="reminder")
    form.update(changes)
    return form


def test_a_club_from_the_french_preset_has_no_cards_and_no_fines(venue: Venue) -> None:
    french_club(venue)
    settings = clubs(venue).read("pcn", lambda club: club.settings)
    assert (settings.card_types, settings.fine_cents, settings.currency) == ((), 0, "EUR")
    assert settings.time_zone == "Europe/Paris"
    page = venue.td.get("/club/pcn/settings").text
    assert "Europe/Paris" in page and "Poker Club &lt;Nantais&gt;" in page


def test_a_settings_change_is_recorded_with_old_and_new_values(venue: Venue) -> None:
    french_club(venue)
    form = settings_form(venue, minimum_age="21", fine="15", step_1="fine")
    form.update(card_code_0="annuelle", card_name_0="Annuelle", card_yearly_0="30")
    form.update(card_periods_0="year", card_admits_0="tournament")
    saved = venue.td.post("/club/pcn/settings", data=form)
    assert "Les réglages du club sont enregistrés" in saved.text
    changed = clubs(venue).read("pcn", lambda club: club.events[-1])
    assert isinstance(changed, ClubSettingsChanged)
    fields = {(c.field, c.old, c.new) for c in changed.changes}
    assert ("minimum_age", "18", "21") in fields and ("fine_cents", "0", "1500") in fields
    assert changed.settings.ladder == ("reminder", "fine")
    assert [c.code for c in changed.settings.card_types] == ["annuelle"]
    listed = words(saved.text).replace("\xa0", " ").replace("\u202f", " ")
    assert "Âge minimum : 18 → 21" in listed and "Amende : 0,00 € → 15,00 €" in listed
    assert "Échelle des sanctions : rappel écrit → rappel écrit, amende" in listed


def test_a_refused_settings_form_names_every_wrong_field_and_keeps_what_was_typed(
    venue: Venue,
) -> None:
    french_club(venue)
    before = clubs(venue).version("pcn")
    form = settings_form(venue, minimum_age="-5", fine="abc", time_zone="Mars/Olympus")
    refused = venue.td.post("/club/pcn/settings", data=form)
    text = words(refused.text)
    assert "Rien n'a été enregistré" in text
    assert "Âge minimum : un nombre entier de 0 à 120, pas « -5 »" in text
    assert "Amende : un montant de 0 à" in text and "pas « abc »" in text
    assert "Fuseau horaire : accepté" in text
    assert 'value="Mars/Olympus"' in refused.text and 'value="abc"' in refused.text
    assert refused.text.count('aria-invalid="true"') == 3
    assert clubs(venue).version("pcn") == before


def test_an_event_form_with_capacity_minus_5_and_fee_abc_names_both(venue: Venue) -> None:
    french_club(venue)
    refused = venue.td.post(
        "/club/pcn/events",
        data={
            "event_id": "sam", "name": "Samedi <Deepstack>", "kind": "tournament",
            "start": "2026-12-05T20:00", "capacity": "-5", "buy_in": "abc",
        },
    )  # fmt: skip
    text = words(refused.text)
    assert "Capacité : un nombre entier de 2 à 100 000, pas « -5 »" in text.replace("\u202f", " ")
    assert "Droit d'entrée : un montant" in text and "pas « abc »" in text
    assert 'value="Samedi &lt;Deepstack&gt;"' in refused.text
    assert 'value="2026-12-05T20:00"' in refused.text
    assert clubs(venue).read("pcn", lambda club: club.calendar) == {}


def test_an_event_starts_at_the_clubs_time_with_summer_time(venue: Venue) -> None:
    french_club(venue)
    venue.td.post(
        "/club/pcn/events",
        data={
            "event_id": "ete", "name": "Été", "kind": "tournament",
            "start": "2027-07-03T20:00", "capacity": "30", "buy_in": "20",
        },
    )  # fmt: skip
    start = clubs(venue).read("pcn", lambda club: club.calendar["ete"].scheduled.start_ms)
    assert start == 1_814_637_600_000  # 2027-07-03 18:00 UTC: Paris is UTC+2 in July


def test_a_member_in_one_form_with_card_drawn_pin_and_identity(venue: Venue) -> None:
    venue.td.post("/clubs", data={"club_id": "hp", "name": "Heaven", "preset": "heavenpoker"})
    letter = venue.td.post(
        "/club/hp/members",
        data={
            "name": "Anne <Martin>", "birth_date": "31/12/1980", "card_type": "saphir",
            "card_period": "year", "card_method": "cash", "draw_pin": "yes",
            "identity_checked": "yes", "identity_by": "Julie", "identity_document": "CNI",
        },
    )  # fmt: skip
    assert letter.headers["cache-control"] == "no-store"
    pin = re.search(r'<strong class="pin">(\d{6})</strong>', letter.text)
    assert pin is not None and "Anne &lt;Martin&gt;" in letter.text
    member = clubs(venue).read("hp", lambda club: club.member("1"))
    assert (member.birth_date, member.identity_checked, member.identity_by) == (
        "1980-12-31", True, "Julie",
    )  # fmt: skip
    assert member.pin_digest.startswith("h2:")
    cards = clubs(venue).read("hp", lambda club: club.member_cards("1"))
    assert [c.card_type for c in cards] == ["saphir"]


def test_a_refused_member_form_names_every_wrong_field(venue: Venue) -> None:
    french_club(venue)
    refused = venue.td.post(
        "/club/pcn/members",
        data={"name": "", "nickname": "Zed", "birth_date": "31/13/1980", "pin": "12",
              "identity_checked": "yes", "identity_by": ""},
    )  # fmt: skip
    text = words(refused.text)
    for field in ("Nom :", "Date de naissance :", "PIN :", "Identité vérifiée par :"):
        assert field in text
    assert 'value="Zed"' in refused.text and 'value="31/13/1980"' in refused.text
    assert clubs(venue).read("pcn", lambda club: club.members) == {}


def test_a_csv_with_french_dates_and_generate_pins_prints_one_letter_each(venue: Venue) -> None:
    venue.td.post("/clubs", data={"club_id": "hp", "name": "Heaven", "preset": "heavenpoker"})
    good = (
        "nom;date_naissance;carte;code;identite_verifiee\n"
        "Anne Martin;31/12/1980;saphir;generate;oui\n"
        "Bob <Morane>;1975-02-03;;4321;non\n"
        "Chloé;01/02/1990;diamant;générer;yes\n"
    )
    letters = venue.td.post(
        "/club/hp/members/import", files={"file": ("m.csv", good.encode(), "text/csv")}
    )
    assert letters.text.count('class="letter pin-letter"') == 2  # Bob's PIN was given
    assert "2 membres ajoutés avec un code PIN tiré" in words(letters.text)
    members = clubs(venue).read("hp", lambda club: {m: club.members[m] for m in club.members})
    assert members["1"].birth_date == "1980-12-31" and members["1"].identity_checked
    assert members["2"].pin_digest and not members["2"].identity_checked
    assert members["3"].birth_date == "1990-02-01"


def test_every_bad_cell_of_a_csv_is_named_in_french_with_line_and_column(venue: Venue) -> None:
    venue.td.post("/clubs", data={"club_id": "hp", "name": "Heaven", "preset": "heavenpoker"})
    bad = (
        "name,birth_date,card,pin,identity_checked\n"
        ",31/13/1980,or,12,peut-être\n"
        "Anne,1980-01-01,saphir,1234,oui\n"
    )
    refused = venue.td.post(
        "/club/hp/members/import", files={"file": ("m.csv", bad.encode(), "text/csv")}
    )
    text = words(refused.text)
    assert "Ligne 2, colonne « name » : il faut un nom de 1 à 100 caractères" in text
    assert "Ligne 2, colonne « birth_date » : « 31/13/1980 » n'est pas une date" in text
    assert "Ligne 2, colonne « card » : « or » n'est pas une carte du club" in text
    assert "Ligne 2, colonne « pin » : « 12 » : un code PIN a 4 à 8 chiffres" in text
    assert "Ligne 2, colonne « identity_checked » : « peut-être » : écrivez oui ou non" in text
    assert "characters" not in text
    assert clubs(venue).read("hp", lambda club: club.members) == {}


def test_the_phone_warns_of_the_fine_in_the_clubs_currency_before_cancelling(
    venue: Venue,
) -> None:
    venue.td.post("/clubs", data={"club_id": "hp", "name": "Heaven", "preset": "heavenpoker"})
    venue.td.post(
        "/club/hp/members",
        data={"name": "Anne", "birth_date": "1980-01-01", "card_type": "diamant", "pin": "1234",
              "identity_checked": "yes", "identity_by": "td"},
    )  # fmt: skip
    start = venue.clock.now_ms + 2 * 24 * HOUR_MS
    schedule = {"type": "schedule_event", "event_id": "e1", "name": "Mardi",
                "kind": "tournament", "start_ms": start, "capacity": 10}  # fmt: skip
    clubs(venue).execute("hp", msgspec.convert(schedule, ClubCommand))
    phone = venue.public
    # The first late cancellation: a reminder, warned then confirmed.
    phone.post("/c/hp/e/e1/register", data={"member_id": "1", "pin": "1234"})
    venue.clock.now_ms = start - HOUR_MS
    warned = phone.post("/c/hp/e/e1/cancel", data={"member_id": "1", "pin": "1234"})
    assert "Annuler quand même" in warned.text
    still = clubs(venue).read("hp", lambda club: club.calendar["e1"].registrations["1"])
    assert still.status == "registered"
    done = phone.post("/c/hp/e/e1/cancel", data={"member_id": "1", "pin": "1234", "confirm": "yes"})
    assert "L'inscription est annulée" in words(done.text)
    # The second: a fine, in the club's currency, with its article.
    phone.post("/c/hp/e/e1/register", data={"member_id": "1", "pin": "1234"})
    warned = words(phone.post("/c/hp/e/e1/cancel", data={"member_id": "1", "pin": "1234"}).text)
    assert "une amende de 50,00" in warned and "CHF" in warned and "2.4" in warned
    wrong = phone.post(
        "/c/hp/e/e1/cancel", data={"member_id": "1", "pin": "9999", "confirm": "yes"}
    )
    assert "Annuler quand même" not in wrong.text
    assert clubs(venue).read("hp", lambda club: club.calendar["e1"].registrations["1"].status) == (
        "registered"
    )


def test_a_file_that_cannot_be_read_is_refused_in_french(venue: Venue) -> None:
    french_club(venue)
    unknown = venue.td.post(
        "/club/pcn/members/import",
        files={"file": ("m.csv", b"nom;prenom\nMartin;Anne\n", "text/csv")},
    )
    text = words(unknown.text)
    assert "la colonne « prenom » est inconnue" in text and "unknown_column" not in text
    not_utf8 = venue.td.post(
        "/club/pcn/members/import", files={"file": ("m.csv", b"nom\n\xff\n", "text/csv")}
    )
    assert "n'est pas du texte UTF-8" in words(not_utf8.text)


def test_a_members_details_refused_name_every_wrong_field_and_keep_them(venue: Venue) -> None:
    french_club(venue)
    venue.td.post("/club/pcn/members", data={"name": "Anne Martin"})
    refused = venue.td.post(
        "/club/pcn/members/1/update",
        data={"name": "", "nickname": "Nana", "birth_date": "30/02/1980", "contact": "06"},
    )
    text = words(refused.text)
    assert "Nom : 1 à 100 caractères" in text and "Date de naissance" in text
    assert 'value="Nana"' in refused.text and 'value="30/02/1980"' in refused.text
    assert clubs(venue).read("pcn", lambda club: club.member("1").name) == "Anne Martin"
    venue.td.post(
        "/club/pcn/members/1/update",
        data={"name": "Anne Martin", "birth_date": "28/02/1980", "contact": "06"},
    )
    assert clubs(venue).read("pcn", lambda club: club.member("1").birth_date) == "1980-02-28"


def test_the_rulebook_cited_is_chosen_on_the_settings_page(venue: Venue) -> None:
    """An association cites its own rules; choosing Heavenpoker's rulebook is one change,
    listed with its old and new values in words; an unknown rulebook is refused by name."""
    french_club(venue)
    page = venue.td.get("/club/pcn/settings").text
    assert "Ces réglages sont le règlement du club" in page and "heavenpoker 2." not in page
    refused = venue.td.post("/club/pcn/settings", data=settings_form(venue, rulebook="tda"))
    assert "Règlement cité" in refused.text and "un des choix proposés" in refused.text
    assert clubs(venue).read("pcn", lambda club: club.settings.rulebook) == ""
    saved = venue.td.post("/club/pcn/settings", data=settings_form(venue, rulebook="heavenpoker"))
    assert "Les réglages du club sont enregistrés" in saved.text
    assert (
        "Règlement cité : aucun : le règlement du club → Heavenpoker (règlement 002)"
        in html.unescape(saved.text)
    )
    assert clubs(venue).read("pcn", lambda club: club.settings.cite("2.4")) == ("heavenpoker 2.4",)
