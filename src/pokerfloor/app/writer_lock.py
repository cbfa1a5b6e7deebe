"""One writer per SQLite database: the lock ``pokerfloor serve`` holds while it serves.

A server keeps each tournament in memory and publishes the events it writes to its own
WebSocket subscribers. On SQLite (the embedded default) a second server on the same file would
write behind its back (the first one's reads go stale, its subscribers miss the events), and
the server holds its file alone anyway (``_sqlite``). So a server takes the database's writer
lock before it opens the store, and holds it until the process ends: an exclusive ``flock`` on
``<database>.lock`` beside the database file (the file keeps the holder's process id, for the
message). The operating system releases it when the process ends, however it ends (``kill
-9`` too), so a crash never leaves a stale lock. A second writer is refused at once with
``DATABASE_IN_USE``; it never waits.

PostgreSQL takes no database-wide lock: several servers share one database (issue 32). Each
stream has one writer at a time through the expected version of its appends, and the servers
keep each other current through the bus (``app/bus.py``, docs/store.md).
"""

from __future__ import annotations

import contextlib
import os
import sys
from pathlib import Path
from types import TracebackType

from pokerfloor.app.store import resolve_url, unreadable_database
from pokerfloor.errors import PokerfloorError

__all__ = ["WriterLock", "hold_writer_lock", "lock_file_of"]


class WriterLock:
    """The writer lock of one database, held until ``release`` (or the end of a ``with``);
    an empty one (no descriptor) holds nothing (PostgreSQL)."""

    def __init__(self, descriptor: int | None = None) -> None:
        self._descriptor = descriptor

    def release(self) -> None:
        if self._descriptor is not None:
            os.close(self._descriptor)  # closing the file releases its flock
            self._descriptor = None

    def __enter__(self) -> WriterLock:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.release()


def lock_file_of(database: str | Path) -> Path:
    """The lock file of a SQLite database: ``<database>.lock`` beside it."""
    path = Path(database).expanduser().resolve()
    return path.with_name(path.name + ".lock")


def hold_writer_lock(target: str | Path | None) -> WriterLock:
    """Take the writer lock of the SQLite database at ``target`` (as ``open_store`` reads
    it); ``DATABASE_IN_USE`` when another process holds it. Nothing to hold on PostgreSQL."""
    url = resolve_url(target)
    if url.get_backend_name() == "sqlite":
        return _sqlite_lock(url.database or "")
    return WriterLock()  # PostgreSQL: one writer per stream, through the store (docs/store.md)


def _in_use(where: str, holder: str) -> PokerfloorError:
    return PokerfloorError(
        "DATABASE_IN_USE",
        f"another pokerfloor server{holder} is already using the database {where}: "
        "stop it first, or give another --db",
        {"database": where},
    )


def _sqlite_lock(database: str) -> WriterLock:
    if database in ("", ":memory:") or database.startswith("file:"):
        return WriterLock()  # nothing on disk to share (open_store refuses these anyway)
    lock_file = lock_file_of(database)
    try:
        lock_file.parent.mkdir(parents=True, exist_ok=True)
        descriptor = os.open(lock_file, os.O_RDWR | os.O_CREAT, 0o600)
    except OSError as error:
        raise unreadable_database(str(lock_file), error) from error
    if not _try_lock(descriptor):
        holder = _read_pid(descriptor)
        os.close(descriptor)
        raise _in_use(str(Path(database).expanduser()), f" (process {holder})" if holder else "")
    _write_pid(descriptor)
    return WriterLock(descriptor=descriptor)


if sys.platform == "win32":  # pragma: no cover - the tests run on Linux
    import msvcrt

    def _try_lock(descriptor: int) -> bool:
        try:
            msvcrt.locking(descriptor, msvcrt.LK_NBLCK, 1)
        except OSError:
            return False
        return True

    def _read_pid(descriptor: int) -> str:
        return ""  # the locked byte cannot be read by another process on Windows

    def _write_pid(descriptor: int) -> None:
        pass

else:
    import fcntl

    def _try_lock(descriptor: int) -> bool:
        try:
            fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return False
        return True

    def _read_pid(descriptor: int) -> str:
        try:
            text = os.pread(descriptor, 32, 0).decode("ascii", "replace").strip()
        except OSError:
            return ""
        return text if text.isdigit() else ""

    def _write_pid(descriptor: int) -> None:
        with contextlib.suppress(OSError):  # the holder's id is only a hint for the message
            os.ftruncate(descriptor, 0)
            os.pwrite(descriptor, f"{os.getpid()}\n".encode(), 0)
