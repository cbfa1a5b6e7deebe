"""A member's tickets (issue 33 item 2): a satellite's seat recorded as the member's ticket,
spent once on the entry of the target event at the desk (the check-in then collects no entry),
refused to another member, twice, for another event, or for an entry it does not cover."""

from __future__ import annotations

import pytest

from pokerfloor.errors import PokerfloorError
from tests.club._club import DAY0, EVENING, HOUR, club_with


def test_a_seat_won_is_the_entry_of_the_target_event_once() -> None:
    club = club_with(3)
    entry = club.event("e1").scheduled.buy_in_cents
    club.issue_ticket("sat-1", "1", entry, DAY0, source="sat", target_event_id="e1")
    club.register("e1", "1", DAY0)
    club.use_ticket("sat-1", "e1", "1", DAY0)
    assert club.entry_due("e1", "1").buy_in_cents == 0
    checked = club.check_in("e1", "1", EVENING - HOUR, method="ticket")
    assert checked.entry_paid_cents == 0
    assert club.member_tickets("1")[0].used_for == "e1"
    club.register("e1", "2", DAY0)
    assert club.entry_due("e1", "2").buy_in_cents == entry  # the others still pay


@pytest.mark.parametrize(
    ("ticket", "member", "code"),
    [
        ("sat-9", "1", "CLUB_TICKET_UNKNOWN"),
        ("sat-1", "2", "CLUB_TICKET_NOT_HOLDER"),
        ("sat-small", "1", "CLUB_TICKET_TOO_SMALL"),
    ],
)
def test_a_ticket_refused_changes_nothing(ticket: str, member: str, code: str) -> None:
    club = club_with(3)
    entry = club.event("e1").scheduled.buy_in_cents
    club.issue_ticket("sat-1", "1", entry, DAY0)
    club.issue_ticket("sat-small", "1", entry - 1, DAY0)
    club.register("e1", member, DAY0)
    before = len(club.events)
    with pytest.raises(PokerfloorError) as refused:
        club.use_ticket(ticket, "e1", member, DAY0)
    assert refused.value.code == code
    assert len(club.events) == before


def test_a_ticket_is_used_once_and_only_for_its_event() -> None:
    club = club_with(2)
    entry = club.event("e1").scheduled.buy_in_cents
    club.issue_ticket("sat-1", "1", entry, DAY0)
    club.issue_ticket("sat-2", "1", entry, DAY0, target_event_id="e1")
    with pytest.raises(PokerfloorError) as twice:
        club.issue_ticket("sat-1", "2", entry, DAY0)
    assert twice.value.code == "CLUB_TICKET_EXISTS"
    club.register("e1", "1", DAY0)
    club.use_ticket("sat-1", "e1", "1", DAY0)
    with pytest.raises(PokerfloorError) as used:
        club.use_ticket("sat-1", "e1", "1", DAY0)
    assert used.value.code == "CLUB_TICKET_USED"
    replayed = type(club).replay(club.events)
    assert replayed.member_tickets("1") == club.member_tickets("1")
