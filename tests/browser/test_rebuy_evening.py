"""A whole *rebuy* club evening in a real browser ("the evening adds up"): tda-2024 with the
club-rebuy structure (buy-in 20 €, rebuys 20 € for 20 000 chips until level 4, add-on 10 € for
20 000 chips, double add-on allowed), 14 players on 2 tables, then a late registration.

Through the pages: registration and payments at the desk (one player left unpaid, the draw panel
warns), a bust + rebuy from a captain's phone (390x844) and one from the console (1366x768), a
double bust reported without stacks from the phone (a declared tie), a late registration at the
desk after those busts (the places of the earlier busts move down and stay distinct), add-ons
(one double) from the console, a hand that ends during the break reported from the phone, the
colour-up chip race with the odd chips typed on the chip race page, a hand-for-hand round (from
the console) with busts at two tables, one from the phone, sharing places 10-11, an ICM deal from
the console's deal panel, the finish from the results page and the cash book's reconciliation.
After every step the average stack on the room's clock screen (1920x1080) and on the console
equals chips in play // players left, read from the public API, and the chips in play equal what
was issued (entries, rebuys, add-ons) plus what the chip races changed. The TD API only does the
tedious parts: the seeded seat draw, the hands that move chips or bust players on the way to the
final table, level jumps and the final table redraw. No-shows under each rule: test_no_shows.py.

Screenshots go to /tmp/rebuy-evening-*.png (or ``POKERFLOOR_SHOTS``).
"""

from __future__ import annotations

import os
import re
import time
from typing import Any

import httpx
from playwright.sync_api import Browser, Dialog, Page, ViewportSize, expect

from pokerfloor.tournament._hands import SHUFFLE_MS
from tests.browser.conftest import LiveServer, wait_until
from tests.browser.console_grid import grid_bust, grid_entry
from tests.browser.test_captain import send
from tests.browser.test_whole_evening import COUNT_SOCKETS, idle, register_at_desk

TID = "recaves"
STACK = 20_000  # club-rebuy: the starting stack, a rebuy and an add-on are 20 000 chips each
SEED = 11
DESK: ViewportSize = {"width": 1366, "height": 768}
TV: ViewportSize = {"width": 1920, "height": 1080}
PHONE: ViewportSize = {"width": 390, "height": 844}
SHOTS = os.environ.get("POKERFLOOR_SHOTS", "/tmp")
NAMES = [
    "Alice Martin", "Bruno Leroy", "Chloé Petit", "David Moreau", "Emma Girard",
    "Farid Benali", "Gaëlle Roux", "Hugo Lambert", "Inès Faure", "Julien Mercier",
    "Karine Blanc", "Louis Garnier", "Manon Chevalier", "Nina Perrin",
]  # fmt: skip
UNPAID = "Nina Perrin"
LATE = "Olivier Dumas"


# ---- the API: reading the state, and the tedious steps -----------------------------------


def get(live_server: LiveServer, what: str, td: bool = False) -> Any:
    headers = {"Authorization": f"Bearer {live_server.token}"} if td else {}
    response = httpx.get(
        f"{live_server.url}/api/tournaments/{TID}/{what}", headers=headers, timeout=10
    )
    response.raise_for_status()
    return response.json()


def command(live_server: LiveServer, **body: Any) -> None:
    send(live_server, TID, body)


def players(live_server: LiveServer) -> dict[str, dict[str, Any]]:
    """Every player as the TD reads them (with who has paid: not public)."""
    return {p["name"]: p for p in get(live_server, "players", td=True)["players"]}


def playing(live_server: LiveServer) -> dict[str, dict[str, Any]]:
    return {n: p for n, p in players(live_server).items() if p["status"] == "playing"}


def table(live_server: LiveServer, table_no: int) -> dict[str, Any]:
    tables = get(live_server, "seating")["tables"]
    found: dict[str, Any] = next(t for t in tables if t["table_no"] == table_no)
    return found


def dealt_in(chart: dict[str, Any]) -> list[dict[str, Any]]:
    """The seats dealt in the table's next hand (not those waiting for the big blind)."""
    waiting = set(chart["next_hand"]["waiting"])
    return [seat for seat in chart["seats"] if seat["seat_no"] not in waiting]


def report(live_server: LiveServer, table_no: int, stacks: dict[str, int] | None = None) -> None:
    """The table's next hand, as its captain would report it: ``stacks`` by name, the players
    not named keeping their chips."""
    chart = table(live_server, table_no)
    final = {seat["player_id"]: seat["stack"] for seat in dealt_in(chart)}
    ids = {seat["name"]: seat["player_id"] for seat in chart["seats"]}
    for name, stack in (stacks or {}).items():
        final[ids[name]] = stack
    command(live_server, type="record_hand", table_no=table_no,
            hand_no=chart["next_hand"]["hand_no"], final_stacks=final)  # fmt: skip


def bust_in_a_hand(live_server: LiveServer, table_no: int, loser: str, winner: str) -> None:
    """``loser`` goes all in and loses everything to ``winner``, whose count also finds the
    chips nobody was known to hold (busts reported without stacks)."""
    chart = table(live_server, table_no)
    stacks = {seat["name"]: seat["stack"] for seat in chart["seats"]}
    won = stacks[winner] + stacks[loser] + chart["unknown_chips"]
    report(live_server, table_no, {loser: 0, winner: won})


def raced_chips(live_server: LiveServer) -> int:
    """What the chip races added to (or took from) the chips in play."""
    total = 0
    for event in get(live_server, "events")["events"]:
        if event["type"] == "chip_raced":
            total += sum(s for _, s in event["stacks_after"])
            total -= sum(s for _, s in event["stacks_before"])
    return total


# ---- the pages --------------------------------------------------------------------------


def shot(page: Page, name: str) -> None:
    page.screenshot(path=os.path.join(SHOTS, f"rebuy-evening-{name}.png"), full_page=True)


def chips(value: int) -> str:
    """A pattern for a number of chips as the pages print it (any thousands separator)."""
    return r"\D?".join(f"{value:,}".split(","))


def check_average(
    live_server: LiveServer, screen: Page, console: Page | None = None
) -> dict[str, Any]:
    """The average stack of the clock screen (and of the console's clock line) is chips in
    play // players left, and the chips in play are what was issued (plus the chip races)."""
    clock = get(live_server, "clock")
    issued = STACK * (clock["entries"] + clock["rebuys"] + clock["addons"])
    assert clock["total_chips"] == issued + raced_chips(live_server), clock
    chart = get(live_server, "seating")["tables"]
    in_play = playing(live_server)
    assert clock["players_left"] == len(in_play)
    # Where the chips are: the players' stacks, plus those of busts reported without stacks.
    unknown = sum(t["unknown_chips"] for t in chart)
    assert sum(p["stack"] for p in in_play.values()) + unknown == clock["total_chips"]
    average = clock["total_chips"] // clock["players_left"]
    assert clock["average_stack"] == average
    stats = screen.locator(".clock-stats")
    shown = stats.locator(".clock-stat").filter(has_text="Tapis moyen").locator("dd")
    expect(shown).to_have_text(re.compile(rf"^{chips(average)}$"))
    left = stats.locator(".clock-stat").filter(has_text="Joueurs restants").locator("dd")
    expect(left).to_have_text(f"{clock['players_left']} / {clock['entries']}")
    if console is not None:
        line = console.locator("#console-clock")
        expect(line).to_contain_text(re.compile(rf"Tapis moyen {chips(average)}(\D|$)"))
    return dict(clock)


def sign_in(page: Page, live_server: LiveServer, then: str) -> None:
    page.goto(f"{live_server.url}/login?next={then}&lang=fr")
    page.get_by_label("Jeton TD").fill(live_server.token)
    page.get_by_role("button", name="Se connecter").click()


def open_console(page: Page, live_server: LiveServer) -> None:
    page.goto(f"{live_server.url}/t/{TID}/console?lang=fr")
    expect(page.get_by_role("heading", name=re.compile("^Console"))).to_be_visible()
    wait_until(page, "window.liveSockets >= 2")  # the clock line and the tables
    idle(page)


def console_bust(page: Page, table_no: int, names: list[str], rebuy: bool = False) -> None:
    """Busts of one hand at one table from the console's grid, without stacks."""
    grid_bust(page, table_no, names, rebuy=rebuy)


def console_addon(page: Page, live_server: LiveServer, name: str) -> None:
    grid_entry(page, name, "Add-on")


# ---- the evening ------------------------------------------------------------------------


def register_pay_and_draw(td: Page, live_server: LiveServer) -> None:
    """Step 1: the desk registers everyone, 13 pay (cash or card), Nina does not; the draw
    panel names her and what she owes."""
    expect(td.get_by_role("heading", name="Accueil des joueurs")).to_be_visible()
    wait_until(td, "window.liveSockets >= 1")
    register_at_desk(td, NAMES)
    rows = td.locator("#desk-players tr.desk-row")
    method = td.locator("#desk-pay-method")
    for number, player in enumerate(n for n in NAMES if n != UNPAID):
        kind, label = ("cash", "Espèces") if number < 9 else ("card", "Carte")
        method.select_option(kind)
        td.get_by_role("button", name=f"Marquer payé : {player}", exact=True).click()
        expect(rows.filter(has_text=player)).to_contain_text(f"Payé ({label})")
    summary = td.locator("#desk-summary")
    expect(summary).to_contain_text("13 / 14")
    unpaid = td.locator("#desk-draw .desk-unpaid-warning")
    expect(unpaid).to_contain_text("1 joueur n'a pas tout payé")
    expect(unpaid).to_contain_text(re.compile(rf"{UNPAID} doit 20,00\s€"))
    expect(rows.filter(has_text=UNPAID)).to_contain_text(re.compile(r"Non payé\s?: 20,00\s€"))
    shot(td, "1-desk-unpaid")

    # The draw button asks first; the draw itself goes through the API, seeded.
    messages: list[str] = []

    def dismiss(dialog: Dialog) -> None:
        messages.append(dialog.message)
        dialog.dismiss()

    td.once("dialog", dismiss)
    td.get_by_role("button", name="Tirer les places").click()
    expect(unpaid).to_be_visible()
    assert "Tirer les places pour 14 joueurs" in messages[0]
    command(live_server, type="draw_seats", seed=SEED)
    command(live_server, type="place_buttons", seed=SEED)
    expect(td.locator("#desk-draw")).to_contain_text("2 tables en jeu.")
    counts = [len(t["seats"]) for t in get(live_server, "seating")["tables"]]
    assert counts == [7, 7]
    account = players(live_server)[UNPAID]
    assert not account["paid"] and all(p["paid"] for n, p in players(live_server).items()
                                       if n != UNPAID)  # fmt: skip


def captain_phone(browser: Browser, td: Page, live_server: LiveServer) -> Page:
    """Table 1's captain link, read on the TD's captains page, opened on a phone."""
    td.goto(f"{live_server.url}/t/{TID}/captains?lang=fr")
    expect(td.get_by_role("heading", name="Capitaines de table")).to_be_visible()
    href = td.locator(f'#captain-links a[href*="/t/{TID}/table/1?key="]').get_attribute("href")
    assert href is not None
    phone = browser.new_context(viewport=PHONE, locale="fr-FR", has_touch=True)
    captain = phone.new_page()
    captain.add_init_script(COUNT_SOCKETS)
    captain.goto(href)
    wait_until(captain, "window.liveSockets >= 1")
    return captain


def phone_reports_hand(
    captain: Page, hand_no: int, busted: tuple[str, ...] = (), *, rebuy: bool = False
) -> None:
    """The captain reports the hand, with the players ticked as busted in it (by name), in
    one step; ``rebuy``: "bust + rebuy"."""
    captain.bring_to_front()
    hand = captain.locator("#captain-hand")
    expect(hand).to_contain_text(f"Main {hand_no}")
    if not busted:
        hand.get_by_role("button", name=re.compile(f"^Main {hand_no} terminée")).click()
    else:
        hand.get_by_text("Quelqu'un a été éliminé dans cette main").click()
        for name in busted:
            hand.locator("label.cap-check").filter(has_text=name).locator("input").check()
        then = "éliminé + recave" if rebuy else "avec l'élimination"
        hand.get_by_role("button", name=f"Main {hand_no} terminée, {then}").click()
    expect(captain.locator("#flash")).to_contain_text(f"Main {hand_no} enregistrée.")
    # The hand's section moved on to the next hand (the live update replaced it).
    expect(captain.locator("#captain-bust")).to_contain_text(
        f"Une élimination oubliée dans la main {hand_no}"
    )


def test_a_rebuy_evening_adds_up(browser: Browser, live_server: LiveServer) -> None:
    send(live_server, None, {"tournament_id": TID, "profile": "tda-2024",
                             "structure": "club-rebuy"})  # fmt: skip
    desk = browser.new_context(viewport=DESK, locale="fr-FR")
    td = desk.new_page()
    td.add_init_script(COUNT_SOCKETS)
    sign_in(td, live_server, f"/t/{TID}/desk")

    # 1. The desk: registration, payments, the unpaid warning, the draw.
    register_pay_and_draw(td, live_server)
    open_console(td, live_server)
    td.get_by_role("button", name="Démarrer").click()
    expect(td.locator("#flash")).to_contain_text("Horloge démarrée.")

    room = browser.new_context(viewport=TV, locale="fr-FR")
    screen = room.new_page()
    screen.add_init_script(COUNT_SOCKETS)
    screen.goto(f"{live_server.url}/t/{TID}/clock?lang=fr")
    wait_until(screen, "window.liveSockets >= 1")
    expect(screen.locator(".clock-period")).to_have_text("Niveau 1")
    clock = check_average(live_server, screen, td)
    assert (clock["total_chips"], clock["average_stack"]) == (14 * STACK, STACK)

    # 2a. Table 1's captain: hand 1 with a bust + rebuy, in one step from the phone.
    captain = captain_phone(browser, td, live_server)
    first_seat = table(live_server, 1)["seats"][0]
    rebuyer_id = first_seat["player_id"]
    phone_reports_hand(captain, 1, (first_seat["name"],), rebuy=True)
    expect(captain.locator("#flash")).to_contain_text("Élimination et recave enregistrées")
    expect(captain.locator("#captain-hand")).to_contain_text("Tapis inconnus")
    rebuyer = next(p for p in players(live_server).values() if p["player_id"] == rebuyer_id)
    assert (rebuyer["status"], rebuyer["rebuys"], rebuyer["stack"]) == ("playing", 1, STACK)
    assert rebuyer["table_no"] == 1
    shot(captain, "2-phone-bust-rebuy")
    clock = check_average(live_server, screen)
    assert (clock["rebuys"], clock["average_stack"]) == (1, 15 * STACK // 14)
    rebuys = screen.locator(".clock-stat").filter(has_text="Recaves").locator("dd")
    expect(rebuys).to_have_text("1 / 0")

    # 2b. Table 2 reports hand 1 (the API, as its captain); the TD records a bust + rebuy there
    # from the console.
    report(live_server, 2)
    td.bring_to_front()
    open_console(td, live_server)
    second = table(live_server, 2)["seats"][0]["name"]
    console_bust(td, 2, [second], rebuy=True)
    expect(td.locator("#flash")).to_contain_text(f"{second} garde(nt) sa place")
    back = playing(live_server)[second]
    assert (back["rebuys"], back["stack"], back["table_no"]) == (1, STACK, 2)
    clock = check_average(live_server, screen, td)
    assert (clock["rebuys"], clock["players_left"]) == (2, 14)
    shot(td, "3-console-bust-rebuy")

    # 3a. Hand 2 at table 1 with two busts, reported from the phone without stacks: they tie.
    seats = table(live_server, 1)["seats"]
    tied = [s["name"] for s in seats if s["player_id"] != rebuyer_id][-2:]
    phone_reports_hand(captain, 2, tuple(tied))
    flash = captain.locator("#flash")
    expect(flash).to_contain_text("Élimination enregistrée")
    for name in tied:
        expect(flash).to_contain_text(f"{name} (place 13)")
    listed = players(live_server)
    assert [listed[n]["place"] for n in tied] == [13, 13]
    shot(captain, "4-phone-tie")
    clock = check_average(live_server, screen)
    assert clock["players_left"] == 12

    # 3b. A late registration at the desk after those busts, paid by card; then a bust at
    # table 2 from the console: the earlier busts move down, every place stays distinct.
    td.bring_to_front()
    td.goto(f"{live_server.url}/t/{TID}/desk?lang=fr")
    wait_until(td, "window.liveSockets >= 1")
    expect(td.locator("#desk-summary")).to_contain_text("Les inscriptions tardives sont ouvertes")
    name = td.get_by_label("Nom", exact=True)
    name.fill(LATE)
    name.press("Enter")
    expect(td.locator("#flash")).to_contain_text(
        re.compile(rf"{LATE} inscrit\(e\) \(olivier-dumas\) : table \d, siège \d\.")
    )
    td.locator("#desk-pay-method").select_option("card")
    td.get_by_role("button", name=f"Marquer payé : {LATE}", exact=True).click()
    expect(td.locator("#desk-players tr.desk-row").filter(has_text=LATE)).to_contain_text(
        "Payé (Carte)"
    )
    listed = players(live_server)
    assert listed[LATE]["status"] == "playing" and listed[LATE]["paid"]
    assert [listed[n]["place"] for n in tied] == [14, 14]  # 15 entries now: places 14-15
    shot(td, "5-desk-late")
    clock = check_average(live_server, screen)
    assert (clock["entries"], clock["players_left"]) == (15, 13)

    open_console(td, live_server)
    report(live_server, 2)
    late_bust = next(s["name"] for s in reversed(table(live_server, 2)["seats"])
                     if s["name"] != second)  # fmt: skip
    console_bust(td, 2, [late_bust])
    expect(td.locator("#flash")).to_contain_text(f"{late_bust} (place 13)")
    listed = players(live_server)
    assert listed[late_bust]["place"] == 13
    assert [listed[n]["place"] for n in tied] == [14, 14]
    ranking = get(live_server, "results")["ranking"]
    assert sorted(row["place"] for row in ranking) == [13, 14, 14]
    pair = [row for row in ranking if row["place"] == 14]
    assert all(row["places_covered"] == [14, 15] and row["tied_with"] for row in pair)
    clock = check_average(live_server, screen, td)
    assert clock["players_left"] == 12

    # 5. Level 4, the last of the rebuys: the stacks counted (the API hands give each player
    # some chips of 25), then the break after level 4 (club-rebuy), where the 25s leave (the
    # chip race page with the counted odd chips) and the add-ons are taken.
    command(live_server, type="jump_to_level", level_index=3)
    for table_no in (1, 2):
        chart = table(live_server, table_no)
        seats = dealt_in(chart)
        total = sum(s["stack"] for s in seats) + chart["unknown_chips"]
        base = total // len(seats) // 100 * 100 - 100
        stacks = {s["name"]: base + (i % 4) * 25 for i, s in enumerate(seats[:-1])}
        stacks[seats[-1]["name"]] = total - sum(stacks.values())
        report(live_server, table_no, stacks)
        assert table(live_server, table_no)["stacks_known"]
    check_average(live_server, screen, td)
    # The next hand begins at the shuffle, SHUFFLE_MS after the last report (tda-2024 R23):
    # it must have begun before the break for a hand to end in it.
    time.sleep(SHUFFLE_MS / 1000 + 1)
    command(live_server, type="adjust_clock", delta_ms=-21 * 60_000)
    assert get(live_server, "clock")["in_break"]
    # A hand that began in level 4 ends during the break: the phone reports it as usual, and
    # it is recorded at level 4, when it began.
    hand_no = table(live_server, 1)["next_hand"]["hand_no"]
    phone_reports_hand(captain, hand_no)
    played = [e for e in get(live_server, "events")["events"] if e["type"] == "hand_played"]
    assert (played[-1]["table_no"], played[-1]["hand_no"], played[-1]["level"]) == (
        1, hand_no, 4,
    )  # fmt: skip
    shot(captain, "6a-phone-hand-in-break")
    td.bring_to_front()
    td.goto(f"{live_server.url}/t/{TID}/chip-race?lang=fr")
    expect(td.get_by_role("heading", name="Chip race", exact=True)).to_be_visible()
    for table_no in (1, 2):
        form = td.locator(f"#race-table-{table_no}")
        for seat in table(live_server, table_no)["seats"]:
            label = f"Jetons restants du siège {seat['seat_no']} · {seat['name']}"
            form.get_by_label(label, exact=True).fill(str(seat["stack"] % 100 // 25))
        form.get_by_role("button", name="Lancer le chip race").click()
        expect(td.locator("#flash")).to_contain_text(f"Chip race à la table {table_no}")
        expect(td.locator(f"#race-table-{table_no}")).to_contain_text("déjà fait")
    assert all(p["stack"] % 100 == 0 for p in playing(live_server).values())
    shot(td, "6-chip-race")
    # The break ends the rebuy period: the add-ons (a double one for the rebuyer).
    open_console(td, live_server)
    rebuyer_name = rebuyer["name"]
    for name in (rebuyer_name, rebuyer_name, LATE):
        console_addon(td, live_server, name)
    assert playing(live_server)[rebuyer_name]["addons"] == 2
    clock = check_average(live_server, screen, td)
    assert (clock["rebuys"], clock["addons"]) == (2, 3)
    expect(rebuys).to_have_text("2 / 3")
    shot(screen, "7-clock-break")

    # 5b. Level 7, 11 players: the TD plays hand-for-hand to the final table. The clock stops
    # by itself; table 1's captain reports the round's hand and a bust from the phone, table 2
    # a bust from the console: busts of the same round share places 10-11 (tda-2024 RP-8).
    command(live_server, type="jump_to_level", level_index=6)
    seats = table(live_server, 1)["seats"]
    bust_in_a_hand(live_server, 1, seats[-1]["name"], seats[0]["name"])
    assert len(playing(live_server)) == 11
    open_console(td, live_server)
    td.locator("#h4h-title").click()  # the folded hand-for-hand panel
    td.get_by_role("button", name="Passer en main par main").click()
    expect(td.locator("#flash")).to_contain_text("Main par main activé.")
    expect(td.locator("#console-clock")).to_contain_text("Main par main")
    expect(screen.locator(".banner-hand-for-hand")).to_be_visible()
    clock = get(live_server, "clock")
    assert clock["hand_for_hand"] and not clock["running"]
    hand_no = table(live_server, 1)["next_hand"]["hand_no"]
    expect(captain.locator(".cap-hfh")).to_be_visible()
    round_busts = [table(live_server, 1)["seats"][-1]["name"]]
    phone_reports_hand(captain, hand_no, (round_busts[0],))
    expect(captain.locator("#flash")).to_contain_text(f"{round_busts[0]} (place 11)")
    # Table 1 has played the round: the phone offers no hand, its next hand waits for table 2.
    expect(captain.locator("#captain-hand .cap-wait")).to_contain_text(
        "Attendez que la table 2 finisse sa main"
    )
    expect(
        captain.get_by_role("button", name=re.compile(f"^Main {hand_no + 1} terminée"))
    ).to_have_count(0)
    shot(captain, "6b-phone-hand-for-hand")
    td.bring_to_front()
    report(live_server, 2)
    round_busts.append(table(live_server, 2)["seats"][-1]["name"])
    console_bust(td, 2, round_busts[1:])
    expect(td.locator("#flash")).to_contain_text(f"{round_busts[1]} (place 10)")
    listed = players(live_server)
    assert [listed[name]["place"] for name in round_busts] == [10, 10]
    shared = [row for row in get(live_server, "results")["ranking"] if row["place"] == 10]
    assert {row["name"] for row in shared} == set(round_busts)
    assert all(row["places_covered"] == [10, 11] for row in shared)
    check_average(live_server, screen, td)
    td.get_by_role("button", name="Arrêter le main par main").click()
    expect(td.locator("#flash")).to_contain_text("Main par main désactivé.")
    assert len(playing(live_server)) == 9

    # To the final table (the API redraw), then the deal from the console.
    command(live_server, type="propose_final_table", seed=SEED)
    command(live_server, type="confirm_moves", seed=SEED)
    (final,) = get(live_server, "seating")["tables"]
    check_average(live_server, screen)
    while len(final["seats"]) > 4:
        seats = final["seats"]
        bust_in_a_hand(live_server, final["table_no"], seats[-1]["name"], seats[0]["name"])
        final = table(live_server, final["table_no"])
    clock = check_average(live_server, screen)
    assert clock["players_left"] == 4

    open_console(td, live_server)
    deal = td.locator("#console-deal")
    proposal = get(live_server, "deal")
    paid_places = len(proposal["payouts_cents"])  # 15 entries pay 3 places: 4 players share
    assert (paid_places, proposal["total_cents"]) == (3, 37_000)
    expect(deal).to_contain_text(re.compile(r"Prix partagés : places 1 à 3, 370,00\s€ en tout"))
    icm = {player["name"]: player["icm_cents"] for player in proposal["players"]}
    td.once("dialog", lambda dialog: dialog.accept())
    deal.get_by_role("button", name="Accepter le partage ICM").click()
    expect(td.locator("#flash")).to_contain_text("Arrangement enregistré (ICM)")
    expect(deal).to_contain_text("Arrangement conclu (ICM) par les 4 joueurs restants.")
    deal.scroll_into_view_if_needed()
    shot(td, "8-console-deal")
    agreed = get(live_server, "results")["deal"]
    assert {share["name"]: share["cents"] for share in agreed["shares"]} == icm

    # 6. Play goes on to the last player; the finish from the results page.
    while len(final["seats"]) > 1:
        seats = sorted(final["seats"], key=lambda s: s["stack"])
        bust_in_a_hand(live_server, final["table_no"], seats[0]["name"], seats[-1]["name"])
        final = table(live_server, final["table_no"])
    (champion,) = playing(live_server)
    pool = get(live_server, "clock")["prize_pool_cents"]
    assert pool == 15 * 2000 + 2 * 2000 + 3 * 1000  # entries, rebuys, add-ons
    td.goto(f"{live_server.url}/t/{TID}/results?lang=fr")
    td.get_by_role("button", name="Voir la proposition").click()
    expect(td.locator("#finish-preview")).to_contain_text(re.compile(r"370,00\s€"))
    td.once("dialog", lambda dialog: dialog.accept())  # the confirmation
    td.get_by_role("button", name="Confirmer et terminer le tournoi").click()
    expect(td.locator("#flash")).to_contain_text(f"Le tournoi est terminé : {champion} gagne.")
    rows = td.locator("#results-panel table.results tbody tr")
    expect(rows).to_have_count(15)
    shot(td, "9-results")
    results = get(live_server, "results")
    ranking = results["ranking"]
    assert sorted(row["name"] for row in ranking) == sorted([*NAMES, LATE])
    assert ranking[0]["name"] == champion
    places = [row["place"] for row in ranking]
    shared_places = []
    for place in sorted(set(places)):
        rows_at = [row for row in ranking if row["place"] == place]
        # No duplicate place but a tie: places follow one another, a tie covering its places.
        assert place == 1 + sum(1 for other in places if other < place), places
        if len(rows_at) > 1:  # only the declared tie and the hand-for-hand round share
            shared_places.append({row["name"] for row in rows_at})
            assert all(len(row["tied_with"]) == len(rows_at) - 1 for row in rows_at)
    assert shared_places == [set(round_busts), set(tied)]
    assert sum(row["cents"] for row in ranking) == pool
    won = {row["name"]: row["cents"] for row in ranking}
    assert {name: won[name] for name in icm} == icm  # the finish paid the deal

    # 7. The cash book adds up.
    book = get(live_server, "cash", td=True)
    assert book["reconciles"] is True
    totals = book["totals"]
    # 13 buy-ins paid at the desk, the late one by card, 2 rebuys and 3 add-ons in cash.
    assert totals["received_cents"] == 14 * 2000 + 2 * 2000 + 3 * 1000
    assert totals["owed_cents"] == 2000
    assert [a["name"] for a in book["unpaid"]] == [UNPAID]
    td.goto(f"{live_server.url}/t/{TID}/cash?lang=fr")
    euros = {key: f"{value // 100},{value % 100:02d}" for key, value in totals.items()}
    sentence = (
        rf"Encaissé {euros['received_cents']}\s€ = cagnotte {euros['pool_collected_cents']}\s€"
        rf" \+ frais du club {euros['fees_cents']}\s€ \+ remboursements"
        rf" {euros['refunds_cents']}\s€\."
    )
    reconciliation = td.locator("#cash-reconciliation")
    expect(reconciliation).to_have_text(re.compile(sentence))
    expect(reconciliation).to_have_class(re.compile("flash-ok"))
    expect(td.locator("#cash-unpaid")).to_contain_text(re.compile(rf"{UNPAID} doit 20,00\s€"))
    shot(td, "10-cash")
    expect(screen.locator(".clock-screen")).to_contain_text("Tournoi terminé")
    desk.close()
    room.close()
    captain.context.close()
