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

pokerfloor plays twice: its pure-Python modules (``POKERFLOOR_ENGINE=pure``) and the engine
compiled by mypyc (built by ``uv sync`` where a C compiler exists, ``scripts/compile_hand.py``
by hand; a row says so when it is not built). Each run is a process of its own (one process
loads one engine), timed from its first hand, the deals made before the clock starts. The runs
take turns (pure, compiled, pokerkit, pure 6-max, compiled 6-max, pokerfast, again...) so that
a busy moment of a shared machine weighs on all of them alike; the fastest of ``--repeats`` is
kept, and the load average is printed with the result. The time is the run's CPU time
(``process_time``), so that the waiting on a busy machine is not counted.

Run: python3 -m uv run python -m bench.hands [--hands N] [--repeats N] [--profile]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass

from pokerfast import FastHand
from pokerkit import Automation, Mode, NoLimitTexasHoldem
from rich.console import Console
from rich.table import Table

from bench._timing import profiled
from pokerfloor._native import ENVIRONMENT
from pokerfloor.cards import Card
from pokerfloor.hand import ENGINE, Action, ActionKind, Hand, HandSetup, Seat

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
        "rates in each run's CPU time"
    )


# The runs, each in a process of its own: the pure and the compiled engine cannot share one
# (``pokerfloor.hand`` loads one of them when it is first imported).
ENGINES = {"pure": {ENVIRONMENT: "pure"}, "compiled": {}}


def child(kind: str, hands: int, pokerkit_hands: int) -> None:
    """One timed run of ``kind``; prints ``{"actions", "seconds", "engine"}`` as JSON."""
    deals = six_max_deals(hands, seed=2) if kind in ("floor6", "fast6") else []
    plays: dict[str, Callable[[], int]] = {
        "floor9": lambda: play_pokerfloor(hands, seed=1),
        "kit9": lambda: play_pokerkit(pokerkit_hands, seed=1),
        "floor6": lambda: play_pokerfloor_six(deals, seed=1),
        "fast6": lambda: play_pokerfast_six(deals, seed=1),
    }
    # Untimed first hands: the rule profile is loaded and the code paths warmed in this fresh
    # process, as they would be in a long run.
    warm_up: dict[str, Callable[[], int]] = {
        "floor9": lambda: play_pokerfloor(20, seed=0),
        "kit9": lambda: play_pokerkit(2, seed=0),
        "floor6": lambda: play_pokerfloor_six(deals[:20], seed=0),
        "fast6": lambda: play_pokerfast_six(deals[:20], seed=0),
    }
    warm_up[kind]()
    started = time.process_time()
    actions = plays[kind]()
    seconds = time.process_time() - started
    print(json.dumps({"actions": actions, "seconds": seconds, "engine": ENGINE}))


def run_child(kind: str, hands: int, pokerkit_hands: int, environment: dict[str, str]) -> Run:
    command = [sys.executable, "-m", "bench.hands", "--child", kind]
    command += ["--hands", str(hands), "--pokerkit-hands", str(pokerkit_hands)]
    env = {key: value for key, value in os.environ.items() if key != ENVIRONMENT}
    done = subprocess.run(
        command, check=True, capture_output=True, text=True, env={**env, **environment}
    )
    row = json.loads(done.stdout.strip().splitlines()[-1])
    return Run(int(row["actions"]), float(row["seconds"]), str(row["engine"]))


@dataclass
class Run:
    actions: int
    seconds: float
    engine: str


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--hands", type=int, default=3_000, help="pokerfloor hands per run")
    parser.add_argument(
        "--pokerkit-hands", type=int, default=200, help="pokerkit hands per run (slower)"
    )
    parser.add_argument("--repeats", type=int, default=5, help="runs each, the fastest kept")
    parser.add_argument("--profile", action="store_true", help="cProfile top 15 of pokerfloor")
    parser.add_argument("--child", choices=("floor9", "kit9", "floor6", "fast6"))
    arguments = parser.parse_args()
    hands, pokerkit_hands = int(arguments.hands), int(arguments.pokerkit_hands)
    if arguments.child:
        child(arguments.child, hands, pokerkit_hands)
        return

    # (row, kind, environment, hands played): taken in turn, every repeat.
    runs = (
        ("pokerfloor pure", "floor9", ENGINES["pure"], hands),
        ("pokerfloor compiled", "floor9", ENGINES["compiled"], hands),
        ("pokerkit", "kit9", {}, pokerkit_hands),
        ("pokerfloor pure 6-max", "floor6", ENGINES["pure"], hands),
        ("pokerfloor compiled 6-max", "floor6", ENGINES["compiled"], hands),
        ("pokerfast 6-max", "fast6", {}, hands),
    )
    best: dict[str, Run] = {}
    for _ in range(arguments.repeats):
        for name, kind, environment, _played in runs:
            done = run_child(kind, hands, pokerkit_hands, environment)
            if name not in best or done.seconds < best[name].seconds:
                best[name] = done
    played = {name: count for name, _kind, _environment, count in runs}
    rate = {name: played[name] / best[name].seconds for name in best}
    built = best["pokerfloor compiled"].engine == "compiled"

    table = Table(title="NLHE hands per second, random legal actions (fastest run of each)")
    for column in ("engine", "hands", "actions per hand", "hands/s", "actions/s", "ratio"):
        table.add_column(column, justify="left" if column == "engine" else "right")
    rows = (
        ("pokerfloor (tda-2024), 9-max, ante, pure Python", "pokerfloor pure", "pokerkit"),
        ("pokerfloor (tda-2024), 9-max, ante, compiled", "pokerfloor compiled", "pokerkit"),
        ("pokerkit 0.7, 9-max, ante", "pokerkit", "pokerkit"),
        ("pokerfloor (tda-2024), 6-max, pure Python", "pokerfloor pure 6-max", "pokerfast 6-max"),
        ("pokerfloor (tda-2024), 6-max, compiled", "pokerfloor compiled 6-max", "pokerfast 6-max"),
        ("pokerfast 0.2 FastHand, 6-max", "pokerfast 6-max", "pokerfast 6-max"),
    )
    for label, name, against in rows:
        if "compiled" in name and not built:
            label += " (not built: pure)"
        count = played[name]
        table.add_row(
            label,
            f"{count:,}",
            f"{best[name].actions / count:.1f}",
            f"{rate[name]:,.0f}",
            f"{rate[name] * best[name].actions / count:,.0f}",
            f"{rate[name] / rate[against]:.2f}x {against.split()[0]}",
        )
    Console(width=120).print(table)
    print(load_average())
    for engine in ("pure", "compiled"):
        nine = rate[f"pokerfloor {engine}"] / rate["pokerkit"]
        six = rate[f"pokerfloor {engine} 6-max"] / rate["pokerfast 6-max"]
        print(
            f"pokerfloor {engine}: {nine:.1f}x pokerkit (9-max; target: at least 30x), "
            f"{six:.2f}x pokerfast (6-max, same hands; target: at least 2x)"
        )
    if not built:
        print(
            "the compiled engine is not built (no C compiler, or the sources changed since the "
            "build): python3 -m uv run python scripts/compile_hand.py"
        )
    if arguments.profile:
        deals = six_max_deals(hands, seed=2)
        print(f"profile of the {ENGINE} engine (this process)")
        print(profiled(lambda: play_pokerfloor_six(deals, seed=1), 15))
        print(profiled(lambda: play_pokerfast_six(deals, seed=1), 10))


if __name__ == "__main__":
    main()
