"""A month of a French association, through the pages only (issue 26, "Done when").

One story, told in order by the test functions below (they share one server, module scope):

1. The TD creates the club from the "association française" preset and changes its settings
   (a 5 € fine at the first late cancellation, a 6-hour deadline), then a season and two rebuy
   evenings (``club-rebuy``: rebuys until level 4, add-ons at the break after it).
2. 31 members come from a CSV with French dates and PINs drawn, one letter each.
3. Members register from their 390x844 phones with their number and PIN; one cancels late,
   is warned of the fine (the club's own rules, never a Heavenpoker article), confirms, is
   fined, and registers again.
4. 30 check-ins with payment at the fast desk (1366x768): the clicks are counted and printed
   (at most 35), the page never scrolls; the fined member pays entry + fine.
5. The first evening: launched from the desk, seats drawn, clock started, two rebuys; the clock
   reaches the break after level 4 (no jump): the captain's phone shows the add-on window,
   the console's dialog records the add-ons; busts to the final table.
6. A deal: busts were entered without stacks, so the deal panel asks for the counts, which the
   TD types; the ICM split; the finish on the results page; the event closed from the desk.
7. The club's book reconciles with the tournament's (the numbers read on both pages).
8. A second evening where the TD jumps onto the break from the console's list: the add-ons are
   offered there.
9. The season's standings count both evenings.

Every step is photographed (``POKERFLOOR_SHOTS`` or /tmp, ``h-month-*.png``) and the text of
every photographed page is scanned for English (``tests/web/english_leaks.py``) and for a
Heavenpoker citation (an association cites its own rules).

The server runs in this process with a clock the test moves (a month passes in minutes).
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from dataclasses import dataclass, field

import pytest
from playwright.sync_api import Browser, Locator, Page, expect

from pokerfloor.app import club_link
from pokerfloor.club.public_names import short_name
from tests.browser.conftest import wait_until
from tests.browser.console_grid import grid_bust, idle
from tests.browser.test_club_desk import FIRST, LAST, Clicks, plain
from tests.browser.test_club_month import TOKEN, Venue
from tests.browser.test_console import COUNT_SOCKETS
from tests.web.english_leaks import english_leaks, page_text

SHOTS = os.environ.get("POKERFLOOR_SHOTS", "/tmp")
DESK = {"width": 1366, "height": 768}
PHONE = {"width": 390, "height": 844}
TV = {"width": 1920, "height": 1080}
CLUB = "pcn"
CLUB_NAME = "Poker Club Nantais"
MEMBERS = 31
NAMES = [f"{FIRST[n]} {LAST[n]}" for n in range(MEMBERS)]
PUBLIC_NAMES = [short_name(name) for name in NAMES]  # as the public pages show them
FIRST_EVENING = ("sam7", "Samedi recave — 7 novembre", "2026-11-07T20:00")
SECOND_EVENING = ("mar17", "Mardi recave — 17 novembre", "2026-11-17T20:00")
LATE = 30  # the member who cancels late, then comes and pays the fine


@dataclass
class Story:
    venue: Venue
    td: Page
    phone: Page
    pins: dict[int, str] = field(default_factory=dict)
    leaks: list[str] = field(default_factory=list)
    shots: list[str] = field(default_factory=list)

    def look(self, page: Page, name: str, full: bool = True) -> None:
        """A screenshot of the step, and its page's text scanned: no English message, no
        Heavenpoker article."""
        size = page.viewport_size or {"width": 0}
        path = f"{SHOTS}/h-month-{name}-{size['width']}.png"
        page.screenshot(path=path, full_page=full, timeout=90_000)
        self.shots.append(path)
        html = page.content()
        allowed = (*NAMES, CLUB_NAME, FIRST_EVENING[1], SECOND_EVENING[1])
        self.leaks.extend(f"{name}: {leak}" for leak in english_leaks(html, allowed))
        # The rulebook's name may be offered in a list; its articles are never cited.
        for cited in re.findall(r"heavenpoker \d[\d.]*", page_text(html), re.I):
            self.leaks.append(f"{name}: {cited!r} cited on the association's page")

    def no_leaks(self) -> None:
        found, self.leaks = self.leaks, []
        assert found == [], "\n".join(found)


@pytest.fixture(scope="module")
def story(browser: Browser) -> Iterator[Story]:
    venue = Venue()
    venue.clock.set("2026-11-02T12:00:00")
    venue.server.start()
    td_context = browser.new_context(viewport=DESK, locale="fr-FR")  # type: ignore[arg-type]
    phone_context = browser.new_context(
        viewport=PHONE,  # type: ignore[arg-type]
        locale="fr-FR",
        is_mobile=True,
    )
    td, phone = td_context.new_page(), phone_context.new_page()
    for page in (td, phone):
        page.set_default_timeout(60_000)
    try:
        yield Story(venue, td, phone)
    finally:
        td_context.close()
        phone_context.close()
        venue.server.stop()


def url(story: Story, path: str) -> str:
    return f"{story.venue.url}{path}{'&' if '?' in path else '?'}lang=fr"


def tid_of(event_id: str) -> str:
    return club_link.tournament_id_of(CLUB, event_id)


# ---- 1. the club, its settings, a season and the calendar ---------------------------------


def test_1_the_club_from_the_french_preset_and_its_settings(story: Story) -> None:
    td = story.td
    td.goto(url(story, "/login?next=/clubs"))
    td.get_by_label("Jeton TD").fill(TOKEN)
    td.get_by_role("button", name="Se connecter").click()
    expect(td.get_by_role("heading", name="Clubs")).to_be_visible()
    td.get_by_label("Identifiant du club").fill(CLUB)
    td.get_by_label("Nom", exact=True).fill(CLUB_NAME)
    expect(td.get_by_label("Règles de départ")).to_have_value("association")
    story.look(td, "1-new-club")
    td.get_by_role("button", name="Créer le club").click()
    expect(td.locator("#flash")).to_contain_text("Le club est créé")

    td.get_by_role("link", name="Réglages").click()
    expect(td.get_by_label("Règlement cité")).to_have_value("")
    expect(td.get_by_label("Règles de jeu des nouveaux événements")).to_have_value("ropta")
    td.locator("input[name=fine]").fill("5")
    td.get_by_label("Infraction 1").select_option("fine")
    td.get_by_label("Délai d'annulation (heures avant le début)").fill("6")
    td.get_by_role("button", name="Enregistrer les réglages").click()
    expect(td.locator("#flash")).to_contain_text("Les réglages du club sont enregistrés")
    changes = td.locator("#changes-title + ul")
    expect(changes).to_contain_text(re.compile(r"Amende : 0,00.€ → 5,00.€"))
    expect(changes).to_contain_text("Délai d'annulation (heures avant le début) : 4 → 6")
    story.look(td, "1-settings")

    td.goto(url(story, f"/club/{CLUB}"))
    td.get_by_label("Identifiant de la saison").fill("s1")
    td.locator("form[action$='/seasons']").get_by_label("Nom", exact=True).fill("Saison 2026")
    td.get_by_role("button", name="Créer la saison").click()
    expect(td.locator("#flash")).to_contain_text("La saison est créée")
    for event_id, name, start in (FIRST_EVENING, SECOND_EVENING):
        form = td.locator("form[action$='/events']")
        form.get_by_label("Identifiant de l'événement").fill(event_id)
        form.get_by_label("Nom", exact=True).fill(name)
        form.get_by_label("Début").fill(start)
        form.get_by_label("Capacité").fill("40")
        form.get_by_label("Droit d'entrée (EUR)").fill("20")
        form.get_by_label("Saison").select_option("s1")
        form.get_by_label("Structure").select_option("club-rebuy")
        expect(form.get_by_label("Profil de règles")).to_have_value("ropta")
        form.get_by_label("Joueurs par table").fill("10")
        form.get_by_role("button", name="Ajouter au calendrier").click()
        expect(td.locator("#flash")).to_contain_text("L'événement est au calendrier")
    story.look(td, "1-calendar")
    story.no_leaks()


# ---- 2. the members' file ----------------------------------------------------------------


def test_2_members_imported_with_french_dates_and_drawn_pins(story: Story) -> None:
    td = story.td
    td.goto(url(story, f"/club/{CLUB}/members"))
    lines = ["nom;date_naissance;code;identite_verifiee"]
    for number, name in enumerate(NAMES, start=1):
        lines.append(
            f"{name};{number % 28 + 1:02d}/{number % 12 + 1:02d}/19{60 + number};générer;oui"
        )
    td.locator("input[type=file]").set_input_files(
        {"name": "membres.csv", "mimeType": "text/csv", "buffer": "\n".join(lines).encode()}
    )
    td.get_by_role("button", name="Importer").click()
    letters = td.locator(".pin-letter")
    expect(letters).to_have_count(MEMBERS)
    for index in range(MEMBERS):
        letter = letters.nth(index)
        number = int(re.sub(r"\D", "", letter.locator("p").nth(1).inner_text()))
        assert letter.locator("h2").inner_text() == NAMES[number - 1]
        story.pins[number] = letter.locator(".pin").inner_text()
    assert sorted(story.pins) == list(range(1, MEMBERS + 1))
    assert all(re.fullmatch(r"\d{6}", pin) for pin in story.pins.values())
    story.look(td, "2-pin-letters")
    td.goto(url(story, f"/club/{CLUB}/members"))
    expect(td.locator("main")).to_contain_text(NAMES[0])
    story.look(td, "2-members")
    story.no_leaks()


# ---- 3. the phones: registrations and a late cancellation -------------------------------


def member_registers(story: Story, event_id: str, number: int, cancel: bool = False) -> None:
    phone = story.phone
    phone.goto(url(story, f"/c/{CLUB}/e/{event_id}"))
    phone.get_by_label("Numéro de membre").fill(str(number))
    phone.get_by_label("Code PIN").fill(story.pins[number])
    name = "Annuler mon inscription" if cancel else "S'inscrire"
    phone.get_by_role("button", name=name).click()
    if not cancel:
        expect(phone.locator("#flash")).to_contain_text("L'inscription est enregistrée")


def test_3_registrations_from_phones_and_a_late_cancellation_fined(story: Story) -> None:
    venue, phone = story.venue, story.phone
    venue.clock.set("2026-11-03T10:00:00")
    phone.goto(url(story, f"/c/{CLUB}"))
    expect(phone.locator("main")).to_contain_text("au moins 6 heures avant le début")
    expect(phone.locator("main")).to_contain_text("règlement du club")
    story.look(phone, "3-public-calendar")
    for number in range(1, 31):
        member_registers(story, FIRST_EVENING[0], number)
    story.look(phone, "3-registered")

    # 16:00 in Paris, 4 hours before the start: past the 6-hour deadline.
    venue.clock.set("2026-11-07T15:00:00")
    member_registers(story, FIRST_EVENING[0], LATE, cancel=True)
    warning = phone.locator("#cancel-warning")
    expect(warning).to_contain_text("une amende de 5,00")
    expect(warning).to_contain_text("règlement du club")
    story.look(phone, "3-late-cancellation-warning")
    phone.get_by_label("Retapez votre code PIN pour confirmer").fill(story.pins[LATE])
    phone.get_by_role("button", name="Annuler quand même").click()
    expect(phone.locator("#flash")).to_contain_text("L'inscription est annulée")
    story.look(phone, "3-cancelled")
    venue.clock.set("2026-11-07T15:05:00")
    member_registers(story, FIRST_EVENING[0], LATE)  # he will come after all
    story.td.goto(url(story, f"/club/{CLUB}/members/{LATE}"))
    expect(story.td.locator(".offences")).to_contain_text("amende")
    story.look(story.td, "3-member-fined")
    story.no_leaks()


# ---- 4. the fast desk: 30 check-ins with payment ----------------------------------------


def find_at_desk(td: Page, number: int) -> Locator:
    """Type the member's surname as a TD does and wait for the search's answer (at most two
    members share a surname's letters here), then their row's one button."""
    td.keyboard.type(plain(LAST[number - 1]))
    wait_until(
        td,
        "document.querySelectorAll('#desk-rows tr[data-desk-member]').length <= 2"
        " && !document.querySelector('.htmx-request')",
    )
    row = td.locator(f"tr[data-desk-member='{number}']")
    return row.get_by_role("button", name=re.compile("^Valider · encaisser"))


def test_4_thirty_check_ins_with_payment_at_the_desk(story: Story) -> None:
    venue, td = story.venue, story.td
    venue.clock.set("2026-11-07T18:30:00")  # 19:30 in Paris: the desk is open
    td.goto(url(story, f"/club/{CLUB}/events/{FIRST_EVENING[0]}"))
    td.evaluate("window.deskMarker = 'still here'")
    story.look(td, "4-desk-start", full=False)
    clicks = Clicks()
    for number in range(1, 31):
        button = find_at_desk(td, number)
        row = td.locator(f"tr[data-desk-member='{number}']")
        expect(button).to_contain_text("25,00 €" if number == LATE else "20,00 €")
        if number == LATE:
            story.look(td, "4-desk-fine-due", full=False)
        clicks.click(button)
        expect(row).to_contain_text("validé")
        assert td.evaluate("window.deskMarker") == "still here"  # no reload
        assert td.evaluate("window.scrollY") == 0  # no jump
        wait_until(td, "document.activeElement && document.activeElement.id === 'desk-search'")
    print(f"\n30 check-ins with payment at the desk: {clicks.count} clicks (target at most 35)")
    assert clicks.count <= 35
    bottom = td.evaluate("document.getElementById('desk').getBoundingClientRect().bottom")
    assert bottom <= DESK["height"], f"the desk ends at {bottom} px, below the 768 px screen"
    story.look(td, "4-desk-done", full=False)
    story.no_leaks()


# ---- 5. the first evening: rebuys, add-ons at the break, busts ---------------------------


def open_console(story: Story, tid: str) -> Page:
    td = story.td
    td.add_init_script(COUNT_SOCKETS)
    td.goto(url(story, f"/t/{tid}/console"))
    wait_until(td, "window.consoleSockets >= 2")
    return td


def launch(story: Story, event_id: str, players: int) -> str:
    """The tournament made from the desk's checked-in members, seats drawn, clock started."""
    td = story.td
    td.goto(url(story, f"/club/{CLUB}/events/{event_id}"))
    td.get_by_role("button", name="Lancer le tournoi avec les joueurs validés").click()
    expect(td.locator("#flash")).to_contain_text("Le tournoi est prêt")
    tid = tid_of(event_id)
    td.goto(url(story, f"/t/{tid}/desk"))
    td.once("dialog", lambda dialog: dialog.accept())
    td.get_by_role("button", name="Tirer les places").click()
    expect(td.locator("#flash")).to_contain_text(f"Places tirées : {players} joueurs")
    story.look(td, f"{event_id}-desk-drawn")
    open_console(story, tid)
    td.get_by_role("button", name="Démarrer").click()
    expect(td.locator("#flash")).to_contain_text("Horloge démarrée.")
    return tid


def seated(page: Page, table_no: int, count: int | None = None) -> list[str]:
    """The names at a table as the console shows them (once it shows ``count`` players: the
    live view follows a bust a moment after its answer)."""
    rows = page.locator(f"article:has(#table-{table_no}-title) tbody tr:not(.seat-free)")
    if count is not None:
        expect(rows).to_have_count(count)
    return [text.strip() for text in rows.locator("td:nth-child(2)").all_inner_texts()]


def one_table(page: Page) -> int:
    """The final table's number, once the console shows it alone."""
    expect(page.locator("#console-tables [id^='table-'][id$='-title']")).to_have_count(1)
    (table_no,) = tables_shown(page)
    return table_no


def tables_shown(page: Page) -> list[int]:
    titles = page.locator("#console-tables [id^='table-'][id$='-title']").evaluate_all(
        "nodes => nodes.map(n => n.id)"
    )
    return [int(title.split("-")[1]) for title in titles]


def captain_phone(story: Story, tid: str, table_no: int) -> None:
    td, phone = story.td, story.phone
    td.goto(url(story, f"/t/{tid}/captains"))
    href = td.locator(f'a[href*="/t/{tid}/table/{table_no}?key="]').first.get_attribute("href")
    assert href is not None
    path = href[href.index(f"/t/{tid}/") :]
    phone.goto(f"{story.venue.url}{path}&lang=fr")


def test_5_the_rebuy_evening_add_ons_at_the_break_without_a_jump(story: Story) -> None:
    venue, td = story.venue, story.td
    venue.clock.set("2026-11-07T18:55:00")
    tid = launch(story, FIRST_EVENING[0], 30)
    venue.clock.set("2026-11-07T19:10:00")  # level 1: two players bust and rebuy
    td.reload()
    wait_until(td, "window.consoleSockets >= 2")
    for table_no in tables_shown(td)[:2]:
        grid_bust(td, table_no, [seated(td, table_no)[0]], rebuy=True)
    story.look(td, "5-console-rebuys", full=False)

    # The clock reaches the break after level 4 by itself (4 levels of 20 minutes).
    venue.clock.set("2026-11-07T20:22:00")
    captain_phone(story, tid, 1)
    section = story.phone.locator("#captain-addons")
    expect(section).to_contain_text("Add-ons ouverts")
    expect(section).to_contain_text("10 joueurs de cette table peuvent encore en prendre un")
    expect(section).to_contain_text(re.compile(r"ferment à \d{1,2}:\d{2}"))
    story.look(story.phone, "5-captain-addon-window")
    open_console(story, tid)
    expect(td.locator("#console-clock")).to_contain_text("Pause")
    td.get_by_role("button", name="Add-ons…").click()
    expect(td.locator("#console-dialog-title")).to_have_text("Add-ons")
    expect(td.locator("#addons-window")).to_have_count(0)
    td.get_by_label("Tout cocher (30)").check()
    story.look(td, "5-console-addons", full=False)
    td.get_by_role("button", name="Enregistrer les add-ons cochés").click()
    expect(td.locator("#flash")).to_contain_text("Add-ons enregistrés pour 30 joueurs.")
    story.phone.reload()
    expect(story.phone.locator("#captain-addons")).to_contain_text(
        "10 joueurs de cette table peuvent encore en prendre un"  # a double add-on is allowed
    )

    # After the break: busts without stacks down to the final table.
    venue.clock.set("2026-11-07T20:40:00")
    open_console(story, tid)
    for table_no in tables_shown(td):
        names = seated(td, table_no)
        grid_bust(td, table_no, names[: len(names) - 3])
        idle(td)
    hints = td.locator("#console-hints")
    expect(hints).to_contain_text("Table finale : il reste 9 joueurs")
    story.look(td, "5-console-final-table-hint", full=False)
    td.get_by_role("button", name="Tirage de la table finale").click()
    expect(td.locator("#flash")).to_contain_text("Placez chaque joueur")
    td.get_by_role("button", name="Tout confirmer").click()
    expect(td.locator("#flash")).to_contain_text("Déplacements confirmés")
    final = one_table(td)
    names = seated(td, final, 9)
    grid_bust(td, final, names[:5])  # five in one hand, no stacks: four left
    story.look(td, "5-console-four-left", full=False)
    story.no_leaks()


# ---- 6. the deal, the finish, the event closed ------------------------------------------


def digits(text: str) -> int:
    return int(re.sub(r"\D", "", text))


def test_6_a_deal_with_the_stacks_entered_from_the_deal_panel_and_the_finish(
    story: Story,
) -> None:
    td = story.td
    tid = tid_of(FIRST_EVENING[0])
    deal = td.locator("#console-deal")
    expect(deal).to_contain_text("Comptez les jetons de la table")
    total = digits(re.search(r"Les tapis font ([\d\s\u202f\u00a0]+) en tout", deal.inner_text())[1])  # type: ignore[index]
    inputs = deal.locator("input[name=stack]")
    expect(inputs).to_have_count(4)
    shares = [40, 30, 20, 10]
    stacks = [total * share // 100 for share in shares]
    stacks[0] += total - sum(stacks)
    for index, stack in enumerate(stacks):
        inputs.nth(index).fill(str(stack))
    deal.scroll_into_view_if_needed()
    story.look(td, "6-deal-counts", full=False)
    deal.get_by_role("button", name="Enregistrer les tapis et voir l'arrangement").click()
    expect(deal.get_by_role("button", name="Accepter le partage ICM")).to_be_visible()
    story.look(td, "6-deal-proposal", full=False)
    td.once("dialog", lambda dialog: dialog.accept())
    deal.get_by_role("button", name="Accepter le partage ICM").click()
    expect(td.locator("#flash")).to_contain_text("Arrangement enregistré (ICM)")
    story.look(td, "6-deal-agreed", full=False)

    final = one_table(td)
    for left in (4, 3, 2):
        grid_bust(td, final, [seated(td, final, left)[-1]])
    td.set_viewport_size(TV)  # type: ignore[arg-type]
    td.goto(url(story, f"/t/{tid}/clock"))
    expect(td.locator(".clock-winner")).to_be_visible()
    story.look(td, "6-tv-winner")
    td.set_viewport_size(DESK)  # type: ignore[arg-type]
    td.goto(url(story, f"/t/{tid}/results"))
    td.get_by_role("button", name="Voir la proposition").click()
    story.look(td, "6-finish-preview")
    td.once("dialog", lambda dialog: dialog.accept())
    td.get_by_role("button", name="Confirmer et terminer le tournoi").click()
    expect(td.locator("#flash")).to_contain_text("Le tournoi est terminé")
    expect(td.get_by_role("heading", name="Classement final")).to_be_visible()
    expect(td.locator("#results-deal")).to_contain_text("arrangement")
    story.look(td, "6-results")
    td.goto(url(story, f"/club/{CLUB}/events/{FIRST_EVENING[0]}"))
    td.get_by_role("button", name="Clore l'événement avec les résultats du tournoi").click()
    expect(td.locator("#flash")).to_contain_text("L'événement est clos")
    story.look(td, "6-event-closed")
    story.no_leaks()


# ---- 7. one money book --------------------------------------------------------------------


def money(text: str) -> int:
    """Cents from "1 234,50 €"."""
    return digits(text)


def test_7_the_club_book_reconciles_with_the_tournament_book(story: Story) -> None:
    td = story.td
    tid = tid_of(FIRST_EVENING[0])
    td.goto(url(story, f"/t/{tid}/cash"))
    totals = td.locator("table.cash-totals")
    collected = money(totals.locator("tr", has_text="Encaissé").first.locator("td").inner_text())
    # 30 entries + 2 rebuys of 20 €, 30 add-ons of 10 €.
    assert collected == 30 * 2000 + 2 * 2000 + 30 * 1000, collected
    expect(td.locator("#cash-reconciliation")).to_have_class(re.compile("flash-ok"))
    story.look(td, "7-tournament-cash")
    td.goto(url(story, f"/club/{CLUB}/cash"))
    day = td.locator("table.reconciliation tr", has_text="7 nov. 2026")
    cells = day.locator("td")
    club_collected, tournament_money, fines = (
        money(cells.nth(1).inner_text()),
        money(cells.nth(3).inner_text()),
        money(cells.nth(4).inner_text()),
    )
    assert tournament_money == collected, (tournament_money, collected)
    assert fines == 500
    assert club_collected == collected + fines
    expect(day).not_to_have_class(re.compile("flash-error"))
    story.look(td, "7-club-cash")
    story.no_leaks()


# ---- 8. a second evening: a level jump onto the break -----------------------------------


def test_8_a_second_evening_with_a_level_jump_onto_the_break(story: Story) -> None:
    venue, td = story.venue, story.td
    venue.clock.set("2026-11-12T10:00:00")
    players = (1, 2, 3, 4, 5, 31)
    for number in players:
        member_registers(story, SECOND_EVENING[0], number)
    venue.clock.set("2026-11-17T18:30:00")
    td.goto(url(story, f"/club/{CLUB}/events/{SECOND_EVENING[0]}"))
    for number in players:
        find_at_desk(td, number).click()
        expect(td.locator(f"tr[data-desk-member='{number}']")).to_contain_text("validé")
        wait_until(td, "document.activeElement && document.activeElement.id === 'desk-search'")
    venue.clock.set("2026-11-17T18:55:00")
    tid = launch(story, SECOND_EVENING[0], len(players))
    td.once("dialog", lambda dialog: dialog.accept())  # the jump's confirmation
    td.locator("details.console-more summary").first.click()
    td.locator("select[name=level_index]").select_option("b4")
    td.get_by_role("button", name="Y aller").click()
    expect(td.locator("#flash")).to_contain_text("La pause après le niveau 4 commence.")
    td.get_by_role("button", name="Add-ons…").click()
    expect(td.get_by_label(f"Tout cocher ({len(players)})")).to_be_visible()
    td.locator("input.addon-player").nth(0).check()
    td.locator("input.addon-player").nth(1).check()
    story.look(td, "8-jump-addons", full=False)
    td.get_by_role("button", name="Enregistrer les add-ons cochés").click()
    expect(td.locator("#flash")).to_contain_text("Add-ons enregistrés pour 2 joueurs.")
    venue.clock.set("2026-11-17T19:20:00")  # the 15-minute break is over
    open_console(story, tid)
    table_no = one_table(td)
    for left in range(len(players), 1, -1):
        grid_bust(td, table_no, [seated(td, table_no, left)[-1]])
    td.goto(url(story, f"/t/{tid}/results"))
    td.get_by_role("button", name="Voir la proposition").click()
    td.once("dialog", lambda dialog: dialog.accept())
    td.get_by_role("button", name="Confirmer et terminer le tournoi").click()
    expect(td.locator("#flash")).to_contain_text("Le tournoi est terminé")
    story.look(td, "8-results")
    td.goto(url(story, f"/club/{CLUB}/events/{SECOND_EVENING[0]}"))
    td.get_by_role("button", name="Clore l'événement avec les résultats du tournoi").click()
    expect(td.locator("#flash")).to_contain_text("L'événement est clos")
    story.no_leaks()


# ---- 9. the season --------------------------------------------------------------------------


def test_9_the_season_counts_both_evenings(story: Story) -> None:
    phone, td = story.phone, story.td
    phone.goto(url(story, f"/c/{CLUB}/s/s1"))
    rows = phone.locator("table.standings tbody tr")
    expect(rows).to_have_count(31)  # every member who played one of the evenings
    for number in range(1, 31):  # the evenings each played, the 2nd for members 1 to 5
        played = "2" if number <= 5 else "1"
        row = rows.filter(has_text=PUBLIC_NAMES[number - 1])
        expect(row.locator("td").nth(3)).to_have_text(played)
    expect(rows.filter(has_text=PUBLIC_NAMES[30]).locator("td").nth(3)).to_have_text("1")
    story.look(phone, "9-standings")
    td.goto(url(story, f"/c/{CLUB}/s/s1"))
    story.look(td, "9-standings")
    td.goto(url(story, f"/club/{CLUB}/members/{LATE}"))
    story.look(td, "9-member-record")
    story.no_leaks()
    print(f"\nscreenshots: {len(story.shots)}")
