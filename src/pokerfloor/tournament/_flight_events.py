"""The flights' records (flights.py): a flight stopped with its survivors' bagged stacks and
its players out, and what a Day 2 tournament carries from its flights in its
``tournament_created``."""

from __future__ import annotations

import msgspec

from pokerfloor.tournament.types import PlayerId

__all__ = ["Day1Place", "Day2Origin", "FlightBust", "FlightStopped", "FlightSurvivor"]

CITATION = "house flights"


class FlightSurvivor(msgspec.Struct, frozen=True):
    player_id: PlayerId
    name: str
    stack: int


class FlightBust(msgspec.Struct, frozen=True):
    """A player out of a flight: ``place`` in that flight's field when out (the players left
    then, them included)."""

    player_id: PlayerId
    name: str
    place: int


class FlightStopped(msgspec.Struct, frozen=True, tag="flight_stopped"):
    """A flight stopped: the survivors' bagged stacks, the players out, the flight's entries,
    distinct players (``field``) and prize pool (cents, fees out)."""

    at_ms: int
    level_number: int
    players_left: int
    survivors: tuple[FlightSurvivor, ...]
    busts: tuple[FlightBust, ...]
    entries: int
    field: int
    pool_cents: int
    citations: tuple[str, ...] = (CITATION,)


class Day1Place(msgspec.Struct, frozen=True):
    """A player out on Day 1: the place in the whole event (below the Day 2 field), the
    players sharing it and the places they cover."""

    player_id: PlayerId
    name: str
    place: int
    tied_with: tuple[PlayerId, ...] = ()
    places_covered: tuple[int, ...] = ()


class Day2Origin(msgspec.Struct, frozen=True):
    """What a Day 2 tournament carries from its flights (in its ``tournament_created``):
    the flights' ids, the total entries and pool, each survivor's carried stack, the Day 1
    places (below the Day 2 field) and the rules used."""

    flights: tuple[str, ...]
    entries: int
    pool_cents: int
    carried: tuple[FlightSurvivor, ...]
    day1: tuple[Day1Place, ...]
    carry: str
    day1_ranking: str
