"""The fast desk of a club event (docs/club.md, "L'accueil"): the TD types a name or a number,
the members found come up with what checking them in collects (the entry less the deposit
held, plus the fines due), and one click on a row registers the member if needed, checks them
in with the payment method chosen once for the desk and, when the tournament's seats are
already drawn, seats them. The row is swapped in place (htmx): no reload, no jump, and the
search box takes the keyboard back for the next name (``static/club_desk.js``).

Without JavaScript the row's form posts to the event page's own check-in (``club.py``).
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Form, Request
from fastapi.responses import Response

from pokerfloor.app import club_link
from pokerfloor.app.club_commands import CheckIn, Register, UseTicket
from pokerfloor.app.club_service import ClubService
from pokerfloor.app.club_views import desk_row, desk_rows
from pokerfloor.club.state import Club
from pokerfloor.errors import PokerfloorError
from pokerfloor.web.club_access import tournaments_of
from pokerfloor.web.i18n import N_
from pokerfloor.web.pages.club._club_common import (
    club_of,
    club_render,
    club_run,
    refusal_text,
    say_now,
)
from pokerfloor.web.pages.common._common import PageError

__all__ = ["PAYMENT_METHODS", "desk_context", "router", "row_refusal"]

router = APIRouter()

Text = Annotated[str, Form(max_length=200)]
# The methods the desk offers, in the order of the select; the first is the default.
PAYMENT_METHODS = {
    "cash": N_("Cash"),
    "card": N_("Card"),
    "transfer": N_("Transfer"),
    "cheque": N_("Cheque"),
}
SEATED = N_("Table %(table)s, seat %(seat)s")
UNKNOWN = N_("The club has no event %(event_id)s or no member %(member_id)s.")


def row_refusal(request: Request, row: dict[str, Any]) -> str:
    """Why the member may not register, in the page's language ("" when they may)."""
    refusal = row.get("refusal")
    if not refusal:
        return ""
    error = PokerfloorError(refusal["code"], refusal["message"], refusal["params"])
    return refusal_text(request, error, "")


def _seats(request: Request, club_id: str, event_id: str) -> dict[str, tuple[int, int] | None]:
    try:
        return club_link.seat_of(tournaments_of(request), club_id, event_id)
    except PokerfloorError:  # a damaged tournament: the desk still checks in
        return {}


def _wording(request: Request) -> dict[str, Any]:
    return {
        "methods": PAYMENT_METHODS,
        "desk_refusal": lambda row: row_refusal(request, row),
        "seat_text": lambda seat: say_now(request, SEATED, table=seat[0], seat=seat[1]),
    }


def desk_context(
    request: Request, clubs: ClubService, club_id: str, event_id: str, query: str = ""
) -> dict[str, Any]:
    """What the desk's template needs: the members found and how to word them."""
    seats = _seats(request, club_id, event_id)
    rows = clubs.read(club_id, lambda club: desk_rows(club, event_id, query, seats))
    return {"desk_rows": rows, "desk_query": query, **_wording(request)}


def _known(
    request: Request, clubs: ClubService, club_id: str, event_id: str, member_id: str = ""
) -> None:
    """404 for an event or a member the club does not have."""

    def check(club: Club) -> bool:
        return event_id in club.calendar and (not member_id or member_id in club.members)

    if not clubs.read(club_id, check):
        raise PageError(404, say_now(request, UNKNOWN, event_id=event_id, member_id=member_id))


def _registered(clubs: ClubService, club_id: str, event_id: str, member_id: str) -> bool:
    def holds(club: Club) -> bool:
        registration = club.event(event_id).registrations.get(member_id)
        return registration is not None and registration.status in ("registered", "checked_in")

    return clubs.read(club_id, holds)


@router.get("/club/{club_id}/events/{event_id}/desk")
def desk_search(request: Request, club_id: str, event_id: str, q: str = "") -> Response:
    """The rows of the members ``q`` finds (htmx, as the TD types)."""
    clubs = club_of(request, club_id)
    _known(request, clubs, club_id, event_id)
    club = clubs.club(club_id)
    context = desk_context(request, clubs, club_id, event_id, q[:100])
    return club_render(request, "club_desk_rows.html", club, event_id=event_id, **context)


@router.post("/club/{club_id}/events/{event_id}/desk/{member_id}")
def desk_action(
    request: Request,
    club_id: str,
    event_id: str,
    member_id: str,
    method: Text = "cash",
    identity_by: Text = "",
    new: Text = "",
    ticket: Text = "",
) -> Response:
    """One click at the desk: register (when ``new`` is "yes"), spend the member's
    ``ticket`` on the entry when that button was pressed, check in with the payment, seat in
    the tournament once drawn; the member's row again, with what was done
    or the refusal (nothing done by the refused step, the steps before it kept)."""
    clubs = club_of(request, club_id)
    _known(request, clubs, club_id, event_id, member_id)
    error: str | None = None
    # A row shown before the member registered from their phone: register only if still needed.
    if new == "yes" and not _registered(clubs, club_id, event_id, member_id):
        error = club_run(
            request, club_id, Register, event_id=event_id, member_id=member_id,
            present=True, method=method,
        )  # fmt: skip
    if error is None and ticket:  # the entry paid by the member's ticket (a satellite's seat)
        error = club_run(
            request, club_id, UseTicket, ticket_id=ticket, event_id=event_id,
            member_id=member_id,
        )  # fmt: skip
    if error is None:
        error = club_run(
            request, club_id, CheckIn, event_id=event_id, member_id=member_id,
            method=method, identity_by=identity_by.strip(),
        )  # fmt: skip
    tournaments = tournaments_of(request)
    if error is None and tournaments.exists(club_link.tournament_id_of(club_id, event_id)):
        try:
            club_link.start_tournament(clubs, tournaments, club_id, event_id)
        except PokerfloorError as refused:
            error = refusal_text(request, refused, club_id)
    seats = _seats(request, club_id, event_id)
    row = clubs.read(club_id, lambda club: desk_row(club, event_id, member_id, seats))
    return club_render(
        request, "club_desk_row.html", clubs.club(club_id), event_id=event_id,
        row=row, row_error=error, row_done=error is None, **_wording(request),
    )  # fmt: skip
