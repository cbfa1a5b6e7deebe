"""No-shows at the registration desk in a real browser, under each rule of
``late_registration.absent_seat_released`` (docs/pages/desk.md):

- allinouest ("Retards et absents"): an absent player whose entry is paid keeps the seat and is
  blinded; an unpaid one's seat goes to the waiting list once the first level is over, and the
  released no-show is no longer an entry;
- heavenpoker 2.6: absent players are blinded until the first hour of the tournament clock is
  over; then the first waiting player takes a seat, and with nobody left waiting the other
  absent player's stack leaves play (a bust, last place);
- tda-2024 R30: an absent player is dealt in and blinded; the seat is never released.

Each tournament: 4 players here and 2 "not here yet" (one paid, one not), the field full at 6,
a seventh on the waiting list. The TD registers and takes the money at the desk (1366x768); the
TD API only does the seeded draw and moves the clock. After each release the room's clock
screen (1920x1080) shows the entries and the average stack of the chips really in play.

Screenshots go to /tmp/no-shows-*.png (or ``POKERFLOOR_SHOTS``).
"""

from __future__ import annotations

import os
import re
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, Page, ViewportSize, expect

from tests.browser.conftest import LiveServer, wait_until
from tests.browser.test_captain import send
from tests.browser.test_rebuy_evening import chips, sign_in
from tests.browser.test_whole_evening import COUNT_SOCKETS

STACK = 20_000  # club-rebuy's starting stack; its levels last 20 minutes
DESK: ViewportSize = {"width": 1366, "height": 768}
TV: ViewportSize = {"width": 1920, "height": 1080}
SHOTS = os.environ.get("POKERFLOOR_SHOTS", "/tmp")
HERE = ["Anne Roy", "Basile Carré", "Cécile Vidal", "Denis Brun"]
PAID_ABSENT = "Paul Absent"
UNPAID_ABSENT = "Ugo Absent"
WAITING = "Wanda Attente"


def get(live_server: LiveServer, tid: str, what: str) -> Any:
    response = httpx.get(f"{live_server.url}/api/tournaments/{tid}/{what}", timeout=10)
    response.raise_for_status()
    return response.json()


def players(live_server: LiveServer, tid: str) -> dict[str, dict[str, Any]]:
    return {p["name"]: p for p in get(live_server, tid, "players")["players"]}


def add(td: Page, name: str, absent: bool = False) -> None:
    field = td.get_by_label("Nom", exact=True)
    field.fill(name)
    if absent:
        td.locator("#desk-add").get_by_label("Pas encore là").check()
    td.locator("#desk-add").get_by_role("button", name="Ajouter le joueur").click()


def desk_evening(td: Page, live_server: LiveServer, tid: str) -> None:
    """Registration and payments at the desk, the waiting list, the draw and the start."""
    send(live_server, None, {"tournament_id": tid, "profile": tid, "structure": "club-rebuy",
                             "max_players": 6})  # fmt: skip
    td.goto(f"{live_server.url}/t/{tid}/desk?lang=fr")
    wait_until(td, "window.liveSockets >= 1")
    flash = td.locator("#flash")
    for name in HERE:
        add(td, name)
        expect(flash).to_contain_text(f"{name} inscrit(e)")
    for name in (PAID_ABSENT, UNPAID_ABSENT):
        add(td, name, absent=True)
        expect(flash).to_contain_text(f"{name} inscrit(e)")
        expect(flash).to_contain_text("pas encore là")
    add(td, WAITING)
    expect(flash).to_contain_text(f"{WAITING} (wanda-attente) est en liste d'attente, n° 1")
    for name in (*HERE, PAID_ABSENT):
        td.get_by_role("button", name=f"Marquer payé : {name}", exact=True).click()
        expect(td.locator("tr.desk-row").filter(has_text=name)).to_contain_text("Payé")
    rows = td.locator("#desk-players tr.desk-row")
    expect(rows.filter(has_text=UNPAID_ABSENT)).to_contain_text("pas encore là")
    expect(td.locator("#desk-waiting")).to_contain_text(WAITING)
    for kind in ("draw_seats", "place_buttons"):
        send(live_server, tid, {"type": kind, "seed": 5})
    send(live_server, tid, {"type": "start_clock"})
    expect(td.locator("#desk-draw")).to_contain_text("1 table en jeu.")


def release(td: Page, answer: str) -> None:
    """Click "release the seats of absent players" and read the answer."""
    td.evaluate("document.getElementById('flash').textContent = ''")
    td.locator("#desk-release").click()
    expect(td.locator("#flash")).to_contain_text(answer)


def check_screen(screen: Page, live_server: LiveServer, tid: str, entries: int) -> None:
    """The clock screen's entries and average stack: the chips really in play."""
    clock = get(live_server, tid, "clock")
    assert clock["entries"] == entries, clock
    in_play = [p for p in players(live_server, tid).values() if p["status"] == "playing"]
    assert clock["players_left"] == len(in_play)
    assert clock["total_chips"] == sum(p["stack"] for p in in_play)
    average = clock["total_chips"] // clock["players_left"]
    stats = screen.locator(".clock-stats")
    left = stats.locator(".clock-stat").filter(has_text="Joueurs restants").locator("dd")
    expect(left).to_have_text(f"{len(in_play)} / {entries}")
    shown = stats.locator(".clock-stat").filter(has_text="Tapis moyen").locator("dd")
    expect(shown).to_have_text(re.compile(rf"^{chips(average)}$"))


def open_screen(browser: Browser, live_server: LiveServer, tid: str) -> Page:
    screen = browser.new_context(viewport=TV, locale="fr-FR").new_page()
    screen.add_init_script(COUNT_SOCKETS)
    screen.goto(f"{live_server.url}/t/{tid}/clock?lang=fr")
    wait_until(screen, "window.liveSockets >= 1")
    return screen


@pytest.fixture()
def td(browser: Browser, live_server: LiveServer) -> Page:
    page = browser.new_context(viewport=DESK, locale="fr-FR").new_page()
    page.add_init_script(COUNT_SOCKETS)
    sign_in(page, live_server, "/t/none/desk")
    return page


def test_allinouest_an_unpaid_no_show_is_released_after_level_1_a_paid_one_is_kept(
    browser: Browser, live_server: LiveServer, td: Page
) -> None:
    tid = "allinouest"
    desk_evening(td, live_server, tid)
    waiting = td.locator("#desk-waiting")
    expect(waiting).to_contain_text("à la fin du premier niveau")
    screen = open_screen(browser, live_server, tid)
    check_screen(screen, live_server, tid, entries=6)
    seat = players(live_server, tid)[UNPAID_ABSENT]["seat_no"]

    release(td, "Aucune place de joueur absent ne peut encore être libérée")
    send(live_server, tid, {"type": "jump_to_level", "level_index": 1})
    release(td, "1 place de joueur absent libérée")
    listed = players(live_server, tid)
    assert listed[WAITING]["status"] == "playing" and listed[WAITING]["seat_no"] == seat
    assert listed[PAID_ABSENT]["status"] == "playing"  # paid: kept, and blinded
    assert UNPAID_ABSENT not in listed or listed[UNPAID_ABSENT]["status"] == "withdrawn"
    rows = td.locator("#desk-players tr.desk-row")
    expect(rows.filter(has_text=WAITING)).to_contain_text(re.compile(r"Table 1, siège \d"))
    expect(rows.filter(has_text=PAID_ABSENT)).to_contain_text("pas encore là")
    expect(waiting).to_contain_text("Personne n'attend.")
    # The released no-show is not an entry: still 6, the newcomer in his place.
    check_screen(screen, live_server, tid, entries=6)
    ranking = {row["name"] for row in get(live_server, tid, "results")["ranking"]}
    assert UNPAID_ABSENT not in ranking
    td.screenshot(path=os.path.join(SHOTS, "no-shows-allinouest-desk.png"), full_page=True)
    screen.context.close()


def test_heavenpoker_2_6_no_shows_are_released_after_the_first_hour_of_the_clock(
    browser: Browser, live_server: LiveServer, td: Page
) -> None:
    tid = "heavenpoker"
    desk_evening(td, live_server, tid)
    expect(td.locator("#desk-waiting")).to_contain_text("après la première heure")
    screen = open_screen(browser, live_server, tid)
    first = players(live_server, tid)
    absent_seats = {first[PAID_ABSENT]["seat_no"], first[UNPAID_ABSENT]["seat_no"]}

    send(live_server, tid, {"type": "jump_to_level", "level_index": 2})  # 40 minutes
    send(live_server, tid, {"type": "adjust_clock", "delta_ms": -19 * 60_000})  # 59 minutes
    release(td, "Aucune place de joueur absent ne peut encore être libérée")
    send(live_server, tid, {"type": "jump_to_level", "level_index": 3})  # the hour is over
    release(td, "2 places de joueurs absents libérées")
    listed = players(live_server, tid)
    assert listed[WAITING]["status"] == "playing" and listed[WAITING]["seat_no"] in absent_seats
    # The waiting player took the unpaid seat; with nobody else waiting the paid no-show's
    # stack left play: he keeps his entry, last place, and nobody owes anything.
    assert listed[WAITING]["seat_no"] == first[UNPAID_ABSENT]["seat_no"]
    assert (listed[PAID_ABSENT]["status"], listed[PAID_ABSENT]["place"]) == ("busted", 6)
    ranking = {row["name"] for row in get(live_server, tid, "results")["ranking"]}
    assert PAID_ABSENT in ranking and UNPAID_ABSENT not in ranking
    rows = td.locator("#desk-players tr.desk-row")
    expect(rows.filter(has_text=PAID_ABSENT)).to_contain_text("éliminé, place 6")
    expect(rows.filter(has_text=UNPAID_ABSENT)).to_contain_text("place cédée")
    expect(td.locator("#desk-release")).to_have_count(0)
    check_screen(screen, live_server, tid, entries=6)
    td.screenshot(path=os.path.join(SHOTS, "no-shows-heavenpoker-desk.png"), full_page=True)
    screen.context.close()


def test_tda_2024_r30_no_shows_are_blinded_and_keep_their_seats(
    browser: Browser, live_server: LiveServer, td: Page
) -> None:
    tid = "tda-2024"
    desk_evening(td, live_server, tid)
    send(live_server, tid, {"type": "jump_to_level", "level_index": 5})  # 115 minutes
    td.reload()
    expect(td.locator("#desk-summary")).to_be_visible()
    expect(td.locator("#desk-release")).to_have_count(0)
    listed = players(live_server, tid)
    for name in (PAID_ABSENT, UNPAID_ABSENT):
        assert listed[name]["status"] == "playing" and not listed[name]["present"]
    # Dealt in and blinded (their hands killed), and marked absent on the console's tables.
    chart = get(live_server, tid, "seating")["tables"][0]
    absent_ids = {listed[name]["player_id"] for name in (PAID_ABSENT, UNPAID_ABSENT)}
    assert set(chart["next_hand"]["away"]) == absent_ids
    assert not {listed[name]["seat_no"] for name in (PAID_ABSENT, UNPAID_ABSENT)} & set(
        chart["next_hand"]["waiting"]
    )
    td.goto(f"{live_server.url}/t/{tid}/console?lang=fr")
    for name in (PAID_ABSENT, UNPAID_ABSENT):
        expect(td.locator("#console-tables tr").filter(has_text=name)).to_contain_text("absent")
    td.goto(f"{live_server.url}/t/{tid}/desk?lang=fr")
    screen = open_screen(browser, live_server, tid)
    check_screen(screen, live_server, tid, entries=6)
    expect(td.locator("#desk-waiting")).to_contain_text(WAITING)
    screen.context.close()
