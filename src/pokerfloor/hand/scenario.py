"""Hand scenarios (../shared/spec/hand-scenario.md): a table, a hand, the actions, the ruling.

``load_scenario(text)`` checks a YAML/JSON scenario and returns a ``Scenario``; ``run_scenario``
plays it with the engine and returns the output mapping; ``check_expect`` compares it with the
scenario's ``expect`` block. An invalid file raises ``ScenarioError`` naming the field and line.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import msgspec
import yaml

from pokerfloor.cards import parse_card, parse_cards, shuffled_order
from pokerfloor.errors import PokerfloorError
from pokerfloor.hand._engine import Hand
from pokerfloor.hand._irregularities import Irregularity
from pokerfloor.hand._model import (
    Acted,
    Action,
    CardsShown,
    Committed,
    DealCorrected,
    HandKilled,
    HandMucked,
    HandSetup,
    LiveAction,
    Misdealt,
    Noted,
    Seat,
    ShowdownAction,
    Street,
    Timeout,
)
from pokerfloor.hand._scenario_irregularities import irregularity, is_irregularity
from pokerfloor.hand._scenario_positions import next_hand
from pokerfloor.hand._setup import board_positions, deal_order

TOP_KEYS = {
    "profile", "blinds", "ante", "bb_ante", "button", "smallest_chip", "seats", "start", "pot",
    "hole", "board", "seed", "posted_chips", "manual_showdown", "actions", "expect",
    "previous_hand", "table_size",
}  # fmt: skip
SEAT_KEYS = {"name", "stack", "absent", "arrived_during_deal"}
LIVE_KEYS = {"chips", "say", "amount", "out_of_turn", "take_back"}
SAY_WORDS = ("fold", "check", "call", "bet", "raise", "allin", "conditional")
STREETS = {
    "preflop": Street.PREFLOP,
    "flop": Street.FLOP,
    "turn": Street.TURN,
    "river": Street.RIVER,
}


class ScenarioError(PokerfloorError):
    """The scenario file itself is invalid (exit code 2)."""


@dataclass(frozen=True)
class Scenario:
    setup: HandSetup
    deck: tuple[int, ...]
    actions: tuple[tuple[str, Action | LiveAction | Timeout | ShowdownAction | Irregularity], ...]
    expect: dict[str, Any] | None
    lines: dict[str, int] = field(default_factory=dict)
    positions: dict[str, Any] | None = None  # derived from previous_hand


def _lines_of(text: str) -> dict[str, int]:
    """Line numbers (1-based) of the top-level keys and of each action, for error messages."""
    try:
        node = yaml.compose(text)
    except yaml.YAMLError:
        return {}
    lines: dict[str, int] = {}
    if isinstance(node, yaml.MappingNode):
        for key_node, value_node in node.value:
            lines[str(key_node.value)] = key_node.start_mark.line + 1
            if key_node.value == "actions" and isinstance(value_node, yaml.SequenceNode):
                for index, item in enumerate(value_node.value):
                    lines[f"actions[{index}]"] = item.start_mark.line + 1
    return lines


def _fail(message: str, where: str, lines: dict[str, int], **params: Any) -> ScenarioError:
    line = lines.get(where) or lines.get(where.split(".")[0].split("[")[0])
    located = f"line {line}, {where}" if line else where
    return ScenarioError("SCENARIO_INVALID", f"{located}: {message}", {"field": where, **params})


def _integer(value: Any, where: str, lines: dict[str, int], minimum: int = 0) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < minimum:
        raise _fail(f"{value!r} is not accepted: give a whole number >= {minimum}", where, lines)
    return value


def load_scenario(text: str) -> Scenario:
    lines = _lines_of(text)
    try:
        data = yaml.safe_load(text)
    except yaml.YAMLError as error:
        raise ScenarioError("SCENARIO_INVALID", f"not valid YAML/JSON: {error}") from None
    if not isinstance(data, dict):
        raise ScenarioError("SCENARIO_INVALID", "a scenario is a mapping of fields (see the spec)")
    for key in data:
        if key not in TOP_KEYS:
            raise _fail(
                f"unknown key {key!r}; accepted: {', '.join(sorted(TOP_KEYS))}", str(key), lines
            )
    for required in ("profile", "blinds", "seats"):
        if required not in data:
            raise _fail(f"the field {required!r} is required", required, lines)
    if "table_size" in data and "previous_hand" not in data:
        raise _fail("table_size goes with previous_hand", "table_size", lines)
    if ("button" in data) == ("previous_hand" in data):
        raise _fail(
            "give either button or previous_hand (the button is then derived)", "button", lines
        )
    profile = data["profile"]
    if not isinstance(profile, str):
        raise _fail("give a profile id such as tda-2024", "profile", lines)
    blinds = data["blinds"]
    if not (isinstance(blinds, list) and len(blinds) == 2):
        raise _fail("give [small blind, big blind]", "blinds", lines)
    small = _integer(blinds[0], "blinds", lines)
    big = _integer(blinds[1], "blinds", lines, 1)
    ante = _integer(data.get("ante", 0), "ante", lines)
    bb_ante = _integer(data.get("bb_ante", 0), "bb_ante", lines)
    if ante and bb_ante:
        raise _fail("use either ante or bb_ante, not both", "bb_ante", lines)
    chip = _integer(data.get("smallest_chip", 1), "smallest_chip", lines, 1)
    seats = _with_posted_chips(_seats(data["seats"], lines), data.get("posted_chips"), lines)
    positions: dict[str, Any] | None = None
    small_seat: int | None = None
    big_seat: int | None = None
    if "previous_hand" in data:
        derived = next_hand(
            profile, seats, data["previous_hand"], data.get("table_size"),
            lambda value, where, least: _integer(value, where, lines, least),
            lambda message, where: _fail(message, where, lines),
        )  # fmt: skip
        button, small_seat, big_seat = (
            derived.button_seat, derived.small_blind_seat, derived.big_blind_seat,
        )  # fmt: skip
        positions = derived.output
    else:
        button = _integer(data["button"], "button", lines, 1)
    start_text = data.get("start", "preflop")
    if start_text not in STREETS:
        raise _fail(
            f"{start_text!r} is not accepted; use one of: {', '.join(STREETS)}", "start", lines
        )
    start = STREETS[start_text]
    pot = _integer(data.get("pot", 0), "pot", lines)
    setup = HandSetup(
        profile=profile, seats=seats, button_seat=button, small_blind=small, big_blind=big,
        ante=ante, bb_ante=bb_ante, smallest_chip=chip, start_street=start, dead_money=pot,
        small_blind_seat=small_seat, big_blind_seat=big_seat,
        manual_showdown=_manual_showdown(data.get("manual_showdown", False), lines),
    )  # fmt: skip
    names = [seat.name for seat in seats]
    deck = _deck(data, setup, names, lines)
    name_by_seat = {seat.seat_no: seat.name for seat in seats}
    players = [name_by_seat[seat_no] for seat_no in deal_order(setup)]  # by player index
    actions = _actions(data.get("actions") or [], players, lines)
    expect = data.get("expect")
    if expect is not None and not isinstance(expect, dict):
        raise _fail("expect is a mapping of output keys to expected values", "expect", lines)
    return Scenario(setup, deck, actions, expect, lines, positions)


def _manual_showdown(raw: Any, lines: dict[str, int]) -> bool:
    """``manual_showdown: true``: the hand stops at the showdown for the players' actions."""
    if not isinstance(raw, bool):
        raise _fail(f"{raw!r} is not accepted: give true or false", "manual_showdown", lines)
    return raw


def _seats(raw: Any, lines: dict[str, int]) -> tuple[Seat, ...]:
    if not isinstance(raw, dict) or not raw:
        raise _fail("seats maps seat numbers to {name, stack}", "seats", lines)
    seats = []
    for seat_no, info in raw.items():
        where = f"seats.{seat_no}"
        number = _integer(seat_no, where, lines, 1)
        if not isinstance(info, dict):
            raise _fail("give {name: ..., stack: ...}", where, lines)
        for key in info:
            if key not in SEAT_KEYS:
                raise _fail(
                    f"unknown key {key!r}; accepted: {', '.join(sorted(SEAT_KEYS))}", where, lines
                )
        if "name" not in info or "stack" not in info:
            raise _fail("each seat needs a name and a stack", where, lines)
        seats.append(
            Seat(
                number,
                str(info["name"]),
                _integer(info["stack"], f"{where}.stack", lines, 1),
                bool(info.get("absent", False)),
                bool(info.get("arrived_during_deal", False)),
            )
        )
    names = [seat.name for seat in seats]
    if len(set(names)) != len(names):
        raise _fail("player names must be unique", "seats", lines)
    return tuple(seats)


def _with_posted_chips(
    seats: tuple[Seat, ...], raw: Any, lines: dict[str, int]
) -> tuple[Seat, ...]:
    """``posted_chips: {BB: [1000]}``: the chips a player put out for a blind (ropta 5.5 case
    3); each must be a positive whole number."""
    if raw is None:
        return seats
    names = {seat.name: seat for seat in seats}
    if not isinstance(raw, dict):
        raise _fail("posted_chips maps player names to a list of chips, e.g. {BB: [1000]}",
                    "posted_chips", lines)  # fmt: skip
    posted: dict[str, tuple[int, ...]] = {}
    for name, chips in raw.items():
        if str(name) not in names:
            raise _fail(
                f"no player named {name!r}; players: {', '.join(names)}", "posted_chips", lines
            )
        if not isinstance(chips, list) or not chips:
            raise _fail(f"give {name}'s chips as a list, e.g. [1000]", "posted_chips", lines)
        posted[str(name)] = tuple(_integer(chip, "posted_chips", lines, 1) for chip in chips)
    return tuple(
        msgspec.structs.replace(seat, posted_chips=posted[seat.name])
        if seat.name in posted
        else seat
        for seat in seats
    )


def _deck(
    data: dict[str, Any], setup: HandSetup, names: list[str], lines: dict[str, int]
) -> tuple[int, ...]:
    """Place the given hole cards and board where the engine deals them; fill from ``seed``."""
    order = deal_order(setup)
    name_by_seat = {seat.seat_no: seat.name for seat in setup.seats}
    count = len(order)
    slots: dict[int, int] = {}
    hole = data.get("hole") or {}
    if not isinstance(hole, dict):
        raise _fail("hole maps player names to two cards, e.g. {A: AsKd}", "hole", lines)
    try:
        for name, cards_text in hole.items():
            if name not in names:
                raise _fail(f"no player named {name!r}", "hole", lines)
            cards = parse_cards(str(cards_text))
            if len(cards) != 2:
                raise _fail(f"{name} needs exactly two hole cards", "hole", lines)
            index = [name_by_seat[seat] for seat in order].index(name)
            slots[index], slots[index + count] = cards
        board = parse_cards(str(data.get("board") or ""))
        if len(board) > 5:
            raise _fail("the board has at most five cards", "board", lines)
        for position, card in zip(board_positions(count, setup.start_street), board, strict=False):
            slots[position] = card
    except ScenarioError:
        raise
    except PokerfloorError as error:
        raise _fail(error.message, "hole" if "hole" in data else "board", lines) from None
    if len(set(slots.values())) != len(slots):
        raise _fail("a card appears twice across hole and board", "board", lines)
    seed = _integer(data.get("seed", 0), "seed", lines)
    rest = [card for card in shuffled_order(seed) if card not in slots.values()]
    deck = []
    for position in range(52):
        deck.append(slots[position] if position in slots else rest.pop(0))
    return tuple(deck)


def _actions(raw: Any, names: list[str], lines: dict[str, int]) -> tuple[tuple[str, Any], ...]:
    """The actions in order; a map naming an irregularity is one (``_scenario_irregularities``)."""
    if not isinstance(raw, list):
        raise _fail("actions is a list of {PLAYER: ACTION}", "actions", lines)
    parsed: list[tuple[str, Any]] = []
    for index, item in enumerate(raw):
        where = f"actions[{index}]"
        if not (isinstance(item, dict) and len(item) == 1):
            raise _fail("each action is a one-key map {PLAYER: ACTION}", where, lines)
        ((name, action),) = item.items()
        name = str(name)
        if name not in names:
            raise _fail(f"no player named {name!r}; players: {', '.join(names)}", where, lines)
        if is_irregularity(action):
            try:
                parsed.append((name, irregularity(action, names.index(name))))
            except ValueError as wrong:
                raise _fail(str(wrong), where, lines) from None
            continue
        parsed.append((name, _action(action, where, lines, names)))
    return tuple(parsed)


def _action(
    raw: Any, where: str, lines: dict[str, int], players: list[str]
) -> Action | LiveAction | Timeout | ShowdownAction:
    if isinstance(raw, str):
        words = raw.split()
        if words and words[0] in SHOWDOWN_WORDS:
            return _showdown_action(words, where, lines, players)
        if len(words) == 1 and words[0] in ("fold", "check", "call", "allin"):
            return Action(words[0])  # type: ignore[arg-type]
        if words == ["timeout"]:
            return Timeout()
        if len(words) == 2 and words[0] in ("bet", "raise") and words[1].isdigit():
            return Action(words[0], int(words[1]))  # type: ignore[arg-type]
        raise _fail(
            f"{raw!r} is not an action; use fold, check, call, bet N, raise N, allin, timeout, "
            "or at the showdown show, show_one CARD, muck, ask",
            where,
            lines,
        )
    if isinstance(raw, dict):
        for key in raw:
            if key not in LIVE_KEYS:
                raise _fail(
                    f"unknown key {key!r}; accepted: {', '.join(sorted(LIVE_KEYS))}", where, lines
                )
        say = raw.get("say")
        if say is not None and say not in SAY_WORDS:
            raise _fail(
                f"say {say!r} is not accepted; use one of: {', '.join(SAY_WORDS)}", where, lines
            )
        chips = raw.get("chips", [])
        take_back = raw.get("take_back", [])
        for key, value in (("chips", chips), ("take_back", take_back)):
            if not isinstance(value, list):
                raise _fail(f"{key} is a list of chip values", where, lines)
            for chip in value:
                _integer(chip, f"{where}.{key}", lines, 1)
        amount = raw.get("amount")
        if amount is not None:
            amount = _integer(amount, f"{where}.amount", lines, 1)
        if say is None and not chips and amount is None:
            raise _fail("a live action needs chips, say or an amount", where, lines)
        return LiveAction(
            tuple(chips), say, amount, bool(raw.get("out_of_turn", False)), tuple(take_back)
        )
    raise _fail(f"{raw!r} is not an action", where, lines)


SHOWDOWN_WORDS = ("show", "show_one", "muck", "ask")


def _showdown_action(
    words: list[str], where: str, lines: dict[str, int], players: list[str]
) -> ShowdownAction:
    """``show [to P]``, ``show_one CARD [to P]``, ``muck``, ``ask [P]`` (manual_showdown)."""
    usage = "use show [to PLAYER], show_one CARD [to PLAYER], muck, ask [PLAYER]"

    def player(name: str) -> int:
        if name not in players:
            raise _fail(f"no player named {name!r}; players: {', '.join(players)}", where, lines)
        return players.index(name)

    kind, rest = words[0], words[1:]
    card = None
    if kind == "show_one":
        if not rest:
            raise _fail(f"show_one needs the card shown; {usage}", where, lines)
        try:
            card = int(parse_card(rest[0]))
        except PokerfloorError as error:
            raise _fail(error.message, where, lines) from None
        rest = rest[1:]
    to = None
    if kind in ("show", "show_one") and len(rest) == 2 and rest[0] == "to":
        to, rest = player(rest[1]), []
    of = None
    if kind == "ask" and len(rest) == 1:
        of, rest = player(rest[0]), []
    if rest:
        raise _fail(f"{' '.join(words)!r} is not a showdown action; {usage}", where, lines)
    return ShowdownAction(kind, card, of, to)  # type: ignore[arg-type]


def run_scenario(scenario: Scenario) -> dict[str, Any]:
    """Play the scenario and return the output mapping of the spec."""
    hand = Hand.start(scenario.setup, scenario.deck)
    names = hand.names
    rulings: list[dict[str, Any]] = []
    _collect_rulings(hand.events, None, names, rulings)
    error: str | None = None
    error_code: str | None = None
    for index, (name, action) in enumerate(scenario.actions):
        try:
            if isinstance(action, Action | LiveAction | Timeout | ShowdownAction):
                events = hand.act(action, hand.index_of(name))
            else:
                events = hand.apply_irregularity(action)
        except PokerfloorError as refused:
            error, error_code = refused.message, refused.code
            break
        _collect_rulings(events, index, names, rulings)
    output = _output(hand, rulings, error, error_code)
    if scenario.positions is not None:
        output["positions"] = scenario.positions
    return output


def _collect_rulings(
    events: Any, index: int | None, names: tuple[str, ...], out: list[dict[str, Any]]
) -> None:
    for event in events:
        if isinstance(event, DealCorrected | Misdealt):
            out.append(
                {
                    "action": index,
                    "player": None,
                    "decision": event.ruling.decision,
                    "reason": event.ruling.reason,
                    "citations": list(event.ruling.citations),
                }
            )
        elif (
            isinstance(event, Acted | HandKilled | Noted | Committed | CardsShown | HandMucked)
            and event.ruling is not None
        ):
            ruling = event.ruling
            out.append(
                {
                    "action": index,
                    "player": names[event.player],
                    "decision": ruling.decision,
                    "reason": ruling.reason,
                    "citations": list(ruling.citations),
                }
            )


def _output(
    hand: Hand, rulings: list[dict[str, Any]], error: str | None, code: str | None
) -> dict[str, Any]:
    names = hand.names
    to_act = hand.to_act
    output: dict[str, Any] = {
        "street": hand.street.key,
        "to_act": names[to_act] if to_act >= 0 else None,
        "current_bet": hand.current_bet if not hand.is_complete else 0,
        "to_call": None,
        "min_raise_to": None,
        "max_raise_to": None,
        "options": [],
        "stacks": dict(zip(names, hand.stacks, strict=True)),
        "committed": dict(zip(names, hand.committed, strict=True)),
        "pots": [] if hand.is_complete else [
            {"amount": amount, "eligible": [names[i] for i in eligible]}
            for amount, eligible in hand.pots()
        ],
        "board": [str(card) for card in _cards(hand.board)],
        "rulings": rulings,
        "result": None,
        "error": error,
        "error_code": code,
    }  # fmt: skip
    if to_act >= 0 and hand.street is Street.SHOWDOWN:
        output["options"] = list(hand.showdown_options())
    elif to_act >= 0:
        legal = hand.legal_actions()
        output.update(
            to_call=legal.to_call,
            min_raise_to=legal.min_to,
            max_raise_to=legal.max_to,
            options=list(legal.options),
        )
    if hand.is_complete:
        awards = [
            {"pot": award.pot, "player": names[player], "amount": share}
            for award in hand.awards
            for player, share in zip(award.players, award.shares, strict=True)
        ]
        shown = [names[i] for i in hand.shown]
        output["result"] = {
            "awards": awards,
            "stacks": dict(zip(names, hand.stacks, strict=True)),
            "shown": shown,
            "order": shown,
            "mucked": [names[i] for i in hand.mucked],
        }
        if hand.redeal:  # a misdeal: every post back, the same button deals again
            output["result"]["redeal"] = True
    return output


def _cards(cards: list[int]) -> list[Any]:
    from pokerfloor.cards import Card

    return [Card(card) for card in cards]


def check_expect(expect: dict[str, Any], output: dict[str, Any]) -> list[dict[str, Any]]:
    """Return the differences between ``expect`` and ``output`` (empty when all is met)."""
    failures: list[dict[str, Any]] = []
    for key, expected in expect.items():
        if key == "error":
            actual = output.get("error")
            ok = (
                (actual is not None) if expected is True
                else actual is None if expected in (False, None)
                else actual is not None and str(expected) in actual
            )  # fmt: skip
            if not ok:
                failures.append({"key": "error", "expected": expected, "actual": actual})
            continue
        if key == "ruling":
            actual = output["rulings"][-1] if output["rulings"] else None
            _compare("ruling", expected, actual, failures)
            continue
        if key not in output:
            failures.append({"key": key, "expected": expected, "actual": "<no such output key>"})
            continue
        _compare(key, expected, output[key], failures)
    if "error" not in expect and output.get("error") is not None:
        failures.append({"key": "error", "expected": None, "actual": output["error"]})
    return failures


def _compare(path: str, expected: Any, actual: Any, failures: list[dict[str, Any]]) -> None:
    if isinstance(expected, dict):
        if not isinstance(actual, dict):
            failures.append({"key": path, "expected": expected, "actual": actual})
            return
        for key, value in expected.items():
            _compare(f"{path}.{key}", value, actual.get(str(key), actual.get(key)), failures)
        return
    if expected != actual:
        failures.append({"key": path, "expected": expected, "actual": actual})
