"""The database's refusals a client can wait out, as the store's own errors.

A write that fails because another process holds the database's lock, or because the disk is
full, changed nothing (its transaction is rolled back): the command can be sent again later.
They become ``STORE_BUSY`` and ``STORE_FULL`` (the API answers 503 and 507). A database that
can no longer be written or read (its disk failing or gone read-only, its file removed or
made read-only under the server) becomes ``STORE_UNAVAILABLE`` (503): nothing was written, the
server stays up and says so. Any other database error stays what it is, a fault of the server.

SQLite: ``SQLITE_BUSY`` / ``SQLITE_LOCKED`` ("database is locked", once the busy timeout is
over) and ``SQLITE_FULL`` ("database or disk is full", also when ``max_page_count`` is
reached), ``SQLITE_IOERR``, ``SQLITE_READONLY``, ``SQLITE_CANTOPEN``, ``SQLITE_PERM``
(unavailable). PostgreSQL: ``lock_not_available`` (55P03, a ``lock_timeout`` reached) and
``deadlock_detected`` (40P01), ``disk_full`` (53100).
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator

from sqlalchemy.exc import DBAPIError

from pokerfloor.errors import PokerfloorError

__all__ = ["mapped_store_errors", "store_refusal"]

_SQLITE_BUSY = 5
_SQLITE_LOCKED = 6
_SQLITE_FULL = 13
_SQLITE_UNAVAILABLE = frozenset({3, 8, 10, 14})  # PERM, READONLY, IOERR, CANTOPEN
_POSTGRES_BUSY = frozenset({"55P03", "40P01"})
_POSTGRES_FULL = frozenset({"53100"})


def _busy(reason: str) -> PokerfloorError:
    return PokerfloorError(
        "STORE_BUSY",
        f"the database is busy ({reason}): nothing was written; try again in a moment",
        {"reason": reason},
    )


def _full(reason: str) -> PokerfloorError:
    return PokerfloorError(
        "STORE_FULL",
        f"the database is full ({reason}): nothing was written; free some disk space, then "
        "try again",
        {"reason": reason},
    )


def _unavailable(reason: str) -> PokerfloorError:
    return PokerfloorError(
        "STORE_UNAVAILABLE",
        f"the database cannot be written ({reason}): nothing was written; check the disk "
        "and the database file, then try again",
        {"reason": reason},
    )


def store_refusal(error: BaseException) -> PokerfloorError | None:
    """``STORE_BUSY``, ``STORE_FULL`` or ``STORE_UNAVAILABLE`` for a database error that is
    one, else None."""
    cause = error.orig if isinstance(error, DBAPIError) and error.orig is not None else error
    reason = (str(cause).strip().splitlines() or [type(cause).__name__])[0][:200]
    sqlite_code = getattr(cause, "sqlite_errorcode", None)
    if isinstance(sqlite_code, int):
        primary = sqlite_code & 0xFF  # an extended code's primary code (SQLITE_BUSY_SNAPSHOT...)
        if primary in (_SQLITE_BUSY, _SQLITE_LOCKED):
            return _busy(reason)
        if primary == _SQLITE_FULL:
            return _full(reason)
        if primary in _SQLITE_UNAVAILABLE:
            return _unavailable(reason)
        return None
    sqlstate = getattr(cause, "sqlstate", None)
    if sqlstate in _POSTGRES_BUSY:
        return _busy(reason)
    if sqlstate in _POSTGRES_FULL:
        return _full(reason)
    return None


@contextlib.contextmanager
def mapped_store_errors() -> Iterator[None]:
    """Raise ``STORE_BUSY`` / ``STORE_FULL`` for the database errors that are one."""
    try:
        yield
    except DBAPIError as error:
        refusal = store_refusal(error)
        if refusal is None:
            raise
        raise refusal from error
