"""The TD's club pages (docs/club.md): the clubs, a club's calendar and seasons, an event's
desk (registrations, waiting list, check-in with the member's record and any fine due, the
tournament started from it and its results brought back), the cash book. The members' pages
are ``club_members.py``; the public's ``club_public.py``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, Any

from fastapi import APIRouter, Form, Request, WebSocket
from fastapi.responses import Response

from pokerfloor.app import club_link
from pokerfloor.app._command_fields import is_valid_id
from pokerfloor.app.club_commands import (
    CancelEvent,
    CancelRegistration,
    CheckIn,
    ClubCommand,
    CreateClub,
    CreateSeason,
    MarkNoShow,
    Pay,
    Refund,
    RefundDeposit,
    Register,
    ScheduleEvent,
    SetWaitingPresence,
)
from pokerfloor.app.club_service import ClubService
from pokerfloor.app.club_views import cash_csv, cash_view, event_view, standings_view
from pokerfloor.app.service import TournamentService
from pokerfloor.club._base import CashLine
from pokerfloor.errors import PokerfloorError
from pokerfloor.rules import bundled_profile_ids
from pokerfloor.tournament.structure import bundled_structures
from pokerfloor.web import i18n
from pokerfloor.web.club_access import clubs_of, csv_response, tournaments_of
from pokerfloor.web.i18n import N_
from pokerfloor.web.pages.club._club_common import (
    back,
    club_of,
    club_render,
    club_run,
    from_local,
    money_cents,
    pump_club,
    refusal_text,
    say_now,
)
from pokerfloor.web.pages.club._club_forms import Fields
from pokerfloor.web.pages.club.club_desk import PAYMENT_METHODS, desk_context, row_refusal
from pokerfloor.web.pages.common._common import (
    is_td,
    locale_of,
    pages_of,
    render,
    render_fragment,
    require_td,
)
from pokerfloor.web.pages.common._forms import number_or_text

__all__ = ["KIND_LABELS", "router"]

router = APIRouter()

Text = Annotated[str, Form(max_length=200)]
LongText = Annotated[str, Form(max_length=1000)]
KIND_LABELS = {
    "tournament": N_("Tournament"),
    "sit_and_go": N_("Sit and go"),
    "training": N_("Training"),
    "private": N_("Private event"),
    "freeroll": N_("Freeroll"),
}
STATUS_LABELS = {
    "registered": N_("registered"),
    "waiting": N_("waiting list"),
    "checked_in": N_("checked in"),
    "cancelled": N_("cancelled"),
    "no_show": N_("no-show"),
    "scheduled": N_("scheduled"),
    "closed": N_("closed"),
}
CASH_KIND_LABELS = {
    "card_fee": N_("card fee"),
    "card_refund": N_("card refund"),
    "deposit": N_("deposit"),
    "deposit_refund": N_("deposit refunded"),
    "entry": N_("entry fee"),
    "fine": N_("fine"),
    "other": N_("other"),
    "refund": N_("refund"),
    "tournament_entry": N_("tournament: entry"),
    "tournament_reentry": N_("tournament: re-entry"),
    "tournament_rebuy": N_("tournament: rebuy"),
    "tournament_addon": N_("tournament: add-on"),
    "tournament_payment": N_("tournament: payment"),
    "tournament_refund": N_("tournament: refund"),
}
BAD_DATE = N_("Give the start as a date and a time.")
BAD_AMOUNT = N_("Give the amount in whole units or with two decimals (20 or 20.50).")


# ---- the clubs -----------------------------------------------------------------------------


@router.get("/clubs")
def clubs_page(request: Request) -> Response:
    require_td(request)
    clubs = clubs_of(request)
    listed = []
    for club_id in clubs.club_ids():
        try:
            listed.append((club_id, clubs.read(club_id, lambda club: club.settings.name)))
        except PokerfloorError:
            listed.append((club_id, ""))
    return render(request, "club_list.html", clubs=listed, error=None, done=None)


@router.post("/clubs")
def create_club(
    request: Request, club_id: Text, name: Text, preset: Text = "association"
) -> Response:
    """A new club from a preset (settings.py: "association" or "heavenpoker")."""
    require_td(request)
    error = club_run(
        request, club_id.strip(), CreateClub, club_id=club_id.strip(), name=name,
        preset=preset,
    )  # fmt: skip
    if error:
        clubs = clubs_of(request)
        listed = [(c, "") for c in clubs.club_ids()]
        return render(request, "club_list.html", clubs=listed, error=error, done=None)
    return back(f"/club/{club_id.strip()}", "club")


# ---- a club: calendar and seasons -----------------------------------------------------------


def _overview(
    request: Request,
    club_id: str,
    error: str | None = None,
    typed: dict[str, str] | None = None,
    field_errors: dict[str, str] | None = None,
) -> Response:
    club = club_of(request, club_id).club(club_id)
    return club_render(
        request,
        "club_home.html",
        club,
        error,
        events=club.events_by_start(),
        kinds=KIND_LABELS,
        statuses=STATUS_LABELS,
        structures=bundled_structures(),
        profiles=bundled_profile_ids(),
        typed=typed or {},
        field_errors=field_errors or {},
    )


@router.get("/club/{club_id}")
def club_home(request: Request, club_id: str) -> Response:
    return _overview(request, club_id)


EVENT_LABELS = {
    "event_id": N_("Event id"),
    "name": N_("Name"),
    "kind": N_("Kind"),
    "start": N_("Starts at"),
    "capacity": N_("Capacity"),
    "buy_in": N_("Buy-in"),
    "table_size": N_("Players per table"),
}
EVENT_ID_FORMAT = N_("letters, digits, “.”, “_” or “-”, at most 64")
KIND_CHOICE = N_("one of the kinds offered")


@router.post("/club/{club_id}/events")
def schedule_event(
    request: Request,
    club_id: str,
    event_id: Text = "",
    name: Text = "",
    kind: Text = "",
    start: Text = "",
    capacity: Text = "",
    buy_in: Text = "",
    season_id: Text = "",
    structure: Text = "",
    profile: Text = "",
    table_size: Text = "9",
) -> Response:
    """An event in the calendar; a refused form names every wrong field at once and keeps
    what was typed."""
    club = club_of(request, club_id).club(club_id)
    typed = {
        "event_id": event_id, "name": name, "kind": kind, "start": start,
        "capacity": capacity, "buy_in": buy_in, "season_id": season_id,
        "structure": structure, "profile": profile, "table_size": table_size,
    }  # fmt: skip
    with i18n.use_locale(locale_of(request)):
        fields = Fields(EVENT_LABELS)
        if not is_valid_id(event_id.strip()):
            fields.fail("event_id", i18n.gettext(EVENT_ID_FORMAT))
        fields.text("name", name, 100, required=True)
        if kind not in KIND_LABELS:
            fields.fail("kind", i18n.gettext(KIND_CHOICE))
        start_ms = from_local(start, club.settings.tzinfo())
        if start_ms is None:
            fields.fail("start", i18n.gettext(BAD_DATE))
        seats = fields.whole("capacity", capacity, 2, 100_000)
        buy_in_cents = fields.amount("buy_in", buy_in, 10**9, club.settings.currency)
        per_table = fields.whole("table_size", table_size, 2, 10)
        if fields.errors:
            return _overview(
                request, club_id, fields.summary(), typed=typed, field_errors=fields.errors
            )
    error = club_run(
        request, club_id, ScheduleEvent,
        event_id=event_id.strip(), name=name.strip(), kind=kind, start_ms=start_ms,
        capacity=seats, buy_in_cents=buy_in_cents, season_id=season_id.strip(),
        structure=structure, profile=profile, table_size=per_table,
    )  # fmt: skip
    if error:
        return _overview(request, club_id, error, typed=typed)
    return back(f"/club/{club_id}", "event")


@router.post("/club/{club_id}/seasons")
def create_season(
    request: Request,
    club_id: str,
    season_id: Text,
    name: Text,
    formula: Text = "sqrt",
    best_n: Text = "",
) -> Response:
    club_of(request, club_id)
    error = club_run(
        request, club_id, CreateSeason,
        season_id=season_id.strip(), name=name, points={"name": formula.strip() or "sqrt"},
        best_n=number_or_text(best_n) if best_n.strip() else None,
    )  # fmt: skip
    if error:
        return _overview(request, club_id, error)
    return back(f"/club/{club_id}", "season")


# ---- an event's desk ------------------------------------------------------------------------


def _event_page(
    request: Request, club_id: str, event_id: str, error: str | None = None
) -> Response:
    clubs = club_of(request, club_id)
    club = clubs.club(club_id)
    view = clubs.read(club_id, lambda c: event_view(c, event_id))
    tournament_id = club_link.tournament_id_of(club_id, event_id)
    tournaments = tournaments_of(request)
    tournament: dict[str, Any] | None = None
    if tournaments.exists(tournament_id):
        tournament = tournaments.summary(tournament_id)
    return club_render(
        request,
        "club_event.html",
        club,
        error,
        view=view,
        event=view["event"],
        event_id=event_id,
        kinds=KIND_LABELS,
        statuses=STATUS_LABELS,
        tournament=tournament,
        tournament_id=tournament_id,
        refusal_of=lambda row: row_refusal(request, row),
        **desk_context(request, clubs, club_id, event_id, request.query_params.get("q", "")),
    )


@router.get("/club/{club_id}/events/{event_id}")
def event_page(request: Request, club_id: str, event_id: str) -> Response:
    return _event_page(request, club_id, event_id)


def _event_action(
    request: Request,
    club_id: str,
    event_id: str,
    done: str,
    kind: type[ClubCommand],
    /,
    **fields: Any,
) -> Response:
    club_of(request, club_id)
    error = club_run(request, club_id, kind, event_id=event_id, **fields)
    if error:
        return _event_page(request, club_id, event_id, error)
    return back(f"/club/{club_id}/events/{event_id}", done)


@router.websocket("/club/{club_id}/events/{event_id}/live")
async def event_live(websocket: WebSocket, club_id: str, event_id: str) -> None:
    """The desk sees members register and cancel from their phones: after every change of the
    club a hidden element (``club_event_refresh.html``) makes the page fetch its
    registrations again (the forms being typed in stay as they are)."""
    clubs = clubs_of(websocket)
    pages = pages_of(websocket)
    version = iter(range(1, 2**31))

    def fragment() -> str:
        return render_fragment(
            "club_event_refresh.html", locale_of(websocket), pages,
            club_id=club_id, event_id=event_id, version=next(version),
        )  # fmt: skip

    await pump_club(websocket, clubs, club_id, fragment, initial=False, allowed=is_td(websocket))


@router.post("/club/{club_id}/events/{event_id}/register")
def register(
    request: Request,
    club_id: str,
    event_id: str,
    member_id: Text,
    present: Text = "",
    deposit: Text = "",
    method: Text = "",
) -> Response:
    deposit_cents = money_cents(deposit)
    if deposit_cents is None:
        return _event_page(request, club_id, event_id, say_now(request, BAD_AMOUNT))
    return _event_action(
        request, club_id, event_id, "registered", Register,
        member_id=member_id.strip(), present=present == "yes", deposit_cents=deposit_cents,
        method=method,
    )  # fmt: skip


@router.post("/club/{club_id}/events/{event_id}/check-in")
def check_in(
    request: Request,
    club_id: str,
    event_id: str,
    member_id: Text,
    method: Text = "cash",
    identity_by: Text = "",
) -> Response:
    return _event_action(
        request, club_id, event_id, "checked_in", CheckIn,
        member_id=member_id, method=method, identity_by=identity_by.strip(),
    )  # fmt: skip


@router.post("/club/{club_id}/events/{event_id}/cancel")
def cancel(
    request: Request, club_id: str, event_id: str, member_id: Text, reason: LongText = ""
) -> Response:
    return _event_action(
        request, club_id, event_id, "cancelled", CancelRegistration,
        member_id=member_id, reason=reason,
    )  # fmt: skip


@router.post("/club/{club_id}/events/{event_id}/no-show")
def no_show(request: Request, club_id: str, event_id: str, member_id: Text) -> Response:
    return _event_action(request, club_id, event_id, "no_show", MarkNoShow, member_id=member_id)


@router.post("/club/{club_id}/events/{event_id}/presence")
def presence(
    request: Request, club_id: str, event_id: str, member_id: Text, present: Text = ""
) -> Response:
    return _event_action(
        request, club_id, event_id, "presence", SetWaitingPresence,
        member_id=member_id, present=present == "yes",
    )  # fmt: skip


@router.post("/club/{club_id}/events/{event_id}/refund")
def refund(request: Request, club_id: str, event_id: str, member_id: Text) -> Response:
    return _event_action(request, club_id, event_id, "refunded", RefundDeposit, member_id=member_id)


@router.post("/club/{club_id}/events/{event_id}/cancel-event")
def cancel_event(request: Request, club_id: str, event_id: str, reason: LongText) -> Response:
    return _event_action(request, club_id, event_id, "event_cancelled", CancelEvent, reason=reason)


def _tournament_link(
    request: Request,
    club_id: str,
    event_id: str,
    link: Callable[[ClubService, TournamentService, str, str], object],
    done: str,
) -> Response:
    """Run ``link`` (app/club_link.py: the club's event and its tournament), back to the
    event's page with what was done or the refusal."""
    clubs = club_of(request, club_id)
    try:
        link(clubs, tournaments_of(request), club_id, event_id)
    except PokerfloorError as error:
        return _event_page(request, club_id, event_id, refusal_text(request, error, club_id))
    return back(f"/club/{club_id}/events/{event_id}", done)


@router.post("/club/{club_id}/events/{event_id}/tournament")
def start_tournament(request: Request, club_id: str, event_id: str) -> Response:
    return _tournament_link(request, club_id, event_id, club_link.start_tournament, "started")


@router.post("/club/{club_id}/events/{event_id}/close")
def close_event(request: Request, club_id: str, event_id: str) -> Response:
    return _tournament_link(request, club_id, event_id, club_link.close_event, "closed")


# ---- seasons and the cash book --------------------------------------------------------------


@router.get("/club/{club_id}/seasons/{season_id}")
def season_page(request: Request, club_id: str, season_id: str) -> Response:
    clubs = club_of(request, club_id)
    try:
        view = clubs.read(club_id, lambda club: standings_view(club, season_id, public=False))
    except PokerfloorError as error:
        return _overview(request, club_id, refusal_text(request, error, club_id))
    return club_render(
        request, "club_season.html", clubs.club(club_id), None, view=view, public=False
    )


@router.get("/club/{club_id}/cash")
def cash_page(request: Request, club_id: str, error: str | None = None) -> Response:
    clubs = club_of(request, club_id)
    club = clubs.club(club_id)
    extra = _tournament_lines(request, clubs, club_id)
    view = clubs.read(club_id, lambda c: cash_view(c, extra))
    return club_render(
        request,
        "club_cash.html",
        club,
        error,
        rows=view["lines"],
        totals=view["totals"],
        by_day=view["by_day"],
        by_season=view["by_season"],
        season_names={s.season_id: s.name for s in club.seasons.values()},
        kinds=CASH_KIND_LABELS,
        methods=PAYMENT_METHODS,
    )


def _tournament_lines(request: Request, clubs: ClubService, club_id: str) -> list[CashLine]:
    """The club's tournaments' money (app/club_link.py); a damaged tournament is refused as
    everywhere (``TOURNAMENT_DAMAGED``) rather than left out of the book unseen."""
    return club_link.tournament_cash_lines(clubs, tournaments_of(request), club_id)


@router.post("/club/{club_id}/cash")
def cash_line(
    request: Request,
    club_id: str,
    direction: Text,
    amount: Text,
    note: LongText = "",
    method: Text = "",
    member_id: Text = "",
    event_id: Text = "",
) -> Response:
    club_of(request, club_id)
    cents = money_cents(amount)
    if not cents:
        return cash_page(request, club_id, say_now(request, BAD_AMOUNT))
    kind: type[Pay | Refund] = Refund if direction == "out" else Pay
    error = club_run(
        request, club_id, kind, cents=cents, note=note, method=method,
        member_id=member_id.strip(), event_id=event_id.strip(),
    )  # fmt: skip
    if error:
        return cash_page(request, club_id, error)
    return back(f"/club/{club_id}/cash", "cash")


@router.get("/club/{club_id}/cash.csv")
def cash_file(request: Request, club_id: str) -> Response:
    clubs = club_of(request, club_id)
    extra = _tournament_lines(request, clubs, club_id)
    return csv_response(clubs.read(club_id, lambda c: cash_csv(c, extra)), f"{club_id}-cash.csv")
