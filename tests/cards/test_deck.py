"""Deck: dealing from a given order or an explicit shuffle, never the global random."""

from __future__ import annotations

import random

import pytest

from pokerfloor.cards import FULL_DECK, Deck, format_cards, parse_cards, shuffled_order
from pokerfloor.errors import PokerfloorError


def test_deck_deals_from_the_given_order() -> None:
    deck = Deck("AsKdQh2c")
    assert format_cards(deck.deal(2)) == "AsKd"
    assert str(deck.burn()) == "Qh"
    assert str(deck.deal_one()) == "2c"
    assert deck.remaining == 0


def test_deck_refuses_to_deal_more_than_it_holds() -> None:
    deck = Deck("AsKd")
    with pytest.raises(PokerfloorError) as caught:
        deck.deal(3)
    assert caught.value.code == "DECK_EXHAUSTED"
    assert deck.remaining == 2  # nothing was dealt


def test_deck_refuses_a_duplicated_order() -> None:
    with pytest.raises(PokerfloorError):
        Deck("AsKdAs")


def test_seeded_shuffle_is_reproducible_and_complete() -> None:
    first = shuffled_order(42)
    assert first == shuffled_order(42)
    assert first != shuffled_order(43)
    assert sorted(first) == list(FULL_DECK)


def test_os_shuffle_gives_a_full_deck_and_varies() -> None:
    orders = {shuffled_order(None) for _ in range(5)}
    assert len(orders) == 5
    assert all(sorted(order) == list(FULL_DECK) for order in orders)


def test_shuffles_never_touch_the_global_random_state() -> None:
    state = random.getstate()
    shuffled_order(7)
    shuffled_order(None)
    Deck.shuffled(1).deal(5)
    assert random.getstate() == state


def test_order_is_kept_for_recording() -> None:
    deck = Deck.shuffled(5)
    deck.deal(10)
    assert deck.order == shuffled_order(5)
    assert list(deck) == list(shuffled_order(5)[10:])
    assert parse_cards(format_cards(deck.order)) == deck.order
