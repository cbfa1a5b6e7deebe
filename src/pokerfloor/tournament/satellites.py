"""Satellites (issue 33 item 2, the core only): the prize pool buys seats to a bigger event.

Pure functions, money in cents:

- ``satellite_seats``: how many seats of the target event's buy-in the pool buys, and the
  remainder;
- ``satellite_stage``: play goes on, goes hand-for-hand when one bust separates the field from
  the seats (the bubble: busts at several tables in one round share, tda-2024 RP-8), and stops
  when as many players remain as there are seats (every one of them wins a seat);
- ``satellite_awards``: the seats for the first places, the remainder paid as the TD chose
  (cash to the next place, shared among the seat winners, or a credit to the next place), and a
  seat won by a player who already holds one handled by the rule chosen (its value in cash, or
  the seat passed to the next place).

A structure's ``[satellite]`` holds the ``SatelliteRules``; the aggregate's side (the seats of
the pool so far, play stopped at the seats, the finish's awards) is ``_satellite_play.py``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

import msgspec

from pokerfloor.errors import PokerfloorError
from pokerfloor.tournament.limits import MAX_CENTS
from pokerfloor.tournament.types import PlayerId

__all__ = [
    "DOUBLE_SEAT_RULES",
    "REMAINDER_RULES",
    "SatelliteAward",
    "SatelliteRules",
    "satellite_awards",
    "satellite_seats",
    "satellite_stage",
    "validate_satellite",
]

REMAINDER_RULES = ("next_place", "shared", "credit")
DOUBLE_SEAT_RULES = ("cash", "pass_down")
Stage = Literal["play", "hand_for_hand", "stop"]


class SatelliteRules(msgspec.Struct, frozen=True):
    """``target_buy_in_cents``: the seat's value (the target event's buy-in and fee);
    ``remainder``: what the pool left over buys (``next_place``: cash to the first place
    without a seat; ``shared``: split among the seat winners; ``credit``: a credit to the first
    place without a seat); ``double_seat``: a player who already holds a seat to the target
    event gets its value in cash (``cash``) or the seat goes to the next place (``pass_down``)."""

    target_buy_in_cents: int
    remainder: str = "next_place"
    double_seat: str = "cash"


class SatelliteAward(msgspec.Struct, frozen=True):
    """What one player gets: a seat, cash, or a credit (cents)."""

    player_id: PlayerId
    place: int
    seat: bool = False
    cash_cents: int = 0
    credit_cents: int = 0


def validate_satellite(rules: SatelliteRules) -> None:
    """The seat's value within bounds and the rules among those accepted (a structure's
    ``[satellite]``)."""
    _check(rules, 0)


def _check(rules: SatelliteRules, pool_cents: int) -> None:
    target = rules.target_buy_in_cents
    if not (isinstance(target, int) and 1 <= target <= MAX_CENTS):
        raise PokerfloorError(
            "SATELLITE_BAD_TARGET", {"value": target, "minimum": 1, "maximum": MAX_CENTS}
        )
    for field, value, accepted in (
        ("remainder", rules.remainder, REMAINDER_RULES),
        ("double_seat", rules.double_seat, DOUBLE_SEAT_RULES),
    ):
        if value not in accepted:
            raise PokerfloorError(
                "SATELLITE_BAD_RULE", {"field": field, "value": value, "accepted": list(accepted)}
            )
    if not 0 <= pool_cents <= MAX_CENTS:
        raise PokerfloorError(
            "SATELLITE_BAD_POOL", {"value": pool_cents, "minimum": 0, "maximum": MAX_CENTS}
        )


def satellite_seats(pool_cents: int, rules: SatelliteRules) -> tuple[int, int]:
    """(seats, remainder in cents): the seats the pool buys at the target's buy-in."""
    _check(rules, pool_cents)
    return divmod(pool_cents, rules.target_buy_in_cents)


def satellite_stage(players_left: int, seats: int) -> Stage:
    """Where a satellite stands: ``stop`` once the players left all win a seat, hand-for-hand
    on the bubble (one more player than seats), else ``play``. No seat at all: play to a
    winner like any tournament."""
    if seats <= 0:
        return "play" if players_left > 1 else "stop"
    if players_left <= seats:
        return "stop"
    return "hand_for_hand" if players_left == seats + 1 else "play"


def satellite_awards(
    ranking: Sequence[PlayerId],
    pool_cents: int,
    rules: SatelliteRules,
    holding_seat: frozenset[PlayerId] = frozenset(),
) -> tuple[SatelliteAward, ...]:
    """The awards of a satellite from its ranking (place 1 first; the players left when play
    stopped first, in any order the TD recorded). ``holding_seat``: players who already hold a
    seat to the target event. Every cent of the pool is awarded once: seats x their value +
    cash + credits = the pool."""
    seats, remainder = satellite_seats(pool_cents, rules)
    target = rules.target_buy_in_cents
    awards: dict[PlayerId, SatelliteAward] = {}
    place_of = {player: place for place, player in enumerate(ranking, start=1)}
    next_up = 0  # the index in ranking of the next player who could take a seat
    seat_winners: list[PlayerId] = []
    for _ in range(min(seats, len(ranking))):
        while next_up < len(ranking):
            player = ranking[next_up]
            next_up += 1
            if player in holding_seat:
                if rules.double_seat == "cash":  # the seat's value instead of a second seat
                    awards[player] = SatelliteAward(player, place_of[player], cash_cents=target)
                    break
                continue  # pass_down: the seat goes to the next place
            awards[player] = SatelliteAward(player, place_of[player], seat=True)
            seat_winners.append(player)
            break
    unawarded = (seats - len(awards)) * target + remainder
    if not unawarded:
        return _in_place_order(awards)
    if rules.remainder == "shared" and seat_winners:
        count = len(seat_winners)
        base, odd = divmod(unawarded, count)
        for index, player in enumerate(seat_winners):  # the odd cents to the best places
            extra = base + (1 if index < odd else 0)
            awards[player] = msgspec.structs.replace(awards[player], cash_cents=extra)
        return _in_place_order(awards)
    following = next((p for p in ranking[next_up:] if p not in awards), None)
    if following is None:  # nobody left to pay: the best place takes it
        following = ranking[0]
    current = awards.get(following, SatelliteAward(following, place_of[following]))
    if rules.remainder == "credit":
        current = msgspec.structs.replace(current, credit_cents=current.credit_cents + unawarded)
    else:
        current = msgspec.structs.replace(current, cash_cents=current.cash_cents + unawarded)
    awards[following] = current
    return _in_place_order(awards)


def _in_place_order(awards: dict[PlayerId, SatelliteAward]) -> tuple[SatelliteAward, ...]:
    return tuple(sorted(awards.values(), key=lambda award: award.place))
