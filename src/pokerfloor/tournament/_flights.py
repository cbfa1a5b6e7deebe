"""A flight and a Day 2 on the aggregate (flights.py tells the rules): a flight stopped at its
players or its level with the survivors' bagged stacks; a Day 2's carried stacks, pool,
entries and Day 1 places. A mixin of ``Tournament`` (state.py).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from pokerfloor.errors import PokerfloorError
from pokerfloor.tournament import prizes, ranking
from pokerfloor.tournament.clock import clock_view
from pokerfloor.tournament.events import Placement
from pokerfloor.tournament.flights import (
    FlightBust,
    FlightStopped,
    FlightSurvivor,
    flight_may_stop,
)
from pokerfloor.tournament.types import PlayerId

if TYPE_CHECKING:
    from pokerfloor.tournament.clock import ClockState
    from pokerfloor.tournament.events import TournamentCreated, TournamentEvent
    from pokerfloor.tournament.state import PlayerState
    from pokerfloor.tournament.structure import Structure

__all__ = ["FlightCommands"]


class FlightCommands:
    """A flight's stop and a Day 2's carried money and places, mixed into ``Tournament``."""

    if TYPE_CHECKING:  # provided by Tournament
        structure: Structure
        created: TournamentCreated
        clock: ClockState
        players: dict[PlayerId, PlayerState]
        bust_history: list[tuple[ranking.Placement, ...]]
        entries: int
        flight_stopped: FlightStopped | None

        def prize_pool(self) -> prizes.PrizePool: ...
        def in_play(self) -> list[PlayerState]: ...
        def _record(self, event: TournamentEvent) -> None: ...
        def _stop_clock(self, at_ms: int) -> None: ...
        def _check_satellite_plays(self) -> None: ...

    def flight_level(self, at_ms: int) -> int:
        """The level being played at ``at_ms`` (1-based; during a break, the one after it)."""
        return clock_view(self.clock, self.structure, at_ms).level_index + 1

    def flight_may_stop_now(self, at_ms: int) -> bool:
        """A flight whose players or level reached the stop set in its ``[flight]``."""
        rules = self.structure.flight
        if rules is None or self.flight_stopped is not None:
            return False
        return flight_may_stop(rules, len(self.in_play()), self.flight_level(at_ms))

    def _check_flight_plays(self) -> None:
        if self.flight_stopped is not None:
            raise PokerfloorError(
                "FLIGHT_STOPPED", {"players_left": self.flight_stopped.players_left}
            )

    def stop_flight(
        self, at_ms: int, counted: Mapping[PlayerId, int] | None = None
    ) -> FlightStopped:
        """Stop the flight: the survivors bag their chips (``counted``: the stacks counted at
        the tables, every survivor once; else the stacks recorded). Refused on a tournament
        that is no flight, twice, and before the players or the level set are reached."""
        rules = self.structure.flight
        if rules is None:
            raise PokerfloorError("FLIGHT_NOT_A_FLIGHT", {})
        if self.flight_stopped is not None:
            raise PokerfloorError(
                "FLIGHT_STOPPED", {"players_left": self.flight_stopped.players_left}
            )
        alive = sorted(self.in_play(), key=lambda p: p.player_id)
        level = self.flight_level(at_ms)
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
        places = ranking.provisional_places(self.bust_history, list(stacks))
        busts = tuple(
            FlightBust(player, self.players[player].name, placement.place)
            for player, placement in sorted(places.items(), key=lambda i: (i[1].place, i[0]))
            if not self.players[player].withdrawn
        )
        event = FlightStopped(
            at_ms,
            level,
            len(alive),
            survivors,
            busts,
            self.entries,
            sum(1 for p in self.players.values() if not p.withdrawn),
            self.prize_pool().total_cents,
        )
        self._stop_clock(at_ms)
        self._record(event)
        return event

    # ---- a Day 2 -------------------------------------------------------------------------

    def day2_stack(self, player_id: PlayerId) -> int:
        """The stack a Day 2 player starts with: the one carried (the structure's starting
        stack on any other tournament)."""
        origin = self.created.day2
        if origin is not None:
            for survivor in origin.carried:
                if survivor.player_id == player_id:
                    return survivor.stack
        return self.created.starting_stack

    def _check_day2_entrant(self, player_id: PlayerId) -> None:
        """On a Day 2, only the flights' survivors play (``FLIGHT_NOT_A_SURVIVOR``)."""
        origin = self.created.day2
        if origin is not None and all(s.player_id != player_id for s in origin.carried):
            raise PokerfloorError("FLIGHT_NOT_A_SURVIVOR", {"player_id": player_id})

    def event_entries(self) -> int:
        """The entries the payouts are counted on: a Day 2's every entry of every flight."""
        origin = self.created.day2
        return self.entries if origin is None else origin.entries

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

    def check_format_plays(self) -> None:
        """No hand after a satellite reached its seats or a flight stopped."""
        self._check_satellite_plays()
        self._check_flight_plays()

    def carried_pool_cents(self) -> int:
        """The flights' prize pool a Day 2 pays (0 on any other tournament)."""
        origin = self.created.day2
        return 0 if origin is None else origin.pool_cents

    def day1_places(self) -> tuple[Placement, ...]:
        """The players out on Day 1, below the Day 2 field (none on any other tournament)."""
        origin = self.created.day2
        if origin is None:
            return ()
        return tuple(
            Placement(p.player_id, p.place, p.tied_with, p.places_covered) for p in origin.day1
        )
