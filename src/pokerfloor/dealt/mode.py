"""A tournament dealt by pokerfloor: the TD's choice and the hand each table deals next.

The choice (``dealt_play_chosen``) is recorded in the tournament's dealt stream
(``dealt/<tournament id>``), apart from the tournament aggregate's own stream: a live
tournament never reads it. Its times default from the rule profile: the action time is the
time a player has once the clock is called (``clock.action_seconds`` plus
``clock.countdown_seconds``), the time bank and the absence count are pokerfloor's own.

``hand_setup`` turns the tournament's plan of a table's next hand (positions, level, who is
dealt in: the same query a live table's report goes through) into the hand engine's set-up.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping

import msgspec

from pokerfloor.dealt.disputes import DisputeRuled, DisputeSettled
from pokerfloor.dealt.table import TimeSettings
from pokerfloor.errors import PokerfloorError
from pokerfloor.hand import HandSetup, Seat
from pokerfloor.rules import RuleProfile
from pokerfloor.tournament._hand_report import HandPlan
from pokerfloor.tournament.structure import Structure

__all__ = [
    "BANK_SECONDS",
    "BOT_POLICIES",
    "BotSeated",
    "DealtPlayChosen",
    "DealtSettings",
    "DealtStreamEvent",
    "HoleCardsSeen",
    "MoveAsked",
    "MoveSettled",
    "check_policy",
    "check_settings",
    "chip_unit",
    "default_settings",
    "hand_setup",
]

BANK_SECONDS = 60  # a time bank for the whole tournament, as online rooms give
AWAY_AFTER = 2  # timeouts in a row before a player is marked away
PAUSE_SECONDS = 4  # between two hands: the last pot stays on screen, a busted player may rebuy

# The bounds a TD may choose (seconds, counts), named in the refusal.
LIMITS: dict[str, tuple[int, int]] = {
    "action_seconds": (5, 600),
    "bank_seconds": (0, 3600),
    "away_after": (0, 10),
    "pause_seconds": (0, 120),
}


class DealtSettings(msgspec.Struct, frozen=True):
    action_seconds: int
    bank_seconds: int = BANK_SECONDS
    away_after: int = AWAY_AFTER
    pause_seconds: int = PAUSE_SECONDS

    def time(self) -> TimeSettings:
        return TimeSettings(self.action_seconds * 1000, self.bank_seconds * 1000, self.away_after)


class DealtPlayChosen(msgspec.Struct, frozen=True, tag="dealt_play_chosen"):
    """The TD chose cards dealt by pokerfloor for this tournament, with these times."""

    settings: DealtSettings
    at_ms: int


BOT_POLICIES = ("random", "tag")  # pokerfloor.sim.bots: RandomBot, TightAggressiveBot


class BotSeated(msgspec.Struct, frozen=True, tag="bot_seated"):
    """A bot of the simulator plays for ``player_id`` (practice tables, empty seats, tests),
    through the same commands and the same clock as a person; ``policy`` is one of
    ``BOT_POLICIES``."""

    player_id: str
    policy: str
    at_ms: int


class MoveAsked(msgspec.Struct, frozen=True, tag="move_asked"):
    """The TD moves ``player_id`` to ``table_no`` seat ``seat_no`` (the console): made between
    hands, once the player's table and the table they go to have both finished their hand
    (tda-2024 R10, R11: a player leaves and joins between hands)."""

    player_id: str
    table_no: int
    seat_no: int
    reason: str
    at_ms: int


class MoveSettled(msgspec.Struct, frozen=True, tag="move_settled"):
    """The move asked is made (``made``) or refused by the tournament (``code``, e.g. the
    seat was taken since)."""

    player_id: str
    made: bool
    code: str
    at_ms: int


class HoleCardsSeen(msgspec.Struct, frozen=True, tag="hole_cards_seen"):
    """The TD opened a table's view with every hole card (each access logged: who, when)."""

    table_no: int
    hand_no: int
    by: str
    at_ms: int


DealtStreamEvent = (
    DealtPlayChosen
    | BotSeated
    | MoveAsked
    | MoveSettled
    | HoleCardsSeen
    | DisputeRuled
    | DisputeSettled
)


def check_policy(policy: str) -> str:
    if policy not in BOT_POLICIES:
        raise PokerfloorError(
            "UNKNOWN_BOT", {"policy": policy[:40], "accepted": list(BOT_POLICIES)}
        )
    return policy


def default_settings(profile: RuleProfile) -> DealtSettings:
    """The profile's time for an action once the clock is called, its countdown included."""
    action = int(profile.value("clock.action_seconds")) + int(
        profile.value("clock.countdown_seconds")
    )
    return DealtSettings(action_seconds=action)


def check_settings(settings: DealtSettings) -> DealtSettings:
    """Each time within its bounds (``BAD_DEALT_SETTING`` names the field and the bounds)."""
    for field, (low, high) in LIMITS.items():
        value = getattr(settings, field)
        if not low <= value <= high:
            raise PokerfloorError(
                "BAD_DEALT_SETTING",
                {"field": field, "minimum": low, "maximum": high, "value": value},
            )
    return settings


def chip_unit(structure: Structure) -> int:
    """The smallest chip of a dealt hand: the smallest of the structure's whole set. Dealt play
    has no chips on the felt, so the colour-ups of the structure's breaks (a chip race at a
    live table, tda-2024 R24) never happen and no stack is rounded: the unit of the odd chip
    and of every stack stays the first level's (a stack of 41,075 dealt after the 25 is coloured
    up at a live table would otherwise stop the table for good)."""
    return min(chip.value for chip in structure.chips)


def hand_setup(
    plan: HandPlan,
    profile_id: str,
    names: Mapping[str, str],
    away_seats: Collection[int],
    smallest_chip: int,
) -> HandSetup:
    """The engine's set-up of the planned hand: the seats dealt in with their stacks, the
    button and blinds the tournament derived (dead button, heads-up), the level's blinds and
    antes. A seat away (or a player the tournament holds absent) is dealt in with a dead hand:
    the engine kills it at the deal with the profile's article (tda-2024 R30)."""
    level = plan.level
    seats = tuple(
        Seat(
            seat_no,
            names.get(player, player),
            stack,
            absent=seat_no in away_seats or player in plan.away,
        )
        for seat_no, player, stack in sorted(plan.seats)
    )
    return HandSetup(
        profile_id,
        seats,
        plan.button_seat,
        level.small_blind,
        level.big_blind,
        ante=level.ante,
        bb_ante=level.bb_ante,
        smallest_chip=smallest_chip,
        small_blind_seat=plan.small_blind_seat or 0,
        big_blind_seat=plan.big_blind_seat,
        # The players play the showdown (show or muck in the profile's order, its showdown
        # rights); a hand all in is turned up by the engine as the profile says.
        manual_showdown=True,
    )
