"""A member's tickets (issue 33 item 2): a seat won in a satellite, recorded in the club when
the satellite's event is closed (``app/club_link.close_event``), usable once as the entry of
the target event at the desk.

``issue_ticket`` records it (its value: the seat's, the target event's buy-in and fee; the
target event when known, else any event whose entry it covers); ``use_ticket`` spends it for a
member registered to an event: the check-in then collects no entry (``entry_due``), and the
ticket is marked used. A ticket worth more than the entry leaves no change (the house's rule,
written on the ticket: the seat is for that event). Mixin of ``Club`` (state.py).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from pokerfloor.club._base import ClubBase, check_cents, check_text
from pokerfloor.club.events import TicketIssued, TicketUsed
from pokerfloor.errors import PokerfloorError

if TYPE_CHECKING:
    from pokerfloor.club._base import CalendarEvent, Member, Registration

__all__ = ["Ticket", "TicketCommands"]


@dataclass
class Ticket:
    ticket_id: str
    member_id: str
    value_cents: int
    source: str  # the satellite's tournament (or what the TD wrote)
    target_event_id: str  # "" : any event whose entry it covers
    at_ms: int
    used_for: str = ""  # the event it paid the entry of; "" : not used yet


class TicketCommands(ClubBase):
    """The club's tickets, mixed into ``Club``."""

    if TYPE_CHECKING:  # provided by Club (registrations.py)

        def _held(
            self, event_id: str, member_id: str, *, open_only: bool = True
        ) -> tuple[CalendarEvent, Member, Registration]: ...

    def issue_ticket(
        self,
        ticket_id: str,
        member_id: str,
        value_cents: int,
        at_ms: int,
        source: str = "",
        target_event_id: str = "",
    ) -> TicketIssued:
        """A ticket for the member (a seat won), worth ``value_cents``."""
        check_text("ticket_id", ticket_id, limit=100)
        check_text("source", source, limit=100)
        check_cents("value_cents", value_cents)
        if not ticket_id.strip() or ticket_id in self.tickets:
            raise PokerfloorError("CLUB_TICKET_EXISTS", {"ticket_id": ticket_id})
        member = self.member(member_id)
        if target_event_id:
            self.event(target_event_id)  # an unknown event is refused
        event = TicketIssued(
            ticket_id, member.member_id, value_cents, source, target_event_id, at_ms
        )
        self._record(event)
        return event

    def use_ticket(self, ticket_id: str, event_id: str, member_id: str, at_ms: int) -> TicketUsed:
        """Spend the member's ticket on the entry of ``event_id`` (registered, not checked in
        yet): once, by its holder, for its target event or an entry it covers."""
        ticket = self.tickets.get(ticket_id)
        if ticket is None:
            raise PokerfloorError("CLUB_TICKET_UNKNOWN", {"ticket_id": ticket_id})
        calendar_event, member, registration = self._held(event_id, member_id)
        if ticket.member_id != member.member_id:
            raise PokerfloorError(
                "CLUB_TICKET_NOT_HOLDER",
                {"ticket_id": ticket_id, "member_id": member.member_id},
            )
        if ticket.used_for:
            raise PokerfloorError(
                "CLUB_TICKET_USED", {"ticket_id": ticket_id, "event_id": ticket.used_for}
            )
        if registration.status != "registered":
            raise PokerfloorError(
                "ALREADY_CHECKED_IN",
                {
                    "member_id": member.member_id,
                    "event_id": event_id,
                    "status": registration.status,
                },
            )
        if ticket.target_event_id and ticket.target_event_id != event_id:
            raise PokerfloorError(
                "CLUB_TICKET_OTHER_EVENT",
                {"ticket_id": ticket_id, "event_id": ticket.target_event_id},
            )
        entry = calendar_event.scheduled.buy_in_cents
        if ticket.value_cents < entry:
            raise PokerfloorError(
                "CLUB_TICKET_TOO_SMALL",
                {"ticket_id": ticket_id, "value_cents": ticket.value_cents, "entry_cents": entry},
            )
        event = TicketUsed(ticket_id, event_id, member.member_id, at_ms)
        self._record(event)
        return event

    def entry_paid_by_ticket(self, event_id: str, member_id: str) -> bool:
        """The member's entry to the event is paid by a ticket."""
        return any(
            t.used_for == event_id and t.member_id == member_id for t in self.tickets.values()
        )

    def member_tickets(self, member_id: str) -> list[Ticket]:
        """The member's tickets, oldest first, used or not."""
        return sorted(
            (t for t in self.tickets.values() if t.member_id == member_id),
            key=lambda t: (t.at_ms, t.ticket_id),
        )

    def _apply_ticket(self, event: TicketIssued | TicketUsed) -> None:
        if isinstance(event, TicketIssued):
            self.tickets[event.ticket_id] = Ticket(
                event.ticket_id, event.member_id, event.value_cents, event.source,
                event.target_event_id, event.at_ms,
            )  # fmt: skip
        else:
            self.tickets[event.ticket_id].used_for = event.event_id
