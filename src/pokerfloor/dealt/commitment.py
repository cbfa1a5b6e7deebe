"""The shuffle's commitment: SHA-256 of the deck order (one byte per card) then the secret.

Published at the deal, it binds the table to one deck order without showing it; the order and
the secret published after the hand let anyone recompute it (``pokerfloor verify-deck``).
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence

from pokerfloor.errors import PokerfloorError

DECK_SIZE = 52
MIN_SECRET_BYTES = 16  # 128 bits: guessing the secret to test deck orders is hopeless


def deck_bytes(deck: Sequence[int]) -> bytes:
    """The deck order as bytes: card number ``n`` (0-51, ``pokerfloor.cards``) is byte ``n``."""
    return bytes(deck)


def check_deck(deck: Sequence[int]) -> tuple[int, ...]:
    """A full deck in some order: the 52 card numbers 0-51, each once."""
    order = tuple(deck)
    if len(order) != DECK_SIZE or sorted(order) != list(range(DECK_SIZE)):
        raise PokerfloorError(
            "BAD_DECK_ORDER",
            {"count": len(order), "expected": DECK_SIZE},
        )
    return order


def secret_bytes(secret_hex: str) -> bytes:
    """The per-hand secret, written as hexadecimal, at least ``MIN_SECRET_BYTES`` bytes."""
    try:
        raw = bytes.fromhex(secret_hex)
    except ValueError:
        raise PokerfloorError(
            "BAD_SECRET",
            {"expected": "hex"},
        ) from None
    if len(raw) < MIN_SECRET_BYTES:
        raise PokerfloorError(
            "BAD_SECRET",
            {"bytes": len(raw), "minimum": MIN_SECRET_BYTES},
        )
    return raw


def commitment(deck: Sequence[int], secret_hex: str) -> str:
    """``sha256(deck order bytes + secret)`` as lowercase hexadecimal."""
    order = check_deck(deck)
    return hashlib.sha256(deck_bytes(order) + secret_bytes(secret_hex)).hexdigest()


def matches(expected: str, deck: Sequence[int], secret_hex: str) -> bool:
    """Does the published commitment match this deck order and secret?"""
    return commitment(deck, secret_hex) == expected.strip().lower()
