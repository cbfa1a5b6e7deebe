"""The HTTP API: thin. Decode a command, hand it to the service, map a refusal to a 4xx.

Every error is JSON ``{code, params, message}``: 401 without the TD token on a command, 404 for
an unknown tournament or path, 409 when the tournament refuses a command in its current state
(or a concurrent writer won), 413 for a body over 1 MB, 422 when the request is malformed (the
``params`` name the field), 500 ``TOURNAMENT_DAMAGED`` for a tournament whose stored log cannot
be replayed (the others keep working), 503 ``STORE_BUSY`` / 507 ``STORE_FULL`` when the
database is locked by another process or full (nothing written; send it again). GET endpoints
are public and read-only; they show what the venue shows, never hidden information. The
WebSocket streams the tournament's events once durable. docs/api.md describes it all.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import secrets
from collections.abc import Callable
from typing import Annotated, Any, TypeVar

import msgspec
from fastapi import Depends, FastAPI, Path, Query, Request, WebSocket
from fastapi.exceptions import RequestValidationError
from fastapi.openapi.utils import get_openapi
from fastapi.responses import JSONResponse, Response
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.types import ASGIApp
from starlette.websockets import WebSocketDisconnect

from pokerfloor.app.commands import (
    COMMAND_DECODER,
    CREATE_DECODER,
    CreateTournament,
    TournamentCommand,
)
from pokerfloor.app.public_view import public_line, public_players_list, public_seating_chart
from pokerfloor.app.service import PublishedEvent, TournamentDamaged, TournamentService
from pokerfloor.errors import PokerfloorError
from pokerfloor.tournament.room_screen import logo_media_type
from pokerfloor.web.api_common import (
    ApiError,
    check_td_token,
    decode_body,
    read_body,
    refusal_message,
)
from pokerfloor.web.club_api import mount_club
from pokerfloor.web.dealt_api import mount_dealt
from pokerfloor.web.headers import SecurityHeaders
from pokerfloor.web.pages import damaged_page, error_page, mount_pages
from pokerfloor.web.pages.common._common import TD_COOKIE, is_td
from pokerfloor.web.pages.common._dealt_common import secret_player_key as dealt_player_key
from pokerfloor.web.public_reads import PublicReads
from pokerfloor.web.read_budget import ReadBudget, ReadLimits
from pokerfloor.web.request_guard import CLIENT_ADDRESS, RequestGuard
from pokerfloor.web.request_limits import BodyLimit, SignInFirst
from pokerfloor.web.server_log import WebSocketOutcomeLog
from pokerfloor.web.sessions import TICKET_SECONDS, Guard, Sessions, TooManyFailures

__all__ = ["ApiError", "TokenCheck", "create_app"]

TokenCheck = Callable[[str], bool]
T = TypeVar("T")
MAX_BODY_BYTES = 1_000_000
MAX_EVENTS_PER_PAGE = 10_000
WS_UNAUTHORIZED = 4401
WS_NOT_FOUND = 4404
WS_DAMAGED = 4500
WS_INVALID_REQUEST = 4422  # a malformed query parameter (``after_seq``)
MAX_SEQ = 2**53  # ``after_seq`` at most: a JSON number stays exact up to it
# The status of a refusal that reached the application's handler (a page that did not catch
# it): what does not exist is a 404 page, a damaged club a 500 like a damaged tournament.
_NOT_FOUND_CODES = (
    "TOURNAMENT_NOT_FOUND", "CLUB_NOT_FOUND", "UNKNOWN_CLUB_EVENT", "UNKNOWN_MEMBER",
    "UNKNOWN_SEASON", "UNKNOWN_PLAYER", "UNKNOWN_TABLE",
)  # fmt: skip
# The HTTP status of the store's refusals: the request was fine, try it again later.
STORE_STATUS = {"STORE_BUSY": 503, "STORE_FULL": 507, "STORE_UNAVAILABLE": 503}

_UNANSWERED_STATUS = {
    **dict.fromkeys(_NOT_FOUND_CODES, 404),
    **STORE_STATUS,
    "CLUB_DAMAGED": 500,
    "TOURNAMENT_DAMAGED": 500,
}

TournamentIdPath = Annotated[
    str, Path(min_length=1, max_length=64, pattern=r"^[A-Za-z0-9][A-Za-z0-9_.\-]*$")
]
_bearer = HTTPBearer(auto_error=False, description="the TD token printed at the first start")
# A read's optional TD token: with it, everything; without it, the public part.
Bearer = Annotated[HTTPAuthorizationCredentials | None, Depends(_bearer)]


def _error(status: int, code: str, message: str, params: dict[str, Any] | None = None) -> Response:
    body = {"code": code, "params": params or {}, "message": message}
    headers = {"WWW-Authenticate": "Bearer"} if status == 401 else None
    return JSONResponse(body, status_code=status, headers=headers)


def _refusal(error: PokerfloorError, status: int) -> ApiError:
    if error.code == "TOURNAMENT_NOT_FOUND":
        status = 404
    elif error.code == "TOURNAMENT_DAMAGED":
        status = 500  # the request is fine, the stored data is not: the server's fault
    elif error.code in ("VERSION_CONFLICT", "TOURNAMENT_EXISTS"):
        status = 409
    elif error.code in STORE_STATUS:
        status = STORE_STATUS[error.code]
    return ApiError(status, error.code, refusal_message(error), _jsonable(error.params))


def _jsonable(params: dict[str, Any]) -> dict[str, Any]:
    try:
        # Through JSON and back: an inf or a nan becomes null (the response would fail on it).
        value: dict[str, Any] = msgspec.json.decode(
            msgspec.json.encode(msgspec.to_builtins(params, str_keys=True))
        )
        return value
    except (TypeError, ValueError, msgspec.MsgspecError):
        return {key: str(value) for key, value in params.items()}


def _token_check(td_token: str | TokenCheck) -> TokenCheck:
    if callable(td_token):
        return td_token
    if len(td_token) < 16:
        raise ValueError("the TD token must be at least 16 characters")
    expected = td_token.encode()
    return lambda given: secrets.compare_digest(given.encode(), expected)


def _after_seq(text: str | None) -> int | None:
    """The WebSocket's ``after_seq`` (None: not given), or ``INVALID_REQUEST``: ASCII digits
    only, 0 to ``MAX_SEQ``, as the event log's ``GET`` takes it."""
    if text is None:
        return None
    if text.isascii() and text.isdigit() and len(text) <= 16 and int(text) <= MAX_SEQ:
        return int(text)
    problem = f"after_seq is a whole number from 0 to {MAX_SEQ}"
    raise ApiError(
        422,
        "INVALID_REQUEST",
        f"invalid request: {problem}, not {text[:40]!r}",
        {"errors": [{"loc": ["query", "after_seq"], "msg": problem}]},
    )


def _published(items: list[PublishedEvent], tournament_id: str, version: int) -> Response:
    lines = b",".join(item.line for item in items)
    head = msgspec.json.encode({"tournament_id": tournament_id, "version": version})
    return Response(head[:-1] + b',"events":[' + lines + b"]}", media_type="application/json")


def _openapi_schemas() -> tuple[dict[str, Any], dict[str, Any], dict[str, Any]]:
    (command, create), components = msgspec.json.schema_components(
        [TournamentCommand, CreateTournament], ref_template="#/components/schemas/{name}"
    )
    return command, create, _ecma_patterns(components)


def _ecma_patterns(schema: Any) -> Any:
    """The schema with the ids' ``\\A...\\Z`` (Python's whole-text anchors) written ``^...$``,
    which is what they mean in a JSON Schema pattern (ECMA-262 has no ``\\A``, ``\\Z``)."""
    if isinstance(schema, dict):
        pattern = schema.get("pattern")
        if isinstance(pattern, str) and pattern.startswith("\\A") and pattern.endswith("\\Z"):
            schema = {**schema, "pattern": "^" + pattern[2:-2] + "$"}
        return {key: _ecma_patterns(value) for key, value in schema.items()}
    if isinstance(schema, list):
        return [_ecma_patterns(item) for item in schema]
    return schema


def create_app(
    service: TournamentService,
    td_token: str | TokenCheck,
    captain_secret: bytes | None = None,
    sessions: Sessions | None = None,
    venue_url: str | None = None,
    read_budget: ReadLimits | None = None,
) -> FastAPI:
    """The FastAPI application: the API and the web pages. ``td_token`` is the TD's token, or
    a function that checks one (``pokerfloor serve`` keeps only a keyed hash);
    ``captain_secret`` signs the table captains' links; ``sessions``: the TD's signed-in
    browsers (in memory when not given); ``venue_url``: the address the venue's phones reach,
    for the QR codes and every absolute link (docs/web.md); ``read_budget``: what the readers
    may ask (``read_budget.ReadLimits``; ``pokerfloor serve`` sets it, the tests' single
    client does not)."""

    check = _token_check(td_token)
    guard = Guard(check, sessions or Sessions())
    app = FastAPI(
        title="pokerfloor",
        version="0.1.0",
        description="Tournois de poker en direct / live poker tournaments. See docs/api.md.",
        # Swagger UI and ReDoc load their scripts from a CDN: off, the venue may be offline
        # and the pages allow scripts from this server only; /openapi.json stays.
        docs_url=None,
        redoc_url=None,
    )
    _outer_middleware(app, guard, service, read_budget)
    app.state.guard = guard
    app.state.venue_url = venue_url  # the QR codes' address (web/qr.py)
    command_schema, create_schema, components = _openapi_schemas()

    def require_td(
        credentials: Annotated[HTTPAuthorizationCredentials | None, Depends(_bearer)],
    ) -> None:
        check_td_token(guard, credentials)

    def td_reads(credentials: HTTPAuthorizationCredentials | None) -> bool:
        """A read with the TD token sees everything; without one, the public part (a wrong
        token is refused, as for a command)."""
        if credentials is None:
            return False
        require_td(credentials)
        return True

    @app.exception_handler(ApiError)
    async def api_error(request: Request, error: ApiError) -> Response:
        return _error(error.status, error.code, error.message, error.params)

    @app.exception_handler(RequestValidationError)
    async def invalid_request(request: Request, error: RequestValidationError) -> Response:
        problems = [
            {"loc": [str(part) for part in item.get("loc", ())], "msg": str(item.get("msg", ""))}
            for item in error.errors()
        ]
        where = ", ".join(".".join(problem["loc"]) for problem in problems)
        return _error(422, "INVALID_REQUEST", f"invalid request: {where}", {"errors": problems})

    @app.exception_handler(TournamentDamaged)
    async def damaged(request: Request, error: TournamentDamaged) -> Response:
        # A page of a damaged tournament: a page for a browser, else the API's JSON error.
        if not request.url.path.startswith("/api/") and "text/html" in request.headers.get(
            "accept", ""
        ):
            return damaged_page(request, error)
        return _error(500, error.code, refusal_message(error), _jsonable(error.params))

    @app.exception_handler(PokerfloorError)
    async def unanswered(request: Request, error: PokerfloorError) -> Response:
        """A refusal no route turned into an answer (issue 27): an unknown id is a 404, a
        damaged club is answered like a damaged tournament, the store's refusals keep their
        status; a page for a browser, the API's JSON otherwise."""
        status = _UNANSWERED_STATUS.get(error.code, 500)
        if not request.url.path.startswith("/api/") and "text/html" in request.headers.get(
            "accept", ""
        ):
            return error_page(request, status, error)
        return _error(status, error.code, refusal_message(error), _jsonable(error.params))

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, error: StarletteHTTPException) -> Response:
        code = {404: "NOT_FOUND", 405: "METHOD_NOT_ALLOWED"}.get(error.status_code, "HTTP_ERROR")
        return _error(error.status_code, code, str(error.detail), {})

    @app.post(
        "/api/tournaments",
        status_code=201,
        summary="Create a tournament (TD)",
        openapi_extra={
            "requestBody": {
                "required": True,
                "content": {"application/json": {"schema": create_schema}},
            }
        },
        dependencies=[Depends(require_td)],
    )
    async def create_tournament(request: Request) -> Response:
        command = decode_body(CREATE_DECODER, await read_body(request, MAX_BODY_BYTES))
        try:
            items = await run_in_threadpool(
                service.execute_published, command.tournament_id, command
            )
        except PokerfloorError as error:
            raise _refusal(error, 422) from error
        response = _published(items, command.tournament_id, items[-1].seq)
        response.status_code = 201
        return response

    @app.post(
        "/api/tournaments/{tournament_id}/commands",
        summary="Send a command to a tournament (TD)",
        openapi_extra={
            "requestBody": {
                "required": True,
                "content": {"application/json": {"schema": command_schema}},
            }
        },
        dependencies=[Depends(require_td)],
    )
    async def send_command(tournament_id: TournamentIdPath, request: Request) -> Response:
        command = decode_body(COMMAND_DECODER, await read_body(request, MAX_BODY_BYTES))
        try:
            items = await run_in_threadpool(service.execute_published, tournament_id, command)
            version = items[-1].seq if items else service.version(tournament_id)
        except PokerfloorError as error:
            raise _refusal(error, 409) from error
        return _published(items, tournament_id, version)

    def read(tournament_id: str, build: Callable[[str], Any]) -> Any:
        try:
            return build(tournament_id)
        except PokerfloorError as error:
            raise _refusal(error, 409) from error

    @app.get("/api/tournaments", summary="The tournaments")
    def list_tournaments() -> dict[str, Any]:
        return {"tournaments": service.listing()}

    @app.get("/api/tournaments/{tournament_id}", summary="One tournament")
    def tournament_summary(tournament_id: TournamentIdPath) -> dict[str, Any]:
        result: dict[str, Any] = read(tournament_id, service.summary)
        return result

    @app.get("/api/tournaments/{tournament_id}/clock", summary="The clock screen")
    def clock_screen(tournament_id: TournamentIdPath) -> dict[str, Any]:
        result: dict[str, Any] = read(tournament_id, service.clock_screen)
        return result

    @app.get(
        "/api/tournaments/{tournament_id}/logo",
        summary="The club's logo on the room's screen",
        response_class=Response,
        responses={200: {"content": {"image/png": {}, "image/jpeg": {}}}},
    )
    def room_logo(tournament_id: TournamentIdPath) -> Response:
        """The PNG or JPEG image set with ``set_room_logo``; 404 ``NO_LOGO`` without one. Its
        type comes from its first bytes again, never from what was declared at the upload."""
        logo: bytes = read(tournament_id, service.room_logo)
        media_type = logo_media_type(logo)
        if media_type is None:
            raise ApiError(404, "NO_LOGO", "this tournament shows no logo", {})
        # The screen asks for ``?v=<logo_at_ms>``: a new logo is a new address.
        headers = {"Cache-Control": "public, max-age=86400"}
        return Response(logo, media_type=media_type, headers=headers)

    @app.get("/api/tournaments/{tournament_id}/seating", summary="The seating chart")
    def seating_chart(tournament_id: TournamentIdPath, credentials: Bearer) -> dict[str, Any]:
        result: dict[str, Any] = read(tournament_id, service.seating_chart)
        return result if td_reads(credentials) else public_seating_chart(result)

    @app.get("/api/tournaments/{tournament_id}/players", summary="The players")
    def players_list(tournament_id: TournamentIdPath, credentials: Bearer) -> dict[str, Any]:
        result: dict[str, Any] = read(tournament_id, service.players_list)
        return result if td_reads(credentials) else public_players_list(result)

    @app.get("/api/tournaments/{tournament_id}/results", summary="Ranking and prizes")
    def results(tournament_id: TournamentIdPath) -> dict[str, Any]:
        result: dict[str, Any] = read(tournament_id, service.results)
        return result

    @app.get("/api/tournaments/{tournament_id}/deal", summary="A deal's ICM and chip-chop splits")
    def deal_proposal(
        tournament_id: TournamentIdPath,
        played_for_cents: Annotated[int, Query(ge=0, le=10**12)] = 0,
    ) -> dict[str, Any]:
        """Nothing is recorded: the TD sends ``agree_deal`` once every player agreed. 409
        with the core's code when no deal can be made (``DEALS_FORBIDDEN``...)."""
        result: dict[str, Any] = read(
            tournament_id, lambda name: service.deal_proposal(name, played_for_cents)
        )
        return result

    @app.get(
        "/api/tournaments/{tournament_id}/cash",
        summary="The cash book (TD)",
        dependencies=[Depends(require_td)],
    )
    def cash_book(tournament_id: TournamentIdPath) -> dict[str, Any]:
        result: dict[str, Any] = read(tournament_id, service.cash_book)
        return result

    @app.get("/api/tournaments/{tournament_id}/events", summary="The event log")
    def events(
        tournament_id: TournamentIdPath,
        credentials: Bearer,
        after_seq: Annotated[int, Query(ge=0, le=MAX_SEQ)] = 0,
        limit: Annotated[int, Query(ge=1, le=MAX_EVENTS_PER_PAGE)] = 1000,
    ) -> Response:
        """The whole log with the TD token; the public part without (docs/api.md)."""
        td = td_reads(credentials)
        lines = read(tournament_id, lambda name: service.event_lines(name, after_seq))
        seen = (line if td else public_line(kind, line) for _, kind, line in lines)
        shown = list(itertools.islice((line for line in seen if line is not None), limit))
        version = lines[-1][0] if lines else after_seq
        head = msgspec.json.encode({"tournament_id": tournament_id, "version": version})
        body = head[:-1] + b',"events":[' + b",".join(shown) + b"]}"
        return Response(body, media_type="application/json")

    async def ws_role(websocket: WebSocket, token: str | None, ticket: str | None) -> str | None:
        """``td``, ``public`` or None (refused) for a WebSocket: a ticket, the TD token in the
        ``Authorization`` header, or the TD's session cookie from one of our pages make the TD;
        nothing makes the public. A token in the URL is refused unchecked (URLs are logged)."""
        if token is not None:
            return None
        if ticket is not None:
            return "td" if guard.tickets.redeem(ticket) else None
        header = websocket.headers.get("authorization")
        if header is not None:
            scheme, _, given = header.partition(" ")
            if scheme.lower() != "bearer":
                return None
            try:
                right = await run_in_threadpool(guard.token_ok, CLIENT_ADDRESS.get(), given)
            except TooManyFailures:
                return None
            return "td" if right else None
        return "td" if is_td(websocket) else "public"

    @app.post(
        "/api/ws-ticket",
        summary="A one-minute, single-use WebSocket ticket",
        dependencies=[Depends(require_td)],
    )
    def ws_ticket() -> dict[str, Any]:
        """For a program that cannot send a header on its WebSocket: ``?ticket=`` opens
        ``/ws/tournaments/{id}`` as the TD once, within a minute (docs/api.md)."""
        return {"ticket": guard.tickets.issue(), "expires_in_s": TICKET_SECONDS}

    @app.websocket("/ws/tournaments/{tournament_id}")
    async def stream(
        websocket: WebSocket,
        tournament_id: str,
        token: str | None = None,
        ticket: str | None = None,
        after_seq: str | None = None,
    ) -> None:
        refusal: ApiError | None = None
        try:
            start = _after_seq(after_seq)
        except ApiError as error:
            start, refusal = None, error
        role = await ws_role(websocket, token, ticket)
        authorised = role is not None
        code, reason = (WS_UNAUTHORIZED, "wrong TD credential") if not authorised else (0, "")
        if authorised:
            try:
                await run_in_threadpool(service.version, tournament_id)  # loads it
            except PokerfloorError as error:
                damaged = error.code == "TOURNAMENT_DAMAGED"
                code = WS_DAMAGED if damaged else WS_NOT_FOUND
                reason = "tournament damaged" if damaged else "no such tournament"
        if not code and refusal is not None:
            code, reason = WS_INVALID_REQUEST, "invalid after_seq"
        queue = service.subscribe(tournament_id) if not code else None
        await websocket.accept()
        if queue is None:
            if code == WS_INVALID_REQUEST and refusal is not None:  # the API's error body
                body = {"code": refusal.code, "params": refusal.params, "message": refusal.message}
                await websocket.send_text(msgspec.json.encode(body).decode())
            await websocket.close(code=code, reason=reason)
            return
        try:
            await _pump(websocket, service, tournament_id, queue, role or "public", start)
        finally:
            service.unsubscribe(tournament_id, queue)

    def openapi() -> dict[str, Any]:
        if app.openapi_schema is None:
            schema = get_openapi(title=app.title, version=app.version, routes=app.routes)
            schema.setdefault("components", {}).setdefault("schemas", {}).update(components)
            schema["info"]["description"] = app.description
            app.openapi_schema = schema
        return app.openapi_schema

    app.openapi = openapi  # type: ignore[method-assign]
    # The captains' links and the members' PIN digests hang on the server's secret (kept in
    # a file by ``pokerfloor serve``; a fresh one for an app made without it).
    secret = captain_secret or secrets.token_bytes(32)
    mount_club(app, service, secret)  # the clubs' API and pages (web/club_api.py)
    # Tables dealt by pokerfloor (web/dealt_api.py): its service, dealer and API.
    mount_dealt(app, service, lambda tid, pid: dealt_player_key(secret, tid, pid))
    mount_pages(app, service, check, secret)
    return app


def _outer_middleware(
    app: FastAPI, guard: Guard, service: TournamentService, read_budget: ReadLimits | None
) -> None:
    """Wrap the whole application, Starlette's error handler included: a 500 carries the
    security headers too, and the limits answer before any route, body or exception
    handler runs (docs/security.md). From the outside in: headers, the WebSocket log line,
    the origin check, the read budgets, the public reads' shared answers, sign-in, the
    body's size."""
    build = app.build_middleware_stack

    def build_stack() -> ASGIApp:
        inner: ASGIApp = BodyLimit(build())
        hold_s = read_budget.hold_s if read_budget is not None else 0.0
        inner = SignInFirst(inner, guard, TD_COOKIE, hold_s=hold_s)
        inner = PublicReads(inner, service, TD_COOKIE)
        if read_budget is not None:
            inner = ReadBudget(inner, guard, TD_COOKIE, read_budget)
        inner = RequestGuard(inner, cookie=TD_COOKIE)
        return SecurityHeaders(WebSocketOutcomeLog(inner))

    app.build_middleware_stack = build_stack  # type: ignore[method-assign]


async def _pump(
    websocket: WebSocket,
    service: TournamentService,
    tournament_id: str,
    queue: asyncio.Queue[PublishedEvent],
    role: str,
    after_seq: int | None,
) -> None:
    """Send the backlog after ``after_seq`` (if asked), then each new event, until the client
    leaves. Spectators get the public view of the events (``public_view.public_line``)."""
    last = 0
    if after_seq is not None:
        backlog = await run_in_threadpool(service.event_lines, tournament_id, after_seq)
        for seq, kind, line in backlog:
            shown = line if role == "td" else public_line(kind, line)
            if shown is not None:
                await websocket.send_text(shown.decode())
            last = seq

    async def send() -> None:
        while True:
            item = await queue.get()
            shown = item.line if role == "td" else public_line(item.type, item.line)
            if item.seq > last and shown is not None:
                await websocket.send_text(shown.decode())

    async def listen() -> None:
        with contextlib.suppress(WebSocketDisconnect):
            while True:
                message = await websocket.receive()
                if message["type"] == "websocket.disconnect":
                    return

    tasks = {asyncio.create_task(send()), asyncio.create_task(listen())}
    done, pending = await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
    for task in pending:
        task.cancel()
    for task in pending:
        with contextlib.suppress(asyncio.CancelledError, WebSocketDisconnect, RuntimeError):
            await task
    for task in done:
        with contextlib.suppress(WebSocketDisconnect, RuntimeError):
            task.result()
