"""Writing a hand the engine played as a PHH file, and playing a random hand to write.

``export_phh`` walks the hand's events: the deal becomes ``d dh`` lines, each action ``f``,
``cc`` or ``cbr X`` (X the street total), each board ``d db``, each show ``sm``. Replaying the
file with the same profile gives the same finishing stacks.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterable

from pokerfloor.cards import format_cards, shuffled_order
from pokerfloor.errors import PokerfloorError
from pokerfloor.formats._phh_setup import PHH_PROFILE
from pokerfloor.hand import (
    Acted,
    Action,
    ActionKind,
    BoardDealt,
    DealCorrected,
    Hand,
    HandKilled,
    HandSetup,
    HandsShown,
    HolesDealt,
    Misdealt,
    Seat,
    Street,
)


def export_phh(hand: Hand) -> str:
    """The PHH (TOML) text of ``hand``, complete or not.

    Blinds moved by a dead button are written at their players' entries. Two facts of the
    engine PHH has no field for are written as user-defined fields (phh-std: a leading
    underscore) that pokerfloor's reader honours: ``_dead_hands``, the players dealt in whose
    hands were killed at the deal (away from the table), and ``_smallest_chip``, the chip odd
    amounts are split in. Refuses (``PHH_EXPORT_UNSUPPORTED``) what PHH cannot say: a hand
    started after the pre-flop, dead money, a small blind after the big blind in PHH's order.
    """
    return toml_fields(phh_fields(hand, _actions(hand), _killed(hand)))


def _killed(hand: Hand) -> list[int]:
    return [event.player for event in hand.events if isinstance(event, HandKilled)]


def phh_fields(hand: Hand, actions: list[str], dead: list[int]) -> list[tuple[str, object]]:
    """The PHH fields of ``hand`` with these ``actions`` lines and these players' hands dead
    from the deal (``_dead_hands``); ``PHH_EXPORT_UNSUPPORTED`` for what PHH cannot say."""
    setup = hand.setup
    count = hand.count
    if setup.start_street is not Street.PREFLOP or setup.dead_money:
        raise _unsupported("a hand started after the pre-flop or with dead money")
    if any(isinstance(event, DealCorrected | Misdealt) for event in hand.events):
        raise _unsupported("a dealing irregularity changed the cards or voided the hand")
    small, big = hand.small_blind_index, hand.big_blind_index
    if big < 0:
        raise _unsupported("a hand without a big blind")
    if small >= 0 and ((small, big) != (1, 0) if count == 2 else small > big):
        raise _unsupported("a small blind that PHH's order puts after the big blind")

    def entry(player: int) -> int:
        return 1 - player if count == 2 else player  # PHH reverses forced bets heads-up

    blinds = [0] * count
    if small >= 0:
        blinds[entry(small)] = setup.small_blind
    blinds[entry(big)] = setup.big_blind
    antes = [setup.ante] * count
    if setup.bb_ante:
        antes = [0] * count
        antes[entry(big)] = setup.bb_ante
    fields: list[tuple[str, object]] = [
        ("variant", "NT"),
        ("ante_trimming_status", setup.ante > 0),
        ("antes", antes),
        ("blinds_or_straddles", blinds),
        ("min_bet", setup.big_blind * hand.rules.minimum_bet_big_blinds),
        ("starting_stacks", list(hand.starting_stacks)),
        ("actions", actions),
        ("players", list(hand.names)),
        ("seats", list(hand.players)),
        ("finishing_stacks", list(hand.stacks)),
    ]
    if dead:
        fields.append(("_dead_hands", [f"p{player + 1}" for player in dead]))
    if setup.smallest_chip != 1:
        fields.append(("_smallest_chip", setup.smallest_chip))
    return fields


def export_phhs(hands: Iterable[Hand], first: int = 1) -> str:
    """Several hands as one ``.phhs`` text: a TOML table per hand from ``[first]`` on."""
    return "\n".join(
        f"[{number}]\n{export_phh(hand)}" for number, hand in enumerate(hands, start=first)
    )


def _unsupported(reason: str) -> PokerfloorError:
    return PokerfloorError(
        "PHH_EXPORT_UNSUPPORTED", f"cannot write this hand as PHH: {reason}", {"reason": reason}
    )


def _actions(hand: Hand) -> list[str]:
    lines: list[str] = []
    street_bet = hand.setup.big_blind
    for event in hand.events:
        if isinstance(event, HolesDealt):
            lines += [
                f"d dh p{index + 1} {format_cards(hole)}" for index, hole in enumerate(event.cards)
            ]
        elif isinstance(event, BoardDealt):
            lines.append(f"d db {format_cards(event.cards)}")
            street_bet = 0
        elif isinstance(event, HandsShown):
            lines += [f"p{index + 1} sm {format_cards(hand.holes[index])}" for index in event.order]
        elif isinstance(event, Acted):
            lines.append(f"p{event.player + 1} {_notation(event, street_bet)}")
            street_bet = max(street_bet, event.to)
    return lines


def _notation(event: Acted, street_bet: int) -> str:
    if event.kind == "fold":
        return "f"
    if event.kind in ("check", "call") or event.to <= street_bet:
        return "cc"  # an all-in for a call or less is a call in PHH
    return f"cbr {event.to}"


def toml_fields(fields: Iterable[tuple[str, object]]) -> str:
    """``name = value`` lines of TOML (values: booleans, integers, strings and their lists)."""
    return "".join(f"{name} = {_toml(value)}\n" for name, value in fields)


def _toml(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)  # a valid TOML basic string
    if isinstance(value, list):
        items = [_toml(item) for item in value]
        if any(isinstance(item, str) for item in value):
            return "[\n" + "".join(f"    {item},\n" for item in items) + "]"
        return "[" + ", ".join(items) + "]"
    raise TypeError(f"cannot write {value!r} as TOML")  # pragma: no cover


# ---- a random hand ------------------------------------------------------------------------


def play_random_hand(players: int, seed: int, profile: str = PHH_PROFILE) -> Hand:
    """Play a whole hand with random legal actions, all drawn from ``random.Random(seed)``.

    Seats, stacks (some shorter than the big blind), antes and the deck vary with the seed.
    Nobody folds when they could check.
    """
    rng = random.Random(seed)
    seat_numbers = (
        sorted(rng.sample(range(1, 11), players)) if players <= 10 else list(range(1, players + 1))
    )
    big_blind = 100
    seats = tuple(
        Seat(seat_no, f"Player {seat_no}", _random_stack(rng, big_blind))
        for seat_no in seat_numbers
    )
    forced = rng.choice(("none", "ante", "bb_ante", "bb_ante"))
    setup = HandSetup(
        profile=profile,
        seats=seats,
        button_seat=rng.choice(seat_numbers),
        small_blind=big_blind // 2,
        big_blind=big_blind,
        ante=big_blind // 10 if forced == "ante" else 0,
        bb_ante=big_blind if forced == "bb_ante" else 0,
    )
    hand = Hand.start(setup, shuffled_order(rng.randrange(2**32)))
    while not hand.is_complete:
        hand.act(_random_action(hand, rng))
    return hand


_WEIGHTS: dict[ActionKind, int] = {
    "fold": 3,
    "check": 4,
    "call": 4,
    "bet": 2,
    "raise": 2,
    "allin": 1,
}


def _random_stack(rng: random.Random, big_blind: int) -> int:
    if rng.random() < 0.25:
        return rng.randint(1, 3 * big_blind)
    return rng.randint(3 * big_blind, 100 * big_blind)


def _random_action(hand: Hand, rng: random.Random) -> Action:
    legal = hand.legal_actions()
    pool = [kind for kind in legal.options if kind != "fold" or "check" not in legal.options]
    kind = rng.choices(pool, [_WEIGHTS[kind] for kind in pool])[0]
    if kind in ("bet", "raise"):
        assert legal.min_to is not None and legal.max_to is not None
        return Action(kind, rng.randint(legal.min_to, legal.max_to))
    return Action(kind)
