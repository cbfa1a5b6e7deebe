"""The tournament API's live stream: a WebSocket per tournament that sends its events once
durable (the TD's whole events, the public's view of them), and the single-use ticket that opens
it as the TD for a program that cannot send a header (docs/api.md)."""

from __future__ import annotations

import asyncio
from typing import Any, cast

import msgspec
from fastapi import APIRouter, Depends, Request, WebSocket
from starlette.concurrency import run_in_threadpool

from pokerfloor.app.public_view import public_line
from pokerfloor.app.service import PublishedEvent, TournamentService
from pokerfloor.errors import PokerfloorError
from pokerfloor.web.api_common import ApiError, require_td
from pokerfloor.web.api_reads import MAX_SEQ
from pokerfloor.web.pages.common._common import is_td
from pokerfloor.web.pages.common._live import push_until_closed
from pokerfloor.web.request_guard import CLIENT_ADDRESS
from pokerfloor.web.sessions import TICKET_SECONDS, Guard, TooManyFailures

__all__ = ["router"]

WS_UNAUTHORIZED = 4401
WS_NOT_FOUND = 4404
WS_DAMAGED = 4500
WS_INVALID_REQUEST = 4422  # a malformed query parameter (``after_seq``)

router = APIRouter()


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


@router.post(
    "/api/ws-ticket",
    summary="A one-minute, single-use WebSocket ticket",
    dependencies=[Depends(require_td)],
)
def ws_ticket(request: Request) -> dict[str, Any]:
    """For a program that cannot send a header on its WebSocket: ``?ticket=`` opens
    ``/ws/tournaments/{id}`` as the TD once, within a minute (docs/api.md)."""
    guard: Guard = request.app.state.guard
    return {"ticket": guard.tickets.issue(), "expires_in_s": TICKET_SECONDS}


async def _role(websocket: WebSocket, token: str | None, ticket: str | None) -> str | None:
    """``td``, ``public`` or None (refused) for a WebSocket: a ticket, the TD token in the
    ``Authorization`` header, or the TD's session cookie from one of our pages make the TD;
    nothing makes the public. A token in the URL is refused unchecked (URLs are logged)."""
    guard: Guard = websocket.app.state.guard
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


@router.websocket("/ws/tournaments/{tournament_id}")
async def stream(
    websocket: WebSocket,
    tournament_id: str,
    token: str | None = None,
    ticket: str | None = None,
    after_seq: str | None = None,
) -> None:
    service = cast(TournamentService, websocket.app.state.service)
    refused: ApiError | None = None
    try:
        start = _after_seq(after_seq)
    except ApiError as error:
        start, refused = None, error
    role = await _role(websocket, token, ticket)
    authorised = role is not None
    code, reason = (WS_UNAUTHORIZED, "wrong TD credential") if not authorised else (0, "")
    if authorised:
        try:
            await run_in_threadpool(service.version, tournament_id)  # loads it
        except PokerfloorError as error:
            damaged = error.code == "TOURNAMENT_DAMAGED"
            code = WS_DAMAGED if damaged else WS_NOT_FOUND
            reason = "tournament damaged" if damaged else "no such tournament"
    if not code and refused is not None:
        code, reason = WS_INVALID_REQUEST, "invalid after_seq"
    queue = service.subscribe(tournament_id) if not code else None
    await websocket.accept()
    if queue is None:
        if code == WS_INVALID_REQUEST and refused is not None:  # the API's error body
            body = {"code": refused.code, "params": refused.params, "message": refused.message}
            await websocket.send_text(msgspec.json.encode(body).decode())
        await websocket.close(code=code, reason=reason)
        return
    try:
        await _pump(websocket, service, tournament_id, queue, role or "public", start)
    finally:
        service.unsubscribe(tournament_id, queue)


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

    await push_until_closed(websocket, send)
