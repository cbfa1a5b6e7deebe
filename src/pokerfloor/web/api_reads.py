"""The tournament API's reads: public and read-only, they show what the venue shows, never
hidden information; with the TD token, the seating chart, the players and the event log show
everything, and the cash book is the TD's only (docs/api.md). The screens' anonymous reads are
answered once per version by ``public_reads.PublicReads`` before they reach these routes."""

from __future__ import annotations

import itertools
from collections.abc import Callable
from typing import Annotated, Any

import msgspec
from fastapi import APIRouter, Depends, Query, Request
from fastapi.responses import Response

from pokerfloor.app.public_view import public_line, public_players_list, public_seating_chart
from pokerfloor.errors import PokerfloorError
from pokerfloor.tournament.room_screen import logo_media_type
from pokerfloor.web.api_common import (
    ApiError,
    Bearer,
    Service,
    TournamentIdPath,
    require_td,
    td_reads,
)
from pokerfloor.web.api_errors import refusal

__all__ = ["MAX_SEQ", "router"]

MAX_EVENTS_PER_PAGE = 10_000
MAX_SEQ = 2**53  # ``after_seq`` at most: a JSON number stays exact up to it

router = APIRouter()


def _read(tournament_id: str, build: Callable[[str], Any]) -> Any:
    try:
        return build(tournament_id)
    except PokerfloorError as error:
        raise refusal(error, 409) from error


@router.get("/api/tournaments", summary="The tournaments")
def list_tournaments(service: Service) -> dict[str, Any]:
    return {"tournaments": service.listing()}


@router.get("/api/tournaments/{tournament_id}", summary="One tournament")
def tournament_summary(tournament_id: TournamentIdPath, service: Service) -> dict[str, Any]:
    result: dict[str, Any] = _read(tournament_id, service.summary)
    return result


@router.get("/api/tournaments/{tournament_id}/clock", summary="The clock screen")
def clock_screen(tournament_id: TournamentIdPath, service: Service) -> dict[str, Any]:
    result: dict[str, Any] = _read(tournament_id, service.clock_screen)
    return result


@router.get(
    "/api/tournaments/{tournament_id}/logo",
    summary="The club's logo on the room's screen",
    response_class=Response,
    responses={200: {"content": {"image/png": {}, "image/jpeg": {}}}},
)
def room_logo(tournament_id: TournamentIdPath, service: Service) -> Response:
    """The PNG or JPEG image set with ``set_room_logo``; 404 ``NO_LOGO`` without one. Its
    type comes from its first bytes again, never from what was declared at the upload."""
    logo: bytes = _read(tournament_id, service.room_logo)
    media_type = logo_media_type(logo)
    if media_type is None:
        raise ApiError(404, "NO_LOGO", "this tournament shows no logo", {})
    # The screen asks for ``?v=<logo_at_ms>``: a new logo is a new address.
    headers = {"Cache-Control": "public, max-age=86400"}
    return Response(logo, media_type=media_type, headers=headers)


@router.get("/api/tournaments/{tournament_id}/seating", summary="The seating chart")
def seating_chart(
    tournament_id: TournamentIdPath, request: Request, credentials: Bearer, service: Service
) -> dict[str, Any]:
    result: dict[str, Any] = _read(tournament_id, service.seating_chart)
    return result if td_reads(request, credentials) else public_seating_chart(result)


@router.get("/api/tournaments/{tournament_id}/players", summary="The players")
def players_list(
    tournament_id: TournamentIdPath, request: Request, credentials: Bearer, service: Service
) -> dict[str, Any]:
    result: dict[str, Any] = _read(tournament_id, service.players_list)
    return result if td_reads(request, credentials) else public_players_list(result)


@router.get("/api/tournaments/{tournament_id}/results", summary="Ranking and prizes")
def results(tournament_id: TournamentIdPath, service: Service) -> dict[str, Any]:
    result: dict[str, Any] = _read(tournament_id, service.results)
    return result


@router.get("/api/tournaments/{tournament_id}/deal", summary="A deal's ICM and chip-chop splits")
def deal_proposal(
    tournament_id: TournamentIdPath,
    service: Service,
    played_for_cents: Annotated[int, Query(ge=0, le=10**12)] = 0,
) -> dict[str, Any]:
    """Nothing is recorded: the TD sends ``agree_deal`` once every player agreed. 409
    with the core's code when no deal can be made (``DEALS_FORBIDDEN``...)."""
    result: dict[str, Any] = _read(
        tournament_id, lambda name: service.deal_proposal(name, played_for_cents)
    )
    return result


@router.get(
    "/api/tournaments/{tournament_id}/cash",
    summary="The cash book (TD)",
    dependencies=[Depends(require_td)],
)
def cash_book(tournament_id: TournamentIdPath, service: Service) -> dict[str, Any]:
    result: dict[str, Any] = _read(tournament_id, service.cash_book)
    return result


@router.get("/api/tournaments/{tournament_id}/events", summary="The event log")
def events(
    tournament_id: TournamentIdPath,
    request: Request,
    credentials: Bearer,
    service: Service,
    after_seq: Annotated[int, Query(ge=0, le=MAX_SEQ)] = 0,
    limit: Annotated[int, Query(ge=1, le=MAX_EVENTS_PER_PAGE)] = 1000,
) -> Response:
    """The whole log with the TD token; the public part without (docs/api.md)."""
    td = td_reads(request, credentials)
    lines = _read(tournament_id, lambda name: service.event_lines(name, after_seq))
    seen = (line if td else public_line(kind, line) for _, kind, line in lines)
    shown = list(itertools.islice((line for line in seen if line is not None), limit))
    version = lines[-1][0] if lines else after_seq
    head = msgspec.json.encode({"tournament_id": tournament_id, "version": version})
    body = head[:-1] + b',"events":[' + b",".join(shown) + b"]}"
    return Response(body, media_type="application/json")
