"""7-card evaluations per second: pokerfloor (HandValue and fast path), the raw phevaluator
call, eval7, treys and pokerkit, in one run, with ratios to the raw library call.

Run: python3 -m uv run python -m bench.evaluate [--hands N]
"""

from __future__ import annotations

import argparse
import random
from itertools import starmap

import eval7
from phevaluator import _pheval
from pokerkit import StandardHighHand
from rich.console import Console
from rich.table import Table
from treys import Card as TreysCard
from treys import Evaluator as TreysEvaluator

from bench._timing import per_second
from pokerfloor.cards import FULL_DECK, evaluate, rank7


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--hands", type=int, default=200_000)
    arguments = parser.parse_args()
    rng = random.Random(1)
    hands = [tuple(rng.sample(range(52), 7)) for _ in range(arguments.hands)]
    few = hands[: max(1, arguments.hands // 50)]  # for the slow pure-Python evaluators
    names = [str(card) for card in FULL_DECK]

    raw = _pheval.evaluate_7cards

    def run_raw() -> int:
        for hand in hands:
            raw(*hand)
        return len(hands)

    def run_fast() -> int:
        for hand in hands:
            rank7(*hand)
        return len(hands)

    def run_fast_bulk() -> int:
        for _ in starmap(rank7, hands):
            pass
        return len(hands)

    def run_handvalue() -> int:
        for hand in few:
            evaluate(hand)
        return len(few)

    eval7_cards = [eval7.Card(name) for name in names]
    eval7_hands = [[eval7_cards[card] for card in hand] for hand in hands]
    eval7_evaluate = eval7.evaluate

    def run_eval7() -> int:
        for hand in eval7_hands:
            eval7_evaluate(hand)
        return len(hands)

    treys_cards = [TreysCard.new(name) for name in names]
    treys_hands = [
        ([treys_cards[c] for c in hand[:5]], [treys_cards[c] for c in hand[5:]]) for hand in few
    ]
    treys_evaluator = TreysEvaluator()

    def run_treys() -> int:
        for board, hole in treys_hands:
            treys_evaluator.evaluate(board, hole)
        return len(treys_hands)

    pokerkit_hands = [
        ("".join(names[c] for c in hand[5:]), "".join(names[c] for c in hand[:5]))
        for hand in few[:2000]
    ]

    def run_pokerkit() -> int:
        for hole, board in pokerkit_hands:
            StandardHighHand.from_game(hole, board)
        return len(pokerkit_hands)

    rows = [
        ("phevaluator raw call (_pheval.evaluate_7cards)", per_second(run_raw)),
        ("pokerfloor fast path: cards.rank7(*ints)", per_second(run_fast)),
        ("pokerfloor fast path, bulk: starmap(rank7, hands)", per_second(run_fast_bulk)),
        ("pokerfloor cards.evaluate -> HandValue", per_second(run_handvalue)),
        ("eval7.evaluate", per_second(run_eval7)),
        ("treys Evaluator.evaluate", per_second(run_treys)),
        ("pokerkit StandardHighHand.from_game", per_second(run_pokerkit, repeats=1)),
    ]
    baseline = rows[0][1]
    table = Table(title=f"7-card evaluations per second ({arguments.hands:,} random hands)")
    table.add_column("evaluator")
    table.add_column("evals/s", justify="right")
    table.add_column("time vs raw call", justify="right")
    for name, rate in rows:
        table.add_row(name, f"{rate:,.0f}", f"{baseline / rate:.2f}x")
    Console(width=110).print(table)
    overhead = baseline / rows[1][1] - 1
    print(f"fast path overhead over the raw call: {overhead:+.1%} (target: at most +25%)")


if __name__ == "__main__":
    main()
