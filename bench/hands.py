"""Hands per second with a random legal-action policy, in one run, with the ratios: pokerfloor
against pokerkit on 9-handed tournament hands (target: at least 30 times pokerkit) and against
pokerfast's ``FastHand`` (a lean 6-max cash engine) on the same 6-max hands (target: at least
twice pokerfast).

Both engines play the same kind of hand (9 players, 10,000 chips, blinds 50/100, a big blind
ante of 100) with the same seeded policy: 45% check or call, 20% fold when facing a bet (else
check), 25% bet or raise to a random amount between the minimum and the maximum, 10% all in.
pokerfloor is driven through its public API only (``Hand.start``, ``legal_actions``, ``act``)
and shuffles a deck for every hand; pokerkit deals from its own shuffled deck with its
automations (posting, dealing, burning, showdown, pushing and pulling chips).

Against pokerfast both engines play the very same hands: 6 players, blinds 100/200 posted by
the first two seats left of the button, no ante, stacks drawn once from 20 to 200 big blinds,
the same cards (pokerfast's ``FastHand.for_cards`` is given the holes and board that the
pokerfloor deck deals), and the same seeded policy, its bets and raises asked as the same street
totals. The deals are prepared before the clocks start; each engine's timed loop builds its
hands and plays them to the end (pots awarded).

The runs take turns (pokerfloor, pokerfast, pokerkit, again...) so that a busy moment of a
shared machine weighs on all of them alike; the fastest of ``--repeats`` is kept, and the load
average is printed with the result. The time is this process's CPU time (``process_time``), so
that the waiting on a busy machine is not counted.

Run: python3 -m uv run python -m bench.hands [--hands N] [--repeats N] [--profile]
"""

from __future__ import annotations

import argparse
import os
import random
import time
from collections.abc import Callable
from dataclasses import dataclass

from pokerfast import FastHand
from pokerkit import Automation, Mode, NoLimitTexasHoldem
from rich.console import Console
from rich.table import Table

from bench._timing import per_second, profiled
from pokerfloor.cards import Card
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


SIX = 6
SIX_SMALL, SIX_BIG = 100, 200  # FastHand's blinds, posted by its seats 0 and 1


@dataclass(frozen=True)
class Deal:
    """One 6-max hand as both engines are given it: pokerfloor's set-up and deck, and the same
    stacks and cards as pokerfast's ``for_cards`` takes them (its seat 0 is the small blind,
    pokerfloor's dealing index 0 too: the button sits at seat 6)."""

    setup: HandSetup
    deck: list[int]
    stacks: list[int]
    holes: list[str]
    board: list[str]


def six_max_deals(hands: int, seed: int) -> list[Deal]:
    """The same hands for both engines, drawn before the clocks start."""
    rng = random.Random(seed)
    names = [str(Card(card)) for card in range(52)]
    deals = []
    for _ in range(hands):
        stacks = [rng.randint(20 * SIX_BIG, 200 * SIX_BIG) for _ in range(SIX)]
        deck = list(range(52))
        rng.shuffle(deck)
        seats = tuple(Seat(index + 1, f"P{index + 1}", stacks[index]) for index in range(SIX))
        setup = HandSetup("tda-2024", seats, SIX, SIX_SMALL, SIX_BIG)
        # pokerfloor deals one card to each player and then a second, then burns before the
        # flop (3 cards), the turn and the river.
        holes = [names[deck[index]] + names[deck[index + SIX]] for index in range(SIX)]
        board_cards = (13, 14, 15, 17, 19)  # after the 12 hole cards: burn, flop, burn, turn...
        board = [names[deck[position]] for position in board_cards]
        deals.append(Deal(setup, deck, stacks, holes, board))
    return deals


def play_pokerfloor_six(deals: list[Deal], seed: int) -> int:
    """Play the deals in pokerfloor; return how many actions were taken."""
    rng = random.Random(seed)
    random_value, randint = rng.random, rng.randint
    check, call, fold, allin = Action("check"), Action("call"), Action("fold"), Action("allin")
    actions = 0
    for deal in deals:
        hand = Hand.start(deal.setup, deal.deck)
        while not hand.is_complete:
            legal = hand.legal_actions()
            roll = random_value()
            passive = call if legal.to_call else check
            min_to, max_to = legal.min_to, legal.max_to
            if roll < CALL:
                action = passive
            elif roll < FOLD:
                action = fold if legal.to_call else check
            elif min_to is None or max_to is None:
                action = passive
            elif roll < RAISE:
                kind: ActionKind = "bet" if "bet" in legal.options else "raise"
                action = Action(kind, randint(min_to, max_to))
            else:
                action = allin
            hand.act(action)
            actions += 1
    return actions


def play_pokerfast_six(deals: list[Deal], seed: int) -> int:
    """Play the deals in pokerfast with the same policy; return how many actions."""
    rng = random.Random(seed)
    random_value, randint = rng.random, rng.randint
    actions = 0
    for deal in deals:
        hand = FastHand.for_cards(deal.stacks, deal.holes, deal.board, SIX_SMALL, SIX_BIG)
        bets = hand.state.bets
        while not hand.done:
            space = hand.get_action_space()
            roll = random_value()
            if roll < CALL or (roll < FOLD and "check" in space):
                hand.check() if "check" in space else hand.call()
            elif roll < FOLD:
                hand.fold()
            elif "min_bet" not in space:
                hand.check() if "check" in space else hand.call()
            else:
                bets = hand.state.bets  # a new list on each street
                already = bets[space["player"]]
                low, high = space["min_bet"] + already, space["max_bet"] + already
                # The same street total as pokerfloor's, given as chips added.
                total = randint(low, high) if roll < RAISE else high
                hand.bet_or_raise(total - already)
            actions += 1
    return actions


def load_average() -> str:
    one, five, _fifteen = os.getloadavg()
    return (
        f"load average {one:.2f} (1 min), {five:.2f} (5 min) on {os.cpu_count()} cores; "
        "rates in this process's CPU time"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--hands", type=int, default=3_000, help="pokerfloor hands per run")
    parser.add_argument(
        "--pokerkit-hands", type=int, default=200, help="pokerkit hands per run (slower)"
    )
    parser.add_argument("--repeats", type=int, default=5, help="runs each, the fastest kept")
    parser.add_argument("--profile", action="store_true", help="cProfile top 15 of pokerfloor")
    arguments = parser.parse_args()
    hands, pokerkit_hands = int(arguments.hands), int(arguments.pokerkit_hands)
    deals = six_max_deals(hands, seed=2)

    actions: dict[str, int] = {}
    runs: dict[str, Callable[[], int]] = {}

    def run(name: str, play: Callable[[], int], played: int) -> None:
        def once() -> int:
            actions[name] = play()
            return played

        runs[name] = once

    run("pokerfloor", lambda: play_pokerfloor(hands, seed=1), hands)
    run("pokerkit", lambda: play_pokerkit(pokerkit_hands, seed=1), pokerkit_hands)
    run("pokerfloor 6-max", lambda: play_pokerfloor_six(deals, seed=1), hands)
    run("pokerfast 6-max", lambda: play_pokerfast_six(deals, seed=1), hands)
    played = {"pokerfloor": hands, "pokerkit": pokerkit_hands}
    rate = dict.fromkeys(runs, 0.0)
    for _ in range(arguments.repeats):
        for name, once in runs.items():
            rate[name] = max(rate[name], per_second(once, repeats=1, clock=time.process_time))

    table = Table(title="NLHE hands per second, random legal actions (fastest run of each)")
    table.add_column("engine")
    table.add_column("hands", justify="right")
    table.add_column("actions per hand", justify="right")
    table.add_column("hands/s", justify="right")
    table.add_column("actions/s", justify="right")
    table.add_column("ratio", justify="right")
    rows = (
        ("pokerfloor (tda-2024), 9-max, ante", "pokerfloor", "pokerkit"),
        ("pokerkit 0.7, 9-max, ante", "pokerkit", "pokerkit"),
        ("pokerfloor (tda-2024), 6-max", "pokerfloor 6-max", "pokerfast 6-max"),
        ("pokerfast 0.2 FastHand, 6-max", "pokerfast 6-max", "pokerfast 6-max"),
    )
    for label, name, against in rows:
        count = played.get(name, hands)
        table.add_row(
            label,
            f"{count:,}",
            f"{actions[name] / count:.1f}",
            f"{rate[name]:,.0f}",
            f"{rate[name] * actions[name] / count:,.0f}",
            f"{rate[name] / rate[against]:.2f}x {against.split()[0]}",
        )
    Console(width=120).print(table)
    print(load_average())
    print(
        f"pokerfloor / pokerkit (9-max): {rate['pokerfloor'] / rate['pokerkit']:.1f}x hands "
        "per second (target: at least 30x)"
    )
    print(
        f"pokerfloor / pokerfast (6-max, same hands): "
        f"{rate['pokerfloor 6-max'] / rate['pokerfast 6-max']:.2f}x hands per second "
        "(target: at least 2x)"
    )
    if arguments.profile:
        print(profiled(lambda: play_pokerfloor_six(deals, seed=1), 15))
        print(profiled(lambda: play_pokerfast_six(deals, seed=1), 10))


if __name__ == "__main__":
    main()
