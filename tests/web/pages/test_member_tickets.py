"""A member's ticket history in the club (issue 33, what was left, item 3): each ticket with
the satellite that issued it (linked to its results), the event it is for, whether it was used
(for which event) or is still valid; linked from the member's page and the desk; in French and
English; every stored text escaped."""

from __future__ import annotations

from pokerfloor.app import club_link
from tests.web.english_leaks import english_leaks
from tests.web.pages.conftest import Venue, words
from tests.web.pages.test_club_pages import HOUR_MS, a_club, run

HOSTILE = '<script>alert("x")</script>'


def with_tickets(venue: Venue) -> None:
    """The club of test_club_pages (1: Ada Lovelace, 2: Blaise Pascal), its desk open: member 1
    holds a satellite's seat used on the main event's entry and a ticket the TD issued by hand
    (a hostile source) for any event; member 2 one for an event cancelled since."""
    start = a_club(venue)
    venue.clock.now_ms = start - HOUR_MS // 2
    for event_id, name in (
        ("sat", "Satellite du principal"),
        ("main", "Tournoi principal"),
        ("off", "Soirée pluvieuse"),
    ):
        run(venue, type="schedule_event", event_id=event_id, name=name, kind="tournament",
            start_ms=start, capacity=20, buy_in_cents=3000)  # fmt: skip
    source = club_link.tournament_id_of("hp", "sat")
    run(venue, type="issue_ticket", ticket_id="t-seat", member_id="1", value_cents=3000,
        source=source, target_event_id="main")  # fmt: skip
    run(venue, type="issue_ticket", ticket_id="t-hand", member_id="1", value_cents=5000,
        source=HOSTILE)  # fmt: skip
    run(venue, type="issue_ticket", ticket_id="t-off", member_id="2", value_cents=3000,
        source=source, target_event_id="off")  # fmt: skip
    run(venue, type="cancel_event", event_id="off", reason="pluie")
    run(venue, type="register", event_id="main", member_id="1")
    run(venue, type="use_ticket", ticket_id="t-seat", event_id="main", member_id="1")


def test_issue_33_a_members_ticket_history_says_who_issued_it_and_what_it_paid(
    venue: Venue,
) -> None:
    with_tickets(venue)
    page = venue.td.get("/club/hp/members/1/tickets?lang=fr")
    assert page.status_code == 200
    assert english_leaks(page.text) == []
    assert HOSTILE not in page.text and "&lt;script&gt;" in page.text
    text = words(page.text)
    assert "Historique des tickets" in text
    seat = text.index("t-seat")
    assert (
        "Satellite du principal" in text[seat:] and "utilisé pour Tournoi principal" in text[seat:]
    )
    hand = text.index("t-hand")
    assert "toute épreuve dont il couvre l'entrée encore valable" in text[hand:]
    assert '/t/hp-sat/results"' in page.text  # the satellite's results, linked
    lapsed = words(venue.td.get("/club/hp/members/2/tickets?lang=fr").text)
    assert "inutilisable : son épreuve est passée" in lapsed
    english = words(venue.td.get("/club/hp/members/1/tickets?lang=en").text)
    assert "used for Tournoi principal" in english and "still valid" in english


def test_issue_33_the_ticket_history_is_linked_from_the_member_page_and_the_desk(
    venue: Venue,
) -> None:
    with_tickets(venue)
    member = venue.td.get("/club/hp/members/2?lang=fr").text
    assert 'href="/club/hp/members/2/tickets"' in member
    assert "Tickets gagnés en satellite" in words(member)
    run(venue, type="issue_ticket", ticket_id="t-new", member_id="2", value_cents=3000,
        target_event_id="main")  # fmt: skip
    run(venue, type="register", event_id="main", member_id="2")
    desk = venue.td.get("/club/hp/events/main/desk?lang=fr").text
    assert 'href="/club/hp/members/2/tickets"' in desk
    hidden = venue.public.get("/club/hp/members/1/tickets", follow_redirects=False)
    assert hidden.status_code in (303, 401)  # the TD's page: sign in first
    assert venue.td.get("/club/hp/members/99/tickets").status_code == 404
