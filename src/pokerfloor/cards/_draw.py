"""High-card draws, for the first button or a seat order.

Each entrant gets one card face up; the highest rank wins. Ties are broken by suit, spades >
hearts > diamonds > clubs (Robert's Rules 3.7), or, where the rulebook ignores suits
(heavenpoker 5.2-5.3), the tied entrants draw again until one is higher.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from typing import Generic, Literal, TypeVar

from pokerfloor.cards._card import Card
from pokerfloor.cards._deck import Deck
from pokerfloor.errors import PokerfloorError

Entrant = TypeVar("Entrant", bound=Hashable)
TieBreak = Literal["suits", "redraw"]

TIE_BREAK_CITATIONS: dict[TieBreak, tuple[str, ...]] = {
    "suits": ("roberts 3.7",),
    "redraw": ("heavenpoker 5.2", "heavenpoker 5.3"),
}


@dataclass(frozen=True)
class DrawResult(Generic[Entrant]):
    """The cards each round dealt, and every entrant ranked from highest to lowest."""

    rounds: tuple[tuple[tuple[Entrant, Card], ...], ...]
    order: tuple[Entrant, ...]
    citations: tuple[str, ...]

    @property
    def winner(self) -> Entrant:
        return self.order[0]


def high_card_draw(
    entrants: Sequence[Entrant], deck: Deck, tie_break: TieBreak = "suits"
) -> DrawResult[Entrant]:
    """Deal one card to each entrant (in the given order) and rank them, highest first."""
    if tie_break not in TIE_BREAK_CITATIONS:
        raise PokerfloorError("BAD_TIE_BREAK", {"tie_break": tie_break})
    if len(set(entrants)) != len(entrants):
        raise PokerfloorError("DUPLICATE_ENTRANT")
    rounds: list[tuple[tuple[Entrant, Card], ...]] = []
    order = _rank(list(entrants), deck, tie_break, rounds)
    return DrawResult(tuple(rounds), tuple(order), TIE_BREAK_CITATIONS[tie_break])


def _rank(
    entrants: list[Entrant],
    deck: Deck,
    tie_break: TieBreak,
    rounds: list[tuple[tuple[Entrant, Card], ...]],
) -> list[Entrant]:
    if len(entrants) <= 1:
        return entrants
    dealt = tuple((entrant, deck.deal_one()) for entrant in entrants)
    rounds.append(dealt)
    if tie_break == "suits":
        # A card's number orders by rank, then by suit in the draw order.
        return [entrant for entrant, _ in sorted(dealt, key=lambda pair: -pair[1])]
    by_rank: dict[int, list[Entrant]] = {}
    for entrant, card in dealt:
        by_rank.setdefault(card.rank, []).append(entrant)
    ranked: list[Entrant] = []
    for rank in sorted(by_rank, reverse=True):
        ranked.extend(_rank(by_rank[rank], deck, tie_break, rounds))
    return ranked
