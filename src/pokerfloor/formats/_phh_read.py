"""A fast reader for the PHH hands real corpora write, with ``parse_phh`` for everything else.

The HandHQ corpus (21.6 million hands) writes each hand as the same twenty-odd lines, one
``key = value`` each: known fields, ``'...'`` strings, single-line arrays separated by ``, ``,
integers and decimals. ``read_phh`` reads exactly those lines and builds the ``PhhHand``
directly: most lines repeat from hand to hand (``variant = 'NT'``, ``antes = [0, 0, 0]``...) and
are parsed once, amounts are turned into whole units with integers only (``516.95`` is 51695
cents, never a float nor a ``Decimal`` on the way). Any other line (a comment after a value, a
field it does not know, an escape, a value of the wrong kind) or any value the checks of
``phh_from_toml`` would refuse sends the whole hand to ``parse_phh``: the result, or the error,
is always the one ``parse_phh`` gives (tests/formats/test_phh_lean.py compares them).
"""

from __future__ import annotations

import datetime
import re
from collections.abc import Callable
from operator import attrgetter, itemgetter
from typing import Any

from pokerfloor.formats import _phh_decimal as amounts
from pokerfloor.formats._phh_parse import (
    _PARSED,
    PhhAction,
    PhhError,
    PhhHand,
    _action,
    parse_phh,
)

_INTEGER = re.compile(r"[+-]?(?:0|[1-9][0-9]*)\Z")
_DECIMAL = re.compile(r"[+-]?(?:0|[1-9][0-9]*)\.[0-9]+\Z")
_TIME = re.compile(r"([01][0-9]|2[0-3]):([0-5][0-9]):([0-5][0-9])\Z")
_LIMIT = 100_000

_TEXT_FIELDS = (
    "author",
    "event",
    "url",
    "venue",
    "address",
    "city",
    "region",
    "postal_code",
    "country",
    "time_zone",
    "time_zone_abbreviation",
    "currency",
    "currency_symbol",
    "variant",
)
_AMOUNT_FIELDS = (
    "min_bet",
    "rake",
    "antes",
    "blinds_or_straddles",
    "starting_stacks",
    "finishing_stacks",
    "winnings",
)
_PLAYED = frozenset(
    (
        *_AMOUNT_FIELDS,
        "variant",
        "actions",
        "players",
        "seats",
        "seat_count",
        "ante_trimming_status",
    )
)


class _Other(Exception):
    """A line or value the fast reader leaves to ``parse_phh``."""


# An amount as written: (decimal places it needs, its digits as an integer, 10 to the power of
# the digits after the point as written, in cents when two places suffice). ``0.50`` -> (1, 50,
# 100, 50): 0.50 is 50 / 100 and needs one place. An array of them: (the amounts, the most
# places one needs, the lowest, the cents when two places suffice).
_Amount = tuple[int, int, int, int]
_Amounts = tuple[tuple[_Amount, ...], int, int, tuple[int, ...] | None]
_AMOUNTS: dict[str, _Amount] = {}
_LINES: dict[str, tuple[str, Any]] = {}  # a whole line, read (immutable values only)
# Fields whose line is (nearly) unique to a hand are read every time: keeping them would only
# make a second reading of the same file faster, which no corpus needs.
_UNIQUE = frozenset(("hand", "starting_stacks", "finishing_stacks", "winnings", "actions"))


def read_phh(text: str) -> PhhHand:
    """``parse_phh(text)``, read quickly when the hand is written as the corpora write it."""
    try:
        hand = _read(text)
    except (_Other, PhhError):
        hand = None
    return parse_phh(text) if hand is None else hand


def _read(text: str) -> PhhHand | None:
    lines = text.split("\n")
    get = _LINES.get
    pairs = [get(line) or _line(line) for line in lines]
    fields = dict(pairs)
    skipped = pairs.count(_SKIP)
    if len(fields) != len(pairs) - skipped + (1 if skipped else 0):
        return None  # a field written twice: parse_phh names it
    fields.pop("", None)
    return _hand(fields)


_SKIP = ("", None)  # a blank line or a comment


def _line(line: str) -> tuple[str, Any]:
    key, equals, value = line.partition(" = ")
    read = _READERS.get(key)
    if read is None or not equals or not value:
        stripped = line.strip()
        if stripped and stripped[0] != "#":
            raise _Other
        if not stripped and len(_LINES) < _LIMIT:
            _LINES[line] = _SKIP
        return _SKIP
    known = (key, read(value))
    if len(_LINES) < _LIMIT and key not in _UNIQUE:
        _LINES[line] = known
    return known


def _integer(value: str) -> int:
    if not _INTEGER.match(value):
        raise _Other
    return int(value)


def _text_or_integer(value: str) -> str | int:
    if value.isdigit() and value.isascii() and (value[0] != "0" or value == "0"):
        return int(value)  # what _INTEGER reads, without the pattern: a hand number
    return int(value) if _INTEGER.match(value) else _text(value)


def _time(value: str) -> datetime.time:
    match = _TIME.match(value)
    if match is None:
        raise _Other
    return datetime.time(int(match[1]), int(match[2]), int(match[3]))


def _bool(value: str) -> bool:
    if value != "true" and value != "false":
        raise _Other
    return value == "true"


def _texts(value: str) -> tuple[str, ...]:
    """``['a', 'b']``: literal strings, no quote inside, separated by ``, ``."""
    if len(value) < 4 or value[:2] != "['" or value[-2:] != "']":
        raise _Other
    inside = value[2:-2]
    parts = inside.split("', '")
    if inside.count("'") != 2 * (len(parts) - 1):
        raise _Other
    return tuple(parts)


def _integers(value: str) -> tuple[int, ...]:
    if len(value) < 3 or value[0] != "[" or value[-1] != "]":
        raise _Other
    return tuple([_integer(word) for word in value[1:-1].split(", ")])


def _one_amount(value: str) -> _Amounts:
    return _array((value,))


def _amounts(value: str) -> _Amounts:
    if len(value) < 3 or value[0] != "[" or value[-1] != "]":
        raise _Other
    return _array(value[1:-1].split(", "))


_PLACES = itemgetter(0)
_DIGITS = itemgetter(1)
_POWER = itemgetter(2)
_CENTS = itemgetter(3)


def _array(words: list[str] | tuple[str, ...]) -> _Amounts:
    try:
        values = tuple([_AMOUNTS[word] for word in words])
    except KeyError:
        values = tuple([_amount(word) for word in words])
    places = max(map(_PLACES, values))
    cents = tuple(map(_CENTS, values)) if places <= 2 else None
    return (values, places, min(map(_DIGITS, values)), cents)


def _text(value: str) -> str:
    """A literal string: ``'...'``, or ``'''...'''`` on one line (``'''AMY'S AVE'''``)."""
    if value.startswith("'''") and value.endswith("'''") and len(value) >= 6:
        inside = value[3:-3]
        if "''" in inside or inside.startswith("'") or inside.endswith("'"):
            raise _Other
        return inside
    if len(value) < 2 or value[0] != "'" or value[-1] != "'" or "'" in value[1:-1]:
        raise _Other
    return value[1:-1]


def _amount(word: str) -> _Amount:
    known = _AMOUNTS.get(word)
    if known is not None:
        return known
    if _INTEGER.match(word):
        digits = int(word)
        parsed = (0, digits, 1, digits * 100)
    elif _DECIMAL.match(word):
        whole, _point, fraction = word.partition(".")
        digits = int(whole + fraction)  # the sign, if any, stays in front
        power = 10 ** len(fraction)
        parsed = (len(fraction.rstrip("0")), digits, power, digits * 100 // power)
    else:
        raise _Other
    if len(_AMOUNTS) < _LIMIT:
        _AMOUNTS[word] = parsed
    return parsed


def _units(amounts: _Amounts, scale: int) -> tuple[int, ...]:
    if scale == 100 and amounts[3] is not None:
        return amounts[3]
    values = amounts[0]
    if scale == 1 and max(map(_POWER, values)) > 1:
        raise _Other  # "5.0" in a hand of whole chips: left to parse_phh
    return tuple([digits * scale // power for _places, digits, power, _cents in values])


def _hand(fields: dict[str, Any]) -> PhhHand | None:
    """The ``PhhHand`` ``phh_from_toml`` makes of these fields; None for anything it would
    refuse or treat otherwise (its own error is then the answer)."""
    get = fields.get
    stacks = get("starting_stacks")
    antes = get("antes")
    blinds = get("blinds_or_straddles")
    min_bet = get("min_bet")
    texts = get("actions")
    if (
        get("variant") != "NT"
        or stacks is None
        or antes is None
        or blinds is None
        or min_bet is None
        or texts is None
    ):
        return None
    count = len(stacks[0])
    if count < 2 or len(antes[0]) != count or len(blinds[0]) != count:
        return None
    if stacks[2] <= 0 or antes[2] < 0:
        return None  # a stack not positive, a negative ante: phh_from_toml says which
    places = max(stacks[1], antes[1], blinds[1], min_bet[1])
    finishing = get("finishing_stacks")
    winnings = get("winnings")
    rake = get("rake")
    for extra in (finishing, winnings):
        if extra is not None:
            if len(extra[0]) != count or extra[2] < 0:
                return None
            if extra[1] > places:
                places = extra[1]
    if rake is not None and rake[1] > places:
        places = rake[1]
    money = "currency" in fields or "currency_symbol" in fields
    if places > amounts.MAX_PLACES:
        return None
    scale = amounts.scale_for(places, money)
    while True:
        try:
            actions = _read_actions(texts, count, scale)
            break
        except _Rescale as more:
            if more.places > amounts.MAX_PLACES:
                return None
            scale = amounts.scale_for(more.places, money)
    min_units = _units(min_bet, scale)[0]
    if min_units < 1:
        return None
    players = get("players")
    seats = get("seats")
    if (players is not None and len(players) != count) or (
        seats is not None and len(seats) != count
    ):
        return None
    seat_count = get("seat_count")
    trimming = get("ante_trimming_status", False)
    pop = fields.pop
    for key in _PLAYED:
        pop(key, None)
    return PhhHand(
        antes=_units(antes, scale),
        blinds_or_straddles=_units(blinds, scale),
        min_bet=min_units,
        starting_stacks=_units(stacks, scale),
        actions=actions,
        players=players,
        seats=seats,
        seat_count=seat_count,
        finishing_stacks=None if finishing is None else _units(finishing, scale),
        ante_trimming_status=trimming,
        metadata=fields,  # what is left: the fields kept as they are, in the file's order
        winnings=None if winnings is None else _units(winnings, scale),
        rake=None if rake is None else _units(rake, scale)[0],
        scale=scale,
    )


# How each field's value is read; any other field is left to parse_phh.
_READERS: dict[str, Callable[[str], Any]] = {
    **dict.fromkeys(_TEXT_FIELDS, _text),
    **dict.fromkeys(("day", "month", "year", "level", "seat_count"), _integer),
    "time": _time,
    "hand": _text_or_integer,
    "table": _text_or_integer,
    "ante_trimming_status": _bool,
    "min_bet": _one_amount,
    "rake": _one_amount,
    **dict.fromkeys(_AMOUNT_FIELDS[2:], _amounts),
    "seats": _integers,
    "players": _texts,
    "actions": _texts,
}


class _Rescale(Exception):
    """An action's amount needs more decimal places than the hand's other amounts."""

    def __init__(self, places: int) -> None:
        super().__init__(places)
        self.places = places


# The actions read, by scale, by position, by text. Real corpora repeat the same notations at
# the same positions (``d dh p1 ????`` first, ``p3 f``...).
_BY_SCALE: dict[int, list[dict[str, PhhAction]]] = {}
_POSITIONS = 200
_PER_POSITION = 5_000


def _read_actions(texts: tuple[str, ...], count: int, scale: int) -> tuple[PhhAction, ...]:
    """The hand's actions at ``scale``, as ``_phh_parse._raw_actions`` and ``_actions`` make
    them; ``_Rescale`` when an amount needs a larger scale, ``_Other`` for anything else."""
    table = _BY_SCALE.get(scale)
    if table is None:
        table = _BY_SCALE.setdefault(scale, [{} for _ in range(_POSITIONS)])
    if len(texts) <= _POSITIONS:
        known = list(map(dict.get, table, texts))  # every action seen at its position before
        if all(known):
            if known and max(map(_PLAYER, known)) >= count:
                raise _Other  # not a player of this hand: parse_phh says so
            return tuple(known)  # type: ignore[arg-type]  # all found: no None
    actions: list[PhhAction] = []
    for position, text in enumerate(texts):
        slot = table[position] if position < _POSITIONS else {}
        action = slot.get(text)
        if action is None:
            action = _new_action(text, position, count, scale)
            if action is None:
                continue  # a no-op (a comment alone): not kept
            if len(slot) < _PER_POSITION:
                slot[text] = action
        if action.player >= count:
            raise _Other
        actions.append(action)
    return tuple(actions)


_PLAYER = attrgetter("player")


def _new_action(text: str, position: int, count: int, scale: int) -> PhhAction | None:
    parsed = _PARSED[text] if text in _PARSED else _action(text, position, count)
    if parsed is None:
        return None
    verb, player, amount, cards, mucked = parsed
    units = None
    if amount is not None:
        needed = amounts.places(amount)
        if 10**needed > scale:
            raise _Rescale(needed)
        units = amounts.to_units(amount, scale)
    return PhhAction(text, position, verb, player, cards, units, mucked)
