"""A tournament structure: chips, levels, breaks with colour-ups, and entry rules.

A ``Structure`` is valid by construction: ``__post_init__`` checks it and raises a
``PokerfloorError`` naming the level (or break, chip, entry field), the value and what would be
accepted. Fields are named by a dotted path that matches the TOML file: ``levels.4.big_blind``
is the big blind of level 4, ``breaks.1.colour_up`` the colour-up of the first break,
``chips.2.value`` the second chip, ``entry.rebuy_chips`` an entry rule.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import msgspec

from pokerfloor.errors import PokerfloorError
from pokerfloor.tournament._bounty_rules import BountyRules, validate_bounty
from pokerfloor.tournament._flight_rules import FlightRules, validate_flight
from pokerfloor.tournament.limits import (
    BREAK_MINUTES_MAX,
    LATE_REGISTRATION_MINUTES_MAX,
    LEVEL_MINUTES_MAX,
    MAX_CENTS,
    MAX_CHIPS,
    MAX_DENOMINATIONS,
    MAX_ENTRIES_PER_PLAYER,
    MAX_LEVELS,
    MAX_TEXT_LENGTH,
)
from pokerfloor.tournament.satellites import SatelliteRules, validate_satellite


class ChipDenomination(msgspec.Struct, frozen=True):
    """A chip of the set: its value in tournament chips and its colour, in French and English."""

    value: int
    colour_fr: str
    colour_en: str


class Level(msgspec.Struct, frozen=True):
    """One blind level. ``ante`` is paid by every player; ``bb_ante`` by the big blind alone
    (tda-2024 RP-11). ``number`` is 1-based and follows the order of play."""

    number: int
    small_blind: int
    big_blind: int
    ante: int = 0
    bb_ante: int = 0
    minutes: int = 20


class Break(msgspec.Struct, frozen=True):
    """A break after a level. ``colour_up`` lists the denominations taken out of play at this
    break (a chip race, tda-2024 R24); they are gone from the next level on. A break of 0
    minutes is a colour-up between two levels without a pause."""

    after_level: int
    minutes: int
    colour_up: tuple[int, ...] = ()


class EntryRules(msgspec.Struct, frozen=True):
    """What an entry costs and gives. Money is in cents, chips in tournament chips.

    A ``*_until_level`` of 0 means "none" (no rebuys, no re-entry, no late registration by
    level); ``max_rebuys``/``max_reentries`` of ``None`` mean "unlimited". The add-on is taken
    at the end of the rebuy period, after the profile's extra hands (allinouest §Recaves et
    add-ons), or, with ``addon_break_after_level`` set, during the break after that level (the
    club's practice: the break ends the rebuy period, no extra hands); ``double_addon`` allows
    two.
    Late registration closes at the end of ``late_registration_until_level`` or
    ``late_registration_minutes`` after the start, whichever is set (the earlier if both).
    """

    starting_stack: int
    buy_in_cents: int = 0
    fee_cents: int = 0
    rebuy_until_level: int = 0
    rebuy_chips: int = 0
    rebuy_cents: int = 0
    max_rebuys: int | None = None
    addon_chips: int = 0
    addon_cents: int = 0
    double_addon: bool = False
    addon_break_after_level: int = 0
    reentry_until_level: int = 0
    max_reentries: int | None = None
    late_registration_until_level: int = 0
    late_registration_minutes: int = 0


class Structure(msgspec.Struct, frozen=True):
    """The whole structure of one tournament, valid by construction."""

    name: str
    chips: tuple[ChipDenomination, ...]
    levels: tuple[Level, ...]
    breaks: tuple[Break, ...]
    entry: EntryRules
    # A knockout or progressive knockout tournament (_bounty_rules.py); None: no bounties.
    bounty: BountyRules | None = None
    # A satellite (satellites.py) or a flight of a multi-day event (flights.py); None: neither.
    satellite: SatelliteRules | None = None
    flight: FlightRules | None = None

    def __post_init__(self) -> None:
        _validate(self)

    # ---- queries -------------------------------------------------------------------------

    def level(self, number: int) -> Level:
        """The level with this 1-based number."""
        if not 1 <= number <= len(self.levels):
            raise _level_not_found(number, len(self.levels))
        return self.levels[number - 1]

    def break_after(self, level_number: int) -> Break | None:
        """The break that follows this level, if any."""
        for break_ in self.breaks:
            if break_.after_level == level_number:
                return break_
        return None

    def chips_at(self, level_number: int) -> tuple[ChipDenomination, ...]:
        """The denominations still in play at this level (after the colour-ups before it)."""
        self.level(level_number)
        removed = _removed_before(self.breaks, level_number)
        return tuple(chip for chip in self.chips if chip.value not in removed)

    def smallest_chip_at(self, level_number: int) -> int:
        """The smallest denomination in play at this level, after the colour-ups before it."""
        return min(chip.value for chip in self.chips_at(level_number))

    def chip(self, value: int) -> ChipDenomination:
        """The denomination of this value."""
        for chip in self.chips:
            if chip.value == value:
                return chip
        raise PokerfloorError(
            "STRUCTURE_CHIP_NOT_FOUND",
            f"there is no {value} chip; the chips are {_values(self.chips)}",
            {"value": value, "accepted": [chip.value for chip in self.chips]},
        )

    @property
    def total_minutes(self) -> int:
        """Minutes of every level and break, without pauses: the clock's full schedule."""
        return sum(level.minutes for level in self.levels) + sum(b.minutes for b in self.breaks)


# ---- validation ---------------------------------------------------------------------------


def _values(chips: Iterable[ChipDenomination]) -> str:
    return ", ".join(str(chip.value) for chip in chips)


def _removed_before(breaks: Iterable[Break], level_number: int) -> set[int]:
    removed: set[int] = set()
    for break_ in breaks:
        if break_.after_level < level_number:
            removed.update(break_.colour_up)
    return removed


def _level_not_found(number: int, count: int) -> PokerfloorError:
    return PokerfloorError(
        "STRUCTURE_LEVEL_NOT_FOUND",
        f"there is no level {number}; the levels are 1 to {count}",
        {"level": number, "accepted": f"1..{count}"},
    )


def _bad(field: str, value: Any, accepted: str, message: str | None = None) -> PokerfloorError:
    text = message or f"{field} = {value!r} is not accepted; use {accepted}"
    return PokerfloorError(
        "STRUCTURE_BAD_VALUE", text, {"field": field, "value": value, "accepted": accepted}
    )


def _int(field: str, value: Any, low: int, high: int) -> None:
    """A whole number from ``low`` to ``high`` (the bounds of ``tournament.limits``); the
    refusal's ``reason`` is ``out_of_range`` with the ``minimum`` and ``maximum``."""
    accepted = f"a whole number from {low} to {high}"
    if isinstance(value, int) and not isinstance(value, bool) and low <= value <= high:
        return
    shown = value if isinstance(value, int) else repr(value)[:100]
    raise PokerfloorError(
        "STRUCTURE_BAD_VALUE",
        f"{field} = {shown!r} is not accepted; use {accepted}",
        {
            "field": field,
            "value": shown,
            "accepted": accepted,
            "reason": "out_of_range",
            "minimum": low,
            "maximum": high,
        },
    )


def _text(field: str, value: Any) -> None:
    accepted = f"a non-empty text of at most {MAX_TEXT_LENGTH} characters"
    if not isinstance(value, str) or not value.strip():
        raise _bad(field, value, accepted)
    if len(value) > MAX_TEXT_LENGTH:
        raise PokerfloorError(
            "STRUCTURE_BAD_VALUE",
            f"{field} is {len(value)} characters long; use {accepted}",
            {
                "field": field,
                "value": value[:MAX_TEXT_LENGTH] + "...",
                "accepted": accepted,
                "reason": "too_long",
                "length": len(value),
                "most": MAX_TEXT_LENGTH,
            },
        )


def _count(field: str, items: tuple[Any, ...], what: str, most: int) -> None:
    if len(items) > most:
        raise PokerfloorError(
            "STRUCTURE_BAD_VALUE",
            f"{field}: {len(items)} {what}; a structure has at most {most}",
            {
                "field": field,
                "value": len(items),
                "accepted": f"1 to {most} {what}",
                "reason": "too_many",
                "most": most,
            },
        )


def _validate(structure: Structure) -> None:
    _text("name", structure.name)
    _validate_chips(structure.chips)
    _validate_levels(structure)
    _validate_breaks(structure)
    _validate_amounts(structure)
    _validate_entry(structure)
    if structure.bounty is not None:
        validate_bounty(structure.bounty, structure.entry.buy_in_cents)
    _validate_formats(structure)


def _validate_formats(structure: Structure) -> None:
    """A satellite's seats and a flight's stop checked; one format of issue 33 at a time
    (bounties, a satellite or a flight), their money and their ends being settled apart."""
    chosen = [
        name for name in ("bounty", "satellite", "flight") if getattr(structure, name) is not None
    ]
    if len(chosen) > 1:
        raise PokerfloorError("FORMATS_COMBINED", {"formats": chosen})
    if structure.satellite is not None:
        validate_satellite(structure.satellite)
    if structure.flight is not None:
        validate_flight(structure.flight, len(structure.levels))


def _validate_chips(chips: tuple[ChipDenomination, ...]) -> None:
    if not chips:
        raise _bad("chips", [], "at least one denomination")
    _count("chips", chips, "denominations", MAX_DENOMINATIONS)
    previous = 0
    for position, chip in enumerate(chips, start=1):
        _int(f"chips.{position}.value", chip.value, 1, MAX_CHIPS)
        _text(f"chips.{position}.colour_fr", chip.colour_fr)
        _text(f"chips.{position}.colour_en", chip.colour_en)
        if chip.value <= previous:
            raise _bad(
                f"chips.{position}.value",
                chip.value,
                f"a value above {previous}",
                f"chips.{position}.value = {chip.value}: list the chips once each, smallest "
                f"first (the previous one is {previous})",
            )
        previous = chip.value


def _validate_levels(structure: Structure) -> None:
    if not structure.levels:
        raise _bad("levels", [], "at least one level")
    _count("levels", structure.levels, "levels", MAX_LEVELS)
    previous: Level | None = None
    for position, level in enumerate(structure.levels, start=1):
        where = f"levels.{position}"
        if level.number != position:
            raise PokerfloorError(
                "STRUCTURE_BAD_LEVEL_NUMBER",
                f"{where}.number = {level.number!r}: levels are numbered 1, 2, 3... in order, "
                f"so this one is {position}",
                {"field": f"{where}.number", "value": level.number, "accepted": position},
            )
        _int(f"{where}.small_blind", level.small_blind, 1, MAX_CHIPS)
        _int(f"{where}.big_blind", level.big_blind, 1, MAX_CHIPS)
        _int(f"{where}.ante", level.ante, 0, MAX_CHIPS)
        _int(f"{where}.bb_ante", level.bb_ante, 0, MAX_CHIPS)
        _int(f"{where}.minutes", level.minutes, 1, LEVEL_MINUTES_MAX)
        if level.small_blind > level.big_blind:
            raise PokerfloorError(
                "STRUCTURE_SMALL_BLIND_ABOVE_BIG_BLIND",
                f"level {position}: the small blind {level.small_blind} is above the big blind "
                f"{level.big_blind}",
                {"field": f"{where}.small_blind", "level": position, "value": level.small_blind},
            )
        if level.ante and level.bb_ante:
            raise PokerfloorError(
                "STRUCTURE_ANTE_AND_BB_ANTE",
                f"level {position} has both an ante ({level.ante}) and a big blind ante "
                f"({level.bb_ante}); use one of them",
                {"field": f"{where}.bb_ante", "level": position},
            )
        if previous is not None:
            for name in ("small_blind", "big_blind"):
                before, now = getattr(previous, name), getattr(level, name)
                if now < before:
                    raise PokerfloorError(
                        "STRUCTURE_BLINDS_DECREASE",
                        f"level {position}: {name} {now} is below level {position - 1}'s "
                        f"{before}; blinds never go down",
                        {
                            "field": f"{where}.{name}",
                            "level": position,
                            "value": now,
                            "accepted": f"{before} or more",
                        },
                    )
        previous = level


def _validate_breaks(structure: Structure) -> None:
    last_level = len(structure.levels)
    in_play = {chip.value for chip in structure.chips}
    previous_after = 0
    for position, break_ in enumerate(structure.breaks, start=1):
        where = f"breaks.{position}"
        _int(f"{where}.minutes", break_.minutes, 0, BREAK_MINUTES_MAX)
        after = break_.after_level
        if not isinstance(after, int) or isinstance(after, bool) or not 1 <= after < last_level:
            raise PokerfloorError(
                "STRUCTURE_BAD_BREAK",
                f"{where}.after_level = {after!r}: a break follows a level that another level "
                f"follows, 1 to {last_level - 1}",
                {
                    "field": f"{where}.after_level",
                    "value": after,
                    "accepted": f"1..{last_level - 1}",
                },
            )
        if after <= previous_after:
            raise PokerfloorError(
                "STRUCTURE_BAD_BREAK",
                f"{where}.after_level = {after}: list the breaks in order, one per level at most "
                f"(the previous break is after level {previous_after})",
                {
                    "field": f"{where}.after_level",
                    "value": after,
                    "accepted": f"{previous_after + 1}..{last_level - 1}",
                },
            )
        previous_after = after
        for value in break_.colour_up:
            if value not in in_play:
                raise PokerfloorError(
                    "STRUCTURE_BAD_COLOUR_UP",
                    f"{where}.colour_up: the {value} chip is not in play after level {after}; "
                    f"in play: {', '.join(str(v) for v in sorted(in_play))}",
                    {
                        "field": f"{where}.colour_up",
                        "value": value,
                        "accepted": sorted(in_play),
                    },
                )
            in_play.discard(value)
        if not in_play:
            raise PokerfloorError(
                "STRUCTURE_BAD_COLOUR_UP",
                f"{where}.colour_up takes the last chips out of play; keep at least one "
                "denomination",
                {"field": f"{where}.colour_up", "value": list(break_.colour_up)},
            )


def _check_multiple(field: str, amount: int, level_number: int, structure: Structure) -> None:
    if amount == 0:
        return
    smallest = structure.smallest_chip_at(level_number)
    if amount % smallest:
        raise PokerfloorError(
            "STRUCTURE_NOT_MAKEABLE",
            f"{field} = {amount} is not a multiple of {smallest}, the smallest chip in play at "
            f"level {level_number} (chips in play: {_values(structure.chips_at(level_number))})",
            {
                "field": field,
                "level": level_number,
                "value": amount,
                "smallest_chip": smallest,
                "accepted": f"a multiple of {smallest}",
            },
        )


def _validate_amounts(structure: Structure) -> None:
    for level in structure.levels:
        for name in ("small_blind", "big_blind", "ante", "bb_ante"):
            amount = getattr(level, name)
            _check_multiple(f"levels.{level.number}.{name}", amount, level.number, structure)


def _validate_entry(structure: Structure) -> None:
    entry = structure.entry
    last = len(structure.levels)
    _int("entry.starting_stack", entry.starting_stack, 1, MAX_CHIPS)
    for name in ("buy_in_cents", "fee_cents", "rebuy_cents", "addon_cents"):
        _int(f"entry.{name}", getattr(entry, name), 0, MAX_CENTS)
    for name in ("rebuy_chips", "addon_chips"):
        _int(f"entry.{name}", getattr(entry, name), 0, MAX_CHIPS)
    _int(
        "entry.late_registration_minutes",
        entry.late_registration_minutes,
        0,
        LATE_REGISTRATION_MINUTES_MAX,
    )
    for name in ("rebuy_until_level", "reentry_until_level", "late_registration_until_level"):
        _int(f"entry.{name}", getattr(entry, name), 0, last)
    for name in ("max_rebuys", "max_reentries"):
        value = getattr(entry, name)
        if value is not None:
            _int(f"entry.{name}", value, 1, MAX_ENTRIES_PER_PLAYER)
    if not isinstance(entry.double_addon, bool):
        raise _bad("entry.double_addon", entry.double_addon, "true or false")

    if entry.rebuy_until_level:
        if not entry.rebuy_chips:
            raise _bad(
                "entry.rebuy_chips",
                0,
                "the chips of one rebuy",
                f"entry.rebuy_chips: a rebuy period until level {entry.rebuy_until_level} needs "
                "the chips a rebuy gives",
            )
    else:
        for name in ("rebuy_chips", "rebuy_cents", "max_rebuys"):
            if getattr(entry, name):
                raise _needs("entry." + name, "entry.rebuy_until_level", "rebuys")
    if not entry.reentry_until_level and entry.max_reentries is not None:
        raise _needs("entry.max_reentries", "entry.reentry_until_level", "re-entries")
    if not entry.addon_chips:
        if entry.addon_cents:
            raise _needs("entry.addon_cents", "entry.addon_chips", "an add-on")
        if entry.double_addon:
            raise _needs("entry.double_addon", "entry.addon_chips", "an add-on")
        if entry.addon_break_after_level:
            raise _needs("entry.addon_break_after_level", "entry.addon_chips", "an add-on")
    _check_addon_break(structure)

    _check_multiple("entry.starting_stack", entry.starting_stack, 1, structure)
    for name in ("late_registration_until_level", "reentry_until_level"):
        # A late entrant gets a full stack in the chips still in play (tda-2024 R8).
        if getattr(entry, name):
            _check_multiple(
                "entry.starting_stack", entry.starting_stack, getattr(entry, name), structure
            )
    if entry.rebuy_until_level:
        _check_multiple("entry.rebuy_chips", entry.rebuy_chips, entry.rebuy_until_level, structure)
    _check_multiple("entry.addon_chips", entry.addon_chips, entry.rebuy_until_level or 1, structure)


def _check_addon_break(structure: Structure) -> None:
    """The add-on's break is a break of the structure (with time to take it), and it does not
    come before the rebuy period ends."""
    entry = structure.entry
    level = entry.addon_break_after_level
    _int("entry.addon_break_after_level", level, 0, len(structure.levels))
    if not level:
        return
    breaks = [b.after_level for b in structure.breaks if b.minutes > 0]
    accepted = " or ".join(str(after) for after in breaks if after >= entry.rebuy_until_level)
    if level not in breaks or level < entry.rebuy_until_level:
        raise PokerfloorError(
            "STRUCTURE_BAD_VALUE",
            f"entry.addon_break_after_level = {level}: the add-on is taken at a break of the "
            f"structure, at or after the end of the rebuy period (level "
            f"{entry.rebuy_until_level}); accepted: 0 (at the end of the rebuy period)"
            + (f" or {accepted}" if accepted else ""),
            {
                "field": "entry.addon_break_after_level",
                "reason": "addon_break",
                "until_level": entry.rebuy_until_level,
                "breaks": [0, *(after for after in breaks if after >= entry.rebuy_until_level)],
                "value": level,
                "accepted": "0" + (f" or {accepted}" if accepted else ""),
            },
        )


def _needs(field: str, needed: str, what: str) -> PokerfloorError:
    return PokerfloorError(
        "STRUCTURE_BAD_VALUE",
        f"{field} is set but there are no {what}: set {needed} too, or remove {field}",
        {"field": field, "accepted": f"0 (or unset) while {needed} is 0"},
    )
