"""Pots and splits: side pots split separately (tda-2024 R21), odd chips broken down to the
smallest chip in play and given one each from the first seat left of the button (tda-2024 R20,
heavenpoker 9.20)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pokerfloor.errors import PokerfloorError
from pokerfloor.hand import build_pots, split_pot


def test_tda_2024_r21_one_all_in_makes_a_main_pot_and_a_side_pot() -> None:
    # A all in for 300; B and C put in 1000 each.
    pots = build_pots([300, 1000, 1000], [True, True, True], [True, False, False])
    assert pots == [(900, (0, 1, 2)), (1400, (1, 2))]


def test_folded_chips_stay_in_the_pots_they_reached() -> None:
    # D folded after putting in 500; A is all in for 300.
    pots = build_pots(
        [300, 1000, 1000, 500], [True, True, True, False], [True, False, False, False]
    )
    assert pots == [(1200, (0, 1, 2)), (1600, (1, 2))]


def test_big_blind_ante_is_dead_money_in_the_main_pot() -> None:
    pots = build_pots([100, 200, 200], [True, True, True], [True, False, False], dead_money=200)
    assert pots == [(500, (0, 1, 2)), (200, (1, 2))]


def test_a_player_with_chips_behind_stays_eligible_while_the_street_is_open() -> None:
    pots = build_pots([50, 100, 0], [True, True, True], [False, False, False])
    assert pots == [(150, (0, 1, 2))]


def test_tda_2024_r20_odd_chip_goes_to_the_first_winner_left_of_the_button() -> None:
    assert split_pot(1025, (2, 5), smallest_chip=25) == (525, 500)


def test_odd_chips_are_broken_down_to_the_smallest_chip_one_per_player() -> None:
    # 3 winners share 1050 with 25-chips: 42 chips = 14 each: no odd chip.
    assert split_pot(1050, (0, 1, 2), smallest_chip=25) == (350, 350, 350)
    # 1100 = 44 chips: 14 each and 2 odd chips, one to each of the first two winners.
    assert split_pot(1100, (0, 1, 2), smallest_chip=25) == (375, 375, 350)


def test_split_refuses_no_winner_and_a_bad_chip() -> None:
    with pytest.raises(PokerfloorError):
        split_pot(100, (), 1)
    with pytest.raises(PokerfloorError):
        split_pot(100, (1,), 0)


@given(
    amount=st.integers(0, 10**7),
    winners=st.integers(1, 9),
    chip=st.sampled_from((1, 5, 25, 100)),
)
def test_split_pays_the_whole_pot_and_no_one_gets_more_than_one_odd_chip(
    amount: int, winners: int, chip: int
) -> None:
    amount = amount // chip * chip
    shares = split_pot(amount, tuple(range(winners)), chip)
    assert sum(shares) == amount
    assert max(shares) - min(shares) <= chip
    assert list(shares) == sorted(shares, reverse=True)  # odd chips from the first winner on


def test_a_set_up_with_amounts_that_are_not_whole_chips_is_refused() -> None:
    from pokerfloor.cards import shuffled_order
    from pokerfloor.hand import Hand, HandSetup, Seat

    seats = (Seat(1, "A", 1000), Seat(2, "B", 1010))
    setup = HandSetup("tda-2024", seats, 2, 25, 50, smallest_chip=25)
    with pytest.raises(PokerfloorError) as caught:
        Hand.start(setup, shuffled_order(1))
    assert caught.value.code == "NOT_IN_CHIPS"
    assert "stack of B: 1010 cannot be made with chips of 25" in caught.value.message


def test_tda_2024_r30_when_every_hand_is_dead_the_hand_is_void_and_posts_go_back() -> None:
    from pokerfloor.cards import shuffled_order
    from pokerfloor.hand import Hand, HandSetup, HandVoided, Seat

    seats = (
        Seat(1, "A", 1000, absent=True),
        Seat(2, "B", 1000, absent=True),
        Seat(3, "C", 500, absent=True),
    )
    setup = HandSetup("tda-2024", seats, 3, 25, 50, bb_ante=50)
    hand = Hand.start(setup, shuffled_order(2))
    assert hand.is_complete
    voided = [event for event in hand.events if isinstance(event, HandVoided)]
    assert voided and voided[0].ruling.decision == "void"
    assert hand.stacks == [1000, 1000, 500]
    assert Hand.replay(hand.events).snapshot() == hand.snapshot()
