"""The dealer's cost per action in the dealt core alone (issue 32 item 5): no store, no
service, no web.

``--tables`` tables of nine bots are dealt and played through ``DealtTable`` only, in passes
as the server's dealer makes them (``DealtService.tick``): at each table, the seat to act and
its deadline, the hand and its legal actions for the bot's choice, ``decide_act``, then the
events folded in (``run``, as the service does once they are stored); between hands a
``decide_deal`` with a fresh deck and secret (drawn here, in the bench: the core draws
nothing). Busted seats are filled again so every table stays nine-handed.

Two runs of the same hands: the dealer alone, then the dealer with the views a push builds at
each change (the public view and each seated player's view: ``dealt.views``). Printed: actions
per second and CPU (this process's) per action, the best of ``--repeats`` runs, then a
cProfile top 15 of the dealer's run by own time. Figures from a loaded machine are CPU time,
not wall time, and still swing with the load: compare runs made in the same minutes. The
compiled hand engine (mypyc) shows in the profile as its entry points only.

Run: python3 -m uv run python -m bench.dealt_core [--hands N] [--tables T] [--seed S]
     [--repeats R] [--no-profile] (``POKERFLOOR_ENGINE=pure`` to play the pure-Python engine)
"""

from __future__ import annotations

import argparse
import os
import random
import time
from dataclasses import dataclass

from bench._timing import profiled
from pokerfloor.dealt import ActInHand, DealHand, DealtTable, TimeSettings
from pokerfloor.dealt.views import player_view, public_view
from pokerfloor.hand import ENGINE, Action, HandSetup, Seat, ShowdownAction
from pokerfloor.sim.bots import Bot, RandomBot, TightAggressiveBot

SEATS = 9
STACK = 10_000
CLOCK = TimeSettings(action_ms=30_000, bank_ms=60_000, away_after=3)
_BOTS: tuple[Bot, ...] = (RandomBot(), TightAggressiveBot())


@dataclass
class Played:
    hands: int = 0
    actions: int = 0
    views: int = 0
    cpu_s: float = 0.0
    wall_s: float = 0.0


def _setup(table: DealtTable, hand_no: int) -> HandSetup:
    """The next hand's set-up: the last hand's stacks, a busted seat filled again, the button
    moved on by one seat."""
    stacks = dict(table.finished.stacks) if table.finished is not None else {}
    seats = tuple(
        Seat(seat_no, f"Bot {seat_no}", stacks.get(seat_no) or STACK)
        for seat_no in range(1, SEATS + 1)
    )
    return HandSetup("tda-2024", seats, hand_no % SEATS + 1, 50, 100, bb_ante=100)


def play(hands: int, tables: int, seed: int, views: bool) -> Played:
    """Deal and play ``hands`` hands over ``tables`` tables, pass after pass."""
    rng = random.Random(seed)
    played = Played()
    dealt = [DealtTable() for _ in range(tables)]
    now = 1_700_000_000_000
    deals = 0
    cpu, wall = time.process_time(), time.perf_counter()
    while deals < hands or any(table.in_hand for table in dealt):
        now += 1_000
        for table in dealt:
            if table.in_hand:
                seat_no = table.to_act_seat()
                table.deadline_ms(seat_no)
                hand = table.hand()
                legal = hand.legal_actions()
                action: Action | ShowdownAction
                if not legal.options:  # a showdown the players play: the bot tables its hand
                    action = ShowdownAction("show")
                else:
                    action = _BOTS[seat_no % 2].choose(hand, legal, rng)
                table.run(table.decide_act(ActInHand(seat_no, action, now)))
                played.actions += 1
            elif deals < hands:
                deals += 1
                deck = list(range(52))
                rng.shuffle(deck)
                command = DealHand(
                    _setup(table, table.hand_no), tuple(deck), rng.randbytes(32).hex(), now, CLOCK
                )
                table.run(table.decide_deal(command))
            else:
                continue
            if views:  # what a push reads at each change: the public view, each player's
                public_view(table)
                for seat_no in range(1, SEATS + 1):
                    player_view(table, seat_no)
                played.views += SEATS + 1
    played.cpu_s = time.process_time() - cpu
    played.wall_s = time.perf_counter() - wall
    played.hands = deals
    return played


def best(hands: int, tables: int, seed: int, views: bool, repeats: int) -> Played:
    """The run of least CPU among ``repeats`` runs of the same hands."""
    runs = [play(hands, tables, seed, views) for _ in range(max(repeats, 1))]
    return min(runs, key=lambda run: run.cpu_s)


def _line(name: str, played: Played) -> str:
    per_action_us = played.cpu_s / max(played.actions, 1) * 1e6
    return (
        f"{name:<22} {played.hands:>6,} hands {played.actions:>8,} actions "
        f"{played.actions / max(played.cpu_s, 1e-9):>9,.0f} actions/s (CPU) "
        f"{per_action_us:>8.1f} us CPU per action (deals included), "
        f"wall {played.wall_s:.1f} s"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=1_000)
    parser.add_argument("--tables", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--no-profile", action="store_true")
    args = parser.parse_args()
    print(
        f"dealt core: {args.tables} tables of {SEATS} bots, tda-2024, hand engine {ENGINE}, "
        f"load average {os.getloadavg()[0]:.2f} (1 min) on {os.cpu_count()} cores"
    )
    dealer = best(args.hands, args.tables, args.seed, False, args.repeats)
    print(_line("dealer", dealer))
    with_views = best(args.hands, args.tables, args.seed, True, args.repeats)
    print(_line("dealer + push views", with_views))
    views_us = (with_views.cpu_s - dealer.cpu_s) / max(with_views.views, 1) * 1e6
    print(f"{'':<22} views: {with_views.views:,} built, about {views_us:.1f} us CPU each")
    if not args.no_profile:
        hands = max(args.hands // 4, 1)
        print(f"\ncProfile of the dealer's run ({hands} hands), top 15 by own time:")
        print(profiled(lambda: play(hands, args.tables, args.seed, views=False), 15))


if __name__ == "__main__":
    main()
