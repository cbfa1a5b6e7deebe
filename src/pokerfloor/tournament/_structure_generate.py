"""A structure generator: blinds that grow geometrically, rounded to what the chips can make.

The plan: the level in play at ``target_minutes`` (breaks included, no pauses) has a big blind
of about the total chips divided by ``end_big_blinds`` (20 by default: the whole prize pool
is 20 big blinds, so a heads-up cannot last). The first big blind is about the starting stack
divided by ``starting_big_blinds``. In between, every level multiplies the big blind by the same
ratio, and each level is rounded to the nearest "nice" small blind (1, 1.2, 1.5, 2, 2.5, 3, 4,
5, 6, 7.5, 8 times a power of ten) that the smallest chip in play can make, always above the
previous level. A ratio above 2 is softened by starting shallower (down to 20 big blinds), one
below 1.25 by starting deeper (up to 300 big blinds); what is still outside 1.25-3 is refused
(``STRUCTURE_TARGET_UNREACHABLE``) with the nearest level length that works. A break comes every
``break_every_minutes`` of play; at a break the smallest chip is coloured up once the next big
blind is worth 40 of them and the next chip can still make half a small blind, keeping at least
two denominations. A few levels follow the target, so the clock never runs out of levels.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Sequence
from typing import Literal

from pokerfloor.errors import PokerfloorError
from pokerfloor.tournament._structure_model import (
    Break,
    ChipDenomination,
    EntryRules,
    Level,
    Structure,
)
from pokerfloor.tournament.limits import BREAK_MINUTES_MAX, LEVEL_MINUTES_MAX

AnteKind = Literal["none", "ante", "bb_ante"]
ANTE_KINDS: tuple[AnteKind, ...] = ("none", "ante", "bb_ante")

# Usual colours of a club set; any other value is named after its value.
DEFAULT_COLOURS: dict[int, tuple[str, str]] = {
    1: ("blanc", "white"),
    5: ("rouge", "red"),
    10: ("bleu", "blue"),
    25: ("vert", "green"),
    50: ("orange", "orange"),
    100: ("noir", "black"),
    500: ("violet", "purple"),
    1000: ("jaune", "yellow"),
    5000: ("gris", "grey"),
    10000: ("marron", "brown"),
    25000: ("rose", "pink"),
}

_NICE_TENTHS = (10, 12, 15, 20, 25, 30, 40, 50, 60, 75, 80)  # small blind mantissas, in tenths
_COLOUR_UP_BIG_BLINDS = 40  # colour up a chip once the big blind is worth this many of it
_ANTE_FRACTION = 8  # a classic ante is about an eighth of the big blind
_ANTES_FROM_MINUTE = 60
# Growth per level: nice values are about 26% apart, so a slower growth cannot be rounded to
# strictly rising blinds without drifting above the plan; beyond 3 a level is a lottery.
_MIN_RATIO = 1.25
_MAX_RATIO = 3.0
_SMOOTH_RATIO = 2.0  # above this, start shallower (down to 20 big blinds) rather than jump
_DEEPEST_START = 300  # below the slowest growth, start deeper (up to 300 big blinds)
_SHALLOWEST_START = 20


def default_chip(value: int) -> ChipDenomination:
    """A denomination with its usual club colour (or named after its value)."""
    colour_fr, colour_en = DEFAULT_COLOURS.get(value, (f"jeton de {value}", f"{value} chip"))
    return ChipDenomination(value=value, colour_fr=colour_fr, colour_en=colour_en)


@functools.cache
def _nice_values() -> tuple[int, ...]:
    scaled = (tenths * 10**power for power in range(16) for tenths in _NICE_TENTHS)
    return tuple(sorted({value // 10 for value in scaled if value % 10 == 0}))


def _nearest_nice(ideal: float, unit: int, above: int) -> int:
    """The nice multiple of ``unit`` above ``above`` nearest to ``ideal`` (in ratio)."""
    candidates = [v for v in _nice_values() if v % unit == 0 and v > above]
    if not candidates:  # pragma: no cover - nice values go far beyond any chip count
        return above + unit
    target = math.log(max(ideal, 1.0))
    return min(candidates, key=lambda v: (abs(math.log(v) - target), v))


def _bad(field: str, value: object, accepted: str) -> PokerfloorError:
    return PokerfloorError(
        "STRUCTURE_BAD_VALUE", {"field": field, "value": value, "accepted": accepted}
    )


def _whole(field: str, value: object, low: int, high: int | None = None) -> int:
    accepted = f"a whole number from {low}" + (f" to {high}" if high is not None else " up")
    if not isinstance(value, int) or isinstance(value, bool):
        raise _bad(field, value, accepted)
    if value < low or (high is not None and value > high):
        raise _bad(field, value, accepted)
    return value


def _denominations(chips: Sequence[int | ChipDenomination]) -> tuple[ChipDenomination, ...]:
    if isinstance(chips, str | bytes) or not chips:
        raise _bad("chips", chips, "the chip values, e.g. (25, 100, 500, 1000, 5000)")
    found: dict[int, ChipDenomination] = {}
    for chip in chips:
        if isinstance(chip, ChipDenomination):
            found[_whole("chips", chip.value, 1)] = chip
        else:
            value = _whole("chips", chip, 1)
            found[value] = default_chip(value)
    return tuple(found[value] for value in sorted(found))


def _break_due(level_number: int, level_minutes: int, every: int) -> bool:
    return level_number * level_minutes // every > (level_number - 1) * level_minutes // every


def _level_at_target(target: int, level_minutes: int, every: int, break_minutes: int) -> int:
    """The 1-based number of the level in play at ``target`` minutes after the start."""
    start = 0
    number = 1
    while True:
        end = start + level_minutes
        if target < end:
            return number
        if _break_due(number, level_minutes, every):
            end += break_minutes
            if target < end:
                return number + 1  # during the break: the next level is the one that applies
        start = end
        number += 1


def generate_structure(
    chips: Sequence[int | ChipDenomination],
    players: int,
    target_minutes: int,
    level_minutes: int = 20,
    starting_stack: int | None = None,
    ante: AnteKind = "none",
    *,
    name: str = "generated",
    starting_big_blinds: int = 100,
    end_big_blinds: int = 20,
    break_every_minutes: int = 120,
    break_minutes: int = 15,
) -> Structure:
    """A structure for ``players`` entrants that reaches its end point at ``target_minutes``.

    ``starting_stack`` defaults to 800 of the smallest chip (20,000 with a 25 chip).
    ``ante``: ``"none"``, ``"ante"`` (every player, about an eighth of the big blind) or
    ``"bb_ante"`` (the big blind pays one big blind, tda-2024 RP-11); antes start with the
    first level that begins an hour or more into play.
    """
    denominations = _denominations(chips)
    _whole("players", players, 2)
    _whole("level_minutes", level_minutes, 1, LEVEL_MINUTES_MAX)
    _whole("target_minutes", target_minutes, level_minutes)
    _whole("starting_big_blinds", starting_big_blinds, 2)
    _whole("end_big_blinds", end_big_blinds, 2)
    _whole("break_every_minutes", break_every_minutes, level_minutes)
    _whole("break_minutes", break_minutes, 0, BREAK_MINUTES_MAX)
    if ante not in ANTE_KINDS:
        raise _bad("ante", ante, " | ".join(ANTE_KINDS))
    smallest = denominations[0].value
    stack = 800 * smallest if starting_stack is None else starting_stack
    _whole("starting_stack", stack, 2 * smallest)
    if stack % smallest:
        raise _bad("starting_stack", stack, f"a multiple of {smallest}, the smallest chip")

    end_big_blind = players * stack / end_big_blinds

    def plan(minutes: int) -> tuple[int, float, float]:
        every = max(break_every_minutes, minutes)
        at_target = _level_at_target(target_minutes, minutes, every, break_minutes)
        first, ratio = _growth(stack, smallest, starting_big_blinds, end_big_blind, at_target)
        return at_target, first, ratio

    at_target, first_big_blind, ratio = plan(level_minutes)
    if not _MIN_RATIO <= ratio <= _MAX_RATIO:
        candidates = sorted(
            range(5, min(LEVEL_MINUTES_MAX, target_minutes) + 1, 5),
            key=lambda minutes: (abs(minutes - level_minutes), minutes),
        )
        feasible = (m for m in candidates if _MIN_RATIO <= plan(m)[2] <= _MAX_RATIO)
        raise _unreachable(
            ratio, level_minutes, target_minutes, at_target, end_big_blind, next(feasible, None)
        )
    level_count = at_target + max(3, math.ceil(_ANTES_FROM_MINUTE / level_minutes))
    antes_from = math.ceil(_ANTES_FROM_MINUTE / level_minutes) + 1

    in_play = list(denominations)
    levels: list[Level] = []
    breaks: list[Break] = []
    big_blind = 0
    ante_amount = 0
    for number in range(1, level_count + 1):
        ideal = first_big_blind * ratio ** (number - 1)
        if levels and _break_due(number - 1, level_minutes, break_every_minutes):
            removed = _colour_up(in_play, ideal)
            breaks.append(Break(after_level=number - 1, minutes=break_minutes, colour_up=removed))
        unit = in_play[0].value
        small_blind = _nearest_nice(ideal / 2, unit, big_blind // 2)
        big_blind = 2 * small_blind
        level_ante = level_bb_ante = 0
        if number >= antes_from and ante == "ante":
            # Never lower than the previous ante, and made of the chips still in play.
            ante_amount = _nearest_nice(big_blind / _ANTE_FRACTION, unit, ante_amount - 1)
            level_ante = ante_amount
        elif number >= antes_from and ante == "bb_ante":
            level_bb_ante = big_blind
        levels.append(
            Level(
                number=number,
                small_blind=small_blind,
                big_blind=big_blind,
                ante=level_ante,
                bb_ante=level_bb_ante,
                minutes=level_minutes,
            )
        )
    return Structure(
        name=name,
        chips=denominations,
        levels=tuple(levels),
        breaks=tuple(b for b in breaks if b.minutes or b.colour_up),
        entry=EntryRules(starting_stack=stack),
    )


def _growth(
    stack: int, smallest: int, starting_big_blinds: int, end_big_blind: float, at_target: int
) -> tuple[float, float]:
    """The first big blind and the growth per level that reach ``end_big_blind`` on time."""
    steps = max(at_target - 1, 1)
    first = max(stack / starting_big_blinds, 2.0 * smallest)
    ratio = (end_big_blind / first) ** (1 / steps)
    if ratio > _SMOOTH_RATIO:
        first = max(first, min(end_big_blind / _SMOOTH_RATIO**steps, stack / _SHALLOWEST_START))
    elif ratio < _MIN_RATIO:
        deepest = max(stack / _DEEPEST_START, 2.0 * smallest)
        first = min(first, max(end_big_blind / _MIN_RATIO**steps, deepest))
    return first, (end_big_blind / first) ** (1 / steps)


def _unreachable(
    ratio: float,
    level_minutes: int,
    target_minutes: int,
    at_target: int,
    end_big_blind: float,
    suggested: int | None,
) -> PokerfloorError:
    return PokerfloorError(
        "STRUCTURE_TARGET_UNREACHABLE",
        {
            "field": "level_minutes",
            "value": level_minutes,
            "ratio": round(ratio, 3),
            "suggested": suggested,
            "accepted": f"a growth of {_MIN_RATIO} to {_MAX_RATIO} a level",
        },
    )


def _colour_up(in_play: list[ChipDenomination], next_big_blind: float) -> tuple[int, ...]:
    """Take the smallest chips out of play while they are no longer needed (in place)."""
    removed: list[int] = []
    while len(in_play) > 2:
        chip, following = in_play[0].value, in_play[1].value
        if next_big_blind < _COLOUR_UP_BIG_BLINDS * chip or next_big_blind / 2 < 2 * following:
            break
        removed.append(chip)
        in_play.pop(0)
    return tuple(removed)
