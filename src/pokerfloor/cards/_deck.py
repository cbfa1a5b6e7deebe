"""A deck that deals from a given order or from an explicit shuffle.

The deck never touches the global ``random`` module: a shuffle is driven either by a seed the
caller gives (reproducible, for tests and simulations) or by the operating system's CSPRNG
(for real play). The resulting order is available so it can be recorded in an event.
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Iterator

from pokerfloor.cards._card import FULL_DECK, Card, CardsLike, to_cards
from pokerfloor.errors import PokerfloorError


def shuffled_order(seed: int | str | None = None) -> tuple[Card, ...]:
    """Return the 52 cards shuffled: by ``random.Random(seed)``, or by the OS CSPRNG if None."""
    order = list(FULL_DECK)
    rng: random.Random = secrets.SystemRandom() if seed is None else random.Random(seed)
    rng.shuffle(order)
    return tuple(order)


class Deck:
    """Cards to deal, top first."""

    __slots__ = ("_cards", "_position")

    def __init__(self, order: CardsLike) -> None:
        self._cards = to_cards(order)
        self._position = 0

    @classmethod
    def shuffled(cls, seed: int | None = None) -> Deck:
        return cls(shuffled_order(seed))

    @property
    def order(self) -> tuple[Card, ...]:
        """The whole order the deck was built with, dealt cards included."""
        return self._cards

    @property
    def remaining(self) -> int:
        return len(self._cards) - self._position

    def deal(self, count: int = 1) -> tuple[Card, ...]:
        if count < 0:
            raise PokerfloorError("BAD_COUNT")
        if count > self.remaining:
            raise PokerfloorError("DECK_EXHAUSTED", {"wanted": count, "remaining": self.remaining})
        start = self._position
        self._position += count
        return self._cards[start : self._position]

    def deal_one(self) -> Card:
        return self.deal(1)[0]

    def burn(self) -> Card:
        """Discard the top card face down before a street (the burn card)."""
        return self.deal_one()

    def __iter__(self) -> Iterator[Card]:
        return iter(self._cards[self._position :])

    def __len__(self) -> int:
        return self.remaining
