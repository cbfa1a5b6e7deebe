"""The application's side of the formats of issue 33 items 2-3: a structure given the
``[satellite]`` or ``[flight]`` of a ``create_tournament``, and a Day 2 created from its flights.

A Day 2 reads each flight under its lock (``TournamentService.read``): its stop
(``flight_stopped``), profile and structure; the core builds it (``tournament.day2``: the
structure with the entry already paid, the survivors with their carried stacks, the redraw
with the command's seed, the clock waiting at the level the flights stopped in), the same way
the simulator's flights do.
"""

from __future__ import annotations

import random
import secrets
from typing import TYPE_CHECKING

import msgspec

from pokerfloor.app.commands import CreateTournament
from pokerfloor.errors import PokerfloorError
from pokerfloor.tournament.day2 import StoppedFlight, day2_tournament
from pokerfloor.tournament.flights import FlightRules
from pokerfloor.tournament.satellites import SatelliteRules
from pokerfloor.tournament.state import Tournament
from pokerfloor.tournament.structure import Structure

if TYPE_CHECKING:
    from pokerfloor.app.service import TournamentService

__all__ = ["new_day2", "with_formats"]


def with_formats(
    structure: Structure, satellite: SatelliteRules | None, flight: FlightRules | None
) -> Structure:
    """The structure with the satellite or flight rules given (kept when not given)."""
    if satellite is None and flight is None:
        return structure
    fields = {name: getattr(structure, name) for name in structure.__struct_fields__}
    if satellite is not None:
        fields["satellite"] = satellite
    if flight is not None:
        fields["flight"] = flight
    return Structure(**fields)


def _flight(tournament: Tournament) -> StoppedFlight:
    return StoppedFlight(
        tournament.created.tournament_id,
        tournament.flights.stopped,
        tournament.structure,
        tournament.created.profile,
    )


def new_day2(service: TournamentService, command: CreateTournament, now: int) -> Tournament:
    """The Day 2 of ``command.day2_of``, each flight read under its lock; built by the core
    (``tournament.day2.day2_tournament``: every flight stopped, with the same ``[flight]``
    rules and profile, ``FLIGHT_NOT_STOPPED``, ``FLIGHT_RULES_DIFFER``)."""
    if command.tournament_id in command.day2_of:
        raise PokerfloorError("FLIGHT_NAMED_TWICE", {"flights": list(command.day2_of)})
    flights = [service.read(flight_id, _flight) for flight_id in command.day2_of]
    rng = random.Random(secrets.randbits(64) if command.seed is None else command.seed)
    return day2_tournament(
        command.tournament_id,
        flights,
        command.table_size,
        now,
        rng,
        command.name,
        None if command.points is None else msgspec.to_builtins(command.points),
        None if command.payouts is None else msgspec.to_builtins(command.payouts),
    )
