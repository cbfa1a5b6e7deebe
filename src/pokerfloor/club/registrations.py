"""Registrations for the calendar's events, the waiting list, check-in at the desk.

Who may register (``registration_refusal``, the first reason wins): nobody banned on the event's
date (heavenpoker 3.1, 3.3), nobody the ladder excluded (2.4), nobody under the club's age on
the event's date or without a known birth date (2.1), only with a card admitting the event's
kind (3.2), and one event at a time (2.2: no two registrations whose events overlap).

When: from the registration's opening; a member registering themselves (number and PIN: the
application hashes the PIN typed and passes the digest, compared here with the one stored)
until the validations close (15 min before the start); the desk until the late entries end
(2.2). A full event puts the player on the waiting list, present (2.5: the player must be there
to be put on it), with an optional deposit. A place freed (a cancellation, a no-show) goes to
the first player on the list who is present; one who told the desk they leave keeps their rank
but is passed over while away (2.5). A cancellation less than the club's deadline before the
start (4 h, 2.3) is an offence on the ladder (sanctions.py), unless the place came from the
waiting list after the deadline. At check-in (from the cash desk's opening to the end of late
entries, 2.2) the desk collects the entry fee less the deposit held, and any fine due (2.4:
collected at the next participation); a member whose identity was never checked shows a
document first (2.2).

A mixin of ``Club`` (state.py).
"""

from __future__ import annotations

import hmac
from dataclasses import dataclass
from typing import TYPE_CHECKING

from pokerfloor.club._base import (
    BAN_ARTICLES,
    OFFENCE_ARTICLES,
    CalendarEvent,
    ClubBase,
    Member,
    Registration,
    age_on,
    check_cents,
    check_text,
)
from pokerfloor.club.events import (
    CheckedIn,
    DepositRefunded,
    IdentityChecked,
    RegistrationCancelled,
    RegistrationRecorded,
    WaitingPresenceChanged,
)
from pokerfloor.errors import PokerfloorError

if TYPE_CHECKING:
    from pokerfloor.club.cashbook import EntryDue

__all__ = ["REGISTERED_BY", "CancellationOutcome", "RegistrationCommands"]

REGISTERED_BY = ("td", "member")
_HOUR = 3_600_000


@dataclass(frozen=True, slots=True)
class CancellationOutcome:
    """A cancellation's consequence told before it is made (the phone's warning)."""

    late: bool
    deadline_ms: int
    deadline_hours: int
    step: str  # the ladder's step a late cancellation reaches; "" when not late
    fine_cents: int
    currency: str
    citations: tuple[str, ...]


class RegistrationCommands(ClubBase):
    """Registrations' commands and queries, mixed into ``Club``."""

    if TYPE_CHECKING:  # provided by CardCommands (cards.py) and CashCommands (cashbook.py)

        def card_refusal(
            self, member_id: str, event_kind: str, day: str
        ) -> PokerfloorError | None: ...

        def entry_due(self, event_id: str, member_id: str) -> EntryDue: ...

    def register(
        self,
        event_id: str,
        member_id: str,
        at_ms: int,
        by: str = "td",
        pin_digest: str = "",
        present: bool = False,
        deposit_cents: int = 0,
        method: str = "",
    ) -> RegistrationRecorded:
        """Register ``member_id`` for ``event_id`` (``by`` td, or member with the digest of
        the PIN typed), or put them on the waiting list when the event is full (present, with
        an optional deposit no larger than the entry fee). Returns the registration recorded:
        ``waiting`` says which."""
        calendar_event = self.open_event(event_id)
        member = self.member(member_id)
        self._check_by(member, by, pin_digest)
        scheduled = calendar_event.scheduled
        opens = scheduled.registration_opens_ms
        if opens is not None and at_ms < opens:
            raise PokerfloorError(
                "REGISTRATION_NOT_OPEN", {"event_id": event_id, "opens_ms": opens}
            )
        closes = scheduled.validations_close_ms if by == "member" else scheduled.late_entry_until_ms
        if at_ms > closes:
            raise PokerfloorError(
                "REGISTRATION_CLOSED",
                {
                    "event_id": event_id,
                    "closed_ms": closes,
                    "citations": list(self.settings.cite("2.2")),
                },
            )
        known = calendar_event.registrations.get(member.member_id)
        if known is not None and known.status != "cancelled":
            raise PokerfloorError(
                "CLUB_ALREADY_REGISTERED",
                {"member_id": member.member_id, "event_id": event_id, "status": known.status},
            )
        refusal = self.registration_refusal(member.member_id, event_id)
        if refusal is not None:
            raise refusal
        check_cents("deposit_cents", deposit_cents)
        check_text("method", method, limit=40)
        waiting = calendar_event.is_full
        if waiting and not present and self.settings.waiting_list_needs_presence:
            raise PokerfloorError(
                "WAITING_LIST_NEEDS_PRESENCE",
                {"event_id": event_id, "citations": list(self.settings.cite("2.5"))},
            )
        if deposit_cents and not waiting:
            raise PokerfloorError(
                "DEPOSIT_ONLY_WHEN_WAITING",
                {"event_id": event_id, "citations": list(self.settings.cite("2.5"))},
            )
        if deposit_cents > scheduled.buy_in_cents:
            raise PokerfloorError(
                "DEPOSIT_TOO_LARGE",
                {"deposit_cents": deposit_cents, "buy_in_cents": scheduled.buy_in_cents},
            )
        if deposit_cents > self.settings.waiting_deposit_cents:
            raise PokerfloorError(
                "DEPOSIT_ABOVE_CLUBS",
                {
                    "deposit_cents": deposit_cents,
                    "club_deposit_cents": self.settings.waiting_deposit_cents,
                    "currency": self.settings.currency,
                    "citations": list(self.settings.cite("2.5")),
                },
            )
        event = RegistrationRecorded(
            event_id, member.member_id, waiting, by, at_ms, present, deposit_cents, method
        )
        self._record(event)
        return event

    def cancel_registration(
        self,
        event_id: str,
        member_id: str,
        at_ms: int,
        by: str = "td",
        pin_digest: str = "",
        reason: str = "",
        confirmed: bool = True,
    ) -> RegistrationCancelled:
        """Withdraw a registration or a place on the waiting list; a registration withdrawn
        later than the club's deadline before the start is late (heavenpoker 2.3) and counts
        on the ladder (2.4). A deposit held is refunded; the place freed goes to the waiting
        list."""
        calendar_event = self.open_event(event_id)
        member = self.member(member_id)
        self._check_by(member, by, pin_digest)
        check_text("reason", reason, limit=500)
        registration = self._registration(calendar_event, member.member_id)
        if registration.status == "checked_in":
            raise PokerfloorError(
                "ALREADY_CHECKED_IN", {"member_id": member.member_id, "event_id": event_id}
            )
        if registration.status == "no_show":
            raise PokerfloorError(
                "CLUB_NOT_REGISTERED",
                {"member_id": member.member_id, "event_id": event_id, "status": "no_show"},
            )
        outcome = self.cancellation_outcome(event_id, member.member_id, at_ms)
        late = outcome.late
        if late and not confirmed:
            raise PokerfloorError(
                "LATE_CANCELLATION_NOT_CONFIRMED",
                {
                    "member_id": member.member_id,
                    "event_id": event_id,
                    "step": outcome.step,
                    "fine_cents": outcome.fine_cents,
                    "currency": outcome.currency,
                    "deadline_hours": outcome.deadline_hours,
                    "deadline_ms": outcome.deadline_ms,
                    "citations": list(outcome.citations),
                },
            )
        event = RegistrationCancelled(
            event_id, member.member_id, late, by, at_ms, registration.deposit_cents, reason
        )
        self._record(event)
        if late:
            self._record(
                self._offence_event(member.member_id, event_id, "late_cancellation", at_ms)
            )
        self._promote(calendar_event, at_ms)
        return event

    def cancellation_outcome(
        self, event_id: str, member_id: str, at_ms: int
    ) -> CancellationOutcome:
        """What cancelling the member's place at ``at_ms`` would bring, before they confirm:
        late or not against the club's deadline (heavenpoker 2.3), and if late the ladder's
        step and the fine it carries (2.4), in the club's currency."""
        calendar_event = self.event(event_id)
        member = self.member(member_id)
        registration = calendar_event.registrations.get(member.member_id)
        hours = self.settings.cancellation_deadline_hours
        deadline = calendar_event.scheduled.start_ms - hours * _HOUR
        # A player on the waiting list promoted after the deadline did not choose to hold
        # the place then: leaving it is not late.
        late = (
            registration is not None
            and registration.status == "registered"
            and at_ms > deadline
            and (registration.promoted_at_ms is None or registration.promoted_at_ms <= deadline)
        )
        step, fine = "", 0
        if late:
            offence = self._offence_event(member.member_id, event_id, "late_cancellation", at_ms)
            step, fine = offence.step, offence.fine_cents
        return CancellationOutcome(
            late,
            deadline,
            hours,
            step,
            fine,
            self.settings.currency,
            self.settings.cite(*OFFENCE_ARTICLES),
        )

    def set_waiting_presence(
        self, event_id: str, member_id: str, present: bool, at_ms: int
    ) -> WaitingPresenceChanged:
        """A player on the waiting list arrives, or tells the desk they leave (heavenpoker
        2.5); a place freed while they are away goes to the next one present."""
        calendar_event, member, registration = self._held(event_id, member_id)
        if registration.status != "waiting":
            raise PokerfloorError(
                "NOT_WAITING", {"member_id": member.member_id, "event_id": event_id}
            )
        event = WaitingPresenceChanged(event_id, member.member_id, present, at_ms)
        self._record(event)
        self._promote(calendar_event, at_ms)
        return event

    def check_in(
        self,
        event_id: str,
        member_id: str,
        at_ms: int,
        method: str = "",
        identity_by: str = "",
    ) -> CheckedIn:
        """Validate a registered member at the desk: the entry fee less the deposit held, the
        fines due (heavenpoker 2.4) collected; refused to a member banned or excluded since
        registering; ``identity_by`` names who saw the member's
        identity document when it was never checked (2.2)."""
        calendar_event, member, registration = self._held(event_id, member_id)
        scheduled = calendar_event.scheduled
        if registration.status != "registered":
            code = (
                "ALREADY_CHECKED_IN"
                if registration.status == "checked_in"
                else "CLUB_NOT_REGISTERED"
            )
            raise PokerfloorError(
                code,
                {
                    "member_id": member.member_id,
                    "event_id": event_id,
                    "status": registration.status,
                },
            )
        if at_ms < scheduled.desk_opens_ms:
            raise PokerfloorError(
                "DESK_NOT_OPEN",
                {
                    "event_id": event_id,
                    "opens_ms": scheduled.desk_opens_ms,
                    "citations": list(self.settings.cite("2.2")),
                },
            )
        if at_ms > scheduled.late_entry_until_ms:
            raise PokerfloorError(
                "LATE_ENTRY_OVER",
                {
                    "event_id": event_id,
                    "until_ms": scheduled.late_entry_until_ms,
                    "citations": list(self.settings.cite("2.2", "2.6")),
                },
            )
        # A ban or an exclusion that came after the registration bars the entry too.
        barred = self._barred(member, self.club_date(scheduled.start_ms))
        if barred is not None:
            raise barred
        check_text("method", method, limit=40)
        check_text("identity_by", identity_by, limit=100)
        if not member.identity_checked and not identity_by.strip():
            raise PokerfloorError(
                "IDENTITY_NOT_CHECKED",
                {"member_id": member.member_id, "citations": list(self.settings.cite("2.2"))},
            )
        if not member.identity_checked:
            self._record(IdentityChecked(member.member_id, True, identity_by.strip(), at_ms))
        due = self.entry_due(event_id, member.member_id)  # what the desk showed, to the cent
        event = CheckedIn(
            event_id,
            member.member_id,
            due.buy_in_cents - due.deposit_cents,
            at_ms,
            due.deposit_cents,
            due.fines_cents,
            method,
            self.settings.cite("2.2", "2.4", "2.5"),
        )
        self._record(event)
        return event

    def mark_no_show(self, event_id: str, member_id: str, at_ms: int) -> None:
        """A registered member who has not come when validations closed is a no-show
        (heavenpoker 2.4): an offence on the ladder, the place to the waiting list (2.6)."""
        calendar_event, member, registration = self._held(event_id, member_id)
        if registration.status != "registered":
            raise PokerfloorError(
                "CLUB_NOT_REGISTERED",
                {
                    "member_id": member.member_id,
                    "event_id": event_id,
                    "status": registration.status,
                },
            )
        if at_ms < calendar_event.scheduled.validations_close_ms:
            raise PokerfloorError(
                "NO_SHOW_TOO_EARLY",
                {
                    "member_id": member.member_id,
                    "event_id": event_id,
                    "citations": list(self.settings.cite("2.2", "2.4")),
                },
            )
        self._record(self._offence_event(member.member_id, event_id, "no_show", at_ms))
        self._promote(calendar_event, at_ms)

    def refund_deposit(
        self, event_id: str, member_id: str, at_ms: int, reason: str = ""
    ) -> DepositRefunded:
        """Give back a deposit still held (heavenpoker 2.5)."""
        _, member, registration = self._held(event_id, member_id, open_only=False)
        check_text("reason", reason, limit=500)
        if not registration.deposit_cents:
            raise PokerfloorError(
                "NO_DEPOSIT", {"member_id": member.member_id, "event_id": event_id}
            )
        event = DepositRefunded(
            event_id, member.member_id, registration.deposit_cents, at_ms, reason
        )
        self._record(event)
        return event

    # ---- queries ----------------------------------------------------------------------------

    def registration_refusal(self, member_id: str, event_id: str) -> PokerfloorError | None:
        """Why the member may not register for the event, or None (the rules in order: ban,
        exclusion, age, card, one event at a time)."""
        member = self.member(member_id)
        scheduled = self.event(event_id).scheduled
        day = self.club_date(scheduled.start_ms)
        barred = self._barred(member, day)
        if barred is not None:
            return barred
        if not member.birth_date:
            return PokerfloorError(
                "BIRTH_DATE_UNKNOWN",
                {"member_id": member.member_id, "citations": list(self.settings.cite("2.1"))},
            )
        age = age_on(member.birth_date, day)
        if age < self.settings.minimum_age:
            return PokerfloorError(
                "UNDER_AGE",
                {
                    "member_id": member.member_id,
                    "age": age,
                    "minimum_age": self.settings.minimum_age,
                    "date": day,
                    "citations": list(self.settings.cite("2.1")),
                },
            )
        card = self.card_refusal(member.member_id, scheduled.kind, day)
        if card is not None:
            return card
        for other in self.calendar.values():
            if other.event_id == event_id or other.status != "scheduled":
                continue
            held = other.registrations.get(member.member_id)
            overlaps = (
                other.scheduled.start_ms < scheduled.ends_ms
                and scheduled.start_ms < other.scheduled.ends_ms
            )
            if held is not None and held.status != "cancelled" and overlaps:
                return PokerfloorError(
                    "ONE_EVENT_AT_A_TIME",
                    {
                        "member_id": member.member_id,
                        "other_event_id": other.event_id,
                        "citations": list(self.settings.cite("2.2")),
                    },
                )
        return None

    def registrations(self, event_id: str) -> list[Registration]:
        """The event's players holding a place, in order of registration."""
        return self.event(event_id).registered

    def waiting_list(self, event_id: str) -> list[Registration]:
        return self.event(event_id).waiting

    def member_events(self, member_id: str) -> list[tuple[CalendarEvent, Registration]]:
        """Every event the member registered for (the last registration), by start."""
        member_id = self.member(member_id).member_id
        return [
            (e, e.registrations[member_id])
            for e in self.events_by_start()
            if member_id in e.registrations
        ]

    # ---- helpers ----------------------------------------------------------------------------

    def _check_by(self, member: Member, by: str, pin_digest: str) -> None:
        if by not in REGISTERED_BY:
            raise PokerfloorError(
                "BAD_REGISTERED_BY", {"by": by, "accepted": ", ".join(REGISTERED_BY)}
            )
        if by == "member" and (
            not member.pin_digest
            or not hmac.compare_digest(member.pin_digest.encode(), pin_digest.encode())
        ):
            # One refusal for an unknown PIN and a wrong one: nothing to learn by trying.
            raise PokerfloorError("BAD_MEMBER_PIN", {"member_id": member.member_id})

    def _held(
        self, event_id: str, member_id: str, *, open_only: bool = True
    ) -> tuple[CalendarEvent, Member, Registration]:
        """The event (still to be played unless not ``open_only``), the member and their
        registration, which must not be cancelled."""
        calendar_event = self.open_event(event_id) if open_only else self.event(event_id)
        member = self.member(member_id)
        return calendar_event, member, self._registration(calendar_event, member.member_id)

    def _registration(self, calendar_event: CalendarEvent, member_id: str) -> Registration:
        registration = calendar_event.registrations.get(member_id)
        if registration is None or registration.status == "cancelled":
            raise PokerfloorError(
                "CLUB_NOT_REGISTERED",
                {"member_id": member_id, "event_id": calendar_event.event_id, "status": "none"},
            )
        return registration

    def _barred(self, member: Member, day: str) -> PokerfloorError | None:
        """A conduct ban covering ``day`` (heavenpoker 3.1, 3.3), else the ladder's exclusion
        (2.4), else None."""
        ban = self.ban_on(member.member_id, day)
        if ban is not None:
            until = ban.until_date
            return PokerfloorError(
                "MEMBER_BANNED",
                {
                    "member_id": member.member_id,
                    "until": until or None,
                    "ban_reason": ban.reason,
                    "citations": list(self.settings.cite(*BAN_ARTICLES)),
                },
            )
        if self.excluded(member.member_id) is None:
            return None
        counted = sum(1 for o in self.offences.get(member.member_id, ()) if not o.waived)
        return PokerfloorError(
            "MEMBER_EXCLUDED",
            {
                "member_id": member.member_id,
                "offences": counted,
                "citations": list(self.settings.cite("2.4")),
            },
        )
