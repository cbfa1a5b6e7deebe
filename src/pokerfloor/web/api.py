"""The HTTP API: thin. Decode a command, hand it to the service, map a refusal to a 4xx.

Every error is JSON ``{code, params, message}``: 401 without the TD token on a command, 404 for
an unknown tournament or path, 409 when the tournament refuses a command in its current state
(or a concurrent writer won), 413 for a body over 1 MB, 422 when the request is malformed (the
``params`` name the field). GET endpoints are public and read-only; they show what the venue
shows, never hidden information. The WebSocket streams the tournament's events once durable.
docs/api.md describes it all.
"""

from __future__ import annotations

import asyncio
import contextlib
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
from starlette.websockets import WebSocketDisconnect

from pokerfloor.app.commands import (
    COMMAND_DECODER,
    CREATE_DECODER,
    CreateTournament,
    TournamentCommand,
)
from pokerfloor.app.service import PublishedEvent, TournamentService, is_public
from pokerfloor.errors import PokerfloorError
from pokerfloor.web.pages import mount_pages

__all__ = ["ApiError", "TokenCheck", "create_app"]

TokenCheck = Callable[[str], bool]
T = TypeVar("T")
MAX_BODY_BYTES = 1_000_000
MAX_EVENTS_PER_PAGE = 10_000
WS_UNAUTHORIZED = 4401
WS_NOT_FOUND = 4404

TournamentIdPath = Annotated[
    str, Path(min_length=1, max_length=64, pattern=r"^[A-Za-z0-9][A-Za-z0-9_.\-]*$")
]
_bearer = HTTPBearer(auto_error=False, description="the TD token printed at the first start")


class ApiError(Exception):
    def __init__(
        self, status: int, code: str, message: str, params: dict[str, Any] | None = None
    ) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message
        self.params = params or {}


def _error(status: int, code: str, message: str, params: dict[str, Any] | None = None) -> Response:
    body = {"code": code, "params": params or {}, "message": message}
    headers = {"WWW-Authenticate": "Bearer"} if status == 401 else None
    return JSONResponse(body, status_code=status, headers=headers)


def _refusal(error: PokerfloorError, status: int) -> ApiError:
    if error.code == "TOURNAMENT_NOT_FOUND":
        status = 404
    elif error.code in ("VERSION_CONFLICT", "TOURNAMENT_EXISTS"):
        status = 409
    return ApiError(status, error.code, error.message, _jsonable(error.params))


def _jsonable(params: dict[str, Any]) -> dict[str, Any]:
    try:
        value: dict[str, Any] = msgspec.to_builtins(params, str_keys=True)
        return value
    except (TypeError, ValueError):
        return {key: str(value) for key, value in params.items()}


def _token_check(td_token: str | TokenCheck) -> TokenCheck:
    if callable(td_token):
        return td_token
    if len(td_token) < 16:
        raise ValueError("the TD token must be at least 16 characters")
    expected = td_token.encode()
    return lambda given: secrets.compare_digest(given.encode(), expected)


async def _body(request: Request) -> bytes:
    declared = request.headers.get("content-length", "")
    if declared.isdigit() and int(declared) > MAX_BODY_BYTES:
        raise ApiError(413, "BODY_TOO_LARGE", "the request body is over 1 MB", {})
    body = await request.body()
    if len(body) > MAX_BODY_BYTES:
        raise ApiError(413, "BODY_TOO_LARGE", "the request body is over 1 MB", {})
    return body


def _decode(decoder: msgspec.json.Decoder[T], body: bytes) -> T:
    try:
        return decoder.decode(body)
    except msgspec.ValidationError as error:
        raise ApiError(
            422, "INVALID_COMMAND", f"the command is not valid: {error}", {"detail": str(error)}
        ) from error
    except msgspec.DecodeError as error:
        raise ApiError(
            422, "INVALID_JSON", f"the body is not JSON: {error}", {"detail": str(error)}
        ) from error


def _published(items: list[PublishedEvent], tournament_id: str, version: int) -> Response:
    lines = b",".join(item.line for item in items)
    head = msgspec.json.encode({"tournament_id": tournament_id, "version": version})
    return Response(head[:-1] + b',"events":[' + lines + b"]}", media_type="application/json")


def _openapi_schemas() -> tuple[dict[str, Any], dict[str, Any], dict[str, Any]]:
    (command, create), components = msgspec.json.schema_components(
        [TournamentCommand, CreateTournament], ref_template="#/components/schemas/{name}"
    )
    return command, create, components


def create_app(
    service: TournamentService,
    td_token: str | TokenCheck,
    captain_secret: bytes | None = None,
) -> FastAPI:
    """The FastAPI application: the API and the web pages. ``td_token`` is the TD's token, or
    a function that checks one (``pokerfloor serve`` keeps only a salted hash);
    ``captain_secret`` signs the table captains' links (docs/web.md)."""

    check = _token_check(td_token)
    app = FastAPI(
        title="pokerfloor",
        version="0.1.0",
        description="Tournois de poker en direct / live poker tournaments. See docs/api.md.",
    )
    command_schema, create_schema, components = _openapi_schemas()

    def require_td(
        credentials: Annotated[HTTPAuthorizationCredentials | None, Depends(_bearer)],
    ) -> None:
        if credentials is None or not check(credentials.credentials):
            raise ApiError(
                401,
                "UNAUTHORIZED",
                "commands need the TD token: Authorization: Bearer <token>",
                {},
            )

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
        command = _decode(CREATE_DECODER, await _body(request))
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
        command = _decode(COMMAND_DECODER, await _body(request))
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
        return {"tournaments": [service.summary(name) for name in service.tournament_ids()]}

    @app.get("/api/tournaments/{tournament_id}", summary="One tournament")
    def tournament_summary(tournament_id: TournamentIdPath) -> dict[str, Any]:
        result: dict[str, Any] = read(tournament_id, service.summary)
        return result

    @app.get("/api/tournaments/{tournament_id}/clock", summary="The clock screen")
    def clock_screen(tournament_id: TournamentIdPath) -> dict[str, Any]:
        result: dict[str, Any] = read(tournament_id, service.clock_screen)
        return result

    @app.get("/api/tournaments/{tournament_id}/seating", summary="The seating chart")
    def seating_chart(tournament_id: TournamentIdPath) -> dict[str, Any]:
        result: dict[str, Any] = read(tournament_id, service.seating_chart)
        return result

    @app.get("/api/tournaments/{tournament_id}/players", summary="The players")
    def players_list(tournament_id: TournamentIdPath) -> dict[str, Any]:
        result: dict[str, Any] = read(tournament_id, service.players_list)
        return result

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

    @app.get("/api/tournaments/{tournament_id}/events", summary="The event log (public part)")
    def events(
        tournament_id: TournamentIdPath,
        after_seq: Annotated[int, Query(ge=0, le=2**53)] = 0,
        limit: Annotated[int, Query(ge=1, le=MAX_EVENTS_PER_PAGE)] = 1000,
    ) -> Response:
        lines = read(tournament_id, lambda name: service.event_lines(name, after_seq))
        shown = [line for _, kind, line in lines if is_public(kind)][:limit]
        version = lines[-1][0] if lines else after_seq
        head = msgspec.json.encode({"tournament_id": tournament_id, "version": version})
        body = head[:-1] + b',"events":[' + b",".join(shown) + b"]}"
        return Response(body, media_type="application/json")

    @app.websocket("/ws/tournaments/{tournament_id}")
    async def stream(
        websocket: WebSocket,
        tournament_id: str,
        token: str | None = None,
        after_seq: int | None = None,
    ) -> None:
        authorised = token is None or check(token)
        role = "td" if token is not None and authorised else "public"
        exists = await run_in_threadpool(service.exists, tournament_id)
        queue = service.subscribe(tournament_id) if authorised and exists else None
        await websocket.accept()
        if queue is None:
            code, reason = (
                (WS_UNAUTHORIZED, "wrong TD token")
                if not authorised
                else (WS_NOT_FOUND, "no such tournament")
            )
            await websocket.close(code=code, reason=reason)
            return
        try:
            await _pump(websocket, service, tournament_id, queue, role, after_seq)
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
    mount_pages(app, service, check, captain_secret)
    return app


async def _pump(
    websocket: WebSocket,
    service: TournamentService,
    tournament_id: str,
    queue: asyncio.Queue[PublishedEvent],
    role: str,
    after_seq: int | None,
) -> None:
    """Send the backlog after ``after_seq`` (if asked), then each new event, until the client
    leaves. Spectators get public events only."""
    last = 0
    if after_seq is not None:
        backlog = await run_in_threadpool(service.event_lines, tournament_id, max(after_seq, 0))
        for seq, kind, line in backlog:
            if role == "td" or is_public(kind):
                await websocket.send_text(line.decode())
            last = seq

    async def send() -> None:
        while True:
            item = await queue.get()
            if item.seq <= last or (role != "td" and not is_public(item.type)):
                continue
            await websocket.send_text(item.line.decode())

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
