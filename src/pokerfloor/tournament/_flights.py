"""A flight and a Day 2 on the aggregate (flights.py tells the rules): a flight stopped at its
players or its level with the survivors' bagged stacks; a Day 2's carried stacks, pool,
entries and Day 1 places. A part of ``Tournament`` (``tournament.flights``, _parts.py) that
owns the flight's stop.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from pokerfloor.errors import PokerfloorError
from pokerfloor.tournament import prizes, ranking
from pokerfloor.tournament._parts import Part, applies
from pokerfloor.tournament.advice import Hint
from pokerfloor.tournament.clock import clock_view
from pokerfloor.tournament.events import Placement
from pokerfloor.tournament.flights import (
    CITATION,
    FlightBust,
    FlightStopped,
    FlightSurvivor,
    flight_may_stop,
)
from pokerfloor.tournament.types import PlayerId

if TYPE_CHECKING:
    from pokerfloor.tournament.state import Tournament

__all__ = ["Flights"]


class Flights(Part):
    """A flight's stop and a Day 2's carried money and places: ``tournament.flights``."""

    __slots__ = ("stopped",)

    def __init__(self, host: Tournament) -> None:
        super().__init__(host)
        self.stopped: FlightStopped | None = None  # this flight's stop

    def level(self, at_ms: int) -> int:
        """The level being played at ``at_ms`` (1-based; during a break, the one after it)."""
        return clock_view(self.host.clock, self.host.structure, at_ms).level_index + 1

    def may_stop_now(self, at_ms: int) -> bool:
        """A flight whose players or level reached the stop set in its ``[flight]``."""
        rules = self.host.structure.flight
        if rules is None or self.stopped is not None:
            return False
        return flight_may_stop(rules, len(self.host.in_play()), self.level(at_ms))

    def hints(self, at_ms: int) -> tuple[Hint, ...]:
        """A flight at its stop and not yet stopped: the TD stops it, the survivors bag their
        chips (the stop published at set-up, ``house flights``)."""
        if not self.may_stop_now(at_ms):
            return ()
        players = len(self.host.in_play())
        return (Hint("flight_stop", (CITATION,), players=players, size=self.level(at_ms)),)

    def check_plays(self) -> None:
        if self.stopped is not None:
            raise PokerfloorError("FLIGHT_STOPPED", {"players_left": self.stopped.players_left})

    def stop(self, at_ms: int, counted: Mapping[PlayerId, int] | None = None) -> FlightStopped:
        """Stop the flight: the survivors bag their chips (``counted``: the stacks counted at
        the tables, every survivor once; else the stacks recorded). Refused on a tournament
        that is no flight, twice, and before the players or the level set are reached."""
        rules = self.host.structure.flight
        if rules is None:
            raise PokerfloorError("FLIGHT_NOT_A_FLIGHT", {})
        if self.stopped is not None:
            raise PokerfloorError("FLIGHT_STOPPED", {"players_left": self.stopped.players_left})
        alive = sorted(self.host.in_play(), key=lambda p: p.player_id)
        level = self.level(at_ms)
        if not flight_may_stop(rules, len(alive), level):
            raise PokerfloorError(
                "FLIGHT_NOT_OVER",
                {
                    "players_left": len(alive),
                    "stop_players": rules.stop_players,
                    "level": level,
                    "stop_after_level": rules.stop_after_level,
                },
            )
        stacks = {p.player_id: p.stack for p in alive}
        if counted is not None:
            if set(counted) != set(stacks):
                raise PokerfloorError(
                    "FLIGHT_COUNT_MISMATCH",
                    {"expected": sorted(stacks), "given": sorted(counted)},
                )
            if sum(counted.values()) != sum(stacks.values()):
                raise PokerfloorError(
                    "FLIGHT_COUNT_TOTAL",
                    {"expected": sum(stacks.values()), "given": sum(counted.values())},
                )
            stacks = dict(counted)
        survivors = tuple(FlightSurvivor(p.player_id, p.name, stacks[p.player_id]) for p in alive)
        places = ranking.provisional_places(self.host.bust_history, list(stacks))
        busts = tuple(
            FlightBust(player, self.host.players[player].name, placement.place)
            for player, placement in sorted(places.items(), key=lambda i: (i[1].place, i[0]))
            if not self.host.players[player].withdrawn
        )
        event = FlightStopped(
            at_ms,
            level,
            len(alive),
            survivors,
            busts,
            self.host.entries,
            sum(1 for p in self.host.players.values() if not p.withdrawn),
            self.host.prize_pool().total_cents,
        )
        self.host._stop_clock(at_ms)
        self.host._record(event)
        return event

    @applies(FlightStopped)
    def _stopped(self, event: FlightStopped) -> None:
        self.stopped = event

    # ---- a Day 2 -------------------------------------------------------------------------

    def day2_stack(self, player_id: PlayerId) -> int:
        """The stack a Day 2 player starts with: the one carried (the structure's starting
        stack on any other tournament)."""
        origin = self.host.created.day2
        if origin is not None:
            for survivor in origin.carried:
                if survivor.player_id == player_id:
                    return survivor.stack
        return self.host.created.starting_stack

    def check_day2_entrant(self, player_id: PlayerId) -> None:
        """On a Day 2, only the flights' survivors play (``FLIGHT_NOT_A_SURVIVOR``)."""
        origin = self.host.created.day2
        if origin is not None and all(s.player_id != player_id for s in origin.carried):
            raise PokerfloorError("FLIGHT_NOT_A_SURVIVOR", {"player_id": player_id})

    def event_entries(self) -> int:
        """The entries the payouts are counted on: a Day 2's every entry of every flight."""
        origin = self.host.created.day2
        return self.host.entries if origin is None else origin.entries

    def with_carried_pool(self, pool: prizes.PrizePool) -> prizes.PrizePool:
        """A Day 2's pool: its own (nothing: the entries were paid on Day 1) and the
        flights'."""
        carried = self.carried_pool_cents()
        if not carried:
            return pool
        return prizes.PrizePool(
            pool.total_cents + carried,
            pool.collected_cents + carried,
            pool.fees_cents,
            pool.overlay_cents,
        )

    def carried_pool_cents(self) -> int:
        """The flights' prize pool a Day 2 pays (0 on any other tournament)."""
        origin = self.host.created.day2
        return 0 if origin is None else origin.pool_cents

    def day1_places(self) -> tuple[Placement, ...]:
        """The players out on Day 1, below the Day 2 field (none on any other tournament)."""
        origin = self.host.created.day2
        if origin is None:
            return ()
        return tuple(
            Placement(p.player_id, p.place, p.tied_with, p.places_covered) for p in origin.day1
        )
