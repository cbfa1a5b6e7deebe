"""Reading a Poker Hand History (PHH) file: TOML in, a checked ``PhhHand`` out.

The PHH standard (uoftcprg/phh-std) describes one hand as TOML: the forced bets and starting
stacks per player (``p1`` is the first seat left of the button, the button is last), then the
``actions`` in notation (``d dh p1 AcKd``, ``d db JcTs2d``, ``p1 f``, ``p2 cc``, ``p3 cbr 600``,
``p3 sm AcKd``). Only what pokerfloor plays is accepted: no-limit hold'em (``NT``) in whole
chips; anything else is refused with the field that is wrong.
"""

from __future__ import annotations

import math
import tomllib
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from pokerfloor.cards import parse_card
from pokerfloor.errors import PokerfloorError

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


class PhhError(PokerfloorError):
    """A PHH file that cannot be read or that pokerfloor does not play; names the field."""

    def __init__(self, code: str, message: str, field: str | None, **params: Any) -> None:
        super().__init__(code, message, {"field": field, **params})
        self.field = field


@dataclass(frozen=True, slots=True)
class PhhAction:
    """One action notation. ``player`` is 0-based (``p1`` is 0), -1 for a board deal.

    ``cards`` holds ``None`` for an unknown card (``??``). For ``sm``: no cards and ``mucked``
    is a muck; ``-`` (cards already dealt face up to the reader) is a show with no cards.
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
    """A PHH hand of no-limit hold'em, checked field by field. Amounts are whole chips."""

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

    @property
    def count(self) -> int:
        return len(self.starting_stacks)


def load_phh(path: str | Path) -> PhhHand:
    """Read and parse one ``.phh`` file; an unreadable file is a ``PhhError`` too."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise PhhError("PHH_UNREADABLE", f"cannot read the file: {error}", None) from None
    return parse_phh(text)


def parse_phh(text: str) -> PhhHand:
    """Parse the TOML text of one hand; refuse what is not valid no-limit hold'em PHH."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise PhhError("PHH_BAD_TOML", f"not valid TOML: {error}", None) from None
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
    starting = _chip_list(data, "starting_stacks", None, minimum=1)
    count = len(starting)
    if count < 2:
        raise PhhError(
            "PHH_BAD_FIELD", "a hand needs at least 2 players", "starting_stacks", count=count
        )
    known = set(REQUIRED_FIELDS) | {
        "players",
        "seats",
        "seat_count",
        "finishing_stacks",
        "ante_trimming_status",
    }
    return PhhHand(
        antes=_chip_list(data, "antes", count),
        blinds_or_straddles=_chip_list(data, "blinds_or_straddles", count),
        min_bet=_chips(data["min_bet"], "min_bet", minimum=1),
        starting_stacks=starting,
        actions=_actions(data["actions"], count),
        variant=variant,
        players=_players(data, count),
        seats=_seats(data, count),
        seat_count=_optional_int(data, "seat_count"),
        finishing_stacks=(
            _chip_list(data, "finishing_stacks", count) if "finishing_stacks" in data else None
        ),
        ante_trimming_status=_optional_bool(data, "ante_trimming_status"),
        metadata={key: value for key, value in data.items() if key not in known},
    )


# ---- fields -------------------------------------------------------------------------------


def _chips(value: object, name: str, *, minimum: int = 0) -> int:
    """A chip amount: a whole number (``3`` or ``3.0``), at least ``minimum``."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise PhhError(
            "PHH_BAD_FIELD", f"{name}: {value!r} is not a number of chips", name, value=repr(value)
        )
    if isinstance(value, float):
        if math.isinf(value) or math.isnan(value):
            raise PhhError(
                "PHH_UNKNOWN_AMOUNT",
                f"{name}: {value} is an unknown amount; a replay needs every amount",
                name,
                value=str(value),
            )
        if not value.is_integer():
            raise PhhError(
                "PHH_FRACTIONAL_CHIPS",
                f"{name}: {value} is not a whole number of chips; write amounts in the "
                "smallest unit (e.g. cents)",
                name,
                value=value,
            )
        value = int(value)
    if value < minimum:
        raise PhhError("PHH_BAD_FIELD", f"{name}: {value} is below {minimum}", name, value=value)
    return value


def _chip_list(
    data: dict[str, Any], name: str, count: int | None, *, minimum: int = 0
) -> tuple[int, ...]:
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
    return tuple(
        _chips(item, f"{name}[{index}]", minimum=minimum) for index, item in enumerate(value)
    )


def _players(data: dict[str, Any], count: int) -> tuple[str, ...] | None:
    value = data.get("players")
    if value is None:
        return None
    if not isinstance(value, list) or len(value) != count:
        raise PhhError("PHH_BAD_FIELD", f"players must be an array of {count} names", "players")
    if not all(isinstance(name, str) for name in value):
        raise PhhError("PHH_BAD_FIELD", "players must be strings (names)", "players")
    return tuple(value)


def _seats(data: dict[str, Any], count: int) -> tuple[int, ...] | None:
    value = data.get("seats")
    if value is None:
        return None
    if (
        not isinstance(value, list)
        or len(value) != count
        or not all(isinstance(seat, int) and not isinstance(seat, bool) for seat in value)
    ):
        raise PhhError("PHH_BAD_FIELD", f"seats must be an array of {count} seat numbers", "seats")
    return tuple(value)


def _optional_int(data: dict[str, Any], name: str) -> int | None:
    value = data.get(name)
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int):
        raise PhhError("PHH_BAD_FIELD", f"{name} must be a whole number", name)
    return value


def _optional_bool(data: dict[str, Any], name: str) -> bool:
    value = data.get(name, False)
    if not isinstance(value, bool):
        raise PhhError("PHH_BAD_FIELD", f"{name} must be true or false", name)
    return value


# ---- actions ------------------------------------------------------------------------------


def _actions(value: object, count: int) -> tuple[PhhAction, ...]:
    if not isinstance(value, list):
        raise PhhError("PHH_BAD_FIELD", "actions must be an array of strings", "actions")
    parsed: list[PhhAction] = []
    for position, text in enumerate(value):
        name = f"actions[{position}]"
        if not isinstance(text, str):
            raise PhhError("PHH_BAD_ACTION", f"{name}: {text!r} is not a string", name)
        action = _action(text, position, count)
        if action is not None:
            parsed.append(action)
    return tuple(parsed)


def _action(text: str, position: int, count: int) -> PhhAction | None:
    """Parse ``[actor verb [arguments]][ # commentary]``; None for a no-op."""
    name = f"actions[{position}]"
    words = text.split("#", 1)[0].split()
    if not words:
        return None

    def bad(reason: str) -> PhhError:
        return PhhError(
            "PHH_BAD_ACTION",
            f"{name} {text!r}: {reason}",
            name,
            action=text,
            accepted="d dh pN CARDS, d db CARDS, pN f, pN cc, pN cbr AMOUNT, pN sm [CARDS|-]",
        )

    if len(words) < 2:
        raise bad("an action needs an actor and a verb")
    actor, verb, *args = words
    if actor == "d":
        if verb == "dh" and len(args) == 2:
            player = _player(args[0], count, bad)
            return PhhAction(text, position, "dh", player, _cards(args[1], bad))
        if verb == "db" and len(args) == 1:
            return PhhAction(text, position, "db", -1, _cards(args[0], bad))
        raise bad("the dealer deals hole cards (d dh pN CARDS) or the board (d db CARDS)")
    player = _player(actor, count, bad)
    if verb in ("f", "cc") and not args:
        return PhhAction(text, position, verb, player)  # type: ignore[arg-type]
    if verb == "cbr" and len(args) == 1:
        try:
            amount = int(args[0]) if args[0].isdigit() else float(args[0])
        except ValueError:
            raise bad(f"{args[0]!r} is not an amount") from None
        return PhhAction(text, position, "cbr", player, amount=_chips(amount, name, minimum=1))
    if verb == "sm" and len(args) <= 1:
        if not args:
            return PhhAction(text, position, "sm", player, mucked=True)
        cards = () if args[0] == "-" else _cards(args[0], bad)
        return PhhAction(text, position, "sm", player, cards)
    if verb in ("pb", "sd"):
        raise bad(f"{verb!r} (bring-in, draw) does not exist in no-limit hold'em")
    raise bad(f"unknown verb {verb!r} or wrong number of arguments")


def _player(word: str, count: int, bad: Callable[[str], PhhError]) -> int:
    if len(word) >= 2 and word[0] == "p" and word[1:].isdigit():
        number = int(word[1:])
        if 1 <= number <= count:
            return number - 1
    raise bad(f"{word!r} is not a player: use p1 to p{count}")


def _cards(word: str, bad: Callable[[str], PhhError]) -> tuple[int | None, ...]:
    if len(word) % 2:
        raise bad(f"{word!r} is not a list of two-character cards (e.g. AcKd, ?? unknown)")
    cards: list[int | None] = []
    for start in range(0, len(word), 2):
        token = word[start : start + 2]
        if token == _UNKNOWN:
            cards.append(None)
            continue
        try:
            cards.append(int(parse_card(token)))
        except PokerfloorError:
            raise bad(f"{token!r} is not a card (rank 2-9 T J Q K A, suit c d h s)") from None
    return tuple(cards)
