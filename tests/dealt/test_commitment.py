"""The shuffle's commitment: sha256(deck order bytes + secret), and the secrets shuffle."""

from __future__ import annotations

import hashlib

import pytest

from pokerfloor.app.shuffle import new_secret, shuffled_deck
from pokerfloor.dealt import commitment, matches
from pokerfloor.errors import PokerfloorError

SECRET = "ab" * 32


def test_commitment_is_sha256_of_one_byte_per_card_then_the_secret() -> None:
    deck = tuple(reversed(range(52)))
    expected = hashlib.sha256(bytes(range(51, -1, -1)) + bytes.fromhex(SECRET)).hexdigest()
    assert commitment(deck, SECRET) == expected


def test_swapping_two_cards_or_changing_the_secret_changes_the_commitment() -> None:
    deck = list(range(52))
    original = commitment(deck, SECRET)
    deck[0], deck[1] = deck[1], deck[0]
    assert commitment(deck, SECRET) != original
    assert commitment(range(52), "ac" + SECRET[2:]) != original
    assert matches(original.upper(), range(52), SECRET)
    assert not matches(original, deck, SECRET)


@pytest.mark.parametrize(
    "deck",
    [tuple(range(51)), (0, *range(51)), tuple(range(1, 53))],
    ids=["51 cards", "a card twice", "card 52"],
)
def test_a_deck_that_is_not_the_52_cards_once_each_is_refused(deck: tuple[int, ...]) -> None:
    with pytest.raises(PokerfloorError) as refused:
        commitment(deck, SECRET)
    assert refused.value.code == "BAD_DECK_ORDER"
    assert refused.value.params["expected"] == 52


@pytest.mark.parametrize("secret", ["ab" * 15, "not hex at all!"])
def test_a_short_or_non_hexadecimal_secret_is_refused(secret: str) -> None:
    with pytest.raises(PokerfloorError) as refused:
        commitment(range(52), secret)
    assert refused.value.code == "BAD_SECRET"


def test_the_application_shuffle_gives_a_full_deck_and_a_256_bit_secret() -> None:
    decks = {shuffled_deck() for _ in range(20)}
    assert all(sorted(deck) == list(range(52)) for deck in decks)
    assert len(decks) == 20  # 20 equal orders out of 52! would mean no shuffle at all
    secret = new_secret()
    assert len(bytes.fromhex(secret)) == 32
    assert new_secret() != secret
