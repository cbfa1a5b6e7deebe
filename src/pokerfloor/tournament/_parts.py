"""How the tournament aggregate is put together: parts, and the table from event type to the
one handler that folds it.

A part (``Part``) owns a piece of the aggregate's state with the commands that record its
events, the queries that read it and the handlers that fold its events (``@applies``). It is
composed into ``Tournament`` (``tournament.floor``, ``tournament.table_clocks``...), never
inherited: it reaches the rest of the aggregate through ``self.host``, typed, so nothing is
re-declared. Its handlers decide nothing, as ``_apply`` never did: they fold what a command
decided.

``event_table`` gathers the handlers of the aggregate and of its parts into one ``dict`` from
event type to bound handler, built once per aggregate; an event type with two handlers is an
error at once (``DuplicateHandler``), and ``tests/tournament/test_event_table.py`` checks that
every event of ``events/`` has exactly one.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:
    from pokerfloor.tournament.state import Tournament

__all__ = ["DuplicateHandler", "Part", "applies", "event_table", "handled_types"]

F = TypeVar("F", bound=Callable[..., None])
Handler = Callable[[Any], None]
_MARK = "_applies_events"


class DuplicateHandler(Exception):
    """Two handlers for one event type: the table would pick one silently."""


def applies(*event_types: type) -> Callable[[F], F]:
    """Mark a method as the handler folding ``event_types`` into its object's state."""

    def mark(method: F) -> F:
        setattr(method, _MARK, (*getattr(method, _MARK, ()), *event_types))
        return method

    return mark


_HANDLED: dict[type, tuple[tuple[type, str], ...]] = {}


def handled_types(cls: type) -> tuple[tuple[type, str], ...]:
    """``(event type, method name)`` of every ``@applies`` method of ``cls``, once per class."""
    known = _HANDLED.get(cls)
    if known is not None:
        return known
    found: list[tuple[type, str]] = []
    seen: set[str] = set()
    for klass in cls.__mro__:
        for name, member in vars(klass).items():
            if name in seen:
                continue
            seen.add(name)
            found.extend((event_type, name) for event_type in getattr(member, _MARK, ()))
    _HANDLED[cls] = tuple(found)
    return _HANDLED[cls]


def event_table(*owners: object) -> dict[type, Handler]:
    """Event type -> the bound handler of the one owner that folds it."""
    table: dict[type, Handler] = {}
    owner_of: dict[type, str] = {}
    for owner in owners:
        for event_type, name in handled_types(type(owner)):
            if event_type in table:
                raise DuplicateHandler(
                    f"{event_type.__name__}: {owner_of[event_type]} and "
                    f"{type(owner).__name__}.{name}"
                )
            table[event_type] = getattr(owner, name)
            owner_of[event_type] = f"{type(owner).__name__}.{name}"
    return table


class Part:
    """A part of the tournament aggregate (see the module's docstring)."""

    __slots__ = ("host",)

    def __init__(self, host: Tournament) -> None:
        self.host = host
