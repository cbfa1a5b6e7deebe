"""The club's events: what happened, past tense, stable snake_case tags (``type`` in JSON).

One stream per club. Each records an outcome decided by a command (a cancellation late or not,
the ladder's step an offence reached, the fine and deposit counted at a check-in), never an
intention, so the log can be checked and replayed on its own. Times are UTC milliseconds
(``at_ms``); birth dates and card validity are ISO dates (``YYYY-MM-DD``); money is in cents.
A PIN is never in the log: only its digest, made by the application.
"""

from __future__ import annotations

from typing import Any, get_args

import msgspec

from pokerfloor.club.settings import ClubSettings

__all__ = [
    "CLUB_EVENT_TYPES",
    "BanImposed",
    "BanLifted",
    "CardCancelled",
    "CardIssued",
    "CashMoved",
    "CheckedIn",
    "ClubCreated",
    "ClubEvent",
    "ClubEventCancelled",
    "ClubEventClosed",
    "ClubEventScheduled",
    "ClubEventUpdated",
    "ClubSettingsChanged",
    "DepositRefunded",
    "EventResult",
    "IdentityChecked",
    "MemberAdded",
    "MemberPinSet",
    "MemberUpdated",
    "MembersMerged",
    "OffenceRecorded",
    "OffenceWaived",
    "RegistrationCancelled",
    "RegistrationPromoted",
    "RegistrationRecorded",
    "SeasonCreated",
    "SettingChange",
    "WaitingPresenceChanged",
    "decode_event",
    "decode_events",
    "encode_event",
]


class ClubCreated(msgspec.Struct, frozen=True, tag="club_created"):
    club_id: str
    settings: ClubSettings
    at_ms: int


class SettingChange(msgspec.Struct, frozen=True):
    """One setting changed: its name, the old and the new value as text (a card type list as
    JSON)."""

    field: str
    old: str
    new: str


class ClubSettingsChanged(msgspec.Struct, frozen=True, tag="club_settings_changed"):
    """The club's settings from now on (all of them), and what changed with the old and new
    values (none in a log written before they were recorded)."""

    settings: ClubSettings
    at_ms: int
    changes: tuple[SettingChange, ...] = ()


# ---- members ------------------------------------------------------------------------------


class MemberAdded(msgspec.Struct, frozen=True, tag="member_added"):
    member_id: str  # the club's number for the member, stable for life
    name: str
    at_ms: int
    nickname: str = ""
    birth_date: str = ""  # ISO date; "" = not known (registration refused: heavenpoker 2.1)
    contact: str = ""  # phone or e-mail, free text


class MemberUpdated(msgspec.Struct, frozen=True, tag="member_updated"):
    """The member's fields after the change (all of them)."""

    member_id: str
    name: str
    nickname: str
    birth_date: str
    contact: str
    at_ms: int


class IdentityChecked(msgspec.Struct, frozen=True, tag="identity_checked"):
    """An identity document seen (or the check withdrawn: ``checked`` false), heavenpoker
    2.2: every participant shows a valid identity document."""

    member_id: str
    checked: bool
    by: str
    at_ms: int
    document: str = ""


class MemberPinSet(msgspec.Struct, frozen=True, tag="member_pin_set"):
    """The digest of the PIN the club gave the member ("" removes it); never the PIN."""

    member_id: str
    pin_digest: str
    at_ms: int


class MembersMerged(msgspec.Struct, frozen=True, tag="members_merged"):
    """``drop`` was a duplicate of ``keep``: its registrations, cards, offences, bans and
    results are ``keep``'s from now on; ``drop``'s number is retired."""

    keep: str
    drop: str
    reason: str
    at_ms: int


# ---- cards --------------------------------------------------------------------------------


class CardIssued(msgspec.Struct, frozen=True, tag="card_issued"):
    """A card of ``card_type`` valid from ``valid_from`` to ``valid_until`` (ISO dates, both
    included); ``fee_cents`` paid (a cash-book line), ``period`` year or half_year."""

    card_id: str
    member_id: str
    card_type: str
    period: str
    valid_from: str
    valid_until: str
    fee_cents: int
    at_ms: int
    method: str = ""
    citations: tuple[str, ...] = ()


class CardCancelled(msgspec.Struct, frozen=True, tag="card_cancelled"):
    card_id: str
    reason: str
    at_ms: int
    refund_cents: int = 0


# ---- calendar -----------------------------------------------------------------------------


class ClubEventScheduled(msgspec.Struct, frozen=True, tag="club_event_scheduled"):
    """An event of the calendar. The times are absolute (UTC ms): registration opens at
    ``registration_opens_ms`` (None: at once), the cash desk ``desk_opens_ms``, validations close
    at ``validations_close_ms``, late entries end at ``late_entry_until_ms`` (heavenpoker 2.2),
    the event ends (for one-event-at-a-time, 2.2) at ``ends_ms``."""

    event_id: str
    name: str
    kind: str
    start_ms: int
    ends_ms: int
    capacity: int
    desk_opens_ms: int
    validations_close_ms: int
    late_entry_until_ms: int
    at_ms: int
    registration_opens_ms: int | None = None
    buy_in_cents: int = 0  # the entry fee collected at check-in
    structure: str = ""  # its tournament's structure: a template id or a TOML text
    profile: str = "heavenpoker"
    table_size: int = 9
    season_id: str = ""
    points: dict[str, Any] | None = None  # the points formula; none: the season's


class ClubEventUpdated(msgspec.Struct, frozen=True, tag="club_event_updated"):
    """An event's settings changed before it is played: ``scheduled`` is the whole event as it
    now stands (its times and id unchanged)."""

    scheduled: ClubEventScheduled
    at_ms: int


class ClubEventCancelled(msgspec.Struct, frozen=True, tag="club_event_cancelled"):
    event_id: str
    reason: str
    at_ms: int


class EventResult(msgspec.Struct, frozen=True):
    member_id: str
    place: int
    points: int  # hundredths of a point (tournament/points.py)
    prize_cents: int = 0


class ClubEventClosed(msgspec.Struct, frozen=True, tag="club_event_closed"):
    """The event is over: its results (places and points), the players registered who never
    checked in (no-shows, each also an ``offence_recorded``), ``entries`` counted."""

    event_id: str
    results: tuple[EventResult, ...]
    no_shows: tuple[str, ...]
    entries: int
    at_ms: int
    tournament_id: str = ""


# ---- registrations ------------------------------------------------------------------------


class RegistrationRecorded(msgspec.Struct, frozen=True, tag="registration_recorded"):
    """A member registered (``waiting`` false) or put on the waiting list (true, heavenpoker
    2.5, with the deposit paid for it). ``by``: td | member (with number and PIN)."""

    event_id: str
    member_id: str
    waiting: bool
    by: str
    at_ms: int
    present: bool = False
    deposit_cents: int = 0
    method: str = ""


class RegistrationCancelled(msgspec.Struct, frozen=True, tag="registration_cancelled"):
    """A registration or a place on the waiting list withdrawn; ``late``: after the deadline
    (heavenpoker 2.3); ``deposit_refunded_cents`` went back to the player."""

    event_id: str
    member_id: str
    late: bool
    by: str
    at_ms: int
    deposit_refunded_cents: int = 0
    reason: str = ""


class RegistrationPromoted(msgspec.Struct, frozen=True, tag="registration_promoted"):
    """The first player present on the waiting list takes the place freed (heavenpoker 2.5)."""

    event_id: str
    member_id: str
    at_ms: int


class WaitingPresenceChanged(msgspec.Struct, frozen=True, tag="waiting_presence_changed"):
    """A player on the waiting list arrived, or told the desk they leave (heavenpoker 2.5)."""

    event_id: str
    member_id: str
    present: bool
    at_ms: int


class CheckedIn(msgspec.Struct, frozen=True, tag="checked_in"):
    """A registered member validated at the desk: ``entry_paid_cents`` paid now for the entry,
    the waiting-list deposit ``deposit_counted_cents`` deducted from it, ``fine_cents`` the
    fines due collected (heavenpoker 2.4: at the next participation)."""

    event_id: str
    member_id: str
    entry_paid_cents: int
    at_ms: int
    deposit_counted_cents: int = 0
    fine_cents: int = 0
    method: str = ""
    citations: tuple[str, ...] = ()


class DepositRefunded(msgspec.Struct, frozen=True, tag="deposit_refunded"):
    event_id: str
    member_id: str
    cents: int
    at_ms: int
    reason: str = ""


# ---- sanctions ----------------------------------------------------------------------------


class OffenceRecorded(msgspec.Struct, frozen=True, tag="offence_recorded"):
    """A late cancellation or a no-show (heavenpoker 2.3-2.4); ``offence_no`` numbers the
    member's offences from 1; ``step`` is the ladder's answer to those not waived (reminder,
    fine, exclusion), ``fine_cents`` the fine due at the next check-in."""

    member_id: str
    event_id: str
    kind: str  # late_cancellation | no_show
    offence_no: int
    step: str
    at_ms: int
    fine_cents: int = 0
    citations: tuple[str, ...] = ()


class OffenceWaived(msgspec.Struct, frozen=True, tag="offence_waived"):
    """The TD forgives an offence: it no longer counts, its fine is no longer due."""

    member_id: str
    offence_no: int
    reason: str
    at_ms: int


class BanImposed(msgspec.Struct, frozen=True, tag="ban_imposed"):
    """A member barred from every event from ``from_date`` to ``until_date`` (ISO, included;
    "" = for good), for conduct (heavenpoker 3.1, 3.3)."""

    ban_id: str
    member_id: str
    from_date: str
    until_date: str
    reason: str
    by: str
    at_ms: int
    citations: tuple[str, ...] = ()


class BanLifted(msgspec.Struct, frozen=True, tag="ban_lifted"):
    ban_id: str
    reason: str
    at_ms: int


# ---- seasons and money ----------------------------------------------------------------------


class SeasonCreated(msgspec.Struct, frozen=True, tag="season_created"):
    """A season groups events; standings count each member's ``best_n`` results (None: all),
    each event's points by ``points`` (tournament/points.py) unless the event has its own."""

    season_id: str
    name: str
    points: dict[str, Any]
    at_ms: int
    best_n: int | None = None


class CashMoved(msgspec.Struct, frozen=True, tag="cash_moved"):
    """Money in (``cents`` > 0) or out (< 0) of the club's cash book that no other event
    carries: a payment or a refund the desk records (``kind``: other, refund...)."""

    kind: str
    cents: int
    at_ms: int
    member_id: str = ""
    event_id: str = ""
    method: str = ""
    note: str = ""


class TicketIssued(msgspec.Struct, frozen=True, tag="ticket_issued"):
    """A member's ticket (a satellite's seat, club/tickets.py): its value, where it comes from,
    the event it is for ("": any event whose entry it covers)."""

    ticket_id: str
    member_id: str
    value_cents: int
    source: str
    target_event_id: str
    at_ms: int


class TicketUsed(msgspec.Struct, frozen=True, tag="ticket_used"):
    """A ticket spent on the entry of an event (its check-in then collects no entry)."""

    ticket_id: str
    event_id: str
    member_id: str
    at_ms: int


ClubEvent = (
    ClubCreated
    | ClubSettingsChanged
    | MemberAdded
    | MemberUpdated
    | IdentityChecked
    | MemberPinSet
    | MembersMerged
    | CardIssued
    | CardCancelled
    | ClubEventScheduled
    | ClubEventUpdated
    | ClubEventCancelled
    | ClubEventClosed
    | RegistrationRecorded
    | RegistrationCancelled
    | RegistrationPromoted
    | WaitingPresenceChanged
    | CheckedIn
    | DepositRefunded
    | OffenceRecorded
    | OffenceWaived
    | BanImposed
    | BanLifted
    | SeasonCreated
    | CashMoved
    | TicketIssued
    | TicketUsed
)

# Every event type by its tag.
CLUB_EVENT_TYPES: dict[str, type[Any]] = {
    event_type.__struct_config__.tag: event_type for event_type in get_args(ClubEvent)
}

_ENCODER = msgspec.json.Encoder()
_DECODER: msgspec.json.Decoder[ClubEvent] = msgspec.json.Decoder(ClubEvent)


def encode_event(event: ClubEvent) -> bytes:
    return _ENCODER.encode(event)


def decode_event(data: bytes | str) -> ClubEvent:
    return _DECODER.decode(data)


def decode_events(lines: bytes | str) -> list[ClubEvent]:
    """Events written one JSON object a line (blank lines skipped)."""
    text = lines.decode() if isinstance(lines, bytes) else lines
    return [_DECODER.decode(line) for line in text.splitlines() if line.strip()]
