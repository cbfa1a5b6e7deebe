"""An event over several flights and a Day 2, played by bots (issue 33 item 3).

The field is dealt out to the flights (Day 1A, Day 1B...), each a tournament of its own whose
structure carries the ``[flight]`` rules; each flight is played like any simulated tournament
(``tournament.play_out``) to its stop (its players, or the end of its level) and stopped by the
core (``stop_flight``: the survivors bag their chips). Players out of an earlier flight re-enter
a later one now and then, and a survivor now and then plays another flight too (the carry rule
then picks the stack): the Day 2's ranking must still hold each entrant once. The Day 2 is built
by the same core as the API's ``create_tournament.day2_of`` (``tournament.day2``), played to a
winner and finished: its ranking covers every entrant of every flight, its pool the flights'.
"""

from __future__ import annotations

import random
import string
from collections import deque
from dataclasses import dataclass

from pokerfloor.errors import PokerfloorError
from pokerfloor.sim._play import HandPlayers, hand_players
from pokerfloor.sim.tournament import (
    EventWriter,
    Progress,
    SimulationResult,
    _payouts,
    _Run,
    play_out,
)
from pokerfloor.tournament.day2 import StoppedFlight, day2_tournament
from pokerfloor.tournament.flights import MAX_FLIGHTS, FlightRules, FlightStopped
from pokerfloor.tournament.points import PointsFormula
from pokerfloor.tournament.state import Tournament
from pokerfloor.tournament.structure import Structure

__all__ = ["FlightsResult", "default_flight_rules", "simulate_flights"]


@dataclass
class FlightsResult:
    """The flights played (in order) with their stops, and the Day 2 played to a winner."""

    flights: list[Tournament]
    stops: list[FlightStopped]
    day2: SimulationResult
    flight_hands: list[int]

    @property
    def hands(self) -> int:
        """Hands played over the flights and the Day 2."""
        return self.day2.hands + sum(self.flight_hands)

    @property
    def entrants(self) -> set[str]:
        """Every player who entered a flight."""
        return {p for t in self.flights for p in t.players}


def default_flight_rules(players: int, flights: int) -> FlightRules:
    """A flight stops at about a fifth of its share of the field (two players at least)."""
    return FlightRules(stop_players=max(2, players // flights // 5))


def _with_flight(structure: Structure, rules: FlightRules) -> Structure:
    """The structure with these ``[flight]`` rules (checked as any structure is)."""
    fields = {name: getattr(structure, name) for name in structure.__struct_fields__}
    return Structure(**{**fields, "flight": rules})


def _flight_fields(
    players: int, flights: int, rng: random.Random
) -> list[list[int]]:  # player numbers
    numbers = list(range(1, players + 1))
    rng.shuffle(numbers)
    return [numbers[k::flights] for k in range(flights)]


def simulate_flights(
    players: int,
    flights: int,
    profile: str,
    structure: Structure,
    seed: int = 0,
    table_size: int = 9,
    rules: FlightRules | None = None,
    bot_names: tuple[str, ...] = ("tag", "random"),
    reentry: float = 0.25,
    penalty_rate: float = 0.002,
    points: PointsFormula | None = None,
    workers: int = 1,
    progress: Progress | None = None,
) -> FlightsResult:
    """Play ``flights`` flights of a field of ``players`` (``reentry``: the chance that a
    player out of an earlier flight plays a later one; half of it, that a survivor does), then
    their Day 2 to a winner. ``rules``: the flights' ``[flight]`` (``default_flight_rules``
    otherwise; the structure's own when it has one)."""
    if not 1 <= flights <= MAX_FLIGHTS or players < 2 * flights:
        raise PokerfloorError("FLIGHT_BAD_COUNT", {"count": flights, "maximum": MAX_FLIGHTS})
    chosen = rules or structure.flight or default_flight_rules(players, flights)
    hands = hand_players(workers)
    try:
        return _simulate_flights(
            players, flights, profile, _with_flight(structure, chosen), seed, table_size,
            bot_names, reentry, penalty_rate, points, hands, progress,
        )  # fmt: skip
    finally:
        hands.close()


def _simulate_flights(
    players: int,
    flights: int,
    profile: str,
    structure: Structure,
    seed: int,
    table_size: int,
    bot_names: tuple[str, ...],
    reentry: float,
    penalty_rate: float,
    points: PointsFormula | None,
    hands: HandPlayers,
    progress: Progress | None,
) -> FlightsResult:
    rng = random.Random(seed)
    kinds: dict[str, str] = {}
    names: dict[str, str] = {}
    for number in range(1, players + 1):
        player_id = f"P{number:05d}"
        kinds[player_id] = rng.choice(bot_names)
        names[player_id] = f"Player {number}"
    fields = _flight_fields(players, flights, rng)
    played: list[Tournament] = []
    stops: list[FlightStopped] = []
    flight_hands: list[int] = []
    busted: list[str] = []  # out of a flight, in the order met
    through: list[str] = []  # through to Day 2 from a flight
    for k, numbers in enumerate(fields):
        letter = string.ascii_uppercase[k]
        field = [f"P{number:05d}" for number in numbers]
        # Some players out of an earlier flight, and fewer who are through, play again.
        field += [p for p in busted if p not in through and rng.random() < reentry]
        field += [p for p in through if rng.random() < reentry / 2]
        field = list(dict.fromkeys(field))
        flight = Tournament.create(
            f"simulation-{seed}-1{letter.lower()}",
            profile,
            structure,
            table_size,
            name=f"Day 1{letter}",
        )
        for player_id in field:
            flight.register(player_id, names[player_id], 0)
        flight.draw_seats(rng)
        flight.place_buttons(rng)
        flight.start_clock(0)
        run = _Run(flight, rng, kinds, hands, penalty_rate, deque(), deque())
        now = play_out(run, EventWriter(None), progress)
        stop = flight.flights.stop(now)
        played.append(flight)
        stops.append(stop)
        flight_hands.append(run.hands)
        busted += [b.player_id for b in stop.busts]
        through += [s.player_id for s in stop.survivors]
    day2 = day2_tournament(
        f"simulation-{seed}-2",
        [
            StoppedFlight(t.created.tournament_id, s, t.structure, profile)
            for t, s in zip(played, stops, strict=True)
        ],
        table_size,
        0,
        rng,
        name="Day 2",
    )
    day2.start_clock(0)
    run = _Run(day2, rng, kinds, hands, penalty_rate, deque(), deque())
    writer = EventWriter(None)
    now = play_out(run, writer, progress)
    payouts = _payouts(day2)
    finished = day2.finish(now, payouts, sum(payouts), points)
    result = SimulationResult(
        day2, finished, run.hands, now // 1000, payouts, kinds, len(day2.events), run.clock_views
    )
    return FlightsResult(played, stops, result, flight_hands)
