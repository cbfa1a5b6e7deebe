"""9-handed hands per second with a random legal-action policy: pokerfloor against pokerkit, in
one run, with the ratio (target: pokerfloor at least 30 times pokerkit).

Both engines play the same kind of hand (9 players, 10,000 chips, blinds 50/100, a big blind
ante of 100) with the same seeded policy: 45% check or call, 20% fold when facing a bet (else
check), 25% bet or raise to a random amount between the minimum and the maximum, 10% all in.
pokerfloor is driven through its public API only (``Hand.start``, ``legal_actions``, ``act``)
and shuffles a deck for every hand; pokerkit deals from its own shuffled deck with its
automations (posting, dealing, burning, showdown, pushing and pulling chips).

Run: python3 -m uv run python -m bench.hands [--hands N] [--profile]
"""

from __future__ import annotations

import argparse
import random

from pokerkit import Automation, Mode, NoLimitTexasHoldem
from rich.console import Console
from rich.table import Table

from bench._timing import per_second, profiled
from pokerfloor.hand import Action, ActionKind, Hand, HandSetup, Seat

PLAYERS = 9
STACK = 10_000
SMALL_BLIND, BIG_BLIND, BIG_BLIND_ANTE = 50, 100, 100

SETUP = HandSetup(
    profile="tda-2024",
    seats=tuple(Seat(seat_no, f"P{seat_no}", STACK) for seat_no in range(1, PLAYERS + 1)),
    button_seat=PLAYERS,
    small_blind=SMALL_BLIND,
    big_blind=BIG_BLIND,
    bb_ante=BIG_BLIND_ANTE,
)

POKERKIT_AUTOMATIONS = (
    Automation.ANTE_POSTING,
    Automation.BET_COLLECTION,
    Automation.BLIND_OR_STRADDLE_POSTING,
    Automation.CARD_BURNING,
    Automation.HOLE_DEALING,
    Automation.BOARD_DEALING,
    Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
    Automation.HAND_KILLING,
    Automation.CHIPS_PUSHING,
    Automation.CHIPS_PULLING,
)

CALL, FOLD, RAISE = 0.45, 0.65, 0.90  # cumulative: call/check, fold, raise; the rest: all in


def play_pokerfloor(hands: int, seed: int) -> int:
    """Play ``hands`` hands; return how many actions were taken."""
    rng = random.Random(seed)
    random_value, randint, shuffle = rng.random, rng.randint, rng.shuffle
    deck = list(range(52))
    check, call, fold, allin = Action("check"), Action("call"), Action("fold"), Action("allin")
    actions = 0
    for _ in range(hands):
        shuffle(deck)
        hand = Hand.start(SETUP, deck)
        while not hand.is_complete:
            legal = hand.legal_actions()
            options = legal.options
            roll = random_value()
            passive = call if legal.to_call else check
            if roll < CALL:
                action = passive
            elif roll < FOLD:
                action = fold if legal.to_call else check
            elif roll < RAISE:
                if legal.min_to is None or legal.max_to is None:
                    action = passive
                else:
                    kind: ActionKind = "bet" if "bet" in options else "raise"
                    action = Action(kind, randint(legal.min_to, legal.max_to))
            else:
                action = allin if "allin" in options else passive
            hand.act(action)
            actions += 1
    return actions


def play_pokerkit(hands: int, seed: int) -> int:
    """Play ``hands`` hands in pokerkit with the same policy; return how many actions."""
    rng = random.Random(seed)
    actions = 0
    for _ in range(hands):
        state = NoLimitTexasHoldem.create_state(
            POKERKIT_AUTOMATIONS,
            False,
            {1: BIG_BLIND_ANTE},
            (SMALL_BLIND, BIG_BLIND),
            BIG_BLIND,
            (STACK,) * PLAYERS,
            PLAYERS,
            mode=Mode.TOURNAMENT,
        )
        while state.status:
            to_call = state.checking_or_calling_amount or 0
            can_raise = state.can_complete_bet_or_raise_to()
            roll = rng.random()
            if roll < CALL:
                state.check_or_call()
            elif roll < FOLD:
                if to_call:
                    state.fold()
                else:
                    state.check_or_call()
            elif roll < RAISE and can_raise:
                low = state.min_completion_betting_or_raising_to_amount
                high = state.max_completion_betting_or_raising_to_amount
                assert low is not None and high is not None
                state.complete_bet_or_raise_to(rng.randint(low, high))
            elif roll >= RAISE and can_raise:
                all_in = state.max_completion_betting_or_raising_to_amount
                state.complete_bet_or_raise_to(all_in)
            else:
                state.check_or_call()
            actions += 1
    return actions


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--hands", type=int, default=3_000, help="pokerfloor hands per run")
    parser.add_argument(
        "--pokerkit-hands", type=int, default=200, help="pokerkit hands per run (slower)"
    )
    parser.add_argument("--profile", action="store_true", help="cProfile top 15 of pokerfloor")
    arguments = parser.parse_args()
    hands, pokerkit_hands = int(arguments.hands), int(arguments.pokerkit_hands)

    actions: dict[str, int] = {}

    def run_pokerfloor() -> int:
        actions["pokerfloor"] = play_pokerfloor(hands, seed=1)
        return hands

    def run_pokerkit() -> int:
        actions["pokerkit"] = play_pokerkit(pokerkit_hands, seed=1)
        return pokerkit_hands

    ours = per_second(run_pokerfloor)
    theirs = per_second(run_pokerkit)
    table = Table(title=f"{PLAYERS}-handed NLHE hands per second, random legal actions")
    table.add_column("engine")
    table.add_column("hands", justify="right")
    table.add_column("actions per hand", justify="right")
    table.add_column("hands/s", justify="right")
    table.add_column("actions/s", justify="right")
    table.add_column("vs pokerkit", justify="right")
    rows = (
        ("pokerfloor (tda-2024)", hands, actions["pokerfloor"], ours),
        ("pokerkit 0.7", pokerkit_hands, actions["pokerkit"], theirs),
    )
    for name, played, taken, rate in rows:
        table.add_row(
            name,
            f"{played:,}",
            f"{taken / played:.1f}",
            f"{rate:,.0f}",
            f"{rate * taken / played:,.0f}",
            f"{rate / theirs:.1f}x",
        )
    Console(width=110).print(table)
    print(f"pokerfloor / pokerkit: {ours / theirs:.1f}x hands per second (target: at least 30x)")
    if arguments.profile:
        print(profiled(lambda: play_pokerfloor(hands, seed=3), 15))


if __name__ == "__main__":
    main()
