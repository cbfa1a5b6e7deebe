"""The shuffle's commitment: SHA-256 of the deck order (one byte per card) then the secret.

Published at the deal, it binds the table to one deck order without showing it; the order and
the secret published after the hand let anyone recompute it (``pokerfloor verify-deck``).
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Sequence

import msgspec

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


_LABELS = tuple(b"pokerfloor-card:" + bytes([position]) for position in range(DECK_SIZE))


def card_salt(secret_hex: str, position: int) -> bytes:
    """The salt of the card at ``position`` (0-51) of the deck: HMAC-SHA256(secret, label +
    position)."""
    label = b"pokerfloor-card:" + bytes([position])
    return hmac.new(secret_bytes(secret_hex), label, hashlib.sha256).digest()


def card_commitment(position: int, card: int, salt: bytes) -> str:
    """``sha256(position byte, card byte, salt)`` as lowercase hexadecimal."""
    return hashlib.sha256(bytes((position, card)) + salt).hexdigest()


def card_commitments(deck: Sequence[int], secret_hex: str) -> tuple[str, ...]:
    """The 52 per-card commitments of a deck order, in deck order (published at the deal).

    The same salts as ``card_salt``, the secret read once and its HMAC keyed once, then
    copied for each card (issue 32 item 5: a deal's 52 salts were most of its cost)."""
    order = check_deck(deck)
    keyed = hmac.new(secret_bytes(secret_hex), digestmod=hashlib.sha256)
    commitments = []
    for position, card in enumerate(order):
        salted = keyed.copy()
        salted.update(_LABELS[position])
        commitments.append(card_commitment(position, card, salted.digest()))
    return tuple(commitments)


def card_proof_matches(expected: str, position: int, card: int, salt_hex: str) -> bool:
    """Does the published commitment of ``position`` match this card and salt?"""
    try:
        salt = bytes.fromhex(salt_hex)
    except ValueError:
        return False
    if not (0 <= position < DECK_SIZE and 0 <= card < DECK_SIZE):
        return False
    return card_commitment(position, card, salt) == expected.strip().lower()


# ---- checking a hand: one function for the command line and the hand's page ---------------


class ProofCheck(msgspec.Struct, frozen=True):
    """One card proven after the hand: its place, the card, and whether its salt gives back
    the commitment published at the deal for that place."""

    position: int
    card: int
    matches: bool


class DeckCheck(msgspec.Struct, frozen=True):
    """What could be recomputed of a hand's commitments, each part None when its inputs are
    not there (the order and secret are the TD's; the proofs are everyone's).

    ``deck_matches``: sha256(order + secret) against ``commitment``; ``cards_match``: the 52
    per-card commitments recomputed from the order and secret against those published at the
    deal; ``proofs``: each proven card against its place's published commitment."""

    deck_matches: bool | None
    cards_match: bool | None
    proofs: tuple[ProofCheck, ...] = ()

    @property
    def checked(self) -> bool:
        """Something was recomputed."""
        return self.deck_matches is not None or self.cards_match is not None or bool(self.proofs)

    @property
    def ok(self) -> bool:
        """Everything recomputed matches (and something was)."""
        return (
            self.checked
            and self.deck_matches is not False
            and self.cards_match is not False
            and all(proof.matches for proof in self.proofs)
        )


def check_hand(
    published: str,
    card_hashes: Sequence[str] = (),
    deck: Sequence[int] | None = None,
    secret_hex: str | None = None,
    proofs: Sequence[tuple[int, int, str]] = (),
) -> DeckCheck:
    """Recompute what can be of a dealt hand: the deck's commitment and the 52 card
    commitments from the revealed order and secret (``BAD_DECK_ORDER`` / ``BAD_SECRET`` when
    they are not a deck and a secret), each proven card against its place's commitment."""
    deck_matches = cards_match = None
    if deck is not None and secret_hex is not None:
        deck_matches = matches(published, deck, secret_hex)
        if card_hashes:
            recomputed = card_commitments(deck, secret_hex)
            cards_match = len(card_hashes) == DECK_SIZE and all(
                mine == theirs.strip().lower()
                for mine, theirs in zip(recomputed, card_hashes, strict=True)
            )
    checks = tuple(
        ProofCheck(
            position,
            card,
            0 <= position < len(card_hashes)
            and card_proof_matches(card_hashes[position], position, card, salt),
        )
        for position, card, salt in proofs
    )
    return DeckCheck(deck_matches, cards_match, checks)
