"""Issue 26, "Done when": no English on a French page. Every page the test client renders (a
tournament taking registrations, running and finished; a club's pages; the public and phone
pages) is scanned in French against the catalogues' English messages."""

from __future__ import annotations

import re

from tests.web.english_leaks import english_leaks, page_text
from tests.web.pages.conftest import Venue
from tests.web.pages.page_tour import NAMES, french_pages


def test_no_english_message_appears_on_any_french_page(venue: Venue) -> None:
    found: list[str] = []
    pages = 0
    for url, html in french_pages(venue):
        pages += 1
        found.extend(f"{url}: {leak}" for leak in english_leaks(html, allowed=NAMES))
    assert pages >= 60
    assert found == [], "\n".join(found)


def test_the_scan_finds_an_english_message_on_a_french_page() -> None:
    page = "<main><h1>Tournois</h1><p>Skip to content</p><button title='Sign in'>OK</button></main>"
    leaks = english_leaks(page)
    assert any("'Skip to content'" in leak for leak in leaks)
    assert any("'Sign in'" in leak for leak in leaks)


def test_the_scan_lets_words_that_are_french_too_and_names_pass() -> None:
    page = "<p>Add-on</p><p>Chip race</p><p>Table 2</p><p>BTN</p><p>Joueur Skip to content</p>"
    assert english_leaks(page, allowed=("Joueur Skip to content",)) == []
    assert "Chip race" in page_text(page)


ISO_DAY = re.compile(r"(?<![\w-])(19|20)\d\d-[01]\d-[0-3]\d\b")
ONE_PLURAL = re.compile(r"(?<![\d\u202f ,.])1 [a-zé]+s\b")
# French typography: a space before « : ; ! ? » ("Non payé : 20,00 €", not "Non payé: …").
TIGHT_COLON = re.compile(r"[A-Za-zÀ-ÿ)»][:;!?](?=\s)")


def test_no_iso_date_no_plural_after_one_and_no_tight_colon_on_any_french_page(
    venue: Venue,
) -> None:
    """Dates through Babel (« 10 déc. 1980 »), never ``1980-12-10``; no "1 inscrits"; a space
    before a colon."""
    found: list[str] = []
    for url, html in french_pages(venue):
        text = page_text(html)
        found.extend(f"{url}: ISO date {match.group()!r}" for match in ISO_DAY.finditer(text))
        found.extend(
            f"{url}: plural after 1 {match.group()!r}" for match in ONE_PLURAL.finditer(text)
        )
        found.extend(
            f"{url}: no space before {text[match.start() : match.end() + 20]!r}"
            for match in TIGHT_COLON.finditer(text)
        )
    assert found == [], "\n".join(found)


REFUSED = (
    ("/t/club/desk/add", {"name": ""}),
    ("/t/club/desk/add", {"name": "x" * 300}),
    ("/t/club/desk/pay", {"player_id": "nobody"}),
    ("/t/club/console/adjust", {"delta_ms": "abc"}),
    ("/t/club/console/jump", {"level": "999"}),
    ("/t/club/console/moves/break", {"table_no": "9"}),
    ("/t/fin/desk/add", {"name": "Retardataire"}),
    ("/clubs", {"club_id": "pas un id !", "name": "Club"}),
    ("/club/hp/events", {
        "event_id": "e2", "name": "Jeudi", "kind": "tournament", "start": "demain",
        "capacity": "-5", "buy_in": "abc", "season_id": "", "structure": "", "profile": "",
        "table_size": "",
    }),
    ("/club/hp/events/e1/register", {"member_id": "999"}),
    ("/club/hp/events/e1/register", {"member_id": "3"}),
    ("/club/hp/cash", {"amount": "abc", "member_id": "1", "direction": "in"}),
    ("/club/hp/members", {"name": "   "}),
    ("/c/hp/e/e1/register", {"member_id": "1", "pin": "9999"}),
)  # fmt: skip


def test_refusals_on_french_pages_are_in_french(venue: Venue) -> None:
    """A refused form or action answers in French: its page or its message has no English."""
    for _ in french_pages(venue):
        pass  # the tour's stages
    found: list[str] = []
    for url, data in REFUSED:
        response = venue.td.post(f"{url}?lang=fr", data=data)
        assert response.status_code < 500, (url, response.status_code)
        text = page_text(response.text)
        leaks = english_leaks(response.text, allowed=NAMES)
        found.extend(f"POST {url} {data}: {leak}" for leak in leaks)
        found.extend(f"POST {url}: ISO date {day.group()!r}" for day in ISO_DAY.finditer(text))
        assert "INVALID_REQUEST" not in text, (url, text[:300])  # a form's refusal, not JSON
    assert found == [], "\n".join(found)
