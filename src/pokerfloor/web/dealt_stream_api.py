"""A dealt table's event stream for the TD (issue 32): ``/ws/tournaments/{id}/dealt/tables/{n}``
sends each of the table's events once durable, as one line ``{"seq": n, "type": ..., ...}``
(every card: the TD's credentials only, as ``/ws/tournaments/{id}``), ``after_seq`` first
replaying the stored ones. On several servers each server pushes the events every server
appended (``app/_dealt_cluster.py``), so a client moved to another server with ``after_seq``
misses nothing and sees nothing twice."""

from __future__ import annotations

import asyncio

from fastapi import APIRouter, WebSocket
from starlette.concurrency import run_in_threadpool

from pokerfloor.app._dealt_cluster import TableEvent
from pokerfloor.app.dealt_service import DealtService
from pokerfloor.errors import PokerfloorError
from pokerfloor.web.api_common import ApiError
from pokerfloor.web.api_stream import (
    WS_INVALID_REQUEST,
    WS_NOT_FOUND,
    WS_UNAUTHORIZED,
    _after_seq,
    _role,
)
from pokerfloor.web.pages.common._live import push_until_closed

__all__ = ["router"]

router = APIRouter()


@router.websocket("/ws/tournaments/{tournament_id}/dealt/tables/{table_no}")
async def table_stream(
    websocket: WebSocket,
    tournament_id: str,
    table_no: int,
    ticket: str | None = None,
    after_seq: str | None = None,
) -> None:
    dealt: DealtService = websocket.app.state.dealt
    code, reason, start = 0, "", 0
    try:
        start = _after_seq(after_seq) or 0
    except ApiError:
        code, reason = WS_INVALID_REQUEST, "invalid after_seq"
    if not code and await _role(websocket, None, ticket) != "td":
        code, reason = WS_UNAUTHORIZED, "the TD's credentials only"
    queue: asyncio.Queue[TableEvent] | None = None
    if not code:
        try:
            if not await run_in_threadpool(dealt.is_dealt, tournament_id):
                raise PokerfloorError("NOT_DEALT")
            loop = asyncio.get_running_loop()
            queue = await run_in_threadpool(dealt.subscribe_table, tournament_id, table_no, loop)
        except PokerfloorError:
            code, reason = WS_NOT_FOUND, "no such dealt table"
    await websocket.accept()
    if queue is None:
        await websocket.close(code=code, reason=reason)
        return
    try:
        await _pump(websocket, dealt, tournament_id, table_no, queue, start)
    finally:
        dealt.unsubscribe_table(tournament_id, table_no, queue)


async def _pump(
    websocket: WebSocket,
    dealt: DealtService,
    tournament_id: str,
    table_no: int,
    queue: asyncio.Queue[TableEvent],
    after_seq: int,
) -> None:
    """The stored events after ``after_seq`` (read after subscribing: none falls between),
    then each new one with a higher number, until the client leaves."""
    last = after_seq
    for seq, _kind, line in await run_in_threadpool(
        dealt.table_lines, tournament_id, table_no, after_seq
    ):
        await websocket.send_text(line.decode())
        last = seq

    async def send() -> None:
        nonlocal last
        while True:
            item = await queue.get()
            if item.seq > last:
                await websocket.send_text(item.line.decode())
                last = item.seq

    await push_until_closed(websocket, send)
