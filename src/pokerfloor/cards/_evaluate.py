"""Hand evaluation through phevaluator, behind one small module.

Two paths:
- the fast path for the engine and simulations: card integers in, an integer rank out
  (``rank5``/``rank6``/``rank7`` are phevaluator's native functions; 1 is the best hand,
  7462 the worst), with no Python wrapper in between;
- ``evaluate``: a HandValue, totally ordered (higher is better), with its category, the five
  cards that make it and labels in French and English.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from functools import total_ordering
from itertools import combinations
from typing import TypeVar, overload

from phevaluator import _pheval

from pokerfloor.cards._card import Card, CardsLike, Rank, check_distinct, to_cards
from pokerfloor.errors import PokerfloorError

rank5 = _pheval.evaluate_5cards
rank6 = _pheval.evaluate_6cards
rank7 = _pheval.evaluate_7cards
WORST_RANK = 7462

_RANK_FUNCTIONS = {5: rank5, 6: rank6, 7: rank7}


class Category(Enum):
    """Hand categories, weakest first; ``.value`` is the order."""

    HIGH_CARD = 0
    PAIR = 1
    TWO_PAIR = 2
    THREE_OF_A_KIND = 3
    STRAIGHT = 4
    FLUSH = 5
    FULL_HOUSE = 6
    FOUR_OF_A_KIND = 7
    STRAIGHT_FLUSH = 8

    @property
    def key(self) -> str:
        return self.name.lower()

    @property
    def label_fr(self) -> str:
        return _LABELS[self][0]

    @property
    def label_en(self) -> str:
        return _LABELS[self][1]


_LABELS = {
    Category.HIGH_CARD: ("Carte haute", "High card"),
    Category.PAIR: ("Paire", "Pair"),
    Category.TWO_PAIR: ("Double paire", "Two pair"),
    Category.THREE_OF_A_KIND: ("Brelan", "Three of a kind"),
    Category.STRAIGHT: ("Suite", "Straight"),
    Category.FLUSH: ("Couleur", "Flush"),
    Category.FULL_HOUSE: ("Full", "Full house"),
    Category.FOUR_OF_A_KIND: ("Carré", "Four of a kind"),
    Category.STRAIGHT_FLUSH: ("Quinte flush", "Straight flush"),
}

# phevaluator's rank ranges: the worst rank of each category, best category first.
_CATEGORY_LIMITS = (
    (10, Category.STRAIGHT_FLUSH),
    (166, Category.FOUR_OF_A_KIND),
    (322, Category.FULL_HOUSE),
    (1599, Category.FLUSH),
    (1609, Category.STRAIGHT),
    (2467, Category.THREE_OF_A_KIND),
    (3325, Category.TWO_PAIR),
    (6185, Category.PAIR),
    (WORST_RANK, Category.HIGH_CARD),
)

# French singular, French plural, English singular, English plural.
_RANK_NAMES = {
    Rank.TWO: ("Deux", "Deux", "Two", "Twos"),
    Rank.THREE: ("Trois", "Trois", "Three", "Threes"),
    Rank.FOUR: ("Quatre", "Quatre", "Four", "Fours"),
    Rank.FIVE: ("Cinq", "Cinq", "Five", "Fives"),
    Rank.SIX: ("Six", "Six", "Six", "Sixes"),
    Rank.SEVEN: ("Sept", "Sept", "Seven", "Sevens"),
    Rank.EIGHT: ("Huit", "Huit", "Eight", "Eights"),
    Rank.NINE: ("Neuf", "Neuf", "Nine", "Nines"),
    Rank.TEN: ("Dix", "Dix", "Ten", "Tens"),
    Rank.JACK: ("Valet", "Valets", "Jack", "Jacks"),
    Rank.QUEEN: ("Dame", "Dames", "Queen", "Queens"),
    Rank.KING: ("Roi", "Rois", "King", "Kings"),
    Rank.ACE: ("As", "As", "Ace", "Aces"),
}


def category_of_rank(rank: int) -> Category:
    """The category of a phevaluator rank (1 best, 7462 worst)."""
    for limit, category in _CATEGORY_LIMITS:
        if rank <= limit:
            return category
    raise PokerfloorError("BAD_RANK", {"rank": rank})


@total_ordering
@dataclass(frozen=True, eq=False)
class HandValue:
    """The value of a hand: compare with <, ==, >; higher is better."""

    strength: int  # 1 (worst high card) to 7462 (royal flush)
    category: Category
    best_five: tuple[Card, ...]

    @property
    def rank(self) -> int:
        """phevaluator's rank: 1 is the best hand."""
        return WORST_RANK + 1 - self.strength

    @property
    def label_fr(self) -> str:
        return self.category.label_fr

    @property
    def label_en(self) -> str:
        return self.category.label_en

    def label(self, language: str = "fr") -> str:
        return self.label_fr if language == "fr" else self.label_en

    def describe(self, language: str = "fr") -> str:
        """A detailed reading: "Full aux As par les Rois" / "Full house, Aces full of Kings"."""
        return _describe(self, language)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, HandValue):
            return NotImplemented
        return self.strength == other.strength

    def __lt__(self, other: HandValue) -> bool:
        return self.strength < other.strength

    def __hash__(self) -> int:
        return hash(self.strength)

    def __str__(self) -> str:
        return f"{self.label_en} ({''.join(str(card) for card in self.best_five)})"


def evaluate(cards: CardsLike) -> HandValue:
    """Evaluate the best five-card hand among 5, 6 or 7 cards."""
    hand = to_cards(cards)
    rank_function = _RANK_FUNCTIONS.get(len(hand))
    if rank_function is None:
        raise PokerfloorError("BAD_CARD_COUNT", {"count": len(hand)})
    rank = rank_function(*hand)
    if len(hand) == 5:
        five: tuple[Card, ...] = hand
    else:
        five = next(combo for combo in combinations(hand, 5) if rank5(*combo) == rank)
    category = category_of_rank(rank)
    return HandValue(WORST_RANK + 1 - rank, category, _display_order(five, category))


def _display_order(five: Sequence[Card], category: Category) -> tuple[Card, ...]:
    """Order five cards as a player reads them: bigger groups first, then higher ranks."""
    counts: dict[int, int] = {}
    for card in five:
        counts[card.rank] = counts.get(card.rank, 0) + 1
    ordered = sorted(five, key=lambda card: (counts[card.rank], card.rank, card.suit), reverse=True)
    is_wheel = category in (Category.STRAIGHT, Category.STRAIGHT_FLUSH) and {
        card.rank for card in five
    } == {Rank.ACE, Rank.TWO, Rank.THREE, Rank.FOUR, Rank.FIVE}
    if is_wheel:  # the ace plays low in A-2-3-4-5
        ordered = ordered[1:] + ordered[:1]
    return tuple(ordered)


def _describe(value: HandValue, language: str) -> str:
    five = value.best_five
    french = language == "fr"
    category = value.category
    label = value.label(language)

    def name(rank: Rank, plural: bool) -> str:
        return _RANK_NAMES[rank][(0 if french else 2) + plural]

    def of(rank: Rank) -> str:  # French elision: "Paire d'As", "Brelan de Rois"
        word = name(rank, True)
        return f"d'{word}" if word[0] in "AEIOU" else f"de {word}"  # h aspiré: de Huit

    top = five[0].rank
    if category in (Category.STRAIGHT, Category.STRAIGHT_FLUSH, Category.FLUSH):
        return (
            f"{label} hauteur {name(top, False)}" if french else f"{label}, {name(top, False)}-high"
        )
    if category is Category.HIGH_CARD:
        return f"{label} {name(top, False)}" if french else f"{label}, {name(top, False)}"
    if category in (Category.PAIR, Category.THREE_OF_A_KIND, Category.FOUR_OF_A_KIND):
        return f"{label} {of(top)}" if french else f"{label}, {name(top, True)}"
    low = five[2].rank if category is Category.TWO_PAIR else five[3].rank
    if category is Category.TWO_PAIR:
        if french:
            return f"{label} {name(top, True)} et {name(low, True)}"
        return f"{label}, {name(top, True)} and {name(low, True)}"
    if french:
        return f"{label} aux {name(top, True)} par les {name(low, True)}"
    return f"{label}, {name(top, True)} full of {name(low, True)}"


Key = TypeVar("Key", bound=Hashable)


@overload
def compare(hands: Mapping[Key, CardsLike], board: CardsLike = ...) -> tuple[Key, ...]: ...
@overload
def compare(hands: Sequence[CardsLike], board: CardsLike = ...) -> tuple[int, ...]: ...
def compare(
    hands: Mapping[Key, CardsLike] | Sequence[CardsLike], board: CardsLike = ()
) -> tuple[Key, ...] | tuple[int, ...]:
    """Return the winners among several hands on one board (every tied hand included).

    ``hands`` maps a key (a player name, a seat) to hole cards, or is a sequence of hole cards,
    in which case the winners are given as indices. No card may appear twice across all hands.
    """
    board_cards = to_cards(board)
    keyed: list[tuple[object, tuple[Card, ...]]]
    if isinstance(hands, Mapping):
        keyed = [(key, to_cards(hole)) for key, hole in hands.items()]
    else:
        keyed = [(index, to_cards(hole)) for index, hole in enumerate(hands)]
    if not keyed:
        raise PokerfloorError("NO_HANDS")
    check_distinct([card for _, hole in keyed for card in hole] + list(board_cards))
    values = [(key, evaluate(hole + board_cards)) for key, hole in keyed]
    best = max(value for _, value in values)
    return tuple(key for key, value in values if value == best)  # type: ignore[return-value]
