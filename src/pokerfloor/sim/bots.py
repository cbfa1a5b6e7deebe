"""Bots that choose an action through the public hand API only (``legal_actions``/``act``).

- ``RandomBot``: any legal action, raises to a random amount;
- ``TightAggressiveBot``: plays few starting hands before the flop and bets or raises them,
  then keeps betting with a made hand and gives up without one.

Both draw from the ``random.Random`` they are given, so a simulation is reproducible.
"""

from __future__ import annotations

import random
from typing import Protocol

from pokerfloor.cards import rank5, rank6, rank7
from pokerfloor.hand import Action, ActionKind, Hand, LegalActions


class Bot(Protocol):
    name: str

    def choose(self, hand: Hand, legal: LegalActions, rng: random.Random) -> Action: ...


def _sized(
    legal: LegalActions, rng: random.Random, low: float, high: float, pot: int, chip: int
) -> Action:
    """A bet or raise of ``low``..``high`` times the pot, within the legal bounds."""
    kind: ActionKind = "bet" if "bet" in legal.options else "raise"
    assert legal.min_to is not None and legal.max_to is not None
    return Action(kind, in_chips(legal, legal.min_to + int(pot * rng.uniform(low, high)), chip))


def in_chips(legal: LegalActions, target: int, chip: int) -> int:
    """``target`` rounded down to whole chips, kept within the legal bounds."""
    assert legal.min_to is not None and legal.max_to is not None
    if target >= legal.max_to:
        return legal.max_to
    return max(legal.min_to, target // chip * chip)


class RandomBot:
    name = "random"

    def choose(self, hand: Hand, legal: LegalActions, rng: random.Random) -> Action:
        options = legal.options
        roll = rng.random()
        if ("bet" in options or "raise" in options) and roll < 0.2:
            assert legal.min_to is not None and legal.max_to is not None
            kind: ActionKind = "bet" if "bet" in options else "raise"
            chip = hand.setup.smallest_chip
            return Action(kind, in_chips(legal, rng.randint(legal.min_to, legal.max_to), chip))
        if "allin" in options and roll < 0.23:
            return Action("allin")
        if "check" in options:
            return Action("check")
        if roll < 0.6 and "call" in options:
            return Action("call")
        return Action("fold")


# Preflop strength of the two hole cards: pairs and big cards, roughly Chen's formula.
def preflop_score(first: int, second: int) -> float:
    high, low = max(first // 4, second // 4), min(first // 4, second // 4)
    values = (1, 1.5, 2, 2.5, 3, 3.5, 4, 4.5, 5, 6, 7, 8, 10)  # 2 .. A
    score = values[high]
    if high == low:
        return max(5.0, score * 2)
    if first % 4 == second % 4:
        score += 2
    gap = high - low - 1
    score -= (0, 1, 2, 4, 5, 5, 5, 5, 5, 5, 5, 5)[min(gap, 11)]
    if gap <= 1 and high < 10:
        score += 1
    return score


class TightAggressiveBot:
    name = "tag"

    def choose(self, hand: Hand, legal: LegalActions, rng: random.Random) -> Action:
        options = legal.options
        player = legal.player
        hole = hand.holes[player]
        pot = sum(hand.contributed) + hand.dead_money
        chip = hand.setup.smallest_chip
        can_raise = "bet" in options or "raise" in options
        if not hand.board:
            score = preflop_score(*hole)
            if score >= 10 and can_raise:
                return (
                    _sized(legal, rng, 0.5, 1.5, pot, chip)
                    if rng.random() < 0.85
                    else Action("allin")
                )
            if score >= 7:
                if can_raise and rng.random() < 0.5:
                    return _sized(legal, rng, 0.3, 1.0, pot, chip)
                if "call" in options and legal.to_call * 4 <= hand.stacks[player] + legal.to_call:
                    return Action("call")
            return Action("check") if "check" in options else Action("fold")
        strength = _made_hand(hole, hand.board)
        if strength >= 2 and can_raise and rng.random() < 0.7:
            return _sized(legal, rng, 0.4, 1.0, pot, chip)
        if strength >= 1 and "call" in options and legal.to_call * 2 <= pot:
            return Action("call")
        if "check" in options:
            return Action("check")
        return Action("call") if strength >= 2 else Action("fold")


def _made_hand(hole: tuple[int, int], board: list[int]) -> int:
    """0 nothing, 1 a pair, 2 two pair or better (from phevaluator's rank bands)."""
    cards = (*hole, *board)
    size = len(cards)
    rank = rank7(*cards) if size == 7 else rank6(*cards) if size == 6 else rank5(*cards)
    if rank <= 3325:  # two pair or better
        return 2
    return 1 if rank <= 6185 else 0


BOTS: dict[str, type[RandomBot] | type[TightAggressiveBot]] = {
    "random": RandomBot,
    "tag": TightAggressiveBot,
}
