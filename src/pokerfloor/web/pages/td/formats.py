"""The formats of issue 33 items 2-3 on the results page (TD only for the actions): a
satellite's seats and its finish with the players already holding a seat; a flight's stop and
its survivors' bagged stacks; a Day 2's flights. The panel (``templates/results_formats.html``)
reads the results read model (``app/format_views.py``); the rules are the core's.
"""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Form, Request
from fastapi.responses import HTMLResponse, Response

from pokerfloor.app.commands import Finish, StopFlight
from pokerfloor.web import i18n
from pokerfloor.web.pages.common._common import flash_fragment, locale_of, run, tournament_service

__all__ = ["router"]

router = APIRouter()
_ = i18n.gettext

HoldingSeat = Annotated[list[str] | None, Form(max_length=1000)]


@router.post("/t/{tournament_id}/satellite/finish")
def finish_satellite(
    request: Request, tournament_id: str, holding_seat: HoldingSeat = None
) -> Response:
    """Award the seats: the players ticked already hold one (the ``[satellite]`` rule)."""
    tournament_service(request, tournament_id, td_only=True)
    refusal = run(request, tournament_id, Finish(holding_seat=tuple(holding_seat or ())))
    with i18n.use_locale(locale_of(request)):
        done = None if refusal else _("The satellite is finished: the seats are awarded.")
    return HTMLResponse(flash_fragment(request, error=refusal, done=done))


@router.post("/t/{tournament_id}/flight/stop")
def stop_flight(request: Request, tournament_id: str) -> Response:
    """Stop the flight at its players or its level: the survivors bag their chips."""
    tournament_service(request, tournament_id, td_only=True)
    refusal = run(request, tournament_id, StopFlight())
    with i18n.use_locale(locale_of(request)):
        done = None if refusal else _("The flight is stopped: its survivors play the Day 2.")
    return HTMLResponse(flash_fragment(request, error=refusal, done=done))
