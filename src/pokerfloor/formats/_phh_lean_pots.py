"""The pots of a hand ``lean_replay`` (``_phh_lean``) plays to a showdown, and who wins them.

``_showdown.py`` and ``_pots.py`` of the engine: side pots at each all-in level (tda-2024 R20),
each pot to its best hands, the odd chips from the button's left (tda-2024 R21). Cards the file
does not give are drawn as ``replay_phh`` draws them: the same seeded deck, drawn again while the
pots go to other hands than the file shows winning (``_phh_replay._redraw``).
"""

from __future__ import annotations

from pokerfloor.cards import rank7
from pokerfloor.formats._phh_cards import PhhCards, drawn_cards
from pokerfloor.formats._phh_lean_result import Award, paid_totals
from pokerfloor.formats._phh_parse import PhhHand
from pokerfloor.formats._phh_replay import _FILL_ATTEMPTS
from pokerfloor.formats._phh_result import Outcome, winners_match
from pokerfloor.hand._pots import build_pots, split_pot
from pokerfloor.hand._rules import HandRules
from pokerfloor.hand._showdown_rights import award_order

ACTIVE, FOLDED, ALL_IN = 0, 1, 2  # a player's status, as in hand/_state.py

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
    phh: PhhHand,
    cards: PhhCards,
    seed: int,
    live: list[int],
    pots: Pots,
    order: list[int],
    returned: list[int],
) -> tuple[list[Award], int | str, int]:
    """The pots paid, the seed the unknown cards were last drawn with, how many redraws."""
    board = cards.board[:5]
    holes = cards.holes
    if len(board) == 5 and None not in board and all(None not in holes[i] for i in live):
        return awards(pots, order, {i: rank7(*holes[i], *board) for i in live}), seed, 0
    hidden = cards.hidden
    known = {card for pair in holes for card in pair if card is not None}
    known.update(card for card in cards.board if card is not None)
    attempt = 0
    while True:
        draw: int | str = seed if not attempt else f"{seed}/{attempt}"
        firsts, seconds, drawn = drawn_cards(cards, known, draw)
        strength = {i: rank7(firsts[i], seconds[i], *drawn) for i in live}
        paid = awards(pots, order, strength)
        if (
            not hidden
            or attempt + 1 >= _FILL_ATTEMPTS
            or not _redraw(phh, hidden, live, paid, returned)
        ):
            return paid, draw, attempt
        attempt += 1


def _redraw(
    phh: PhhHand, hidden: frozenset[int], live: list[int], paid: list[Award], returned: list[int]
) -> bool:
    if not any(player in hidden for player in live):
        return False
    totals = paid_totals(paid, len(returned))
    agrees = winners_match(phh, Outcome(tuple(totals), tuple(returned), True))
    if agrees is not None:
        return not agrees
    if all(player in hidden for player in live):
        return False
    return any(
        share and player in hidden
        for _pot, _amount, winners, shares in paid
        for player, share in zip(winners, shares, strict=True)
    )


def awards(pots: Pots, order: list[int], strength: dict[int, int]) -> list[Award]:
    """Each pot to its best hands, split with the odd chips from the button's left."""
    paid = []
    for pot_index in order:
        amount, eligible = pots[pot_index]
        best = min(strength[index] for index in eligible)
        winners = tuple(index for index in eligible if strength[index] == best)
        paid.append((pot_index, amount, winners, split_pot(amount, winners, 1)))
    return paid
