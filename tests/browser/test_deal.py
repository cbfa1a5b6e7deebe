"""A deal at the final table in a real browser at 1366x768: the console shows both splits,
follows a hand reported meanwhile without reload, records the ICM split once the TD confirms,
cancels it with a typed reason, and the results show the deal the finish paid; where the
profile forbids deals (heavenpoker 8.14) the console shows the rule instead of the buttons."""

from __future__ import annotations

import os
from typing import Any

import httpx
from playwright.sync_api import Dialog, Page, expect

from tests.browser.conftest import LiveServer, wait_until
from tests.browser.test_console import COUNT_SOCKETS, command
from tests.browser.test_pages_render import sign_in

SCREEN = {"width": 1366, "height": 768}


def shot(page: Page, name: str) -> None:
    """A screenshot to look at (POKERFLOOR_SHOTS: the folder; /tmp by default)."""
    page.screenshot(path=os.path.join(os.environ.get("POKERFLOOR_SHOTS", "/tmp"), name))


def four_players(live_server: LiveServer, tournament_id: str, profile: str) -> None:
    response = httpx.post(
        f"{live_server.url}/api/tournaments",
        json={"tournament_id": tournament_id, "profile": profile},
        headers={"Authorization": f"Bearer {live_server.token}"},
    )
    response.raise_for_status()
    for number, name in enumerate(("Alice", "Bruno", "Chloé", "Denis"), start=1):
        command(live_server, tournament_id, type="register_player", player_id=f"p{number}",
                name=name)  # fmt: skip
    command(live_server, tournament_id, type="draw_seats", seed=7)
    command(live_server, tournament_id, type="place_buttons", seed=7)
    command(live_server, tournament_id, type="start_clock")


def report(live_server: LiveServer, tournament_id: str, stacks: dict[str, int]) -> None:
    """Table 1's next hand with these final stacks (the API, as a captain would)."""
    chart = httpx.get(f"{live_server.url}/api/tournaments/{tournament_id}/seating").json()
    plan = chart["tables"][0]["next_hand"]
    command(live_server, tournament_id, type="record_hand", table_no=1,
            hand_no=plan["hand_no"], final_stacks=stacks)  # fmt: skip


def open_console(page: Page, live_server: LiveServer, tournament_id: str) -> None:
    page.set_viewport_size(SCREEN)
    page.add_init_script(COUNT_SOCKETS)
    sign_in(page, live_server)
    page.goto(f"{live_server.url}/t/{tournament_id}/console?lang=fr")
    wait_until(page, "window.consoleSockets >= 2")


def api(live_server: LiveServer, path: str) -> Any:
    """A read as the TD (the log's TD notes, such as a cancelled deal's reason, are not
    public)."""
    headers = {"Authorization": f"Bearer {live_server.token}"}
    return httpx.get(f"{live_server.url}/api/tournaments/{path}", headers=headers).json()


def test_an_icm_deal_at_the_final_table_from_the_console(
    page: Page, live_server: LiveServer
) -> None:
    four_players(live_server, "final", "tda-2024")
    report(live_server, "final", {"p1": 35_000, "p2": 25_000, "p3": 15_000, "p4": 5_000})
    open_console(page, live_server, "final")
    page.evaluate("window.notReloaded = true")
    deal = page.locator("#console-deal")
    expect(deal).to_contain_text("Arrangement (deal)")
    expect(deal).to_contain_text("Prix partagés : places 1 à 2, 80,00\xa0€ en tout.")
    expect(deal).to_contain_text("Chloé")
    expect(deal.get_by_role("button", name="Accepter le partage ICM")).to_be_visible()
    deal.scroll_into_view_if_needed()
    shot(page, "deal-console-proposal.png")

    # A hand reported meanwhile: the amounts follow the new stacks, no reload.
    report(live_server, "final", {"p1": 30_000, "p2": 30_000, "p3": 15_000, "p4": 5_000})
    expect(deal.locator("tbody tr").first).to_contain_text("30\u202f000")
    proposal = api(live_server, "final/deal")
    icm = {player["name"]: player["icm_cents"] for player in proposal["players"]}

    dialogs: list[str] = []

    def confirm(dialog: Dialog) -> None:
        dialogs.append(dialog.message)
        dialog.accept()

    page.once("dialog", confirm)
    deal.get_by_role("button", name="Accepter le partage ICM").click()
    expect(page.locator("#flash")).to_contain_text("Arrangement enregistré (ICM)")
    assert "Tous les joueurs restants acceptent le partage ICM" in dialogs[0]
    expect(deal).to_contain_text("Arrangement conclu (ICM) par les 4 joueurs restants.")
    agreed = api(live_server, "final/results")["deal"]
    assert {share["name"]: share["cents"] for share in agreed["shares"]} == icm
    shot(page, "deal-console-agreed.png")

    reason = "Erreur de comptage : 5 € de trop"
    page.once("dialog", lambda dialog: dialog.accept(reason))
    deal.get_by_role("button", name="Annuler l'arrangement").click()
    expect(page.locator("#flash")).to_contain_text("Arrangement annulé")
    expect(deal.get_by_role("button", name="Accepter le partage aux jetons")).to_be_visible()
    log = api(live_server, "final/events")["events"]
    assert [event["reason"] for event in log if event["type"] == "deal_cancelled"] == [reason]

    page.once("dialog", lambda dialog: dialog.accept())
    deal.get_by_role("button", name="Accepter le partage aux jetons").click()
    expect(page.locator("#flash")).to_contain_text("Arrangement enregistré (partage aux jetons)")
    assert page.evaluate("window.notReloaded") is True

    # Denis, the short stack, wins the title; the finish pays the chip chop agreed.
    report(live_server, "final", {"p1": 0, "p2": 30_000, "p3": 15_000, "p4": 35_000})
    report(live_server, "final", {"p2": 0, "p3": 15_000, "p4": 65_000})
    report(live_server, "final", {"p3": 0, "p4": 80_000})
    command(live_server, "final", type="finish")
    expect(deal).to_have_text("")  # the panel leaves the console once finished
    page.goto(f"{live_server.url}/t/final/results?lang=fr")
    section = page.locator("#results-deal")
    expect(section).to_contain_text("Les 4 derniers joueurs ont conclu un arrangement")
    ranking = {row["name"]: row for row in api(live_server, "final/results")["ranking"]}
    assert ranking["Denis"]["place"] == 1 and ranking["Denis"]["cents"] == 500
    assert ranking["Alice"]["cents"] == 3000  # 30 000 of 80 000 chips: 30 € of 80 €
    section.scroll_into_view_if_needed()
    shot(page, "deal-results.png")


def test_heavenpoker_8_14_console_shows_the_rule_not_the_buttons(
    page: Page, live_server: LiveServer
) -> None:
    four_players(live_server, "geneve", "heavenpoker")
    open_console(page, live_server, "geneve")
    deal = page.locator("#console-deal")
    expect(deal).to_contain_text("Les arrangements sont interdits par le règlement")
    expect(deal).to_contain_text("heavenpoker 8.14")
    expect(deal.get_by_role("button")).to_have_count(0)
    deal.scroll_into_view_if_needed()
    shot(page, "deal-console-forbidden.png")
