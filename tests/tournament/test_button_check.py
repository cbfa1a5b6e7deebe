"""Issue 30 item 1: what a captain's report of a hand with the button on a seat comes to is the
aggregate's answer (``Hands.button_check``): a second tap on a hand already recorded, a button
elsewhere than the dead-button rules placed it (the TD's ruling, with the plan's articles), or
the report goes ahead; the captain's page only words the answer."""

from __future__ import annotations

import pytest

from pokerfloor.errors import PokerfloorError
from tests.tournament.test_entries import play_even_hand, started


def test_issue_30_item_1_the_button_the_captain_names_against_the_plan() -> None:
    tournament, _ = started(6)
    plan = tournament.hands.plan_next(1, 0)
    expected = plan.button_seat
    other = next(seat for seat in tournament.tables[1].seats if seat != expected)
    same = tournament.hands.button_check(1, plan.hand_no, expected, 0)
    assert (same.verdict, same.expected_button) == ("report", expected)
    moved = tournament.hands.button_check(1, plan.hand_no, other, 0)
    assert (moved.verdict, moved.expected_button) == ("button_elsewhere", expected)
    assert moved.citations == plan.citations and moved.citations  # the positions' articles
    # A report of another hand than the next one is the report's own refusal to make.
    assert tournament.hands.button_check(1, plan.hand_no + 3, other, 0).verdict == "report"
    play_even_hand(tournament, 1, 0)
    again = tournament.hands.button_check(1, plan.hand_no, other, 1)
    assert again.verdict == "recorded"  # a second tap on the hand just recorded


def test_issue_30_item_1_no_button_check_without_a_table() -> None:
    tournament, _ = started(6)
    with pytest.raises(PokerfloorError):
        tournament.hands.button_check(99, 1, 1, 0)
