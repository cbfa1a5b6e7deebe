"""Reading a Poker Hand History (PHH) hand: TOML in, a checked ``PhhHand`` out.

The PHH standard (uoftcprg/phh-std) describes one hand as TOML: the forced bets and starting
stacks per player (``p1`` is the first seat left of the button, the button is last), then the
``actions`` in notation (``d dh p1 AcKd``, ``d db JcTs2d``, ``p1 f``, ``p2 cc``, ``p3 cbr 600``,
``p3 sm AcKd``). Only no-limit hold'em (``NT``) is played here; anything else is refused with the
field that is wrong. Amounts may have a fraction (dollars and cents): they are read exactly and
counted in the hand's smallest unit (``PhhHand.scale`` units per 1 of the file).
"""

from __future__ import annotations

import datetime
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, fields, make_dataclass
from decimal import Decimal
from pathlib import Path
from typing import Any, Final, Literal, NamedTuple, TypeVar

from pokerfloor.cards import parse_card
from pokerfloor.errors import PokerfloorError
from pokerfloor.formats import _phh_decimal as amounts
from pokerfloor.formats._phh_decimal import Number
from pokerfloor.formats._phh_toml import TomlError
from pokerfloor.formats._phh_toml import loads as loads_toml

PhhVerb = Literal["dh", "db", "f", "cc", "cbr", "sm"]
REQUIRED_FIELDS = (
    "variant",
    "antes",
    "blinds_or_straddles",
    "min_bet",
    "starting_stacks",
    "actions",
)
_UNKNOWN = "??"

# The standard's optional fields and their TOML types (phh-std, optional.rst); ``rake`` is
# pokerfloor's extension (the total the house took). User-defined fields start with "_".
_TEXT = (str,)
TEXT_FIELDS = (
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
)
OPTIONAL_FIELDS: dict[str, tuple[type, ...]] = {
    **dict.fromkeys(TEXT_FIELDS, _TEXT),
    **dict.fromkeys(("day", "month", "year", "level", "seat_count"), (int,)),
    "time": (datetime.time,),
    "hand": (str, int),
    "table": (str, int),
    "seats": (list,),
    "players": (list,),
    "finishing_stacks": (list,),
    "winnings": (list,),
    "ante_trimming_status": (bool,),
    "time_limit": (int, Decimal),
    "time_banks": (list,),
    "rake": (int, Decimal),
}
_OTHER_VARIANTS_ONLY = ("bring_in", "small_bet", "big_bet")


class PhhError(PokerfloorError):
    """A PHH hand that cannot be read or that pokerfloor does not play; names the field."""

    def __init__(self, code: str, message: str, field: str | None, **params: Any) -> None:
        super().__init__(code, message, {"field": field, **params})
        self.field = field


_Frozen = TypeVar("_Frozen")


def quick_maker(frozen: type[_Frozen]) -> Callable[..., _Frozen]:
    """A constructor of the frozen slots dataclass ``frozen`` as quick as a plain class's.

    A frozen dataclass's ``__init__`` sets each field through ``object.__setattr__``, several
    times slower than a plain slots class; reading a corpus makes one per hand and per new
    action. The maker builds a plain twin (the same fields, so the same slots in the same
    order), then gives the object the frozen class: an ordinary frozen instance, equal,
    hashable and immutable like one ``frozen(...)`` makes. Only for classes with no
    ``__post_init__``; the arguments are ``frozen``'s own."""
    assert not hasattr(frozen, "__post_init__")
    twin = make_dataclass(
        frozen.__name__,
        [
            (
                item.name,
                item.type,
                field(default=item.default, default_factory=item.default_factory),
            )
            for item in fields(frozen)  # type: ignore[arg-type]  # a dataclass
        ],
        slots=True,
    )

    def make(*args: Any, **kwargs: Any) -> _Frozen:
        made = twin(*args, **kwargs)
        made.__class__ = frozen
        return made  # type: ignore[no-any-return]  # an instance of frozen now

    return make


class PhhAction(NamedTuple):
    """One action notation. ``player`` is 0-based (``p1`` is 0), -1 for a board deal.

    ``cards`` holds ``None`` for an unknown card (``??``). For ``sm``: no cards and ``mucked``
    is a muck; ``-`` (cards already dealt face up to the reader) is a show with no cards.
    ``amount`` (``cbr``) is in the hand's smallest unit.

    A named tuple (immutable, equal and hashed by its fields), not a frozen dataclass: the
    readers make one per new action, the commonest record of a first reading, and
    ``NEW_RECORD(PhhAction, fields)`` builds it in C (``tuple.__new__``), with no Python frame,
    about four times quicker than a frozen dataclass (issue 29 item 2).
    """

    text: str
    position: int
    verb: PhhVerb
    player: int
    cards: tuple[int | None, ...] = ()
    amount: int | None = None
    mucked: bool = False


@dataclass(frozen=True, slots=True)
class PhhHand:
    """A PHH hand of no-limit hold'em, checked field by field.

    Amounts are whole numbers of ``1/scale`` of the file's unit (``scale`` is 1 for whole
    chips, 100 for dollars and cents). A negative ``blinds_or_straddles`` entry is a post (a
    player paying to play at once, phh-std). An unknown starting stack (``inf``) is listed in
    ``unknown_stacks`` and replaced by a stack that covers every amount of the hand.
    """

    antes: tuple[int, ...]
    blinds_or_straddles: tuple[int, ...]
    min_bet: int
    starting_stacks: tuple[int, ...]
    actions: tuple[PhhAction, ...]
    variant: str = "NT"
    players: tuple[str, ...] | None = None
    seats: tuple[int, ...] | None = None
    seat_count: int | None = None
    finishing_stacks: tuple[int, ...] | None = None
    ante_trimming_status: bool = False
    metadata: dict[str, Any] = field(default_factory=dict)
    winnings: tuple[int, ...] | None = None
    rake: int | None = None
    scale: int = 1
    unknown_stacks: frozenset[int] = frozenset()

    @property
    def count(self) -> int:
        return len(self.starting_stacks)

    @property
    def names(self) -> tuple[str, ...]:
        """The players' names: the file's ``players``, else ``p1`` to ``pN``."""
        return self.players or tuple(f"p{index + 1}" for index in range(self.count))

    def amount_text(self, units: int) -> str:
        """``units`` written in the file's unit (``1565`` -> ``15.65`` at scale 100)."""
        return amounts.format_units(units, self.scale)


# The constructors the readers call (once per hand, once per new action): see quick_maker.
new_hand = quick_maker(PhhHand)
NEW_RECORD: Final = tuple.__new__
"""``NEW_RECORD(PhhAction, (text, position, verb, player, cards, amount, mucked))``: a named
tuple record built in C from all its fields (the readers' hot path; no default filled)."""


def load_phh(path: str | Path) -> PhhHand:
    """Read and parse one ``.phh`` file; an unreadable file is a ``PhhError`` too."""
    return parse_phh(read_phh_text(path))


def read_phh_text(path: str | Path) -> str:
    """The text of a PHH file; an unreadable one raises ``PhhError`` (``unreadable``)."""
    try:
        return Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise unreadable(error) from None


def unreadable(error: Exception) -> PhhError:
    return PhhError("PHH_UNREADABLE", f"cannot read the file: {error}", None)


def parse_phh(text: str) -> PhhHand:
    """Parse the TOML text of one hand; refuse what is not valid no-limit hold'em PHH."""
    try:
        data = loads_toml(text)
    except TomlError as error:
        raise PhhError("PHH_BAD_TOML", f"not valid TOML: {error}", None) from None
    return phh_from_toml(data)


def phh_from_toml(data: dict[str, Any]) -> PhhHand:
    """Check the fields of one hand read from TOML (``Decimal`` for numbers with a fraction)."""
    for name in REQUIRED_FIELDS:
        if name not in data:
            raise PhhError("PHH_MISSING_FIELD", f"required field {name!r} is missing", name)
    variant = data["variant"]
    if variant != "NT":
        raise PhhError(
            "PHH_UNSUPPORTED_VARIANT",
            f"variant {variant!r} is not played here: only 'NT' (no-limit Texas hold'em)",
            "variant",
            variant=variant,
        )
    _check_optional(data)
    raw_stacks = _stacks(data)
    count = len(raw_stacks)
    if count < 2:
        raise PhhError(
            "PHH_BAD_FIELD", "a hand needs at least 2 players", "starting_stacks", count=count
        )
    raw_antes = _numbers(data, "antes", count)
    raw_blinds = _numbers(data, "blinds_or_straddles", count, negative=True)
    raw_min_bet = _number(data["min_bet"], "min_bet")
    raw_actions = _raw_actions(data["actions"], count)
    raw_finishing = (
        _numbers(data, "finishing_stacks", count) if "finishing_stacks" in data else None
    )
    raw_winnings = _numbers(data, "winnings", count) if "winnings" in data else None
    raw_rake = _number(data["rake"], "rake") if "rake" in data else None
    fields: list[tuple[str, Sequence[Number | None]]] = [
        ("antes", raw_antes),
        ("blinds_or_straddles", raw_blinds),
        ("min_bet", [raw_min_bet]),
        ("starting_stacks", raw_stacks),
        ("finishing_stacks", raw_finishing or []),
        ("winnings", raw_winnings or []),
        ("rake", [raw_rake]),
        ("actions", [action[2][2] for action in raw_actions]),
    ]
    needed = 0
    for _, values in fields:
        for value in values:
            if value is not None and type(value) is not int:
                needed = max(needed, amounts.places(value))
    if needed > amounts.MAX_PLACES:
        raise _too_precise(fields, raw_actions)
    scale = amounts.scale_for(needed, "currency" in data or "currency_symbol" in data)
    antes = _units(raw_antes, scale)
    blinds = _units(raw_blinds, scale)
    min_bet = amounts.to_units(raw_min_bet, scale)
    if min_bet < 1:
        raise PhhError("PHH_BAD_FIELD", f"min_bet: {raw_min_bet} is not positive", "min_bet")
    actions = _actions(raw_actions, scale)
    unknown = frozenset(index for index, stack in enumerate(raw_stacks) if stack is None)
    known = [0 if stack is None else amounts.to_units(stack, scale) for stack in raw_stacks]
    if unknown:
        cover = sum(abs(amount) for amount in (*antes, *blinds)) + min_bet
        cover += sum(action.amount or 0 for action in actions) + 1
        known = [cover if index in unknown else stack for index, stack in enumerate(known)]
    return new_hand(
        antes=antes,
        blinds_or_straddles=blinds,
        min_bet=min_bet,
        starting_stacks=tuple(known),
        actions=actions,
        variant=variant,
        players=_players(data, count),
        seats=_seats(data, count),
        seat_count=data.get("seat_count"),
        finishing_stacks=None if raw_finishing is None else _units(raw_finishing, scale),
        ante_trimming_status=data.get("ante_trimming_status", False),
        metadata={key: value for key, value in data.items() if key not in _PLAYED},
        winnings=None if raw_winnings is None else _units(raw_winnings, scale),
        rake=None if raw_rake is None else amounts.to_units(raw_rake, scale),
        scale=scale,
        unknown_stacks=unknown,
    )


def _too_precise(
    fields: list[tuple[str, Sequence[Number | None]]], raw_actions: list[_RawAction]
) -> PhhError:
    """The refusal naming the first amount with too many decimal places."""
    for name, values in fields:
        for index, value in enumerate(values):
            if value is None or amounts.places(value) <= amounts.MAX_PLACES:
                continue
            if name == "actions":
                name = f"actions[{raw_actions[index][1]}]"
            elif name not in ("min_bet", "rake"):
                name = f"{name}[{index}]"
            return PhhError(
                "PHH_FRACTIONAL_CHIPS",
                f"{name}: {value} has more than {amounts.MAX_PLACES} decimal places; write "
                "amounts in a unit of chips or money (e.g. 0.25)",
                name,
                value=str(value),
            )
    raise AssertionError("no amount has too many places")  # pragma: no cover


_PLAYED = frozenset(
    (
        *REQUIRED_FIELDS,
        "players",
        "seats",
        "seat_count",
        "finishing_stacks",
        "ante_trimming_status",
        "winnings",
        "rake",
    )
)


# ---- fields -------------------------------------------------------------------------------


def _check_optional(data: dict[str, Any]) -> None:
    for name, value in data.items():
        kinds = OPTIONAL_FIELDS.get(name)
        if kinds is None:
            if name in _OTHER_VARIANTS_ONLY and value:
                raise PhhError(
                    "PHH_BAD_FIELD",
                    f"{name} belongs to stud or fixed-limit games, not to no-limit hold'em",
                    name,
                )
        elif type(value) not in kinds:  # exact types: a bool is not an integer here
            wanted = " or ".join(_KIND_NAMES[kind] for kind in kinds)
            raise PhhError(
                "PHH_BAD_FIELD", f"{name} must be {wanted}, not {value!r}", name, value=repr(value)
            )


_KIND_NAMES = {
    str: "a string",
    int: "an integer",
    bool: "true or false",
    list: "an array",
    Decimal: "a number",
    datetime.time: "a local time (HH:MM:SS)",
}


def _number(value: object, name: str) -> Number:
    """An amount: an integer or a decimal (``Decimal``, never a float)."""
    if type(value) is int or (isinstance(value, Decimal) and value.is_finite()):
        return value
    if isinstance(value, Decimal):
        raise PhhError(
            "PHH_UNKNOWN_AMOUNT",
            f"{name}: {value} is an unknown amount; a replay needs this amount",
            name,
            value=str(value),
        )
    raise PhhError("PHH_BAD_FIELD", f"{name}: {value!r} is not a number", name, value=repr(value))


def _array(data: dict[str, Any], name: str, count: int | None) -> list[Any]:
    value = data[name]
    if not isinstance(value, list):
        raise PhhError("PHH_BAD_FIELD", f"{name} must be an array of numbers", name)
    if count is not None and len(value) != count:
        raise PhhError(
            "PHH_BAD_FIELD",
            f"{name} has {len(value)} entries; starting_stacks has {count} players",
            name,
            entries=len(value),
            players=count,
        )
    return value


def _numbers(
    data: dict[str, Any], name: str, count: int | None, *, negative: bool = False
) -> list[Number]:
    numbers = _array(data, name, count)
    for item in numbers:
        if type(item) is not int and not (type(item) is Decimal and item.is_finite()):
            for index, value in enumerate(numbers):
                _number(value, f"{name}[{index}]")  # raises, naming the entry
    if not negative and numbers and min(numbers) < 0:
        index = next(index for index, number in enumerate(numbers) if number < 0)
        raise PhhError(
            "PHH_BAD_FIELD",
            f"{name}[{index}]: {numbers[index]} is negative",
            f"{name}[{index}]",
            value=str(numbers[index]),
        )
    return numbers


def _stacks(data: dict[str, Any]) -> list[Number | None]:
    """The starting stacks; ``inf`` (unknown, phh-std) is None."""
    values = _array(data, "starting_stacks", None)
    if all(type(item) is int and item > 0 for item in values):
        return values
    stacks: list[Number | None] = []
    for index, item in enumerate(values):
        name = f"starting_stacks[{index}]"
        if isinstance(item, Decimal) and item.is_infinite() and item > 0:
            stacks.append(None)
            continue
        stack = _number(item, name)
        if stack <= 0:
            raise PhhError(
                "PHH_BAD_FIELD", f"{name}: {stack} is not a positive stack", name, value=str(stack)
            )
        stacks.append(stack)
    return stacks


def _units(values: list[Number], scale: int) -> tuple[int, ...]:
    if scale == 1:
        return tuple(values)  # type: ignore[arg-type]  # whole numbers: every value is an int
    return tuple(amounts.to_units(value, scale) for value in values)


def _players(data: dict[str, Any], count: int) -> tuple[str, ...] | None:
    value = data.get("players")
    if value is None:
        return None
    if len(value) != count:
        raise PhhError("PHH_BAD_FIELD", f"players must be an array of {count} names", "players")
    if not all(isinstance(name, str) for name in value):
        raise PhhError("PHH_BAD_FIELD", "players must be strings (names)", "players")
    return tuple(value)


def _seats(data: dict[str, Any], count: int) -> tuple[int, ...] | None:
    value = data.get("seats")
    if value is None:
        return None
    # A bool is not a seat: the type is checked exactly.
    if len(value) != count or not all(type(seat) is int for seat in value):
        raise PhhError("PHH_BAD_FIELD", f"seats must be an array of {count} seat numbers", "seats")
    return tuple(value)


# ---- actions ------------------------------------------------------------------------------

# An action's parse: (verb, player, raw amount, cards, mucked); the amount is scaled once the
# hand's scale is known. Real corpora repeat the same notations at the same positions (``d dh
# p1 ????`` first...), so parses and actions are kept, up to a bound.
_Parsed = tuple[PhhVerb, int, Number | None, tuple[int | None, ...], bool]
_RawAction = tuple[str, int, _Parsed]
_PARSED: dict[str, _Parsed | None] = {}
_ACTIONS: dict[tuple[str, int, int], PhhAction] = {}
_CACHE_LIMIT = 100_000
ACCEPTED = "d dh pN CARDS, d db CARDS, pN f, pN cc, pN cbr AMOUNT, pN sm [CARDS|-]"


def _raw_actions(value: object, count: int) -> list[_RawAction]:
    if not isinstance(value, list):
        raise PhhError("PHH_BAD_FIELD", "actions must be an array of strings", "actions")
    parsed: list[_RawAction] = []
    for position, text in enumerate(value):
        if type(text) is not str:
            name = f"actions[{position}]"
            raise PhhError("PHH_BAD_ACTION", f"{name}: {text!r} is not a string", name)
        if text in _PARSED:
            known = _PARSED[text]
        else:
            known = _action(text, position, count)
            if len(_PARSED) < _CACHE_LIMIT:
                _PARSED[text] = known
        if known is None:
            continue
        if known[1] >= count:
            raise _bad(text, position, f"'p{known[1] + 1}' is not a player: use p1 to p{count}")
        parsed.append((text, position, known))
    return parsed


def _actions(raw_actions: list[_RawAction], scale: int) -> tuple[PhhAction, ...]:
    actions = []
    for text, position, (verb, player, amount, cards, mucked) in raw_actions:
        key = (text, position, scale)
        action = _ACTIONS.get(key)
        if action is None:
            units = None if amount is None else amounts.to_units(amount, scale)
            action = NEW_RECORD(PhhAction, (text, position, verb, player, cards, units, mucked))
            if len(_ACTIONS) < _CACHE_LIMIT:
                _ACTIONS[key] = action
        actions.append(action)
    return tuple(actions)


def _bad(text: str, position: int, reason: str) -> PhhError:
    name = f"actions[{position}]"
    return PhhError(
        "PHH_BAD_ACTION", f"{name} {text!r}: {reason}", name, action=text, accepted=ACCEPTED
    )


def _action(text: str, position: int, count: int) -> _Parsed | None:
    """Parse ``[actor verb [arguments]][ # commentary]``; None for a no-op."""
    words = text.split("#", 1)[0].split()
    if not words:
        return None

    def bad(reason: str) -> PhhError:
        return _bad(text, position, reason)

    if len(words) < 2:
        raise bad("an action needs an actor and a verb")
    actor, verb, *args = words
    if actor == "d":
        if verb == "dh" and len(args) == 2:
            return "dh", _player(args[0], count, bad), None, _cards(args[1], bad), False
        if verb == "db" and len(args) == 1:
            return "db", -1, None, _cards(args[0], bad), False
        raise bad("the dealer deals hole cards (d dh pN CARDS) or the board (d db CARDS)")
    player = _player(actor, count, bad)
    if verb in ("f", "cc") and not args:
        return verb, player, None, (), False  # type: ignore[return-value]
    if verb == "cbr" and len(args) == 1:
        amount = _amount(args[0])
        if amount is None:
            raise bad(f"{args[0]!r} is not an amount")
        if amount <= 0:
            raise bad(f"{args[0]} is not a positive amount")
        return "cbr", player, amount, (), False
    if verb == "sm" and len(args) <= 1:
        if not args:
            return "sm", player, None, (), True
        cards = () if args[0] == "-" else _cards(args[0], bad)
        return "sm", player, None, cards, False
    if verb in ("pb", "sd"):
        raise bad(f"{verb!r} (bring-in, draw) does not exist in no-limit hold'em")
    raise bad(f"unknown verb {verb!r} or wrong number of arguments")


def _amount(word: str) -> Number | None:
    if word.isdigit():
        return int(word)
    try:
        value = Decimal(word.replace(",", ""))
    except ArithmeticError:
        return None
    return value if value.is_finite() else None


def _player(word: str, count: int, bad: Callable[[str], PhhError]) -> int:
    if len(word) >= 2 and word[0] == "p" and word[1:].isdigit():
        number = int(word[1:])
        if number >= 1:
            return number - 1
    raise bad(f"{word!r} is not a player: use p1 to p{count}")


def _card_codes() -> dict[str, int | None]:
    """Every two-character card as ``parse_card`` reads it (either case), and ``??``."""
    codes: dict[str, int | None] = {_UNKNOWN: None}
    for rank in "23456789TJQKAtjqka":
        for suit in "cdhsCDHS":
            codes[rank + suit] = int(parse_card(rank + suit))
    return codes


# A card of a file read by a look-up rather than parse_card's pattern: a new corpus brings new
# boards and shown hands on nearly every hand, so this is on the path of a first reading.
_CARD_CODES = _card_codes()


def _cards(word: str, bad: Callable[[str], PhhError]) -> tuple[int | None, ...]:
    if len(word) % 2:
        raise bad(f"{word!r} is not a list of two-character cards (e.g. AcKd, ?? unknown)")
    codes = _CARD_CODES
    cards: list[int | None] = []
    for start in range(0, len(word), 2):
        token = word[start : start + 2]
        if token not in codes:
            raise bad(f"{token!r} is not a card (rank 2-9 T J Q K A, suit c d h s)")
        cards.append(codes[token])
    return tuple(cards)
