"""The chip race with the real chips, in a browser, at the break of a colour-up (heavenpoker
9.24: from the left of the new dealer): the TD types each player's odd chips of 25 on the chip
race page (1366x768) and races table 1; the captain of table 2 does the same from a phone
(390x844). Screenshots go to /tmp (or ``POKERFLOOR_SHOTS``)."""

from __future__ import annotations

import os
from typing import Any

import httpx
from playwright.sync_api import Browser, Page, expect

from tests.browser.conftest import LiveServer
from tests.browser.test_captain import PHONE, send

TID = "race"
DESK = {"width": 1366, "height": 768}
SHOTS = os.environ.get("POKERFLOOR_SHOTS", "/tmp")


def api(live_server: LiveServer, what: str) -> Any:
    response = httpx.get(f"{live_server.url}/api/tournaments/{TID}/{what}", timeout=10)
    response.raise_for_status()
    return response.json()


def seats_of(live_server: LiveServer, table_no: int) -> list[dict[str, Any]]:
    table = next(t for t in api(live_server, "seating")["tables"] if t["table_no"] == table_no)
    seats: list[dict[str, Any]] = table["seats"]
    return seats


def at_the_colour_up_break(live_server: LiveServer) -> None:
    """12 players on two tables; level 6 ends now: the break where the 25s leave."""
    send(live_server, None, {"tournament_id": TID, "profile": "heavenpoker"})
    for number in range(1, 13):
        body = {"type": "register_player", "player_id": f"p{number}", "name": f"Joueur {number}"}
        send(live_server, TID, body)
    for kind in ("draw_seats", "place_buttons"):
        send(live_server, TID, {"type": kind, "seed": 5})
    send(live_server, TID, {"type": "start_clock"})
    send(live_server, TID, {"type": "jump_to_level", "level_index": 5})
    send(live_server, TID, {"type": "adjust_clock", "delta_ms": -21 * 60_000})
    assert api(live_server, "clock")["in_break"]


def counts_for(seats: list[dict[str, Any]]) -> dict[str, int]:
    """What the table counted: 0 to 3 chips of 25 each, by seat."""
    return {seat["player_id"]: seat["seat_no"] % 4 for seat in seats}


def check_stacks(live_server: LiveServer, table_no: int, counts: dict[str, int]) -> None:
    race = next(
        event
        for event in reversed(api(live_server, "events")["events"])
        if event["type"] == "chip_raced" and event["table_no"] == table_no
    )
    assert dict(race["odd_chips"]) == counts
    winners = race["winners"]
    assert len(winners) == len(set(winners))  # at most one chip each (heavenpoker 9.24)
    for seat in seats_of(live_server, table_no):
        player_id = seat["player_id"]
        won = winners.count(player_id)
        assert seat["stack"] == 20_000 - counts[player_id] * 25 + won * 100
    clock = api(live_server, "clock")
    players = api(live_server, "players")["players"]
    assert clock["total_chips"] == sum(p["stack"] for p in players if p["status"] == "playing")


def test_the_td_and_a_captain_race_with_the_counted_chips(
    page: Page, browser: Browser, live_server: LiveServer
) -> None:
    at_the_colour_up_break(live_server)

    desk = browser.new_context(viewport=DESK, locale="fr-FR")
    td = desk.new_page()
    td.goto(f"{live_server.url}/login?next=/t/{TID}/chip-race&lang=fr")
    td.get_by_label("Jeton TD").fill(live_server.token)
    td.get_by_role("button", name="Se connecter").click()
    expect(td.get_by_role("heading", name="Chip race", exact=True)).to_be_visible()
    form = td.locator("#race-table-1")
    expect(form).to_contain_text("à partir de la gauche du nouveau donneur")
    # Without counts the page says it cannot race.
    form.get_by_role("button", name="Lancer le chip race").click()
    expect(td.locator("#flash")).to_contain_text("Impossible de faire le chip race sans")
    expect(td.locator("#flash .refusal-code")).to_have_text("(CHIP_RACE_NEEDS_COUNTS)")
    seats = seats_of(live_server, 1)
    counts = counts_for(seats)
    for seat in seats:
        label = f"Jetons restants du siège {seat['seat_no']} · {seat['name']}"
        form.get_by_label(label, exact=True).fill(str(counts[seat["player_id"]]))
    td.screenshot(path=f"{SHOTS}/chip-race-td-counts.png", full_page=True)
    form.get_by_role("button", name="Lancer le chip race").click()
    expect(td.locator("#flash")).to_contain_text("Chip race à la table 1")
    expect(td.locator("#race-table-1")).to_contain_text("déjà fait")
    expect(td.locator("#chip-race-results")).to_contain_text("Table 1")
    check_stacks(live_server, 1, counts)
    assert td.evaluate("document.documentElement.scrollWidth") <= DESK["width"]
    td.screenshot(path=f"{SHOTS}/chip-race-td-done.png", full_page=True)

    td.goto(f"{live_server.url}/t/{TID}/captains")
    link = td.locator(f'#captain-links a[href*="/t/{TID}/table/2?key="]').get_attribute("href")
    assert link is not None
    phone = browser.new_context(viewport=PHONE, locale="fr-FR", has_touch=True)
    captain = phone.new_page()
    captain.goto(link)
    section = captain.locator("#captain-chip-race")
    expect(section).to_be_visible()
    expect(section).to_contain_text("Jetons qui sortent du jeu : 25")
    seats = seats_of(live_server, 2)
    counts = counts_for(seats)
    for seat in seats:
        label = f"Siège {seat['seat_no']} · {seat['name']}"
        section.get_by_label(label, exact=True).fill(str(counts[seat["player_id"]]))
    assert captain.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    button = section.get_by_role("button", name="Lancer le chip race")
    box = button.bounding_box()
    assert box is not None and box["height"] >= 48
    captain.screenshot(path=f"{SHOTS}/chip-race-phone-counts.png", full_page=True)
    button.click()
    expect(captain.locator("#flash")).to_contain_text("Chip race à la table 2")
    expect(section).to_contain_text("Chip race effectué")
    check_stacks(live_server, 2, counts)
    captain.screenshot(path=f"{SHOTS}/chip-race-phone-done.png", full_page=True)
    section.screenshot(path=f"{SHOTS}/chip-race-phone-done-section.png")
    phone.close()
    desk.close()
