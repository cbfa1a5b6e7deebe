"""Live pages: a WebSocket that pushes fresh HTML fragments to htmx's WebSocket extension.

A page declares ``<div hx-ext="ws" ws-connect="/t/ID/live?view=clock">``; every element of a
pushed fragment that has an ``id`` replaces the element with the same id (htmx's out-of-band
swap). The fragment is sent on connection (so a reconnect, or a restarted server, shows the
current state at once) and after every durable event of the tournament. Views that show private
information (the TD console) need the TD's cookie.

A fragment is rendered once per event for all the viewers who see the same thing (a
``_Channel``: the same tournament, view, language, query parameters and access), and the same
text is sent to each of them. Views whose content moves with time (``every_second``: clocks,
minutes waited) are rendered once a second per channel, and pushed only when something other
than a ticking value changed: the text of an element marked ``data-ticks`` and the
``data-*-ms`` attributes tick in the page (static/clock.js counts them down from the push), so
the clock screen's countdown is not pushed every second; a view without ``data-ticks`` is
still pushed each second its text changes.
"""

from __future__ import annotations

import asyncio
import contextlib
import re
import time
from collections.abc import Callable, Coroutine
from dataclasses import dataclass, field
from typing import Any

from fastapi import APIRouter, WebSocket
from starlette.concurrency import run_in_threadpool
from starlette.websockets import WebSocketDisconnect

from pokerfloor.app.service import TournamentService
from pokerfloor.errors import PokerfloorError
from pokerfloor.web import i18n
from pokerfloor.web.pages.common._common import Pages, is_td, locale_of, pages_of, render_fragment

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
    td = is_td(websocket)
    if (chosen.td_only and not td) or not allowed:
        await websocket.close(code=WS_UNAUTHORIZED, reason="not allowed")
        return
    language = locale_of(websocket)
    loop = id(asyncio.get_running_loop())  # a channel's tasks and condition live in one loop
    key = (loop, id(pages), tournament_id, view, language, td, tuple(sorted(params.items())))
    channel = _CHANNELS.get(key)
    if channel is None:
        channel = _CHANNELS[key] = _Channel(key, pages, tournament_id, chosen, language, params)
    channel.join()

    async def push() -> None:
        html, seen = await channel.first()
        await websocket.send_text(html)
        while True:
            html, seen = await channel.next(seen)
            await websocket.send_text(html)

    try:
        await push_until_closed(websocket, push, PokerfloorError)
    finally:
        channel.leave()


# A ticking value: the text of an element marked data-ticks (text only, no element inside),
# a data-*-ms attribute.
_TICKING = re.compile(r"(<(\w+)\b[^>]*\sdata-ticks\b[^>]*>)[^<]*(</\2>)")
_MS_ATTRIBUTE = re.compile(r'\sdata-[\w-]+-ms="[^"]*"')
_FRESH_SECONDS = 0.05  # a fragment this recent is sent as it is to a viewer who connects
# A command's events are published together: a short wait merges them (and a quick series of
# commands) into one render for the channel, which every viewer then shares.
_BURST_SECONDS = 0.01


def steady_part(html: str) -> str:
    """``html`` without what ticks in the page: equal for two renders a second apart when
    nothing but the time moved."""
    return _MS_ATTRIBUTE.sub("", _TICKING.sub(r"\1\3", html))


_CHANNELS: dict[tuple[object, ...], _Channel] = {}


@dataclass(eq=False)
class _Channel:
    """The viewers of one fragment (same tournament, view, language, parameters and access):
    one subscription to the tournament's events, one render per event, the same text sent
    to each viewer (``version`` counts the pushes)."""

    key: tuple[object, ...]
    pages: Pages
    tournament_id: str
    view: LiveView
    language: str
    params: dict[str, str]
    viewers: int = 0
    html: str = ""
    steady: str = ""
    html_at: float = -1.0  # when ``html`` was rendered (time.monotonic)
    version: int = 0
    failed: BaseException | None = None
    changed: asyncio.Condition = field(default_factory=asyncio.Condition)
    task: asyncio.Task[None] | None = None

    def join(self) -> None:
        self.viewers += 1
        if self.task is None:
            self.task = asyncio.create_task(self._run())

    def leave(self) -> None:
        self.viewers -= 1
        if self.viewers <= 0:
            if _CHANNELS.get(self.key) is self:
                del _CHANNELS[self.key]
            if self.task is not None:
                self.task.cancel()

    async def _render(self) -> str:
        return await run_in_threadpool(
            self.view.render, self.pages, self.tournament_id, self.language, self.params
        )

    async def first(self) -> tuple[str, int]:
        """What a viewer who connects is sent: the last push when it is fresh, or when the
        view only changes with events; else a render of the moment (a countdown's
        ``data-*-ms`` are read at reception)."""
        if self.version == 0:  # the channel's first render is under way: share it
            await self.next(0)
        version = self.version
        if not self.view.every_second or time.monotonic() - self.html_at < _FRESH_SECONDS:
            return self.html, version
        return await self._render(), version

    async def next(self, seen: int) -> tuple[str, int]:
        """The next push after version ``seen`` (the latest, when several came meanwhile)."""
        async with self.changed:
            await self.changed.wait_for(lambda: self.version > seen or self.failed is not None)
        if self.failed is not None:
            raise self.failed
        return self.html, self.version

    async def _publish(self, html: str) -> None:
        self.html, self.steady, self.html_at = html, steady_part(html), time.monotonic()
        self.version += 1
        async with self.changed:
            self.changed.notify_all()

    async def _run(self) -> None:
        service = self.pages.service
        queue = service.subscribe(self.tournament_id)
        every_second = self.view.every_second
        try:
            await self._publish(await self._render())
            while True:
                timeout = 1 - (time.time() % 1) + 0.01 if every_second else None
                try:
                    await asyncio.wait_for(queue.get(), timeout)
                except TimeoutError:  # the second turned: push only what did not tick
                    html = await self._render()
                    if steady_part(html) != self.steady:
                        await self._publish(html)
                    else:  # kept for viewers who connect; the others tick it themselves
                        self.html, self.html_at = html, time.monotonic()
                    continue
                await drain_burst(queue, _BURST_SECONDS)
                await self._publish(await self._render())
        except Exception as error:  # e.g. the tournament is gone: its viewers leave
            self.failed = error
            if _CHANNELS.get(self.key) is self:
                del _CHANNELS[self.key]
            async with self.changed:
                self.changed.notify_all()
        finally:
            service.unsubscribe(self.tournament_id, queue)


async def drain_burst(queue: asyncio.Queue[Any], wait: float = 0.05) -> None:
    """After a queue's first item, wait ``wait`` seconds and drop what came meanwhile: one
    render for a burst of events."""
    await asyncio.sleep(wait)
    while not queue.empty():
        queue.get_nowait()


async def push_until_closed(
    websocket: WebSocket,
    push: Callable[[], Coroutine[Any, Any, None]],
    *quiet: type[BaseException],
    receive: Callable[[str], Coroutine[Any, Any, None]] | None = None,
) -> None:
    """Run ``push`` until it returns or the viewer leaves, whichever comes first; the end of
    the other one, and errors of the types ``quiet``, are not the viewer's business.
    ``receive``: called with each text message the viewer sends, in turn (none: ignored)."""

    async def listen() -> None:
        with contextlib.suppress(WebSocketDisconnect):
            while True:
                message = await websocket.receive()
                if message["type"] == "websocket.disconnect":
                    return
                text = message.get("text")
                if receive is not None and text is not None:
                    await receive(text)

    tasks = {asyncio.create_task(push()), asyncio.create_task(listen())}
    done, pending = await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
    for task in pending:
        task.cancel()
    for task in (*pending, *done):
        with contextlib.suppress(asyncio.CancelledError, WebSocketDisconnect, RuntimeError, *quiet):
            await task
