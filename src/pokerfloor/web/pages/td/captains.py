"""The TD's list of the table captains' links (with their QR codes' addresses and a new link
for a lost phone) and the captains' open floor calls: answer one, confirm the button a captain
reported (the captains' phones are phones/captain.py)."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Form, Path, Request
from fastapi.responses import Response

from pokerfloor.app.commands import AnswerFloorCall, MoveButton, RenewCaptainKey
from pokerfloor.web import i18n
from pokerfloor.web.pages.common._common import (
    Pages,
    flash,
    locale_of,
    pages_of,
    render,
    render_fragment,
    require_td,
    run,
    tournament_service,
)
from pokerfloor.web.pages.common._live import LiveView, live_view
from pokerfloor.web.pages.floor._floor_calls import floor_calls
from pokerfloor.web.pages.phones._captain_report import bad_seat_number
from pokerfloor.web.pages.phones.captain import MAX_SEATS, captain_url, fingerprint, table_of
from pokerfloor.web.qr import venue_url

__all__ = ["router"]

router = APIRouter()


# ---- the TD's list of links and calls ------------------------------------------------------


def _tables_with_links(pages: Pages, tournament_id: str, base_url: str) -> list[dict[str, Any]]:
    chart = pages.service.seating_chart(tournament_id)
    return [
        {
            "table_no": table["table_no"],
            "players": len(table["seats"]),
            "url": captain_url(base_url, pages, tournament_id, table["table_no"]),
        }
        for table in chart["tables"]
        if table["seats"]
    ]


def _captains_context(pages: Pages, tournament_id: str, base_url: str) -> dict[str, Any]:
    tables = _tables_with_links(pages, tournament_id, base_url)
    return {
        "tournament_id": tournament_id,
        "tables": tables,
        "floor": floor_calls(pages.service, tournament_id),
        "fingerprint": fingerprint,
    }


def _safe_base(text: str) -> str:
    """The site's address the TD's page was opened with (only used to write the links)."""
    fits = text.startswith(("http://", "https://")) and len(text) <= 300
    return text if fits else ""


def _render_captains_live(
    pages: Pages, tournament_id: str, language: str, params: dict[str, str]
) -> str:
    context = _captains_context(pages, tournament_id, _safe_base(params.get("base", "")))
    return render_fragment("captains_live.html", language, pages, **context)


live_view("captains", LiveView(render=_render_captains_live, td_only=True, every_second=True))


@router.get("/t/{tournament_id}/captains")
def captains_page(request: Request, tournament_id: str) -> Response:
    tournament_service(request, tournament_id, td_only=True)
    pages = pages_of(request)
    base_url = venue_url(request)  # the address the phones reach (qr.py)
    context = _captains_context(pages, tournament_id, base_url)
    return render(request, "captains.html", base_url=base_url, **context)


@router.post("/t/{tournament_id}/captains/calls/{call_id}/button")
def confirm_button(
    request: Request,
    tournament_id: str,
    call_id: Annotated[int, Path(ge=1)],
    seat_no: Annotated[str, Form(max_length=20)] = "",
) -> Response:
    """The TD confirms the button a captain reported: the table's hand is dealt from it."""
    require_td(request)
    with i18n.use_locale(locale_of(request)):
        table = table_of(pages_of(request).service.seating_chart(tournament_id), call_id)
        wrong_seat = bad_seat_number(seat_no, table["size"] if table else MAX_SEATS)
        if wrong_seat is not None:
            return flash(request, error=wrong_seat)
        reason = i18n.gettext("Button confirmed by the TD after the captain's call.")
        error = run(
            request,
            tournament_id,
            MoveButton(table_no=call_id, seat_no=int(seat_no), reason=reason),
        )
        done = i18n.gettext(
            "Table %(table)s: the button is on seat %(seat)s.", table=call_id, seat=seat_no
        )
        return flash(request, error, done)


@router.post("/t/{tournament_id}/captains/calls/{call_id}/answer")
def answer_call(
    request: Request, tournament_id: str, call_id: Annotated[int, Path(ge=1)]
) -> Response:
    require_td(request)
    error = run(request, tournament_id, AnswerFloorCall(table_no=call_id))
    with i18n.use_locale(locale_of(request)):
        if error is not None:
            return flash(request, error=i18n.gettext("This call is already answered."))
        return flash(
            request,
            done=i18n.gettext("Call of table %(table)s answered.", table=call_id),
        )


@router.post("/t/{tournament_id}/captains/{table_no}/renew")
def renew_link(
    request: Request, tournament_id: str, table_no: Annotated[int, Path(ge=1, le=10_000)]
) -> Response:
    """A new captain's link for the table (a lost phone, a new captain): the old key stops
    opening the table; the page shows the new link at once (its live update)."""
    require_td(request)
    error = run(request, tournament_id, RenewCaptainKey(table_no=table_no))
    with i18n.use_locale(locale_of(request)):
        if error is not None:
            return flash(request, error=error)
        return flash(
            request,
            done=i18n.gettext(
                "Table %(table)s has a new captain's link: the old one no longer works.",
                table=table_no,
            ),
        )
