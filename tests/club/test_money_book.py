"""The club's one money book in the core (issue 26, items 4 and 6): what the desk collects at a
check-in (entry − deposit + fines, heavenpoker 2.4 and 2.5), the tournaments' lines handed in
by the application, and the reconciliation per day and per season."""

from __future__ import annotations

from pokerfloor.club._base import CashLine
from pokerfloor.club.state import Club
from tests.club._club import DAY, DAY0, EVENING, HOUR, club_with, evening


def fined_with_deposit() -> Club:
    """Member 1 owes a 50.- fine (two late cancellations); member 3 waits for e1 with a 20.-
    deposit and gets the place member 2 gives up."""
    club = club_with(3, capacity=2)
    evening(club, "e0", start=EVENING - 2 * DAY)
    evening(club, "e00", start=EVENING - DAY)
    club.register("e0", "1", DAY0 - 3 * DAY)
    club.cancel_registration("e0", "1", EVENING - 2 * DAY - HOUR)  # a reminder
    club.register("e00", "1", DAY0 - 3 * DAY)
    club.cancel_registration("e00", "1", EVENING - DAY - HOUR)  # a fine
    club.register("e1", "1", DAY0)
    club.register("e1", "2", DAY0)
    club.register("e1", "3", DAY0, present=True, deposit_cents=2000, method="cash")
    club.cancel_registration("e1", "2", DAY0 + HOUR)
    return club


def test_heavenpoker_2_4_2_5_the_amount_due_is_entry_less_deposit_plus_fines() -> None:
    club = fined_with_deposit()
    fined = club.entry_due("e1", "1")
    assert (fined.buy_in_cents, fined.deposit_cents, fined.fines_cents) == (5000, 0, 5000)
    assert fined.total_cents == 10_000
    waited = club.entry_due("e1", "3")
    assert waited.total_cents == 5000 - 2000
    assert club.entry_due("e1", "2").total_cents == 5000  # cancelled: no deposit, no fine


def test_the_amount_shown_at_the_desk_is_what_the_check_in_records() -> None:
    club = fined_with_deposit()
    for member_id in ("1", "3"):
        due = club.entry_due("e1", member_id)
        before = sum(line.cents for line in club.cash_lines)
        checked = club.check_in("e1", member_id, EVENING - HOUR, method="cash")
        collected = sum(line.cents for line in club.cash_lines) - before
        assert collected == due.total_cents
        assert checked.fine_cents == due.fines_cents


def a_rebuy(at_ms: int, cents: int = 5000, kind: str = "tournament_rebuy") -> CashLine:
    return CashLine(
        at_ms, kind, cents, "1", "e1", "cash", "", 0, "Joueur 1", "heaven-e1", "Soirée e1"
    )


def test_tournament_lines_join_the_totals_and_rows_in_time_order() -> None:
    club = fined_with_deposit()
    club.check_in("e1", "1", EVENING - HOUR, method="cash")
    rebuy = a_rebuy(EVENING + HOUR)
    totals = club.cash_totals("e1", [rebuy])
    assert totals.by_kind["tournament_rebuy"] == 5000
    assert totals.balance_cents == club.cash_totals("e1").balance_cents + 5000
    rows = club.cash_rows("e1", [rebuy])
    assert rows[-1]["kind"] == "tournament_rebuy"
    assert (rows[-1]["name"], rows[-1]["tournament"]) == ("Joueur 1", "Soirée e1")


def test_a_line_of_another_kind_is_not_taken_from_a_tournament() -> None:
    club = club_with(1)
    assert club.book_lines([a_rebuy(EVENING, kind="card_fee")]) == club.cash_lines


def test_the_reconciliation_splits_each_day_by_where_the_money_came_from() -> None:
    club = fined_with_deposit()
    club.check_in("e1", "1", EVENING - HOUR, method="cash")  # 50 entry + 50 fine
    club.check_in("e1", "3", EVENING - HOUR, method="cash")  # 30 + the 20 deposit counted
    club.pay(300, EVENING, note="buvette")
    club.refund(100, EVENING, note="verre")
    days = {r.period: r for r in club.reconciliation("day", [a_rebuy(EVENING + HOUR)])}
    evening_day = days["2026-03-10"]
    assert evening_day.tournament_cents == 5000 + 3000 + 2000 + 5000
    assert evening_day.fines_cents == 5000
    assert evening_day.deposits_kept_cents == 0  # taken this morning, counted at the entry
    assert (evening_day.other_cents, evening_day.refunds_cents) == (300, 100)
    assert evening_day.reconciles
    assert (
        sum(r.collected_cents for r in days.values())
        == club.cash_totals(tournament_lines=[a_rebuy(EVENING + HOUR)]).balance_cents
    )
    assert days["2026-03-10"].memberships_cents == 3 * 22000
