"""The club event's fast desk (issue 26, item 4) and names instead of ids (item 7) through the
test client: search by name or number as you type, the amount to collect, one click that
checks in, pays and seats, answered with the member's row only; the tournament named after
the event on its pages; refusals naming the member."""

from __future__ import annotations

import re

from pokerfloor.app import club_link
from tests.web.pages.conftest import TOKEN, Venue, words
from tests.web.pages.test_club_pages import HOUR_MS, a_club, clubs, run

DESK = "/club/hp/events/e1/desk"


def at_the_desk(venue: Venue) -> int:
    """The club of test_club_pages with e1 (Mardi, 20 €, 2 places), the desk open."""
    start = a_club(venue)
    venue.clock.now_ms = start - HOUR_MS // 2
    return start


def test_the_desk_finds_a_member_by_name_without_accents_or_case(venue: Venue) -> None:
    at_the_desk(venue)
    run(venue, type="add_member", member_id="7", name="Émile Zola", birth_date="1980-01-01")
    found = venue.td.get(DESK, params={"q": "EMILE"})
    assert found.status_code == 200
    assert "Émile Zola" in found.text and "<html" not in found.text
    assert "Ada Lovelace" not in found.text
    by_number = venue.td.get(DESK, params={"q": "2"}).text
    assert "Blaise Pascal" in by_number


def test_with_nothing_typed_the_desk_lists_who_is_still_to_check_in(venue: Venue) -> None:
    at_the_desk(venue)
    run(venue, type="register", event_id="e1", member_id="1")
    page = venue.td.get("/club/hp/events/e1").text
    desk = page[page.index('id="desk-rows"') : page.index("</tbody>", page.index('id="desk-rows"'))]
    assert "Ada Lovelace" in desk and "Blaise Pascal" not in desk


def test_the_desk_shows_the_amount_to_collect_entry_less_deposit_plus_fines(
    venue: Venue,
) -> None:
    at_the_desk(venue)
    run(venue, type="register", event_id="e1", member_id="1")
    run(venue, type="register", event_id="e1", member_id="2")
    run(venue, type="register", event_id="e1", member_id="4", present=True,
        deposit_cents=500, method="cash")  # fmt: skip
    run(venue, type="cancel_registration", event_id="e1", member_id="2")  # 4 gets the place
    row = words(venue.td.get(DESK, params={"q": "Monet"}).text)
    assert "15,00 €" in row and "entrée 20,00 €" in row and "caution 5,00 €" in row


def test_one_click_checks_in_and_pays_and_answers_with_the_row_only(venue: Venue) -> None:
    at_the_desk(venue)
    run(venue, type="register", event_id="e1", member_id="1")
    answer = venue.td.post(
        f"{DESK}/1", data={"method": "card", "identity_by": "TD"}, headers={"HX-Request": "true"}
    )
    assert answer.status_code == 200
    assert answer.text.lstrip().startswith("<tr") and "<html" not in answer.text
    assert "data-desk-done" in answer.text
    assert "payé 20,00 € · Carte" in words(answer.text)
    club = clubs(venue).club("hp")
    assert club.calendar["e1"].registrations["1"].status == "checked_in"
    entry = next(line for line in club.cash_lines if line.kind == "entry")
    assert (entry.cents, entry.method, entry.member_id) == (2000, "card", "1")


def test_a_member_not_registered_is_registered_and_checked_in_in_one_click(venue: Venue) -> None:
    at_the_desk(venue)
    answer = venue.td.post(f"{DESK}/4", data={"method": "cash", "new": "yes", "identity_by": "TD"})
    assert answer.status_code == 200, answer.text
    assert clubs(venue).club("hp").calendar["e1"].registrations["4"].status == "checked_in"


def test_a_member_who_registered_meanwhile_is_checked_in_from_the_stale_row(
    venue: Venue,
) -> None:
    at_the_desk(venue)
    stale = venue.td.get(DESK, params={"q": "Monet"}).text
    assert "Inscrire et valider" in stale
    run(venue, type="register", event_id="e1", member_id="4")  # from the phone, meanwhile
    answer = venue.td.post(f"{DESK}/4", data={"method": "cash", "new": "yes", "identity_by": "TD"})
    assert "data-desk-done" in answer.text, answer.text
    assert clubs(venue).club("hp").calendar["e1"].registrations["4"].status == "checked_in"


def test_a_refused_check_in_names_the_member_and_stays_in_the_row(venue: Venue) -> None:
    at_the_desk(venue)
    run(venue, type="register", event_id="e1", member_id="1")
    venue.td.post(f"{DESK}/1", data={"method": "cash", "identity_by": "TD"})
    again = venue.td.post(f"{DESK}/1", data={"method": "cash"})
    assert again.status_code == 200
    text = words(again.text)
    assert "ALREADY_CHECKED_IN" in text and "Ada Lovelace (1)" in text and "Mardi" in text
    assert " e1" not in text
    assert "data-desk-done" not in again.text
    assert "Le membre 1 " not in text


def test_once_the_seats_are_drawn_a_desk_check_in_seats_the_player(venue: Venue) -> None:
    start = at_the_desk(venue)
    run(venue, type="schedule_event", event_id="e2", name="Jeudi <deepstack>", kind="tournament",
        start_ms=start, capacity=10, buy_in_cents=2000, season_id="s1")  # fmt: skip
    for member_id in ("1", "2"):
        run(venue, type="register", event_id="e2", member_id=member_id)
        venue.td.post(
            f"/club/hp/events/e2/desk/{member_id}", data={"method": "cash", "identity_by": "TD"}
        )
    venue.td.post("/club/hp/events/e2/tournament")
    tournament_id = club_link.tournament_id_of("hp", "e2")
    venue.command(tournament_id, type="draw_seats", seed=3)
    answer = venue.td.post(
        "/club/hp/events/e2/desk/4", data={"method": "cash", "new": "yes", "identity_by": "TD"}
    )
    assert re.search(r"Table 1, siège \d", words(answer.text)), answer.text
    assert "4" in venue.service.tournament(tournament_id).players


def test_the_tournament_pages_show_the_event_title_not_the_id(venue: Venue) -> None:
    start = at_the_desk(venue)
    run(venue, type="schedule_event", event_id="e2", name="Jeudi <deepstack>", kind="tournament",
        start_ms=start, capacity=10, buy_in_cents=2000)  # fmt: skip
    run(venue, type="register", event_id="e2", member_id="1")
    venue.td.post("/club/hp/events/e2/desk/1", data={"method": "cash", "identity_by": "TD"})
    venue.td.post("/club/hp/events/e2/tournament")
    tournament_id = club_link.tournament_id_of("hp", "e2")
    for page in ("desk", "console", "clock", "results", "me"):
        text = venue.td.get(f"/t/{tournament_id}/{page}").text
        title = re.search(r"<title>(.*?)</title>", text, re.S)
        assert title and "Jeudi &lt;deepstack&gt;" in title.group(1), (page, title)
        assert "<deepstack>" not in text
    assert "Jeudi &lt;deepstack&gt;" in venue.td.get("/").text


def test_a_tournament_without_a_name_is_shown_by_its_id(venue: Venue) -> None:
    venue.evening("old-evening", players=2)
    title = re.search(r"<title>(.*?)</title>", venue.td.get("/t/old-evening/desk").text, re.S)
    assert title and "old-evening" in title.group(1)


def test_the_set_up_form_takes_a_display_name(venue: Venue) -> None:
    from tests.web.pages.test_setup import create, new_form

    form = {**new_form(venue), "name": ["Tournoi d'hiver <du club>"]}
    assert create(venue, form, "hiver").status_code == 303
    assert venue.service.summary("hiver")["name"] == "Tournoi d'hiver <du club>"
    title = re.search(r"<title>(.*?)</title>", venue.td.get("/t/hiver/console").text, re.S)
    assert title and "Tournoi d&#39;hiver &lt;du club&gt;" in title.group(1)


def test_the_cash_page_and_csv_carry_the_tournaments_money(venue: Venue) -> None:
    start = at_the_desk(venue)
    run(venue, type="schedule_event", event_id="e2", name="Jeudi", kind="tournament",
        start_ms=start, capacity=10, buy_in_cents=2000, season_id="s1")  # fmt: skip
    run(venue, type="register", event_id="e2", member_id="1")
    venue.td.post("/club/hp/events/e2/desk/1", data={"method": "cash", "identity_by": "TD"})
    venue.td.post("/club/hp/events/e2/tournament")
    tournament_id = club_link.tournament_id_of("hp", "e2")
    venue.command(tournament_id, type="refund", player_id="1", amount_cents=300, reason="x")
    page = words(venue.td.get("/club/hp/cash").text)
    assert "Rapprochement" in page and "tournoi : remboursement" in page
    assert "-3,00 €" in page
    text = venue.td.get("/club/hp/cash.csv").text
    assert "tournament_refund" in text and "Jeudi" in text
    api = venue.td.get("/api/clubs/hp/cash", headers={"Authorization": f"Bearer {TOKEN}"})
    assert api.status_code == 200, api.text
    (season,) = [p for p in api.json()["by_season"] if p["period"] == "s1"]
    assert season["tournament_cents"] == 2000 - 300


def test_a_refusal_names_the_tournament_by_its_name_but_an_id_taken_by_its_id(
    venue: Venue,
) -> None:
    venue.command("hiver", type="create_tournament", tournament_id="hiver", name="Grand Hiver")
    for number in (1, 2):
        venue.command("hiver", type="register_player", player_id=f"p{number}", name=f"J{number}")
    venue.command("hiver", type="draw_seats", seed=1)
    venue.command("hiver", type="start_clock")
    venue.command("hiver", type="bust_players", table_no=1, players=["p2"])
    venue.command("hiver", type="finish")
    refused = words(venue.td.post("/t/hiver/desk/add", data={"name": "Zoé"}).text)
    assert "Grand Hiver" in refused and "TOURNAMENT_FINISHED" in refused
    from tests.web.pages.test_setup import create, new_form

    taken = words(create(venue, new_form(venue), "hiver").text)
    assert "hiver" in taken and "Grand Hiver" not in taken


def test_a_satellite_ticket_pays_the_entry_at_the_desk_in_one_click(venue: Venue) -> None:
    """Issue 33 item 2: the member's ticket (a seat won) offered on their row, spent on the
    entry by its button: checked in with no entry collected, the ticket used."""
    at_the_desk(venue)
    run(venue, type="issue_ticket", ticket_id="sat-1", member_id="1", value_cents=2000)
    run(venue, type="register", event_id="e1", member_id="1")
    row = venue.td.get(DESK, params={"q": "1"}).text
    assert "Entrée payée par le ticket sat-1" in words(row)
    answer = venue.td.post(
        f"{DESK}/1", data={"method": "cash", "identity_by": "TD", "ticket": "sat-1"},
        headers={"HX-Request": "true"},
    )  # fmt: skip
    assert "data-desk-done" in answer.text
    club = clubs(venue).club("hp")
    assert club.calendar["e1"].registrations["1"].status == "checked_in"
    assert club.member_tickets("1")[0].used_for == "e1"
    assert all(line.cents == 0 for line in club.cash_lines if line.kind == "entry")
