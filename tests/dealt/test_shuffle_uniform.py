"""Issue 32 item 5: the deck is shuffled from one draw of bytes per deal (Fisher-Yates with
rejection sampling), still uniform. The seeded shuffler goes through the same code path as
``secrets``, so its decks test the method; the operating system's bytes are then trusted."""

from __future__ import annotations

import secrets
from collections.abc import Callable

import pytest

from pokerfloor.app import shuffle
from pokerfloor.app.shuffle import SecretsShuffler, SeededShuffler
from pokerfloor.dealt.commitment import DECK_SIZE

DECKS = 20_000
# The chi-square of a card's 52 positions has 51 degrees of freedom: 99.9 % of uniform
# samples stay below 87.97; 52 cards are tested, so the bound is that of 99.999 % (about
# 100.9) to keep a false alarm below one run in two thousand. A seeded run is fixed anyway.
CHI_SQUARE_BOUND = 101.0


def _chi_squares(decks: list[tuple[int, ...]]) -> list[float]:
    """For each card, the chi-square of how often it lands at each position."""
    counts = [[0] * DECK_SIZE for _ in range(DECK_SIZE)]
    for deck in decks:
        for position, card in enumerate(deck):
            counts[card][position] += 1
    expected = len(decks) / DECK_SIZE
    return [sum((seen - expected) ** 2 / expected for seen in row) for row in counts]


def test_every_seeded_deck_is_a_permutation_and_each_card_lands_uniformly_on_each_position() -> (
    None
):
    source = SeededShuffler(32)
    decks = [source.deck() for _ in range(DECKS)]
    assert all(sorted(deck) == list(range(DECK_SIZE)) for deck in decks)
    squares = _chi_squares(decks)
    assert max(squares) < CHI_SQUARE_BOUND, max(squares)
    # The mean of 52 chi-squares of 51 degrees of freedom is close to 51.
    assert 45 < sum(squares) / DECK_SIZE < 57


def test_the_byte_shuffle_rejects_the_bytes_that_would_favour_low_remainders() -> None:
    """Bytes all equal to 255 are rejected for every size that does not divide 256; the deck
    still comes out, from the bytes drawn after them."""
    calls: list[int] = []
    seeded = SeededShuffler(7)

    def draw(count: int) -> bytes:
        calls.append(count)
        return b"\xff" * count if len(calls) == 1 else seeded._random.randbytes(count)

    deck = shuffle._fisher_yates(draw)
    assert sorted(deck) == list(range(DECK_SIZE))
    assert len(calls) > 1  # the first draw's 255s were refused, more bytes were drawn


def test_one_draw_of_bytes_shuffles_a_deck_nearly_always() -> None:
    counted: list[int] = []
    source = SeededShuffler(3)

    def draw(count: int) -> bytes:
        counted.append(count)
        return source._random.randbytes(count)

    for _ in range(1_000):
        shuffle._fisher_yates(draw)
    assert len(counted) < 1_020  # about 1 % of decks need a second draw


def test_the_secrets_shuffler_draws_its_deck_from_token_bytes(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    drawn: list[int] = []
    real: Callable[[int], bytes] = secrets.token_bytes

    def counting(count: int) -> bytes:
        drawn.append(count)
        return real(count)

    monkeypatch.setattr(shuffle.secrets, "token_bytes", counting)
    deck = SecretsShuffler().deck()
    assert sorted(deck) == list(range(DECK_SIZE)) and drawn
