"""High-card draws for the button or seats: suits break ties (Robert's Rules 3.7) or a redraw
(heavenpoker 5.2-5.3)."""

from __future__ import annotations

import pytest

from pokerfloor.cards import Deck, high_card_draw
from pokerfloor.errors import PokerfloorError


def test_highest_card_wins_the_draw() -> None:
    result = high_card_draw(["A", "B", "C"], Deck("7c Kd 2s"))
    assert result.winner == "B"
    assert result.order == ("B", "A", "C")


def test_roberts_3_7_tie_broken_by_suit_spades_first() -> None:
    result = high_card_draw(["A", "B", "C", "D"], Deck("Kc Kh Ks Kd"), tie_break="suits")
    assert result.order == ("C", "B", "D", "A")
    assert result.citations == ("roberts 3.7",)
    assert len(result.rounds) == 1


def test_heavenpoker_5_3_tie_is_redrawn_ignoring_suits() -> None:
    # A and C tie with kings; they draw again: A gets 3c, C gets 9d, so C wins.
    result = high_card_draw(["A", "B", "C"], Deck("Kc 5s Ks 3c 9d"), tie_break="redraw")
    assert result.winner == "C"
    assert result.order == ("C", "A", "B")
    assert len(result.rounds) == 2
    assert result.citations == ("heavenpoker 5.2", "heavenpoker 5.3")


def test_redraw_repeats_until_the_tie_is_broken() -> None:
    result = high_card_draw(["A", "B"], Deck("Kc Ks 4c 4d 2c 8h"), tie_break="redraw")
    assert result.winner == "B"
    assert len(result.rounds) == 3


def test_unknown_tie_break_is_refused() -> None:
    with pytest.raises(PokerfloorError) as caught:
        high_card_draw(["A"], Deck("As"), tie_break="coin")  # type: ignore[arg-type]
    assert caught.value.code == "BAD_TIE_BREAK"
