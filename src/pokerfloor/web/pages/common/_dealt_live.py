"""The dealt pages' pushes (issue 31's measure: 1,000 players' phones on one server).

A player's page comes over its WebSocket in three parts, each an element that htmx's WebSocket
extension swaps by its id:

- **the table's part** (``#dealt-table-part``: board, pots, stacks, bets, whose turn, button,
  the action clock), rendered ONCE per table version and language by a ``_TableChannel`` and
  sent as the same text to every viewer of that table (its players' phones and its screen).
  It is the public view: no hole card; static/dealt.js puts the player's own two cards in
  their seat from their own part;
- **the player's own part** (``#dealt-player``, ``#dealt-own``: who and where, busted, rebuy,
  away, their cards, the actions chosen in advance, their choices at their turn), per player
  and small, rendered after each version of their table or a change of their status, and sent
  only when it changed;
- **the tournament's part** (``#dealt-left``: the players left), rendered once per language
  by the tournament's hub (``_dealt_hub``) when it changes, the same text to every player.

What wakes what: a change at a table wakes its channel only (``DealtService.subscribe`` by
table, ``app.dealt_push``); a tournament event wakes the hub, which reads the statuses that
event can have changed (``player_status``: name, place, rebuy, table and seat) and wakes only
the players whose status changed (a bust, a move, a rebuy) and, when the number of players left
changed, every player with the same text. A hand's end at one table thus renders nothing at
the 110 others.

Time: the action clock's remaining milliseconds are rendered with the table's version and the
page counts down by itself (static/dealt.js; a paused table's clock stands still): nothing is
pushed because a second passed. A viewer who connects gets the channel's last text when it is
fresh, else a render of the moment (its remaining time read now).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
import weakref
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from fastapi import WebSocket
from starlette.concurrency import run_in_threadpool

from pokerfloor.app.dealt_service import DealtService
from pokerfloor.dealt import DealtTable
from pokerfloor.errors import PokerfloorError
from pokerfloor.web.pages.common._common import Pages
from pokerfloor.web.pages.common._dealt_hub import BURST_SECONDS as _BURST_SECONDS
from pokerfloor.web.pages.common._dealt_hub import CLOSED, Changes, hub
from pokerfloor.web.pages.common._dealt_hub import Inbox as Inbox  # the spectators' too
from pokerfloor.web.pages.common._dealt_render import own_part, table_part
from pokerfloor.web.pages.common._live import push_until_closed

__all__ = ["push_player", "push_table"]

log = logging.getLogger("pokerfloor.dealt")
_CLOSED = CLOSED  # the spectators' channel says it too (``_dealt_watch_live``)
_FRESH_SECONDS = 0.05  # a table's text this recent is sent as it is to a viewer who connects


def _drain(inbox: Inbox) -> set[str]:
    items = set()
    while not inbox.empty():
        items.add(inbox.get_nowait())
    return items


class _Channel:
    """What a table's and a spectators' channel share: its viewers join and leave; the first
    starts its task, the last stops it and takes the channel out of its registry."""

    key: tuple[object, ...]
    viewers: set[Inbox]
    task: asyncio.Task[None] | None

    def _registry(self) -> dict[tuple[object, ...], Any]:
        raise NotImplementedError

    async def _run(self) -> None:
        raise NotImplementedError

    def join(self, inbox: Inbox) -> None:
        self.viewers.add(inbox)
        if self.task is None:
            self.task = asyncio.create_task(self._run())

    def leave(self, inbox: Inbox) -> None:
        self.viewers.discard(inbox)
        if not self.viewers:
            registry = self._registry()
            if registry.get(self.key) is self:
                del registry[self.key]
            if self.task is not None:
                self.task.cancel()


@dataclass(eq=False)
class _TableChannel(_Channel):
    """The viewers of one table in one language (public, or the TD's view): one subscription
    to that table's changes, one render per version, the same text for each viewer."""

    key: tuple[object, ...]
    pages: Pages
    dealt: DealtService
    tournament_id: str
    table_no: int
    language: str
    td: bool
    viewers: set[Inbox] = field(default_factory=set)
    html: str = ""
    steady: str = ""
    html_at: float = -1.0
    renders: int = 0  # how many times it rendered (the tests count them)
    ready: asyncio.Event = field(default_factory=asyncio.Event)
    failed: bool = False
    task: asyncio.Task[None] | None = None

    def _registry(self) -> dict[tuple[object, ...], Any]:
        return _TABLES

    def _render(self) -> str:
        self.renders += 1
        return table_part(self.dealt, self.tournament_id, self.table_no, self.language, self.td)

    async def first(self) -> str:
        """The text for a viewer who connects: the last one when fresh, else a render now."""
        await self.ready.wait()
        if time.monotonic() - self.html_at < _FRESH_SECONDS:
            return self.html
        return await run_in_threadpool(self._render)

    def _publish(self, html: str, steady: str) -> None:
        self.html, self.steady, self.html_at = html, steady, time.monotonic()
        for inbox in self.viewers:
            inbox.put_nowait("table")

    async def _run(self) -> None:
        queue = self.dealt.subscribe(self.tournament_id, self.table_no)
        try:
            html = await run_in_threadpool(self._render)
            self.html, self.steady, self.html_at = html, _steady(html), time.monotonic()
            self.ready.set()
            while True:
                await queue.get()
                await asyncio.sleep(_BURST_SECONDS)
                while not queue.empty():
                    queue.get_nowait()
                try:  # in the loop: a small render of a loaded table, no lock to wait for
                    html = self._render()
                except PokerfloorError:
                    raise
                except Exception:  # a read that overlapped the dealer's change: the next one
                    log.warning("dealt table render %s/%s", self.tournament_id, self.table_no)
                    continue  # renders again (``DealtService.live_table``)
                steady = _steady(html)  # once per render
                if steady != self.steady:  # not only the clock's milliseconds
                    self._publish(html, steady)
                else:  # the shared part is the same: a player's own part may not be (an
                    for inbox in self.viewers:  # action chosen in advance)
                        inbox.put_nowait("own")
        except Exception:  # e.g. the tournament is gone: its viewers leave
            self.failed = True
            if _TABLES.get(self.key) is self:
                del _TABLES[self.key]
            self.ready.set()
            for inbox in self.viewers:
                inbox.put_nowait(_CLOSED)
        finally:
            self.dealt.unsubscribe(self.tournament_id, queue)


_TABLES: dict[tuple[object, ...], _TableChannel] = {}
_CLOCK_LEFT = ' data-remaining-ms="'


def _steady(html: str) -> str:
    """``steady_part`` of a table's part, which ticks in one place only, the action clock of
    the seat to act (``_dealt_seat.html``): its time left cut out by two look-ups instead of
    ``steady_part``'s regular expressions over every tag (4 % of the server's samples)."""
    at = html.find(_CLOCK_LEFT)
    if at < 0:
        return html
    return html[:at] + html[html.find("</span>", at) :]


def _table_channel(
    pages: Pages, dealt: DealtService, tournament_id: str, table_no: int, language: str, td: bool
) -> _TableChannel:
    key = (id(asyncio.get_running_loop()), id(pages), tournament_id, table_no, language, td)
    channel = _TABLES.get(key)
    if channel is None:
        channel = _TABLES[key] = _TableChannel(
            key, pages, dealt, tournament_id, table_no, language, td
        )
    return channel


_TO_ACT: weakref.WeakKeyDictionary[DealtTable, tuple[int, int]] = weakref.WeakKeyDictionary()


def _to_act(table: DealtTable) -> int:
    """``table.to_act_seat()`` (a replay of the hand) once per table version, not once per
    player of the table."""
    version = len(table.events)
    known = _TO_ACT.get(table)
    if known is None or known[0] != version:
        known = _TO_ACT[table] = (version, table.to_act_seat())
    return known[1]


_NO_TABLE = '<div id="dealt-table-part" class="dealt-table-part" data-hand="0"></div>'


async def push_player(
    websocket: WebSocket,
    pages: Pages,
    dealt: DealtService,
    tournament_id: str,
    player_id: str,
    language: str,
    link: str,
    answer: Callable[[str], Awaitable[str]] | None = None,
) -> None:
    """A player's page: the table's shared part, their own part, the tournament's part; each
    sent when it changed (the table's part as the channel's text, the same for all).
    ``answer``: what to send back for a message from the page (their action)."""
    player_hub = hub(pages, dealt, tournament_id)
    inbox = Changes()
    player_hub.join(player_id, inbox)
    channel: _TableChannel | None = None

    heads: dict[tuple[object, ...], str] = {}  # the player's head part by what it shows

    def own(status: dict[str, Any]) -> str:
        return own_part(dealt, tournament_id, player_id, status, language, link, heads)

    def own_key(status: dict[str, Any]) -> tuple[object, ...]:
        """What the own part depends on, cheap to read: equal keys, equal parts (their cards
        are the hand's; their choices exist at their turn only, keyed then by the version;
        their seat folds or goes all-in at their turn only)."""
        table = dealt.live_table(tournament_id, status["table_no"])
        seat_no = status["seat_no"]
        turn = _to_act(table) == seat_no
        return (
            tuple(status.items()),
            table.hand_no,
            table.in_hand,
            id(table.finished),
            len(table.events) if turn else -1,
            seat_no in table.away,
            dealt.live_advance_choice(tournament_id, player_id, table),
        )

    async def push() -> None:
        nonlocal channel
        await player_hub.ready.wait()
        last_own, last_key, table_no, first = "", None, -1, True
        while True:
            whats = {"own", "left"} if first else await inbox.take()
            if _CLOSED in whats:
                return
            first = False
            status = player_hub.statuses.get(player_id)
            if status is None:  # registered after the hub's last read (a late entry)
                status = (await run_in_threadpool(player_hub.read))[0].get(player_id)
            if status is None:
                raise PokerfloorError("UNKNOWN_PLAYER", {"player": player_id[:40]})
            # What changed goes as ONE message (the parts one after the other, each swapped
            # by its id): one frame, one write, where the table's part and the player's own
            # part changed together (most actions).
            out: list[str] = []
            moved = status["table_no"] != table_no
            if moved:  # seated, moved or busted: another table
                table_no = status["table_no"]
                if channel is not None:
                    channel.leave(inbox)
                    channel = None
                if table_no:
                    channel = _table_channel(pages, dealt, tournament_id, table_no, language,
                                             td=False)  # fmt: skip
                    channel.join(inbox)
                    out.append(await channel.first())
                else:
                    out.append(_NO_TABLE)
                whats.add("own")
                whats.discard("table")
            if "table" in whats and channel is not None:
                if channel.failed:
                    return
                out.append(channel.html)  # the same text for every viewer
            if "left" in whats:
                out.append(player_hub.left_part(language))
            if whats & {"table", "own"}:
                html: str | None = None
                if moved or not table_no:  # a table maybe not loaded yet: off the loop
                    html, last_key = await run_in_threadpool(own, status), None
                else:  # small, in the loop (a loaded table, no lock: ``live_table``)
                    try:
                        key: tuple[object, ...] | None = own_key(status)
                    except PokerfloorError:
                        raise
                    except Exception:  # a read that overlapped the dealer's change
                        key = None
                    if key is None or key != last_key:  # else nothing of it changed: no render
                        html, last_key = own(status), key
                if html is not None and html != last_own:
                    last_own = html
                    out.append(html)
            if out:
                await websocket.send_text("".join(out))

    async def receive(message: str) -> None:
        if answer is not None:
            await websocket.send_text(await answer(message))

    try:
        await push_until_closed(websocket, push, PokerfloorError, receive=receive)
    finally:
        player_hub.leave(player_id, inbox)
        if channel is not None:
            channel.leave(inbox)
        with contextlib.suppress(Exception):
            await websocket.close()


async def push_table(
    websocket: WebSocket,
    pages: Pages,
    dealt: DealtService,
    tournament_id: str,
    table_no: int,
    language: str,
    td: bool,
) -> None:
    """A table's screen (or the TD's view): the channel's text, each time it changed."""
    channel = _table_channel(pages, dealt, tournament_id, table_no, language, td)
    inbox = Changes()
    channel.join(inbox)

    async def push() -> None:
        await websocket.send_text(await channel.first())
        while True:
            whats = await inbox.take()
            if _CLOSED in whats or channel.failed:
                return
            if "table" in whats:
                await websocket.send_text(channel.html)

    try:
        await push_until_closed(websocket, push, PokerfloorError)
    finally:
        channel.leave(inbox)
        with contextlib.suppress(Exception):
            await websocket.close()


def channel_renders(tournament_id: str, table_no: int) -> int:
    """How many times the channels of a table rendered (every language and access)."""
    return sum(
        channel.renders
        for channel in _TABLES.values()
        if channel.tournament_id == tournament_id and channel.table_no == table_no
    )
