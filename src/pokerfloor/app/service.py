"""The application service of live tournaments: commands in, durable events out.

One in-memory ``Tournament`` per id, loaded lazily by replaying its stream
(``tournament/<id>``) and guarded by its own lock (one writer per tournament). A command runs
on the in-memory aggregate; the events it recorded are appended to the store with the version
the service last saw (optimistic concurrency) and only once they are durable are they
returned and published to subscribers. A refused command (``PokerfloorError``) stores nothing
and leaves the state as it was; when the aggregate had already recorded something, or the
store refused the append, the tournament is rebuilt from the store.

Several processes on one PostgreSQL database (docs/store.md, "Several servers"): the append's
expected version makes each stream have one writer at a time. A command whose append meets a
``VERSION_CONFLICT`` (another process wrote first) has its tournament reloaded from the store
and is decided again once; a second conflict is the answer. ``catch_up`` brings a loaded
tournament up to the store (the events another process wrote, applied and published to this
process's subscribers); the bus (``app/bus.py``) calls it, or its poller.

Time comes from the injected ``clock`` (milliseconds); randomness from the commands' seeds.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import threading
import time
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

import msgspec

from pokerfloor.app import read_models
from pokerfloor.app._creating import new_tournament
from pokerfloor.app._dispatch import dispatch
from pokerfloor.app._loading import TournamentDamaged, load_tournament
from pokerfloor.app._service_batch import execute_batch
from pokerfloor.app.commands import (
    Command,
    CreateTournament,
    TournamentCommand,
)
from pokerfloor.app.ports import EventStore
from pokerfloor.app.public_view import is_public
from pokerfloor.errors import PokerfloorError
from pokerfloor.tournament.events import TournamentEvent
from pokerfloor.tournament.state import Tournament

__all__ = [
    "EVENT_DECODER",
    "PublishedEvent",
    "TournamentDamaged",
    "TournamentService",
    "event_line",
    "event_type",
    "is_public",
    "stream_id",
]

log = logging.getLogger(__name__)

T = TypeVar("T")

EVENT_DECODER = msgspec.json.Decoder(TournamentEvent)
_ENCODER = msgspec.json.Encoder()


def stream_id(tournament_id: str) -> str:
    return f"tournament/{tournament_id}"


def event_type(event: TournamentEvent) -> str:
    return str(type(event).__struct_config__.tag)


def event_line(seq: int, data: bytes) -> bytes:
    """The event as one JSON object with its sequence number first: ``{"seq": n, "type":
    ...}``, the line format of ``pokerfloor export`` and of the simulator (docs/events.md)."""
    return b'{"seq":' + str(seq).encode() + b"," + data[1:]


class PublishedEvent(msgspec.Struct, frozen=True):
    """An event made durable, as subscribers receive it."""

    tournament_id: str
    seq: int
    type: str
    line: bytes  # event_line(seq, json)
    event: TournamentEvent


def _system_clock() -> int:
    return time.time_ns() // 1_000_000


class _Slot:
    """One tournament in memory, with its lock and the stream version it reflects."""

    __slots__ = ("damage", "lock", "snapshot_version", "tournament", "version")

    def __init__(self) -> None:
        self.lock = threading.RLock()
        self.tournament: Tournament | None = None
        self.damage: TournamentDamaged | None = None  # its stored log cannot be replayed
        self.version = 0
        self.snapshot_version = 0  # the stream version of the latest snapshot


# A snapshot is taken every this many events, so a long tournament reloads from it quickly.
SNAPSHOT_EVERY = 500


_Subscriber = tuple[asyncio.AbstractEventLoop, "asyncio.Queue[PublishedEvent]"]


class TournamentService:
    def __init__(
        self,
        store: EventStore,
        clock: Callable[[], int] = _system_clock,
        *,
        catch_up_first: bool = False,
    ) -> None:
        self.store = store
        self.clock = clock
        # Several processes on one database: read what the others wrote before deciding a
        # command (one indexed read, most often empty), so a conflict is a real race.
        self.catch_up_first = catch_up_first
        self.conflicts_retried = 0
        self._registry = threading.Lock()
        self._slots: dict[str, _Slot] = {}
        self._subscribers: dict[str, list[_Subscriber]] = {}
        # Guards another service puts around a command (the dealt tables: a rebuy waits for
        # the player's hand to end): each returns a context entered while the command runs,
        # which may refuse it.
        self.command_guards: list[
            Callable[[str, Command], contextlib.AbstractContextManager[None]]
        ] = []

    # ---- loading --------------------------------------------------------------------------

    def _slot(self, tournament_id: str, create: bool = False) -> _Slot:
        """The tournament's slot; only a stored tournament (or one being created) gets one, so
        requests for unknown ids leave nothing behind."""
        with self._registry:
            slot = self._slots.get(tournament_id)
        if slot is not None:
            return slot
        if not create and self.store.version(stream_id(tournament_id)) == 0:
            raise _not_found(tournament_id)
        with self._registry:
            return self._slots.setdefault(tournament_id, _Slot())

    def _forget_if_empty(self, tournament_id: str, slot: _Slot) -> None:
        with self._registry:
            if slot.tournament is None and self._slots.get(tournament_id) is slot:
                del self._slots[tournament_id]

    def _load(self, tournament_id: str, slot: _Slot) -> Tournament:
        """The tournament of the slot (caller holds its lock), replayed when not in memory
        (``_loading``: a bad snapshot falls back to the whole log; a log that cannot be
        replayed raises ``TournamentDamaged``, remembered until the server restarts)."""
        if slot.tournament is not None:
            return slot.tournament
        if slot.damage is not None:
            raise slot.damage
        try:
            loaded = load_tournament(self.store, tournament_id, stream_id(tournament_id))
        except TournamentDamaged as damage:
            slot.damage = damage
            raise
        if loaded is None:
            raise _not_found(tournament_id)
        slot.tournament = loaded.tournament
        slot.version = loaded.version
        slot.snapshot_version = loaded.snapshot_version
        return loaded.tournament

    def _reload(self, tournament_id: str, slot: _Slot) -> None:
        """Rebuild the tournament from the store (caller holds the slot's lock); the events
        another process stored meanwhile are published to this process's subscribers."""
        before = slot.version
        slot.tournament = None
        slot.damage = None
        slot.version = 0
        with contextlib.suppress(PokerfloorError):  # a new stream that was never written
            self._load(tournament_id, slot)
        if before and slot.version > before:
            self._publish(tournament_id, self._stored_since(tournament_id, before, slot.version))

    def tournament(self, tournament_id: str) -> Tournament:
        """The live aggregate (tests and tools that own the service; never mutate it). A page
        or a request uses ``read``: the next command changes this object while it is read."""
        slot = self._slot(tournament_id)
        with slot.lock:
            return self._load(tournament_id, slot)

    def exists(self, tournament_id: str) -> bool:
        with self._registry:
            slot = self._slots.get(tournament_id)
        if slot is not None and slot.tournament is not None:
            return True
        return self.store.version(stream_id(tournament_id)) > 0

    def tournament_ids(self) -> list[str]:
        prefix = stream_id("")
        return [name.removeprefix(prefix) for name in self.store.streams(prefix)]

    def listing(self) -> list[dict[str, Any]]:
        """Every tournament's ``summary`` with ``"damaged": false``; a damaged one is listed
        as ``{"tournament_id", "damaged": true, "reason", "problem", "seq"}`` and never hides
        the others."""
        listed: list[dict[str, Any]] = []
        for tournament_id in self.tournament_ids():
            try:
                listed.append({**self.summary(tournament_id), "damaged": False})
            except TournamentDamaged as damage:
                listed.append(
                    {
                        "tournament_id": tournament_id,
                        "damaged": True,
                        "reason": damage.reason,
                        "problem": damage.params["problem"],
                        "seq": damage.params["seq"],
                    }
                )
        return listed

    def version(self, tournament_id: str) -> int:
        slot = self._slot(tournament_id)
        with slot.lock:
            self._load(tournament_id, slot)
            return slot.version

    def version_in_memory(self, tournament_id: str) -> int | None:
        """The version of the tournament in memory without waiting for its lock (a command
        may hold it through a disk write); None when it is not loaded. For the caches of
        public reads (``web/public_reads.py``): a version read a moment early only means
        one more miss."""
        slot = self._slots.get(tournament_id)
        if slot is None or slot.tournament is None:
            return None
        return slot.version

    # ---- commands -------------------------------------------------------------------------

    def create(self, command: CreateTournament) -> list[TournamentEvent]:
        return self.execute(command.tournament_id, command)

    def execute(self, tournament_id: str, command: Command) -> list[TournamentEvent]:
        """Run ``command`` on the tournament; return its events once they are durable."""
        return [item.event for item in self.execute_published(tournament_id, command)]

    def execute_published(self, tournament_id: str, command: Command) -> list[PublishedEvent]:
        """``execute``, the events with their sequence numbers and JSON lines."""
        creating = isinstance(command, CreateTournament)
        slot = self._slot(tournament_id, create=creating)
        try:
            with contextlib.ExitStack() as guarded:
                for guard in self.command_guards:
                    guarded.enter_context(guard(tournament_id, command))
                try:
                    return self._execute(tournament_id, command, slot)
                except PokerfloorError as error:
                    if error.code != "VERSION_CONFLICT":
                        raise
                # Another process wrote first: the tournament was reloaded from the store (its
                # new events published here); the command is decided again, once.
                self.conflicts_retried += 1
                return self._execute(tournament_id, command, slot)
        finally:
            if creating:
                self._forget_if_empty(tournament_id, slot)

    def _execute(self, tournament_id: str, command: Command, slot: _Slot) -> list[PublishedEvent]:
        with slot.lock:
            if self.catch_up_first and slot.tournament is not None:
                self._catch_up_locked(tournament_id, slot)
            if isinstance(command, CreateTournament):
                exists = (
                    slot.tournament is not None or self.store.version(stream_id(tournament_id)) > 0
                )
                tournament, before = new_tournament(self, tournament_id, command, exists), 0
            else:
                tournament = self._load(tournament_id, slot)
                before = len(tournament.events)
                self._run(tournament, command, before)
            return self._store_new(
                tournament_id,
                slot,
                tournament,
                before,
                command if isinstance(command, CreateTournament) else None,
            )

    def _store_new(
        self,
        tournament_id: str,
        slot: _Slot,
        tournament: Tournament,
        before: int,
        creating: CreateTournament | None,
    ) -> list[PublishedEvent]:
        """Under the slot's lock: the aggregate's events after ``before`` stored (one append),
        snapshot when due, published."""
        new_events = tournament.events[before:]
        if not new_events:
            return []
        batch = [(event_type(event), _ENCODER.encode(event)) for event in new_events]
        try:
            version = self.store.append(stream_id(tournament_id), slot.version, batch)
        except BaseException:
            self._reload(tournament_id, slot)  # VERSION_CONFLICT: another process wrote
            raise
        published = [
            PublishedEvent(tournament_id, seq, kind, event_line(seq, data), event)
            for seq, (kind, data), event in zip(
                range(slot.version + 1, version + 1), batch, new_events, strict=True
            )
        ]
        slot.version = version
        if creating is not None:
            slot.tournament = tournament
        if version - slot.snapshot_version >= SNAPSHOT_EVERY:
            # A snapshot is only a shortcut: failing to write one loses nothing.
            with contextlib.suppress(PokerfloorError):
                self.store.save_snapshot(
                    stream_id(tournament_id), version, tournament.to_snapshot()
                )
                slot.snapshot_version = version
        # Under the lock: a catch-up (another process's events) never overtakes these.
        self._publish(tournament_id, published)
        return published

    def _run(self, tournament: Tournament, command: TournamentCommand, before: int) -> None:
        """Apply the command to the aggregate; on any refusal the aggregate is as it was."""
        slot_id = tournament.created.tournament_id
        if tournament.finished is not None:
            raise PokerfloorError(
                "TOURNAMENT_FINISHED",
                f"tournament {slot_id!r} is finished",
                {"tournament_id": slot_id},
            )
        try:
            dispatch(tournament, command, self.clock())
        except PokerfloorError:
            if len(tournament.events) != before:
                self._reload(slot_id, self._slot(slot_id))
            raise
        except Exception as error:
            log.exception("command %s failed on %s", type(command).__name__, slot_id)
            self._reload(slot_id, self._slot(slot_id))
            raise PokerfloorError(
                "COMMAND_NOT_APPLICABLE",
                f"the command cannot be applied to the tournament as it is "
                f"({type(error).__name__})",
                {"command": str(type(command).__struct_config__.tag)},
            ) from error

    def execute_batch(
        self, tournament_id: str, commands: Sequence[TournamentCommand]
    ) -> list[PokerfloorError | None]:
        """Several commands on one tournament stored by ONE append, each outcome None or its
        refusal (``_service_batch``: the dealt dealer's pass records its hands so)."""
        return execute_batch(self, tournament_id, commands)

    # ---- other processes' events ----------------------------------------------------------

    def loaded_ids(self) -> list[str]:
        """The tournaments held in memory (those a catch-up keeps current)."""
        with self._registry:
            return [name for name, slot in self._slots.items() if slot.tournament is not None]

    def catch_up(self, tournament_id: str, version: int | None = None) -> int:
        """Apply the events another process stored after the version held in memory, and
        publish them to this process's subscribers; return how many. ``version``: the stream's
        version a bus message announced (nothing to read when it is already held). A
        tournament not in memory is left alone: it is read from the store when asked."""
        with self._registry:
            slot = self._slots.get(tournament_id)
        if slot is None or slot.tournament is None:
            return 0
        if version is not None and version <= slot.version:
            return 0
        with slot.lock:
            if slot.tournament is None:
                return 0
            return len(self._catch_up_locked(tournament_id, slot))

    def _catch_up_locked(self, tournament_id: str, slot: _Slot) -> list[PublishedEvent]:
        """The catch-up under the slot's lock: the new events applied one by one (a failure
        reloads the tournament from the store), then published."""
        before = slot.version
        found = self._stored_since(tournament_id, before)
        if not found:
            return []
        tournament = slot.tournament
        assert tournament is not None
        applied = 0
        try:
            for item in found:
                tournament.apply_stored(item.event)
                slot.version = item.seq
                applied += 1
        except Exception:
            log.exception("catching up %s from event %d failed: reloaded", tournament_id, before)
            self._publish(tournament_id, found[:applied])
            self._reload(tournament_id, slot)  # publishes the rest
            return found
        self._publish(tournament_id, found)
        return found

    def _stored_since(
        self, tournament_id: str, after_seq: int, up_to: int | None = None
    ) -> list[PublishedEvent]:
        """The stored events after ``after_seq`` (up to ``up_to``), as subscribers receive
        them."""
        published: list[PublishedEvent] = []
        for item in self.store.read(stream_id(tournament_id), after_seq):
            if up_to is not None and item.seq > up_to:
                break
            event = EVENT_DECODER.decode(item.data)
            line = event_line(item.seq, item.data)
            published.append(PublishedEvent(tournament_id, item.seq, item.type, line, event))
        return published

    # ---- subscribers ----------------------------------------------------------------------

    def subscribe(
        self, tournament_id: str, loop: asyncio.AbstractEventLoop | None = None
    ) -> asyncio.Queue[PublishedEvent]:
        """A queue that receives the tournament's events once durable, in order. Call it from
        the event loop that reads the queue (or pass that loop)."""
        queue: asyncio.Queue[PublishedEvent] = asyncio.Queue()
        chosen = loop or asyncio.get_running_loop()
        with self._registry:
            self._subscribers.setdefault(tournament_id, []).append((chosen, queue))
        return queue

    def unsubscribe(self, tournament_id: str, queue: asyncio.Queue[PublishedEvent]) -> None:
        with self._registry:
            kept = [s for s in self._subscribers.get(tournament_id, []) if s[1] is not queue]
            if kept:
                self._subscribers[tournament_id] = kept
            else:
                self._subscribers.pop(tournament_id, None)

    def subscriber_count(self, tournament_id: str) -> int:
        with self._registry:
            return len(self._subscribers.get(tournament_id, []))

    def _publish(self, tournament_id: str, published: Sequence[PublishedEvent]) -> None:
        with self._registry:
            subscribers = list(self._subscribers.get(tournament_id, []))
        for loop, queue in subscribers:
            for item in published:
                try:
                    loop.call_soon_threadsafe(queue.put_nowait, item)
                except RuntimeError:  # the subscriber's loop is closed
                    self.unsubscribe(tournament_id, queue)
                    break

    # ---- queries --------------------------------------------------------------------------

    def event_lines(self, tournament_id: str, after_seq: int = 0) -> list[tuple[int, str, bytes]]:
        """``(seq, type, line)`` of the stored events after ``after_seq``; a damaged
        tournament's log is refused like its other reads (``pokerfloor export`` reads it)."""
        self.version(tournament_id)  # TOURNAMENT_NOT_FOUND, TOURNAMENT_DAMAGED
        stored = self.store.read(stream_id(tournament_id), after_seq)
        return [(item.seq, item.type, event_line(item.seq, item.data)) for item in stored]

    def read(self, tournament_id: str, build: Callable[[Tournament], T]) -> T:
        """``build(tournament)`` under the tournament's lock: a view never half-way through a
        command (a command holds the lock from its first event to its last being stored).
        ``build`` reads and copies; what it returns must not hold on to the aggregate's
        mutable parts (its players, tables, dicts), which the next command changes."""
        slot = self._slot(tournament_id)
        with slot.lock:
            return build(self._load(tournament_id, slot))

    def read_versioned(self, tournament_id: str, build: Callable[[Tournament], T]) -> tuple[int, T]:
        """``read`` with the stream version the view reflects (its last durable event)."""
        slot = self._slot(tournament_id)
        with slot.lock:
            return slot.version, build(self._load(tournament_id, slot))

    def _view(self, tournament_id: str, build: Callable[[Tournament], dict[str, Any]]) -> Any:
        return self.read(tournament_id, build)

    def clock_screen(self, tournament_id: str) -> dict[str, Any]:
        now = self.clock()
        result: dict[str, Any] = self._view(
            tournament_id, lambda t: read_models.clock_screen(t, now)
        )
        return result

    def room_logo(self, tournament_id: str) -> bytes:
        """The club's logo on the room's screen (a PNG or JPEG image), b"" when none."""
        slot = self._slot(tournament_id)
        with slot.lock:
            return self._load(tournament_id, slot).room_screen.logo

    def seating_chart(self, tournament_id: str) -> dict[str, Any]:
        now = self.clock()
        result: dict[str, Any] = self._view(
            tournament_id, lambda t: read_models.seating_chart(t, now)
        )
        return result

    def players_list(self, tournament_id: str) -> dict[str, Any]:
        now = self.clock()
        result: dict[str, Any] = self._view(
            tournament_id, lambda t: read_models.players_list(t, now)
        )
        return result

    def cash_book(self, tournament_id: str) -> dict[str, Any]:
        result: dict[str, Any] = self._view(tournament_id, read_models.cash_book)
        return result

    def deal_proposal(self, tournament_id: str, played_for_cents: int = 0) -> dict[str, Any]:
        """Both splits of a deal now (``read_models.deal_proposal``); refused as the core
        refuses a deal (``DEALS_FORBIDDEN``, ``DEAL_STACKS_UNKNOWN``...)."""
        result: dict[str, Any] = self._view(
            tournament_id, lambda t: read_models.deal_proposal(t, played_for_cents)
        )
        return result

    def results(self, tournament_id: str) -> dict[str, Any]:
        result: dict[str, Any] = self._view(tournament_id, read_models.results)
        return result

    def summary(self, tournament_id: str) -> dict[str, Any]:
        def build(tournament: Tournament) -> dict[str, Any]:
            created = tournament.created
            return {
                "tournament_id": created.tournament_id,
                "name": tournament.display_name,
                "profile": created.profile,
                "structure_name": created.structure_name,
                "points": created.points,
                "payouts": created.payouts,
                "table_size": created.table_size,
                "created_at_ms": created.at_ms,
                "status": "finished" if tournament.finished else tournament.clock.status,
                "entries": tournament.entries,
                "players_left": tournament.players_left,
            }

        result: dict[str, Any] = self._view(tournament_id, build)
        return result


def _not_found(tournament_id: str) -> PokerfloorError:
    return PokerfloorError(
        "TOURNAMENT_NOT_FOUND",
        f"there is no tournament {tournament_id!r}",
        {"tournament_id": tournament_id},
    )
