"""The cryptographic shuffle of a dealt table: the deck order and the per-hand secret.

The application layer draws them from the operating system (``secrets``) and gives them to the
core inside ``pokerfloor.dealt.DealHand``; the core never draws a random number.
"""

from __future__ import annotations

import secrets

from pokerfloor.dealt.commitment import DECK_SIZE

SECRET_BYTES = 32


def shuffled_deck() -> tuple[int, ...]:
    """A uniformly random order of the 52 cards (Fisher-Yates with ``secrets.randbelow``)."""
    deck = list(range(DECK_SIZE))
    for last in range(DECK_SIZE - 1, 0, -1):
        pick = secrets.randbelow(last + 1)
        deck[last], deck[pick] = deck[pick], deck[last]
    return tuple(deck)


def new_secret() -> str:
    """A fresh per-hand secret, hexadecimal (256 bits)."""
    return secrets.token_hex(SECRET_BYTES)
