"""An event played over several flights (Day 1A, Day 1B...) and a Day 2 (issue 33 item 3).

Each flight is a tournament of its own whose structure has a ``[flight]`` table: it plays to
``stop_players`` players left or to the end of level ``stop_after_level``, then stops (the
TD's ``stop_flight``, refused before): the survivors bag their chips (``FlightStopped``).
The Day 2 is a new tournament made from the flights' ``FlightStopped`` (``plan_day2``):

- its players are the flights' survivors, each with the stack carried by the rule chosen
  (``carry``: the best stack when a player survived two flights, or the first, or the last;
  the other stacks leave play);
- its entries and prize pool are the sums of the flights' (every entry of every flight);
- its ranking covers every entrant of every flight: the Day 2's own places first, then the
  players out on Day 1, ranked across flights by ``day1_ranking``: ``players_left`` (fewer
  players left in the flight when out ranks better, equal counts tie), ``field_share`` (the
  same as a share of the flight's field, for flights of different sizes) or ``tied`` (they
  all share the places below the Day 2 field). A player out in two flights keeps the better.

The rulebooks of ../shared/rulebooks have no article on flights or a Day 2: the rules here
are the house's choices, made at set-up and shown with the results (cited ``house flights``);
the Day 2's seats are drawn at random like any tournament's (tda-2024 R7).

Pure: no clock, no I/O; money in cents.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from pokerfloor.errors import PokerfloorError
from pokerfloor.tournament._flight_events import (
    CITATION,
    Day1Place,
    Day2Origin,
    FlightBust,
    FlightStopped,
    FlightSurvivor,
)
from pokerfloor.tournament._flight_rules import (
    CARRY_RULES,
    DAY1_RANKING_RULES,
    FlightRules,
    flight_may_stop,
    validate_flight,
)
from pokerfloor.tournament.types import PlayerId

__all__ = [
    "CARRY_RULES",
    "CITATION",
    "DAY1_RANKING_RULES",
    "Day1Place",
    "Day2Origin",
    "FlightBust",
    "FlightRules",
    "FlightStopped",
    "FlightSurvivor",
    "flight_may_stop",
    "plan_day2",
    "validate_flight",
]

MAX_FLIGHTS = 20


def _carried(flights: Sequence[FlightStopped], carry: str) -> list[FlightSurvivor]:
    chosen: dict[PlayerId, FlightSurvivor] = {}
    for flight in flights:
        for survivor in flight.survivors:
            held = chosen.get(survivor.player_id)
            if held is None or carry == "last" or (carry == "best" and survivor.stack > held.stack):
                chosen[survivor.player_id] = survivor
    return sorted(chosen.values(), key=lambda s: (-s.stack, s.player_id))


def _day1_key(bust: FlightBust, flight: FlightStopped, rule: str) -> Fraction:
    """The smaller, the better: players left when out (them included), or that as a share of
    the flight's field; a single key for ``tied``."""
    if rule == "tied":
        return Fraction(0)
    if rule == "field_share":
        return Fraction(bust.place, max(flight.field, 1))
    return Fraction(bust.place)


def plan_day2(
    flight_ids: Sequence[str], flights: Sequence[FlightStopped], rules: FlightRules
) -> Day2Origin:
    """The Day 2 of these stopped flights (in the order played): the survivors' carried
    stacks, the summed entries and pool, the Day 1 places by the rule chosen."""
    if not 1 <= len(flights) <= MAX_FLIGHTS or len(flight_ids) != len(flights):
        raise PokerfloorError("FLIGHT_BAD_COUNT", {"count": len(flights), "maximum": MAX_FLIGHTS})
    if len(set(flight_ids)) != len(flight_ids):
        raise PokerfloorError("FLIGHT_NAMED_TWICE", {"flights": list(flight_ids)})
    carried = _carried(flights, rules.carry)
    if len(carried) < 2:
        raise PokerfloorError("FLIGHT_TOO_FEW_SURVIVORS", {"survivors": len(carried)})
    survivors = {s.player_id for s in carried}
    best: dict[PlayerId, Fraction] = {}
    names: dict[PlayerId, str] = {}
    for flight in flights:
        for bust in flight.busts:
            if bust.player_id in survivors:
                continue  # out in one flight, through in another: ranked on Day 2
            names[bust.player_id] = bust.name
            key = _day1_key(bust, flight, rules.day1_ranking)
            if bust.player_id not in best or key < best[bust.player_id]:
                best[bust.player_id] = key
    blocks: dict[Fraction, list[PlayerId]] = {}
    for player, key in sorted(best.items(), key=lambda item: (item[1], item[0])):
        blocks.setdefault(key, []).append(player)
    day1: list[Day1Place] = []
    place = len(carried) + 1
    for block in blocks.values():
        covered = tuple(range(place, place + len(block)))
        for player in block:
            tied = tuple(other for other in block if other != player)
            day1.append(Day1Place(player, names[player], place, tied, covered))
        place += len(block)
    return Day2Origin(
        tuple(flight_ids),
        sum(flight.entries for flight in flights),
        sum(flight.pool_cents for flight in flights),
        tuple(carried),
        tuple(day1),
        rules.carry,
        rules.day1_ranking,
    )
