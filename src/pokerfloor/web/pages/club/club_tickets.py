"""A member's ticket history (issue 33, what was left, item 3): every ticket the member holds
or held (club/tickets.py), oldest first: its value, when it was issued and by which satellite
(the club event whose tournament it came from, else what the TD wrote), the event it is for,
and whether it is still valid, was used (for which event) or can no longer be used (its event
closed or cancelled without it). Linked from the member's page and the event's desk. Every
stored text (ids, names, the source) goes through the template's escaping.
"""

from __future__ import annotations

from dataclasses import dataclass

from fastapi import APIRouter, Request
from fastapi.responses import Response

from pokerfloor.app.club_link import tournament_id_of
from pokerfloor.club.state import Club
from pokerfloor.errors import PokerfloorError
from pokerfloor.web.pages.club._club_common import club_of, club_render, refusal_text
from pokerfloor.web.pages.common._common import PageError

__all__ = ["TicketRow", "router", "ticket_history"]

router = APIRouter()


@dataclass(frozen=True)
class TicketRow:
    """One ticket as the page shows it. ``state``: ``valid``, ``used`` or ``lapsed`` (its
    target event closed or cancelled without it)."""

    ticket_id: str
    value_cents: int
    issued_ms: int
    source: str  # the satellite's tournament id, or what the TD wrote
    source_event: str  # the satellite's club event (its name), "" when not one of the club's
    source_tournament: str  # its tournament's id, for the link to its results ("" : none)
    target_event: str  # the event it is for (its name); "" : any entry it covers
    state: str
    used_event: str  # the event whose entry it paid (its name)
    used_ms: int | None  # that event's start


def ticket_history(club: Club, member_id: str) -> list[TicketRow]:
    """The member's tickets, oldest first (``UNKNOWN_MEMBER`` for no such member)."""
    member = club.member(member_id)  # a merged duplicate: the member kept
    by_tournament = {
        tournament_id_of(club.club_id, event_id): event for event_id, event in club.calendar.items()
    }
    rows = []
    for ticket in club.member_tickets(member.member_id):
        source = by_tournament.get(ticket.source)
        target = club.calendar.get(ticket.target_event_id) if ticket.target_event_id else None
        used = club.calendar.get(ticket.used_for) if ticket.used_for else None
        if ticket.used_for:
            state = "used"
        elif target is not None and target.status in ("closed", "cancelled"):
            state = "lapsed"
        else:
            state = "valid"
        rows.append(
            TicketRow(
                ticket.ticket_id,
                ticket.value_cents,
                ticket.at_ms,
                ticket.source,
                "" if source is None else source.scheduled.name,
                "" if source is None else ticket.source,
                ""
                if not ticket.target_event_id
                else (ticket.target_event_id if target is None else target.scheduled.name),
                state,
                ticket.used_for if used is None else used.scheduled.name,
                None if used is None else used.scheduled.start_ms,
            )
        )
    return rows


@router.get("/club/{club_id}/members/{member_id}/tickets")
def member_tickets_page(request: Request, club_id: str, member_id: str) -> Response:
    clubs = club_of(request, club_id)
    club = clubs.club(club_id)
    try:
        member = clubs.read(club_id, lambda c: c.member(member_id))
        rows = clubs.read(club_id, lambda c: ticket_history(c, member_id))
    except PokerfloorError as refusal:
        raise PageError(404, refusal_text(request, refusal, club_id)) from None
    return club_render(request, "club_member_tickets.html", club, member=member, tickets=rows)
