"""The TD's members pages (docs/club.md): the list found as the TD types, a new member with a
warning on a homonym, the CSV import (untrusted: every error named by line and column,
nothing imported unless the file is good) and export; a member's page (identity check, PIN,
cards, record, sanctions and bans, merging a duplicate) and the printable reminder letter.
"""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, File, Form, Request, UploadFile
from fastapi.responses import Response
from starlette.concurrency import run_in_threadpool

from pokerfloor.app._command_fields import is_valid_id
from pokerfloor.app.club_commands import (
    Ban,
    CheckIdentity,
    ClubCommand,
    EnrolMember,
    IssueCard,
    LiftBan,
    MergeMembers,
    Pay,
    SetPin,
    UpdateMember,
    WaiveOffence,
)
from pokerfloor.app.club_csv import MAX_CSV_BYTES, ImportedMember, import_members, new_pin
from pokerfloor.app.club_views import members_csv
from pokerfloor.club.members import RowError
from pokerfloor.club.state import Club, Member
from pokerfloor.errors import PokerfloorError
from pokerfloor.web import i18n
from pokerfloor.web.club_access import csv_response
from pokerfloor.web.i18n import N_
from pokerfloor.web.pages.club._club_common import (
    back,
    club_of,
    club_render,
    club_run,
    money_cents,
    refusal_text,
    say_now,
)
from pokerfloor.web.pages.club._club_forms import Fields
from pokerfloor.web.pages.club.club import STATUS_LABELS
from pokerfloor.web.pages.common._common import locale_of, render
from pokerfloor.web.pages.common._forms import number_or_text

__all__ = ["router"]

router = APIRouter()

Text = Annotated[str, Form(max_length=200)]
LongText = Annotated[str, Form(max_length=1000)]
STEP_LABELS = {
    "reminder": N_("written reminder"),
    "fine": N_("fine"),
    "exclusion": N_("exclusion"),
}
OFFENCE_LABELS = {
    "late_cancellation": N_("late cancellation"),
    "no_show": N_("no-show"),
}
HOMONYM = N_("A member already has this name: check it is not the same person, then confirm.")
IMPORT_ERRORS = N_("The file was not imported: correct these lines and send it again.")


# ---- the list --------------------------------------------------------------------------------


def _members_page(
    request: Request,
    club_id: str,
    error: str | None = None,
    homonyms: list[object] | None = None,
    typed: dict[str, str] | None = None,
    row_errors: list[RowError] | None = None,
    field_errors: dict[str, str] | None = None,
) -> Response:
    clubs = club_of(request, club_id)
    club = clubs.club(club_id)
    query = request.query_params.get("q", "")[:100]
    codes = [card_type.code for card_type in club.settings.card_types]
    with i18n.use_locale(locale_of(request)):
        problems = [(error, row_problem(error, codes)) for error in row_errors or []]
    return club_render(
        request,
        "club_members.html",
        club,
        error,
        members=_found(club, query),
        query=query,
        homonyms=homonyms or [],
        typed=typed or {},
        row_errors=problems,
        field_errors=field_errors or {},
        card_types=club.settings.card_types,
        next_id=club.next_member_id(),
    )


@router.get("/club/{club_id}/members")
def members_page(request: Request, club_id: str) -> Response:
    return _members_page(request, club_id)


@router.get("/club/{club_id}/members/list")
def members_list(request: Request, club_id: str, q: str = "") -> Response:
    """The list alone, for the search box (htmx, as the TD types)."""
    club = club_of(request, club_id).club(club_id)
    members = _found(club, q[:100])
    return render(request, "club_members_list.html", club=club, club_id=club_id, members=members)


def _found(club: Club, query: str) -> list[Member]:
    """The members matching what the TD typed (the first 50), or all of them."""
    return club.find_members(query, limit=50) if query.strip() else club.active_members()


MEMBER_LABELS = {
    "name": N_("Name"),
    "member_id": N_("Number"),
    "nickname": N_("Nickname"),
    "birth_date": N_("Birth date"),
    "contact": N_("Phone or e-mail"),
    "card_type": N_("Card"),
    "pin": N_("PIN"),
    "identity_by": N_("Identity checked by"),
    "identity_document": N_("Document"),
}
PIN_FORMAT = N_("4 to 8 digits, or tick “draw a PIN”")
ID_FORMAT = N_("letters, digits, “.”, “_” or “-”, at most 64")
IDENTITY_WHO = N_("who saw the document (1 to 100 characters)")
# The problems of a members file's cells, by column (or by code), in the page's language.
ROW_PROBLEMS = {
    "CLUB_BAD_ID": N_("a number of letters, digits, “.”, “_” or “-” (at most 64) is needed"),
    "MEMBER_EXISTS": N_("number “%(value)s” is already taken"),
    "name": N_("a name of 1 to 100 characters is needed"),
    "nickname": N_("a nickname of at most 100 characters"),
    "contact": N_("a phone or e-mail of at most 200 characters"),
    "birth_date": N_("“%(value)s” is not a date: write 31/12/1980 or 1980-12-31"),
    "card": N_("“%(value)s” is not one of the club's cards (%(accepted)s)"),
    "pin": N_("“%(value)s”: a PIN is 4 to 8 digits, or “generate”"),
    "identity_checked": N_("“%(value)s”: write yes or no (oui or non)"),
    "CSV_CELL_COUNT": N_("this line does not have as many cells as the first line"),
    "CSV_CONTROL": N_("a control character is not accepted"),
}
NO_CARD = N_("none")


def row_problem(error: RowError, card_types: list[str]) -> str:
    """A bad cell's problem in the page's language (the core's English is never shown)."""
    message = ROW_PROBLEMS.get(error.code) or ROW_PROBLEMS.get(error.column)
    if message is None:
        return error.message
    accepted = ", ".join(card_types) or i18n.gettext(NO_CARD)
    return i18n.gettext(message, value=error.value, accepted=accepted)


@router.post("/club/{club_id}/members")
def add_member(
    request: Request,
    club_id: str,
    name: Text = "",
    member_id: Text = "",
    nickname: Text = "",
    birth_date: Text = "",
    contact: Text = "",
    card_type: Text = "",
    card_period: Text = "year",
    card_method: Text = "cash",
    pin: Text = "",
    draw_pin: Text = "",
    identity_checked: Text = "",
    identity_by: Text = "",
    identity_document: Text = "",
    confirm: Text = "",
) -> Response:
    """A member in one step: identity, card, PIN (typed or drawn) and identity check; every
    wrong field named at once, everything typed kept."""
    clubs = club_of(request, club_id)
    typed = {
        "name": name, "member_id": member_id, "nickname": nickname, "birth_date": birth_date,
        "contact": contact, "card_type": card_type, "card_period": card_period,
        "card_method": card_method, "pin": pin, "draw_pin": draw_pin,
        "identity_checked": identity_checked, "identity_by": identity_by,
        "identity_document": identity_document,
    }  # fmt: skip
    with i18n.use_locale(locale_of(request)):
        fields = Fields(MEMBER_LABELS)
        name = fields.text("name", name, 100, required=True)
        number = member_id.strip()
        if number and not is_valid_id(number):
            fields.fail("member_id", i18n.gettext(ID_FORMAT))
        nickname = fields.text("nickname", nickname, 100)
        born = fields.date("birth_date", birth_date)
        contact = fields.text("contact", contact, 200)
        drawn = draw_pin == "yes"
        pin = pin.strip()
        if pin and (drawn or not pin.isascii() or not pin.isdigit() or not 4 <= len(pin) <= 8):
            fields.fail("pin", i18n.gettext(PIN_FORMAT))
        checked_by = identity_by.strip() if identity_checked == "yes" else ""
        if identity_checked == "yes" and not 1 <= len(checked_by) <= 100:
            fields.fail("identity_by", i18n.gettext(IDENTITY_WHO))
        if fields.errors:
            return _members_page(
                request, club_id, fields.summary(), typed=typed, field_errors=fields.errors
            )
    same = clubs.read(club_id, lambda club: club.homonyms(name, born))
    if same and confirm != "yes":
        return _members_page(request, club_id, say_now(request, HOMONYM), list(same), typed)
    number = number or clubs.read(club_id, lambda club: club.next_member_id())
    given_pin = new_pin() if drawn else pin
    error = club_run(
        request, club_id, EnrolMember, member_id=number, name=name, nickname=nickname,
        birth_date=born, contact=contact, card_type=card_type.strip(), card_period=card_period,
        card_method=card_method.strip(), pin=given_pin, identity_by=checked_by,
        identity_document=identity_document.strip() if checked_by else "",
    )  # fmt: skip
    if error:
        return _members_page(request, club_id, error, typed=typed)
    if drawn:
        return _pin_letters(request, club_id, [ImportedMember(number, name, given_pin)])
    return back(f"/club/{club_id}/members/{number}", "member")


def _pin_letters(request: Request, club_id: str, members: list[ImportedMember]) -> Response:
    """One printable letter per member with the PIN drawn for them: shown once, never
    again (the club keeps only its digest)."""
    club = club_of(request, club_id).club(club_id)
    address = f"{str(request.base_url).rstrip('/')}/c/{club_id}"
    response = club_render(
        request, "club_pin_letters.html", club, None, letters=members, address=address
    )
    response.headers["Cache-Control"] = "no-store"
    return response


@router.get("/club/{club_id}/members.csv")
def export_members(request: Request, club_id: str) -> Response:
    text = club_of(request, club_id).read(club_id, members_csv)
    return csv_response(text, f"{club_id}-members.csv")


@router.post("/club/{club_id}/members/import")
async def import_file(
    request: Request, club_id: str, file: Annotated[UploadFile, File()]
) -> Response:
    clubs = club_of(request, club_id)
    data = await file.read(MAX_CSV_BYTES + 1)
    try:
        added, errors = await run_in_threadpool(import_members, clubs, club_id, data)
    except PokerfloorError as refusal:
        return _members_page(request, club_id, refusal_text(request, refusal, club_id))
    if errors:
        return _members_page(
            request, club_id, say_now(request, IMPORT_ERRORS), row_errors=errors[:200]
        )
    drawn = [member for member in added if member.pin]
    if drawn:
        return _pin_letters(request, club_id, drawn)
    return back(f"/club/{club_id}/members", "imported")


# ---- one member ---------------------------------------------------------------------------


def _member_page(
    request: Request,
    club_id: str,
    member_id: str,
    error: str | None = None,
    typed: dict[str, str] | None = None,
    field_errors: dict[str, str] | None = None,
) -> Response:
    clubs = club_of(request, club_id)
    club = clubs.club(club_id)
    try:
        record = clubs.read(club_id, lambda c: c.member_record(member_id, at_ms=clubs.clock()))
        evenings = clubs.read(club_id, lambda c: c.player_evenings(member_id))
    except PokerfloorError as refusal:
        return _members_page(request, club_id, refusal_text(request, refusal, club_id))
    return club_render(
        request,
        "club_member.html",
        club,
        error,
        record=record,
        member=record.member,
        evenings=evenings,
        steps=STEP_LABELS,
        offence_kinds=OFFENCE_LABELS,
        card_types=club.settings.card_types,
        statuses=STATUS_LABELS,
        typed=typed or {},
        field_errors=field_errors or {},
    )


@router.get("/club/{club_id}/members/{member_id}")
def member_page(request: Request, club_id: str, member_id: str) -> Response:
    return _member_page(request, club_id, member_id)


def _member_action(
    request: Request,
    club_id: str,
    member_id: str,
    done: str,
    kind: type[ClubCommand],
    /,
    **fields: object,
) -> Response:
    club_of(request, club_id)
    error = club_run(request, club_id, kind, **fields)
    if error:
        return _member_page(request, club_id, member_id, error)
    return back(f"/club/{club_id}/members/{member_id}", done)


@router.post("/club/{club_id}/members/{member_id}/update")
def update_member(
    request: Request,
    club_id: str,
    member_id: str,
    name: Text = "",
    nickname: Text = "",
    birth_date: Text = "",
    contact: Text = "",
) -> Response:
    """A member's details changed; a refused form names every wrong field and keeps them."""
    club_of(request, club_id)
    typed = {"name": name, "nickname": nickname, "birth_date": birth_date, "contact": contact}
    with i18n.use_locale(locale_of(request)):
        fields = Fields(MEMBER_LABELS)
        name = fields.text("name", name, 100, required=True)
        nickname = fields.text("nickname", nickname, 100)
        born = fields.date("birth_date", birth_date)
        contact = fields.text("contact", contact, 200)
        if fields.errors:
            return _member_page(request, club_id, member_id, fields.summary(), typed, fields.errors)
    error = club_run(
        request, club_id, UpdateMember, member_id=member_id, name=name,
        nickname=nickname, birth_date=born, contact=contact,
    )  # fmt: skip
    if error:
        return _member_page(request, club_id, member_id, error, typed)
    return back(f"/club/{club_id}/members/{member_id}", "updated")


@router.post("/club/{club_id}/members/{member_id}/identity")
def check_identity(
    request: Request, club_id: str, member_id: str, by: Text, document: Text = ""
) -> Response:
    return _member_action(
        request, club_id, member_id, "identity", CheckIdentity,
        member_id=member_id, by=by.strip(), document=document.strip(),
    )  # fmt: skip


@router.post("/club/{club_id}/members/{member_id}/pin")
def set_pin(request: Request, club_id: str, member_id: str, pin: Text) -> Response:
    return _member_action(
        request, club_id, member_id, "pin", SetPin, member_id=member_id, pin=pin.strip()
    )


@router.post("/club/{club_id}/members/{member_id}/card")
def issue_card(
    request: Request,
    club_id: str,
    member_id: str,
    card_type: Text,
    period: Text = "year",
    method: Text = "cash",
) -> Response:
    clubs = club_of(request, club_id)
    card_id = f"{member_id}-{len(clubs.club(club_id).cards) + 1}"[:64]
    return _member_action(
        request, club_id, member_id, "card", IssueCard, card_id=card_id,
        member_id=member_id, card_type=card_type, period=period, method=method,
    )  # fmt: skip


@router.post("/club/{club_id}/members/{member_id}/ban")
def ban(
    request: Request,
    club_id: str,
    member_id: str,
    from_date: Text,
    reason: LongText,
    by: Text,
    until_date: Text = "",
) -> Response:
    clubs = club_of(request, club_id)
    ban_id = f"ban-{len(clubs.club(club_id).bans) + 1}"
    return _member_action(
        request, club_id, member_id, "ban", Ban, ban_id=ban_id, member_id=member_id,
        from_date=from_date.strip(), until_date=until_date.strip(), reason=reason,
        by=by.strip(),
    )  # fmt: skip


@router.post("/club/{club_id}/members/{member_id}/lift-ban")
def lift_ban(
    request: Request, club_id: str, member_id: str, ban_id: Text, reason: LongText
) -> Response:
    return _member_action(
        request, club_id, member_id, "lifted", LiftBan, ban_id=ban_id, reason=reason
    )


@router.post("/club/{club_id}/members/{member_id}/waive")
def waive(
    request: Request, club_id: str, member_id: str, offence_no: Text, reason: LongText
) -> Response:
    return _member_action(
        request, club_id, member_id, "waived", WaiveOffence,
        member_id=member_id, offence_no=number_or_text(offence_no), reason=reason,
    )  # fmt: skip


@router.post("/club/{club_id}/members/{member_id}/merge")
def merge(
    request: Request, club_id: str, member_id: str, duplicate: Text, reason: LongText
) -> Response:
    return _member_action(
        request, club_id, member_id, "merged", MergeMembers,
        keep=member_id, drop=duplicate.strip(), reason=reason,
    )  # fmt: skip


@router.post("/club/{club_id}/members/{member_id}/fine")
def pay_fine(request: Request, club_id: str, member_id: str, amount: Text) -> Response:
    """A fine paid outside an event's check-in: a cash-book line (the ladder's fine itself is
    collected at the next check-in, heavenpoker 2.4)."""
    cents = money_cents(amount) or 0
    return _member_action(
        request, club_id, member_id, "cash", Pay, cents=cents, member_id=member_id,
        note="fine",
    )  # fmt: skip


@router.get("/club/{club_id}/members/{member_id}/letter/{offence_no}")
def reminder_letter(request: Request, club_id: str, member_id: str, offence_no: int) -> Response:
    """The letter after a late cancellation or a no-show (heavenpoker 2.4), to print."""
    clubs = club_of(request, club_id)
    club = clubs.club(club_id)
    try:
        letter = clubs.read(club_id, lambda c: c.reminder_letter(member_id, offence_no))
    except PokerfloorError as refusal:
        return _member_page(request, club_id, member_id, refusal_text(request, refusal, club_id))
    return club_render(
        request,
        "club_letter.html",
        club,
        None,
        letter=letter,
        steps=STEP_LABELS,
        offence_kinds=OFFENCE_LABELS,
    )
