"""The TD's members pages (docs/club.md): the list found as the TD types, a new member with a
warning on a homonym, the CSV import (untrusted: every error named by line and column,
nothing imported unless the file is good) and export; a member's page (identity check, PIN,
cards, record, sanctions and bans, merging a duplicate) and the printable reminder letter.
"""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, File, Form, Request, UploadFile
from fastapi.responses import Response

from pokerfloor.app.club_csv import MAX_CSV_BYTES, numbered, parse_members_csv
from pokerfloor.app.club_views import members_csv
from pokerfloor.club.members import RowError
from pokerfloor.club.state import Club, Member
from pokerfloor.errors import PokerfloorError
from pokerfloor.web.club_access import csv_response
from pokerfloor.web.i18n import N_
from pokerfloor.web.pages._club_common import (
    back,
    club_of,
    club_render,
    club_run,
    money_cents,
    refusal_text,
    say_now,
)
from pokerfloor.web.pages._common import render
from pokerfloor.web.pages._forms import number_or_text
from pokerfloor.web.pages.club import STATUS_LABELS

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
) -> Response:
    clubs = club_of(request, club_id)
    club = clubs.club(club_id)
    query = request.query_params.get("q", "")[:100]
    return club_render(
        request,
        "club_members.html",
        club,
        error,
        members=_found(club, query),
        query=query,
        homonyms=homonyms or [],
        typed=typed or {},
        row_errors=row_errors or [],
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


@router.post("/club/{club_id}/members")
def add_member(
    request: Request,
    club_id: str,
    name: Text,
    member_id: Text = "",
    nickname: Text = "",
    birth_date: Text = "",
    contact: Text = "",
    confirm: Text = "",
) -> Response:
    clubs = club_of(request, club_id)
    typed = {
        "name": name, "member_id": member_id, "nickname": nickname,
        "birth_date": birth_date, "contact": contact,
    }  # fmt: skip
    same = clubs.read(club_id, lambda club: club.homonyms(name, birth_date))
    if same and confirm != "yes":
        return _members_page(request, club_id, say_now(request, HOMONYM), list(same), typed)
    number = member_id.strip() or clubs.read(club_id, lambda club: club.next_member_id())
    error = club_run(
        request, club_id, "add_member", member_id=number, name=name.strip(),
        nickname=nickname.strip(), birth_date=birth_date.strip(), contact=contact.strip(),
    )  # fmt: skip
    if error:
        return _members_page(request, club_id, error, typed=typed)
    return back(f"/club/{club_id}/members/{number}", "member")


@router.get("/club/{club_id}/members.csv")
def export_members(request: Request, club_id: str) -> Response:
    text = club_of(request, club_id).read(club_id, members_csv)
    return csv_response(text, f"{club_id}-members.csv")


@router.post("/club/{club_id}/members/import")
async def import_members(
    request: Request, club_id: str, file: Annotated[UploadFile, File()]
) -> Response:
    clubs = club_of(request, club_id)
    data = await file.read(MAX_CSV_BYTES + 1)
    existing = clubs.read(club_id, lambda club: list(club.members))
    try:
        rows, errors = parse_members_csv(data, existing)
    except PokerfloorError as refusal:
        return _members_page(request, club_id, refusal_text(request, refusal, club_id))
    if errors:
        return _members_page(
            request, club_id, say_now(request, IMPORT_ERRORS), row_errors=errors[:200]
        )
    first = int(clubs.read(club_id, lambda club: club.next_member_id()))
    for number, row in numbered(rows, existing, first):
        error = club_run(
            request, club_id, "add_member", member_id=number, name=row.name,
            nickname=row.nickname, birth_date=row.birth_date, contact=row.contact,
        )  # fmt: skip
        if error:  # the rows were checked: only a concurrent change gets here
            return _members_page(request, club_id, f"{row.line}: {error}")
    return back(f"/club/{club_id}/members", "imported")


# ---- one member ---------------------------------------------------------------------------


def _member_page(
    request: Request, club_id: str, member_id: str, error: str | None = None
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
    )


@router.get("/club/{club_id}/members/{member_id}")
def member_page(request: Request, club_id: str, member_id: str) -> Response:
    return _member_page(request, club_id, member_id)


def _member_action(
    request: Request, club_id: str, member_id: str, done: str, kind: str, /, **fields: object
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
    name: Text,
    nickname: Text = "",
    birth_date: Text = "",
    contact: Text = "",
) -> Response:
    return _member_action(
        request, club_id, member_id, "updated", "update_member", member_id=member_id,
        name=name.strip(), nickname=nickname.strip(), birth_date=birth_date.strip(),
        contact=contact.strip(),
    )  # fmt: skip


@router.post("/club/{club_id}/members/{member_id}/identity")
def check_identity(
    request: Request, club_id: str, member_id: str, by: Text, document: Text = ""
) -> Response:
    return _member_action(
        request, club_id, member_id, "identity", "check_identity",
        member_id=member_id, by=by.strip(), document=document.strip(),
    )  # fmt: skip


@router.post("/club/{club_id}/members/{member_id}/pin")
def set_pin(request: Request, club_id: str, member_id: str, pin: Text) -> Response:
    return _member_action(
        request, club_id, member_id, "pin", "set_pin", member_id=member_id, pin=pin.strip()
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
        request, club_id, member_id, "card", "issue_card", card_id=card_id,
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
        request, club_id, member_id, "ban", "ban", ban_id=ban_id, member_id=member_id,
        from_date=from_date.strip(), until_date=until_date.strip(), reason=reason,
        by=by.strip(),
    )  # fmt: skip


@router.post("/club/{club_id}/members/{member_id}/lift-ban")
def lift_ban(
    request: Request, club_id: str, member_id: str, ban_id: Text, reason: LongText
) -> Response:
    return _member_action(
        request, club_id, member_id, "lifted", "lift_ban", ban_id=ban_id, reason=reason
    )


@router.post("/club/{club_id}/members/{member_id}/waive")
def waive(
    request: Request, club_id: str, member_id: str, offence_no: Text, reason: LongText
) -> Response:
    return _member_action(
        request, club_id, member_id, "waived", "waive_offence",
        member_id=member_id, offence_no=number_or_text(offence_no), reason=reason,
    )  # fmt: skip


@router.post("/club/{club_id}/members/{member_id}/merge")
def merge(
    request: Request, club_id: str, member_id: str, duplicate: Text, reason: LongText
) -> Response:
    return _member_action(
        request, club_id, member_id, "merged", "merge_members",
        keep=member_id, drop=duplicate.strip(), reason=reason,
    )  # fmt: skip


@router.post("/club/{club_id}/members/{member_id}/fine")
def pay_fine(request: Request, club_id: str, member_id: str, amount: Text) -> Response:
    """A fine paid outside an event's check-in: a cash-book line (the ladder's fine itself is
    collected at the next check-in, heavenpoker 2.4)."""
    cents = money_cents(amount) or 0
    return _member_action(
        request, club_id, member_id, "cash", "pay", cents=cents, member_id=member_id,
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
