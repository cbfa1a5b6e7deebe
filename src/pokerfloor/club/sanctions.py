"""Sanctions: the ladder for late cancellations and no-shows, conduct bans, and what the desk
and the reminder letter show.

heavenpoker 2.3-2.4: a cancellation later than the deadline (4 h before the start by default)
or a no-show is an offence; the club's ladder answers the member's offences not waived in turn
(by default a written reminder, then a fine collected at the next participation, then
exclusion: refused at registration). Past the ladder's end its last step repeats. The TD may
waive an offence (it no longer counts; its fine is no longer due). heavenpoker 3.1, 3.3: a ban
for conduct, with dates, bars a member from every event (at registration and at check-in).

A mixin of ``Club`` (state.py).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from pokerfloor.club._base import (
    BAN_ARTICLES,
    OFFENCE_ARTICLES,
    Ban,
    CalendarEvent,
    Card,
    ClubBase,
    Member,
    Offence,
    Registration,
    check_id,
    check_iso_date,
    check_text,
)
from pokerfloor.club.events import BanImposed, BanLifted, EventResult, OffenceWaived
from pokerfloor.errors import PokerfloorError

__all__ = ["MemberRecord", "ReminderLetter", "SanctionCommands"]


@dataclass(frozen=True, slots=True)
class ReminderLetter:
    """The facts of the letter sent after an offence (heavenpoker 2.4), for the application
    to word and print: who, which event and when, what happened, the step reached, the fine
    due if any, and what the next offence brings."""

    club_name: str
    member_id: str
    name: str
    contact: str
    event_id: str
    event_name: str
    event_start_ms: int
    kind: str  # late_cancellation | no_show
    offence_no: int
    offences_counted: int  # not waived, this one included
    step: str
    fine_cents: int
    next_step: str
    next_fine_cents: int
    deadline_hours: int
    at_ms: int
    citations: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class MemberRecord:
    """What the desk sees of a member: history, offences, fine due, exclusion, bans."""

    member: Member
    cards: tuple[Card, ...]
    registrations: tuple[tuple[CalendarEvent, Registration], ...]
    results: tuple[tuple[CalendarEvent, EventResult], ...]
    offences: tuple[Offence, ...]
    fine_due_cents: int
    excluded: bool
    bans: tuple[Ban, ...]
    banned_on: Ban | None  # the ban in force on the day asked, if any
    merged_ids: tuple[str, ...]


class SanctionCommands(ClubBase):
    """Offences, bans and the desk's record, mixed into ``Club``."""

    if TYPE_CHECKING:  # provided by CardCommands and RegistrationCommands

        def member_cards(self, member_id: str) -> list[Card]: ...
        def member_events(self, member_id: str) -> list[tuple[CalendarEvent, Registration]]: ...

    def waive_offence(
        self, member_id: str, offence_no: int, reason: str, at_ms: int
    ) -> OffenceWaived:
        """The TD forgives an offence: it no longer counts on the ladder and its fine is no
        longer due (a fine already collected stays in the cash book)."""
        member = self.member(member_id)
        check_text("reason", reason, required=True, limit=500)
        found = [
            o
            for o in self.offences.get(member.member_id, ())
            if o.offence_no == offence_no and not o.waived
        ]
        if not found:
            raise PokerfloorError(
                "UNKNOWN_OFFENCE", {"member_id": member.member_id, "offence_no": offence_no}
            )
        event = OffenceWaived(member.member_id, offence_no, reason.strip(), at_ms)
        self._record(event)
        return event

    def ban(
        self,
        ban_id: str,
        member_id: str,
        from_date: str,
        reason: str,
        by: str,
        at_ms: int,
        until_date: str = "",
    ) -> BanImposed:
        """Bar a member from every event from ``from_date`` to ``until_date`` (ISO dates,
        included; "" = for good), for conduct (heavenpoker 3.1, 3.3)."""
        check_id("ban_id", ban_id)
        if ban_id in self.bans:
            raise PokerfloorError("BAN_EXISTS", {"ban_id": ban_id})
        member = self.member(member_id)
        check_iso_date("from_date", from_date)
        if until_date:
            check_iso_date("until_date", until_date)
            if until_date < from_date:
                raise PokerfloorError(
                    "BAN_ENDS_BEFORE_START", {"from_date": from_date, "until_date": until_date}
                )
        check_text("reason", reason, required=True, limit=500)
        check_text("by", by, required=True, limit=100)
        event = BanImposed(
            ban_id, member.member_id, from_date, until_date, reason.strip(), by.strip(), at_ms,
            self.settings.cite(*BAN_ARTICLES),
        )  # fmt: skip
        self._record(event)
        return event

    def lift_ban(self, ban_id: str, reason: str, at_ms: int) -> BanLifted:
        found = self.bans.get(ban_id)
        if found is None or found.lifted:
            raise PokerfloorError("UNKNOWN_BAN", {"ban_id": ban_id})
        check_text("reason", reason, required=True, limit=500)
        event = BanLifted(ban_id, reason.strip(), at_ms)
        self._record(event)
        return event

    # ---- queries ----------------------------------------------------------------------------

    def member_record(self, member_id: str, at_ms: int | None = None) -> MemberRecord:
        """The desk's view of a member. Every ban is listed; ``banned_on`` is the one in force
        on the day of ``at_ms`` (None without ``at_ms``)."""
        member = self.member(member_id)
        mid = member.member_id
        results: list[tuple[CalendarEvent, EventResult]] = []
        for calendar_event in self.events_by_start():
            results.extend(
                (calendar_event, r) for r in calendar_event.results if r.member_id == mid
            )
        bans = tuple(b for b in self.bans.values() if b.member_id == mid)
        return MemberRecord(
            member=member,
            cards=tuple(self.member_cards(mid)),
            registrations=tuple(self.member_events(mid)),
            results=tuple(results),
            offences=tuple(self.offences.get(mid, ())),
            fine_due_cents=self.fine_due_cents(mid),
            excluded=self.excluded(mid) is not None,
            bans=bans,
            banned_on=None if at_ms is None else self.ban_on(mid, self.club_date(at_ms)),
            merged_ids=tuple(m.member_id for m in self.members.values() if m.merged_into == mid),
        )

    def reminder_letter(self, member_id: str, offence_no: int | None = None) -> ReminderLetter:
        """The facts of the letter for an offence (default: the member's last)."""
        member = self.member(member_id)
        offences = self.offences.get(member.member_id, [])
        chosen = [o for o in offences if offence_no is None or o.offence_no == offence_no]
        if not chosen:
            raise PokerfloorError(
                "UNKNOWN_OFFENCE", {"member_id": member.member_id, "offence_no": offence_no or 0}
            )
        offence = chosen[-1]
        counted = sum(1 for o in offences if not o.waived and o.offence_no <= offence.offence_no)
        next_step = self.ladder_step(counted)
        scheduled = self.calendar[offence.event_id].scheduled
        return ReminderLetter(
            club_name=self.settings.name,
            member_id=member.member_id,
            name=member.name,
            contact=member.contact,
            event_id=offence.event_id,
            event_name=scheduled.name,
            event_start_ms=scheduled.start_ms,
            kind=offence.kind,
            offence_no=offence.offence_no,
            offences_counted=counted,
            step=offence.step,
            fine_cents=offence.fine_cents,
            next_step=next_step,
            next_fine_cents=self.settings.fine_cents if next_step == "fine" else 0,
            deadline_hours=self.settings.cancellation_deadline_hours,
            at_ms=offence.at_ms,
            citations=self.settings.cite(*OFFENCE_ARTICLES),
        )
