"""The dealt core's rules on a TD's dispute ruling (``dealt.disputes``), asked of a real table:
when it corrects the stacks at once, when it must wait for the hand in progress, when it is
refused (tda-2024 R1: the TD stops the play to decide), and what waits or lapses."""

from __future__ import annotations

import pytest

from pokerfloor.dealt.disputes import (
    DISPUTE_CITATIONS,
    DisputeRuled,
    DisputeSettled,
    applies_at_once,
    lapsing,
    waiting_totals,
)
from pokerfloor.errors import PokerfloorError
from tests.dealt._sitngo import play_until, sit_and_go


def _ruled(hand_no: int, transfers: tuple[tuple[str, int], ...], applied: bool) -> DisputeRuled:
    return DisputeRuled(1, hand_no, transfers, "why", "TD", DISPUTE_CITATIONS, 0, applied)


def test_tda_2024_r1_a_ruling_on_the_hand_in_progress_needs_the_table_paused() -> None:
    dealt, _clock = sit_and_go(players=4)
    dealt.tick("sng")
    table = dealt.table("sng", 1)
    assert table.in_hand and table.hand_no == 1
    with pytest.raises(PokerfloorError) as playing:
        applies_at_once(table, 1, 1, recorded=0)
    assert playing.value.code == "DISPUTE_NEEDS_PAUSE"
    assert playing.value.params == {"table_no": 1, "hand_no": 1}
    table.paused_at_ms = 1  # the TD paused it: the ruling waits for the hand's record
    assert applies_at_once(table, 1, 1, recorded=0) is False


def test_a_ruling_names_the_table_s_current_or_last_hand_only() -> None:
    dealt, _clock = sit_and_go(players=4)
    table = dealt.table("sng", 1)
    with pytest.raises(PokerfloorError) as none_yet:
        applies_at_once(table, 1, 1, recorded=0)
    assert none_yet.value.code == "DISPUTE_NO_SUCH_HAND"
    dealt.tick("sng")
    table = dealt.table("sng", 1)
    table.paused_at_ms = 1
    for hand_no in (0, 2):
        with pytest.raises(PokerfloorError) as other:
            applies_at_once(table, 1, hand_no, recorded=0)
        assert other.value.code == "DISPUTE_NO_SUCH_HAND"
        assert other.value.params == {"table_no": 1, "hand_no": hand_no, "hands": 1}


def test_between_hands_a_ruling_applies_at_once_only_once_the_hand_is_recorded() -> None:
    dealt, clock = sit_and_go(players=4)

    def over() -> bool:
        table = dealt.table("sng", 1)
        return table.hand_no == 1 and not table.in_hand

    play_until(dealt, clock, over, skip_seat=lambda table_no, seat_no: True)
    table = dealt.table("sng", 1)
    assert applies_at_once(table, 1, 1, recorded=1) is True
    assert applies_at_once(table, 1, 1, recorded=0) is False  # the record is still to come


def test_the_rulings_made_during_a_hand_are_settled_together_once() -> None:
    disputes: list[DisputeRuled | DisputeSettled] = [
        _ruled(4, (("p1", 100), ("p2", -100)), applied=False),
        _ruled(4, (("p2", 30), ("p3", -30)), applied=False),
        _ruled(3, (("p1", 5), ("p3", -5)), applied=True),  # an earlier hand, applied at once
        _ruled(5, (("p1", 7), ("p2", -7)), applied=False),  # another hand
    ]
    waiting, totals = waiting_totals(disputes, 1, 4)
    assert waiting == disputes[:2]
    assert totals == {"p1": 100, "p2": -70, "p3": -30}
    assert sum(totals.values()) == 0
    disputes.append(DisputeSettled(1, 4, True, "", 0))
    assert waiting_totals(disputes, 1, 4) == ([], {})  # settled once
    assert waiting_totals(disputes, 2, 4) == ([], {})  # another table


def test_tda_2024_r35_a_voided_hand_s_waiting_rulings_lapse_once() -> None:
    disputes: list[DisputeRuled | DisputeSettled] = [
        _ruled(4, (("p1", 100), ("p2", -100)), applied=False)
    ]
    assert lapsing(disputes, 1, 4)
    assert not lapsing(disputes, 1, 3)
    disputes.append(DisputeSettled(1, 4, False, "HAND_VOID", 0))
    assert not lapsing(disputes, 1, 4)
