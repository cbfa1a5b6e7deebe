"""Several commands on one tournament stored by one append (issue 32, docs/store.md): a
function ``TournamentService.execute_batch`` calls, no mixin. The dealt tables' dealer
records every hand finished in one pass over its tables with one flush, not one per hand."""

from __future__ import annotations

import contextlib
from collections.abc import Sequence
from typing import TYPE_CHECKING

from pokerfloor.app.commands import TournamentCommand
from pokerfloor.errors import PokerfloorError

if TYPE_CHECKING:
    from pokerfloor.app.service import TournamentService, _Slot

__all__ = ["execute_batch"]


def execute_batch(
    service: TournamentService, tournament_id: str, commands: Sequence[TournamentCommand]
) -> list[PokerfloorError | None]:
    """The commands decided in order on the aggregate the previous ones left, their
    events stored by ONE append; each outcome None or its refusal (which changed nothing).
    Another process's append in between: caught up, and all decided again, once. A
    refusal that made the aggregate reload (rare: a command failing half-way) drops the
    batch's events before anything is stored: the commands then run one by one."""
    slot = service._slot(tournament_id)
    for attempt in (1, 2):
        try:
            with contextlib.ExitStack() as guarded:
                for command in commands:
                    for guard in service.command_guards:
                        guarded.enter_context(guard(tournament_id, command))
                outcomes = _batch_locked(service, tournament_id, commands, slot)
            break
        except PokerfloorError as error:
            if error.code != "VERSION_CONFLICT" or attempt == 2:
                raise
            service.conflicts_retried += 1
    for command in commands[len(outcomes) :]:  # after a reload: one by one
        try:
            service.execute(tournament_id, command)
            outcomes.append(None)
        except PokerfloorError as refusal:
            outcomes.append(refusal)
    return outcomes


def _batch_locked(
    service: TournamentService,
    tournament_id: str,
    commands: Sequence[TournamentCommand],
    slot: _Slot,
) -> list[PokerfloorError | None]:
    outcomes: list[PokerfloorError | None] = []
    with slot.lock:
        if service.catch_up_first and slot.tournament is not None:
            service._catch_up_locked(tournament_id, slot)
        tournament = service._load(tournament_id, slot)
        first = len(tournament.events)
        for command in commands:
            try:
                service._run(tournament, command, len(tournament.events))
                outcomes.append(None)
            except PokerfloorError as refusal:
                if slot.tournament is not tournament:  # reloaded: nothing kept
                    return []
                outcomes.append(refusal)
        service._store_new(tournament_id, slot, tournament, first, None)  # VERSION_CONFLICT
    return outcomes
