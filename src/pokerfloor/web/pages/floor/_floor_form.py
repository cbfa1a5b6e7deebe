"""The floor calculator's form: its fields as typed, and their validation into a
``Situation`` the hand engine can play (messages in the page's language)."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from pokerfloor.hand import Action, ActionKind, HandSetup, LiveAction, Seat, Street
from pokerfloor.web import i18n
from pokerfloor.web.i18n import N_
from pokerfloor.web.pages.common._forms import ascii_digits, compact, whole_number
from pokerfloor.web.pages.floor._floor_rulings import Situation

__all__ = [
    "AFTER_ROWS",
    "BEFORE_ROWS",
    "ENGINE_SAY",
    "KINDS",
    "SEAT_ROWS",
    "STREETS",
    "ActionRow",
    "FormState",
    "SeatRow",
    "parse_chips",
    "validate",
]

SEAT_ROWS, BEFORE_ROWS, AFTER_ROWS = 10, 8, 4
KINDS: tuple[ActionKind, ...] = ("fold", "check", "call", "bet", "raise", "allin")
STREETS = {
    "preflop": Street.PREFLOP,
    "flop": Street.FLOP,
    "turn": Street.TURN,
    "river": Street.RIVER,
}
# What the player said, as the engine's ``LiveAction.say``: "raise to N" is a raise with an
# amount, which the engine makes a bet when there is no bet to raise.
ENGINE_SAY: dict[str, Literal["fold", "check", "call", "raise", "allin"] | None] = {
    "": None, "fold": "fold", "check": "check", "call": "call",
    "raise": "raise", "raise_to": "raise", "allin": "allin",
}  # fmt: skip


# ---- the form as typed ----------------------------------------------------------------------


@dataclass
class SeatRow:
    name: str = ""
    stack: str = ""


@dataclass
class ActionRow:
    seat: str = ""
    kind: str = ""
    amount: str = ""


@dataclass
class FormState:
    """The form's fields as text, as typed: shown again as they were after a mistake."""

    profile: str
    small_blind: str = "100"
    big_blind: str = "200"
    ante: str = "0"
    bb_ante: str = "0"
    smallest_chip: str = "25"
    street: str = "preflop"
    pot: str = "0"
    button: str = "6"
    seats: list[SeatRow] = field(default_factory=list)
    before: list[ActionRow] = field(default_factory=list)
    player: str = "3"
    say: str = ""
    amount: str = ""
    chips: str = ""
    out_of_turn: bool = False
    after: list[ActionRow] = field(default_factory=list)
    compare: bool = False
    preset: str = ""

    def __post_init__(self) -> None:
        self.seats = (self.seats + [SeatRow() for _ in range(SEAT_ROWS)])[:SEAT_ROWS]
        self.before = (self.before + [ActionRow() for _ in range(BEFORE_ROWS)])[:BEFORE_ROWS]
        self.after = (self.after + [ActionRow() for _ in range(AFTER_ROWS)])[:AFTER_ROWS]

    @classmethod
    def from_fields(cls, fields: Mapping[str, str]) -> FormState:
        def text(name: str, default: str = "") -> str:
            return fields.get(name, default).strip()[:200]

        def rows(prefix: str, count: int) -> list[ActionRow]:
            return [
                ActionRow(*(text(f"{prefix}_{part}_{n}") for part in ("seat", "kind", "amount")))
                for n in range(1, count + 1)
            ]

        return cls(
            profile=text("profile"),
            small_blind=text("small_blind"),
            big_blind=text("big_blind"),
            ante=text("ante", "0"),
            bb_ante=text("bb_ante", "0"),
            smallest_chip=text("smallest_chip", "1"),
            street=text("street", "preflop"),
            pot=text("pot", "0"),
            button=text("button"),
            seats=[SeatRow(text(f"name_{n}"), text(f"stack_{n}")) for n in range(1, SEAT_ROWS + 1)],
            before=rows("before", BEFORE_ROWS),
            player=text("player"),
            say=text("say"),
            amount=text("amount"),
            chips=text("chips"),
            out_of_turn=bool(text("out_of_turn")),
            after=rows("after", AFTER_ROWS),
            compare=bool(text("compare")),
        )

    def use_level(self, level: Mapping[str, Any] | None, smallest_chip: int) -> None:
        """Take the blinds and antes of a tournament's level."""
        if level is not None:
            self.small_blind, self.big_blind = str(level["small_blind"]), str(level["big_blind"])
            self.ante, self.bb_ante = str(level.get("ante", 0)), str(level.get("bb_ante", 0))
        self.smallest_chip = str(smallest_chip)


# ---- the situation, validated ---------------------------------------------------------------


# ASCII digits only (``\d`` would take any script's digits, ``int()`` their numbers).
_CHIP_TOKEN = re.compile(r"(?:(?P<count>[0-9]{1,15})[x×*])?(?P<value>-?[0-9]{1,15})")


def parse_chips(text: str) -> tuple[tuple[int, ...], str | None]:
    """``"1000 500"``, ``"3x100"``, ``"1000 + 5×100"``: the chips, or the message to show."""
    chips: list[int] = []
    for token in re.split(r"[\s,;+]+", text.strip()):
        match = _CHIP_TOKEN.fullmatch(token)
        if not token:
            continue
        if match is None:
            return (), i18n.gettext(
                "Chips pushed: “%(token)s” is not a chip value; write the values, e.g. "
                "1000 500 or 3x100.",
                token=token,
            )
        value, count = int(match["value"]), int(match["count"] or 1)
        if value <= 0 or count <= 0:
            return (), i18n.gettext(
                "Chips pushed: a chip is worth a positive number of chips (not “%(token)s”).",
                token=token,
            )
        if count > 1000:
            return (), i18n.gettext("Chips pushed: at most 1000 chips of one value.")
        chips.extend([value] * count)
    return tuple(chips), None


def _whole(text: str, what: str, errors: list[str], minimum: int = 0) -> int:
    """``text`` as a whole number of chips; else a message naming the field ``what``."""
    cleaned = compact(text)
    value = whole_number(cleaned, signed=True) if cleaned else 0
    if value is None:  # too many digits is too large; anything else is no number
        value = 10**12 + 1 if ascii_digits(cleaned) else -1
    if value < minimum:
        errors.append(
            i18n.gettext(
                "%(field)s: enter a whole number of chips, at least %(minimum)s.",
                field=what,
                minimum=minimum,
            )
        )
    elif value > 10**12:
        errors.append(i18n.gettext("%(field)s: this number is too large.", field=what))
    return value


def validate(state: FormState) -> Situation | list[str]:
    """The situation, or the messages (in the current language) saying what to correct."""
    errors: list[str] = []
    gettext = i18n.gettext
    chip = _whole(state.smallest_chip, gettext("Smallest chip"), errors, 1)
    amounts: list[tuple[str, int]] = []  # checked against the smallest chip below

    def counted(text: str, label: str, minimum: int = 0) -> int:
        value = _whole(text, label, errors, minimum)
        amounts.append((label, value))
        return value

    small = counted(state.small_blind, gettext("Small blind"))
    big = counted(state.big_blind, gettext("Big blind"), 1)
    ante = counted(state.ante, gettext("Ante"))
    bb_ante = counted(state.bb_ante, gettext("Big blind ante"))
    pot = counted(state.pot, gettext("Pot before this street"))
    button = _whole(state.button, gettext("Button (seat)"), errors, 1)
    if small > big > 0:
        errors.append(gettext("The small blind cannot be more than the big blind."))
    if ante > 0 and bb_ante > 0:
        errors.append(gettext("Use either an ante or a big blind ante, not both."))
    seats: list[Seat] = []
    for seat_no, row in enumerate(state.seats, start=1):
        if row.stack or row.name:
            label = gettext("Seat %(n)s", n=seat_no) + (f" ({row.name})" if row.name else "")
            seats.append(Seat(seat_no, row.name or label, counted(row.stack, label, 1)))
    for label, value in amounts:
        if chip > 0 and value > 0 and value % chip:
            errors.append(
                gettext(
                    "%(field)s: %(amount)s is not a whole number of the smallest chip (%(chip)s).",
                    field=label,
                    amount=i18n.format_chips(value),
                    chip=i18n.format_chips(chip),
                )
            )
    names = [seat.name for seat in seats]
    for name in sorted({name for name in names if names.count(name) > 1}):
        errors.append(
            gettext("Two players are named %(name)s: give each a different name.", name=name)
        )
    if len(seats) < 2:
        errors.append(
            gettext("A hand needs at least two players: give the stacks of two seats or more.")
        )
    occupied = {seat.seat_no for seat in seats}

    def seat_of(text: str, where: str) -> int | None:
        if ascii_digits(text) and int(text) in occupied:
            return int(text)
        errors.append(
            gettext(
                "%(where)s: there is no player at seat %(seat)s.", where=where, seat=text or "?"
            )
        )
        return None

    def actions(rows: list[ActionRow], label: str) -> tuple[tuple[int, Action], ...]:
        parsed: list[tuple[int, Action]] = []
        for number, row in enumerate(rows, start=1):
            if not (row.seat or row.kind):
                continue
            where = gettext(label, n=number)
            seat_no = seat_of(row.seat, where)
            if row.kind not in KINDS:
                errors.append(gettext("%(where)s: choose the action.", where=where))
                continue
            kind = KINDS[KINDS.index(row.kind)]
            amount = _whole(row.amount, where, errors, 1) if kind in ("bet", "raise") else None
            if seat_no is not None:
                parsed.append((seat_no, Action(kind, amount)))
        return tuple(parsed)

    before = actions(state.before, N_("Action %(n)s so far"))
    player = seat_of(state.player, gettext("Disputed action"))
    chips, chip_error = parse_chips(state.chips)
    errors += [chip_error] if chip_error else []
    say = state.say if state.say in ENGINE_SAY else ""
    amount = (
        _whole(state.amount, gettext("Raise to (total)"), errors, 1) if say == "raise_to" else None
    )
    if not say and not chips and not chip_error:
        errors.append(gettext("Disputed action: give what the player said or the chips pushed."))
    after = actions(state.after, N_("Next action %(n)s"))
    if errors or player is None:
        return errors
    street = STREETS.get(state.street, Street.PREFLOP)
    setup = HandSetup(
        profile="", seats=tuple(seats), button_seat=button, small_blind=small, big_blind=big,
        ante=ante, bb_ante=bb_ante, smallest_chip=chip, start_street=street,
        dead_money=pot if street > Street.PREFLOP else 0,
    )  # fmt: skip
    disputed = LiveAction(chips, ENGINE_SAY[say], amount, state.out_of_turn)
    return Situation(setup, before, player, disputed, after)
