"""A ``club-rebuy`` evening in a real browser: the add-ons dialog says when they come, the clock
reaches the break after level 4 (the TD ending the levels, no jump) and the add-ons are offered
and ticked at 1366x768; a level jump from the console's list lands on that break; and the room's
screen at 1920x1080 shows the winner and the prizes once one player is left."""

from __future__ import annotations

import os

import httpx
from playwright.sync_api import Page, expect

from tests.browser.conftest import LiveServer
from tests.browser.test_console import LAPTOP, command, open_console

SHOTS = os.environ.get("POKERFLOOR_SHOTS", "/tmp")
MINUTE = 60_000


def rebuy_evening(live_server: LiveServer, tournament_id: str, players: int = 8) -> None:
    response = httpx.post(
        f"{live_server.url}/api/tournaments",
        json={
            "type": "create_tournament",
            "tournament_id": tournament_id,
            "structure": "club-rebuy",
        },
        headers={"Authorization": f"Bearer {live_server.token}"},
    )
    response.raise_for_status()
    for number in range(1, players + 1):
        command(
            live_server, tournament_id, type="register_player", player_id=f"a{number}",
            name=f"Joueur {number:02d}",
        )  # fmt: skip
    command(live_server, tournament_id, type="draw_seats", seed=7)
    command(live_server, tournament_id, type="place_buttons", seed=7)
    command(live_server, tournament_id, type="start_clock")


def clock_of(live_server: LiveServer, tournament_id: str) -> dict[str, object]:
    return dict(httpx.get(f"{live_server.url}/api/tournaments/{tournament_id}/clock").json())


def open_addons(page: Page) -> None:
    page.get_by_role("button", name="Add-ons…").click()
    expect(page.locator("#console-dialog-title")).to_have_text("Add-ons")


def test_the_break_after_level_4_offers_the_add_ons(page: Page, live_server: LiveServer) -> None:
    page.set_viewport_size(LAPTOP)
    rebuy_evening(live_server, "break4")
    open_console(page, live_server, "break4")
    open_addons(page)
    expect(page.locator("#addons-window")).to_contain_text(
        "ils se prennent à la pause après le niveau 4 ; nous sommes au niveau 1."
    )
    page.screenshot(path=os.path.join(SHOTS, "h-addon-dialog-not-open-1366.png"))
    # The TD ends levels 1 to 4 early, one after the other: the break comes, no jump.
    for _ in range(4):
        command(live_server, "break4", type="adjust_clock", delta_ms=-20 * MINUTE)
    assert clock_of(live_server, "break4")["in_break"]
    page.reload()
    open_addons(page)
    expect(page.locator("#addons-window")).to_have_count(0)
    expect(page.get_by_label("Tout cocher (8)")).to_be_visible()
    page.screenshot(path=os.path.join(SHOTS, "h-addon-dialog-1366.png"))
    page.locator('input.addon-player[value="a1"]').check()
    page.locator('input.addon-player[value="a2"]').check()
    page.get_by_role("button", name="Enregistrer les add-ons cochés").click()
    expect(page.locator("#flash")).to_contain_text("Add-ons enregistrés pour 2 joueurs.")
    assert clock_of(live_server, "break4")["addons"] == 2


def test_a_level_jump_from_the_console_lands_on_the_break(
    page: Page, live_server: LiveServer
) -> None:
    page.set_viewport_size(LAPTOP)
    rebuy_evening(live_server, "jump4")
    open_console(page, live_server, "jump4")
    page.on("dialog", lambda dialog: dialog.accept())  # the jump's confirmation
    page.locator("details.console-more summary").first.click()
    page.locator("select[name=level_index]").select_option("b4")
    page.get_by_role("button", name="Y aller").click()
    expect(page.locator("#flash")).to_contain_text("La pause après le niveau 4 commence.")
    assert clock_of(live_server, "jump4")["in_break"]
    open_addons(page)
    expect(page.get_by_label("Tout cocher (8)")).to_be_visible()


def test_the_room_screen_shows_the_winner_once_one_player_is_left(
    page: Page, live_server: LiveServer
) -> None:
    rebuy_evening(live_server, "winner", players=3)
    command(live_server, "winner", type="bust_players", table_no=1, players=["a1"])
    command(live_server, "winner", type="bust_players", table_no=1, players=["a2"])
    page.set_viewport_size({"width": 1920, "height": 1080})
    page.goto(f"{live_server.url}/t/winner/clock?lang=fr")
    expect(page.locator(".clock-winner")).to_contain_text("Joueur 03")
    expect(page.locator("#clock-screen")).to_have_attribute("data-period", "over")
    expect(page.locator(".banner-hand-for-hand")).to_have_count(0)
    page.screenshot(path=os.path.join(SHOTS, "h-addon-tv-end-1920.png"))
