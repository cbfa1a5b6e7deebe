"""A hand finished during a break is always reportable (tda-2024 R23: a hand is played at the
level in force when it began). When the break comes within the shuffle's ``SHUFFLE_MS`` of a
table's last report, the report made during the break proves the table's hand began before
it: it is accepted at the level before the break, and the table's next hand stays planned."""

from __future__ import annotations

import pytest

from pokerfloor.app import read_models
from pokerfloor.errors import PokerfloorError
from pokerfloor.tournament._hands import SHUFFLE_MS
from pokerfloor.tournament.clock import AdjustClock
from tests.tournament.test_corrections import replayed
from tests.tournament.test_entries import started

MINUTE = 60_000
BREAK_STARTS = 4 * 20 * MINUTE  # club-rebuy: the break after level 4


def report_even_hand(tournament: object, table_no: int, now_ms: int) -> int:
    """Report the table's next hand at ``now_ms`` (nobody's stack changed); its level."""
    plan = tournament.hands.plan_next(table_no, now_ms)  # type: ignore[attr-defined]
    final = {player: stack for _, player, stack in plan.seats}
    tournament.hands.record(plan, final, now_ms)  # type: ignore[attr-defined]
    return int(plan.level.number)


def test_a_hand_reported_just_before_the_break_is_followed_by_one_reportable_in_it() -> None:
    tournament, _ = started(12)
    table_no = 1
    report_even_hand(tournament, table_no, BREAK_STARTS - 5_000)  # 5 s before the break
    during_break = BREAK_STARTS + 3 * MINUTE
    plan = tournament.hands.plan_next(table_no, during_break)
    assert plan.started_at_ms == BREAK_STARTS - 1
    assert plan.level.number == 4
    # The seating chart (the captain's phone, the console) keeps the table's next hand.
    chart = read_models.seating_chart(tournament, during_break)
    next_hand = chart["tables"][0]["next_hand"]
    assert next_hand is not None and next_hand["started_at_ms"] == BREAK_STARTS - 1
    assert report_even_hand(tournament, table_no, during_break) == 4
    replayed(tournament)


def test_the_td_ending_the_level_early_leaves_the_table_s_hand_reportable() -> None:
    tournament, _ = started(12)
    table_no = 1
    last_report = 70 * MINUTE  # level 4, 10 minutes left
    report_even_hand(tournament, table_no, last_report)
    ended_early = last_report + SHUFFLE_MS // 2  # the TD ends level 4 within the shuffle
    tournament.clock_command(AdjustClock(-20 * MINUTE, ended_early))
    during_break = ended_early + MINUTE
    plan = tournament.hands.plan_next(table_no, during_break)
    assert plan.started_at_ms == ended_early - 1 and plan.level.number == 4
    assert report_even_hand(tournament, table_no, during_break) == 4
    # The hand after it was dealt when play resumed: the level after the break.
    after_break = ended_early + 15 * MINUTE + MINUTE
    assert report_even_hand(tournament, table_no, after_break) == 5


def test_a_table_idle_through_the_break_plays_its_next_hand_after_it() -> None:
    tournament, _ = started(12)
    table_no = 1
    report_even_hand(tournament, table_no, BREAK_STARTS - 5_000)
    after_break = BREAK_STARTS + 15 * MINUTE + 2 * MINUTE
    assert report_even_hand(tournament, table_no, after_break) == 5


def test_a_table_free_during_the_break_waits_for_its_end() -> None:
    tournament, _ = started(12)
    table_no = 1
    report_even_hand(tournament, table_no, BREAK_STARTS - 5_000)
    report_even_hand(tournament, table_no, BREAK_STARTS + MINUTE)  # the hand of before
    with pytest.raises(PokerfloorError) as caught:
        tournament.hands.plan_next(table_no, BREAK_STARTS + 2 * MINUTE)
    assert caught.value.code == "ON_BREAK"
