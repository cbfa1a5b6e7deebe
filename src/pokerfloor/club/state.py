"""The club aggregate: commands in, events out, state rebuilt by folding the events.

Like ``pokerfloor.tournament.Tournament``: each command checks its input against the state and
the club's settings, raises a ``PokerfloorError`` (nothing changed) or records events and
applies them through ``_apply``, which never decides. Time comes in as ``at_ms`` (UTC ms);
PINs come in as digests. ``events`` holds every event folded, the first being
``club_created``; ``Club.replay(events)`` rebuilds the same state.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

import msgspec

from pokerfloor.club._base import (
    Ban,
    CalendarEvent,
    Card,
    CashLine,
    Member,
    Offence,
    Registration,
    Season,
)
from pokerfloor.club.calendar import CalendarCommands
from pokerfloor.club.cards import CardCommands
from pokerfloor.club.cashbook import CashCommands
from pokerfloor.club.enrolment import EnrolmentCommands
from pokerfloor.club.events import (
    BanImposed,
    BanLifted,
    CardCancelled,
    CardIssued,
    CheckedIn,
    ClubCreated,
    ClubEvent,
    ClubEventCancelled,
    ClubEventClosed,
    ClubEventScheduled,
    ClubEventUpdated,
    ClubSettingsChanged,
    DepositRefunded,
    IdentityChecked,
    MemberAdded,
    MemberPinSet,
    MembersMerged,
    MemberUpdated,
    OffenceRecorded,
    OffenceWaived,
    RegistrationCancelled,
    RegistrationPromoted,
    RegistrationRecorded,
    SeasonCreated,
    SettingChange,
    TicketIssued,
    TicketUsed,
    WaitingPresenceChanged,
)
from pokerfloor.club.members import MemberCommands
from pokerfloor.club.registrations import RegistrationCommands
from pokerfloor.club.sanctions import SanctionCommands
from pokerfloor.club.seasons import SeasonCommands
from pokerfloor.club.settings import ClubSettings, check_settings
from pokerfloor.club.tickets import TicketCommands
from pokerfloor.errors import PokerfloorError

__all__ = ["Club", "setting_changes"]


def setting_changes(old: ClubSettings, new: ClubSettings) -> tuple[SettingChange, ...]:
    """The settings that differ, each with its old and new value as text."""
    before, after = msgspec.structs.asdict(old), msgspec.structs.asdict(new)
    return tuple(
        SettingChange(name, _setting_text(before[name]), _setting_text(after[name]))
        for name in after
        if before[name] != after[name]
    )


def _setting_text(value: object) -> str:
    if isinstance(value, str):
        return value
    return msgspec.json.encode(value).decode()


class Club(
    EnrolmentCommands,
    MemberCommands,
    CardCommands,
    CalendarCommands,
    RegistrationCommands,
    SanctionCommands,
    SeasonCommands,
    CashCommands,
    TicketCommands,
):
    """A club: its members, cards, calendar, registrations, sanctions, seasons, cash book."""

    @classmethod
    def create(cls, club_id: str, settings: ClubSettings, at_ms: int = 0) -> Club:
        check_settings(settings)
        return cls(ClubCreated(club_id, settings, at_ms))

    @classmethod
    def replay(cls, events: Iterable[ClubEvent]) -> Club:
        """Rebuild a club by folding its events (the first is ``club_created``)."""
        iterator = iter(events)
        first = next(iterator, None)
        if not isinstance(first, ClubCreated):
            raise PokerfloorError("BAD_EVENT_LOG")
        club = cls(first)
        for event in iterator:
            club._record(event)
        return club

    def apply_stored(self, event: ClubEvent) -> None:
        """Fold an event read back from the store (it was decided before: no check here)."""
        self._record(event)

    def change_settings(self, settings: ClubSettings, at_ms: int) -> ClubSettingsChanged:
        """New settings from now on (card types, ladder, deadlines, amounts); what was recorded
        before stays as it was decided. A card type still on a member's card stays."""
        check_settings(settings)
        codes = {card_type.code for card_type in settings.card_types}
        for card in self.cards.values():
            if card.card_type not in codes:
                raise PokerfloorError(
                    "CARD_TYPE_IN_USE", {"card_type": card.card_type, "card_id": card.card_id}
                )
        changes = setting_changes(self.settings, settings)
        if not changes:
            raise PokerfloorError("CLUB_SETTINGS_UNCHANGED", {})
        event = ClubSettingsChanged(settings, at_ms, changes)
        self._record(event)
        return event

    # ---- applying events --------------------------------------------------------------------

    def _apply(self, event: ClubEvent) -> None:
        self._book(event)  # the cash book first, while the state is as before the event
        if isinstance(event, TicketIssued | TicketUsed):
            self._apply_ticket(event)
            return
        if isinstance(event, MemberAdded | MemberUpdated | IdentityChecked | MemberPinSet):
            self._apply_member(event)
        elif isinstance(event, MembersMerged):
            self._apply_merge(event)
        elif isinstance(event, CardIssued):
            self.cards[event.card_id] = Card(
                event.card_id, event.member_id, event.card_type, event.period,
                event.valid_from, event.valid_until, event.fee_cents, event.at_ms,
            )  # fmt: skip
        elif isinstance(event, CardCancelled):
            self.cards[event.card_id].cancelled = True
        elif isinstance(
            event,
            ClubEventScheduled | ClubEventUpdated | ClubEventCancelled | ClubEventClosed,
        ):
            self._apply_calendar(event)
        elif isinstance(
            event,
            RegistrationRecorded
            | RegistrationCancelled
            | RegistrationPromoted
            | WaitingPresenceChanged
            | CheckedIn
            | DepositRefunded,
        ):
            self._apply_registration(event)
        elif isinstance(event, OffenceRecorded):
            self.offences.setdefault(event.member_id, []).append(
                Offence(
                    event.offence_no, event.member_id, event.event_id, event.kind, event.step,
                    event.at_ms, event.fine_cents,
                )
            )  # fmt: skip
            registration = self.calendar[event.event_id].registrations.get(event.member_id)
            if event.kind == "no_show" and registration and registration.status == "registered":
                registration.status = "no_show"
        elif isinstance(event, OffenceWaived):
            for offence in self.offences.get(event.member_id, ()):
                if offence.offence_no == event.offence_no:
                    offence.waived = True
        elif isinstance(event, BanImposed):
            self.bans[event.ban_id] = Ban(
                event.ban_id, event.member_id, event.from_date, event.until_date, event.reason,
                event.by, event.at_ms,
            )  # fmt: skip
        elif isinstance(event, BanLifted):
            self.bans[event.ban_id].lifted = True
        elif isinstance(event, SeasonCreated):
            self.seasons[event.season_id] = Season(
                event.season_id, event.name, dict(event.points), event.best_n, event.at_ms
            )
        elif isinstance(event, ClubSettingsChanged):
            self.settings = event.settings

    def _apply_member(
        self, event: MemberAdded | MemberUpdated | IdentityChecked | MemberPinSet
    ) -> None:
        if isinstance(event, MemberAdded):
            self.members[event.member_id] = Member(
                event.member_id, event.name, event.nickname, event.birth_date, event.contact,
                event.at_ms,
            )  # fmt: skip
            return
        member = self.members[event.member_id]
        if isinstance(event, MemberUpdated):
            member.name, member.nickname = event.name, event.nickname
            member.birth_date, member.contact = event.birth_date, event.contact
        elif isinstance(event, IdentityChecked):
            member.identity_checked = event.checked
            member.identity_by = event.by
            member.identity_at_ms = event.at_ms
            member.identity_document = event.document
        else:
            member.pin_digest = event.pin_digest

    def _apply_merge(self, event: MembersMerged) -> None:
        keep, drop = event.keep, event.drop
        self.members[drop].merged_into = keep
        kept = self.members[keep]
        dropped = self.members[drop]
        # The identity checked and the PIN of either stay the kept member's.
        if not kept.identity_checked and dropped.identity_checked:
            kept.identity_checked = True
            kept.identity_by, kept.identity_at_ms = dropped.identity_by, dropped.identity_at_ms
            kept.identity_document = dropped.identity_document
        if not kept.birth_date:
            kept.birth_date = dropped.birth_date
        for card in self.cards.values():
            if card.member_id == drop:
                card.member_id = keep
        for ban in self.bans.values():
            if ban.member_id == drop:
                ban.member_id = keep
        moved = self.offences.pop(drop, [])
        if moved:
            merged = self.offences.get(keep, []) + moved
            merged.sort(key=lambda o: (o.at_ms, o.offence_no))
            for number, offence in enumerate(merged, start=1):
                offence.member_id = keep
                offence.offence_no = number
            self.offences[keep] = merged
        for calendar_event in self.calendar.values():
            registration = calendar_event.registrations.pop(drop, None)
            if registration is not None:
                registration.member_id = keep
                known = calendar_event.registrations.get(keep)
                if known is None or known.status == "cancelled":
                    if known is not None:
                        calendar_event.cancelled.append(known)
                    calendar_event.registrations[keep] = registration
                    # Keep the order of registration: re-sort by when each registered.
                    ordered = sorted(calendar_event.registrations.values(), key=lambda r: r.at_ms)
                    calendar_event.registrations = {r.member_id: r for r in ordered}
                else:
                    calendar_event.cancelled.append(registration)
            for registration in calendar_event.cancelled:
                if registration.member_id == drop:
                    registration.member_id = keep
            calendar_event.results = tuple(
                msgspec.structs.replace(result, member_id=keep)
                if result.member_id == drop
                else result
                for result in calendar_event.results
            )
        self.cash_lines = [
            line if line.member_id != drop else replace(line, member_id=keep)
            for line in self.cash_lines
        ]

    def _apply_calendar(
        self,
        event: ClubEventScheduled | ClubEventUpdated | ClubEventCancelled | ClubEventClosed,
    ) -> None:
        if isinstance(event, ClubEventScheduled):
            self.calendar[event.event_id] = CalendarEvent(event)
            if event.season_id:
                self.seasons[event.season_id].event_ids.append(event.event_id)
            return
        if isinstance(event, ClubEventUpdated):
            new = event.scheduled
            calendar_event = self.calendar[new.event_id]
            old_season = calendar_event.scheduled.season_id
            calendar_event.scheduled = new
            if old_season != new.season_id:
                if old_season:
                    self.seasons[old_season].event_ids.remove(new.event_id)
                if new.season_id:
                    self.seasons[new.season_id].event_ids.append(new.event_id)
            return
        calendar_event = self.calendar[event.event_id]
        if isinstance(event, ClubEventCancelled):
            calendar_event.status = "cancelled"
            for registration in calendar_event.registrations.values():
                registration.deposit_cents = 0  # refunded (cashbook.py)
        else:
            calendar_event.status = "closed"
            calendar_event.results = event.results
            calendar_event.entries = event.entries

    def _apply_registration(
        self,
        event: RegistrationRecorded
        | RegistrationCancelled
        | RegistrationPromoted
        | WaitingPresenceChanged
        | CheckedIn
        | DepositRefunded,
    ) -> None:
        calendar_event = self.calendar[event.event_id]
        registrations = calendar_event.registrations
        if isinstance(event, RegistrationRecorded):
            previous = registrations.pop(event.member_id, None)
            if previous is not None:
                calendar_event.cancelled.append(previous)
            registrations[event.member_id] = Registration(
                event.member_id,
                event.by,
                event.at_ms,
                "waiting" if event.waiting else "registered",
                event.present,
                event.deposit_cents,
            )
            return
        registration = registrations[event.member_id]
        if isinstance(event, RegistrationCancelled):
            registration.status = "cancelled"
            registration.late_cancellation = event.late
            registration.deposit_cents -= event.deposit_refunded_cents
        elif isinstance(event, RegistrationPromoted):
            registration.status = "registered"
            registration.promoted_at_ms = event.at_ms
        elif isinstance(event, WaitingPresenceChanged):
            registration.present = event.present
        elif isinstance(event, CheckedIn):
            registration.status = "checked_in"
            registration.present = True
            registration.deposit_cents -= event.deposit_counted_cents
            if event.fine_cents:
                for offence in self.offences.get(event.member_id, ()):
                    if offence.fine_due_cents:
                        offence.fine_paid = True
        else:
            registration.deposit_cents -= event.cents


__all__ += [
    "Ban",
    "CalendarEvent",
    "Card",
    "CashLine",
    "Member",
    "Offence",
    "Registration",
    "Season",
]
