"""A new tournament from its ``CreateTournament`` command (``TournamentService.create``): the
checks of what the command names (the id addressed, a tournament not there yet, a bundled rule
profile, a structure by template name or TOML text, the points formula) and the aggregate
built from them, or a Day 2 made from its flights (``app.flights``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import msgspec

from pokerfloor.app._dispatch import points_formula
from pokerfloor.app.commands import CreateTournament
from pokerfloor.app.flights import new_day2, with_formats
from pokerfloor.errors import PokerfloorError
from pokerfloor.rules import bundled_profile_ids
from pokerfloor.tournament.bounties import with_bounty
from pokerfloor.tournament.state import Tournament
from pokerfloor.tournament.structure import Structure, bundled_structures, load_structure

if TYPE_CHECKING:
    from pokerfloor.app.service import TournamentService

__all__ = ["new_tournament"]


def new_tournament(
    service: TournamentService, tournament_id: str, command: CreateTournament, exists: bool
) -> Tournament:
    """The aggregate ``command`` creates as ``tournament_id`` (``exists``: held in memory or
    stored already), or the refusal."""
    if command.tournament_id != tournament_id:
        raise PokerfloorError(
            "TOURNAMENT_ID_MISMATCH",
            "the command creates another tournament than the one addressed",
            {"tournament_id": tournament_id, "command": command.tournament_id},
        )
    if exists:
        raise PokerfloorError(
            "TOURNAMENT_EXISTS",
            f"tournament {tournament_id!r} already exists",
            {"tournament_id": tournament_id},
        )
    profiles = bundled_profile_ids()
    if command.profile not in profiles:
        raise PokerfloorError(
            "UNKNOWN_PROFILE",
            f"no rule profile {command.profile!r}: use one of {', '.join(profiles)}",
            {"profile": command.profile, "accepted": profiles},
        )
    if command.day2_of:  # a Day 2 made from its flights (flights.py)
        return new_day2(service, command, service.clock())
    structure = _structure(command.structure)
    if command.bounty is not None:
        structure = with_bounty(structure, command.bounty)
    structure = with_formats(structure, command.satellite, command.flight)
    if command.points is not None:
        points_formula(command.points)  # refused now, not at the end of the evening
    return Tournament.create(
        tournament_id,
        command.profile,
        structure,
        command.table_size,
        service.clock(),
        command.max_players,
        None if command.points is None else msgspec.to_builtins(command.points),
        None if command.payouts is None else msgspec.to_builtins(command.payouts),
        command.name,
    )


def _structure(name_or_toml: str) -> Structure:
    """A bundled template by name, or TOML text; never a path (the API must not read files)."""
    names = bundled_structures()
    if name_or_toml in names or "\n" in name_or_toml:
        return load_structure(name_or_toml)
    raise PokerfloorError(
        "STRUCTURE_NOT_FOUND",
        f"no structure named {name_or_toml[:80]!r}: use a template ({', '.join(names)}) "
        "or the TOML text of a structure",
        {"name": name_or_toml[:80], "accepted": names},
    )
