"""The TD console in a real browser at 1366x768: one screen (clock, tables, moves, floor calls
in view), a player's actions one click away from the grid, busts shown at once (pushed over
the WebSocket, no reload), undo, the clock's buttons that apply, keyboard shortcuts, add-ons at
the break."""

from __future__ import annotations

import os
from typing import Any

import httpx
from playwright.sync_api import Page, expect

from tests.browser.conftest import LiveServer, wait_until
from tests.browser.console_grid import grid_bust, open_player
from tests.browser.test_pages_render import sign_in

SHOTS = os.environ.get("POKERFLOOR_SHOTS", "/tmp")
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


LAPTOP = {"width": 1366, "height": 768}


def in_view(page: Page, selector: str) -> bool:
    """Whether the element is on the screen without scrolling the page (a column may scroll
    on its own, but its top part is in view)."""
    box = page.locator(selector).first.bounding_box()
    assert box is not None, selector
    return box["y"] >= 0 and box["y"] + min(box["height"], 40) <= LAPTOP["height"]


def test_one_screen_at_1366x768_clock_busts_moves_and_floor_calls_in_view(
    page: Page, live_server: LiveServer
) -> None:
    evening(live_server, "one-screen", players=27)  # three tables of 9
    page.set_viewport_size(LAPTOP)  # type: ignore[arg-type]
    open_console(page, live_server, "one-screen")
    for selector in (
        "#clock-pause", "#clock-plus", "#player-find", "#moves-title",
        "#floor-calls-title", "#table-3-title",
    ):  # fmt: skip
        assert in_view(page, selector), selector
    for table_no in (1, 2, 3):  # every player of the three tables: their actions, one click
        buttons = page.locator(f"article:has(#table-{table_no}-title) button.seat-player")
        expect(buttons).to_have_count(9)
        assert in_view(page, f"article:has(#table-{table_no}-title) tr:last-child")
    assert page.evaluate("document.documentElement.scrollHeight") <= LAPTOP["height"] + 2
    page.screenshot(path=f"{SHOTS}/console-1366x768.png")


def test_a_bust_of_two_players_from_the_grid_shows_without_reload_then_undo(
    page: Page, live_server: LiveServer
) -> None:
    evening(live_server, "bust-two")
    chart = httpx.get(f"{live_server.url}/api/tournaments/bust-two/seating").json()
    table_one = next(table for table in chart["tables"] if table["table_no"] == 1)
    first, second = table_one["seats"][:2]
    page.set_viewport_size(LAPTOP)  # type: ignore[arg-type]
    open_console(page, live_server, "bust-two")
    page.evaluate("window.notReloaded = true")
    tables = page.locator("#console-tables")
    expect(page.locator("#table-1-title")).to_contain_text("7 / 9")

    grid_bust(page, 1, [first["name"], second["name"]])
    expect(page.locator("#table-1-title")).to_contain_text("5 / 9")
    expect(tables).not_to_contain_text(first["name"])
    expect(tables).not_to_contain_text(second["name"])
    assert page.evaluate("window.notReloaded") is True
    players = httpx.get(f"{live_server.url}/api/tournaments/bust-two/players").json()["players"]
    places = {p["player_id"]: p["place"] for p in players}
    assert places[first["player_id"]] == places[second["player_id"]] == 19  # a tie: no stacks

    # Undo from the keyboard (Ctrl+Z): both are back at their seats with their stacks.
    expect(page.locator("#undo-last")).to_be_visible()
    page.locator("main h1").click()
    page.keyboard.press("Control+z")
    expect(page.locator("#flash")).to_contain_text("Élimination annulée")
    expect(page.locator("#table-1-title")).to_contain_text("7 / 9")
    expect(tables).to_contain_text(first["name"])
    players = httpx.get(f"{live_server.url}/api/tournaments/bust-two/players").json()["players"]
    back = {p["player_id"]: p for p in players}
    assert back[first["player_id"]]["status"] == back[second["player_id"]]["status"] == "playing"
    assert back[first["player_id"]]["stack"] == first["stack"]


def test_the_undo_button_goes_after_30_seconds(page: Page, live_server: LiveServer) -> None:
    evening(live_server, "undo-expires", players=6)
    page.clock.install()
    open_console(page, live_server, "undo-expires")
    name = httpx.get(f"{live_server.url}/api/tournaments/undo-expires/seating").json()["tables"][0][
        "seats"
    ][0]["name"]
    grid_bust(page, 1, [name])
    expect(page.locator("#undo-last")).to_be_visible()
    page.clock.run_for(29_000)
    expect(page.locator("#undo-last")).to_be_visible()
    page.clock.run_for(2_000)
    expect(page.locator("#undo-last")).to_have_count(0)


def test_the_clock_shows_only_the_buttons_that_apply(page: Page, live_server: LiveServer) -> None:
    evening(live_server, "buttons", players=4)
    open_console(page, live_server, "buttons")
    expect(page.locator("#clock-pause")).to_be_visible()
    expect(page.locator("#clock-start")).to_be_hidden()
    expect(page.locator("#clock-resume")).to_be_hidden()
    page.locator("#clock-pause").click()
    expect(page.locator("#clock-resume")).to_be_visible()
    expect(page.locator("#clock-pause")).to_be_hidden()
    expect(page.locator("#clock-start")).to_be_hidden()


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
    page.get_by_text("Réglages de l'horloge").click()
    page.get_by_label("Minutes (négatif pour retirer)").fill("1")
    page.get_by_label("Minutes (négatif pour retirer)").press("Space")
    page.wait_for_timeout(500)
    expect(clock).to_have_attribute("data-status", "paused")
    page.locator("main h1").click()
    page.keyboard.press("Space")
    expect(clock).to_have_attribute("data-status", "running")
    page.keyboard.press("+")
    expect(page.locator("#flash")).to_contain_text("Horloge ajustée : +01:00.")


def test_find_a_player_by_typing_then_act_from_the_keyboard(
    page: Page, live_server: LiveServer
) -> None:
    evening(live_server, "find", players=20)
    open_console(page, live_server, "find")
    page.locator("main h1").click()
    page.keyboard.press("/")
    expect(page.locator("#player-find")).to_be_focused()
    page.keyboard.type("joueur 07")
    expect(page.locator("button.seat-player.is-found")).to_have_count(1)
    page.keyboard.press("Enter")
    expect(page.locator("#console-dialog-title")).to_have_text("Joueur 07")
    wait_until(page, "document.getElementById('console-dialog').open")  # opened once settled
    page.keyboard.press("e")  # "Éliminé"
    expect(page.locator("#flash")).to_contain_text("Joueur 07")
    players = httpx.get(f"{live_server.url}/api/tournaments/find/players").json()["players"]
    assert next(p for p in players if p["name"] == "Joueur 07")["status"] == "busted"


def test_a_bust_reported_elsewhere_leaves_the_open_dialog_and_its_ticks_alone(
    page: Page, live_server: LiveServer
) -> None:
    evening(live_server, "elsewhere")
    chart = httpx.get(f"{live_server.url}/api/tournaments/elsewhere/seating").json()
    first, second, third = next(t for t in chart["tables"] if t["table_no"] == 1)["seats"][:3]
    open_console(page, live_server, "elsewhere")
    open_player(page, first["name"])
    page.locator("details.same-hand > summary").click()
    page.locator(f"#bust-{second['player_id']}").check()
    # A table captain (here the API) reports another bust: the grid follows, the dialog stays.
    command(live_server, "elsewhere", type="bust_players", table_no=1, players=[third["player_id"]])
    expect(page.locator("#console-tables")).not_to_contain_text(third["name"])
    expect(page.locator(f"#bust-{second['player_id']}")).to_be_checked()
    wait_until(page, "document.getElementById('console-dialog').open")


def test_add_ons_at_the_break_for_everyone_in_two_clicks(
    page: Page, live_server: LiveServer
) -> None:
    response = httpx.post(
        f"{live_server.url}/api/tournaments",
        json={"type": "create_tournament", "tournament_id": "addons", "structure": "club-rebuy"},
        headers={"Authorization": f"Bearer {live_server.token}"},
    )
    response.raise_for_status()
    for number in range(1, 24):
        command(
            live_server, "addons", type="register_player", player_id=f"a{number}",
            name=f"Joueur {number:02d}",
        )  # fmt: skip
    command(live_server, "addons", type="draw_seats", seed=7)
    command(live_server, "addons", type="start_clock")
    # The break after level 4, where club-rebuy takes its add-ons.
    command(live_server, "addons", type="jump_to_level", level_index=4, break_before=True)
    open_console(page, live_server, "addons")
    page.get_by_role("button", name="Add-ons…").click()
    page.get_by_label("Tout cocher (23)").check()
    page.get_by_role("button", name="Enregistrer les add-ons cochés").click()
    expect(page.locator("#flash")).to_contain_text("Add-ons enregistrés pour 23 joueurs.")
    clock = httpx.get(f"{live_server.url}/api/tournaments/addons/clock").json()
    assert clock["addons"] == 23


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
