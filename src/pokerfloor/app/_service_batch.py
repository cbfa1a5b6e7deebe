"""Several commands on one tournament stored by one append (issue 32, docs/store.md), mixed
into ``TournamentService``: the dealt tables' dealer records every hand finished in one pass
over its tables with one flush, not one per hand."""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from pokerfloor.app.commands import Command, CreateTournament, TournamentCommand
from pokerfloor.errors import PokerfloorError

if TYPE_CHECKING:
    from pokerfloor.app.service import PublishedEvent, _Slot
    from pokerfloor.tournament.events import TournamentEvent
    from pokerfloor.tournament.state import Tournament

__all__ = ["BatchedCommands"]


class BatchedCommands:
    """``execute_batch`` of ``TournamentService``."""

    if TYPE_CHECKING:  # provided by TournamentService
        catch_up_first: bool
        conflicts_retried: int
        command_guards: list[Callable[[str, Command], contextlib.AbstractContextManager[None]]]

        def _slot(self, tournament_id: str, create: bool = False) -> _Slot: ...
        def _catch_up_locked(self, tournament_id: str, slot: _Slot) -> list[PublishedEvent]: ...
        def _load(self, tournament_id: str, slot: _Slot) -> Tournament: ...
        def _run(self, tournament: Tournament, command: TournamentCommand, before: int) -> None: ...
        def _store_new(
            self,
            tournament_id: str,
            slot: _Slot,
            tournament: Tournament,
            before: int,
            creating: CreateTournament | None,
        ) -> list[PublishedEvent]: ...
        def execute(self, tournament_id: str, command: Command) -> list[TournamentEvent]: ...

    def execute_batch(
        self, tournament_id: str, commands: Sequence[TournamentCommand]
    ) -> list[PokerfloorError | None]:
        """The commands decided in order on the aggregate the previous ones left, their
        events stored by ONE append; each outcome None or its refusal (which changed nothing).
        Another process's append in between: caught up, and all decided again, once. A
        refusal that made the aggregate reload (rare: a command failing half-way) drops the
        batch's events before anything is stored: the commands then run one by one."""
        slot = self._slot(tournament_id)
        for attempt in (1, 2):
            try:
                with contextlib.ExitStack() as guarded:
                    for command in commands:
                        for guard in self.command_guards:
                            guarded.enter_context(guard(tournament_id, command))
                    outcomes = self._batch_locked(tournament_id, commands, slot)
                break
            except PokerfloorError as error:
                if error.code != "VERSION_CONFLICT" or attempt == 2:
                    raise
                self.conflicts_retried += 1
        for command in commands[len(outcomes) :]:  # after a reload: one by one
            try:
                self.execute(tournament_id, command)
                outcomes.append(None)
            except PokerfloorError as refusal:
                outcomes.append(refusal)
        return outcomes

    def _batch_locked(
        self, tournament_id: str, commands: Sequence[TournamentCommand], slot: _Slot
    ) -> list[PokerfloorError | None]:
        outcomes: list[PokerfloorError | None] = []
        with slot.lock:
            if self.catch_up_first and slot.tournament is not None:
                self._catch_up_locked(tournament_id, slot)
            tournament = self._load(tournament_id, slot)
            first = len(tournament.events)
            for command in commands:
                try:
                    self._run(tournament, command, len(tournament.events))
                    outcomes.append(None)
                except PokerfloorError as refusal:
                    if slot.tournament is not tournament:  # reloaded: nothing kept
                        return []
                    outcomes.append(refusal)
            self._store_new(tournament_id, slot, tournament, first, None)  # VERSION_CONFLICT
        return outcomes
