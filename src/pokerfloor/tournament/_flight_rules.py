"""A structure's ``[flight]`` (flights.py tells the whole story): where a flight stops, how a
stack is carried to Day 2, how the players out on Day 1 are ranked; its checks."""

from __future__ import annotations

import msgspec

from pokerfloor.errors import PokerfloorError
from pokerfloor.tournament.limits import MAX_LEVELS

__all__ = [
    "CARRY_RULES",
    "DAY1_RANKING_RULES",
    "FlightRules",
    "flight_may_stop",
    "validate_flight",
]

CARRY_RULES = ("best", "first", "last")
DAY1_RANKING_RULES = ("players_left", "field_share", "tied")


class FlightRules(msgspec.Struct, frozen=True):
    """A structure's ``[flight]``: where a flight stops (``stop_players`` players left, or the
    end of level ``stop_after_level``; 0: not that way, at least one is set), how a stack is
    carried to Day 2 and how the players out on Day 1 are ranked."""

    stop_players: int = 0
    stop_after_level: int = 0
    carry: str = "best"
    day1_ranking: str = "players_left"


def _refuse(field: str, value: object, accepted: str) -> PokerfloorError:
    return PokerfloorError(
        "STRUCTURE_BAD_VALUE",
        {"field": field, "value": value, "accepted": accepted, "reason": "not_a_choice"},
    )


def validate_flight(rules: FlightRules, levels: int) -> None:
    """Each field within its range; a flight stops one way at least."""
    for field, value, high in (
        ("flight.stop_players", rules.stop_players, 10_000),
        ("flight.stop_after_level", rules.stop_after_level, min(levels, MAX_LEVELS)),
    ):
        if not (isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= high):
            raise PokerfloorError(
                "STRUCTURE_BAD_VALUE",
                {
                    "field": field,
                    "value": value if isinstance(value, int) else repr(value)[:100],
                    "accepted": f"a whole number from 0 to {high}",
                    "reason": "out_of_range",
                    "minimum": 0,
                    "maximum": high,
                },
            )
    if not rules.stop_players and not rules.stop_after_level:
        raise PokerfloorError("FLIGHT_NO_STOP", {})
    if rules.carry not in CARRY_RULES:
        raise _refuse("flight.carry", str(rules.carry)[:100], " or ".join(CARRY_RULES))
    if rules.day1_ranking not in DAY1_RANKING_RULES:
        raise _refuse(
            "flight.day1_ranking", str(rules.day1_ranking)[:100], " or ".join(DAY1_RANKING_RULES)
        )


def flight_may_stop(rules: FlightRules, players_left: int, level_number: int) -> bool:
    """A flight stops at ``stop_players`` players left, or once level ``stop_after_level`` is
    over (``level_number``: the level being played, or the one after a break; higher means
    the level is over)."""
    if rules.stop_players and players_left <= rules.stop_players:
        return True
    return bool(rules.stop_after_level) and level_number > rules.stop_after_level
