"""The club's public pages (docs/club.md): the calendar, an event's list with the members'
own registration and cancellation (member number and PIN, no e-mail needed), the season's
standings and their CSV, a player's evenings. They show members as the club's core names them
for the public (``club.public_names``: nickname, else first name and the last name's initial)
and results, never a full last name, birth dates, contacts, fines or deposits.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, TypeVar

from fastapi import APIRouter, Form, Request, WebSocket
from fastapi.responses import Response

from pokerfloor.app.club_commands import MemberCancel
from pokerfloor.app.club_service import ClubService
from pokerfloor.app.club_views import public_event_view, standings_csv, standings_view
from pokerfloor.club.state import Club
from pokerfloor.errors import PokerfloorError
from pokerfloor.web import i18n
from pokerfloor.web.club_access import (
    clubs_of,
    csv_response,
    member_acts,
    member_digest,
    pin_limiter_of,
)
from pokerfloor.web.i18n import N_
from pokerfloor.web.pages.club._club_common import (
    back,
    club_of,
    club_render,
    points_text,
    pump_club,
    refusal_text,
    say_now,
)
from pokerfloor.web.pages.club.club import KIND_LABELS, STATUS_LABELS
from pokerfloor.web.pages.club.club_members import STEP_LABELS
from pokerfloor.web.pages.common._common import PageError, locale_of, pages_of, render_fragment
from pokerfloor.web.sessions import TooManyFailures

__all__ = ["router"]

router = APIRouter()
T = TypeVar("T")

Text = Annotated[str, Form(max_length=100)]
TOO_MANY = N_("Too many wrong PINs: try again in %(seconds)s s.")
UNKNOWN = N_("There is no such page.")


def _read(request: Request, clubs: ClubService, club_id: str, build: Callable[[Club], T]) -> T:
    """``build(club)``, or the public "no such page" (404) when the club refuses it: a
    visitor learns nothing of what exists."""
    try:
        return clubs.read(club_id, build)
    except PokerfloorError:
        raise PageError(404, say_now(request, UNKNOWN)) from None


@router.get("/c/{club_id}")
def calendar(request: Request, club_id: str) -> Response:
    clubs = club_of(request, club_id, td_only=False)
    club = clubs.club(club_id)
    return club_render(
        request, "club_public_home.html", club, None, events=club.events_by_start(),
        kinds=KIND_LABELS,
        statuses=STATUS_LABELS,
        ladder_text=ladder_text(request, club.settings.ladder),
    )  # fmt: skip


def ladder_text(request: Request, ladder: tuple[str, ...]) -> str:
    """The club's sanction ladder in the page's language: "written reminder, fine, exclusion"
    (past its end, the last step again)."""
    with i18n.use_locale(locale_of(request)):
        return ", ".join(i18n.gettext(STEP_LABELS[step]) for step in ladder)


def _event_page(
    request: Request,
    club_id: str,
    event_id: str,
    error: str | None = None,
    warning: dict[str, object] | None = None,
    member_id: str = "",
) -> Response:
    """The event's public page; ``warning``: a late cancellation to confirm (its params)."""
    clubs = club_of(request, club_id, td_only=False)
    view = _read(request, clubs, club_id, lambda club: public_event_view(club, event_id))
    response = club_render(
        request, "club_public_event.html", clubs.club(club_id), error, view=view,
        event=view["event"], event_id=event_id, kinds=KIND_LABELS, statuses=STATUS_LABELS,
        warning=warning, member_id=member_id,
        step_labels=STEP_LABELS,
    )  # fmt: skip
    if warning:
        response.headers["Cache-Control"] = "no-store"
    return response


@router.get("/c/{club_id}/e/{event_id}")
def event_page(request: Request, club_id: str, event_id: str) -> Response:
    return _event_page(request, club_id, event_id)


def _member_action(
    request: Request, club_id: str, event_id: str, member_id: str, pin: str, cancel: bool
) -> Response:
    clubs = club_of(request, club_id, td_only=False)
    try:
        member_acts(clubs, pin_limiter_of(request), club_id, event_id, member_id, pin, cancel)
    except TooManyFailures as refusal:
        message = say_now(request, TOO_MANY, seconds=refusal.retry_after)
        return _event_page(request, club_id, event_id, message)
    except PokerfloorError as refusal:
        return _event_page(request, club_id, event_id, refusal_text(request, refusal, club_id))
    return back(f"/c/{club_id}/e/{event_id}", "cancelled" if cancel else "registered")


@router.post("/c/{club_id}/e/{event_id}/register")
def register(request: Request, club_id: str, event_id: str, member_id: Text, pin: Text) -> Response:
    return _member_action(request, club_id, event_id, member_id, pin, cancel=False)


@router.post("/c/{club_id}/e/{event_id}/cancel")
def cancel(
    request: Request,
    club_id: str,
    event_id: str,
    member_id: Text,
    pin: Text,
    confirm: Text = "",
) -> Response:
    """A member cancels with number and PIN. A late cancellation (the club's deadline,
    heavenpoker 2.3) is not made at once: the page says what it costs (the ladder's step, the
    fine with its currency, the articles: 2.4) and asks for the PIN again to confirm. A plain
    form: no script is needed to be warned."""
    clubs = club_of(request, club_id, td_only=False)
    member_id, pin = member_id.strip(), pin.strip()
    # The event first: a missing event answers the same whatever the PIN (no PIN oracle).
    _read(request, clubs, club_id, lambda club: public_event_view(club, event_id))
    try:
        digest = member_digest(clubs, pin_limiter_of(request), club_id, member_id, pin)
        clubs.execute_published(
            club_id,
            MemberCancel(
                event_id=event_id, member_id=member_id, pin_digest=digest,
                confirmed=confirm == "yes",
            ),
        )  # fmt: skip
    except TooManyFailures as refusal:
        message = say_now(request, TOO_MANY, seconds=refusal.retry_after)
        return _event_page(request, club_id, event_id, message)
    except PokerfloorError as refusal:
        if refusal.code == "LATE_CANCELLATION_NOT_CONFIRMED":
            return _event_page(
                request, club_id, event_id, warning=refusal.params, member_id=member_id
            )
        return _event_page(request, club_id, event_id, refusal_text(request, refusal, club_id))
    return back(f"/c/{club_id}/e/{event_id}", "cancelled")


@router.websocket("/c/{club_id}/e/{event_id}/live")
async def live_lists(websocket: WebSocket, club_id: str, event_id: str) -> None:
    """The event's public lists (``club_public_lists.html``), pushed on connection and after
    every durable change of the club (htmx's ws extension swaps ``#event-lists``)."""
    clubs = clubs_of(websocket)
    pages = pages_of(websocket)
    language = locale_of(websocket)

    def fragment() -> str | None:
        try:
            view = clubs.read(club_id, lambda club: public_event_view(club, event_id))
        except PokerfloorError:
            return None
        return render_fragment(
            "club_public_lists.html", language, pages, view=view, points=points_text
        )

    await pump_club(websocket, clubs, club_id, fragment, initial=True)


@router.get("/c/{club_id}/s/{season_id}.csv")
def standings_file(request: Request, club_id: str, season_id: str) -> Response:
    clubs = club_of(request, club_id, td_only=False)
    text = _read(request, clubs, club_id, lambda club: standings_csv(club, season_id))
    return csv_response(text, f"{club_id}-{season_id}.csv")


@router.get("/c/{club_id}/s/{season_id}")
def standings(request: Request, club_id: str, season_id: str) -> Response:
    clubs = club_of(request, club_id, td_only=False)
    view = _read(request, clubs, club_id, lambda club: standings_view(club, season_id))
    return club_render(
        request, "club_season.html", clubs.club(club_id), None, view=view, public=True
    )


@router.get("/c/{club_id}/m/{member_id}")
def player(request: Request, club_id: str, member_id: str) -> Response:
    """A player's evenings, once their PIN is given: without it the page is the same form
    for every number, so it tells nothing of who exists (issue 27)."""
    clubs = club_of(request, club_id, td_only=False)
    return club_render(
        request, "club_public_player.html", clubs.club(club_id), None, member_id=member_id,
        name=None, evenings=None, kinds=KIND_LABELS,
    )  # fmt: skip


@router.post("/c/{club_id}/m/{member_id}")
def player_with_pin(request: Request, club_id: str, member_id: str, pin: Text) -> Response:
    """The events played with place and points, the next ones: for the PIN's holder."""
    clubs = club_of(request, club_id, td_only=False)
    error = None
    try:
        member_digest(clubs, pin_limiter_of(request), club_id, member_id, pin)
    except TooManyFailures as refusal:
        error = say_now(request, TOO_MANY, seconds=refusal.retry_after)
    except PokerfloorError as refusal:
        error = refusal_text(request, refusal, club_id)
    if error is not None:
        return club_render(
            request, "club_public_player.html", clubs.club(club_id), error,
            member_id=member_id, name=None, evenings=None, kinds=KIND_LABELS,
        )  # fmt: skip
    name = _read(request, clubs, club_id, lambda club: club.public_name_of(member_id))
    evenings = _read(request, clubs, club_id, lambda club: club.player_evenings(member_id))
    shown = [e for e in evenings if e.status in ("registered", "waiting", "checked_in")]
    return club_render(
        request, "club_public_player.html", clubs.club(club_id), None, member_id=member_id,
        name=name, evenings=shown, kinds=KIND_LABELS,
    )  # fmt: skip
