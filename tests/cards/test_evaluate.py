"""Hand evaluation: the five-card census, agreement with eval7, best five, wheels, compare."""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations, starmap

import eval7
import pytest
from hypothesis import given
from hypothesis import strategies as st

from pokerfloor.cards import (
    FULL_DECK,
    Card,
    Category,
    category_of_rank,
    compare,
    evaluate,
    format_cards,
    parse_cards,
    rank5,
    rank7,
)
from pokerfloor.errors import PokerfloorError

FIVE_CARD_COUNTS = {
    Category.STRAIGHT_FLUSH: 40,
    Category.FOUR_OF_A_KIND: 624,
    Category.FULL_HOUSE: 3_744,
    Category.FLUSH: 5_108,
    Category.STRAIGHT: 10_200,
    Category.THREE_OF_A_KIND: 54_912,
    Category.TWO_PAIR: 123_552,
    Category.PAIR: 1_098_240,
    Category.HIGH_CARD: 1_302_540,
}

SEVEN_CARD_COUNTS = {
    Category.STRAIGHT_FLUSH: 41_584,
    Category.FOUR_OF_A_KIND: 224_848,
    Category.FULL_HOUSE: 3_473_184,
    Category.FLUSH: 4_047_644,
    Category.STRAIGHT: 6_180_020,
    Category.THREE_OF_A_KIND: 6_461_620,
    Category.TWO_PAIR: 31_433_400,
    Category.PAIR: 58_627_800,
    Category.HIGH_CARD: 23_294_460,
}


def census(size: int) -> tuple[Counter[Category], int]:
    """Evaluate every hand of ``size`` cards; count categories and distinct values."""
    rank_function = rank5 if size == 5 else rank7
    ranks = Counter(starmap(rank_function, combinations(range(52), size)))
    categories: Counter[Category] = Counter()
    for rank, count in ranks.items():
        categories[category_of_rank(rank)] += count
    return categories, len(ranks)


def test_all_2_598_960_five_card_hands_fall_in_the_known_categories() -> None:
    categories, distinct = census(5)
    assert dict(categories) == FIVE_CARD_COUNTS
    assert sum(categories.values()) == 2_598_960
    assert distinct == 7_462


@pytest.mark.slow
def test_all_133_784_560_seven_card_hands_fall_in_the_known_categories() -> None:
    categories, distinct = census(7)
    assert dict(categories) == SEVEN_CARD_COUNTS
    assert sum(categories.values()) == 133_784_560
    assert distinct == 4_824


EVAL7_CATEGORY = {
    "High Card": Category.HIGH_CARD,
    "Pair": Category.PAIR,
    "Two Pair": Category.TWO_PAIR,
    "Trips": Category.THREE_OF_A_KIND,
    "Straight": Category.STRAIGHT,
    "Flush": Category.FLUSH,
    "Full House": Category.FULL_HOUSE,
    "Quads": Category.FOUR_OF_A_KIND,
    "Straight Flush": Category.STRAIGHT_FLUSH,
}


def test_agrees_with_eval7_on_100_000_random_seven_card_hands() -> None:
    rng = random.Random(20261122)
    eval7_deck = [eval7.Card(str(card)) for card in FULL_DECK]
    ours: list[int] = []
    theirs: list[int] = []
    for _ in range(100_000):
        hand = rng.sample(range(52), 7)
        value = evaluate(hand)
        their_value = eval7.evaluate([eval7_deck[card] for card in hand])
        assert value.category is EVAL7_CATEGORY[eval7.handtype(their_value)]
        ours.append(value.strength)
        theirs.append(their_value)
    # Both orderings agree: equal values are equal for both, and larger is larger for both.
    pairs = sorted(set(zip(ours, theirs, strict=True)))
    assert len({mine for mine, _ in pairs}) == len(pairs) == len({other for _, other in pairs})
    assert [other for _, other in pairs] == sorted(other for _, other in pairs)


@given(st.lists(st.sampled_from(FULL_DECK), min_size=5, max_size=7, unique=True))
def test_best_five_really_makes_the_value(cards: list[Card]) -> None:
    value = evaluate(cards)
    assert len(value.best_five) == 5
    assert set(value.best_five) <= set(cards)
    assert evaluate(value.best_five) == value
    assert rank5(*value.best_five) == value.rank


@given(st.lists(st.sampled_from(FULL_DECK), min_size=7, max_size=7, unique=True), st.randoms())
def test_the_order_of_the_cards_does_not_matter(cards: list[Card], rng: random.Random) -> None:
    shuffled = list(cards)
    rng.shuffle(shuffled)
    assert evaluate(cards) == evaluate(shuffled)


def test_wheel_is_the_lowest_straight() -> None:
    wheel = evaluate("As 2d 3c 4h 5s")
    assert wheel.category is Category.STRAIGHT
    assert format_cards(wheel.best_five) == "5s4h3c2dAs"
    assert wheel < evaluate("2d 3c 4h 5s 6c")
    assert wheel > evaluate("As Ad Ac Kd 2c")  # any straight beats three of a kind


def test_steel_wheel_is_the_lowest_straight_flush() -> None:
    steel = evaluate("Ah 2h 3h 4h 5h Kc Kd")
    assert steel.category is Category.STRAIGHT_FLUSH
    assert format_cards(steel.best_five) == "5h4h3h2hAh"
    assert steel < evaluate("2s 3s 4s 5s 6s")
    assert steel > evaluate("Ac Ad Ah As Kd")


def test_categories_carry_french_and_english_labels() -> None:
    assert evaluate("AsKsQsJsTs").label_fr == "Quinte flush"
    assert evaluate("AsKsQsJsTs").label_en == "Straight flush"
    assert evaluate("AsAdAcKsKd").label_fr == "Full"
    assert evaluate("AsAdAcKsKd").label_en == "Full house"
    assert evaluate("AsAdKcKd9h").label_fr == "Double paire"
    assert evaluate("AsAdKcKd9h").label_en == "Two pair"
    assert evaluate("AsAdAcKsKd").describe("fr") == "Full aux As par les Rois"
    assert evaluate("AsAdAcKsKd").describe("en") == "Full house, Aces full of Kings"
    assert evaluate("AsAdAc9s2d").describe("fr") == "Brelan d'As"


def test_values_are_totally_ordered_and_equal_across_suits() -> None:
    assert evaluate("AsKd QhJcTs") == evaluate("AcKh QdJsTc")
    assert evaluate("AsKdQhJcTs") > evaluate("KsQdJhTc9s")
    assert evaluate("AsKdQhJcTs").category.key == "straight"


@pytest.mark.parametrize("text", ["AsKdQhJc", "AsKdQhJcTs9s8s7s"])
def test_wrong_number_of_cards_is_refused(text: str) -> None:
    with pytest.raises(PokerfloorError) as caught:
        evaluate(text)
    assert caught.value.code == "BAD_CARD_COUNT"


def test_compare_returns_the_single_winner() -> None:
    assert compare({"A": "AsAh", "B": "KsKh"}, "AdKd2c3c4h") == ("A",)


def test_compare_returns_every_tied_winner() -> None:
    # A and B both make the same broadway straight; C's trips lose.
    assert compare({"A": "Ts3c", "B": "Td4c", "C": "AsAc"}, "Ah Kd Qc Js 2h") == ("A", "B")


def test_compare_accepts_a_sequence_and_returns_indices() -> None:
    assert compare(["2s2h", "AsAh"], parse_cards("Kd Qd 7c 4h 3d")) == (1,)


def test_compare_refuses_a_card_used_twice() -> None:
    with pytest.raises(PokerfloorError) as caught:
        compare({"A": "AsAh", "B": "AsKh"}, "2c3c4c5d9h")
    assert caught.value.code == "DUPLICATE_CARD"
