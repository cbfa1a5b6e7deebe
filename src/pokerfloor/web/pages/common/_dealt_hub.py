"""A dealt tournament's players' pages, seen from the tournament (``_Hub``): who changed of
the players (busted, moved, a rebuy offered or gone) and how many are left.

One subscription per tournament and server: at a tournament event (or a dealt change of
unknown extent: moves, breaks) the hub reads the statuses (``player_status``) of the players
the event can have changed, and wakes only those whose status changed; when the number of
players left changed, every player gets the same text. Issue 31's measure: reading all 1,000
statuses at every hand recorded (``Desk.rebuy_refusal`` each) was 3 % of the server's samples
in the collector alone; a hand recorded changes the statuses of its table's players only.

What an event can change (``event_extent``): a recorded hand, its table's players and the
players busted at that table (a rebuy offered after the rebuy period's last level counts the
hands of the table they left, ``Desk.rebuy_period``); a bust, a rebuy, a move, the players it
names and their tables; a button placed or hand-for-hand, none. Any other event (the clock,
a registration, a correction...), a dealt change of unknown extent and the moment a rebuy
period ends (``recheck_ms``) read every status again.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any, Protocol

from starlette.concurrency import run_in_threadpool

from pokerfloor.app.dealt_push import ANY_TABLE, TableChanged
from pokerfloor.app.dealt_service import DealtService
from pokerfloor.app.service import PublishedEvent
from pokerfloor.tournament.events import (
    BustRebought,
    ButtonPlaced,
    HandForHandChanged,
    HandPlayed,
    PlayersBusted,
    PlayersMoved,
    SeatChanged,
)
from pokerfloor.web.pages.common._common import Pages, render_fragment
from pokerfloor.web.pages.common._dealt_common import player_status, status_changes_at

__all__ = ["BURST_SECONDS", "CLOSED", "Changes", "Hub", "Inbox", "event_extent", "hub"]

BURST_SECONDS = 0.005  # the events of one command, and a tick right after it: one read
_RECHECK_AT_MOST_S = 1.0  # a hub waiting for a status to change by time looks this often
CLOSED = "closed"


class Inbox(Protocol):
    """What changed for a viewer: "table", "own", "left", "closed" (an ``asyncio.Queue[str]``
    is one, the spectators'; a page's own is a ``Changes``)."""

    def put_nowait(self, item: str, /) -> None: ...

    async def get(self) -> str: ...

    def get_nowait(self) -> str: ...

    def empty(self) -> bool: ...


class Changes:
    """A viewer's inbox as the set of what changed since it last looked: ``take`` waits for
    something and returns it all. Issue 31's measure: an ``asyncio.Queue`` per viewer asked
    for the running loop (and the process id) at every wait, and ``_drain`` took its items one
    by one; about ten viewers wake per action."""

    __slots__ = ("_loop", "_pending", "_waiter")

    def __init__(self) -> None:
        self._loop = asyncio.get_running_loop()
        self._pending: set[str] = set()
        self._waiter: asyncio.Future[None] | None = None

    def put_nowait(self, item: str, /) -> None:
        self._pending.add(item)
        waiter = self._waiter
        if waiter is not None and not waiter.done():
            waiter.set_result(None)

    async def _wait(self) -> None:
        while not self._pending:
            self._waiter = self._loop.create_future()
            try:
                await self._waiter
            finally:
                self._waiter = None

    async def take(self) -> set[str]:
        """Everything that changed, once something did."""
        await self._wait()
        taken, self._pending = self._pending, set()
        return taken

    async def get(self) -> str:
        await self._wait()
        return self._pending.pop()

    def get_nowait(self) -> str:
        return self._pending.pop()  # KeyError when empty (a Queue's QueueEmpty)

    def empty(self) -> bool:
        return not self._pending


# The tables and the players an event can have changed the statuses of; None: any.
Extent = tuple[set[int], set[str]] | None


def event_extent(event: object) -> Extent:
    """The tables and players whose statuses ``event`` can have changed (None: unknown, every
    player's status is read again)."""
    if isinstance(event, HandPlayed):
        return {event.table_no}, {player.player_id for player in event.players}
    if isinstance(event, PlayersBusted):
        named = set()
        for placement in event.placements:
            named.add(placement.player_id)
            named.update(placement.tied_with)
        return {event.table_no}, named
    if isinstance(event, BustRebought):
        return {event.table_no}, {event.player_id}
    if isinstance(event, PlayersMoved | SeatChanged):
        tables = {n for move in event.moves for n in (move.source.table_no, move.target.table_no)}
        return tables, {move.player_id for move in event.moves}
    if isinstance(event, ButtonPlaced | HandForHandChanged):  # a move's, a bubble's: no status
        return set(), set()
    return None


def merged_extent(extents: Iterable[Extent]) -> Extent:
    tables: set[int] = set()
    named: set[str] = set()
    for extent in extents:
        if extent is None:
            return None
        tables |= extent[0]
        named |= extent[1]
    return tables, named


def _home_table(tournament: Any, player_id: str) -> int:
    """The table whose hands can change a player's status: theirs, or the one they busted at."""
    player = tournament.players[player_id]
    seat = player.seat or player.last_seat
    return seat.table_no if seat is not None else 0


@dataclass(eq=False)
class Hub:
    """A tournament's players' pages: one subscription to the tournament's events (and to
    the dealt changes of unknown extent: moves, breaks), the statuses an event can have
    changed read once per change, only the players whose status changed woken."""

    key: tuple[object, ...]
    pages: Pages
    dealt: DealtService
    tournament_id: str
    players: dict[str, set[Inbox]] = field(default_factory=dict)
    statuses: dict[str, dict[str, Any]] = field(default_factory=dict)
    # Every player by the table whose events can change their status (``_home_table``), as
    # of their last read: a player who moves is named by the move.
    by_table: dict[int, set[str]] = field(default_factory=dict)
    home: dict[str, int] = field(default_factory=dict)  # the other way round
    left: int = 0
    left_html: dict[str, str] = field(default_factory=dict)  # by language
    # When a status may change with no event (a rebuy window closing with its level): the
    # statuses are read again then (``status_changes_at``).
    recheck_ms: int | None = None
    reads: int = 0  # the statuses read, all reads together (the tests count them)
    ready: asyncio.Event = field(default_factory=asyncio.Event)
    task: asyncio.Task[None] | None = None

    def join(self, player_id: str, inbox: Inbox) -> None:
        self.players.setdefault(player_id, set()).add(inbox)
        if self.task is None:
            self.task = asyncio.create_task(self._run())

    def leave(self, player_id: str, inbox: Inbox) -> None:
        inboxes = self.players.get(player_id, set())
        inboxes.discard(inbox)
        if not inboxes:
            self.players.pop(player_id, None)
        if not self.players:
            if _HUBS.get(self.key) is self:
                del _HUBS[self.key]
            if self.task is not None:
                self.task.cancel()

    def left_part(self, language: str) -> str:
        html = self.left_html.get(language)
        if html is None:
            html = self.left_html[language] = render_fragment(
                "dealt_player_left.html", language, self.pages, players_left=self.left
            )
        return html

    def read(self) -> tuple[dict[str, dict[str, Any]], int]:
        """Every player's status and the players left (a late entry's page reads them so)."""
        statuses, left, _read = self._read(None, keep=False)
        return statuses, left

    def _read(
        self, extent: Extent, keep: bool = True
    ) -> tuple[dict[str, dict[str, Any]], int, set[str]]:
        """The statuses, those ``extent`` names read again (None: every one), the players
        left and the players read. ``keep``: the hub's own read, which keeps the players by
        table and when to read them all again although no event came (``recheck_ms``)."""
        now = self.dealt.clock()

        def read(tournament: Any) -> tuple[dict[str, dict[str, Any]], int, set[str]]:
            # Under the tournament's lock: the hub's reads, each in a thread, one at a time.
            if extent is None:
                chosen: Iterable[str] = tournament.players
                statuses: dict[str, dict[str, Any]] = {}
                by_table: dict[int, set[str]] = {}
                home: dict[str, int] = {}
            else:
                tables, named = extent
                chosen = named.union(*(self.by_table.get(n, ()) for n in tables))
                statuses, by_table, home = dict(self.statuses), self.by_table, self.home
            read = set()
            for player_id in chosen:
                status = player_status(tournament, player_id, now)
                if status is None:
                    continue
                read.add(player_id)
                statuses[player_id] = status
                if keep:
                    table_no = _home_table(tournament, player_id)
                    was = home.get(player_id)
                    if was != table_no:
                        if was is not None:
                            by_table[was].discard(player_id)
                        by_table.setdefault(table_no, set()).add(player_id)
                        home[player_id] = table_no
            if keep:  # a player just busted may be offered a rebuy until the period's end
                self.by_table, self.home = by_table, home
                self.recheck_ms = status_changes_at(tournament, statuses, now)
            self.reads += len(read)
            return statuses, tournament.players_left, read

        return self.dealt.tournaments.read(self.tournament_id, read)

    def _timeout(self) -> float | None:
        """The seconds to wait for an event before reading the statuses again (None: only
        events), at most ``_RECHECK_AT_MOST_S``: a moment of the service's clock, which a
        test moves by hand, is not one of the event loop's."""
        if self.recheck_ms is None:
            return None
        return min(max(0.0, (self.recheck_ms - self.dealt.clock()) / 1000), _RECHECK_AT_MOST_S)

    def _due(self) -> bool:
        return self.recheck_ms is not None and self.dealt.clock() >= self.recheck_ms

    async def _update(self, extent: Extent) -> None:
        statuses, left, read = await run_in_threadpool(self._read, extent)
        changed = [p for p in read if self.statuses.get(p) != statuses[p]]
        self.statuses = statuses
        for player_id in changed:
            for inbox in self.players.get(player_id, ()):
                inbox.put_nowait("own")
        if left != self.left:
            self.left, self.left_html = left, {}
            for inboxes in self.players.values():
                for inbox in inboxes:
                    inbox.put_nowait("left")

    async def _run(self) -> None:
        service = self.pages.service
        events = service.subscribe(self.tournament_id)
        changes = self.dealt.subscribe(self.tournament_id, ANY_TABLE)
        try:
            self.statuses, self.left, _read = await run_in_threadpool(self._read, None)
            self.ready.set()
            while True:
                waiting: set[asyncio.Future[PublishedEvent | TableChanged]] = {
                    asyncio.ensure_future(events.get()),
                    asyncio.ensure_future(changes.get()),
                }
                done, pending = await asyncio.wait(
                    waiting, timeout=self._timeout(), return_when=asyncio.FIRST_COMPLETED
                )
                for task in pending:
                    task.cancel()
                came: list[PublishedEvent | TableChanged] = [
                    t.result() for t in done if not t.cancelled() and t.exception() is None
                ]
                # A dealt change of one table: its channel and its players see to it; one of
                # unknown extent may move anyone.
                wide = False
                while not changes.empty():
                    came.append(changes.get_nowait())
                published: list[PublishedEvent] = []
                for item in came:
                    if isinstance(item, TableChanged):
                        wide = wide or item.table_no == ANY_TABLE
                    else:
                        published.append(item)
                if not published and not wide and not self._due():
                    continue
                await asyncio.sleep(BURST_SECONDS)
                while not events.empty():
                    published.append(events.get_nowait())
                extent = None
                if not wide and not self._due():
                    extent = merged_extent(event_extent(item.event) for item in published)
                await self._update(extent)
        except Exception:  # e.g. the tournament is gone: its viewers leave
            if _HUBS.get(self.key) is self:
                del _HUBS[self.key]
            self.ready.set()
            for inboxes in self.players.values():
                for inbox in inboxes:
                    inbox.put_nowait(CLOSED)
        finally:
            service.unsubscribe(self.tournament_id, events)
            self.dealt.unsubscribe(self.tournament_id, changes)


_HUBS: dict[tuple[object, ...], Hub] = {}


def hub(pages: Pages, dealt: DealtService, tournament_id: str) -> Hub:
    key = (id(asyncio.get_running_loop()), id(pages), tournament_id)
    found = _HUBS.get(key)
    if found is None:
        found = _HUBS[key] = Hub(key, pages, dealt, tournament_id)
    return found
