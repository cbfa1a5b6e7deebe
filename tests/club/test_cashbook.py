"""The club's cash book: card fees, deposits, entries, fines, hand-written lines."""

from __future__ import annotations

import pytest

from pokerfloor.club.cashbook import CASH_COLUMNS
from pokerfloor.errors import PokerfloorError
from tests.club._club import DAY0, EVENING, HOUR, club_with


def test_the_cash_book_lists_every_movement_with_totals() -> None:
    club = club_with(3, capacity=2)  # three Diamant cards from 2026-01-01: 220.- each
    club.register("e1", "1", DAY0)
    club.register("e1", "2", DAY0)
    club.register("e1", "3", DAY0, present=True, deposit_cents=5000, method="twint")
    club.check_in("e1", "1", EVENING - HOUR, method="cash")
    club.pay(1500, EVENING, note="canteen", method="cash")
    club.refund(1000, EVENING, member_id="2", note="broken glass paid twice")
    totals = club.cash_totals()
    assert totals.by_kind["card_fee"] == 3 * 22000
    assert totals.by_kind["deposit"] == 5000
    assert totals.by_kind["entry"] == 5000
    assert totals.by_kind["other"] == 1500 and totals.by_kind["refund"] == -1000
    assert totals.balance_cents == 66000 + 5000 + 5000 + 1500 - 1000
    assert totals.received_cents - totals.paid_out_cents == totals.balance_cents
    rows = club.cash_rows()
    assert tuple(rows[0]) == CASH_COLUMNS
    assert rows[-1]["kind"] == "refund" and rows[-1]["name"] == "Joueur 2"
    assert rows[0]["date"] == "2026-03-10"
    assert [r["kind"] for r in club.cash_rows("e1")] == ["deposit", "entry"]


def test_a_hand_written_line_needs_an_amount_and_a_refund_a_reason() -> None:
    club = club_with(1)
    with pytest.raises(PokerfloorError) as zero:
        club.pay(0, DAY0)
    assert zero.value.code == "CLUB_BAD_AMOUNT"
    with pytest.raises(PokerfloorError) as why:
        club.refund(100, DAY0)
    assert why.value.code == "CLUB_BAD_TEXT"
