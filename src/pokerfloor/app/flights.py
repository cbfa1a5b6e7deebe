"""The application's side of the formats of issue 33 items 2-3: a structure given the
``[satellite]`` or ``[flight]`` of a ``create_tournament``, and a Day 2 created from its flights.

A Day 2 reads each flight under its lock (``TournamentService.read``): its stop
(``flight_stopped``), profile and structure; the rules are the core's (``flights.plan_day2``).
The Day 2's structure is the flights' with the entry already paid (no buy-in, fee, rebuy or
add-on: the money is the flights'), its players the survivors with their carried stacks,
registered and seated by a fresh draw (the redraw, tda-2024 R7) in the command that creates it;
its clock waits at the level the flights stopped in.
"""

from __future__ import annotations

import random
import secrets
from typing import TYPE_CHECKING

import msgspec

from pokerfloor.app.commands import CreateTournament
from pokerfloor.errors import PokerfloorError
from pokerfloor.tournament import clock
from pokerfloor.tournament.flights import FlightRules, FlightStopped, plan_day2
from pokerfloor.tournament.satellites import SatelliteRules
from pokerfloor.tournament.state import Tournament
from pokerfloor.tournament.structure import EntryRules, Structure

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


def _flight(
    tournament: Tournament,
) -> tuple[FlightStopped | None, Structure, str]:
    return tournament.flights.stopped, tournament.structure, tournament.created.profile


def new_day2(service: TournamentService, command: CreateTournament, now: int) -> Tournament:
    """The Day 2 of ``command.day2_of``: every flight stopped, with the same ``[flight]``
    rules and profile (``FLIGHT_NOT_STOPPED``, ``FLIGHT_RULES_DIFFER``)."""
    if command.tournament_id in command.day2_of:
        raise PokerfloorError("FLIGHT_NAMED_TWICE", {"flights": list(command.day2_of)})
    read = [(flight_id, service.read(flight_id, _flight)) for flight_id in command.day2_of]
    stops: list[FlightStopped] = []
    first_structure, profile = read[0][1][1], read[0][1][2]
    rules = first_structure.flight
    for flight_id, (stopped, structure, flight_profile) in read:
        if stopped is None or structure.flight is None:
            raise PokerfloorError("FLIGHT_NOT_STOPPED", {"tournament_id": flight_id})
        if structure.flight != rules or flight_profile != profile:
            raise PokerfloorError("FLIGHT_RULES_DIFFER", {"tournament_id": flight_id})
        stops.append(stopped)
    assert rules is not None
    origin = plan_day2(command.day2_of, stops, rules)
    entry = EntryRules(starting_stack=first_structure.entry.starting_stack)
    structure = msgspec.structs.replace(first_structure, flight=None, entry=entry)
    day2 = Tournament.create(
        command.tournament_id,
        profile,
        structure,
        command.table_size,
        now,
        None,
        None if command.points is None else msgspec.to_builtins(command.points),
        None if command.payouts is None else msgspec.to_builtins(command.payouts),
        command.name,
        day2=origin,
    )
    for survivor in origin.carried:
        day2.register(survivor.player_id, survivor.name, now)
    rng = random.Random(secrets.randbits(64) if command.seed is None else command.seed)
    day2.draw_seats(rng)
    day2.place_buttons(rng)
    # Play resumes at the level the flights stopped in (the latest of them; after a level's
    # end, the next): the clock waits there for the TD to start it.
    resume = min(max(stop.level_number for stop in stops), len(structure.levels)) - 1
    if resume > 0:
        day2.clock_command(clock.JumpToLevel(resume, now, False))
    return day2
