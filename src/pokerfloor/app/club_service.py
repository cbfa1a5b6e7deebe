"""The application service of the clubs: commands in, durable events out (as ``service.py``
does for tournaments, on the same ``EventStore``).

One in-memory ``Club`` per id, replayed from its stream (``club/<id>``) the first time it is
asked for and guarded by its own lock: one writer per club. A command runs on the aggregate;
the events it recorded are appended with the version the service last saw (optimistic
concurrency) and are acknowledged and published only once durable. A refusal stores nothing;
when the aggregate had recorded something already, or the store refused the append, the club
is replayed from the store again.

The service also holds what the core must not: the clock (``at_ms`` is filled in here) and
the PINs' salted digests (``club_commands.pin_digest``: the core only ever sees digests); the
link between a club's event and its tournament is ``club_link.py``.

Several servers on one PostgreSQL database (docs/store.md): as for tournaments, a conflicting
append reloads the club and decides the command again once, ``catch_up`` applies and pushes
what another server stored (``app/bus.py`` calls it), and with ``catch_up_first`` a command
reads the others' events first.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import threading
import time
from collections.abc import Callable, Sequence
from typing import TypeVar

import msgspec

from pokerfloor.app.club_commands import AnyClubCommand, CreateClub
from pokerfloor.app.club_handlers import run_club_command
from pokerfloor.app.ports import EventStore
from pokerfloor.app.service import event_line
from pokerfloor.club.events import ClubEvent, decode_event, encode_event
from pokerfloor.club.state import Club
from pokerfloor.errors import PokerfloorError

__all__ = [
    "ClubDamaged",
    "ClubPublished",
    "ClubService",
    "club_not_found",
    "club_stream",
]

log = logging.getLogger(__name__)

T = TypeVar("T")
STREAM_PREFIX = "club/"


def club_stream(club_id: str) -> str:
    return f"{STREAM_PREFIX}{club_id}"


def _event_type(event: ClubEvent) -> str:
    return str(type(event).__struct_config__.tag)


class ClubPublished(msgspec.Struct, frozen=True):
    """An event made durable, as subscribers receive it."""

    club_id: str
    seq: int
    type: str
    line: bytes  # service.event_line: {"seq": n, "type": ...} as the tournaments' lines
    event: ClubEvent


class ClubDamaged(PokerfloorError):
    """A club's stored log cannot be read or replayed (``CLUB_DAMAGED``); the other clubs and
    the tournaments keep working."""

    def __init__(self, club_id: str, seq: int, problem: str) -> None:
        super().__init__(
            "CLUB_DAMAGED",
            f"club {club_id!r} is damaged and cannot be opened: {problem} at event {seq}",
            {"club_id": club_id, "seq": seq, "problem": problem},
        )


def _system_clock() -> int:
    return time.time_ns() // 1_000_000


class _Slot:
    __slots__ = ("club", "damage", "lock", "version")

    def __init__(self) -> None:
        self.lock = threading.RLock()
        self.club: Club | None = None
        self.damage: ClubDamaged | None = None
        self.version = 0


_Subscriber = tuple[asyncio.AbstractEventLoop, "asyncio.Queue[ClubPublished]"]


class ClubService:
    def __init__(
        self,
        store: EventStore,
        pin_key: bytes,
        clock: Callable[[], int] = _system_clock,
        *,
        catch_up_first: bool = False,
    ) -> None:
        """``pin_key``: the server's secret under which members' PINs are digested
        (``club_commands.pin_digest``); a PIN set under another key no longer matches."""
        self.catch_up_first = catch_up_first
        self.conflicts_retried = 0
        self.store = store
        self.pin_key = pin_key
        self.clock = clock
        self._registry = threading.Lock()
        self._slots: dict[str, _Slot] = {}
        self._subscribers: dict[str, list[_Subscriber]] = {}

    # ---- loading --------------------------------------------------------------------------

    def _slot(self, club_id: str, create: bool = False) -> _Slot:
        with self._registry:
            slot = self._slots.get(club_id)
        if slot is not None:
            return slot
        if not create and self.store.version(club_stream(club_id)) == 0:
            raise club_not_found(club_id)
        with self._registry:
            return self._slots.setdefault(club_id, _Slot())

    def _forget_if_empty(self, club_id: str, slot: _Slot) -> None:
        with self._registry:
            if slot.club is None and self._slots.get(club_id) is slot:
                del self._slots[club_id]

    def _load(self, club_id: str, slot: _Slot) -> Club:
        if slot.club is not None:
            return slot.club
        if slot.damage is not None:
            raise slot.damage
        stored = self.store.read(club_stream(club_id))
        if not stored:
            raise club_not_found(club_id)
        events: list[ClubEvent] = []
        for item in stored:
            try:
                events.append(decode_event(item.data))
            except msgspec.DecodeError as error:
                slot.damage = ClubDamaged(club_id, item.seq, "unreadable_event")
                log.error("%s", slot.damage.message, exc_info=error)
                raise slot.damage from error
        try:
            club = Club.replay(events)
        except Exception as error:
            slot.damage = ClubDamaged(club_id, stored[-1].seq, "replay_failed")
            log.error("%s", slot.damage.message, exc_info=error)
            raise slot.damage from error
        slot.club = club
        slot.version = stored[-1].seq
        return club

    def _reload(self, club_id: str, slot: _Slot) -> None:
        """Replay the club from the store (under its lock); what another server stored
        meanwhile is published to this one's subscribers."""
        before = slot.version
        slot.club = None
        slot.damage = None
        slot.version = 0
        with contextlib.suppress(PokerfloorError):
            self._load(club_id, slot)
        if before and slot.version > before:
            self._publish(club_id, self._stored_since(club_id, before, slot.version))

    def _stored_since(
        self, club_id: str, after_seq: int, up_to: int | None = None
    ) -> list[ClubPublished]:
        found: list[ClubPublished] = []
        for item in self.store.read(club_stream(club_id), after_seq):
            if up_to is not None and item.seq > up_to:
                break
            line = event_line(item.seq, item.data)
            found.append(ClubPublished(club_id, item.seq, item.type, line, decode_event(item.data)))
        return found

    def loaded_ids(self) -> list[str]:
        """The clubs held in memory (those a catch-up keeps current)."""
        with self._registry:
            return [name for name, slot in self._slots.items() if slot.club is not None]

    def catch_up(self, club_id: str, version: int | None = None) -> int:
        """Apply and publish the events another server stored after the version held in
        memory (``TournamentService.catch_up``'s twin); return how many."""
        with self._registry:
            slot = self._slots.get(club_id)
        if slot is None or slot.club is None or (version is not None and version <= slot.version):
            return 0
        with slot.lock:
            return len(self._catch_up_locked(club_id, slot)) if slot.club is not None else 0

    def _catch_up_locked(self, club_id: str, slot: _Slot) -> list[ClubPublished]:
        found = self._stored_since(club_id, slot.version)
        club = slot.club
        if not found or club is None:
            return []
        applied = 0
        try:
            for item in found:
                club.apply_stored(item.event)
                slot.version = item.seq
                applied += 1
        except Exception:
            log.exception("catching up club %s failed: reloaded", club_id)
            self._publish(club_id, found[:applied])
            self._reload(club_id, slot)
            return found
        self._publish(club_id, found)
        return found

    def club(self, club_id: str) -> Club:
        """The aggregate as of its last durable event (read it; never change it)."""
        slot = self._slot(club_id)
        with slot.lock:
            return self._load(club_id, slot)

    def read(self, club_id: str, build: Callable[[Club], T]) -> T:
        """``build(club)`` under the club's lock: a view that is never half-way through a
        command."""
        slot = self._slot(club_id)
        with slot.lock:
            return build(self._load(club_id, slot))

    def exists(self, club_id: str) -> bool:
        with self._registry:
            slot = self._slots.get(club_id)
        if slot is not None and slot.club is not None:
            return True
        return self.store.version(club_stream(club_id)) > 0

    def club_ids(self) -> list[str]:
        return [name.removeprefix(STREAM_PREFIX) for name in self.store.streams(STREAM_PREFIX)]

    def version(self, club_id: str) -> int:
        slot = self._slot(club_id)
        with slot.lock:
            self._load(club_id, slot)
            return slot.version

    # ---- commands -------------------------------------------------------------------------

    def execute(self, club_id: str, command: AnyClubCommand) -> list[ClubEvent]:
        """Run ``command`` on the club; return its events once they are durable."""
        return [item.event for item in self.execute_published(club_id, command)]

    def execute_published(self, club_id: str, command: AnyClubCommand) -> list[ClubPublished]:
        creating = isinstance(command, CreateClub)
        slot = self._slot(club_id, create=creating)
        try:
            try:
                return self._execute(club_id, command, slot)
            except PokerfloorError as error:
                if error.code != "VERSION_CONFLICT":
                    raise
            self.conflicts_retried += 1  # another server wrote first: reloaded, once more
            return self._execute(club_id, command, slot)
        finally:
            if creating:
                self._forget_if_empty(club_id, slot)

    def _execute(self, club_id: str, command: AnyClubCommand, slot: _Slot) -> list[ClubPublished]:
        with slot.lock:
            if self.catch_up_first and slot.club is not None:
                self._catch_up_locked(club_id, slot)
            now = self.clock()
            if isinstance(command, CreateClub):
                if command.club_id != club_id:
                    raise PokerfloorError(
                        "CLUB_ID_MISMATCH",
                        "the command creates another club than the one addressed",
                        {"club_id": club_id, "command": command.club_id},
                    )
                if slot.club is not None or self.store.version(club_stream(club_id)) > 0:
                    raise PokerfloorError(
                        "CLUB_EXISTS", f"club {club_id!r} already exists", {"club_id": club_id}
                    )
                club, before = command.create(now), 0
            else:
                club = self._load(club_id, slot)
                before = len(club.events)
                try:
                    run_club_command(club, command, now, self.pin_key)
                except PokerfloorError:
                    if len(club.events) != before:
                        self._reload(club_id, slot)
                    raise
                except Exception as error:
                    log.exception("club command %s failed on %s", type(command).__name__, club_id)
                    self._reload(club_id, slot)
                    raise PokerfloorError(
                        "COMMAND_NOT_APPLICABLE",
                        f"the command cannot be applied to the club as it is "
                        f"({type(error).__name__})",
                        {"command": str(type(command).__struct_config__.tag)},
                    ) from error
            new_events = list(club.events[before:])
            if not new_events:
                return []
            batch = [(_event_type(event), encode_event(event)) for event in new_events]
            try:
                version = self.store.append(club_stream(club_id), slot.version, batch)
            except BaseException:
                self._reload(club_id, slot)
                raise
            published = [
                ClubPublished(club_id, seq, kind, event_line(seq, data), event)
                for seq, (kind, data), event in zip(
                    range(slot.version + 1, version + 1), batch, new_events, strict=True
                )
            ]
            slot.version = version
            if isinstance(command, CreateClub):
                slot.club = club
            self._publish(club_id, published)  # under the lock: never behind a catch-up
        return published

    # ---- subscribers ----------------------------------------------------------------------

    def subscribe(
        self, club_id: str, loop: asyncio.AbstractEventLoop | None = None
    ) -> asyncio.Queue[ClubPublished]:
        queue: asyncio.Queue[ClubPublished] = asyncio.Queue()
        chosen = loop or asyncio.get_running_loop()
        with self._registry:
            self._subscribers.setdefault(club_id, []).append((chosen, queue))
        return queue

    def unsubscribe(self, club_id: str, queue: asyncio.Queue[ClubPublished]) -> None:
        with self._registry:
            kept = [s for s in self._subscribers.get(club_id, []) if s[1] is not queue]
            if kept:
                self._subscribers[club_id] = kept
            else:
                self._subscribers.pop(club_id, None)

    def _publish(self, club_id: str, published: Sequence[ClubPublished]) -> None:
        with self._registry:
            subscribers = list(self._subscribers.get(club_id, []))
        for loop, queue in subscribers:
            for item in published:
                try:
                    loop.call_soon_threadsafe(queue.put_nowait, item)
                except RuntimeError:
                    self.unsubscribe(club_id, queue)
                    break

    # ---- reads ----------------------------------------------------------------------------

    def event_lines(self, club_id: str, after_seq: int = 0) -> list[tuple[int, str, bytes]]:
        self.version(club_id)  # CLUB_NOT_FOUND, CLUB_DAMAGED
        return [
            (item.seq, item.type, event_line(item.seq, item.data))
            for item in self.store.read(club_stream(club_id), after_seq)
        ]


def club_not_found(club_id: str) -> PokerfloorError:
    return PokerfloorError("CLUB_NOT_FOUND", f"there is no club {club_id!r}", {"club_id": club_id})
