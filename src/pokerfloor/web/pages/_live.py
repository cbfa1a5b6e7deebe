"""Live pages: a WebSocket that pushes fresh HTML fragments to htmx's WebSocket extension.

A page declares ``<div hx-ext="ws" ws-connect="/t/ID/live?view=clock">``; every element of a
pushed fragment that has an ``id`` replaces the element with the same id (htmx's out-of-band
swap). The fragment is sent on connection (so a reconnect, or a restarted server, shows the
current state at once), after every durable event of the tournament, and, for views that show
the clock, every second (the server's clock is the only one: a screen never drifts, even after
sleeping). Views that show private information (the TD console) need the TD's cookie.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Callable, Coroutine
from dataclasses import dataclass
from typing import Any

from fastapi import APIRouter, WebSocket
from starlette.concurrency import run_in_threadpool
from starlette.websockets import WebSocketDisconnect

from pokerfloor.app.service import TournamentService
from pokerfloor.errors import PokerfloorError
from pokerfloor.web import i18n
from pokerfloor.web.pages._common import Pages, is_td, locale_of, pages_of, render_fragment

__all__ = [
    "LiveView",
    "drain_burst",
    "live_view",
    "panel_view",
    "push_until_closed",
    "router",
]

router = APIRouter()
WS_UNAUTHORIZED = 4401
WS_NOT_FOUND = 4404


@dataclass(frozen=True)
class LiveView:
    """``render(pages, tournament_id, language, params)`` gives the fragment's HTML;
    ``params`` are the WebSocket's query parameters (e.g. a table number)."""

    render: Callable[[Pages, str, str, dict[str, str]], str]
    td_only: bool = False
    every_second: bool = False
    # Checks the query parameters (e.g. a captain's key); False closes the socket.
    allowed: Callable[[Pages, str, dict[str, str]], bool] | None = None


VIEWS: dict[str, LiveView] = {}


def live_view(name: str, view: LiveView) -> None:
    """Register a live fragment under ``name`` (``?view=name``)."""
    VIEWS[name] = view


def panel_view(
    template: str,
    context: Callable[[TournamentService, str], dict[str, Any]],
    *,
    td_only: bool = False,
    every_second: bool = False,
) -> LiveView:
    """A live view of ``template`` filled with ``context(service, tournament_id)``; the context
    is computed in the viewer's language too, as it may hold translated labels."""

    def render(pages: Pages, tournament_id: str, language: str, _params: dict[str, str]) -> str:
        with i18n.use_locale(language):
            values = context(pages.service, tournament_id)
        return render_fragment(template, language, pages, **values)

    return LiveView(render=render, td_only=td_only, every_second=every_second)


@router.websocket("/t/{tournament_id}/live")
async def live(websocket: WebSocket, tournament_id: str, view: str = "") -> None:
    pages = pages_of(websocket)
    chosen = VIEWS.get(view)
    params = dict(websocket.query_params)
    await websocket.accept()
    if chosen is None or not await run_in_threadpool(pages.service.exists, tournament_id):
        await websocket.close(code=WS_NOT_FOUND, reason="no such tournament or view")
        return
    allowed = chosen.allowed is None or chosen.allowed(pages, tournament_id, params)
    if (chosen.td_only and not is_td(websocket)) or not allowed:
        await websocket.close(code=WS_UNAUTHORIZED, reason="not allowed")
        return
    language = locale_of(websocket)
    queue = pages.service.subscribe(tournament_id)

    async def send() -> None:
        html = await run_in_threadpool(chosen.render, pages, tournament_id, language, params)
        await websocket.send_text(html)

    async def push() -> None:
        await send()
        while True:
            timeout = 1 - (time.time() % 1) + 0.01 if chosen.every_second else None
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(queue.get(), timeout)
                await drain_burst(queue)
            await send()

    try:
        await push_until_closed(websocket, push, PokerfloorError)
    finally:
        pages.service.unsubscribe(tournament_id, queue)


async def drain_burst(queue: asyncio.Queue[Any]) -> None:
    """After a queue's first item, wait a little and drop what came meanwhile: one render for
    a burst of events."""
    await asyncio.sleep(0.05)
    while not queue.empty():
        queue.get_nowait()


async def push_until_closed(
    websocket: WebSocket, push: Callable[[], Coroutine[Any, Any, None]], *quiet: type[BaseException]
) -> None:
    """Run ``push`` until it returns or the viewer leaves, whichever comes first; the end of
    the other one, and errors of the types ``quiet``, are not the viewer's business."""

    async def listen() -> None:
        with contextlib.suppress(WebSocketDisconnect):
            while (await websocket.receive())["type"] != "websocket.disconnect":
                pass

    tasks = {asyncio.create_task(push()), asyncio.create_task(listen())}
    done, pending = await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
    for task in pending:
        task.cancel()
    for task in (*pending, *done):
        with contextlib.suppress(asyncio.CancelledError, WebSocketDisconnect, RuntimeError, *quiet):
            await task
