"""A whole small evening in a real browser, driven through the pages as a TD runs it.

Set-up at /new (allinouest, club-rebuy), 20 players registered at the desk, seat draw, the clock
started in the console with the room's clock screen open on a second page (it ticks and follows
a level change without a reload), a captain's hand report leaving a player short, his rebuy,
busts (several in one hand), balancing, a table break, a chip race, the final-table redraw, the
last busts and the finish with the standard payouts; the French pages by default and the English
console and clock screen. The public API (GET) only checks the state after the key steps.
"""

from __future__ import annotations

import re
from collections.abc import Collection
from typing import Any

import httpx
from playwright.sync_api import BrowserContext, Dialog, Page, expect

from tests.browser.conftest import LiveServer, wait_until
from tests.browser.console_grid import grid_bust, grid_entry
from tests.browser.test_pages_render import sign_in

TID = "vendredi"
NAMES = [
    "Alice Martin", "Bruno Leroy", "Chloé Petit", "David Moreau", "Emma Girard",
    "Farid Benali", "Gaëlle Roux", "Hugo Lambert", "Inès Faure", "Julien Mercier",
    "Karine Blanc", "Louis Garnier", "Manon Chevalier", "Nicolas Fontaine", "Océane Rousseau",
    "Pierre Vincent", "Quentin Muller", "Rose Lefèvre", "Samuel André", "Théo Bonnet",
]  # fmt: skip

# Counts the live sockets that opened, so that the test acts once a page is listening.
COUNT_SOCKETS = """
window.liveSockets = 0;
document.addEventListener("htmx:wsOpen", function () { window.liveSockets += 1; });
"""


# ---- the public API, to check the state ---------------------------------------------------


def get(live_server: LiveServer, what: str) -> dict[str, Any]:
    response = httpx.get(f"{live_server.url}/api/tournaments/{TID}/{what}", timeout=10)
    response.raise_for_status()
    result: dict[str, Any] = response.json()
    return result


def playing(live_server: LiveServer) -> dict[str, dict[str, Any]]:
    players = get(live_server, "players")["players"]
    return {p["name"]: p for p in players if p["status"] == "playing"}


def table_counts(live_server: LiveServer) -> dict[int, int]:
    return {t["table_no"]: len(t["seats"]) for t in get(live_server, "seating")["tables"]}


# ---- the console ------------------------------------------------------------------------


def seated(page: Page, table_no: int) -> list[str]:
    """The names the console's table panel shows at a table, seat order."""
    rows = page.locator(f"article:has(#table-{table_no}-title) tbody tr:not(.seat-free)")
    return [text.strip() for text in rows.locator("td:nth-child(2)").all_inner_texts()]


def idle(page: Page) -> None:
    """No htmx request under way (a list being reloaded carries the class htmx-request)."""
    wait_until(page, "!document.querySelector('.htmx-request')")


def bust(page: Page, table_no: int, names: list[str], stacks: list[int] | None = None) -> None:
    """Record the busts of one hand at one table from the console's grid."""
    grid_bust(page, table_no, names, stacks)
    for name in names:  # gone from the tables (in a rebuy period, listed under them)
        expect(page.locator("#console-tables .console-tables")).not_to_contain_text(name)


def bust_singly(page: Page, table_no: int, count: int, keep: Collection[str] = ()) -> None:
    """``count`` busts one at a time at a table, the players picked from the table panel."""
    for _ in range(count):
        name = next(n for n in reversed(seated(page, table_no)) if n not in keep)
        bust(page, table_no, [name])


def confirm_all_moves(page: Page, kind: str) -> None:
    moves = page.locator("#console-moves li")
    expect(moves.first).to_contain_text(kind)
    count = moves.count()
    page.get_by_role("button", name="Tout confirmer").click()
    expect(page.locator("#flash")).to_contain_text(f"Déplacements confirmés : {count}.")
    expect(page.locator("#console-moves")).to_contain_text("Aucun déplacement en attente")


# ---- the evening ------------------------------------------------------------------------


def create_the_tournament(page: Page) -> None:
    page.get_by_role("link", name="Nouveau tournoi").click()
    expect(page.get_by_role("heading", name="Nouveau tournoi")).to_be_visible()
    page.get_by_label("Identifiant du tournoi").fill(TID)
    page.get_by_label("Profil de règles").select_option("allinouest")
    expect(page.locator("#profile-panel")).to_contain_text("allinouest")
    page.get_by_label("Partir de").select_option("club-rebuy")
    expect(page.get_by_label("Nom de la structure")).to_have_value("club-rebuy")
    page.get_by_role("button", name="Créer le tournoi").click()
    expect(page).to_have_url(re.compile(rf"/t/{TID}/desk$"))


def register_at_desk(page: Page, names: list[str], focused: bool = False) -> None:
    """Type each name in the desk's form and press Enter: registered, listed (and, with
    ``focused``, the cursor back in the name field for the next one)."""
    rows = page.locator("#desk-players tr.desk-row")
    name = page.get_by_label("Nom", exact=True)
    for number, player in enumerate(names, start=1):
        name.fill(player)
        name.press("Enter")
        expect(page.locator("#flash")).to_contain_text(f"{player} inscrit(e)")
        expect(rows).to_have_count(number)
        if focused:
            expect(name).to_be_focused()


def register_and_draw(page: Page, live_server: LiveServer) -> None:
    expect(page.get_by_role("heading", name="Accueil des joueurs")).to_be_visible()
    register_at_desk(page, NAMES, focused=True)
    page.get_by_role("button", name="Marquer payé : Alice Martin").click()
    expect(page.locator('tr[data-player="alice-martin"]')).to_contain_text("Payé")

    def accept(dialog: Dialog) -> None:
        assert "Tirer les places pour 20 joueurs" in dialog.message
        dialog.accept()

    page.once("dialog", accept)
    page.get_by_role("button", name="Tirer les places").click()
    expect(page.locator("#flash")).to_contain_text("Places tirées : 20 joueurs à 3 tables.")
    players = playing(live_server)
    assert sorted(players) == sorted(NAMES)
    assert all(p["table_no"] and p["seat_no"] for p in players.values())
    assert sorted(table_counts(live_server).values()) == [6, 7, 7]


def open_console(page: Page) -> None:
    page.add_init_script(COUNT_SOCKETS)
    page.get_by_role("link", name="Console").first.click()
    expect(page.get_by_role("heading", name=re.compile("^Console"))).to_be_visible()
    wait_until(page, "window.liveSockets >= 2")  # the clock line and the tables


def start_with_the_clock_screen(
    page: Page, context: BrowserContext, live_server: LiveServer
) -> Page:
    page.get_by_role("button", name="Démarrer").click()
    expect(page.locator("#flash")).to_contain_text("Horloge démarrée.")
    expect(page.locator("#console-clock")).to_have_attribute("data-status", "running")

    screen = context.new_page()
    screen.add_init_script(COUNT_SOCKETS)
    screen.goto(f"{live_server.url}/t/{TID}/clock")
    wait_until(screen, "window.liveSockets >= 1")
    expect(screen.locator(".clock-period")).to_have_text("Niveau 1")
    expect(screen.locator(".clock-blinds")).to_contain_text("100 / 200")
    screen.evaluate("window.notReloaded = true")
    time_left = screen.locator(".clock-time")
    shown = time_left.inner_text()
    expect(time_left).not_to_have_text(shown, timeout=4000)  # the server's second ticks

    # A level jump asks first: refused, nothing changes; accepted, the level starts.
    page.get_by_text("Réglages de l'horloge").click()
    page.locator("select[name=level_index]").select_option("1")
    asked: list[str] = []

    def answer(dialog: Dialog) -> None:
        asked.append(dialog.message)
        if len(asked) == 1:
            dialog.dismiss()
        else:
            dialog.accept()

    page.on("dialog", answer)
    page.get_by_role("button", name="Y aller").click()
    wait_until(page, "true")
    page.wait_for_timeout(300)
    assert asked and "Le temps qui reste au niveau ou à la pause en cours est perdu" in asked[0]
    assert get(live_server, "clock")["level_number"] == 1
    page.get_by_role("button", name="Y aller").click()
    expect(page.locator("#flash")).to_contain_text("Niveau 2 commencé.")
    page.remove_listener("dialog", answer)
    expect(screen.locator(".clock-period")).to_have_text("Niveau 2")
    expect(screen.locator(".clock-blinds")).to_contain_text("150 / 300")
    assert screen.evaluate("window.notReloaded") is True
    assert get(live_server, "clock")["level_number"] == 2
    # The console in front again: chromium slows down the animation frames of a background
    # tab, where every click would wait seconds for the element to be "stable".
    page.bring_to_front()
    return screen


def english_console_and_clock(page: Page, screen: Page) -> None:
    screen.bring_to_front()
    screen.get_by_role("link", name="EN", exact=True).click()
    expect(screen.locator(".clock-period")).to_have_text("Level 2")
    expect(screen.locator(".clock-stats")).to_contain_text("Players left / entries")
    screen.get_by_role("link", name="FR", exact=True).click()
    expect(screen.locator(".clock-period")).to_have_text("Niveau 2")
    screen.evaluate("window.notReloaded = true")  # from now on it follows the evening live

    page.bring_to_front()

    page.get_by_role("link", name="EN", exact=True).click()
    expect(page.get_by_label("Find a player")).to_be_visible()
    expect(page.locator("#console-clock")).to_contain_text("Level 2")
    expect(page.locator("#table-1-title")).to_contain_text("/ 9 players")
    wait_until(page, "window.liveSockets >= 2")
    page.get_by_role("link", name="FR", exact=True).click()
    expect(page.get_by_label("Trouver un joueur")).to_be_visible()
    wait_until(page, "window.liveSockets >= 2")


def short_stack_rebuys(page: Page, screen: Page, live_server: LiveServer) -> tuple[str, str]:
    """Table 1's captain reports hand 1: one player lost all but 150 chips to another (below
    the big blind of 300, allinouest lets him rebuy); the TD records the rebuy."""
    page.get_by_text("Autres pages", exact=True).click()  # folded at the bottom right
    page.get_by_role("link", name="Liens des capitaines de table").click()
    link = page.locator("#captain-links a[href*='/table/1?']")
    href = link.get_attribute("href") or ""
    phone = page.context.new_page()
    phone.add_init_script(COUNT_SOCKETS)
    phone.goto(href)
    wait_until(phone, "window.liveSockets >= 1")
    hand = phone.locator("#captain-hand")
    expect(hand).to_contain_text("Main 1")
    phone.get_by_text("Saisir les tapis (facultatif)").click()
    stacks = hand.locator("label.cap-stack")
    loser = stacks.nth(0).inner_text().split("·")[1].strip()
    winner = stacks.nth(1).inner_text().split("·")[1].strip()
    stacks.nth(0).locator("input").fill("150")
    stacks.nth(1).locator("input").fill("39 850")
    hand.get_by_role("button", name=re.compile("^Main 1 terminée")).click()
    expect(phone.locator("#flash")).to_contain_text("Main 1 enregistrée.")
    phone.close()
    page.bring_to_front()
    players = playing(live_server)
    assert (players[loser]["stack"], players[winner]["stack"]) == (150, 39_850)

    open_console_again(page)
    grid_entry(page, loser, "Recave")
    rebought = playing(live_server)[loser]
    assert (rebought["stack"], rebought["rebuys"]) == (20_150, 1)
    rebuys = screen.locator(".clock-stat").filter(has_text="Recaves").locator("dd")
    expect(rebuys).to_have_text("1 / 0")  # rebuys / add-ons, on the room's screen at once
    return loser, winner


def balance(page: Page, live_server: LiveServer) -> None:
    page.get_by_role("button", name="Proposer l'équilibrage").click()
    expect(page.locator("#flash")).to_contain_text("à faire. Confirmez chacun")
    proposed = get(live_server, "seating")["moves_to_confirm"]
    assert proposed and all(move["reason"] == "balance" for move in proposed)
    confirm_all_moves(page, "équilibrage")
    chart = get(live_server, "seating")
    assert chart["moves_to_confirm"] == []
    counts = [len(t["seats"]) for t in chart["tables"]]
    assert max(counts) - min(counts) <= 1, counts
    for move in proposed:
        moved = playing(live_server)[move["name"]]
        assert (moved["table_no"], moved["seat_no"]) == (move["to_table"], move["to_seat"])
    expect(page.locator("#console-hints")).not_to_contain_text("arrêtées")


def chip_race(page: Page, live_server: LiveServer, odd: str) -> None:
    """The colour-up's chip race at the table of the player with odd chips."""
    page.get_by_text("Autres pages", exact=True).click()
    page.get_by_role("link", name="Chip race", exact=True).click()
    expect(page.get_by_role("heading", name="Chip race", exact=True)).to_be_visible()
    expect(page.locator("main")).to_contain_text("les jetons de 25 (vert) sortent")
    table = playing(live_server)[odd]["table_no"]
    # The TD counts each player's chips of 25 left once changed up: here the recorded stacks
    # are exact, so they tell what the table would count.
    form = page.locator(f"#race-table-{table}")
    for name, p in playing(live_server).items():
        if p["table_no"] == table:
            label = f"Jetons restants du siège {p['seat_no']} · {name}"
            form.get_by_label(label, exact=True).fill(str(p["stack"] % 100 // 25))
    form.get_by_role("button", name="Lancer le chip race").click()
    expect(page.locator("#flash")).to_contain_text(f"Chip race à la table {table}")
    results = page.locator("#chip-race-results")
    expect(results).to_contain_text(f"Table {table}")
    expect(results).to_contain_text(odd)
    at_table = [p for p in playing(live_server).values() if p["table_no"] == table]
    assert all(p["stack"] % 100 == 0 for p in at_table), at_table


def open_console_again(page: Page) -> None:
    page.get_by_role("link", name="Console", exact=True).first.click()
    expect(page.get_by_role("heading", name=re.compile("^Console"))).to_be_visible()
    wait_until(page, "window.liveSockets >= 2")


def finish(page: Page, live_server: LiveServer, champion: str) -> None:
    page.get_by_role("link", name="Résultats", exact=True).first.click()
    expect(page.get_by_role("heading", name=f"Résultats — {TID}")).to_be_visible()
    page.get_by_role("button", name="Voir la proposition").click()
    expect(page.locator("#finish-preview")).to_contain_text("Prize pool distribué : 420,00 €")
    page.once("dialog", lambda dialog: dialog.accept())  # the confirmation
    page.get_by_role("button", name="Confirmer et terminer le tournoi").click()
    expect(page.locator("#flash")).to_contain_text(f"Le tournoi est terminé : {champion} gagne.")
    expect(page.get_by_role("heading", name="Classement final")).to_be_visible()
    rebuys = page.locator(".results-summary div").filter(has_text="Recaves").locator("dd")
    expect(rebuys).to_have_text("1")
    rows = page.locator("#results-panel table.results tbody tr")
    expect(rows).to_have_count(20)
    ranking = get(live_server, "results")["ranking"]
    assert [row["place"] for row in ranking] == list(range(1, 21))  # no tie: stacks given
    assert sorted(row["name"] for row in ranking) == sorted(NAMES)
    assert ranking[0]["name"] == champion
    paid = [row for row in ranking if row["cents"]]
    assert len(paid) >= 3 and sum(row["cents"] for row in paid) == 42_000
    for number, row in enumerate(ranking):
        expect(rows.nth(number)).to_contain_text(row["name"])
        if row["cents"]:
            euros, cents = divmod(row["cents"], 100)
            expect(rows.nth(number)).to_contain_text(f"{euros},{cents:02d} €")


def test_a_whole_evening_through_the_pages(page: Page, live_server: LiveServer) -> None:
    context = page.context
    sign_in(page, live_server)
    create_the_tournament(page)
    register_and_draw(page, live_server)
    open_console(page)
    screen = start_with_the_clock_screen(page, context, live_server)
    english_console_and_clock(page, screen)
    loser, winner = short_stack_rebuys(page, screen, live_server)
    keep = {loser, winner}  # their odd chips make the chip race

    # Three players of the fullest table bust in one hand; their starting stacks rank them.
    counts = table_counts(live_server)
    full = max(counts, key=lambda n: (counts[n], n != 1))
    three = [n for n in seated(page, full) if n not in keep][:3]
    bust(page, full, three, [9000, 4000, 12000])
    places = {p["name"]: p["place"] for p in get(live_server, "players")["players"]}
    assert [places[n] for n in three] == [19, 20, 18]
    assert len(playing(live_server)) == 17
    hints = page.locator("#console-hints")
    expect(hints).to_contain_text(f"Tables arrêtées : {full}.")
    expect(screen.locator(".clock-stats")).to_contain_text("17 / 20")

    balance(page, live_server)
    # One more bust: the 16 players left fit at two tables, the rules name the one to break.
    bust_singly(page, full, 1, keep)
    expect(hints).to_contain_text("doit casser : les 16 joueurs restants tiennent sur 2 tables")
    page.get_by_role("button", name="Casser la table").click()
    expect(page.locator("#flash")).to_contain_text("déplacements à faire.")
    confirm_all_moves(page, "table cassée")
    assert sorted(table_counts(live_server).values()) == [8, 8]
    expect(hints).to_be_empty()

    chip_race(page, live_server, loser)
    open_console_again(page)
    # Down to the final table: 16 → 9, a double bust and singles at both tables.
    first, second = sorted(table_counts(live_server))
    two = [n for n in seated(page, first) if n not in keep][:2]
    bust(page, first, two, [15000, 25000])
    bust_singly(page, first, 2)
    bust_singly(page, second, 3)
    assert len(playing(live_server)) == 9
    expect(hints).to_contain_text("Table finale : il reste 9 joueurs")
    page.get_by_role("button", name="Tirage de la table finale").click()
    expect(page.locator("#flash")).to_contain_text("Placez chaque joueur")
    expect(page.locator(".move-done")).to_have_count(0)  # confirmed as a whole only
    confirm_all_moves(page, "table finale")
    chart = get(live_server, "seating")
    assert [len(t["seats"]) for t in chart["tables"]] == [9]
    assert chart["tables"][0]["next_hand"]["button_seat"]  # the final table drew its button
    final = chart["tables"][0]["table_no"]
    expect(page.locator(".console-table")).to_have_count(1)

    # Down to the last player: a double bust, then one at a time.
    two = seated(page, final)[:2]
    bust(page, final, two, [30000, 8000])
    bust_singly(page, final, 6)
    (champion,) = playing(live_server)

    finish(page, live_server, champion)
    expect(screen.locator(".clock-screen")).to_contain_text("Tournoi terminé")
    assert screen.evaluate("window.notReloaded") is True
