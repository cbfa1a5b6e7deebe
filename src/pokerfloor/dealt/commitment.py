"""The shuffle's commitment: SHA-256 of the deck order (one byte per card) then the secret.

Published at the deal, it binds the table to one deck order without showing it; the order and
the secret published after the hand let anyone recompute it (``pokerfloor verify-deck``).
"""

from __future__ import annotations

import hashlib
import hmac
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
        raise PokerfloorError("BAD_DECK_ORDER", {"count": len(order), "expected": DECK_SIZE})
    return order


def secret_bytes(secret_hex: str) -> bytes:
    """The per-hand secret, written as hexadecimal, at least ``MIN_SECRET_BYTES`` bytes."""
    try:
        raw = bytes.fromhex(secret_hex)
    except ValueError:
        raise PokerfloorError("BAD_SECRET", {"expected": "hex"}) from None
    if len(raw) < MIN_SECRET_BYTES:
        raise PokerfloorError("BAD_SECRET", {"bytes": len(raw), "minimum": MIN_SECRET_BYTES})
    return raw


def commitment(deck: Sequence[int], secret_hex: str) -> str:
    """``sha256(deck order bytes + secret)`` as lowercase hexadecimal."""
    order = check_deck(deck)
    return hashlib.sha256(deck_bytes(order) + secret_bytes(secret_hex)).hexdigest()


def matches(expected: str, deck: Sequence[int], secret_hex: str) -> bool:
    """Does the published commitment match this deck order and secret?"""
    return commitment(deck, secret_hex) == expected.strip().lower()


# ---- one commitment per card ------------------------------------------------------------
# The whole-deck commitment can only be checked with the whole order, which also shows the
# folded and mucked hands: so it is checked by the TD (and anyone after the TD publishes it).
# Each card is therefore also committed on its own, with a salt of its own derived from the
# hand's secret; after the hand the table publishes, for the cards everyone saw (the board,
# the hands shown), the card and its salt: anyone can check those cards were the ones dealt
# at those places, and the salts tell nothing about the other cards (HMAC-SHA256 of the secret).


def card_salt(secret_hex: str, position: int) -> bytes:
    """The salt of the card at ``position`` (0-51) of the deck: HMAC-SHA256(secret, label +
    position)."""
    label = b"pokerfloor-card:" + bytes([position])
    return hmac.new(secret_bytes(secret_hex), label, hashlib.sha256).digest()


def card_commitment(position: int, card: int, salt: bytes) -> str:
    """``sha256(position byte, card byte, salt)`` as lowercase hexadecimal."""
    return hashlib.sha256(bytes([position, card]) + salt).hexdigest()


def card_commitments(deck: Sequence[int], secret_hex: str) -> tuple[str, ...]:
    """The 52 per-card commitments of a deck order, in deck order (published at the deal)."""
    order = check_deck(deck)
    return tuple(
        card_commitment(position, card, card_salt(secret_hex, position))
        for position, card in enumerate(order)
    )


def card_proof_matches(expected: str, position: int, card: int, salt_hex: str) -> bool:
    """Does the published commitment of ``position`` match this card and salt?"""
    try:
        salt = bytes.fromhex(salt_hex)
    except ValueError:
        return False
    if not (0 <= position < DECK_SIZE and 0 <= card < DECK_SIZE):
        return False
    return card_commitment(position, card, salt) == expected.strip().lower()
