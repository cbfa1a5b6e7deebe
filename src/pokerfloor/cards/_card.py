"""Cards as small integers, with parsing and formatting.

A card is the integer ``(rank - 2) * 4 + suit``: the same numbering as the phevaluator library,
so cards go to the evaluator without conversion. Suits are numbered clubs < diamonds < hearts <
spades, which is also the suit order used to break ties in card draws (Robert's Rules 3.7).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from enum import IntEnum

from pokerfloor.errors import PokerfloorError


class Rank(IntEnum):
    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14

    @property
    def symbol(self) -> str:
        return RANK_SYMBOLS[self - 2]


class Suit(IntEnum):
    """Suits in ascending draw order: spades > hearts > diamonds > clubs (Robert's Rules 3.7)."""

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3

    @property
    def symbol(self) -> str:
        return SUIT_SYMBOLS[self]


RANK_SYMBOLS = "23456789TJQKA"
SUIT_SYMBOLS = "cdhs"
_RANK_BY_SYMBOL = {symbol: index for index, symbol in enumerate(RANK_SYMBOLS)}
_SUIT_BY_SYMBOL = {symbol: index for index, symbol in enumerate(SUIT_SYMBOLS)}
_CARD_TOKEN = re.compile(r"(10|[2-9tjqka])([shdc])", re.IGNORECASE)
_ACCEPTED = "a rank (2-9, T, J, Q, K, A) followed by a suit (s, h, d, c), e.g. As or Td"


class Card(int):
    """One of the 52 cards; an ``int`` from 0 (2c) to 51 (As)."""

    __slots__ = ()

    def __new__(cls, value: int | str) -> Card:
        if isinstance(value, str):
            return parse_card(value)
        if not 0 <= value < 52:
            raise PokerfloorError("BAD_CARD", {"card": value})
        return _CARDS[value]

    @classmethod
    def of(cls, rank: Rank, suit: Suit) -> Card:
        return _CARDS[(rank - 2) * 4 + suit]

    @property
    def rank(self) -> Rank:
        return Rank(self // 4 + 2)

    @property
    def suit(self) -> Suit:
        return Suit(self % 4)

    def __str__(self) -> str:
        return RANK_SYMBOLS[self // 4] + SUIT_SYMBOLS[self % 4]

    def __repr__(self) -> str:
        return f"Card({str(self)!r})"


_CARDS: list[Card] = [int.__new__(Card, number) for number in range(52)]

CardsLike = str | Iterable[int]


def parse_card(text: str) -> Card:
    """Parse one card such as ``As``, ``td`` or ``10h`` (case-insensitive)."""
    token = text.strip()
    match = _CARD_TOKEN.fullmatch(token)
    if match is None:
        raise PokerfloorError("BAD_CARD", {"card": text})
    rank_text = match.group(1).upper()
    rank_index = _RANK_BY_SYMBOL["T" if rank_text == "10" else rank_text]
    return _CARDS[rank_index * 4 + _SUIT_BY_SYMBOL[match.group(2).lower()]]


def parse_cards(text: str) -> tuple[Card, ...]:
    """Parse ``AsKd``, ``As Kd`` or ``as,kd``; refuse bad tokens and duplicated cards."""
    compact = re.sub(r"[\s,]+", "", text)
    cards: list[Card] = []
    position = 0
    while position < len(compact):
        match = _CARD_TOKEN.match(compact, position)
        if match is None:
            bad = compact[position : position + 2] or compact[position:]
            raise PokerfloorError("BAD_CARD", {"card": bad, "text": text})
        cards.append(parse_card(match.group(0)))
        position = match.end()
    return check_distinct(cards)


def to_cards(cards: CardsLike) -> tuple[Card, ...]:
    """Accept a string or an iterable of card integers and return distinct Cards."""
    if isinstance(cards, str):
        return parse_cards(cards)
    return check_distinct([Card(card) for card in cards])


def check_distinct(cards: Sequence[Card]) -> tuple[Card, ...]:
    seen: set[int] = set()
    for card in cards:
        if card in seen:
            raise PokerfloorError("DUPLICATE_CARD", {"card": str(card)})
        seen.add(card)
    return tuple(cards)


def format_cards(cards: Iterable[int], separator: str = "") -> str:
    """Format cards as ``AsKd`` (or with a separator, ``As Kd``)."""
    return separator.join(str(Card(card)) for card in cards)


FULL_DECK: tuple[Card, ...] = tuple(_CARDS)
