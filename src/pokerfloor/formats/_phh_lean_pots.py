"""The pots of a hand ``lean_replay`` (``_phh_lean``) plays to a showdown, and who wins them.

``_showdown.py`` and ``_pots.py`` of the engine: side pots at each all-in level (tda-2024 R20),
each pot to its best hands, the odd chips from the button's left (tda-2024 R21). Cards the file
does not give are drawn as ``replay_phh`` draws them, once, from the same seeded deck; such a
showdown is reported (``unknown_at_showdown``) and its result taken from the file.
"""

from __future__ import annotations

from pokerfloor.cards import rank7
from pokerfloor.formats._phh_cards import drawn_cards, unknown_at_showdown
from pokerfloor.formats._phh_lean_result import Award
from pokerfloor.formats._phh_records import PhhCards
from pokerfloor.hand._betting import ALL_IN, FOLDED
from pokerfloor.hand._pots import build_pots, split_pot
from pokerfloor.hand._rules import HandRules
from pokerfloor.hand._showdown_rights import award_order

Pots = list[tuple[int, tuple[int, ...]]]


def showdown_pots(
    contributed: list[int], status: list[int], dead: int, live: list[int], rules: HandRules
) -> tuple[Pots, list[int]]:
    """The pots (amount, eligible players) and the order they are awarded in."""
    if ALL_IN not in status:  # no one all in: build_pots makes one pot of every chip
        return [(sum(contributed) + dead, tuple(live))], [0]
    pots = build_pots(
        contributed,
        [state != FOLDED for state in status],
        [state == ALL_IN for state in status],
        dead,
    )
    return pots, award_order(rules, pots)


def showdown_awards(
    cards: PhhCards, seed: int, live: list[int], pots: Pots, order: list[int]
) -> tuple[list[Award], frozenset[int]]:
    """The pots paid, and the showdown's players when it needs a card the file does not give
    (the cards drawn once with ``seed``: the pots paid are then no result)."""
    board = cards.board[:5]
    holes = cards.holes
    if len(board) == 5 and None not in board and all(None not in holes[i] for i in live):
        return awards(pots, order, {i: rank7(*holes[i], *board) for i in live}), frozenset()
    known = {card for pair in holes for card in pair if card is not None}
    known.update(card for card in cards.board if card is not None)
    firsts, seconds, drawn = drawn_cards(cards, known, seed)
    strength = {i: rank7(firsts[i], seconds[i], *drawn) for i in live}
    return awards(pots, order, strength), unknown_at_showdown(cards, live)


def awards(pots: Pots, order: list[int], strength: dict[int, int]) -> list[Award]:
    """Each pot to its best hands, split with the odd chips from the button's left."""
    paid = []
    for pot_index in order:
        amount, eligible = pots[pot_index]
        best = min(strength[index] for index in eligible)
        winners = tuple(index for index in eligible if strength[index] == best)
        paid.append((pot_index, amount, winners, split_pot(amount, winners, 1)))
    return paid
