"""The clubs' HTTP API (docs/api.md, "Clubs"): the TD's commands and reads with the TD token,
the members' own registrations with their number and PIN, and the public reads.

Errors are the API's ``{code, params, message}``: 401 without the TD token, 403
``WRONG_PIN``, 404 for an unknown club, 409 for a command the club refuses as it is, 422 for a
malformed request, 423 ``PIN_LOCKED`` for a member number locked after too many wrong PINs
(until the TD unlocks it), 429 while an address, a club or a number must wait
(``club_access.PinLocks``). ``mount_club`` adds the routes and the club's pages to the
application and keeps the ``ClubService`` in ``app.state.clubs``; it shares the tournaments'
event store and clock.
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Callable
from typing import Annotated, Any, TypeVar, cast

import msgspec
from fastapi import APIRouter, Depends, FastAPI, Path, Query, Request
from fastapi.responses import Response
from starlette.concurrency import run_in_threadpool

from pokerfloor.app import club_link
from pokerfloor.app.club_commands import (
    CLUB_COMMAND_DECODER,
    CREATE_CLUB_DECODER,
    ClubCommand,
    CreateClub,
)
from pokerfloor.app.club_csv import import_members as enrol_members
from pokerfloor.app.club_service import ClubPublished, ClubService
from pokerfloor.app.club_views import (
    cash_csv,
    cash_view,
    club_summary,
    event_view,
    member_view,
    members_csv,
    public_event_view,
    standings_csv,
    standings_view,
)
from pokerfloor.app.service import TournamentService
from pokerfloor.club._base import CashLine
from pokerfloor.club.state import Club
from pokerfloor.errors import PokerfloorError
from pokerfloor.web.api_common import (
    ApiError,
    Bearer,
    Service,
    decode_body,
    read_body,
    refusal_message,
    require_td,
)
from pokerfloor.web.api_tournaments import ecma_patterns
from pokerfloor.web.club_access import PinLocks, csv_response, member_acts
from pokerfloor.web.pages.club import routes as club_pages
from pokerfloor.web.sessions import TooManyFailures

__all__ = ["mount_club"]

T = TypeVar("T")
MAX_BODY_BYTES = 2_000_000  # a members file of 20,000 lines fits
ClubIdPath = Annotated[
    str, Path(min_length=1, max_length=64, pattern=r"^[A-Za-z0-9][A-Za-z0-9_.\-]*$")
]
IdPath = ClubIdPath
# Codes a member's registration answers with 404 rather than 409.
_NOT_FOUND = {"CLUB_NOT_FOUND", "UNKNOWN_MEMBER", "UNKNOWN_CLUB_EVENT", "UNKNOWN_SEASON"}


class MemberCredentials(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A member's number and the PIN the club gave them."""

    member_id: Annotated[str, msgspec.Meta(min_length=1, max_length=64)]
    pin: Annotated[str, msgspec.Meta(min_length=1, max_length=20)]


_CREDENTIALS = msgspec.json.Decoder(MemberCredentials)


def _refusal(error: PokerfloorError, status: int = 409) -> ApiError:
    if error.code in _NOT_FOUND:
        status = 404
    elif error.code == "CLUB_DAMAGED":
        status = 500
    elif error.code == "PIN_LOCKED":
        status = 423
    elif error.code in ("VERSION_CONFLICT", "CLUB_EXISTS"):
        status = 409
    elif error.code in ("STORE_BUSY", "STORE_UNAVAILABLE"):
        status = 503
    elif error.code == "STORE_FULL":
        status = 507
    params = msgspec.json.decode(msgspec.json.encode(msgspec.to_builtins(error.params)))
    return ApiError(status, error.code, refusal_message(error), params)


def _answer(items: list[ClubPublished], club_id: str, version: int) -> Response:
    lines = b",".join(item.line for item in items)
    head = msgspec.json.encode({"club_id": club_id, "version": version})
    return Response(head[:-1] + b',"events":[' + lines + b"]}", media_type="application/json")


async def _clubs(request: Request) -> ClubService:
    return cast(ClubService, request.app.state.clubs)


# The application's club service (``mount_club`` keeps it in ``app.state.clubs``).
Clubs = Annotated[ClubService, Depends(_clubs)]
_TD = [Depends(require_td)]
router = APIRouter(prefix="/api/clubs")
(_COMMAND_SCHEMA, _CREATE_SCHEMA), _COMPONENTS = msgspec.json.schema_components(
    [ClubCommand, CreateClub], ref_template="#/components/schemas/Club{name}"
)


def _body(schema: dict[str, Any]) -> dict[str, Any]:
    return {"requestBody": {"required": True, "content": {"application/json": {"schema": schema}}}}


def _read(clubs: ClubService, club_id: str, build: Callable[[Club], T]) -> T:
    try:
        return clubs.read(club_id, build)
    except PokerfloorError as error:
        raise _refusal(error) from error


async def _run(clubs: ClubService, club_id: str, command: ClubCommand) -> Response:
    try:
        items = await run_in_threadpool(clubs.execute_published, club_id, command)
        version = items[-1].seq if items else clubs.version(club_id)
    except PokerfloorError as error:
        raise _refusal(error) from error
    return _answer(items, club_id, version)


def mount_club(app: FastAPI, service: TournamentService, secret: bytes) -> ClubService:
    """Add the clubs' API and pages to ``app`` (the TD's token check is ``app.state.guard``).
    ``secret``: the server's secret, from which the key of the members' PIN digests comes."""
    pin_key = hmac.new(secret, b"pokerfloor club PIN digests", hashlib.sha256).digest()
    clubs = ClubService(service.store, pin_key, service.clock)
    app.state.clubs = clubs
    app.state.pin_limiter = PinLocks()
    tournaments_openapi = app.openapi

    def openapi() -> dict[str, Any]:
        """The application's document with the club's commands (``Club``-prefixed names: the
        tournament has a ``Refund`` too)."""
        schema = tournaments_openapi()
        named = {f"Club{name}": value for name, value in _COMPONENTS.items()}
        schema.setdefault("components", {}).setdefault("schemas", {}).update(ecma_patterns(named))
        return schema

    app.openapi = openapi  # type: ignore[method-assign]
    app.include_router(router)
    app.include_router(club_pages.router, include_in_schema=False)
    return clubs


# ---- the TD's routes ------------------------------------------------------------------


@router.post(
    "",
    status_code=201,
    summary="Create a club (TD)",
    dependencies=_TD,
    openapi_extra=_body(_CREATE_SCHEMA),
)
async def create_club(request: Request, clubs: Clubs) -> Response:
    command = decode_body(CREATE_CLUB_DECODER, await read_body(request, MAX_BODY_BYTES))
    response = await _run(clubs, command.club_id, command)
    response.status_code = 201
    return response


@router.post(
    "/{club_id}/commands",
    summary="A command to a club (TD)",
    dependencies=_TD,
    openapi_extra=_body(_COMMAND_SCHEMA),
)
async def club_command(club_id: ClubIdPath, request: Request, clubs: Clubs) -> Response:
    return await _run(
        clubs, club_id, decode_body(CLUB_COMMAND_DECODER, await read_body(request, MAX_BODY_BYTES))
    )


@router.post(
    "/{club_id}/events/{event_id}/tournament",
    summary="Start the event's tournament with the members checked in (TD)",
    dependencies=_TD,
)
def start_tournament(
    club_id: ClubIdPath, event_id: IdPath, clubs: Clubs, service: Service
) -> dict[str, Any]:
    try:
        tournament_id = club_link.start_tournament(clubs, service, club_id, event_id)
    except PokerfloorError as error:
        raise _refusal(error) from error
    return {"club_id": club_id, "event_id": event_id, "tournament_id": tournament_id}


@router.post(
    "/{club_id}/events/{event_id}/close",
    summary="Close the event from its finished tournament (TD)",
    dependencies=_TD,
)
def close_event(
    club_id: ClubIdPath, event_id: IdPath, clubs: Clubs, service: Service
) -> dict[str, Any]:
    try:
        club_link.close_event(clubs, service, club_id, event_id)
    except PokerfloorError as error:
        raise _refusal(error) from error
    return _read(clubs, club_id, lambda club: event_view(club, event_id))


@router.get("/{club_id}/members", summary="Members, or those matching q (TD)", dependencies=_TD)
def members(
    club_id: ClubIdPath, clubs: Clubs, q: Annotated[str, Query(max_length=100)] = ""
) -> dict[str, Any]:
    def build(club: Club) -> dict[str, Any]:
        found = club.find_members(q, limit=50) if q.strip() else club.active_members()
        return {"members": [member_view(club, m.member_id) for m in found]}

    return _read(clubs, club_id, build)


@router.get("/{club_id}/members/{member_id}", summary="A member's record (TD)", dependencies=_TD)
def member(club_id: ClubIdPath, member_id: IdPath, clubs: Clubs) -> dict[str, Any]:
    return _read(clubs, club_id, lambda club: member_view(club, member_id, record=True))


@router.get("/{club_id}/members.csv", summary="The members as CSV (TD)", dependencies=_TD)
def members_file(club_id: ClubIdPath, clubs: Clubs) -> Response:
    return csv_response(_read(clubs, club_id, members_csv), f"{club_id}-members.csv")


@router.post(
    "/{club_id}/members/import",
    summary="Import members from a CSV body (TD)",
    dependencies=_TD,
    openapi_extra={"requestBody": {"content": {"text/csv": {"schema": {"type": "string"}}}}},
)
async def import_members(club_id: ClubIdPath, request: Request, clubs: Clubs) -> dict[str, Any]:
    """Every member of the file, or none: 422 ``CSV_ROWS_INVALID`` with each error's
    ``line``, ``column``, ``code`` and ``message`` (a file that is not CSV at all:
    ``CSV_INVALID``)."""
    body = await read_body(request, MAX_BODY_BYTES)
    try:
        imported = await run_in_threadpool(import_csv, clubs, club_id, body)
    except PokerfloorError as error:
        raise _refusal(error, 422) from error
    return {"club_id": club_id, **imported}


@router.get("/{club_id}/pin-locks", summary="The members' locked PINs (TD)", dependencies=_TD)
def pin_locks(club_id: ClubIdPath, request: Request, clubs: Clubs) -> dict[str, Any]:
    _read(clubs, club_id, lambda club: None)  # CLUB_NOT_FOUND
    locks: PinLocks = request.app.state.pin_limiter
    locked = locks.locked(club_id)
    return {"locked": [{"member_id": m, "failures": n} for m, n in locked]}


@router.post(
    "/{club_id}/members/{member_id}/unlock-pin",
    summary="Lift a member's PIN lock (TD)",
    dependencies=_TD,
)
def unlock_pin(
    club_id: ClubIdPath, member_id: IdPath, request: Request, clubs: Clubs
) -> dict[str, Any]:
    _read(clubs, club_id, lambda club: None)
    locks: PinLocks = request.app.state.pin_limiter
    return {
        "club_id": club_id,
        "member_id": member_id,
        "unlocked": locks.unlock(club_id, member_id),
    }


@router.get("/{club_id}/cash", summary="The club's cash book (TD)", dependencies=_TD)
def cash(club_id: ClubIdPath, clubs: Clubs, service: Service) -> dict[str, Any]:
    """The club's lines and its tournaments' money (``tournament_*``), with the totals and
    the reconciliation per day and per season."""
    extra = _tournament_lines(club_id, clubs, service)
    return _read(clubs, club_id, lambda club: cash_view(club, extra))


@router.get("/{club_id}/cash.csv", summary="The cash book as CSV (TD)", dependencies=_TD)
def cash_file(club_id: ClubIdPath, clubs: Clubs, service: Service) -> Response:
    extra = _tournament_lines(club_id, clubs, service)
    return csv_response(
        _read(clubs, club_id, lambda club: cash_csv(club, extra)), f"{club_id}-cash.csv"
    )


def _tournament_lines(
    club_id: str, clubs: ClubService, service: TournamentService
) -> list[CashLine]:
    try:
        return club_link.tournament_cash_lines(clubs, service, club_id)
    except PokerfloorError as error:
        raise _refusal(error) from error


@router.get("/{club_id}/log", summary="The club's event log (TD)", dependencies=_TD)
def log(
    club_id: ClubIdPath, clubs: Clubs, after_seq: Annotated[int, Query(ge=0, le=2**53)] = 0
) -> Response:
    try:
        lines = clubs.event_lines(club_id, after_seq)
    except PokerfloorError as error:
        raise _refusal(error) from error
    version = lines[-1][0] if lines else after_seq
    head = msgspec.json.encode({"club_id": club_id, "version": version})
    body = head[:-1] + b',"events":[' + b",".join(line for _, _, line in lines) + b"]}"
    return Response(body, media_type="application/json")


# ---- the public and the members -------------------------------------------------------


@router.get("", summary="The clubs")
def list_clubs(clubs: Clubs) -> dict[str, Any]:
    listed = []
    for club_id in clubs.club_ids():
        try:
            listed.append(clubs.read(club_id, club_summary))
        except PokerfloorError:
            listed.append({"club_id": club_id, "damaged": True})
    return {"clubs": listed}


@router.get("/{club_id}", summary="A club and its calendar")
def club(club_id: ClubIdPath, clubs: Clubs) -> dict[str, Any]:
    return _read(clubs, club_id, club_summary)


@router.get("/{club_id}/events/{event_id}", summary="An event and who registered")
def event(
    club_id: ClubIdPath,
    event_id: IdPath,
    credentials: Bearer,
    request: Request,
    clubs: Clubs,
) -> dict[str, Any]:
    if credentials is not None:
        require_td(request, credentials)
        return _read(clubs, club_id, lambda club: event_view(club, event_id))
    return _read(clubs, club_id, lambda club: public_event_view(club, event_id))


async def as_member(
    club_id: str, event_id: str, request: Request, clubs: ClubService, cancel: bool
) -> Response:
    given = decode_body(_CREDENTIALS, await read_body(request, MAX_BODY_BYTES))
    limiter: PinLocks = request.app.state.pin_limiter
    try:
        items = await run_in_threadpool(
            member_acts, clubs, limiter, club_id, event_id, given.member_id, given.pin, cancel
        )
    except TooManyFailures as refusal:
        raise ApiError(
            429,
            "TOO_MANY_FAILURES",
            f"too many wrong PINs: try again in {refusal.retry_after} s",
            {"retry_after_s": refusal.retry_after},
        ) from None
    except PokerfloorError as error:
        raise _refusal(error, 403 if error.code == "WRONG_PIN" else 409) from error
    return _answer(items, club_id, items[-1].seq if items else clubs.version(club_id))


@router.post("/{club_id}/events/{event_id}/register", summary="A member registers (number and PIN)")
async def register(
    club_id: ClubIdPath, event_id: IdPath, request: Request, clubs: Clubs
) -> Response:
    return await as_member(club_id, event_id, request, clubs, cancel=False)


@router.post("/{club_id}/events/{event_id}/cancel", summary="A member cancels (number and PIN)")
async def cancel(club_id: ClubIdPath, event_id: IdPath, request: Request, clubs: Clubs) -> Response:
    return await as_member(club_id, event_id, request, clubs, cancel=True)


@router.get("/{club_id}/seasons/{season_id}/standings", summary="A season's standings")
def standings(club_id: ClubIdPath, season_id: IdPath, clubs: Clubs) -> dict[str, Any]:
    return _read(clubs, club_id, lambda club: standings_view(club, season_id))


@router.get("/{club_id}/seasons/{season_id}/standings.csv", summary="The standings as CSV")
def standings_file(club_id: ClubIdPath, season_id: IdPath, clubs: Clubs) -> Response:
    text = _read(clubs, club_id, lambda club: standings_csv(club, season_id))
    return csv_response(text, f"{club_id}-{season_id}-standings.csv")


def import_csv(clubs: ClubService, club_id: str, data: bytes) -> dict[str, Any]:
    """Enrol the members of a CSV file (all or none): their numbers, and the PINs drawn for
    the rows asking "generate" (shown once: only their digests are kept)."""
    added, errors = enrol_members(clubs, club_id, data)
    if errors:
        raise PokerfloorError(
            "CSV_ROWS_INVALID",
            f"{len(errors)} error(s) in the file, the first on line {errors[0].line}",
            {
                "line": errors[0].line,
                "column": errors[0].column,
                "errors": [
                    {"line": e.line, "column": e.column, "code": e.code, "message": e.message}
                    for e in errors[:200]
                ],
            },
        )
    return {
        "added": [member.member_id for member in added],
        "pins": {member.member_id: member.pin for member in added if member.pin},
    }
