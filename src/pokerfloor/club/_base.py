"""What the club aggregate holds, shared by its command mixins (``state.py`` puts them
together): members, cards, the calendar with its registrations, offences, bans, seasons, the
cash book; and the look-ups every command starts with (a member, an event, a date).

The objects here are mutable inside the aggregate only; ``_apply`` (state.py) is the one place
that changes them, from events.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import UTC, date, datetime, timedelta
from typing import TYPE_CHECKING

from pokerfloor.club.events import (
    ClubCreated,
    ClubEvent,
    ClubEventScheduled,
    EventResult,
    OffenceRecorded,
    RegistrationPromoted,
)
from pokerfloor.club.settings import ClubSettings
from pokerfloor.errors import PokerfloorError

if TYPE_CHECKING:
    from pokerfloor.club.tickets import Ticket

__all__ = [
    "Ban",
    "CalendarEvent",
    "Card",
    "CashLine",
    "ClubBase",
    "Member",
    "Offence",
    "Registration",
    "Season",
    "age_on",
    "check_id",
    "check_iso_date",
]

ID_PATTERN = re.compile(r"\A[A-Za-z0-9][A-Za-z0-9_.\-]*\Z")
MAX_ID_LENGTH = 64
MAX_TEXT = 200
# The articles (of the club's rulebook, ``ClubSettings.cite``) behind an offence and a ban.
OFFENCE_ARTICLES = ("2.3", "2.4")
BAN_ARTICLES = ("3.1", "3.3")
_EPOCH = datetime(1970, 1, 1, tzinfo=UTC)


@dataclass(slots=True)
class Member:
    member_id: str
    name: str
    nickname: str
    birth_date: str
    contact: str
    added_at_ms: int
    identity_checked: bool = False
    identity_by: str = ""
    identity_at_ms: int | None = None
    identity_document: str = ""
    pin_digest: str = ""
    merged_into: str | None = None  # a duplicate merged into another member


@dataclass(slots=True)
class Card:
    card_id: str
    member_id: str
    card_type: str
    period: str  # year | half_year
    valid_from: str
    valid_until: str
    fee_cents: int
    at_ms: int
    cancelled: bool = False

    def valid_on(self, day: str) -> bool:
        return not self.cancelled and self.valid_from <= day <= self.valid_until


@dataclass(slots=True)
class Registration:
    member_id: str
    by: str
    at_ms: int
    status: str  # registered | waiting | checked_in | cancelled | no_show
    present: bool = False
    deposit_cents: int = 0  # still held: refunded or counted at entry sets it to 0
    late_cancellation: bool = False
    promoted_at_ms: int | None = None


@dataclass(slots=True)
class CalendarEvent:
    scheduled: ClubEventScheduled
    status: str = "scheduled"  # scheduled | cancelled | closed
    # In order of registration; a member cancelling and registering again goes to the end.
    registrations: dict[str, Registration] = field(default_factory=dict)
    cancelled: list[Registration] = field(default_factory=list)
    results: tuple[EventResult, ...] = ()
    entries: int = 0

    @property
    def event_id(self) -> str:
        return self.scheduled.event_id

    @property
    def registered(self) -> list[Registration]:
        """Holding a place: registered or checked in."""
        return [r for r in self.registrations.values() if r.status in ("registered", "checked_in")]

    @property
    def waiting(self) -> list[Registration]:
        """The waiting list, first come first."""
        return [r for r in self.registrations.values() if r.status == "waiting"]

    @property
    def is_full(self) -> bool:
        return len(self.registered) >= self.scheduled.capacity


@dataclass(slots=True)
class Offence:
    offence_no: int
    member_id: str
    event_id: str
    kind: str  # late_cancellation | no_show
    step: str  # reminder | fine | exclusion
    at_ms: int
    fine_cents: int = 0
    fine_paid: bool = False
    waived: bool = False

    @property
    def fine_due_cents(self) -> int:
        return 0 if self.waived or self.fine_paid else self.fine_cents


@dataclass(slots=True)
class Ban:
    ban_id: str
    member_id: str
    from_date: str
    until_date: str  # "" = for good
    reason: str
    by: str
    at_ms: int
    lifted: bool = False

    def covers(self, day: str) -> bool:
        return (
            not self.lifted
            and self.from_date <= day
            and (not self.until_date or day <= self.until_date)
        )


@dataclass(slots=True)
class Season:
    season_id: str
    name: str
    points: dict[str, object]
    best_n: int | None
    at_ms: int
    event_ids: list[str] = field(default_factory=list)


@dataclass(frozen=True, slots=True)
class CashLine:
    """One line of the club's cash book: ``cents`` in (> 0) or out (< 0)."""

    at_ms: int
    kind: str  # card_fee card_refund fine entry deposit deposit_refund other refund
    cents: int
    member_id: str = ""
    event_id: str = ""
    method: str = ""
    note: str = ""
    deposit_counted_cents: int = 0  # an entry: the deposit held before and counted in it
    # A line of a club tournament's own book (kinds ``tournament_*``): who paid, as the
    # tournament names them, and which tournament.
    player_name: str = ""
    tournament_id: str = ""
    tournament_name: str = ""


def check_id(what: str, value: str) -> None:
    if not isinstance(value, str) or len(value) > MAX_ID_LENGTH or not ID_PATTERN.search(value):
        raise PokerfloorError("CLUB_BAD_ID", {"field": what, "value": str(value)})


def check_text(what: str, value: str, required: bool = False, limit: int = MAX_TEXT) -> None:
    if not isinstance(value, str) or len(value) > limit or (required and not value.strip()):
        raise PokerfloorError("CLUB_BAD_TEXT", {"field": what, "limit": limit})


def check_cents(what: str, value: int) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 10**12:
        raise PokerfloorError("CLUB_BAD_AMOUNT", {"field": what, "value": str(value)})


def check_iso_date(what: str, value: str) -> date:
    try:
        parsed = date.fromisoformat(value)
        if len(value) != 10:
            raise ValueError(value)
    except (TypeError, ValueError):
        raise PokerfloorError("CLUB_BAD_DATE", {"field": what, "value": str(value)}) from None
    return parsed


def age_on(birth_date: str, day: str) -> int:
    """Whole years between two ISO dates: one more on each birthday (born 29 February, the
    birthday falls on 1 March in other years)."""
    born = date.fromisoformat(birth_date)
    on = date.fromisoformat(day)
    return on.year - born.year - ((on.month, on.day) < (born.month, born.day))


class ClubBase:
    """The state of a club and the look-ups its commands share."""

    def __init__(self, created: ClubCreated) -> None:
        self.created = created
        self.settings: ClubSettings = created.settings
        self.members: dict[str, Member] = {}
        self.cards: dict[str, Card] = {}
        self.calendar: dict[str, CalendarEvent] = {}
        self.offences: dict[str, list[Offence]] = {}  # per member
        self.bans: dict[str, Ban] = {}
        self.seasons: dict[str, Season] = {}
        self.cash_lines: list[CashLine] = []
        self.tickets: dict[str, Ticket] = {}  # a member's seats won (tickets.py)
        self.events: list[ClubEvent] = [created]

    @property
    def club_id(self) -> str:
        return self.created.club_id

    def _record(self, event: ClubEvent) -> None:
        self.events.append(event)
        self._apply(event)

    def _apply(self, event: ClubEvent) -> None:  # state.py
        raise NotImplementedError

    # ---- look-ups ---------------------------------------------------------------------------

    def member(self, member_id: str) -> Member:
        """The member with this number (a merged duplicate: the member it was merged into)."""
        found = self.members.get(member_id)
        while found is not None and found.merged_into is not None:
            found = self.members.get(found.merged_into)
        if found is None:
            raise PokerfloorError("UNKNOWN_MEMBER", {"member_id": member_id})
        return found

    def event(self, event_id: str) -> CalendarEvent:
        found = self.calendar.get(event_id)
        if found is None:
            raise PokerfloorError("UNKNOWN_CLUB_EVENT", {"event_id": event_id})
        return found

    def open_event(self, event_id: str) -> CalendarEvent:
        """An event still to be played: not cancelled, not closed."""
        found = self.event(event_id)
        if found.status != "scheduled":
            raise PokerfloorError(
                "CLUB_EVENT_NOT_OPEN", {"event_id": event_id, "status": found.status}
            )
        return found

    def events_by_start(self) -> list[CalendarEvent]:
        """The calendar's events by start time (then by id)."""
        return sorted(self.calendar.values(), key=lambda e: (e.scheduled.start_ms, e.event_id))

    def club_date(self, at_ms: int) -> str:
        """The ISO date in the club's time at ``at_ms`` (UTC ms from the command): its time
        zone with summer time, or an old club's fixed offset (settings.py)."""
        return self.club_moment(at_ms).date().isoformat()

    def club_moment(self, at_ms: int) -> datetime:
        """``at_ms`` (UTC ms) as the club's wall clock shows it."""
        return (_EPOCH + timedelta(milliseconds=at_ms)).astimezone(self.settings.tzinfo())

    def fine_due_cents(self, member_id: str) -> int:
        return sum(o.fine_due_cents for o in self.offences.get(member_id, ()))

    def excluded(self, member_id: str) -> Offence | None:
        """The offence that reached the ladder's exclusion step, if any (heavenpoker 2.4)."""
        for offence in self.offences.get(member_id, ()):
            if offence.step == "exclusion" and not offence.waived:
                return offence
        return None

    def ban_on(self, member_id: str, day: str) -> Ban | None:
        for ban in self.bans.values():
            if ban.member_id == member_id and ban.covers(day):
                return ban
        return None

    def ladder_step(self, counted: int) -> str:
        """The ladder's step for an offence that ``counted`` offences not waived came before
        (heavenpoker 2.4); past the ladder's end, its last step."""
        ladder = self.settings.ladder
        return ladder[min(counted, len(ladder) - 1)]

    def _offence_event(
        self, member_id: str, event_id: str, kind: str, at_ms: int
    ) -> OffenceRecorded:
        """A late cancellation or a no-show on the club's ladder (heavenpoker 2.3-2.4): the
        member's offences not waived, this one included, pick the step (past the ladder's end,
        its last step); a fine step carries the club's fine, due at the next check-in."""
        offences = self.offences.get(member_id, [])
        counted = sum(1 for o in offences if not o.waived)
        step = self.ladder_step(counted)
        fine = self.settings.fine_cents if step == "fine" else 0
        return OffenceRecorded(
            member_id,
            event_id,
            kind,
            len(offences) + 1,
            step,
            at_ms,
            fine,
            self.settings.cite(*OFFENCE_ARTICLES),
        )

    def _promote(self, calendar_event: CalendarEvent, at_ms: int) -> None:
        """Give the free places to the waiting list in order, skipping players away."""
        free = calendar_event.scheduled.capacity - len(calendar_event.registered)
        for waiting in calendar_event.waiting:
            if free <= 0:
                break
            if waiting.present or not self.settings.waiting_list_needs_presence:
                self._record(
                    RegistrationPromoted(calendar_event.event_id, waiting.member_id, at_ms)
                )
                free -= 1
