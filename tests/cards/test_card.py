"""Cards: parsing, formatting, suit order (Robert's Rules 3.7)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pokerfloor.cards import FULL_DECK, Card, Rank, Suit, format_cards, parse_card, parse_cards
from pokerfloor.errors import PokerfloorError


def test_card_numbers_follow_the_evaluator_numbering() -> None:
    assert int(parse_card("2c")) == 0
    assert int(parse_card("2d")) == 1
    assert int(parse_card("As")) == 51
    assert parse_card("Td").rank is Rank.TEN
    assert parse_card("Td").suit is Suit.DIAMONDS


@pytest.mark.parametrize("text", ["As", "as", "AS", "aS", " As "])
def test_parsing_is_case_insensitive(text: str) -> None:
    assert str(parse_card(text)) == "As"


def test_ten_may_be_written_10() -> None:
    assert parse_card("10h") == parse_card("Th")


@pytest.mark.parametrize("text", ["AsKd", "As Kd", "as kd", "As,Kd", "AS  KD"])
def test_several_cards_parse_with_or_without_separators(text: str) -> None:
    assert format_cards(parse_cards(text)) == "AsKd"


def test_format_with_separator() -> None:
    assert format_cards(parse_cards("AsKdQh"), " ") == "As Kd Qh"


@pytest.mark.parametrize("bad", ["1x", "Ax", "1s", "Z", "", "AsK"])
def test_bad_card_is_refused_with_what_is_accepted(bad: str) -> None:
    with pytest.raises(PokerfloorError) as caught:
        parse_card(bad) if len(bad) <= 2 else parse_cards(bad)
    assert caught.value.code == "BAD_CARD"
    # The catalogue's sentence: the token and how a card is written.
    assert f"“{bad[-1] if bad == 'AsK' else bad}”" in caught.value.message
    assert "write cards like As, Td or 9c" in caught.value.message


def test_bad_token_inside_a_list_is_named() -> None:
    with pytest.raises(PokerfloorError) as caught:
        parse_cards("As 1x Kd")
    assert "“1x” in “As 1x Kd”" in caught.value.message


def test_duplicate_card_is_refused() -> None:
    with pytest.raises(PokerfloorError) as caught:
        parse_cards("As Kd as")
    assert caught.value.code == "DUPLICATE_CARD"
    assert caught.value.params == {"card": "As"}


def test_card_number_out_of_range_is_refused() -> None:
    with pytest.raises(PokerfloorError) as caught:
        Card(52)
    assert caught.value.code == "BAD_CARD"


def test_card_from_string_and_from_number_are_the_same_object() -> None:
    assert Card("As") is Card(51) is FULL_DECK[51]
    assert repr(Card("Td")) == "Card('Td')"


def test_roberts_3_7_suit_order_spades_hearts_diamonds_clubs() -> None:
    assert Suit.SPADES > Suit.HEARTS > Suit.DIAMONDS > Suit.CLUBS
    # Same rank: the card number orders by suit, so a sort is a draw ranking.
    assert parse_card("Ks") > parse_card("Kh") > parse_card("Kd") > parse_card("Kc")


@given(st.lists(st.sampled_from(FULL_DECK), unique=True, max_size=52))
def test_format_then_parse_gives_the_same_cards(cards: list[Card]) -> None:
    assert list(parse_cards(format_cards(cards, " "))) == cards
    assert list(parse_cards(format_cards(cards).lower())) == cards
