"""The club service's commands: msgspec structs with stable tags (``type`` in JSON), validated
at the edge (lengths, patterns, bounds) before the core sees them.

Each command but ``create_club`` is one method of ``pokerfloor.club.Club`` of the same name,
its fields the method's arguments; its handler (club_handlers.py, ``@handles``) calls it with
``at_ms`` from the service's clock. PINs never reach the core: ``set_pin`` and the members' own
registrations carry a PIN here, turned into the club's salted digest first
(``club_service.pin_digest``).
"""

from __future__ import annotations

import hashlib
import hmac
from typing import Annotated

import msgspec

from pokerfloor.app._command_fields import ID_PATTERN, MAX_ID_LENGTH
from pokerfloor.app.csv_cells import NO_CONTROL_PATTERN
from pokerfloor.club.settings import (
    HEAVENPOKER_CARDS,
    LADDER_STEPS,
    CardType,
    ClubSettings,
    preset_settings,
)
from pokerfloor.club.state import Club
from pokerfloor.tournament.limits import MAX_REASON_LENGTH

__all__ = [
    "CLUB_COMMAND_DECODER",
    "CREATE_CLUB_DECODER",
    "AnyClubCommand",
    "ChangeSettings",
    "ClubCommand",
    "CreateClub",
    "EnrolMember",
    "MemberCancel",
    "MemberRegister",
    "club_salt",
    "pin_digest",
]

Id = Annotated[str, msgspec.Meta(min_length=1, max_length=MAX_ID_LENGTH, pattern=ID_PATTERN)]
OptionalId = Annotated[str, msgspec.Meta(max_length=MAX_ID_LENGTH)]
# A name, a nickname, a contact: no control character, as the CSV import (app/csv_cells.py).
Name = Annotated[str, msgspec.Meta(min_length=1, max_length=100, pattern=NO_CONTROL_PATTERN)]
Short = Annotated[str, msgspec.Meta(max_length=100, pattern=NO_CONTROL_PATTERN)]
Contact = Annotated[str, msgspec.Meta(max_length=200, pattern=NO_CONTROL_PATTERN)]
Reason = Annotated[str, msgspec.Meta(max_length=MAX_REASON_LENGTH)]
RequiredReason = Annotated[str, msgspec.Meta(min_length=1, max_length=MAX_REASON_LENGTH)]
IsoDate = Annotated[str, msgspec.Meta(max_length=10, pattern=r"\A(\d{4}-\d{2}-\d{2})?\Z")]
Method = Annotated[str, msgspec.Meta(max_length=40)]
Cents = Annotated[int, msgspec.Meta(ge=0, le=10**10)]
TimeMs = Annotated[int, msgspec.Meta(ge=0, le=2**53)]
Minutes = Annotated[int, msgspec.Meta(ge=0, le=24 * 60 * 14)]
PointsKey = Annotated[str, msgspec.Meta(max_length=40)]
PointsValue = (
    Annotated[str, msgspec.Meta(max_length=40)]
    | Annotated[int, msgspec.Meta(ge=0, le=10**10)]
    | Annotated[
        tuple[Annotated[int, msgspec.Meta(ge=0, le=10**10)], ...], msgspec.Meta(max_length=1000)
    ]
)
PointsSpec = Annotated[dict[PointsKey, PointsValue], msgspec.Meta(max_length=20)]


class _Command(msgspec.Struct, frozen=True, tag_field="type", forbid_unknown_fields=True):
    pass


class CreateClub(_Command, frozen=True, tag="create_club"):
    """A new club with its settings. ``preset`` "association" (a French association: no
    cards, no fines, EUR, Europe/Paris) or "heavenpoker" (rulebook 002, CHF, Europe/Zurich)
    gives them all but the name (``currency`` and ``time_zone``, when given, override the
    preset's); without a preset, the fields below (Heavenpoker's rules in a club without a
    time zone: UTC plus ``utc_offset_minutes``, as before presets existed; docs/club.md)."""

    club_id: Id
    name: Name
    card_types: Annotated[tuple[CardType, ...], msgspec.Meta(max_length=20)] = HEAVENPOKER_CARDS
    cards_required: bool = True
    minimum_age: Annotated[int, msgspec.Meta(ge=0, le=120)] = 18
    cancellation_deadline_hours: Annotated[int, msgspec.Meta(ge=0, le=24 * 14)] = 4
    ladder: Annotated[tuple[str, ...], msgspec.Meta(min_length=1, max_length=10)] = LADDER_STEPS
    fine_cents: Cents = 5000
    waiting_deposit_cents: Cents = 5000
    utc_offset_minutes: Annotated[int, msgspec.Meta(ge=-14 * 60, le=14 * 60)] = 0
    preset: Annotated[str, msgspec.Meta(max_length=20)] = ""
    currency: Annotated[str, msgspec.Meta(max_length=3)] | None = None
    time_zone: Annotated[str, msgspec.Meta(max_length=64)] | None = None

    def settings(self) -> ClubSettings:
        if self.preset:
            chosen = preset_settings(self.preset, self.name)
        else:
            chosen = ClubSettings(
                name=self.name,
                card_types=self.card_types,
                cards_required=self.cards_required,
                minimum_age=self.minimum_age,
                cancellation_deadline_hours=self.cancellation_deadline_hours,
                ladder=self.ladder,
                fine_cents=self.fine_cents,
                waiting_deposit_cents=self.waiting_deposit_cents,
                utc_offset_minutes=self.utc_offset_minutes,
            )
        if self.currency is not None:
            chosen = msgspec.structs.replace(chosen, currency=self.currency)
        if self.time_zone is not None:
            chosen = msgspec.structs.replace(chosen, time_zone=self.time_zone)
        return chosen

    def create(self, at_ms: int) -> Club:
        return Club.create(self.club_id, self.settings(), at_ms)


class ChangeSettings(_Command, frozen=True, tag="change_settings"):
    """The club's settings from now on, whole (``GET .../settings`` gives them): one
    ``club_settings_changed`` with the old and new value of each setting changed."""

    settings: ClubSettings


class AddMember(_Command, frozen=True, tag="add_member"):
    member_id: Id
    name: Name
    nickname: Short = ""
    birth_date: IsoDate = ""
    contact: Contact = ""


Pin = Annotated[str, msgspec.Meta(max_length=8, pattern=r"\A([0-9]{4,8})?\Z")]


class EnrolMember(_Command, frozen=True, tag="enrol_member"):
    """A member in one step: identity, an optional card of ``card_type`` from today, the PIN
    the club gives them (4 to 8 digits, "" none) and the identity check (``identity_by``
    names who saw the document; "" none). All or nothing."""

    member_id: Id
    name: Name
    nickname: Short = ""
    birth_date: IsoDate = ""
    contact: Contact = ""
    card_type: OptionalId = ""
    card_period: Annotated[str, msgspec.Meta(pattern=r"\A(year|half_year)\Z")] = "year"
    card_method: Method = ""
    pin: Pin = ""
    identity_by: Short = ""
    identity_document: Short = ""


class UpdateMember(_Command, frozen=True, tag="update_member"):
    member_id: Id
    name: Name | None = None
    nickname: Short | None = None
    birth_date: IsoDate | None = None
    contact: Contact | None = None


class CheckIdentity(_Command, frozen=True, tag="check_identity"):
    member_id: Id
    by: Name
    checked: bool = True
    document: Short = ""


class SetPin(_Command, frozen=True, tag="set_pin"):
    """The PIN the club gives the member for the public pages: 4 to 8 digits, typed on a
    phone, no e-mail needed ("" removes it)."""

    member_id: Id
    pin: Pin


class MergeMembers(_Command, frozen=True, tag="merge_members"):
    keep: Id
    drop: Id
    reason: RequiredReason


class IssueCard(_Command, frozen=True, tag="issue_card"):
    card_id: Id
    member_id: Id
    card_type: Id
    period: Annotated[str, msgspec.Meta(pattern=r"\A(year|half_year)\Z")] = "year"
    valid_from: IsoDate = ""
    fee_cents: Cents | None = None
    method: Method = ""


class CancelCard(_Command, frozen=True, tag="cancel_card"):
    card_id: Id
    reason: RequiredReason
    refund_cents: Cents = 0


class ScheduleEvent(_Command, frozen=True, tag="schedule_event"):
    event_id: Id
    name: Name
    kind: Annotated[str, msgspec.Meta(max_length=20)]
    start_ms: TimeMs
    capacity: Annotated[int, msgspec.Meta(ge=1, le=100_000)]
    buy_in_cents: Cents = 0
    structure: Annotated[str, msgspec.Meta(max_length=100_000)] = ""
    # "": the club's ``event_profile`` (ropta for an association, heavenpoker by default).
    profile: Annotated[str, msgspec.Meta(max_length=64)] = ""
    table_size: Annotated[int, msgspec.Meta(ge=2, le=10)] = 9
    season_id: OptionalId = ""
    points: PointsSpec | None = None
    registration_opens_ms: TimeMs | None = None
    desk_opens_minutes: Minutes | None = None
    validations_close_minutes: Minutes | None = None
    late_entry_minutes: Minutes | None = None
    duration_minutes: Minutes | None = None


class CancelEvent(_Command, frozen=True, tag="cancel_event"):
    event_id: Id
    reason: RequiredReason


class Register(_Command, frozen=True, tag="register"):
    """The TD registers a member (phone or on site); ``present``, ``deposit_cents``: a place on
    the waiting list (heavenpoker 2.5)."""

    event_id: Id
    member_id: Id
    present: bool = False
    deposit_cents: Cents = 0
    method: Method = ""


class CancelRegistration(_Command, frozen=True, tag="cancel_registration"):
    event_id: Id
    member_id: Id
    reason: Reason = ""


class SetWaitingPresence(_Command, frozen=True, tag="set_waiting_presence"):
    event_id: Id
    member_id: Id
    present: bool


class CheckIn(_Command, frozen=True, tag="check_in"):
    event_id: Id
    member_id: Id
    method: Method = ""
    identity_by: Short = ""


class IssueTicket(_Command, frozen=True, tag="issue_ticket"):
    """A member's ticket worth ``value_cents`` (a satellite's seat; ``close_event`` issues
    them for a satellite's seat winners); ``target_event_id``: the event it is for, "" any
    event whose entry it covers (club/tickets.py)."""

    ticket_id: Annotated[str, msgspec.Meta(min_length=1, max_length=100)]
    member_id: Id
    value_cents: Cents
    source: Short = ""
    target_event_id: OptionalId = ""


class UseTicket(_Command, frozen=True, tag="use_ticket"):
    """The desk spends the member's ticket on the event's entry (before the check-in, which
    then collects no entry)."""

    ticket_id: Annotated[str, msgspec.Meta(min_length=1, max_length=100)]
    event_id: Id
    member_id: Id


class MarkNoShow(_Command, frozen=True, tag="mark_no_show"):
    event_id: Id
    member_id: Id


class RefundDeposit(_Command, frozen=True, tag="refund_deposit"):
    event_id: Id
    member_id: Id
    reason: Reason = ""


class CloseEvent(_Command, frozen=True, tag="close_event"):
    """The event is over: places (and points, prizes) by member number; the members
    registered and never checked in are the no-shows (heavenpoker 2.4). The event's
    tournament gives them all (``club_link.close_event``)."""

    event_id: Id
    places: Annotated[
        dict[Id, Annotated[int, msgspec.Meta(ge=1, le=100_000)]], msgspec.Meta(max_length=100_000)
    ]
    points: Annotated[dict[Id, Cents], msgspec.Meta(max_length=100_000)] | None = None
    prizes: Annotated[dict[Id, Cents], msgspec.Meta(max_length=100_000)] | None = None
    entries: Annotated[int, msgspec.Meta(ge=0, le=100_000)] | None = None
    tournament_id: OptionalId = ""


class WaiveOffence(_Command, frozen=True, tag="waive_offence"):
    member_id: Id
    offence_no: Annotated[int, msgspec.Meta(ge=1, le=10_000)]
    reason: RequiredReason


class Ban(_Command, frozen=True, tag="ban"):
    """A conduct ban (heavenpoker 3.1, 3.3) from ``from_date`` to ``until_date`` included
    ("" for good), for every event."""

    ban_id: Id
    member_id: Id
    from_date: IsoDate
    reason: RequiredReason
    by: Name
    until_date: IsoDate = ""


class LiftBan(_Command, frozen=True, tag="lift_ban"):
    ban_id: Id
    reason: RequiredReason


class CreateSeason(_Command, frozen=True, tag="create_season"):
    """A season: its events' points by ``points`` (tournament/points.py), the ``best_n``
    results of each member counted (None: all)."""

    season_id: Id
    name: Name
    points: PointsSpec
    best_n: Annotated[int, msgspec.Meta(ge=1, le=1000)] | None = None


class Pay(_Command, frozen=True, tag="pay"):
    """Money in that no other command records (the cash book's ``other``)."""

    cents: Annotated[int, msgspec.Meta(ge=1, le=10**10)]
    member_id: OptionalId = ""
    event_id: OptionalId = ""
    method: Method = ""
    note: Reason = ""


class Refund(_Command, frozen=True, tag="refund"):
    """Money out that no other command records; ``note`` says why."""

    cents: Annotated[int, msgspec.Meta(ge=1, le=10**10)]
    note: RequiredReason
    member_id: OptionalId = ""
    event_id: OptionalId = ""
    method: Method = ""


ClubCommand = (
    CreateClub
    | IssueTicket
    | UseTicket
    | ChangeSettings
    | AddMember
    | EnrolMember
    | UpdateMember
    | CheckIdentity
    | SetPin
    | MergeMembers
    | IssueCard
    | CancelCard
    | ScheduleEvent
    | CancelEvent
    | Register
    | CancelRegistration
    | SetWaitingPresence
    | CheckIn
    | MarkNoShow
    | RefundDeposit
    | CloseEvent
    | WaiveOffence
    | Ban
    | LiftBan
    | CreateSeason
    | Pay
    | Refund
)


class MemberRegister(_Command, frozen=True, tag="member_register"):
    """A member registers themselves (the public page, number and PIN): the PIN's digest goes
    to the core, which checks it (``register(by="member")``). Not in the API's commands: the
    application makes it once the PIN was checked and rate-limited."""

    event_id: Id
    member_id: Id
    pin_digest: Annotated[str, msgspec.Meta(max_length=200)]


class MemberCancel(_Command, frozen=True, tag="member_cancel"):
    """A member cancels their own registration (number and PIN); ``confirmed`` false: a late
    cancellation is refused with what it would cost (``LATE_CANCELLATION_NOT_CONFIRMED``),
    so the phone can warn first."""

    event_id: Id
    member_id: Id
    pin_digest: Annotated[str, msgspec.Meta(max_length=200)]
    confirmed: bool = True


AnyClubCommand = ClubCommand | MemberRegister | MemberCancel

CLUB_COMMAND_DECODER = msgspec.json.Decoder(ClubCommand)
CREATE_CLUB_DECODER = msgspec.json.Decoder(CreateClub)


def club_salt(club: Club) -> bytes:
    """The club's salt for its members' PIN digests: its id and the moment it was created,
    stable on replay, different for every club (a PIN's digest in one club says nothing of the
    same PIN in another)."""
    return f"{club.club_id}:{club.created.at_ms}".encode()


def pin_digest(club: Club, member_id: str, pin: str, key: bytes) -> str:
    """A member's PIN as the core keeps and compares it: HMAC-SHA256 under the server's secret
    ``key``, over the club's salt, the member's number and the PIN. A PIN of 4 to 8 digits is
    weak by nature: without the key (which is not in the event log) a stolen log does not
    give the PINs away by trying every one; wrong attempts are rate-limited at the edge
    (web/club_api.py)."""
    return _pin_hmac(club, club.member(member_id).member_id, pin, key)


def _pin_hmac(club: Club, number: str, pin: str, key: bytes) -> str:
    """``pin_digest`` of the member numbered ``number`` (who may not exist yet: enrolment)."""
    message = club_salt(club) + f"\x00{number}\x00{pin}".encode()
    return "h2:" + hmac.new(key, message, hashlib.sha256).hexdigest()
