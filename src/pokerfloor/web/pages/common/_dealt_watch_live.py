"""The spectators' pushes of a dealt table (issue 31 item 4): the delayed table rendered every
``every`` seconds once per table and language for all its spectators, the same text sent to each
when it changed; when the TD forbids spectators, the last text says so and the socket closes.
The channels' common part (viewers joining and leaving) is ``_dealt_live._Channel``."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from fastapi import WebSocket
from starlette.concurrency import run_in_threadpool

from pokerfloor.errors import PokerfloorError
from pokerfloor.web.pages.common._dealt_live import _CLOSED, Inbox, _Channel, _drain
from pokerfloor.web.pages.common._live import push_until_closed

__all__ = ["push_watch"]


@dataclass(eq=False)
class _WatchChannel(_Channel):
    """The spectators of one table in one language: the delayed table rendered every
    ``every`` seconds once for all of them (the delay moves with time), the same text sent
    to each when it changed; ``build`` answers (html, still open)."""

    key: tuple[object, ...]
    build: Callable[[], tuple[str, bool]]
    every: float
    viewers: set[Inbox] = field(default_factory=set)
    html: str = ""
    open: bool = True
    ready: asyncio.Event = field(default_factory=asyncio.Event)
    task: asyncio.Task[None] | None = None

    def _registry(self) -> dict[tuple[object, ...], Any]:
        return _WATCHES

    async def _run(self) -> None:
        try:
            while self.open:
                html, self.open = await run_in_threadpool(self.build)
                if html != self.html or not self.open:
                    self.html = html
                    self.ready.set()
                    for inbox in self.viewers:
                        inbox.put_nowait("table")
                await asyncio.sleep(self.every)
        finally:
            if _WATCHES.get(self.key) is self:
                del _WATCHES[self.key]
            self.open = False
            self.ready.set()
            for inbox in self.viewers:
                inbox.put_nowait(_CLOSED)


_WATCHES: dict[tuple[object, ...], _WatchChannel] = {}


async def push_watch(
    websocket: WebSocket,
    key: tuple[object, ...],
    build: Callable[[], tuple[str, bool]],
    every: float,
) -> None:
    """A spectator's page: the delayed table of the channel ``key`` (tournament, table,
    language), rendered once for all its spectators every ``every`` seconds; when the TD
    forbids spectators, the last text says so and the socket closes."""
    full_key = (id(asyncio.get_running_loop()), *key)
    channel = _WATCHES.get(full_key)
    if channel is None or not channel.open:
        channel = _WATCHES[full_key] = _WatchChannel(full_key, build, every)
    inbox: Inbox = asyncio.Queue()
    channel.join(inbox)

    async def push() -> None:
        await channel.ready.wait()
        sent = ""
        while True:
            if channel.html and channel.html != sent:
                sent = channel.html
                await websocket.send_text(sent)
            if not channel.open:
                return
            whats = {await inbox.get()} | _drain(inbox)
            if _CLOSED in whats and not channel.html:
                return

    try:
        await push_until_closed(websocket, push, PokerfloorError)
    finally:
        channel.leave(inbox)
        with contextlib.suppress(Exception):
            await websocket.close()
