"""Dealt tables across several servers on one PostgreSQL database (issue 32, docs/store.md),
a part of ``DealtService`` (``service.cluster``).

- **Any server accepts a table's command.** Each append to a table's stream carries the
  version the server holds (``TableSlot.version``); another server's append in between is
  refused ``VERSION_CONFLICT`` (nothing written), the table is caught up from the store and a
  player's command is decided once more (``decided_twice``); the dealer's own work (a deal, a
  bot's action, a timeout) is simply dropped: the other server did it.
- **The dealer of a table is whoever appended last** (``_owned``). Only that server deals,
  plays the bots and times out at once; another server takes over when the table has shown no
  change for ``TAKEOVER_MS`` (its dealer died), and a timeout it fires waits the same grace
  after the deadline. Two servers taking over at once race on the expected version: the
  action clock's expiry is written once cluster-wide, the second firing is refused as stale.
- **Every server follows the streams it holds.** ``catch_up`` (called by ``app/bus.py`` on
  each announcement, or by its poller) applies what another server appended to a table or to
  the tournament's dealt stream (the TD's choice, bots, moves, the spectators' setting), then
  pushes the new events to this server's subscribers: the table's event stream
  (``subscribe_table``) and the pages' change listeners.
- **A table nobody watches here is caught up when used** (issue 32 item 5): its announcement
  only notes the version and the time (the dealer's takeover clock); the events are read when
  the table is next needed (``_table``: a page, a player's command, a takeover), after the
  version held, never replayed. Ten thousand bots at 1,111 tables dealt by three servers would
  otherwise make each server read every other server's append. A lost announcement costs a
  ``VERSION_CONFLICT`` at most: the store checks the version of every append.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Protocol, TypeVar

import msgspec

from pokerfloor.app.ports import StoredEvent
from pokerfloor.dealt import DealtEvent, DealtTable
from pokerfloor.dealt.mode import DealtStreamEvent
from pokerfloor.errors import PokerfloorError

if TYPE_CHECKING:
    from pokerfloor.app._dealt_slots import TableSlot
    from pokerfloor.app.dealt_service import DealtService

__all__ = ["TAKEOVER_MS", "DealtCluster", "DueAppend", "TableEvent"]

log = logging.getLogger("pokerfloor.dealt")

T = TypeVar("T")

# A table whose stream showed no change this long is dealt by another server (its dealer
# died); the same grace is given to a timeout fired by a server that is not the dealer.
TAKEOVER_MS = 1_500

_TABLE_DECODER = msgspec.json.Decoder(DealtEvent)
_CHOICE_DECODER = msgspec.json.Decoder(DealtStreamEvent)


class TableEvent(msgspec.Struct, frozen=True):
    """A dealt table's event once durable, as the table's subscribers receive it."""

    tournament_id: str
    table_no: int
    seq: int
    type: str
    line: bytes  # {"seq": n, "type": ..., ...}


def _line(item: StoredEvent | tuple[int, str, bytes]) -> tuple[int, str, bytes]:
    seq, kind, data = (item.seq, item.type, item.data) if isinstance(item, StoredEvent) else item
    return seq, kind, b'{"seq":' + str(seq).encode() + b"," + data[1:]


# A table's due command decided by the dealer: (table number, its slot, the events to append).
DueAppend = tuple[int, "TableSlot", list[DealtEvent]]


class SpectatorsFollower(Protocol):
    """What holds the spectators' setting of tournaments (``DealtSpectators``)."""

    def held(self) -> list[str]: ...

    def catch_up(self, tournament_id: str, version: int | None = None) -> int: ...


_Subscriber = tuple[asyncio.AbstractEventLoop, "asyncio.Queue[TableEvent]"]


class DealtCluster:
    """Several servers' share of ``DealtService``: a part of it (``service.cluster``; see the
    module's documentation)."""

    def __init__(self, host: DealtService) -> None:
        self.host = host
        self._table_subscribers: dict[tuple[str, int], list[_Subscriber]] = {}
        self.choice_versions: dict[str, int] = {}
        self._owned: set[tuple[str, int]] = set()  # the tables this server dealt last
        self._changed_at: dict[tuple[str, int], int] = {}  # the last change seen, clock ms
        self.conflicts = 0  # appends another server's append overtook
        self.announced: dict[tuple[str, int], int] = {}  # the versions others announced
        self._pending: dict[tuple[str, int], int] = {}  # the versions appends in flight make
        self.pass_ms = 0  # how long this server's last dealer pass took (service clock)
        # What the spectators' setting of each tournament follows (``dealt_spectators``).
        self.spectators_followers: list[SpectatorsFollower] = []

    @property
    def shared(self) -> bool:
        """Several servers on the database (``serve`` on PostgreSQL)."""
        return self.host.tournaments.catch_up_first

    # ---- the dealer of a table ----------------------------------------------------------

    def grace_ms(self, tournament_id: str, table_no: int) -> int | None:
        """0 for the table's dealer (or a server alone), the takeover delay for another server
        once the table has been quiet that long, None while it must leave the table alone.
        A table never dealt has no dealer yet: the first server to deal it is. The delay is
        ``TAKEOVER_MS``, or twice this server's last dealer pass when longer: a loaded
        machine's dealer that takes 2 s over its tables is slow, not dead (measured with 10,000
        bots: tables taken over from a live dealer, then conflicts, made the p99s' tail)."""
        key = (tournament_id, table_no)
        if not self.shared or key in self._owned:
            return 0
        slot = self.host._loaded[tournament_id].tables.get(table_no) or self.host._table(*key)
        if slot.version == 0 and not self.announced.get(key):
            return 0
        now = self.host.clock()
        quiet = now - self._changed_at.setdefault(key, now)
        takeover = max(TAKEOVER_MS, 2 * self.pass_ms)
        return takeover if quiet >= takeover else None

    # ---- appends ----------------------------------------------------------------------------

    def append_table(
        self, tournament_id: str, table_no: int, slot: TableSlot, events: Sequence[DealtEvent]
    ) -> list[tuple[str, bytes]]:
        """Store the table's events at the version held (durable on return) and push them to
        the table's subscribers; a ``VERSION_CONFLICT`` catches the table up and is raised."""
        batch = _encoded(events)
        before = slot.version
        stream = _table_stream(tournament_id, table_no)
        key = (tournament_id, table_no)
        self._pending[key] = before + len(batch)  # its own announcement is not another's
        try:
            slot.version = self.host.store.append(stream, before, batch)
        except PokerfloorError as error:
            if error.code == "VERSION_CONFLICT":
                self.conflicts += 1
                self._pending.pop(key, None)
                self.catch_up_table(tournament_id, table_no)
            raise
        finally:
            self._pending.pop(key, None)
        self._appended(tournament_id, table_no, before, batch)
        return batch

    def _appended(
        self, tournament_id: str, table_no: int, before: int, batch: list[tuple[str, bytes]]
    ) -> None:
        """This server dealt the table last (its dealer now); its subscribers get the lines."""
        key = (tournament_id, table_no)
        self._owned.add(key)
        self._changed_at[key] = self.host.clock()
        if key not in self._table_subscribers:  # nobody follows it here: no lines to build
            return
        self._publish_table(
            tournament_id,
            table_no,
            [_line((seq, kind, data)) for seq, (kind, data) in enumerate(batch, before + 1)],
        )

    def append_due(
        self,
        tournament_id: str,
        due: list[DueAppend],
        decide: Callable[[int, list[DueAppend]], None],
    ) -> list[int]:
        """The dealer's decided commands of many tables appended together (one transaction:
        ``append_many``), then folded in; a table another server appended to meanwhile is
        caught up (read after the version held, not replayed; when used, if nobody watches it
        here: ``_overtaken``) and ``decide``d once more, in a second batch. The tables whose
        command was stored (their pages render again). A refusal of the whole batch
        (``STORE_BUSY`` ...) raises: nothing was written, nothing is folded."""
        done: list[int] = []
        for last in (False, True):
            due = [item for item in due if item[2]]
            if not due:
                break
            batches = [_encoded(events) for _table_no, _slot, events in due]
            befores = [slot.version for _table_no, slot, _events in due]
            keys = [(tournament_id, table_no) for table_no, _slot, _events in due]
            for key, before, batch in zip(keys, befores, batches, strict=True):
                self._pending[key] = before + len(batch)  # see ``_note_announced``
            try:
                outcomes = self.host.store.append_many(
                    [
                        (_table_stream(tournament_id, key[1]), before, batch)
                        for key, before, batch in zip(keys, befores, batches, strict=True)
                    ]
                )
                for (_table_no, slot, _events), outcome in zip(due, outcomes, strict=True):
                    if isinstance(outcome, int):
                        slot.version = outcome
            finally:
                for key in keys:
                    self._pending.pop(key, None)
            overtaken: list[int] = []
            finished: list[tuple[int, DealtTable]] = []
            for (table_no, slot, events), before, batch, outcome in zip(
                due, befores, batches, outcomes, strict=True
            ):
                if isinstance(outcome, PokerfloorError):
                    self.conflicts += 1
                    self._overtaken(tournament_id, table_no, outcome)
                    overtaken.append(table_no)
                    continue
                self._appended(tournament_id, table_no, before, batch)
                self.host.records.fold_appended(tournament_id, table_no, slot, events, finished)
                done.append(table_no)
            self.host.records.record_all(tournament_id, finished)  # one append for the pass's hands
            due = []
            if not last:
                for table_no in overtaken:
                    decide(table_no, due)
        return done

    def _overtaken(self, tournament_id: str, table_no: int, conflict: PokerfloorError) -> None:
        """Another server appended to the table first: read now when someone watches it
        here, else noted at the version the store reported and read when used (three
        servers starting together race on every table: not one read per lost race)."""
        actual = conflict.params.get("actual_version")
        if isinstance(actual, int) and not self.watched(tournament_id, table_no):
            self._note_announced(tournament_id, table_no, actual)
        else:
            self.catch_up_table(tournament_id, table_no)

    def decided_twice(self, decide: Callable[[], T]) -> T:
        """A player's command, decided again once when another server's append overtook it
        (the table was caught up meanwhile); a second conflict is the answer."""
        try:
            return decide()
        except PokerfloorError as error:
            if error.code != "VERSION_CONFLICT":
                raise
        return decide()

    def append_choice(self, tournament_id: str, data: tuple[str, bytes]) -> None:
        """The dealt stream's event appended after the events another server stored (caught
        up first, then once more on a conflict)."""
        stream = _choice_stream(tournament_id)
        for attempt in (1, 2):
            self._catch_up_choice_locked(tournament_id)
            try:
                known = self.choice_versions.get(tournament_id, 0)
                self.choice_versions[tournament_id] = self.host.store.append(stream, known, [data])
                return
            except PokerfloorError as error:
                if error.code != "VERSION_CONFLICT" or attempt == 2:
                    raise

    # ---- other servers' events --------------------------------------------------------------

    def loaded_ids(self) -> list[str]:
        """The dealt streams followed here, without their ``dealt/`` prefix: the tournaments'
        (and their spectators' setting), the tables watched (a table nobody watches here is
        caught up when used, see the module's documentation)."""
        with self.host._lock:
            held: list[str] = []
            spectated = {key for follower in self.spectators_followers for key in follower.held()}
            held += [f"{tournament_id}/spectators" for tournament_id in sorted(spectated)]
            for tournament_id, state in self.host._loaded.items():
                held.append(tournament_id)
                held += [
                    f"{tournament_id}/table/{number}"
                    for number in state.tables
                    if self.watched(tournament_id, number)
                ]
            return held

    def watched(self, tournament_id: str, table_no: int) -> bool:
        """Someone here follows the table: its subscribers, or a page of the tournament."""
        return bool(
            self._table_subscribers.get((tournament_id, table_no))
            or self.host._listeners.listeners(tournament_id, table_no)
            or self.host._listeners.listeners(tournament_id)
        )

    def _note_announced(self, tournament_id: str, table_no: int, version: int) -> None:
        """Another server appended to a table nobody watches here: read when used. Without
        the service's lock, which the dealer holds for a whole pass: the bus's listener
        never waits for it (it would fall behind by thousands of announcements). This
        server's own announcement, which may arrive before its dealer has taken the new
        version, is told apart by ``_pending`` (the version its append in flight makes)."""
        state = self.host._loaded.get(tournament_id)
        slot = None if state is None else state.tables.get(table_no)
        key = (tournament_id, table_no)
        if slot is None:
            return
        if version <= max(slot.version, self._pending.get(key, 0), self.announced.get(key, 0)):
            return
        self.announced[key] = version
        self._owned.discard(key)  # another server dealt: it is the table's dealer now
        self._changed_at[key] = self.host.clock()

    def catch_up(self, key: str, version: int | None = None) -> int:
        """Apply what another server appended to a dealt stream held in memory (``<id>`` or
        ``<id>/table/<n>``) and push it here; return how many events."""
        tournament_id, table, number = key.partition("/table/")
        if table:
            if not number.isdigit():
                return 0
            if version is not None and not self.watched(tournament_id, int(number)):
                self._note_announced(tournament_id, int(number), version)
                return 0
            return self.catch_up_table(tournament_id, int(number), version)
        tournament_id, spectators, rest = key.partition("/spectators")
        if spectators and not rest:
            return sum(
                follower.catch_up(tournament_id, version) for follower in self.spectators_followers
            )
        if "/" in key:
            return 0
        with self.host._lock:
            held = self.choice_versions.get(tournament_id)
            if tournament_id not in self.host._loaded or (
                version is not None and held is not None and version <= held
            ):
                return 0
            found = self._catch_up_choice_locked(tournament_id)
        if found:
            self.host._notify(tournament_id)
        return found

    def _catch_up_choice_locked(self, tournament_id: str) -> int:
        state = self.host._loaded.get(tournament_id)
        if state is None:
            return 0
        stored = self.host.store.read(
            _choice_stream(tournament_id), self.choice_versions.get(tournament_id, 0)
        )
        for item in stored:
            state.fold(_CHOICE_DECODER.decode(item.data))
            self.choice_versions[tournament_id] = item.seq
        return len(stored)

    def catch_up_table(self, tournament_id: str, table_no: int, version: int | None = None) -> int:
        if version is not None:
            # An announcement already held (its own, or one a catch-up read before) does not
            # wait for the service's lock (the dealer's pass): a racy look, checked again.
            state = self.host._loaded.get(tournament_id)
            held = None if state is None else state.tables.get(table_no)
            if held is None or version <= max(
                held.version, self._pending.get((tournament_id, table_no), 0)
            ):
                return 0
        with self.host._lock:
            state = self.host._loaded.get(tournament_id)
            slot = None if state is None else state.tables.get(table_no)
            if state is None or slot is None or (version is not None and version <= slot.version):
                return 0
            stored = self.host.store.read(_table_stream(tournament_id, table_no), slot.version)
            if not stored:
                return 0
            try:  # folded under the slot's lock: a page's view is never half of them
                slot.fold([_TABLE_DECODER.decode(item.data) for item in stored])
                slot.version = stored[-1].seq
            except Exception:
                log.exception("catching up dealt table %s/%s failed: replayed", tournament_id,
                              table_no)  # fmt: skip
                everything = self.host.store.read(_table_stream(tournament_id, table_no))
                table = DealtTable.replay(_TABLE_DECODER.decode(i.data) for i in everything)
                slot.replace(table, everything[-1].seq if everything else 0)
            key = (tournament_id, table_no)
            self._owned.discard(key)  # another server dealt: it is the table's dealer now
            self._changed_at[key] = self.host.clock()
            self._publish_table(tournament_id, table_no, [_line(item) for item in stored])
        self.host._notify(tournament_id, [table_no])  # only this table's pages show it
        return len(stored)

    # ---- a table's subscribers ----------------------------------------------------------------

    def subscribe_table(
        self, tournament_id: str, table_no: int, loop: asyncio.AbstractEventLoop | None = None
    ) -> asyncio.Queue[TableEvent]:
        """A queue that receives the table's events once durable, in order (this server's
        and, caught up, the others')."""
        queue: asyncio.Queue[TableEvent] = asyncio.Queue()
        chosen = loop or asyncio.get_running_loop()
        with self.host._lock:
            self.host._table(tournament_id, table_no)  # followed from now on
            self._table_subscribers.setdefault((tournament_id, table_no), []).append(
                (chosen, queue)
            )
        return queue

    def unsubscribe_table(
        self, tournament_id: str, table_no: int, queue: asyncio.Queue[TableEvent]
    ) -> None:
        with self.host._lock:
            key = (tournament_id, table_no)
            kept = [item for item in self._table_subscribers.get(key, []) if item[1] is not queue]
            if kept:
                self._table_subscribers[key] = kept
            else:
                self._table_subscribers.pop(key, None)

    def table_lines(
        self, tournament_id: str, table_no: int, after_seq: int = 0
    ) -> list[tuple[int, str, bytes]]:
        """``(seq, type, line)`` of the table's stored events after ``after_seq``."""
        return [
            _line(item)
            for item in self.host.store.read(_table_stream(tournament_id, table_no), after_seq)
        ]

    def _publish_table(
        self, tournament_id: str, table_no: int, lines: Sequence[tuple[int, str, bytes]]
    ) -> None:
        subscribers = list(self._table_subscribers.get((tournament_id, table_no), []))
        for loop, queue in subscribers:
            for seq, kind, line in lines:
                item = TableEvent(tournament_id, table_no, seq, kind, line)
                try:
                    loop.call_soon_threadsafe(queue.put_nowait, item)
                except RuntimeError:  # the subscriber's loop is closed
                    self.unsubscribe_table(tournament_id, table_no, queue)
                    break


def _encoded(events: Sequence[DealtEvent]) -> list[tuple[str, bytes]]:
    return [(str(type(e).__struct_config__.tag), msgspec.json.encode(e)) for e in events]


def _choice_stream(tournament_id: str) -> str:
    return f"dealt/{tournament_id}"  # dealt_service.dealt_stream_id


def _table_stream(tournament_id: str, table_no: int) -> str:
    return f"dealt/{tournament_id}/table/{table_no}"  # dealt_service.table_stream_id
