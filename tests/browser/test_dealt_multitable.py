"""A multi-table tournament dealt by pokerfloor against a real ``pokerfloor serve``: 13 bots of
the simulator and two players on 390x844 phones (touch), three tables of six, to the final
table: a table breaks, hand-for-hand at the bubble when a hand leaves one player from the
money, then the final table drawn (tda-2024 R10, R11, RP-8, RP-9). The server's own dealer
deals, moves players between hands and plays the bots; the phones only tap. The TD's console
(1366x768) shows every table's hand. Screenshots go to /tmp/h-dealtmulti-*.png.
"""

from __future__ import annotations

import time

import httpx
from playwright.sync_api import Browser, Page, expect

from tests.browser.conftest import LiveServer, wait_until
from tests.browser.dealt_set_up import dealt_tournament
from tests.browser.test_console import command
from tests.browser.test_dealt_sitngo import LAPTOP, OWN_TWO_CARDS, PHONE, _act
from tests.browser.test_pages_render import sign_in

TID = "mtt-browser"
PLAYERS = 15
PEOPLE = ("p1", "p2")
# One-minute levels rising fast: the bots bust each other in a few minutes of real time.
STRUCTURE = """
name = "multi-browser"
level_minutes = 1
chips = [{ value = 25, colour_fr = "vert", colour_en = "green" }]
levels = [
  { number = 1, small_blind = 50, big_blind = 100 },
  { number = 2, small_blind = 100, big_blind = 200 },
  { number = 3, small_blind = 150, big_blind = 300 },
  { number = 4, small_blind = 200, big_blind = 400 },
  { number = 5, small_blind = 300, big_blind = 600 },
  { number = 6, small_blind = 400, big_blind = 800 },
  { number = 7, small_blind = 500, big_blind = 1000 },
  { number = 8, small_blind = 600, big_blind = 1200 },
]
[entry]
starting_stack = 20000
buy_in_cents = 1000
"""


def _set_up(live_server: LiveServer) -> dict[str, str]:
    headers = {"Authorization": f"Bearer {live_server.token}"}
    created = {"structure": STRUCTURE, "table_size": 6,
               "payouts": {"name": "power", "exponent": "1", "paid_percent": 50}}  # fmt: skip
    dealt_tournament(
        live_server, TID, PLAYERS,
        {"action_seconds": 20, "bank_seconds": 0, "away_after": 3, "pause_seconds": 0},
        start=False, created=created, seed=5,
    )  # fmt: skip
    for number in range(3, PLAYERS + 1):
        bot = {"player_id": f"p{number}", "policy": "random"}
        url = f"{live_server.url}/api/tournaments/{TID}/dealt/bots"
        httpx.post(url, headers=headers, json=bot).raise_for_status()
    return headers


def _event_types(live_server: LiveServer, headers: dict[str, str]) -> list[dict[str, object]]:
    answer = httpx.get(f"{live_server.url}/api/tournaments/{TID}/events?limit=10000",
                       headers=headers)  # fmt: skip
    events: list[dict[str, object]] = answer.json()["events"]
    return events


def _tables(live_server: LiveServer) -> list[dict[str, object]]:
    seating = httpx.get(f"{live_server.url}/api/tournaments/{TID}/seating").json()
    tables: list[dict[str, object]] = seating["tables"]
    return tables


def test_a_multi_table_dealt_tournament_of_bots_and_two_phones_reaches_the_final_table(
    browser: Browser, live_server: LiveServer
) -> None:
    headers = _set_up(live_server)
    td = browser.new_context(viewport=LAPTOP, locale="fr-FR").new_page()
    sign_in(td, live_server)
    td.set_viewport_size(LAPTOP)
    td.goto(f"{live_server.url}/t/{TID}/dealt?lang=fr")
    expect(td.get_by_role("heading", name="Mains en cours")).to_be_visible()
    links = {
        str(anchor.get_attribute("data-player")): f"{live_server.url}{anchor.get_attribute('href')}"
        for anchor in td.locator("a[data-player]").all()
    }
    phones: dict[str, Page] = {}
    for player in PEOPLE:
        context = browser.new_context(viewport=PHONE, locale="fr-FR", has_touch=True,
                                      is_mobile=True)  # fmt: skip
        phones[player] = context.new_page()
        phones[player].goto(links[player] + "?lang=fr")
    assert len(_tables(live_server)) == 3
    command(live_server, TID, type="start_clock")
    for phone in phones.values():
        wait_until(phone, OWN_TWO_CARDS)
    # The console: a row per table, each with its hand in progress.
    wait_until(td, "document.querySelectorAll('#dealt-hands tr[data-table]').length === 3")
    td.screenshot(path="/tmp/h-dealtmulti-console.png")

    # The people check when they may and fold otherwise; the bots play. To the final table.
    deadline = time.monotonic() + 420
    while len(_tables(live_server)) > 1:
        assert time.monotonic() < deadline, "no final table after 7 minutes"
        for phone in phones.values():
            if phone.locator("#dealt-back").count():  # away after timeouts: back at once
                phone.locator("#dealt-back").click()
            _act(phone, ("check", "fold", "show", "muck"))
        time.sleep(0.3)
    kinds = [event["type"] for event in _event_types(live_server, headers)]
    moved = [e for e in _event_types(live_server, headers) if e["type"] == "players_moved"]
    assert "break" in [e["reason"] for e in moved]
    assert moved[-1]["reason"] == "final_table"
    if "hand_for_hand_changed" in kinds:  # unless one hand jumped the bubble
        assert kinds.count("hand_for_hand_changed") >= 1
    # Both people reach the final table; their phones follow them to their new seat.
    final = _tables(live_server)[0]
    seated = {seat["player_id"] for seat in final["seats"]}  # type: ignore[union-attr]
    for player, phone in phones.items():
        assert player in seated
        table_no = final["table_no"]
        wait_until(
            phone,
            f"document.querySelector('.dealt-where').textContent.includes('Table {table_no}')",
        )
        wait_until(phone, OWN_TWO_CARDS, timeout=60)
        phone.screenshot(path=f"/tmp/h-dealtmulti-phone-{player}.png")
    td.screenshot(path="/tmp/h-dealtmulti-console-final.png")
