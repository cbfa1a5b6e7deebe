"""The club's commands run on the club, by the convention of the tournament's (app/handlers.py):
one handler per command class, registered with ``@handles(CommandClass)`` in ``CLUB``, each
calling the ``Club`` method with the command's fields by name (mypy checks them) and the time
the service gives. PINs never reach the core: a command carrying one hands its digest under the
server's key (``club_commands.pin_digest``).

A new club command: its class in ``club_commands.py`` and in the ``ClubCommand`` union, then a
handler here; ``tests/app/test_dispatch_registry.py`` fails on a command without one.
"""

from __future__ import annotations

import msgspec

from pokerfloor.app.club_commands import (
    AddMember,
    AnyClubCommand,
    Ban,
    CancelCard,
    CancelEvent,
    CancelRegistration,
    ChangeSettings,
    CheckIdentity,
    CheckIn,
    CloseEvent,
    CreateClub,
    CreateSeason,
    EnrolMember,
    IssueCard,
    IssueTicket,
    LiftBan,
    MarkNoShow,
    MemberCancel,
    MemberRegister,
    MergeMembers,
    Pay,
    Refund,
    RefundDeposit,
    Register,
    ScheduleEvent,
    SetPin,
    SetWaitingPresence,
    UpdateMember,
    UseTicket,
    WaiveOffence,
    pin_digest,
)
from pokerfloor.app.club_commands import _pin_hmac as pin_hmac
from pokerfloor.app.handlers import Handlers
from pokerfloor.club.state import Club

__all__ = ["CLUB", "ClubContext", "run_club_command"]


class ClubContext(msgspec.Struct, frozen=True):
    """What the service adds to a club's command: its time and the key of the PINs' digests."""

    at_ms: int
    pin_key: bytes


CLUB: Handlers[Club, ClubContext] = Handlers("club")
handles = CLUB.handles


def run_club_command(club: Club, command: AnyClubCommand, at_ms: int, pin_key: bytes) -> None:
    """Run ``command`` on the club by its handler, at ``at_ms`` (a PIN replaced by its digest
    under ``pin_key``). ``create_club`` is the service's: it makes the club."""
    assert not isinstance(command, CreateClub)
    CLUB.run(club, command, ClubContext(at_ms, pin_key))


@handles(MemberRegister)
def _member_register(club: Club, command: MemberRegister, context: ClubContext) -> None:
    club.register(
        command.event_id, command.member_id, at_ms=context.at_ms, by="member",
        pin_digest=command.pin_digest,
    )  # fmt: skip


@handles(MemberCancel)
def _member_cancel(club: Club, command: MemberCancel, context: ClubContext) -> None:
    club.cancel_registration(
        command.event_id, command.member_id, at_ms=context.at_ms, by="member",
        pin_digest=command.pin_digest, confirmed=command.confirmed,
    )  # fmt: skip


@handles(EnrolMember)
def _enrol_member(club: Club, command: EnrolMember, context: ClubContext) -> None:
    pin = command.pin
    digest = pin_hmac(club, command.member_id, pin, context.pin_key) if pin else ""
    club.enrol_member(
        member_id=command.member_id,
        name=command.name,
        nickname=command.nickname,
        birth_date=command.birth_date,
        contact=command.contact,
        card_type=command.card_type,
        card_period=command.card_period,
        card_method=command.card_method,
        pin_digest=digest,
        identity_by=command.identity_by,
        identity_document=command.identity_document,
        at_ms=context.at_ms,
    )


@handles(SetPin)
def _set_pin(club: Club, command: SetPin, context: ClubContext) -> None:
    pin = command.pin
    digest = pin_digest(club, command.member_id, pin, context.pin_key) if pin else ""
    club.set_pin(command.member_id, digest, at_ms=context.at_ms)


@handles(ChangeSettings)
def _change_settings(club: Club, command: ChangeSettings, context: ClubContext) -> None:
    club.change_settings(settings=command.settings, at_ms=context.at_ms)


@handles(AddMember)
def _add_member(club: Club, command: AddMember, context: ClubContext) -> None:
    club.add_member(
        member_id=command.member_id,
        name=command.name,
        nickname=command.nickname,
        birth_date=command.birth_date,
        contact=command.contact,
        at_ms=context.at_ms,
    )


@handles(UpdateMember)
def _update_member(club: Club, command: UpdateMember, context: ClubContext) -> None:
    club.update_member(
        member_id=command.member_id,
        name=command.name,
        nickname=command.nickname,
        birth_date=command.birth_date,
        contact=command.contact,
        at_ms=context.at_ms,
    )


@handles(CheckIdentity)
def _check_identity(club: Club, command: CheckIdentity, context: ClubContext) -> None:
    club.check_identity(
        member_id=command.member_id,
        by=command.by,
        checked=command.checked,
        document=command.document,
        at_ms=context.at_ms,
    )


@handles(MergeMembers)
def _merge_members(club: Club, command: MergeMembers, context: ClubContext) -> None:
    club.merge_members(
        keep=command.keep, drop=command.drop, reason=command.reason, at_ms=context.at_ms
    )


@handles(IssueCard)
def _issue_card(club: Club, command: IssueCard, context: ClubContext) -> None:
    club.issue_card(
        card_id=command.card_id,
        member_id=command.member_id,
        card_type=command.card_type,
        period=command.period,
        valid_from=command.valid_from,
        fee_cents=command.fee_cents,
        method=command.method,
        at_ms=context.at_ms,
    )


@handles(CancelCard)
def _cancel_card(club: Club, command: CancelCard, context: ClubContext) -> None:
    club.cancel_card(
        card_id=command.card_id,
        reason=command.reason,
        refund_cents=command.refund_cents,
        at_ms=context.at_ms,
    )


@handles(ScheduleEvent)
def _schedule_event(club: Club, command: ScheduleEvent, context: ClubContext) -> None:
    club.schedule_event(
        event_id=command.event_id,
        name=command.name,
        kind=command.kind,
        start_ms=command.start_ms,
        capacity=command.capacity,
        buy_in_cents=command.buy_in_cents,
        structure=command.structure,
        profile=command.profile,
        table_size=command.table_size,
        season_id=command.season_id,
        points=command.points,
        registration_opens_ms=command.registration_opens_ms,
        desk_opens_minutes=command.desk_opens_minutes,
        validations_close_minutes=command.validations_close_minutes,
        late_entry_minutes=command.late_entry_minutes,
        duration_minutes=command.duration_minutes,
        at_ms=context.at_ms,
    )


@handles(CancelEvent)
def _cancel_event(club: Club, command: CancelEvent, context: ClubContext) -> None:
    club.cancel_event(event_id=command.event_id, reason=command.reason, at_ms=context.at_ms)


@handles(Register)
def _register(club: Club, command: Register, context: ClubContext) -> None:
    club.register(
        event_id=command.event_id,
        member_id=command.member_id,
        present=command.present,
        deposit_cents=command.deposit_cents,
        method=command.method,
        at_ms=context.at_ms,
    )


@handles(CancelRegistration)
def _cancel_registration(club: Club, command: CancelRegistration, context: ClubContext) -> None:
    club.cancel_registration(
        event_id=command.event_id,
        member_id=command.member_id,
        reason=command.reason,
        at_ms=context.at_ms,
    )


@handles(SetWaitingPresence)
def _set_waiting_presence(club: Club, command: SetWaitingPresence, context: ClubContext) -> None:
    club.set_waiting_presence(
        event_id=command.event_id,
        member_id=command.member_id,
        present=command.present,
        at_ms=context.at_ms,
    )


@handles(CheckIn)
def _check_in(club: Club, command: CheckIn, context: ClubContext) -> None:
    club.check_in(
        event_id=command.event_id,
        member_id=command.member_id,
        method=command.method,
        identity_by=command.identity_by,
        at_ms=context.at_ms,
    )


@handles(IssueTicket)
def _issue_ticket(club: Club, command: IssueTicket, context: ClubContext) -> None:
    club.issue_ticket(
        ticket_id=command.ticket_id,
        member_id=command.member_id,
        value_cents=command.value_cents,
        at_ms=context.at_ms,
        source=command.source,
        target_event_id=command.target_event_id,
    )


@handles(UseTicket)
def _use_ticket(club: Club, command: UseTicket, context: ClubContext) -> None:
    club.use_ticket(
        ticket_id=command.ticket_id,
        event_id=command.event_id,
        member_id=command.member_id,
        at_ms=context.at_ms,
    )


@handles(MarkNoShow)
def _mark_no_show(club: Club, command: MarkNoShow, context: ClubContext) -> None:
    club.mark_no_show(event_id=command.event_id, member_id=command.member_id, at_ms=context.at_ms)


@handles(RefundDeposit)
def _refund_deposit(club: Club, command: RefundDeposit, context: ClubContext) -> None:
    club.refund_deposit(
        event_id=command.event_id,
        member_id=command.member_id,
        reason=command.reason,
        at_ms=context.at_ms,
    )


@handles(CloseEvent)
def _close_event(club: Club, command: CloseEvent, context: ClubContext) -> None:
    club.close_event(
        event_id=command.event_id,
        places=command.places,
        points=command.points,
        prizes=command.prizes,
        entries=command.entries,
        tournament_id=command.tournament_id,
        at_ms=context.at_ms,
    )


@handles(WaiveOffence)
def _waive_offence(club: Club, command: WaiveOffence, context: ClubContext) -> None:
    club.waive_offence(
        member_id=command.member_id,
        offence_no=command.offence_no,
        reason=command.reason,
        at_ms=context.at_ms,
    )


@handles(Ban)
def _ban(club: Club, command: Ban, context: ClubContext) -> None:
    club.ban(
        ban_id=command.ban_id,
        member_id=command.member_id,
        from_date=command.from_date,
        reason=command.reason,
        by=command.by,
        until_date=command.until_date,
        at_ms=context.at_ms,
    )


@handles(LiftBan)
def _lift_ban(club: Club, command: LiftBan, context: ClubContext) -> None:
    club.lift_ban(ban_id=command.ban_id, reason=command.reason, at_ms=context.at_ms)


@handles(CreateSeason)
def _create_season(club: Club, command: CreateSeason, context: ClubContext) -> None:
    club.create_season(
        season_id=command.season_id,
        name=command.name,
        points=command.points,
        best_n=command.best_n,
        at_ms=context.at_ms,
    )


@handles(Pay)
def _pay(club: Club, command: Pay, context: ClubContext) -> None:
    club.pay(
        cents=command.cents,
        member_id=command.member_id,
        event_id=command.event_id,
        method=command.method,
        note=command.note,
        at_ms=context.at_ms,
    )


@handles(Refund)
def _refund(club: Club, command: Refund, context: ClubContext) -> None:
    club.refund(
        cents=command.cents,
        note=command.note,
        member_id=command.member_id,
        event_id=command.event_id,
        method=command.method,
        at_ms=context.at_ms,
    )
