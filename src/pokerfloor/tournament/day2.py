"""A Day 2 tournament made from its stopped flights (issue 33 item 3): the one way the API's
``create_tournament.day2_of`` and the simulator's flights both build it (flights.py tells the
rules).

The Day 2's structure is the flights' with the entry already paid (no buy-in, fee, rebuy or
add-on: the money is the flights'), its players the survivors with their carried stacks,
registered and seated by a fresh draw (the redraw, tda-2024 R7) with the shuffle given; its
clock waits at the level the flights stopped in, for the TD to start it.

Pure: the time and the shuffle come in with the call.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

import msgspec

from pokerfloor.errors import PokerfloorError
from pokerfloor.tournament import clock
from pokerfloor.tournament.flights import FlightStopped, plan_day2
from pokerfloor.tournament.state import Tournament
from pokerfloor.tournament.structure import EntryRules, Structure

__all__ = ["StoppedFlight", "day2_tournament"]


class StoppedFlight(msgspec.Struct, frozen=True):
    """A flight as its Day 2 reads it: its id, its stop (None: not stopped), structure and
    rule profile."""

    tournament_id: str
    stopped: FlightStopped | None
    structure: Structure
    profile: str


def day2_tournament(
    tournament_id: str,
    flights: Sequence[StoppedFlight],
    table_size: int,
    at_ms: int,
    rng: random.Random,
    name: str = "",
    points: Mapping[str, Any] | None = None,
    payouts: Mapping[str, Any] | None = None,
) -> Tournament:
    """The Day 2 of ``flights`` (in the order played): every flight stopped, with the same
    ``[flight]`` rules and profile (``FLIGHT_NOT_STOPPED``, ``FLIGHT_RULES_DIFFER``); its
    survivors registered with their carried stacks and drawn to their seats by ``rng``."""
    flight_ids = tuple(flight.tournament_id for flight in flights)
    if tournament_id in flight_ids:
        raise PokerfloorError("FLIGHT_NAMED_TWICE", {"flights": list(flight_ids)})
    if not flights:
        raise PokerfloorError("FLIGHT_BAD_COUNT", {"count": 0, "maximum": 20})
    first = flights[0]
    rules = first.structure.flight
    stops: list[FlightStopped] = []
    for flight in flights:
        if flight.stopped is None or flight.structure.flight is None:
            raise PokerfloorError("FLIGHT_NOT_STOPPED", {"tournament_id": flight.tournament_id})
        if flight.structure.flight != rules or flight.profile != first.profile:
            raise PokerfloorError("FLIGHT_RULES_DIFFER", {"tournament_id": flight.tournament_id})
        stops.append(flight.stopped)
    assert rules is not None
    origin = plan_day2(flight_ids, stops, rules)
    entry = EntryRules(starting_stack=first.structure.entry.starting_stack)
    structure = msgspec.structs.replace(first.structure, flight=None, entry=entry)
    day2 = Tournament.create(
        tournament_id,
        first.profile,
        structure,
        table_size,
        at_ms,
        None,
        points,
        payouts,
        name,
        day2=origin,
    )
    for survivor in origin.carried:
        day2.register(survivor.player_id, survivor.name, at_ms)
    day2.draw_seats(rng)
    day2.place_buttons(rng)
    # Play resumes at the level the flights stopped in (the latest of them; after a level's
    # end, the next): the clock waits there for the TD to start it.
    resume = min(max(stop.level_number for stop in stops), len(structure.levels)) - 1
    if resume > 0:
        day2.clock_command(clock.JumpToLevel(resume, at_ms, False))
    return day2
