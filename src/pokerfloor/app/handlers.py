"""One dispatch convention for the application's aggregates: a registry from a typed command
class to the one function that runs it on the aggregate.

The tournament's commands (``app/_dispatch.py``) and the club's (``app/club_commands.py``)
register the same way::

    @TOURNAMENT.handles(RegisterPlayer)
    def _register(tournament: Tournament, command: RegisterPlayer, now: int) -> None:
        tournament.register(command.player_id, command.name, now, command.present)

A handler gets the aggregate, the command (its own class: mypy checks the fields it reads and
the method it calls) and the context the service adds (the tournament's: the time; the
club's: the time and the PIN key). It turns the command into a call of the core and decides
no rule. A class registered twice is an error at import; ``missing`` lists the commands of a
union with no handler (a test checks both unions).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Generic, TypeVar, get_args

__all__ = ["Handlers"]

A = TypeVar("A")  # the aggregate
X = TypeVar("X")  # the context the service adds
C = TypeVar("C")  # one command class


class Handlers(Generic[A, X]):
    """Command class -> handler(aggregate, command, context)."""

    def __init__(self, name: str) -> None:
        self.name = name
        self._by_type: dict[type, Callable[[A, Any, X], None]] = {}

    def handles(
        self, command_type: type[C]
    ) -> Callable[[Callable[[A, C, X], None]], Callable[[A, C, X], None]]:
        """Register the decorated function as the handler of ``command_type``."""

        def register(handler: Callable[[A, C, X], None]) -> Callable[[A, C, X], None]:
            if command_type in self._by_type:
                raise TypeError(f"{self.name}: {command_type.__name__} has two handlers")
            self._by_type[command_type] = handler
            return handler

        return register

    def run(self, aggregate: A, command: object, context: X) -> None:
        """Run ``command`` on ``aggregate`` by its class's handler."""
        handler = self._by_type.get(type(command))
        if handler is None:
            raise TypeError(f"{self.name}: no handler for {type(command).__name__}")
        handler(aggregate, command, context)

    def missing(self, union: object) -> list[str]:
        """The classes of ``union`` (a ``X | Y`` type) with no handler, by name."""
        return sorted(t.__name__ for t in get_args(union) if t not in self._by_type)

    def __contains__(self, command_type: object) -> bool:
        return command_type in self._by_type
