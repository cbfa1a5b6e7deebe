"""One dispatch convention for tournaments and clubs (issue 30 item 4): a registry from typed
command class to its one handler (app/handlers.py), no 60-branch ``match``, no call by name."""

from __future__ import annotations

from typing import get_args

import pytest

from pokerfloor.app._dispatch import TOURNAMENT, dispatch
from pokerfloor.app.club_commands import AnyClubCommand, ClubCommand, CreateClub
from pokerfloor.app.club_handlers import CLUB
from pokerfloor.app.commands import RegisterPlayer, TournamentCommand
from pokerfloor.app.handlers import Handlers
from pokerfloor.tournament.state import Tournament
from pokerfloor.tournament.structure import load_structure


def test_issue30_every_tournament_command_has_a_handler() -> None:
    assert TOURNAMENT.missing(TournamentCommand) == []


def test_issue30_every_club_command_but_create_club_has_a_handler() -> None:
    assert CLUB.missing(AnyClubCommand) == ["CreateClub"]  # the service makes the club
    assert CreateClub in get_args(ClubCommand) and CreateClub not in CLUB


def test_issue30_a_second_handler_for_a_command_class_is_refused() -> None:
    handlers: Handlers[list[int], int] = Handlers("test")

    @handlers.handles(int)
    def first(target: list[int], command: int, context: int) -> None:
        target.append(command + context)

    with pytest.raises(TypeError, match="int has two handlers"):

        @handlers.handles(int)
        def second(target: list[int], command: int, context: int) -> None: ...

    seen: list[int] = []
    handlers.run(seen, 2, 40)
    assert seen == [42]
    with pytest.raises(TypeError, match="no handler for str"):
        handlers.run(seen, "x", 0)


def test_issue30_dispatch_runs_the_command_by_its_class() -> None:
    tournament = Tournament.create("t", "tda-2024", load_structure("club-evening"))
    dispatch(tournament, RegisterPlayer("P1", "Ann"), 5)
    assert tournament.players["P1"].name == "Ann"
