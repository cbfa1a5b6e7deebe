"""Cards, decks, draws and hand evaluation."""

from pokerfloor.cards._card import (
    FULL_DECK,
    Card,
    CardsLike,
    Rank,
    Suit,
    format_cards,
    parse_card,
    parse_cards,
    to_cards,
)
from pokerfloor.cards._deck import Deck, shuffled_order
from pokerfloor.cards._draw import DrawResult, TieBreak, high_card_draw
from pokerfloor.cards._evaluate import (
    WORST_RANK,
    Category,
    HandValue,
    category_of_rank,
    compare,
    evaluate,
    rank5,
    rank6,
    rank7,
)

__all__ = [
    "FULL_DECK",
    "WORST_RANK",
    "Card",
    "CardsLike",
    "Category",
    "Deck",
    "DrawResult",
    "HandValue",
    "Rank",
    "Suit",
    "TieBreak",
    "category_of_rank",
    "compare",
    "evaluate",
    "format_cards",
    "high_card_draw",
    "parse_card",
    "parse_cards",
    "rank5",
    "rank6",
    "rank7",
    "shuffled_order",
    "to_cards",
]
