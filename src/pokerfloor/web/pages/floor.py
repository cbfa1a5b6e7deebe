"""The floor calculator (TD only): a betting situation in, the ruling of the rulebook out.

The TD describes the table (blinds, stacks), the actions so far on the street and the disputed
action (what the player said, the chips pushed, out of turn or not); the hand engine plays the
situation with the chosen rule profile and the page shows its ruling, the amount the player is
bound to and the profile's articles. "Compare the rulebooks" plays the same situation with
every bundled profile, side by side. ``/t/{id}/floor`` starts from the tournament's profile
and current level; ``/floor`` from a profile the TD picks. Nothing is recorded.

The engine explains a ruling in English prose (``Ruling.reason``); ``_REASONS`` lists every
reason it writes, each message being both the pattern that recognises the reason and the
msgid of its French. A reason we do not know is shown as the engine wrote it, never hidden.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Annotated, Any, Literal

import msgspec
import yaml
from fastapi import APIRouter, Depends, Request
from fastapi.responses import HTMLResponse, Response

from pokerfloor.cards import shuffled_order
from pokerfloor.errors import PokerfloorError
from pokerfloor.hand import (
    Acted,
    Action,
    ActionKind,
    Committed,
    Event,
    Hand,
    HandSetup,
    LiveAction,
    Noted,
    Seat,
    Street,
)
from pokerfloor.hand.scenario import load_scenario
from pokerfloor.rules import Lang, bundled_profile_ids, load_profile
from pokerfloor.web import i18n
from pokerfloor.web.i18n import N_
from pokerfloor.web.pages._common import (
    PageError,
    Pages,
    locale_of,
    pages_of,
    render,
    render_fragment,
    require_td,
)
from pokerfloor.web.pages._live import LiveView, live_view

__all__ = ["PRESETS", "FormState", "Situation", "Verdict", "router", "rule", "translate_reason"]

router = APIRouter()

SEAT_ROWS, BEFORE_ROWS, AFTER_ROWS = 10, 8, 4
KINDS: tuple[ActionKind, ...] = ("fold", "check", "call", "bet", "raise", "allin")
STREETS = {
    "preflop": Street.PREFLOP,
    "flop": Street.FLOP,
    "turn": Street.TURN,
    "river": Street.RIVER,
}
# The cards play no part in a ruling on chips and words; a fixed order keeps a ruling the same
# from one click to the next.
DECK = shuffled_order(0)

KIND_LABELS = {
    "fold": N_("fold"), "check": N_("check"), "call": N_("call"),
    "bet": N_("bet"), "raise": N_("raise"), "allin": N_("all in"),
}  # fmt: skip
SAY_LABELS = {
    "": N_("Nothing (silent)"),
    "fold": N_("“Fold”"),
    "check": N_("“Check”"),
    "call": N_("“Call”"),
    "raise": N_("“Raise” (no amount)"),
    "raise_to": N_("“Raise to N” / “Bet N”"),
    "allin": N_("“All in”"),
}
# What the player said, as the engine's ``LiveAction.say``: "raise to N" is a raise with an
# amount, which the engine makes a bet when there is no bet to raise.
ENGINE_SAY: dict[str, Literal["fold", "check", "call", "raise", "allin"] | None] = {
    "": None, "fold": "fold", "check": "check", "call": "call",
    "raise": "raise", "raise_to": "raise", "allin": "allin",
}  # fmt: skip
STREET_LABELS = {
    "preflop": N_("Pre-flop"), "flop": N_("Flop"), "turn": N_("Turn"), "river": N_("River"),
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


async def read_fields(request: Request) -> dict[str, str]:
    """The posted form as a plain mapping, so that the handlers stay plain ``def``."""
    form = await request.form()
    return {key: value for key, value in form.items() if isinstance(value, str)}


Fields = Annotated[dict[str, str], Depends(read_fields)]


# ---- presets: classic disputes, from the rulebooks' own examples ----------------------------


@dataclass(frozen=True)
class Preset:
    """A situation written as a hand scenario (tests/scenarios, without profile or expect):
    the last live action is the disputed one."""

    key: str
    title: str
    description: str
    scenario: str

    def state(self, profile: str, compare: bool) -> FormState:
        loaded = load_scenario(f"profile: {profile}\n{self.scenario}")
        setup = loaded.setup
        seat_of = {seat.name: str(seat.seat_no) for seat in setup.seats}
        live_at = max(i for i, (_, a) in enumerate(loaded.actions) if isinstance(a, LiveAction))
        name, live = loaded.actions[live_at]
        assert isinstance(live, LiveAction)

        def rows(actions: Any) -> list[ActionRow]:
            return [
                ActionRow(seat_of[who], a.kind, "" if a.amount is None else str(a.amount))
                for who, a in actions
            ]

        return FormState(
            profile=profile,
            small_blind=str(setup.small_blind),
            big_blind=str(setup.big_blind),
            smallest_chip=str(setup.smallest_chip),
            street=setup.start_street.key,
            pot=str(setup.dead_money),
            button=str(setup.button_seat),
            seats=[
                next(
                    (SeatRow(s.name, str(s.stack)) for s in setup.seats if s.seat_no == n),
                    SeatRow(),
                )
                for n in range(1, SEAT_ROWS + 1)
            ],
            before=rows(loaded.actions[:live_at]),
            player=seat_of[name],
            say="raise_to" if live.amount is not None else live.say or "",
            amount="" if live.amount is None else str(live.amount),
            chips=" ".join(str(chip) for chip in live.chips),
            out_of_turn=live.out_of_turn,
            after=rows(loaded.actions[live_at + 1 :]),
            compare=compare,
            preset=self.key,
        )


_FLOP_ABCD = """start: flop
seats: {1: {name: A, stack: 10000}, 2: {name: B, stack: 10000}, 3: {name: C, stack: 10000},
        4: {name: D, stack: 10000}}
button: 4
"""
PRESETS: dict[str, Preset] = {
    preset.key: preset
    for preset in (
        Preset(
            "oversized_chip",
            N_("Single oversized chip"),
            N_("50/100: the button raises to 700, the big blind drops one 1000 chip without a "
               "word (ropta 5.5 case 1A, tda-2024 R44)."),
            """blinds: [50, 100]
smallest_chip: 50
button: 3
seats: {1: {name: SB, stack: 10000}, 2: {name: BB, stack: 10000}, 3: {name: BTN, stack: 10000}}
actions: [{BTN: raise 700}, {SB: fold}, {BB: {chips: [1000]}}]""",
        ),
        Preset(
            "fifty_percent",
            N_("50%% of a raise"),
            N_("Flop: A bets 400, B silently pushes a 500 and a 100 chip: 200 over the call, "
               "half a raise (heavenpoker 9.22, tda-2024 R43)."),
            _FLOP_ABCD
            + """blinds: [100, 200]
smallest_chip: 100
pot: 600
actions: [{A: bet 400}, {B: {chips: [500, 100]}}]""",
        ),
        Preset(
            "short_allin",
            N_("Under-raise all-ins"),
            N_("50/100: UTG raises to 300, two short all-ins (420, 500), the button calls. "
               "UTG says “raise to 1000”: is the betting reopened? (tda-2024 R47, allinouest)"),
            """blinds: [50, 100]
smallest_chip: 10
button: 6
seats: {1: {name: SB, stack: 5000}, 2: {name: BB, stack: 5000}, 3: {name: UTG, stack: 5000},
        4: {name: MP, stack: 420}, 5: {name: CO, stack: 500}, 6: {name: BTN, stack: 5000}}
actions: [{UTG: raise 300}, {MP: allin}, {CO: allin}, {BTN: call}, {SB: fold}, {BB: fold},
          {UTG: {say: raise, amount: 1000}}]""",
        ),
        Preset(
            "multiple_chips",
            N_("Several chips"),
            N_("250/500: UTG raises to 1100, the next player silently pushes a 1000 and a 500 "
               "chip (tda-2024 R45, Illustration Addendum)."),
            """blinds: [250, 500]
smallest_chip: 50
button: 9
seats: {1: {name: SB, stack: 50000}, 2: {name: BB, stack: 50000}, 3: {name: UTG, stack: 50000},
        4: {name: MP, stack: 50000}, 9: {name: BTN, stack: 50000}}
actions: [{UTG: raise 1100}, {MP: {chips: [1000, 500]}}]""",
        ),
        Preset(
            "verbal",
            N_("Verbal declaration"),
            N_("Flop: A bets 200, B says “raise 800” and pushes a single 500 chip "
               "(heavenpoker 8.9, tda-2024 R40)."),
            _FLOP_ABCD
            + """blinds: [100, 200]
smallest_chip: 100
pot: 600
actions: [{A: bet 200}, {B: {say: raise, amount: 800, chips: [500]}}]""",
        ),
        Preset(
            "out_of_turn",
            N_("Out of turn"),
            N_("Flop: A bets 200, C calls out of turn, then B raises to 600: does C's call "
               "still bind? (tda-2024 R53, allinouest, heavenpoker 8.4)"),
            _FLOP_ABCD.replace("10000", "5000")
            + """blinds: [50, 100]
smallest_chip: 50
pot: 300
actions: [{A: bet 200}, {C: {say: call, out_of_turn: true}}, {B: raise 600}]""",
        ),
    )
}  # fmt: skip


# ---- the situation, validated ---------------------------------------------------------------


@dataclass(frozen=True)
class Situation:
    """A validated form: the engine's set-up (any profile) and the actions by seat number."""

    setup: HandSetup
    before: tuple[tuple[int, Action], ...]
    player: int
    disputed: LiveAction
    after: tuple[tuple[int, Action], ...]

    def name_of(self, seat_no: int) -> str:
        return next(seat.name for seat in self.setup.seats if seat.seat_no == seat_no)

    def scenario(self, profile: str) -> str:
        """The situation as a hand scenario file (``pokerfloor hand run``), to keep or share."""
        setup = self.setup

        def software(seat_no: int, action: Action) -> dict[str, str]:
            words = action.kind if action.amount is None else f"{action.kind} {action.amount}"
            return {self.name_of(seat_no): words}

        live = {
            key: list(value) if isinstance(value, tuple) else value
            for key, value in msgspec.structs.asdict(self.disputed).items()
            if value not in (None, (), False)
        }
        data: dict[str, Any] = {
            "profile": profile,
            "blinds": [setup.small_blind, setup.big_blind],
            "ante": setup.ante,
            "bb_ante": setup.bb_ante,
            "button": setup.button_seat,
            "smallest_chip": setup.smallest_chip,
            "start": setup.start_street.key,
            "pot": setup.dead_money,
            "seats": {s.seat_no: {"name": s.name, "stack": s.stack} for s in setup.seats},
            "actions": [software(s, a) for s, a in self.before]
            + [{self.name_of(self.player): live}]
            + [software(s, a) for s, a in self.after],
        }
        data = {key: value for key, value in data.items() if value != 0}  # no ante, no pot
        return yaml.safe_dump(data, sort_keys=False, allow_unicode=True, default_flow_style=None)


_CHIP_TOKEN = re.compile(r"(?:(?P<count>\d+)[x×*])?(?P<value>-?\d+)")


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
    try:
        value = int(re.sub(r"[\s\u202f\xa0]", "", text) or "0")
    except ValueError:
        value = -1
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
        if text.isdigit() and int(text) in occupied:
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


# ---- the engine's rulings, in words ---------------------------------------------------------

_REASONS = (
    N_("fold declared"),
    N_("all in declared"),
    N_("check declared"),
    N_("'call' with no bet to call is a check"),
    N_("call declared: the full call is owed"),
    N_("raise to %(amount)s declared"),
    N_("bet to %(amount)s declared"),
    N_("raise declared with a single chip and no amount: the raise is what the chip allows"),
    N_("raise declared, chips pushed: the raise is what the chips make"),
    N_("'raise' with no bet is a minimum bet"),
    N_("raise declared without an amount: the minimum raise"),
    N_("every chip pushed: all in"),
    N_("a single chip with no bet to face is a bet of its value"),
    N_("chips pushed with no bet to face: a bet of their total"),
    N_("a single chip without a word, nothing to call: a check"),
    N_("a single oversized chip without a declaration is a call"),
    N_("every chip pushed was needed to call: a call"),
    N_("chips make at least %(percent)s%% of a raise"),
    N_("chips make less than %(percent)s%% of a raise: a call, the extra is returned"),
    N_("a single chip worth less than the call, several players in: call or fold"),
    N_("a single chip worth less than the call, heads-up: a call"),
    N_("a single chip worth less than the call: the call is completed"),
    N_("%(pushed)s pushed facing %(to_call)s to call: more than half, the call must be completed"),
    N_("%(pushed)s pushed facing %(to_call)s to call: half or less, call or fold"),
    N_("%(pushed)s pushed facing %(to_call)s to call: heads-up: a full call"),
    N_("%(pushed)s pushed facing %(to_call)s to call: facing the opening bet: a full call"),
    N_(
        "%(pushed)s pushed facing %(to_call)s to call: the TD may rule otherwise; the engine "
        "applies a full call"
    ),
    N_("%(pushed)s pushed facing %(to_call)s to call: the call is completed"),
    N_("a fold out of turn is binding"),
    N_(
        "acted out of turn: the action goes back to the player to act; it binds if the action "
        "to this player does not change"
    ),
    N_("substantial action behind a silent player: the out-of-turn action stands"),
    N_("skipped while substantial action was taken after them: call or fold only"),
    N_("players acted after this player and the pot was open"),
    N_("players acted after this player: no bet allowed"),
    N_("the out-of-turn action binds: the action to this player did not change"),
    N_("the out-of-turn action cannot stand (%(why)s): the player acts"),
    N_("the out-of-turn announcement stands as chips in the pot: folding now forfeits them"),
    N_(
        "the action changed since the out-of-turn action: the player may call or fold but not raise"
    ),
    N_(
        "the action changed since the out-of-turn action: it does not bind and the player has "
        "their options"
    ),
    # What the engine appends to a reason when it corrects a bet or a raise (_live._raise_to).
    N_("%(base)s; a raise is not allowed here, so it counts as a call"),
    N_("%(base)s; a raise is not allowed here, so it counts as a check"),
    N_("%(base)s; %(total)s is short of the minimum, completed to %(minimum)s"),
    N_("%(base)s: raise to %(total)s"),
    N_("%(base)s: bet to %(total)s"),
    N_("%(base)s: all in"),
)
_TEXTS = ("base", "why")  # the other variables are numbers of chips, or the percentage


def _pattern(message: str) -> re.Pattern[str]:
    def group(match: re.Match[str]) -> str:
        return f"(?P<{match[1]}>{'.+' if match[1] in _TEXTS else '[0-9]+'})"

    escaped = re.escape(message.replace("%%", "%"))
    return re.compile(re.sub(r"%\\\(([a-z_]+)\\\)s", group, escaped))


_REASON_PATTERNS = tuple((_pattern(message), message) for message in _REASONS)


def translate_reason(reason: str) -> str:
    """The engine's reason in the current language; as written when it is not one we know."""
    for pattern, message in _REASON_PATTERNS:
        match = pattern.fullmatch(reason)
        if match is None:
            continue
        values: dict[str, object] = {}
        for name, value in match.groupdict().items():
            if name == "base":
                values[name] = translate_reason(value)
            else:
                plain = name in _TEXTS or name == "percent"
                values[name] = value if plain else i18n.format_chips(int(value))
        return i18n.gettext(message, **values)
    return reason


HEADLINES = {
    "fold": N_("Fold"),
    "check": N_("Check"),
    "call": N_("Call"),
    "bet": N_("Bet of %(amount)s"),
    "raise": N_("Raise to %(amount)s"),
    "allin": N_("All in for %(amount)s"),
    "held": N_("Out of turn: on hold"),
    "restricted": N_("Call or fold only"),
    "options": N_("Not binding: every option"),
    "committed": N_("Announced chips stay in: %(amount)s"),
    "dead": N_("Hand dead"),
    "refused": N_("Refused"),
}
# A refusal's message, by the engine's stable code and params (hand/_engine.py, hand/_live.py).
REFUSALS = {
    "NOT_YOUR_TURN": N_(
        "%(player)s is not to act: it is %(to_act)s's turn. Tick “out of turn” if the player "
        "acted before their turn."
    ),
    "CANNOT_CHECK": N_("Cannot check: %(to_call)s to call."),
    "NOTHING_TO_CALL": N_("Nothing to call: this is a check."),
    "BET_ALREADY_OPEN": N_("There is already a bet: raise instead."),
    "NO_BET_TO_RAISE": N_("There is no bet to raise: bet instead."),
    "RAISE_BELOW_MINIMUM": N_("Raise to %(amount)s is below the minimum raise to %(min)s."),
    "BET_BELOW_MINIMUM": N_("Bet of %(amount)s is below the minimum bet of %(min)s."),
    "ABOVE_STACK": N_("%(amount)s is more than the player has: at most %(max)s (all in)."),
    "BETTING_NOT_REOPENED": N_(
        "The player has acted and the all-in since was not a full raise: call or fold only."
    ),
    "NOT_IN_CHIPS": N_("%(amount)s cannot be made with chips of %(chip)s."),
    "NOT_ENOUGH_CHIPS": N_("%(pushed)s pushed, but the player has only %(stack)s behind."),
    "NOT_IN_HAND": N_("%(player)s is no longer in the hand (folded or all in)."),
    "ALREADY_HELD": N_("%(player)s already acted out of turn: wait for the action."),
    "HAND_OVER": N_("The hand is over: no more actions."),
}
# The settings that the engine's text of these refusals cites.
REFUSAL_SETTINGS = {
    "RAISE_BELOW_MINIMUM": "betting.minimum_raise",
    "BET_BELOW_MINIMUM": "betting.minimum_raise",
    "BETTING_NOT_REOPENED": "betting.short_allin_reopens",
}


def refusal_text(error: PokerfloorError) -> str:
    message = REFUSALS.get(error.code)
    values = {
        key: i18n.format_chips(value) if isinstance(value, int) else value
        for key, value in error.params.items()
    }
    try:
        if message is not None:
            return i18n.gettext(message, **values)
    except (KeyError, TypeError, ValueError):
        pass  # params not as expected: the engine's own words below
    return i18n.gettext("Refused (%(code)s): %(message)s", code=error.code, message=error.message)


@dataclass(frozen=True)
class RulingView:
    player: str
    decision: str
    headline: str
    reason: str
    citations: tuple[str, ...]

    @classmethod
    def of(
        cls, player: str, decision: str, reason: str, cites: tuple[str, ...], amount: int
    ) -> RulingView:
        headline = HEADLINES.get(decision, decision)
        shown = i18n.gettext(headline, amount=i18n.format_chips(amount))
        return cls(player, decision, shown, translate_reason(reason), cites)


@dataclass(frozen=True)
class Verdict:
    """One profile's answer: the rulings from the disputed action on, and what follows."""

    profile: str
    title: str
    player: str
    scenario: str
    rulings: tuple[RulingView, ...] = ()
    problem: str | None = None  # the situation itself cannot be played: no ruling
    bound: int | None = None  # the disputed player's total this round, once ruled
    behind: int | None = None
    next_player: str | None = None
    options: tuple[str, ...] = ()
    to_call: int | None = None
    min_to: int | None = None
    street: str = ""
    notes: tuple[str, ...] = ()

    @property
    def final(self) -> RulingView | None:
        """The last ruling on the disputed player: what the TD announces."""
        mine = [ruling for ruling in self.rulings if ruling.player == self.player]
        return mine[-1] if mine else (self.rulings[-1] if self.rulings else None)

    @property
    def key(self) -> tuple[object, ...]:
        """What must match for two rulebooks to rule the same (their articles aside)."""
        final = self.final
        decision = final.decision if final else None
        return (self.problem, decision, self.bound, self.options, self.to_call)


def rule(situation: Situation, profile: str) -> Verdict:
    """Play the situation with ``profile`` and collect the engine's rulings."""
    loaded = load_profile(profile)
    lang: Lang = "en" if i18n.current_locale() == "en" else "fr"
    name = situation.name_of(situation.player)
    base = Verdict(profile, loaded.title(lang), name, situation.scenario(profile))
    try:
        hand = Hand.start(msgspec.structs.replace(situation.setup, profile=profile), DECK)
    except PokerfloorError as error:
        return replace(base, problem=refusal_text(error))
    index = {seat_no: position for position, seat_no in enumerate(hand.players)}
    for number, (seat_no, action) in enumerate(situation.before, start=1):
        try:
            hand.act(action, index[seat_no])
        except PokerfloorError as error:
            where = i18n.gettext("Action %(n)s so far", n=number)
            return replace(base, problem=f"{where}: {refusal_text(error)}")
    player = index[situation.player]
    disputed = situation.disputed
    if disputed.say == "raise" and disputed.amount is not None and hand.current_bet == 0:
        disputed = msgspec.structs.replace(disputed, say="bet")  # "bet N": the engine's words
    try:
        events: list[Event] = list(hand.act(disputed, player))
    except PokerfloorError as error:
        setting = REFUSAL_SETTINGS.get(error.code)
        cites = loaded.citations(setting) if setting else ()
        headline = HEADLINES["refused"]
        refused = RulingView(name, "refused", i18n.gettext(headline), refusal_text(error), cites)
        return replace(base, rulings=(refused,), **_next(hand, player))
    notes = []
    for number, (seat_no, action) in enumerate(situation.after, start=1):
        try:
            events += hand.act(action, index[seat_no])
        except PokerfloorError as error:
            where = i18n.gettext("Next action %(n)s", n=number)
            notes.append(f"{where}: {refusal_text(error)}")
            break
    rulings, bound = [], None
    for event in events:
        if not isinstance(event, Acted | Noted | Committed):
            continue
        amount = 0 if isinstance(event, Noted) else event.to
        if event.player == player and not isinstance(event, Noted):
            bound = amount
        ruling = event.ruling
        # A "duty" is about the cards held, which the calculator does not know.
        if ruling is not None and ruling.decision != "duty":
            who = hand.names[event.player]
            rulings.append(
                RulingView.of(who, ruling.decision, ruling.reason, ruling.citations, amount)
            )
    return replace(
        base, rulings=tuple(rulings), bound=bound, notes=tuple(notes), **_next(hand, player)
    )


def _next(hand: Hand, player: int) -> dict[str, Any]:
    """Where the hand stands once the rulings apply: who acts next, and how."""
    # What the player has left of their own chips: at a showdown the stacks would also hold
    # pots won with cards the calculator made up.
    put_in = hand.contributed[player] + hand.ante_posted[player]
    behind = hand.starting_stacks[player] - put_in
    state: dict[str, Any] = {"behind": behind, "street": hand.street.key}
    if hand.to_act >= 0:
        legal = hand.legal_actions()
        state.update(
            next_player=hand.names[legal.player],
            options=legal.options,
            to_call=legal.to_call,
            min_to=legal.min_to,
        )
    return state


# ---- the pages ------------------------------------------------------------------------------


def _profiles(also: str) -> list[dict[str, str]]:
    """The profiles to choose from: the bundled ones, and a tournament's house profile."""
    lang: Lang = "en" if i18n.current_locale() == "en" else "fr"
    ids = bundled_profile_ids() + ([also] if also and also not in bundled_profile_ids() else [])
    return [{"id": pid, "title": load_profile(pid).title(lang)} for pid in ids]


def _tournament(pages: Pages, tournament_id: str) -> dict[str, Any]:
    """The tournament's profile, level now (at a break, the next) and chips in play."""
    service = pages.service
    if not service.exists(tournament_id):
        raise PageError(404, N_("There is no such tournament."))
    screen = service.clock_screen(tournament_id)
    level = screen["level"] or screen["next_level"]
    number = screen["level_number"]
    chips = service.tournament(tournament_id).structure.chips_at(number)
    chip = min((c.value for c in chips), default=1)
    average = screen["average_stack"] or 100 * int(level["big_blind"] if level else 200)
    return {
        "id": tournament_id,
        "profile": service.summary(tournament_id)["profile"],
        "level": level,
        "level_number": number,
        "in_break": screen["in_break"],
        "chips": chips,
        "smallest_chip": chip,
        "stack": max(chip, average - average % chip),
    }


def _form_context(state: FormState, tournament: dict[str, Any] | None) -> dict[str, Any]:
    context: dict[str, Any] = {
        "state": state,
        "profiles": _profiles(state.profile),
        "presets": list(PRESETS.values()),
        "kinds": KIND_LABELS,
        "says": SAY_LABELS,
        "streets": STREET_LABELS,
        "seat_numbers": range(1, SEAT_ROWS + 1),
    }
    if tournament is not None:  # base.html shows the tournament's nav when this is set
        context.update(tournament_id=tournament["id"], tournament=tournament)
    return context


def _page(request: Request, state: FormState, tournament: dict[str, Any] | None) -> Response:
    with i18n.use_locale(locale_of(request)):
        context = _form_context(state, tournament)
    return render(request, "floor.html", **context)


def _form(request: Request, state: FormState, tournament: dict[str, Any] | None) -> Response:
    """The form alone (it replaces itself) and an emptied ruling: it was for another situation."""
    language = locale_of(request)
    with i18n.use_locale(language):
        context = _form_context(state, tournament)
    pages = pages_of(request)
    html = render_fragment("floor_form.html", language, pages, clear_result=True, **context)
    return HTMLResponse(html)


def _posted_tournament(request: Request, fields: Mapping[str, str]) -> dict[str, Any] | None:
    tournament_id = fields.get("tournament_id", "")
    pages = pages_of(request)
    return _tournament(pages, tournament_id) if pages.service.exists(tournament_id) else None


@router.get("/floor")
def floor_page(request: Request, profile: str = "") -> Response:
    require_td(request)
    chosen = profile if profile in bundled_profile_ids() else bundled_profile_ids()[0]
    state = FormState(chosen, seats=[SeatRow("", "20000") for _ in range(6)])
    return _page(request, state, None)


@router.get("/t/{tournament_id}/floor")
def tournament_floor_page(request: Request, tournament_id: str) -> Response:
    require_td(request)
    tournament = _tournament(pages_of(request), tournament_id)
    stacks = [SeatRow("", str(tournament["stack"])) for _ in range(6)]
    state = FormState(tournament["profile"], seats=stacks)
    state.use_level(tournament["level"], tournament["smallest_chip"])
    return _page(request, state, tournament)


@router.post("/floor/preset/{key}")
def floor_preset(request: Request, key: str, fields: Fields) -> Response:
    """The form filled with a preset; the profile and "compare" stay as the TD set them."""
    require_td(request)
    preset = PRESETS.get(key)
    if preset is None:
        raise PageError(404, N_("There is no such preset."))
    typed = FormState.from_fields(fields)
    tournament = _posted_tournament(request, fields)
    profile = typed.profile if _allowed(typed.profile, tournament) else "tda-2024"
    return _form(request, preset.state(profile, typed.compare), tournament)


@router.post("/t/{tournament_id}/floor/level")
def floor_use_level(request: Request, tournament_id: str, fields: Fields) -> Response:
    """The form as typed, with the blinds and smallest chip of the tournament's level now."""
    require_td(request)
    tournament = _tournament(pages_of(request), tournament_id)
    state = FormState.from_fields(fields)
    state.use_level(tournament["level"], tournament["smallest_chip"])
    return _form(request, state, tournament)


def _allowed(profile: str, tournament: dict[str, Any] | None) -> bool:
    """A bundled profile, or the tournament's own (a house profile): never a path typed in."""
    return profile in bundled_profile_ids() or (
        tournament is not None and tournament["profile"] == profile
    )


@router.post("/floor/ruling")
def floor_ruling(request: Request, fields: Fields) -> Response:
    """The ruling of the chosen profile (and of every bundled one when comparing)."""
    require_td(request)
    language = locale_of(request)
    state = FormState.from_fields(fields)
    tournament = _posted_tournament(request, fields)
    verdicts: list[Verdict] = []
    with i18n.use_locale(language):
        if not _allowed(state.profile, tournament):
            outcome: Situation | list[str] = [i18n.gettext("Choose one of the rule profiles.")]
        else:
            outcome = validate(state)
        if isinstance(outcome, Situation):
            others = [p for p in bundled_profile_ids() if p != state.profile]
            chosen = [state.profile] + (others if state.compare else [])
            verdicts = [rule(outcome, profile) for profile in chosen]
    html = render_fragment(
        "floor_result.html",
        language,
        pages_of(request),
        errors=[] if isinstance(outcome, Situation) else outcome,
        verdicts=verdicts,
        compare=state.compare,
        kinds=KIND_LABELS,
        streets=STREET_LABELS,
        start_street=state.street,
    )
    return HTMLResponse(html)


def _render_level(pages: Pages, tournament_id: str, language: str, params: dict[str, str]) -> str:
    with i18n.use_locale(language):
        tournament = _tournament(pages, tournament_id)
    return render_fragment("floor_level.html", language, pages, tournament=tournament)


# The level changes with the clock as well as with events: pushed every second.
live_view("floor", LiveView(render=_render_level, td_only=True, every_second=True))
