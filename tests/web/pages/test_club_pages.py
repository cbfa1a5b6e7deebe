"""The club's pages (docs/club.md) through the test client: the TD's calendar, members with
search, homonym warning, CSV import errors by line and column, a member's record; an event's
desk with check-in and the fine due; the public pages with number + PIN; escaping."""

from __future__ import annotations

import re
from typing import Any

import msgspec

from pokerfloor.app.club_commands import ClubCommand, CreateClub
from pokerfloor.app.club_service import ClubService
from tests.web.pages.conftest import Venue, words

DAY_MS = 86_400_000
HOUR_MS = 3_600_000


def clubs(venue: Venue) -> ClubService:
    service: ClubService = venue.td.app.state.clubs  # type: ignore[attr-defined]
    return service


def run(venue: Venue, **body: Any) -> None:
    clubs(venue).execute("hp", msgspec.convert(body, ClubCommand))


def a_club(venue: Venue) -> int:
    """A club with two adult members (PINs 1111, 2222), one minor, cards, a season and an
    event in two days; its start."""
    clubs(venue).execute("hp", CreateClub(club_id="hp", name="Heaven <Poker>"))
    run(
        venue, type="create_season", season_id="s1", name="Hiver", points={"name": "sqrt"}, best_n=2
    )
    people = [
        ("Ada Lovelace", "1980-12-10"),
        ("Blaise Pascal", "1990-06-19"),
        ("Petit", "2015-01-01"),
        ("Claude Monet", "1970-01-01"),
    ]
    for number, (name, born) in enumerate(people, start=1):
        run(venue, type="add_member", member_id=str(number), name=name, birth_date=born)
        run(venue, type="set_pin", member_id=str(number), pin=str(number) * 4)
        run(
            venue,
            type="issue_card",
            card_id=f"c{number}",
            member_id=str(number),
            card_type="saphir",
        )
    start = venue.clock.now_ms + 2 * DAY_MS
    run(venue, type="schedule_event", event_id="e1", name="Mardi", kind="tournament",
        start_ms=start, capacity=2, buy_in_cents=2000, season_id="s1")  # fmt: skip
    return start


def test_the_td_pages_need_the_sign_in(venue: Venue) -> None:
    a_club(venue)
    response = venue.public.get("/club/hp/members", follow_redirects=False)
    assert response.status_code == 303
    assert response.headers["location"].startswith("/login")


def test_the_calendar_and_the_escaped_club_name(venue: Venue) -> None:
    a_club(venue)
    page = venue.td.get("/club/hp").text
    assert "Heaven &lt;Poker&gt;" in page and "<Poker>" not in page
    assert "Mardi" in page and "Hiver" in page


def test_members_search_as_you_type_finds_without_accents(venue: Venue) -> None:
    a_club(venue)
    fragment = venue.td.get("/club/hp/members/list", params={"q": "blai"}).text
    assert "Blaise Pascal" in fragment and "Ada Lovelace" not in fragment


def test_a_homonym_is_warned_then_confirmed(venue: Venue) -> None:
    a_club(venue)
    warned = venue.td.post("/club/hp/members", data={"name": "ada  LOVELACE"})
    assert "Same name already known" in warned.text or "Même nom déjà connu" in warned.text
    assert "5" not in clubs(venue).club("hp").members
    confirmed = venue.td.post(
        "/club/hp/members", data={"name": "ada LOVELACE", "confirm": "yes"}, follow_redirects=False
    )
    assert confirmed.status_code == 303
    assert clubs(venue).club("hp").members["5"].name == "ada LOVELACE"


def test_a_csv_import_names_the_line_and_column_and_imports_nothing(venue: Venue) -> None:
    a_club(venue)
    bad = "name,birth_date\nZoé Martin,1985-02-03\nLéo,1985-13-45\n"
    page = venue.td.post(
        "/club/hp/members/import", files={"file": ("m.csv", bad.encode(), "text/csv")}
    )
    # The import form's help names the columns too: look in the list of errors only.
    listed = re.search(r'<ul class="import-errors">(.*?)</ul>', page.text, re.DOTALL)
    assert listed is not None, page.text[-800:]
    errors = words(listed.group(1))
    assert re.search(r"\b3\b\W+\w+\W+birth_date", errors), errors
    assert "Zoé" not in errors and re.search(r"\b2\b", errors) is None  # line 2 is good
    assert all(m.name != "Zoé Martin" for m in clubs(venue).club("hp").members.values())
    good = "name;nickname\nZoé Martin;Zozo\n=cmd;\n"
    done = venue.td.post(
        "/club/hp/members/import",
        files={"file": ("m.csv", good.encode(), "text/csv")},
        follow_redirects=False,
    )
    assert done.status_code == 303
    exported = venue.td.get("/club/hp/members.csv").text
    assert "Zoé Martin,Zozo" in exported
    assert ",'=cmd," in exported  # a formula is neutralised


def test_heavenpoker_2_3_a_late_cancellation_shows_a_reminder_letter(venue: Venue) -> None:
    start = a_club(venue)
    done = venue.public.post("/c/hp/e/e1/register", data={"member_id": "1", "pin": "1111"})
    assert done.status_code == 200 and "Ada L." in done.text and "Lovelace" not in done.text
    venue.clock.now_ms = start - HOUR_MS  # later than the 4-hour deadline
    warned = venue.public.post("/c/hp/e/e1/cancel", data={"member_id": "1", "pin": "1111"})
    assert "Annuler quand même" in warned.text  # issue 26: warned first, nothing done
    venue.public.post("/c/hp/e/e1/cancel", data={"member_id": "1", "pin": "1111", "confirm": "yes"})
    member = venue.td.get("/club/hp/members/1").text
    assert "/club/hp/members/1/letter/1" in member
    letter = words(venue.td.get("/club/hp/members/1/letter/1").text)
    assert "Mardi" in letter and ("rappel" in letter.lower() or "reminder" in letter.lower())


def test_a_wrong_pin_is_refused_on_the_public_page(venue: Venue) -> None:
    a_club(venue)
    page = venue.public.post("/c/hp/e/e1/register", data={"member_id": "1", "pin": "9999"})
    assert "WRONG_PIN" in page.text
    assert not clubs(venue).club("hp").calendar["e1"].registrations


def test_heavenpoker_2_5_a_full_event_waiting_list_and_the_desk(venue: Venue) -> None:
    start = a_club(venue)
    venue.public.post("/c/hp/e/e1/register", data={"member_id": "1", "pin": "1111"})
    venue.public.post("/c/hp/e/e1/register", data={"member_id": "4", "pin": "4444"})
    waiting = venue.td.post(
        "/club/hp/events/e1/register",
        data={"member_id": "2", "present": "yes", "deposit": "20", "method": "cash"},
    )
    on_the_list = clubs(venue).club("hp").calendar["e1"].registrations["2"]
    assert (on_the_list.status, on_the_list.deposit_cents) == ("waiting", 2000)
    assert waiting.status_code == 200
    desk = words(venue.td.get("/club/hp/events/e1").text)
    assert "Blaise Pascal" in desk
    venue.clock.now_ms = start - 30 * 60_000
    checked = venue.td.post(
        "/club/hp/events/e1/check-in",
        data={"member_id": "1", "method": "cash", "identity_by": "TD"},
        follow_redirects=False,
    )
    assert checked.status_code == 303, checked.text
    public = words(venue.public.get("/c/hp/e/e1").text)
    assert "Ada L." in public and "Lovelace" not in public and "1980" not in public


def test_the_public_standings_and_csv(venue: Venue) -> None:
    a_club(venue)
    page = venue.public.get("/c/hp/s/s1")
    assert page.status_code == 200 and "Hiver" in page.text
    csv_file = venue.public.get("/c/hp/s/s1.csv")
    assert csv_file.text.startswith("rank,member_id,name,points")


def test_every_club_page_renders_in_english_too(venue: Venue) -> None:
    a_club(venue)
    for url in (
        "/clubs", "/club/hp", "/club/hp/members", "/club/hp/members/1", "/club/hp/events/e1",
        "/club/hp/seasons/s1", "/club/hp/cash", "/c/hp", "/c/hp/e/e1", "/c/hp/s/s1", "/c/hp/m/1",
    ):  # fmt: skip
        for lang in ("fr", "en"):
            response = venue.td.get(url, params={"lang": lang})
            assert response.status_code == 200, (url, lang, response.text[:500])


def test_the_public_event_list_is_live(venue: Venue) -> None:
    a_club(venue)
    with venue.public.websocket_connect("/c/hp/e/e1/live?lang=fr") as socket:
        first = socket.receive_text()
        assert 'id="event-lists"' in first and "Ada" not in first
        venue.public.post("/c/hp/e/e1/register", data={"member_id": "1", "pin": "1111"})
        pushed = socket.receive_text()
        assert "Ada L." in pushed and "Lovelace" not in pushed


def test_stored_names_are_escaped_on_every_page(venue: Venue) -> None:
    a_club(venue)
    run(venue, type="add_member", member_id="9", name="<script>alert(1)</script>",
        nickname="<b>x</b>", birth_date="1980-01-01")  # fmt: skip
    run(venue, type="issue_card", card_id="c9", member_id="9", card_type="saphir")
    run(venue, type="register", event_id="e1", member_id="9")
    for client, url in (
        (venue.td, "/club/hp/members"), (venue.td, "/club/hp/members/9"),
        (venue.td, "/club/hp/events/e1"), (venue.public, "/c/hp/e/e1"),
    ):  # fmt: skip
        page = client.get(url).text
        assert "<script>alert" not in page and "<b>x</b>" not in page, url


def test_heavenpoker_3_3_a_ban_from_the_members_page_refuses_every_event(venue: Venue) -> None:
    a_club(venue)
    banned = venue.td.post(
        "/club/hp/members/2/ban",
        data={"from_date": "2023-01-01", "until_date": "", "reason": "insultes", "by": "Comité"},
        follow_redirects=False,
    )
    assert banned.status_code == 303, banned.text
    refused = venue.public.post("/c/hp/e/e1/register", data={"member_id": "2", "pin": "2222"})
    assert "MEMBER_BANNED" in refused.text
    assert "2" not in clubs(venue).club("hp").calendar["e1"].registrations
    assert "insultes" in words(venue.td.get("/club/hp/members/2").text)


def test_a_duplicate_is_merged_with_a_reason(venue: Venue) -> None:
    a_club(venue)
    run(venue, type="add_member", member_id="77", name="Ada L.", birth_date="1980-12-10")
    merged = venue.td.post(
        "/club/hp/members/1/merge",
        data={"duplicate": "77", "reason": "même personne"},
        follow_redirects=False,
    )
    assert merged.status_code == 303, merged.text
    assert clubs(venue).club("hp").members["77"].merged_into == "1"
    listed = venue.td.get("/club/hp/members/list").text
    assert "Ada L." not in listed


def test_the_desk_refreshes_its_registrations_when_a_member_registers(venue: Venue) -> None:
    a_club(venue)
    with venue.td.websocket_connect("/club/hp/events/e1/live?lang=fr") as socket:
        venue.public.post("/c/hp/e/e1/register", data={"member_id": "1", "pin": "1111"})
        pushed = socket.receive_text()
        assert 'id="event-refresh"' in pushed and 'hx-select="#registrations"' in pushed
    desk = venue.td.get("/club/hp/events/e1").text
    assert 'id="registrations"' in desk and "Ada Lovelace" in desk


def test_the_member_page_forms_pin_identity_card_and_a_cash_line(venue: Venue) -> None:
    a_club(venue)
    for url, data in (
        ("/club/hp/members/4/pin", {"pin": "98765"}),
        ("/club/hp/members/4/identity", {"by": "Léa", "document": "passeport"}),
        ("/club/hp/members/4/card", {"card_type": "diamant", "period": "half_year"}),
        (
            "/club/hp/members/4/update",
            {"name": "Claude Monet", "nickname": "Clo", "birth_date": "1970-01-01"},
        ),
    ):
        answer = venue.td.post(url, data=data, follow_redirects=False)
        assert answer.status_code == 303, (url, answer.text[-600:])
    member = clubs(venue).club("hp").members["4"]
    assert member.identity_checked and member.identity_by == "Léa" and member.nickname == "Clo"
    registered = venue.public.post("/c/hp/e/e1/register", data={"member_id": "4", "pin": "98765"})
    assert "Clo" in words(registered.text)  # the public list shows the nickname
    bad_pin = venue.td.post("/club/hp/members/4/pin", data={"pin": "12ab"})
    assert "flash-error" in bad_pin.text
    line = venue.td.post(
        "/club/hp/cash", data={"direction": "in", "amount": "12,50", "note": "buvette"},
        follow_redirects=False,
    )  # fmt: skip
    assert line.status_code == 303
    assert clubs(venue).club("hp").cash_lines[-1].cents == 1250
    assert "buvette" in venue.td.get("/club/hp/cash.csv").text
