"""Who listens to which dealt table (issue 31's measure: the dealt pages at 1,000 players).

A live page of a dealt table (a player's phone, the table's screen) listens to ONE table: a
change at table 1 wakes the listeners of table 1 (and those of every table, such as a hub
that follows a whole tournament), never a page of table 2. Each change says which table and
its version (the sequence number of the table stream's last event), so that a page renders
the table once per version. A change of unknown extent (a move between tables, a break, a
catch-up from another server) is ``TableChanged(0, 0)``: every listener of the tournament
wakes.

No rendering and no I/O here: the queues belong to the listeners' event loops (the pages'),
fed from any thread with ``call_soon_threadsafe``.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Iterable
from dataclasses import dataclass

__all__ = ["ANY_TABLE", "DealtListeners", "TableChanged"]

ANY_TABLE = 0


@dataclass(frozen=True, slots=True)
class TableChanged:
    """``table_no`` changed and stands at ``version``; ``table_no`` 0: any table may have."""

    table_no: int
    version: int


_Listener = tuple[asyncio.AbstractEventLoop, "asyncio.Queue[TableChanged]"]
_EVERYTHING = TableChanged(ANY_TABLE, 0)


class DealtListeners:
    """The listeners of each tournament's dealt tables, by table (``ANY_TABLE``: all)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._by_table: dict[str, dict[int, list[_Listener]]] = {}

    def subscribe(
        self, tournament_id: str, table_no: int = ANY_TABLE
    ) -> asyncio.Queue[TableChanged]:
        """A queue of the changes of ``table_no`` (``ANY_TABLE``: of every table)."""
        queue: asyncio.Queue[TableChanged] = asyncio.Queue()
        loop = asyncio.get_running_loop()
        with self._lock:
            tables = self._by_table.setdefault(tournament_id, {})
            tables.setdefault(table_no, []).append((loop, queue))
        return queue

    def unsubscribe(self, tournament_id: str, queue: asyncio.Queue[TableChanged]) -> None:
        with self._lock:
            tables = self._by_table.get(tournament_id, {})
            for table_no, listeners in list(tables.items()):
                kept = [item for item in listeners if item[1] is not queue]
                if kept:
                    tables[table_no] = kept
                else:
                    del tables[table_no]

    def listeners(self, tournament_id: str, table_no: int = ANY_TABLE) -> int:
        """How many listen to ``table_no`` (``ANY_TABLE``: to the whole tournament)."""
        with self._lock:
            return len(self._by_table.get(tournament_id, {}).get(table_no, ()))

    def notify(self, tournament_id: str, changes: Iterable[TableChanged] | None = None) -> None:
        """Wake the listeners of the tables changed (``None``: every listener of the
        tournament, for a change that may touch any table)."""
        with self._lock:
            tables = self._by_table.get(tournament_id, {})
            sends: list[tuple[_Listener, TableChanged]] = []
            changed = None if changes is None else list(changes)
            if changed is None or any(change.table_no == ANY_TABLE for change in changed):
                sends = [(item, _EVERYTHING) for items in tables.values() for item in items]
            else:
                for change in changed:
                    for table_no in (change.table_no, ANY_TABLE):
                        sends.extend((item, change) for item in tables.get(table_no, ()))
        for (loop, queue), change in sends:
            try:
                loop.call_soon_threadsafe(queue.put_nowait, change)
            except RuntimeError:  # the listener's loop is closed
                self.unsubscribe(tournament_id, queue)
