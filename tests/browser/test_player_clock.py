"""The player clock in a real browser: the captain's phone (390x844) times a player and calls
the clock, the phone and the TD's console (1366x768) count it down, tick each second of the
countdown, sound the expiry, and show the ruling the captain gives (issue 14, item 10).

The server runs in this process with the venue's fake clock (the page tests' ``FakeClock``), so
the test moves time at once instead of waiting the profile's 30 seconds; the pages still get
their pushes every second from the live view. ``POKERFLOOR_SHOTS=/tmp/shots`` saves
screenshots."""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import Any

import msgspec
import pytest
from playwright.sync_api import Browser, Page, expect

from pokerfloor.app.commands import COMMAND_DECODER, CREATE_DECODER
from pokerfloor.app.memory_store import MemoryEventStore
from pokerfloor.app.service import TournamentService
from pokerfloor.web import create_app
from pokerfloor.web.pages.common._common import captain_key
from tests.browser.conftest import ThreadServer, wait_until
from tests.web.test_api import FakeClock

TID = "pendule"
TOKEN = "td-token-for-the-player-clock-test"
PHONE = {"width": 390, "height": 844}
LAPTOP = {"width": 1366, "height": 768}
SECOND_MS = 1_000
COUNT_SOCKETS = """
window.liveSockets = 0;
document.addEventListener("htmx:wsOpen", function () { window.liveSockets += 1; });
"""


class Venue:
    """A server in this process: its service, its fake clock, its address."""

    def __init__(self) -> None:
        self.clock = FakeClock()
        self.service = TournamentService(MemoryEventStore(), self.clock)
        self.app = create_app(self.service, TOKEN, captain_secret=b"player-clock-secret")
        self.server = ThreadServer(self.app)
        self.url = self.server.url

    def command(self, **body: Any) -> None:
        data = msgspec.json.encode(body)
        decoder = CREATE_DECODER if body["type"] == "create_tournament" else COMMAND_DECODER
        self.service.execute(TID, decoder.decode(data))

    def captain_url(self, table_no: int) -> str:
        key = captain_key(self.app.state.pages, TID, table_no)
        return f"{self.url}/t/{TID}/table/{table_no}?key={key}&lang=fr"


@pytest.fixture
def venue() -> Iterator[Venue]:
    venue = Venue()
    venue.server.start()
    venue.command(type="create_tournament", tournament_id=TID, profile="tda-2024")
    for number in range(1, 7):
        venue.command(type="register_player", player_id=f"p{number}", name=f"Joueur {number:02d}")
    venue.command(type="draw_seats", seed=7)
    venue.command(type="place_buttons", seed=7)
    venue.command(type="start_clock")
    try:
        yield venue
    finally:
        venue.server.stop()


def shot(page: Page, name: str) -> None:
    folder = os.environ.get("POKERFLOOR_SHOTS")
    if folder:
        page.screenshot(path=f"{folder}/{name}.png", full_page=False)


def test_the_phone_calls_the_clock_both_count_down_and_show_the_ruling(
    browser: Browser, venue: Venue
) -> None:
    tournament = venue.service.tournament(TID)
    seat = min(tournament.tables[1].seats)
    name = tournament.players[tournament.tables[1].seats[seat]].name

    laptop = browser.new_context(viewport=LAPTOP, locale="fr-FR")
    console = laptop.new_page()
    console.add_init_script(COUNT_SOCKETS)
    console.goto(f"{venue.url}/login?next=/t/{TID}/console&lang=fr")
    console.get_by_label("Jeton TD").fill(TOKEN)
    console.get_by_role("button", name="Se connecter").click()
    expect(console.locator("#console-player-clocks")).to_contain_text("Personne n'est chronométré")
    wait_until(console, "window.liveSockets >= 4")  # clock line, tables, calls, player clocks

    handset = browser.new_context(viewport=PHONE, locale="fr-FR", is_mobile=True, has_touch=True)
    phone = handset.new_page()
    phone.add_init_script(COUNT_SOCKETS)
    phone.goto(venue.captain_url(1))
    wait_until(phone, "window.liveSockets >= 1")

    phone.locator("#captain-player-clock summary").click()
    phone.locator(f"#pclock-think-{seat}").click()
    expect(phone.locator("#flash")).to_contain_text(f"Le siège {seat} est chronométré")
    phone.locator("#pclock-call-1").click()
    expect(phone.locator("#flash")).to_contain_text("25 s, puis un décompte de 5 s")
    clock = phone.locator("#captain-player-clock [data-player-clock]")
    expect(clock).to_have_attribute("data-phase", "action")
    expect(console.locator("#console-player-clocks")).to_contain_text(
        f"Siège {seat} · {name} sous pendule"
    )

    # The last five seconds: counted on both screens, a tick for each second.
    venue.clock.advance(26 * SECOND_MS)
    expect(clock).to_have_attribute("data-phase", "countdown")
    expect(phone.locator("#captain-player-clock .pclock-time")).to_have_text("4")
    wait_until(phone, "Number(document.body.dataset.playerClockTicks || 0) >= 1")
    venue.clock.advance(SECOND_MS)
    expect(phone.locator("#captain-player-clock .pclock-time")).to_have_text("3")
    wait_until(phone, "Number(document.body.dataset.playerClockTicks || 0) >= 2")
    expect(console.locator("#console-player-clocks .pclock-time")).to_have_text("3")
    expect(console.locator("#player-clock-badge")).to_have_text("Pendule : table 1 · 3")
    wait_until(console, "Number(document.body.dataset.playerClockTicks || 0) >= 1")
    shot(phone, "player-clock-phone-countdown")
    shot(console, "player-clock-console-countdown")

    # Time runs out: the expiry sounds once on each screen, the phone asks for the one fact.
    venue.clock.advance(3 * SECOND_MS)
    expect(phone.locator("#captain-player-clock")).to_contain_text("Temps !")
    expect(phone.locator("#pclock-no-bet-1")).to_have_text("Aucune mise à suivre : parole (check)")
    expect(phone.locator("#pclock-bet-1")).to_have_text("Face à une mise : la main est morte")
    wait_until(phone, "document.body.dataset.playerClockExpiries === '1'")
    wait_until(console, "document.body.dataset.playerClockExpiries === '1'")
    shot(phone, "player-clock-phone-expired")

    phone.locator("#pclock-bet-1").click()
    ruling = f"Main 1, siège {seat} ({name}) : temps écoulé face à une mise : la main est morte"
    expect(phone.locator("#flash")).to_contain_text(f"{ruling} (tda-2024 R29).")
    expect(phone.locator("#captain-player-clock .pclock-ruling")).to_contain_text("tda-2024 R29")
    expect(console.locator("#console-player-clocks .pclock-ruling")).to_contain_text(
        "temps écoulé face à une mise : la main est morte (tda-2024 R29)"
    )
    shot(phone, "player-clock-phone-ruling")
    shot(console, "player-clock-console-ruling")
    kinds = [kind for _seq, kind, _line in venue.service.event_lines(TID)]
    assert kinds[-1] == "player_clock_expired"
    laptop.close()
    handset.close()
