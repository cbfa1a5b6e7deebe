"""Issue 30 item 1: when the add-on window open now closes is the aggregate's answer
(``add_ons.window_closes_at``: with the level or break in force), which the captain's page
counts down, instead of adding the clock's time left itself."""

from __future__ import annotations

from pokerfloor.tournament.clock import PauseClock
from tests.tournament.test_addon_window import BREAK_STARTS, IN_THE_BREAK, MINUTE
from tests.tournament.test_entries import started

BREAK_ENDS = BREAK_STARTS + 15 * MINUTE  # club-rebuy: a 15-minute break after level 4


def test_issue_30_item_1_the_add_on_window_closes_with_the_break() -> None:
    tournament, _ = started(12)
    assert tournament.add_ons.window_closes_at(BREAK_STARTS - 1) is None  # not open yet
    assert tournament.add_ons.window_closes_at(IN_THE_BREAK) == BREAK_ENDS
    assert tournament.add_ons.window_closes_at(BREAK_ENDS + 1) is None  # closed


def test_issue_30_item_1_a_td_window_closes_with_the_level_and_a_pause_stops_the_count() -> None:
    tournament, _ = started(12)
    during_level_5 = BREAK_ENDS + 2 * MINUTE
    tournament.add_ons.open_window("the break was taken late", during_level_5)
    assert tournament.add_ons.window_closes_at(during_level_5) == BREAK_ENDS + 20 * MINUTE
    tournament.clock_command(PauseClock(during_level_5 + MINUTE))
    assert tournament.add_ons.window_closes_at(during_level_5 + 2 * MINUTE) is None
