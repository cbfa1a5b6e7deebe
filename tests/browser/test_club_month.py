"""A month of a club in a real browser (issue 16, "Done when"): a season with best-2 results,
three evenings (and a fourth in December), members registering themselves on the public page
with their number and PIN (a phone, 390x844), the TD's desk (1366x768).

- Émile cancels late for the first evening: a written reminder (heavenpoker 2.3, 2.4), its
  printable letter; he cancels late again for the second: a fine, collected when he checks in
  to it after registering again; he does not come to the third: a no-show, the ladder's
  exclusion, and his registration for December is refused.
- Petit, 11 years old, is refused (heavenpoker 2.1).
- The first evening is full: Denise waits on the list, present with a deposit (2.5), takes
  Émile's place and her deposit counts at her entry.
- Each evening's tournament is made from the members checked in, played through the
  tournament (the draw and busts by the API, quickly), its results page opened, and the event
  closed from it; the season's standings count the best 2 results of each player.

The server runs in this process (uvicorn in a thread) with a clock the test moves: a month
passes in seconds. Screenshots of the main club pages go to ``POKERFLOOR_SHOTS`` (or /tmp),
``club-*.png``, at 1366x768 and 390x844.
"""

from __future__ import annotations

import datetime
import os
import re
import threading
from collections.abc import Iterator
from typing import Any

import httpx
import msgspec
import pytest
from playwright.sync_api import Browser, Page, ViewportSize, expect

from pokerfloor.app.club_commands import ClubCommand
from pokerfloor.app.club_service import ClubService
from pokerfloor.app.memory_store import MemoryEventStore
from pokerfloor.app.service import TournamentService
from pokerfloor.web import create_app
from tests.browser.conftest import ThreadServer

DESK: ViewportSize = {"width": 1366, "height": 768}
PHONE: ViewportSize = {"width": 390, "height": 844}
SHOTS = os.environ.get("POKERFLOOR_SHOTS", "/tmp")
TOKEN = "td-token-for-the-club-month-test"
HOUR = 3_600_000


def ms(text: str) -> int:
    moment = datetime.datetime.fromisoformat(text).replace(tzinfo=datetime.UTC)
    return int(moment.timestamp() * 1000)


class Clock:
    def __init__(self, now: str) -> None:
        self.now_ms = ms(now)
        self.lock = threading.Lock()

    def __call__(self) -> int:
        with self.lock:
            return self.now_ms

    def set(self, when: str) -> None:
        with self.lock:
            self.now_ms = ms(when)


class Venue:
    def __init__(self) -> None:
        self.clock = Clock("2026-11-02T12:00:00")
        self.service = TournamentService(MemoryEventStore(), self.clock)
        self.app = create_app(self.service, TOKEN)
        self.server = ThreadServer(self.app)
        self.url = self.server.url

    @property
    def clubs(self) -> ClubService:
        clubs: ClubService = self.app.state.clubs
        return clubs

    def run(self, **body: Any) -> None:
        self.clubs.execute("hp", msgspec.convert(body, ClubCommand))

    def tournament(self, tid: str, body: dict[str, Any]) -> None:
        response = httpx.post(
            f"{self.url}/api/tournaments/{tid}/commands",
            json=body,
            headers={"Authorization": f"Bearer {TOKEN}"},
        )
        assert response.status_code == 200, response.text


@pytest.fixture(scope="module")
def venue() -> Iterator[Venue]:
    venue = Venue()
    venue.server.start()
    try:
        yield venue
    finally:
        venue.server.stop()


def shot(page: Page, name: str) -> None:
    # A loaded machine may take its time; a screenshot is not what the test checks.
    page.screenshot(path=f"{SHOTS}/club-{name}.png", full_page=True, timeout=90_000)


def sign_in(page: Page, venue: Venue) -> None:
    page.goto(f"{venue.url}/login?next=/clubs&lang=fr")
    page.get_by_label("Jeton TD").fill(TOKEN)
    page.get_by_role("button", name="Se connecter").click()
    expect(page.get_by_role("heading", name="Clubs")).to_be_visible()


def set_up(venue: Venue, td: Page) -> None:
    """The club made on its pages (club, season, the members' file); PINs, cards and the
    calendar through the service (what the TD types there is tested in test_club_pages)."""
    td.get_by_label("Identifiant du club").fill("hp")
    td.get_by_label("Nom", exact=True).fill("Heavenpoker")
    td.get_by_label("Règles de départ").select_option("heavenpoker")
    td.get_by_role("button", name="Créer le club").click()
    expect(td.locator("#flash")).to_contain_text("Le club est créé")
    td.get_by_label("Identifiant de la saison").fill("s1")
    td.locator("form[action$='/seasons']").get_by_label("Nom", exact=True).fill("Hiver 2026")
    td.get_by_label("Meilleurs résultats comptés (vide : tous)").fill("2")
    td.get_by_role("button", name="Créer la saison").click()
    expect(td.locator("#flash")).to_contain_text("La saison est créée")
    td.goto(f"{venue.url}/club/hp/members")
    members = (
        "member_id,name,nickname,birth_date,contact\n"
        "1,Ada Lovelace,Ada,10.12.1980,\n2,Blaise Pascal,,1990-06-19,\n"
        "3,Claude Monet,,1970-01-01,\n4,Denise Vidal,,1985-03-04,\n"
        "5,Émile Zola,,1975-04-02,\n6,Petit Poucet,,2015-01-01,\n"
    )
    td.locator("input[type=file]").set_input_files(
        {"name": "membres.csv", "mimeType": "text/csv", "buffer": members.encode()}
    )
    td.get_by_role("button", name="Importer").click()
    expect(td.locator("#flash")).to_contain_text("Les membres sont importés")
    for number in range(1, 7):
        venue.run(type="set_pin", member_id=str(number), pin=f"{number}{number}{number}{number}")
        venue.run(
            type="issue_card", card_id=f"c{number}", member_id=str(number), card_type="saphir"
        )
    evenings = [
        ("a", "Mardi 3 novembre", "2026-11-03T20:00", 3),
        ("b", "Mardi 10 novembre", "2026-11-10T20:00", 10),
        ("c", "Mardi 17 novembre", "2026-11-17T20:00", 10),
        ("d", "Ouverture de décembre", "2026-12-01T20:00", 10),
    ]
    for event_id, name, start, capacity in evenings:
        venue.run(type="schedule_event", event_id=event_id, name=name, kind="tournament",
                  start_ms=ms(start), capacity=capacity, buy_in_cents=2000, season_id="s1",
                  structure="club-evening")  # fmt: skip


def member_acts(phone: Page, venue: Venue, event: str, number: int, cancel: bool = False) -> str:
    phone.goto(f"{venue.url}/c/hp/e/{event}?lang=fr")
    phone.get_by_label("Numéro de membre").fill(str(number))
    phone.get_by_label("Code PIN").fill(str(number) * 4)
    name = "Annuler mon inscription" if cancel else "S'inscrire"
    phone.get_by_role("button", name=name).click()
    outcome = phone.locator("#flash.flash-error, #flash.flash-ok, #cancel-warning")
    expect(outcome.first).to_be_visible()
    if cancel and phone.locator("#cancel-warning").count():
        # A late cancellation is warned first (issue 26): confirmed with the PIN again.
        phone.get_by_label("Retapez votre code PIN pour confirmer").fill(str(number) * 4)
        phone.get_by_role("button", name="Annuler quand même").click()
    outcome = phone.locator("#flash.flash-error, #flash.flash-ok")
    expect(outcome).to_be_visible()
    return outcome.inner_text()


def desk(td: Page, venue: Venue, event: str) -> None:
    td.goto(f"{venue.url}/club/hp/events/{event}?lang=fr")


def check_in(td: Page, number: int, id_seen: bool = True) -> None:
    row = td.locator(f"tr[data-member='{number}']")
    if id_seen and row.get_by_label("Pièce vue").count():
        row.get_by_label("Pièce vue").check()
    row.get_by_role("button", name=re.compile("^Valider")).click()
    # The row's own status, not the flash: the flash of the previous check-in says the same.
    status = td.locator(f"tr[data-member='{number}'] td").nth(2)
    expect(status).to_contain_text("validé")


def play(td: Page, venue: Venue, event: str, bust_order: list[str]) -> None:
    """Start the evening's tournament from the desk, play it quickly, close the event."""
    td.get_by_role("button", name="Lancer le tournoi avec les joueurs validés").click()
    expect(td.locator("#flash")).to_contain_text("Le tournoi est prêt")
    tid = f"hp-{event}"
    venue.tournament(tid, {"type": "draw_seats", "seed": 3})
    venue.tournament(tid, {"type": "place_buttons", "seed": 3})
    venue.tournament(tid, {"type": "start_clock"})
    for member in bust_order:
        venue.tournament(tid, {"type": "bust_players", "table_no": 1, "players": [member]})
    venue.tournament(tid, {"type": "finish"})
    td.goto(f"{venue.url}/t/{tid}/results?lang=fr")
    expect(td.locator("main")).to_contain_text("Ada")  # her nickname: the public name
    desk(td, venue, event)
    td.get_by_role("button", name="Clore l'événement avec les résultats du tournoi").click()
    expect(td.locator("#flash")).to_contain_text("L'événement est clos")


def test_a_month_of_a_club(venue: Venue, browser: Browser) -> None:
    td_context = browser.new_context(viewport=DESK, locale="fr-FR")
    phone_context = browser.new_context(viewport=PHONE, locale="fr-FR", is_mobile=True)
    td, phone = td_context.new_page(), phone_context.new_page()
    violations: list[str] = []
    for page in (td, phone):
        page.on(
            "console",
            lambda message: (
                violations.append(message.text)
                if "Content Security Policy" in message.text or "Refused to" in message.text
                else None
            ),
        )
    sign_in(td, venue)
    set_up(venue, td)
    shot(td, "members-1366")

    # ---- 3 November: full, a waiting list with a deposit, a late cancellation --------------
    for number in (1, 2, 5):
        assert "L'inscription est enregistrée" in member_acts(phone, venue, "a", number)
    refused = member_acts(phone, venue, "a", 6)
    assert "18" in refused and "UNDER_AGE" in refused  # heavenpoker 2.1
    shot(phone, "public-event-390")
    desk(td, venue, "a")
    form = td.locator("form[action$='/register']")
    form.get_by_label("Numéro de membre").fill("4")
    form.get_by_label("Présent au club").check()
    form.get_by_label("Caution de liste d'attente").fill("20")
    form.get_by_role("button", name="S'inscrire").click()
    expect(td.locator("tr[data-member='4']")).to_contain_text("liste d'attente")
    venue.clock.set("2026-11-03T18:00:00")  # 2 hours before: past the 4-hour deadline
    assert "L'inscription est annulée" in member_acts(phone, venue, "a", 5, cancel=True)
    td.goto(f"{venue.url}/club/hp/members/5?lang=fr")
    expect(td.locator(".offences")).to_contain_text("rappel écrit")
    td.get_by_role("link", name="Lettre").click()
    expect(td.locator(".letter")).to_contain_text("Rappel écrit")
    shot(td, "letter-1366")
    venue.clock.set("2026-11-03T19:30:00")
    desk(td, venue, "a")
    expect(td.locator("tr[data-member='4']")).to_contain_text("inscrit")  # promoted
    for number in (1, 2, 4):
        check_in(td, number)
    shot(td, "event-desk-1366")
    play(td, venue, "a", bust_order=["2", "4"])
    club = venue.clubs.club("hp")
    entry = [line for line in club.cash_lines if line.kind == "entry" and line.member_id == "4"]
    assert entry[0].deposit_counted_cents == 2000  # the deposit counted at her entry (2.5)

    # ---- 10 November: a second late cancellation, the fine collected at check-in -----------
    venue.clock.set("2026-11-05T10:00:00")
    for number in (1, 3, 5):
        assert "enregistrée" in member_acts(phone, venue, "b", number)
    venue.clock.set("2026-11-10T17:00:00")
    assert "annulée" in member_acts(phone, venue, "b", 5, cancel=True)
    assert "enregistrée" in member_acts(phone, venue, "b", 5)
    venue.clock.set("2026-11-10T19:20:00")
    desk(td, venue, "b")
    expect(td.locator("tr[data-member='5']")).to_contain_text("Amende due")
    shot(td, "event-fine-1366")
    for number in (1, 3, 5):
        check_in(td, number)
    assert venue.clubs.club("hp").fine_due_cents("5") == 0
    fines = [line for line in venue.clubs.club("hp").cash_lines if line.kind == "fine"]
    assert [line.member_id for line in fines] == ["5"]
    play(td, venue, "b", bust_order=["5", "3"])

    # ---- 17 November: a no-show, then the December registration refused -------------------
    venue.clock.set("2026-11-12T10:00:00")
    for number in (1, 2, 5):
        assert "enregistrée" in member_acts(phone, venue, "c", number)
    venue.clock.set("2026-11-17T19:30:00")
    desk(td, venue, "c")
    for number in (1, 2):
        check_in(td, number)
    venue.clock.set("2026-11-17T21:00:00")  # validations closed long ago: Émile is absent
    play(td, venue, "c", bust_order=["1"])  # Blaise wins; Émile never came
    td.goto(f"{venue.url}/club/hp/members/5?lang=fr")
    expect(td.locator(".record")).to_contain_text("Exclu")
    refused = member_acts(phone, venue, "d", 5)
    assert "MEMBER_EXCLUDED" in refused

    # ---- the season: best 2 results ---------------------------------------------------------
    phone.goto(f"{venue.url}/c/hp/s/s1?lang=fr")
    rows = phone.locator("table.standings tbody tr")
    expect(rows.first).to_contain_text("Ada")
    ada = rows.filter(has_text="Ada")
    expect(ada.locator("strong")).to_have_count(2)  # 3 evenings played, the best 2 counted
    expect(ada.locator("td").nth(3)).to_have_text("3")
    shot(phone, "standings-390")
    td.goto(f"{venue.url}/c/hp/s/s1?lang=fr")
    shot(td, "standings-1366")
    csv_text = httpx.get(f"{venue.url}/c/hp/s/s1.csv").text
    assert csv_text.splitlines()[1].split(",")[2] == "Ada"
    for url, name in (
        ("/club/hp?lang=fr", "calendar"),
        ("/club/hp/cash?lang=fr", "cash"),
        ("/club/hp/members/5?lang=fr", "member"),
    ):
        td.goto(f"{venue.url}{url}")
        shot(td, f"{name}-1366")
    for url, name in (("/c/hp?lang=fr", "public-calendar"), ("/c/hp/m/1?lang=fr", "player")):
        phone.goto(f"{venue.url}{url}")
        shot(phone, f"{name}-390")
    assert violations == []  # every club page runs under the Content-Security-Policy
    td_context.close()
    phone_context.close()
