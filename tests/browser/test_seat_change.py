"""Seats by hand in a real browser at 1366x768 (tda-2024 R7: special needs): two players swap
seats from the desk, the desk and the console show their new seats, the seat change's slip
prints; a table break proposed on the console prints its slips together."""

from __future__ import annotations

from pathlib import Path

import httpx
from playwright.sync_api import Page, expect

from tests.browser.conftest import LiveServer, wait_until
from tests.browser.test_pages_render import sign_in

SHOTS = Path("/tmp/seats")
TID = "seats-demo"


def api(live_server: LiveServer, path: str, body: dict[str, object]) -> dict[str, object]:
    response = httpx.post(
        f"{live_server.url}/api/tournaments{path}",
        json=body,
        headers={"Authorization": f"Bearer {live_server.token}"},
        timeout=10,
    )
    assert response.status_code in (200, 201), response.text
    result: dict[str, object] = response.json()
    return result


def seating(live_server: LiveServer) -> dict[str, tuple[int, int]]:
    chart = httpx.get(f"{live_server.url}/api/tournaments/{TID}/seating", timeout=10).json()
    return {
        seat["player_id"]: (table["table_no"], seat["seat_no"])
        for table in chart["tables"]
        for seat in table["seats"]
    }


def test_two_players_swap_seats_at_the_desk_and_the_slips_print(
    page: Page, live_server: LiveServer
) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.set_viewport_size({"width": 1366, "height": 768})
    api(live_server, "", {"tournament_id": TID})
    names = {f"p{n}": f"Joueur {n}" for n in range(1, 13)}
    names["p12"] = "Zoé <Léa> & Cie"
    for player_id, name in names.items():
        api(live_server, f"/{TID}/commands",
            {"type": "register_player", "player_id": player_id, "name": name})  # fmt: skip
    api(live_server, f"/{TID}/commands", {"type": "draw_seats", "seed": 5})
    api(live_server, f"/{TID}/commands", {"type": "place_buttons", "seed": 5})
    api(live_server, f"/{TID}/commands", {"type": "start_clock"})
    before = seating(live_server)
    # Zoé ends at table 2, which breaks at the end: her name is printed on a slip.
    at_two = sorted(p for p, (table, _) in before.items() if table == 2 and p != "p12")
    if before["p12"][0] == 1:
        first, second = "p12", at_two[0]
    else:
        first = next(p for p, (table, _) in sorted(before.items()) if table == 1)
        second = at_two[0]

    sign_in(page, live_server)
    page.goto(f"{live_server.url}/t/{TID}/desk?lang=fr")
    page.get_by_role("button", name=f"Changer de place : {names[first]}").click()
    form = page.locator("#desk-seat-change")
    expect(form).to_be_visible()
    form.get_by_label("Nouvelle place").select_option(f"swap:{second}")
    form.get_by_label("Raison").fill("fauteuil roulant : côté allée")
    page.screenshot(path=str(SHOTS / "desk-form.png"))
    form.get_by_role("button", name="Changer de place").click()
    expect(page.locator("#flash")).to_contain_text(
        f"{names[first]} : table {before[second][0]}, siège {before[second][1]}"
    )
    after = seating(live_server)
    assert after[first] == before[second] and after[second] == before[first]
    row = page.locator(f'tr[data-player="{first}"]')
    expect(row).to_contain_text(f"Table {before[second][0]}, siège {before[second][1]}")
    page.screenshot(path=str(SHOTS / "desk-swapped.png"))

    with page.context.expect_page() as opened:
        page.get_by_role("link", name="Imprimer la fiche").click()
    slip_page = opened.value
    slip_page.set_viewport_size({"width": 1366, "height": 768})
    expect(slip_page.locator("article.slip")).to_have_count(2)
    expect(slip_page.locator(f'article.slip[data-player="{first}"] .slip-to-table')).to_have_text(
        str(before[second][0])
    )
    slip_page.screenshot(path=str(SHOTS / "slip-seat-change.png"), full_page=True)
    slip_page.close()

    page.goto(f"{live_server.url}/t/{TID}/console?lang=fr")
    table = page.locator("#console-tables article").filter(
        has=page.get_by_role("heading", name=f"Table {before[second][0]}")
    )
    seat_row = table.locator("tr", has_text=names[first])
    expect(seat_row.locator("td").first).to_have_text(str(before[second][1]))
    page.screenshot(path=str(SHOTS / "console-after-swap.png"))

    # Three busts at table 2, then its break: the console offers the slips, printed together.
    at_two = [p for p, (table_no, _) in seating(live_server).items() if table_no == 2]
    for player_id in [p for p in at_two if p not in (first, "p12")][:3]:
        body = {"type": "penalize", "player_id": player_id, "kind": "disqualification"}
        api(live_server, f"/{TID}/commands", {**body, "reason": "test"})
    api(live_server, f"/{TID}/commands", {"type": "propose_break_table", "table_no": 2})
    link = page.get_by_role("link", name="Imprimer les fiches")
    expect(link).to_be_visible()
    wait_until(page, "document.querySelectorAll('#console-moves li').length > 0")
    page.screenshot(path=str(SHOTS / "console-moves.png"))
    with page.context.expect_page() as opened:
        link.click()
    slips = opened.value
    slips.set_viewport_size({"width": 1366, "height": 768})
    expect(slips.get_by_role("heading", name="La table 2 casse")).to_be_visible()
    leaving = [p for p, (table_no, _) in seating(live_server).items() if table_no == 2]
    expect(slips.locator("article.slip")).to_have_count(len(leaving))
    assert "p12" in leaving
    expect(slips.locator('article.slip[data-player="p12"] .slip-name')).to_have_text(names["p12"])
    slips.screenshot(path=str(SHOTS / "slips-table-break.png"), full_page=True)
    slips.emulate_media(media="print")
    slips.screenshot(path=str(SHOTS / "slips-print.png"), full_page=True)
