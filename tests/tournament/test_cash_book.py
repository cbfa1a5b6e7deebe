"""The cash book: what each entry, re-entry, rebuy and add-on costs, payments with their method,
refunds, the house fee apart from the prize pool, and the pool counted from entries or money.
Whatever happens, collected = prize pool collected + fees + refunds + credits."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokerfloor.errors import PokerfloorError
from pokerfloor.tournament.events import CashRefunded, PaymentRecorded
from pokerfloor.tournament.state import Tournament
from pokerfloor.tournament.structure import load_structure

from .test_corrections import replayed
from .test_entries import MINUTE, play_even_hand, started, structure

# club-rebuy: buy-in 20.00, rebuy 20.00, add-on 10.00; a house fee of 3.00 added here.
FEE = 300
ENTRY = 2000 + FEE


def registered(players: int, max_players: int | None = None) -> Tournament:
    tournament = Tournament.create(
        "t", "tda-2024", load_structure(structure(fee_cents=FEE)), 9, max_players=max_players
    )
    for number in range(1, players + 1):
        tournament.register(f"P{number:02d}", f"Player {number}", 0)
    return tournament


def test_a_payment_by_default_is_what_the_player_owes_with_its_method() -> None:
    tournament = registered(3)
    book = tournament.cash.book()
    assert [a.owed_cents for a in book.accounts] == [ENTRY] * 3
    tournament.cash.record_payment("P01", True, "card", 5)
    assert tournament.events[-1] == PaymentRecorded("P01", True, "card", 5, ENTRY)
    book = replayed(tournament).cash.book()
    paid = book.account("P01")
    assert paid is not None and paid.owed_cents == 0 and paid.fees_collected_cents == FEE
    assert book.fees_cents == FEE and book.pool_collected_cents == 2000
    assert [a.player_id for a in book.unpaid] == ["P02", "P03"]
    assert book.owed_cents == 2 * ENTRY and book.reconciles


def test_a_payment_taken_back_and_the_refusals_change_nothing() -> None:
    tournament = registered(2)
    with pytest.raises(PokerfloorError) as caught:
        tournament.cash.record_payment("P01", False, "", 1)
    assert caught.value.code == "NOTHING_PAID"
    tournament.cash.record_payment("P01", True, "cash", 2)
    with pytest.raises(PokerfloorError) as caught:
        tournament.cash.record_payment("P01", True, "cash", 3)
    assert caught.value.code == "NOTHING_OWED" and caught.value.params["due_cents"] == ENTRY
    with pytest.raises(PokerfloorError) as caught:
        tournament.cash.record_payment("NOBODY", True, "cash", 3)
    assert caught.value.code == "NOT_REGISTERED"
    count = len(tournament.events)
    tournament.cash.record_payment("P01", False, "", 4)  # recorded by mistake
    assert len(tournament.events) == count + 1
    account = tournament.cash.book().account("P01")
    assert account is not None and account.owed_cents == ENTRY and account.net_paid_cents == 0


def test_a_partial_payment_covers_the_house_fee_first() -> None:
    tournament = registered(1)
    tournament.cash.record_payment("P01", True, "cash", 1, amount_cents=1000)
    account = tournament.cash.book().account("P01")
    assert account is not None
    assert (account.fees_collected_cents, account.pool_collected_cents) == (FEE, 700)
    assert account.owed_cents == ENTRY - 1000


def test_rebuys_and_addons_are_paid_on_the_spot_unless_said_otherwise() -> None:
    tournament, _ = started(9, fee_cents=FEE)
    play_even_hand(tournament, 1, MINUTE)
    first, second = (
        tournament.tables[1].seats[seat] for seat in sorted(tournament.tables[1].seats)[:2]
    )
    tournament.busts.report(1, [first, second], {}, MINUTE, rebuys=[first])  # paid in cash
    tournament.desk.rebuy(second, MINUTE, method="")  # at the bust, not paid yet
    book = tournament.cash.book()
    rebuyer, debtor = book.account(first), book.account(second)
    assert rebuyer is not None and debtor is not None
    assert rebuyer.due_cents == ENTRY + 2000 and rebuyer.owed_cents == ENTRY  # entry unpaid
    assert debtor.owed_cents == ENTRY + 2000
    lines = [line for line in book.lines if line.kind == "rebuy"]
    assert [(line.player_id, line.paid_cents, line.method) for line in lines] == [
        (first, 2000, "cash"),
        (second, 0, ""),
    ]
    # The prize pool by entries counts every rebuy, paid or not; by money, only what came in.
    assert tournament.prize_pool().total_cents == 9 * 2000 + 2 * 2000
    tournament.cash.choose_basis("money", 2 * MINUTE)
    # The 20.00 received covers the first player's house fee first (3.00), then the pool.
    assert tournament.prize_pool().total_cents == 2000 - FEE
    assert replayed(tournament).prize_pool().total_cents == 2000 - FEE


def test_a_reentry_is_a_new_buy_in_with_its_fee() -> None:
    tournament, rng = started(9, fee_cents=FEE, reentry_until_level=4)
    play_even_hand(tournament, 1, MINUTE)
    loser = tournament.tables[1].seats[min(tournament.tables[1].seats)]
    tournament.cash.record_payment(loser, True, "cash", MINUTE)
    tournament.busts.report(1, [loser], {}, MINUTE)
    tournament.desk.reenter(loser, 2 * MINUTE, rng)
    book = replayed(tournament).cash.book()
    account = book.account(loser)
    assert account is not None and account.due_cents == 2 * ENTRY
    assert account.owed_cents == 0  # paid in cash at the desk by default
    assert [line.kind for line in book.lines if line.player_id == loser] == [
        "entry",
        "payment",
        "reentry",
    ]


def test_unregistering_refunds_what_was_paid_and_cancels_the_entry() -> None:
    tournament = registered(3)
    tournament.cash.record_payment("P02", True, "transfer", 1)
    tournament.corrections.unregister("P02", 2, "ill")
    refund = tournament.events[-1]
    assert refund == CashRefunded("P02", ENTRY, "transfer", "ill", 2)
    book = replayed(tournament).cash.book()
    account = book.account("P02")
    assert account is not None and account.due_cents == 0 and account.net_paid_cents == 0
    assert book.received_cents == ENTRY and book.refunds_cents == ENTRY
    assert book.pool_by_entries_cents == 2 * 2000 and book.reconciles


def test_a_released_no_show_is_not_an_entry_and_their_money_is_a_credit() -> None:
    tournament, rng = started(18, "heavenpoker", max_players=18, absent=("P04",), fee_cents=FEE)
    tournament.cash.record_payment("P04", True, "cash", 0)
    tournament.desk.register_late("W1", "Alternate", MINUTE, rng)
    assert tournament.desk.release_absent_seats(61 * MINUTE) == ["P04"]
    book = tournament.cash.book()
    absent, newcomer = book.account("P04"), book.account("W1")
    assert absent is not None and newcomer is not None
    assert absent.due_cents == 0 and absent.credit_cents == ENTRY
    assert newcomer.owed_cents == ENTRY
    assert book.pool_by_entries_cents == 18 * 2000 and book.reconciles
    tournament.cash.refund("P04", None, "cash", "no-show released", 62 * MINUTE)
    book = replayed(tournament).cash.book()
    assert book.credits_cents == 0 and book.refunds_cents == ENTRY and book.reconciles
    with pytest.raises(PokerfloorError) as caught:
        tournament.cash.refund("P04", None, "cash", "again", 63 * MINUTE)
    assert caught.value.code == "BAD_REFUND"


def test_the_prize_pool_basis_is_entries_or_money_only() -> None:
    tournament = registered(2)
    with pytest.raises(PokerfloorError) as caught:
        tournament.cash.choose_basis("promises", 1)
    assert caught.value.params["accepted"] == ["entries", "money"]


def test_a_log_written_before_the_cash_book_replays_its_payments_in_full() -> None:
    tournament = registered(2)
    old = [*tournament.events, PaymentRecorded("P01", True, "cash", 3)]
    book = Tournament.replay(old).cash.book()
    account = book.account("P01")
    assert account is not None and account.owed_cents == 0 and account.paid_cents == ENTRY


OPERATIONS = st.lists(
    st.tuples(
        st.sampled_from(["pay", "pay_part", "take_back", "rebuy", "rebuy_unpaid", "refund"]),
        st.integers(1, 9),
        st.integers(1, 5000),
    ),
    max_size=30,
)


@settings(max_examples=60, deadline=None)
@given(OPERATIONS)
def test_the_book_always_reconciles_and_the_pool_by_entries_matches_its_charges(
    operations: list[tuple[str, int, int]],
) -> None:
    tournament, _ = started(9, fee_cents=FEE)
    for at, (operation, number, amount) in enumerate(operations, start=1):
        player = f"P{number:02d}"
        try:
            if operation == "pay":
                tournament.cash.record_payment(player, True, "cash", at)
            elif operation == "pay_part":
                tournament.cash.record_payment(player, True, "card", at, amount_cents=amount)
            elif operation == "take_back":
                tournament.cash.record_payment(player, False, "", at)
            elif operation.startswith("rebuy"):
                tournament.desk.rebuy(player, at, "" if operation == "rebuy_unpaid" else "cash")
            else:
                tournament.cash.refund(player, amount, "cash", "test", at)
        except PokerfloorError:
            continue
    book = tournament.cash.book()
    assert book.reconciles
    charged = sum(a.due_cents - a.fees_due_cents for a in book.accounts)
    assert charged == book.pool_by_entries_cents
    assert book.pool_collected_cents <= book.pool_by_entries_cents  # never more than charged
    assert Tournament.replay(tournament.events).cash.book() == book
