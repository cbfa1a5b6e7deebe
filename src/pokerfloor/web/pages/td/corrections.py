"""Corrections (TD only): a bust that was not one, a rebuy or add-on that did not happen, the
stacks of a hand wrongly reported; always with a reason, and recorded as new events (the log
only grows), listed on the page.

State is read through the service's locked read models (players, seating) and its durable
event log (the ``*_corrected`` events).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Annotated, Any

from fastapi import APIRouter, Form, Request
from fastapi.responses import HTMLResponse, Response

from pokerfloor.app.commands import CorrectBust, CorrectHand, CorrectRebuy
from pokerfloor.app.service import TournamentService
from pokerfloor.tournament.events import BustCorrected, HandCorrected, RebuyCorrected
from pokerfloor.web import i18n
from pokerfloor.web.i18n import N_
from pokerfloor.web.pages.common._common import (
    events_of,
    flash_fragment,
    locale_of,
    pages_of,
    player_name,
    player_names,
    render,
    render_fragment,
    run_form,
    say,
    seat_order,
    tournament_service,
)
from pokerfloor.web.pages.common._forms import FormText, number_or_text
from pokerfloor.web.pages.common._live import live_view, panel_view

__all__ = ["router"]

router = APIRouter()
_ = i18n.gettext


def _corrections_panel(service: TournamentService, tournament_id: str) -> dict[str, Any]:
    names = player_names(service, tournament_id)
    made = events_of(service, tournament_id, "bust_corrected", "rebuy_corrected", "hand_corrected")
    items = []
    for event in reversed(made):
        item: dict[str, Any] = {"event": event, "kind": type(event).__name__}
        if isinstance(event, BustCorrected | RebuyCorrected):
            item["name"] = names.get(event.player_id, event.player_id)
        if isinstance(event, HandCorrected):
            after = dict(event.stacks_after)
            item["changes"] = [
                {"name": names.get(pid, pid), "before": before, "after": after.get(pid, before)}
                for pid, before in event.stacks_before
                if after.get(pid, before) != before
            ]
        items.append(item)
    return {"corrections": items}


live_view("corrections", panel_view("corrections_panel.html", _corrections_panel, td_only=True))


def _corrections_forms(
    service: TournamentService, tournament_id: str, table_no: int | None
) -> dict[str, Any]:
    players = sorted(service.players_list(tournament_id)["players"], key=seat_order)
    busted = sorted(
        (p for p in players if p["status"] == "busted"), key=lambda p: (p["place"], p["name"])
    )
    rebought = [p for p in players if p["rebuys"] or p["addons"]]
    tables = [t for t in service.seating_chart(tournament_id)["tables"] if t["seats"]]
    chosen = next((t for t in tables if t["table_no"] == table_no), tables[0] if tables else None)
    return {"busted": busted, "rebought": rebought, "tables": tables, "table": chosen}


@router.get("/t/{tournament_id}/corrections")
def corrections_page(request: Request, tournament_id: str, table_no: int | None = None) -> Response:
    service = tournament_service(request, tournament_id, td_only=True)
    return render(
        request,
        "corrections.html",
        tournament_id=tournament_id,
        tool="corrections",
        **_corrections_forms(service, tournament_id, table_no),
        **_corrections_panel(service, tournament_id),
    )


def _corrected(
    request: Request,
    tournament_id: str,
    kind: type[CorrectBust | CorrectRebuy | CorrectHand],
    done: str,
    **fields: Any,
) -> HTMLResponse:
    """Run a correction; on success the forms come back too (htmx out-of-band), so their lists
    (busted players, rebuys, stacks) show the new state."""
    error = run_form(request, tournament_id, kind, **fields)
    if error:
        return HTMLResponse(flash_fragment(request, error=error))
    pages = pages_of(request)
    table_no = fields.get("table_no")
    context = _corrections_forms(
        pages.service, tournament_id, table_no if isinstance(table_no, int) else None
    )
    forms = render_fragment(
        "corrections_forms.html",
        locale_of(request),
        pages,
        tournament_id=tournament_id,
        oob=True,
        **context,
    )
    return HTMLResponse(flash_fragment(request, done=done) + forms)


@router.post("/t/{tournament_id}/corrections/bust")
def correct_bust(
    request: Request,
    tournament_id: str,
    player_id: FormText = "",
    stack: FormText = "",
    reason: FormText = "",
) -> Response:
    service = tournament_service(request, tournament_id, td_only=True)
    done = say(
        request,
        N_("%(name)s is back in play. The bust is corrected in the log, with the reason."),
        name=player_name(service, tournament_id, player_id),
    )
    return _corrected(
        request, tournament_id, CorrectBust, done,
        player_id=player_id, stack=number_or_text(stack), reason=reason,
    )  # fmt: skip


@router.post("/t/{tournament_id}/corrections/rebuy")
def correct_rebuy(
    request: Request, tournament_id: str, player_id: FormText = "", reason: FormText = ""
) -> Response:
    service = tournament_service(request, tournament_id, td_only=True)
    name = player_name(service, tournament_id, player_id)
    done = say(request, N_("%(name)s: the last rebuy or add-on is cancelled."), name=name)
    return _corrected(
        request, tournament_id, CorrectRebuy, done, player_id=player_id, reason=reason
    )


def _changed_stacks(
    service: TournamentService,
    tournament_id: str,
    table_no: int | str,
    pairs: Iterable[tuple[str, str]],
) -> dict[str, int | str]:
    """The stacks the TD changed (the others are left out of the correction)."""
    current: dict[str, int] = {}
    for table in service.seating_chart(tournament_id)["tables"]:
        if table["table_no"] == table_no:
            current = {seat["player_id"]: seat["stack"] for seat in table["seats"]}
    return {
        player_id: number_or_text(stack)
        for player_id, stack in pairs
        if current.get(player_id) != number_or_text(stack)
    }


@router.post("/t/{tournament_id}/corrections/hand")
def correct_hand(
    request: Request,
    tournament_id: str,
    table_no: FormText = "",
    hand_no: FormText = "",
    player: Annotated[list[str] | None, Form()] = None,
    stack: Annotated[list[str] | None, Form()] = None,
    reason: FormText = "",
) -> Response:
    service = tournament_service(request, tournament_id, td_only=True)
    table = number_or_text(table_no)
    stacks = _changed_stacks(
        service, tournament_id, table, zip(player or [], stack or [], strict=False)
    )
    with i18n.use_locale(locale_of(request)):
        if not stacks:
            nothing = _("No stack was changed: nothing to correct.")
            return HTMLResponse(flash_fragment(request, error=nothing))
        done = _("Table %(table)s: the stacks of the last hand are corrected.", table=table_no)
    return _corrected(
        request, tournament_id, CorrectHand, done,
        table_no=table, hand_no=number_or_text(hand_no), stacks=stacks, reason=reason,
    )  # fmt: skip
