"""The cryptographic shuffle of a dealt table: the deck order and the per-hand secret.

The application layer draws them from the operating system (``secrets``) and gives them to the
core inside ``pokerfloor.dealt.DealHand``; the core never draws a random number.

Every random draw of the dealt tables (the deck, the hand's secret, the balancing's seed, a
bot's choice) comes from one ``Shuffler`` the service is built with: ``SecretsShuffler`` in
production (``pokerfloor serve`` never takes another), ``SeededShuffler`` for tests and
benches that must replay the same evening. Only a constructor argument of ``DealtService``
(and of ``web.api.create_app``) chooses it: no HTTP field, no setting, no global.
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Callable
from typing import Protocol

from pokerfloor.dealt.commitment import DECK_SIZE

__all__ = [
    "SECRET_BYTES",
    "SecretsShuffler",
    "SeededShuffler",
    "Shuffler",
    "new_secret",
    "shuffled_deck",
]

SECRET_BYTES = 32


class Shuffler(Protocol):
    """Where a dealt table's randomness comes from."""

    def deck(self) -> tuple[int, ...]:
        """A uniformly random order of the 52 cards."""
        ...

    def secret(self) -> str:
        """A fresh per-hand secret, hexadecimal (256 bits)."""
        ...

    def randbits(self, bits: int) -> int:
        """A random non-negative integer of ``bits`` bits (a seed: balancing, a bot)."""
        ...


# One draw of this many bytes shuffles a deck nearly always: the 51 swaps take a byte each,
# plus the bytes rejected (at most 48 of 256 values for any size, about 7 % over a deck);
# more are drawn only when a deck needs them.
_DECK_BYTES = 72
_MORE_BYTES = 16


def _fisher_yates(draw: Callable[[int], bytes]) -> tuple[int, ...]:
    """Fisher-Yates on bytes from ``draw`` (one call per deck nearly always): each swap takes
    a byte below the largest multiple of the remaining size and keeps its remainder
    (rejection sampling), so every order of the 52 cards is equally likely when the bytes are
    uniform."""
    deck = list(range(DECK_SIZE))
    pool = draw(_DECK_BYTES)
    used = 0
    for last in range(DECK_SIZE - 1, 0, -1):
        size = last + 1
        limit = 256 - 256 % size  # bytes at or above it would favour the low remainders
        while True:
            if used == len(pool):
                pool, used = draw(_MORE_BYTES), 0
            byte = pool[used]
            used += 1
            if byte < limit:
                break
        pick = byte % size
        deck[last], deck[pick] = deck[pick], deck[last]
    return tuple(deck)


class SecretsShuffler:
    """The operating system's randomness (``secrets``): what the server deals with."""

    def deck(self) -> tuple[int, ...]:
        return _fisher_yates(secrets.token_bytes)

    def secret(self) -> str:
        return secrets.token_hex(SECRET_BYTES)

    def randbits(self, bits: int) -> int:
        return secrets.randbits(bits)


class SeededShuffler:
    """A deterministic source from ``seed`` (``random.Random``): the same seed deals the same
    decks, secrets and bot choices in the same order. For tests and benches only: its decks
    are predictable, so nothing a player or an HTTP request controls may choose it."""

    def __init__(self, seed: int) -> None:
        self._random = random.Random(seed)

    def deck(self) -> tuple[int, ...]:
        return _fisher_yates(self._random.randbytes)

    def secret(self) -> str:
        return self._random.randbytes(SECRET_BYTES).hex()

    def randbits(self, bits: int) -> int:
        return self._random.getrandbits(bits)


def shuffled_deck() -> tuple[int, ...]:
    """A uniformly random order of the 52 cards (Fisher-Yates on ``secrets.token_bytes``)."""
    return SecretsShuffler().deck()


def new_secret() -> str:
    """A fresh per-hand secret, hexadecimal (256 bits)."""
    return SecretsShuffler().secret()
