"""The TD console in a real browser: a bust of two players recorded through the form shows in
the tables at once (pushed over the WebSocket, no reload); the space bar pauses the clock."""

from __future__ import annotations

from typing import Any

import httpx
from playwright.sync_api import Page, expect

from tests.browser.conftest import LiveServer, wait_until
from tests.browser.test_pages_render import sign_in

# Counts the live sockets that opened, so a test acts once the page is listening.
COUNT_SOCKETS = """
window.consoleSockets = 0;
document.addEventListener("htmx:wsOpen", function () { window.consoleSockets += 1; });
"""


def command(live_server: LiveServer, tournament_id: str, **body: Any) -> None:
    response = httpx.post(
        f"{live_server.url}/api/tournaments/{tournament_id}/commands",
        json=body,
        headers={"Authorization": f"Bearer {live_server.token}"},
    )
    response.raise_for_status()


def evening(live_server: LiveServer, tournament_id: str, players: int = 20) -> None:
    """Created, ``players`` registered and seated, buttons placed, clock running (the API)."""
    response = httpx.post(
        f"{live_server.url}/api/tournaments",
        json={"type": "create_tournament", "tournament_id": tournament_id},
        headers={"Authorization": f"Bearer {live_server.token}"},
    )
    response.raise_for_status()
    for number in range(1, players + 1):
        # Two digits: no name is part of another ("Joueur 01" is not in "Joueur 10").
        name = f"Joueur {number:02d}"
        command(
            live_server, tournament_id, type="register_player", player_id=f"p{number}", name=name
        )
    command(live_server, tournament_id, type="draw_seats", seed=7)
    command(live_server, tournament_id, type="place_buttons", seed=7)
    command(live_server, tournament_id, type="start_clock")


def open_console(page: Page, live_server: LiveServer, tournament_id: str) -> None:
    page.add_init_script(COUNT_SOCKETS)
    sign_in(page, live_server)
    page.goto(f"{live_server.url}/t/{tournament_id}/console?lang=fr")
    wait_until(page, "window.consoleSockets >= 2")  # the clock line and the tables


def test_a_bust_of_two_players_shows_in_the_tables_without_reload(
    page: Page, live_server: LiveServer
) -> None:
    evening(live_server, "bust-two")
    chart = httpx.get(f"{live_server.url}/api/tournaments/bust-two/seating").json()
    table_one = next(table for table in chart["tables"] if table["table_no"] == 1)
    first, second = table_one["seats"][:2]
    open_console(page, live_server, "bust-two")
    page.evaluate("window.notReloaded = true")
    tables = page.locator("#console-tables")
    expect(tables).to_contain_text(first["name"])
    expect(page.locator("#table-1-title")).to_contain_text("7 / 9")

    page.locator("#bust-table").select_option("1")
    page.get_by_label(f"Siège {first['seat_no']} : {first['name']}", exact=True).check()
    page.get_by_label(f"Siège {second['seat_no']} : {second['name']}", exact=True).check()
    page.get_by_role("button", name="Enregistrer l'élimination").click()

    expect(page.locator("#flash")).to_contain_text("Élimination enregistrée à la table 1")
    expect(page.locator("#table-1-title")).to_contain_text("5 / 9")
    expect(tables).not_to_contain_text(first["name"])
    expect(tables).not_to_contain_text(second["name"])
    # The bust form reloaded its list: the busted players are no longer offered.
    expect(page.locator(f"#bust-{first['player_id']}")).to_have_count(0)
    assert page.evaluate("window.notReloaded") is True
    players = httpx.get(f"{live_server.url}/api/tournaments/bust-two/players").json()["players"]
    places = {p["player_id"]: p["place"] for p in players}
    assert places[first["player_id"]] == places[second["player_id"]] == 19  # a tie: no stacks


def test_the_space_bar_pauses_and_resumes_the_clock_but_not_while_typing(
    page: Page, live_server: LiveServer
) -> None:
    evening(live_server, "space-bar", players=4)
    open_console(page, live_server, "space-bar")
    clock = page.locator("#console-clock")
    expect(clock).to_have_attribute("data-status", "running")
    page.locator("main h1").click()  # the focus on the page, not on a control
    page.keyboard.press("Space")
    expect(clock).to_have_attribute("data-status", "paused")
    expect(page.locator("#flash")).to_contain_text("Horloge en pause")
    page.get_by_label("Minutes (négatif pour retirer)").fill("1")
    page.get_by_label("Minutes (négatif pour retirer)").press("Space")
    page.wait_for_timeout(500)
    expect(clock).to_have_attribute("data-status", "paused")
    page.locator("main h1").click()
    page.keyboard.press("Space")
    expect(clock).to_have_attribute("data-status", "running")


def test_a_bust_reported_elsewhere_reloads_the_bust_form_the_td_is_not_using(
    page: Page, live_server: LiveServer
) -> None:
    evening(live_server, "elsewhere")
    chart = httpx.get(f"{live_server.url}/api/tournaments/elsewhere/seating").json()
    busted = next(table for table in chart["tables"] if table["table_no"] == 1)["seats"][0]
    open_console(page, live_server, "elsewhere")
    expect(page.locator(f"#bust-{busted['player_id']}")).to_have_count(1)
    # A table captain (here the API) reports the bust: the console's form follows.
    command(
        live_server, "elsewhere", type="bust_players", table_no=1, players=[busted["player_id"]]
    )
    expect(page.locator(f"#bust-{busted['player_id']}")).to_have_count(0)
    expect(page.locator("#entry-player option")).to_have_count(20)  # 19 players and "choose"


def test_moves_are_confirmed_from_the_keyboard_and_the_focus_stays_in_the_moves(
    page: Page, live_server: LiveServer
) -> None:
    evening(live_server, "moves", players=23)  # tables of 8, 8 and 7
    chart = httpx.get(f"{live_server.url}/api/tournaments/moves/seating").json()
    table_three = next(table for table in chart["tables"] if table["table_no"] == 3)
    gone = [seat["player_id"] for seat in table_three["seats"][:3]]
    command(live_server, "moves", type="bust_players", table_no=3, players=gone)
    command(live_server, "moves", type="propose_moves", seed=1)
    moves = httpx.get(f"{live_server.url}/api/tournaments/moves/seating").json()
    first = moves["moves_to_confirm"][0]
    open_console(page, live_server, "moves")
    done = page.locator(f"#move-done-{first['player_id']}")
    done.focus()
    page.keyboard.press("Enter")
    expect(page.locator("#flash")).to_contain_text(f"Déplacement fait : {first['name']}")
    expect(done).to_have_count(0)
    expect(page.locator(".move-done").first).to_be_focused()
    players = httpx.get(f"{live_server.url}/api/tournaments/moves/players").json()["players"]
    moved = next(p for p in players if p["player_id"] == first["player_id"])
    assert (moved["table_no"], moved["seat_no"]) == (first["to_table"], first["to_seat"])
