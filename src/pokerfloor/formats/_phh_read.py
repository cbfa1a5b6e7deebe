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
from functools import partial
from operator import attrgetter, itemgetter
from typing import Any, Final

from pokerfloor.formats import _phh_decimal as amounts
from pokerfloor.formats._phh_parse import (
    _CARD_CODES,
    _PARSED,
    NEW_RECORD,
    TEXT_FIELDS,
    PhhAction,
    PhhError,
    PhhHand,
    _action,
    new_hand,
    parse_phh,
)

# The imported objects read on every hand, bound Final: compiled by mypyc, a Final module name
# is a C static, where any other is looked up in the module's globals at each use.
_RECORD: Final = NEW_RECORD
_ACTION: Final = PhhAction
_CODES: Final = _CARD_CODES
_NEW_HAND: Final = new_hand
_MAX_PLACES: Final = amounts.MAX_PLACES
_INTEGER: Final = re.compile(r"[+-]?(?:0|[1-9][0-9]*)\Z")
_DECIMAL: Final = re.compile(r"[+-]?(?:0|[1-9][0-9]*)\.[0-9]+\Z")
_LIMIT: Final = 100_000

_TEXT_FIELDS = (*TEXT_FIELDS, "variant")


class _Other(Exception):
    """A line or value the fast reader leaves to ``parse_phh``."""


# An amount as written: (decimal places it needs, its digits as an integer, 10 to the power of
# the digits after the point as written, in cents when two places suffice). ``0.50`` -> (1, 50,
# 100, 50): 0.50 is 50 / 100 and needs one place. An array of them: (how many, the most places
# one needs, the lowest, the cents when two places suffice, the amounts, a point in any). The
# commonest array, every amount with two places at most, is read from ``_CENTS`` alone: its
# places are then -1 (two at most, worked out from the cents when the scale needs them) and
# its amounts None.
_Amount = tuple[int, int, int, int]
_Amounts = tuple[int, int, int, tuple[int, ...] | None, tuple[_Amount, ...] | None, bool]
_AMOUNTS: Final[dict[str, _Amount]] = {}
_CENTS: Final[dict[str, int]] = {}  # the amounts that need two places at most, in cents
_LINES: Final[dict[str, tuple[str, Any]]] = {}  # a whole line, read (immutable values only)
# Fields whose line is (nearly) unique to a hand are read every time: keeping them would only
# make a second reading of the same file faster, which no corpus needs.
_UNIQUE: Final = frozenset(("hand", "starting_stacks", "finishing_stacks", "winnings", "actions"))


def read_phh(text: str) -> PhhHand:
    """``parse_phh(text)``, read quickly when the hand is written as the corpora write it."""
    hand = quick_read(text.split("\n"))
    return parse_phh(text) if hand is None else hand


def quick_read(lines: list[str]) -> PhhHand | None:
    """The hand whose lines are ``lines``, read quickly, or None when ``parse_phh`` must read
    its text (the whole-file reader's: a ``.phhs`` split once, each table a slice of it)."""
    try:
        return _read_lines(lines)
    except (_Other, PhhError):
        return None


def _read_lines(lines: list[str]) -> PhhHand | None:
    # Each line looked up among those seen, read when new, and its field put in the hand's in
    # one plain loop: compiled, a native look-up per line, no list of pairs nor dict made of
    # it. Blank lines and comments (``_SKIP``, the only pair with an empty key) add nothing.
    fields: dict[str, Any] = {}
    for line in lines:
        pair = _LINES.get(line)
        if pair is None:
            pair = _line(line)
        key = pair[0]
        if key:
            if key in fields:
                return None  # a field written twice: parse_phh names it
            fields[key] = pair[1]
    return _hand(fields)


_SKIP: Final = ("", None)  # a blank line or a comment


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
    if key not in _UNIQUE and len(_LINES) < _LIMIT:
        _LINES[line] = known
    return known


def _integer(value: str) -> int:
    if value.isdigit() and value.isascii() and (value[0] != "0" or len(value) == 1):
        return int(value)  # what _INTEGER reads, without the pattern: a seat, a day
    if not _INTEGER.match(value):
        raise _Other
    return int(value)


def _text_or_integer(value: str) -> str | int:
    if value.isdigit() and value.isascii() and (value[0] != "0" or value == "0"):
        return int(value)  # what _INTEGER reads, without the pattern: a hand number
    return int(value) if _INTEGER.match(value) else _text(value)


def _time(value: str) -> datetime.time:
    """``HH:MM:SS``, two ASCII digits each (what the pattern ``([01][0-9]|2[0-3]):([0-5][0-9]):
    ([0-5][0-9])`` reads), by slices and integers: a new line of nearly every hand."""
    if len(value) != 8 or value[2] != ":" or value[5] != ":" or not value.isascii():
        raise _Other
    hours, minutes, seconds = value[:2], value[3:5], value[6:]
    if not (hours.isdigit() and minutes.isdigit() and seconds.isdigit()):
        raise _Other
    hour, minute, second = int(hours), int(minutes), int(seconds)
    if hour > 23 or minute > 59 or second > 59:
        raise _Other
    return datetime.time(hour, minute, second)


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
    cents = _CENTS.get(value)
    if cents is None:
        return _array((value,))
    return (1, -1, cents, (cents,), None, "." in value)


def _amounts(value: str) -> _Amounts:
    if len(value) < 3 or value[0] != "[" or value[-1] != "]":
        raise _Other
    inside = value[1:-1]
    words = inside.split(", ")
    seen = tuple(map(_CENTS.get, words))  # every amount seen before, in C
    if None in seen:
        new = _new_cents(words) if inside.isascii() else None
        if new is None:
            return _array(words)
        cents = new
    else:
        cents = seen  # type: ignore[assignment]  # no None in it
    return (len(cents), -1, min(cents), cents, None, "." in value)


def _new_cents(words: list[str]) -> tuple[int, ...] | None:
    """The amounts in cents when each is written as corpora write money (``-``, digits with no
    leading zero, one or two after a point), else None (``_array`` reads them): what
    ``_amount`` makes of them, by string methods and integers alone. The words are ASCII (the
    caller checks the array once). Word by word: compiled by mypyc (``pokerfloor/_native.py``),
    this loop is several times quicker than the patterns over the whole array it replaces; in
    pure Python, as quick."""
    cents: list[int] = []
    for word in words:
        whole, point, fraction = word.partition(".")
        negative = whole.startswith("-")
        digits = whole[1:] if negative else whole
        if not digits.isdigit() or (digits[0] == "0" and len(digits) > 1):
            return None
        if point:
            places = len(fraction)
            if not 0 < places <= 2 or not fraction.isdigit():
                return None
            value = int(digits + fraction) * (10 if places == 1 else 1)
        else:
            value = int(digits) * 100
        cents.append(-value if negative else value)
    if len(_CENTS) < _LIMIT:
        for index in range(len(words)):  # a plain loop: compiled, no zip object made
            _CENTS[words[index]] = cents[index]
    return tuple(cents)


_NO_UNKNOWN: Final[frozenset[int]] = frozenset()
_NO_STACKS: Final = (None, _NO_UNKNOWN)


def _stacks(value: str) -> tuple[_Amounts, frozenset[int]]:
    """The starting stacks and the players whose stack is unknown (``inf``, phh-std): read as
    a stack of 1 here, replaced once the hand's amounts are known."""
    if "inf" not in value:
        return _amounts(value), _NO_UNKNOWN
    if len(value) < 3 or value[0] != "[" or value[-1] != "]":
        raise _Other
    words = value[1:-1].split(", ")
    count = len(words)
    if words.count("inf") == count:  # every stack unknown (iPoker): no word to look at
        return _amounts(f"[{', '.join(['1'] * count)}]"), frozenset(range(count))
    unknown = frozenset(
        [index for index, word in enumerate(words) if word == "inf" or word == "+inf"]
    )
    known = ["1" if index in unknown else word for index, word in enumerate(words)]
    return _amounts(f"[{', '.join(known)}]"), unknown


def _array(words: list[str] | tuple[str, ...]) -> _Amounts:
    values = tuple([_amount(word) for word in words])
    places, digits, powers, cents = zip(*values, strict=True)  # one pass for the four
    most = max(places)
    return (len(values), most, min(digits), cents if most <= 2 else None, values, max(powers) > 1)


def _places(amounts: _Amounts) -> int:
    """The most places the amounts need (-1 in ``amounts``: read from their cents)."""
    if amounts[1] >= 0:
        return amounts[1]
    cents = amounts[3]
    assert cents is not None
    if any(amount % 10 for amount in cents):
        return 2
    return 1 if any(amount % 100 for amount in cents) else 0


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
        if parsed[0] <= 2:
            _CENTS[word] = parsed[3]
    return parsed


_CENTS_OF: Final[Callable[[_Amounts], tuple[int, ...]]] = itemgetter(3)  # at scale 100, never None
_AMOUNT_OF: Final[Callable[[PhhAction], int | None]] = attrgetter("amount")


def _units(amounts: _Amounts, scale: int) -> tuple[int, ...]:
    if scale == 1 and amounts[5]:
        raise _Other  # "5.0" in a hand of whole chips: left to parse_phh
    cents = amounts[3]
    if cents is not None:
        # exact: every amount needs two places at most, and the scale is at least 10 to the
        # power of the places any amount of the hand needs
        return cents if scale == 100 else tuple([amount * scale // 100 for amount in cents])
    values = amounts[4]
    assert values is not None
    return tuple([digits * scale // power for _places, digits, power, _cents in values])


def _hand(fields: dict[str, Any]) -> PhhHand | None:
    """The ``PhhHand`` ``phh_from_toml`` makes of these fields; None for anything it would
    refuse or treat otherwise (its own error is then the answer). The fields a hand is played
    from (``_phh_parse._PLAYED``) are taken out of ``fields``: what is left is its metadata."""
    pop = fields.pop
    stacks, unknown = pop("starting_stacks", _NO_STACKS)
    antes = pop("antes", None)
    blinds = pop("blinds_or_straddles", None)
    min_bet = pop("min_bet", None)
    texts = pop("actions", None)
    if (
        pop("variant", None) != "NT"
        or stacks is None
        or antes is None
        or blinds is None
        or min_bet is None
        or texts is None
    ):
        return None
    count = stacks[0]
    if count < 2 or antes[0] != count or blinds[0] != count:
        return None
    if stacks[2] <= 0 or antes[2] < 0:
        return None  # a stack not positive, a negative ante: phh_from_toml says which
    places = max(stacks[1], antes[1], blinds[1], min_bet[1])
    finishing = pop("finishing_stacks", None)
    winnings = pop("winnings", None)
    rake = pop("rake", None)
    for extra in (finishing, winnings):
        if extra is not None:
            if extra[0] != count or extra[2] < 0:
                return None
            if extra[1] > places:
                places = extra[1]
    if rake is not None and rake[1] > places:
        places = rake[1]
    if places > _MAX_PLACES:
        return None
    money = "currency" in fields or "currency_symbol" in fields
    if not money:  # the scale then depends on the places of amounts kept as cents alone
        for read in (stacks, antes, blinds, min_bet, finishing, winnings, rake):
            if read is not None and read[1] < 0:
                places = max(places, _places(read))
    scale = 100 if money and places <= 2 else amounts.scale_for(places, money)
    while True:
        try:
            actions = _read_actions(texts, count, scale)
            break
        except _Rescale as more:
            if more.places > amounts.MAX_PLACES:
                return None
            scale = amounts.scale_for(more.places, money)
    # The commonest scale, 100 (money in cents): every amount was read as cents (in C).
    units = _CENTS_OF if scale == 100 else partial(_units, scale=scale)
    min_units = units(min_bet)[0]
    if min_units < 1:
        return None
    players = pop("players", None)
    seats = pop("seats", None)
    if (players is not None and len(players) != count) or (
        seats is not None and len(seats) != count
    ):
        return None
    starting = units(stacks)
    if unknown:  # ``inf``: deep enough for every amount of the hand, as phh_from_toml makes it
        cover = sum(map(abs, units(antes))) + sum(map(abs, units(blinds))) + min_units + 1
        cover += sum(filter(None, map(_AMOUNT_OF, actions)))  # the bets, in C
        if len(unknown) == count:
            starting = (cover,) * count
        else:
            starting = tuple(
                cover if index in unknown else stack for index, stack in enumerate(starting)
            )
    return _NEW_HAND(
        units(antes),
        units(blinds),
        min_units,
        starting,
        actions,
        "NT",
        players,
        seats,
        pop("seat_count", None),
        None if finishing is None else units(finishing),
        pop("ante_trimming_status", False),
        fields,  # what is left: the fields kept as they are, in the file's order
        None if winnings is None else units(winnings),
        None if rake is None else units(rake)[0],
        scale,
        unknown,
    )  # positional (PhhHand's field order): quicker than keywords, once per hand


# How each field's value is read; any other field is left to parse_phh.
_READERS: Final[dict[str, Callable[[str], Any]]] = {
    **dict.fromkeys(_TEXT_FIELDS, _text),
    **dict.fromkeys(("day", "month", "year", "level", "seat_count"), _integer),
    "time": _time,
    "hand": _text_or_integer,
    "table": _text_or_integer,
    "ante_trimming_status": _bool,
    "min_bet": _one_amount,
    "rake": _one_amount,
    **dict.fromkeys(("antes", "blinds_or_straddles", "finishing_stacks", "winnings"), _amounts),
    "starting_stacks": _stacks,
    "seats": _integers,
    "players": _texts,
    "actions": _texts,
}


class _Rescale(Exception):
    """An action's amount needs more decimal places than the hand's other amounts."""

    def __init__(self, places: int) -> None:
        super().__init__(places)
        self.places = places


# The actions read, by the hand's scale and number of players, by position, by text. Real
# corpora repeat the same notations at the same positions (``d dh p1 ????`` first, ``p3
# f``...). A table keeps only actions of a player of its hands, so the actions found there need
# no check.
_TABLES: Final[dict[tuple[int, int], list[dict[str, PhhAction]]]] = {}
# The actions read, by their text and the hand's scale, wherever they were: an action is read
# the same at any position and for any number of players (a player beyond the hand's is
# refused below either way), so a notation new at its position is only placed there.
_BY_TEXT: Final[dict[tuple[str, int], PhhAction]] = {}
_POSITIONS: Final = 200
_PER_POSITION: Final = 5_000


def _read_actions(texts: tuple[str, ...], count: int, scale: int) -> tuple[PhhAction, ...]:
    """The hand's actions at ``scale``, as ``_phh_parse._raw_actions`` and ``_actions`` make
    them; ``_Rescale`` when an amount needs a larger scale, ``_Other`` for anything else."""
    table = _TABLES.get((scale, count))
    if table is None:
        if len(_TABLES) >= 1_000:
            raise _Other  # hands of a thousand shapes: not a corpus, parse_phh reads them
        table = _TABLES.setdefault((scale, count), [])
    size = len(texts)
    if size > len(table) and len(table) < _POSITIONS:  # the positions' tables, as they come
        table.extend([{} for _ in range(min(size, _POSITIONS) - len(table))])
    # The actions seen at their position before, in a plain loop (compiled: a native get per
    # position, no map object nor method call); past the kept positions, read each time.
    known: list[PhhAction | None] = [None] * size
    found = 0
    for position in range(min(size, len(table))):
        action = table[position].get(texts[position])
        if action is not None:
            known[position] = action
            found += 1
    if found == size:
        return tuple(known)  # type: ignore[arg-type]  # all found: no None
    no_ops = False
    for position in range(size):  # the positions not found, one by one
        if known[position] is not None:  # (``is``: never PhhAction.__eq__)
            continue
        text = texts[position]
        seen = _BY_TEXT.get((text, scale))
        if seen is not None:  # read before at another position or in another table shape
            # the same fields at this position (a named tuple made in C, phh_parse.PhhAction)
            action = _RECORD(_ACTION, (text, position, *seen[2:]))
        else:
            made = _new_action(text, position, count, scale)
            if made is None:
                no_ops = True  # a no-op (a comment alone): not kept
                continue
            action = made
            if len(_BY_TEXT) < _LIMIT:
                _BY_TEXT[(text, scale)] = action
        if action[3] >= count:  # the player (by index: compiled, no attribute look-up)
            raise _Other  # not a player of this hand: parse_phh says so
        if position < _POSITIONS:
            slot = table[position]
            if len(slot) < _PER_POSITION:
                slot[text] = action
        known[position] = action
    if no_ops:
        return tuple([action for action in known if action is not None])
    return tuple(known)  # type: ignore[arg-type]  # every position filled: no None


def _new_action(text: str, position: int, count: int, scale: int) -> PhhAction | None:
    words = text.split(" ")
    if len(words) == 2:  # pN f, pN cc
        player = _PLAYERS.get(words[0], -1)
        verb = words[1]
        if player >= 0:
            if verb == "f":
                return _RECORD(_ACTION, (text, position, "f", player, (), None, False))
            if verb == "cc":
                return _RECORD(_ACTION, (text, position, "cc", player, (), None, False))
    elif len(words) == 3:  # pN cbr AMOUNT, d db CARDS, pN sm CARDS
        first, verb, last = words
        if first == "d":
            if verb == "db":
                cards = _cards(last)
                if cards is not None:
                    return _RECORD(_ACTION, (text, position, "db", -1, cards, None, False))
        else:
            player = _PLAYERS.get(first, -1)
            if player >= 0:
                if verb == "cbr":
                    units = _cbr_units(last, scale)
                    if units > 0:
                        return _RECORD(_ACTION, (text, position, "cbr", player, (), units, False))
                elif verb == "sm":
                    cards = () if last == "-" else _cards(last)
                    if cards is not None:
                        return _RECORD(_ACTION, (text, position, "sm", player, cards, None, False))
    elif len(words) == 4 and words[0] == "d" and words[1] == "dh":  # d dh pN CARDS
        player = _PLAYERS.get(words[2], -1)
        cards = _cards(words[3])
        if player >= 0 and cards is not None:
            return _RECORD(_ACTION, (text, position, "dh", player, cards, None, False))
    return _any_action(text, position, count, scale)


# What ``_phh_parse._action`` reads, for the words written as the corpora write them (single
# spaces, ``p1`` to ``p99``, plain amounts, two-character cards): a look-up each, no pattern
# and no ``Decimal``. Anything else (a comment, a tab, ``p01``, ``1e3``, a bad card) goes to
# ``_any_action``, which reads or refuses it as ``parse_phh`` does.
_PLAYERS: Final = {f"p{number}": number - 1 for number in range(1, 100)}
_NOT_A_CARD: Final = -1


def _cards(word: str) -> tuple[int | None, ...] | None:
    """The cards of ``word`` (``??``: None), or None when a token is not a card."""
    get = _CODES.get
    size = len(word)
    if size == 4:  # hole cards, a turn and a river card come two by two or one by one
        cards: tuple[int | None, ...] = (
            get(word[:2], _NOT_A_CARD),
            get(word[2:], _NOT_A_CARD),
        )
    elif size == 6:
        cards = (
            get(word[:2], _NOT_A_CARD),
            get(word[2:4], _NOT_A_CARD),
            get(word[4:], _NOT_A_CARD),
        )
    elif size == 2:
        cards = (get(word, _NOT_A_CARD),)
    else:
        return None
    return None if _NOT_A_CARD in cards else cards


def _cbr_units(word: str, scale: int) -> int:
    """A bet's amount at ``scale`` (``_Rescale`` when it needs more places); 0 when the word is
    not a plain positive number of digits with at most one point (left to ``_action``)."""
    whole, point, fraction = word.partition(".")
    if not (whole.isdigit() and whole.isascii()):
        return 0
    if not point:
        return int(whole) * scale
    if not (fraction.isdigit() and fraction.isascii()):
        return 0
    needed = len(fraction.rstrip("0"))
    if 10**needed > scale:
        raise _Rescale(needed)
    power: int = 10 ** len(fraction)
    return int(whole + fraction) * scale // power


def _any_action(text: str, position: int, count: int, scale: int) -> PhhAction | None:
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
    return _RECORD(_ACTION, (text, position, verb, player, cards, units, mucked))
