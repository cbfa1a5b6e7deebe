"""Penalties (TD only): a penalty given to a player with its reason, the next step of the
profile's ladder proposed for the player's next offence, and the penalties given so far.

State is read through the service's locked read models (players) and its durable event log
(``penalty_given``); the ladder's next step comes from the aggregate's ``proposed_penalty``.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, Response

from pokerfloor.app.commands import Penalize
from pokerfloor.app.service import TournamentService
from pokerfloor.rules import RuleProfile, setting_spec
from pokerfloor.tournament import penalties
from pokerfloor.tournament.events import PenaltyGiven
from pokerfloor.tournament.state import Tournament
from pokerfloor.web import i18n
from pokerfloor.web.pages.common._citations import citations_text
from pokerfloor.web.pages.common._common import (
    events_of,
    flash_fragment,
    locale_of,
    pages_of,
    player_name,
    render,
    render_fragment,
    rules_language,
    run,
    seat_order,
    tournament_service,
)
from pokerfloor.web.pages.common._forms import FormText
from pokerfloor.web.pages.common._live import live_view, panel_view

__all__ = ["penalty_label", "router"]

router = APIRouter()
_ = i18n.gettext


def penalty_label(kind: str) -> str:
    """A penalty kind in words, in the current language."""
    if kind.startswith("missed_rounds_"):
        rounds = int(kind.rsplit("_", 1)[1])
        return i18n.ngettext("%(num)s missed round", "%(num)s missed rounds", rounds)
    labels = {
        "warning": i18n.N_("Warning"),
        "missed_hand": i18n.N_("One missed hand"),
        "disqualification": i18n.N_("Disqualification"),
    }
    return _(labels.get(kind, kind))


def _ladder(profile: RuleProfile, language: str) -> list[dict[str, str]]:
    choices = setting_spec("penalties.ladder").choices
    meanings = {choice.value: choice.meaning(rules_language(language)) for choice in choices}
    return [
        {"kind": kind, "label": penalty_label(kind), "meaning": meanings.get(kind, "")}
        for kind in penalties.ladder(profile)
    ]


def _proposed(service: TournamentService, tournament_id: str, player_id: str) -> str | None:
    def build(tournament: Tournament) -> str | None:
        if player_id not in tournament.players:
            return None
        return tournament.proposed_penalty(player_id)

    return service.read(tournament_id, build)


def _penalties_panel(service: TournamentService, tournament_id: str) -> dict[str, Any]:
    players = service.players_list(tournament_id)["players"]
    names = {p["player_id"]: p["name"] for p in players}
    given = events_of(service, tournament_id, "penalty_given")
    punished = [
        {**p, "proposed": _proposed(service, tournament_id, p["player_id"])}
        for p in sorted(players, key=seat_order)
        if p["penalties"]
    ]
    return {
        "given": [
            {"event": e, "name": names.get(e.player_id, e.player_id)}
            for e in reversed(given)
            if isinstance(e, PenaltyGiven)
        ],
        "punished": punished,
        "penalty_label": penalty_label,
    }


live_view("penalties", panel_view("penalties_panel.html", _penalties_panel, td_only=True))


def _kind_context(
    service: TournamentService, tournament_id: str, player_id: str, language: str
) -> dict[str, Any]:
    profile = service.read(tournament_id, lambda t: t.profile)
    return {
        "ladder": _ladder(profile, language),
        "proposed": _proposed(service, tournament_id, player_id) if player_id else None,
    }


def _kind_fragment(
    request: Request, service: TournamentService, tournament_id: str, player_id: str, oob: bool
) -> str:
    """The penalty choice, with the next step of the ladder preselected for this player."""
    language = locale_of(request)
    with i18n.use_locale(language):
        context = _kind_context(service, tournament_id, player_id, language)
    return render_fragment(
        "penalties_kind.html",
        language,
        pages_of(request),
        oob=oob,
        penalty_label=penalty_label,
        **context,
    )


@router.get("/t/{tournament_id}/penalties")
def penalties_page(request: Request, tournament_id: str, player_id: str = "") -> Response:
    service = tournament_service(request, tournament_id, td_only=True)
    language = locale_of(request)
    profile = service.read(tournament_id, lambda t: t.profile)
    in_play = [
        p
        for p in service.players_list(tournament_id)["players"]
        if p["status"] == "playing" and p["table_no"]
    ]
    with i18n.use_locale(language):
        kind = _kind_context(service, tournament_id, player_id, language)
        panel = _penalties_panel(service, tournament_id)
    return render(
        request,
        "penalties.html",
        tournament_id=tournament_id,
        tool="penalties",
        profile_id=profile.id,
        ladder_citations=citations_text(profile.citations("penalties.ladder")),
        players=sorted(in_play, key=seat_order),
        selected=player_id,
        **kind,
        **panel,
    )


@router.get("/t/{tournament_id}/penalties/kind")
def penalty_kind(request: Request, tournament_id: str, player_id: str = "") -> Response:
    """The penalty choice with the next step of the ladder preselected for this player."""
    service = tournament_service(request, tournament_id, td_only=True)
    return HTMLResponse(_kind_fragment(request, service, tournament_id, player_id, oob=False))


@router.post("/t/{tournament_id}/penalties")
def penalize(
    request: Request,
    tournament_id: str,
    player_id: FormText = "",
    kind: FormText = "",
    reason: FormText = "",
) -> Response:
    service = tournament_service(request, tournament_id, td_only=True)
    error = run(request, tournament_id, Penalize(player_id=player_id, kind=kind, reason=reason))
    if error:
        return HTMLResponse(flash_fragment(request, error=error))
    with i18n.use_locale(locale_of(request)):
        done = _(
            "%(name)s: %(penalty)s.",
            name=player_name(service, tournament_id, player_id),
            penalty=penalty_label(kind),
        )
    # The next offence climbs the ladder: show the new proposal for the same player.
    kind_html = _kind_fragment(request, service, tournament_id, player_id, oob=True)
    return HTMLResponse(flash_fragment(request, done=done) + kind_html)
