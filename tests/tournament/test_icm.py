"""Deals: exact Malmuth-Harville equities in whole cents, the chip chop, and the profile's word
on deals (heavenpoker 8.14 forbids them)."""

from __future__ import annotations

from fractions import Fraction
from itertools import permutations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokerfloor.errors import PokerfloorError
from pokerfloor.rules import load_profile
from pokerfloor.tournament.icm import (
    MAX_ICM_PLAYERS,
    chip_chop,
    deal_allowed,
    icm_equities,
    propose_deal,
)


def brute_force_equities(stacks: list[int], payouts: list[int]) -> list[Fraction]:
    """Exact equities by enumerating every ordering of the paid places (no dynamic programme)."""
    total_chips = sum(stacks)
    equities = [Fraction(0)] * len(stacks)
    for order in permutations(range(len(stacks)), len(payouts)):
        probability = Fraction(1)
        left = total_chips
        for player in order:
            probability *= Fraction(stacks[player], left)
            left -= stacks[player]
        for player, payout in zip(order, payouts, strict=True):
            equities[player] += probability * payout
    return equities


@st.composite
def deals(draw: st.DrawFn, max_players: int) -> tuple[list[int], list[int]]:
    players = draw(st.integers(1, max_players))
    stacks = draw(st.lists(st.integers(1, 10**6), min_size=players, max_size=players))
    places = draw(st.integers(0, players))
    payouts = sorted(
        draw(st.lists(st.integers(0, 10**7), min_size=places, max_size=places)), reverse=True
    )
    return stacks, payouts


def test_three_players_get_the_hand_computed_malmuth_harville_equities() -> None:
    # Stacks 5000/3000/2000, payouts 500/300/200 euros.
    # A: 1st 1/2; 2nd 3/10*5/7 + 1/5*5/8 = 19/56; 3rd 9/56.
    # B: 1st 3/10; 2nd 1/2*3/5 + 1/5*3/8 = 3/8; 3rd 13/40.
    # C: 1st 1/5; 2nd 1/2*2/5 + 3/10*2/7 = 2/7; 3rd 18/35.
    exact = [
        50000 * Fraction(1, 2) + 30000 * Fraction(19, 56) + 20000 * Fraction(9, 56),
        50000 * Fraction(3, 10) + 30000 * Fraction(3, 8) + 20000 * Fraction(13, 40),
        50000 * Fraction(1, 5) + 30000 * Fraction(2, 7) + 20000 * Fraction(18, 35),
    ]
    assert exact == brute_force_equities([5000, 3000, 2000], [50000, 30000, 20000])
    # 38392.86, 32750.00, 28857.14: the one cent left goes to the largest fraction (A's).
    assert icm_equities([5000, 3000, 2000], [50000, 30000, 20000]) == (38393, 32750, 28857)


def test_the_winner_alone_is_paid_in_proportion_to_the_chips() -> None:
    assert icm_equities([6000, 3000, 1000], [10000]) == (6000, 3000, 1000)


def test_a_lone_player_takes_the_last_payout() -> None:
    assert icm_equities([12345], [70000]) == (70000,)


def test_no_payout_left_gives_everyone_nothing() -> None:
    assert icm_equities([100, 200], []) == (0, 0)
    assert icm_equities([100, 200], [0, 0]) == (0, 0)


@settings(max_examples=60, deadline=None)
@given(deals(max_players=7))
def test_icm_equities_match_brute_force_enumeration_within_a_cent(
    deal: tuple[list[int], list[int]],
) -> None:
    stacks, payouts = deal
    result = icm_equities(stacks, payouts)
    assert sum(result) == sum(payouts)
    for cents, exact in zip(result, brute_force_equities(stacks, payouts), strict=True):
        assert abs(cents - exact) < 1


@settings(max_examples=60, deadline=None)
@given(deals(max_players=12))
def test_icm_equities_sum_exactly_to_the_payouts(deal: tuple[list[int], list[int]]) -> None:
    stacks, payouts = deal
    result = icm_equities(stacks, payouts)
    assert sum(result) == sum(payouts)
    assert all(cents >= 0 for cents in result)


@given(
    players=st.integers(2, 9),
    stack=st.integers(1, 10**6),
    payouts=st.lists(st.integers(0, 10**6), min_size=1, max_size=9),
)
def test_equal_stacks_get_equal_equity_to_the_cent(
    players: int, stack: int, payouts: list[int]
) -> None:
    payouts = sorted(payouts, reverse=True)[:players]
    result = icm_equities([stack] * players, payouts)
    assert max(result) - min(result) <= 1
    if sum(payouts) % players == 0:
        assert set(result) == {sum(payouts) // players}


@settings(max_examples=80)
@given(
    stacks=st.lists(st.integers(1, 10**6), min_size=2, max_size=8, unique=True),
    payouts=st.lists(st.integers(1, 10**6), min_size=2, max_size=8, unique=True),
)
def test_the_chip_leader_gets_no_more_than_the_chip_chop_and_the_short_stack_no_less(
    stacks: list[int], payouts: list[int]
) -> None:
    payouts = sorted(payouts, reverse=True)[: len(stacks)]
    icm = icm_equities(stacks, payouts)
    chop = chip_chop(stacks, payouts)
    leader = stacks.index(max(stacks))
    short = stacks.index(min(stacks))
    assert icm[leader] <= chop[leader] + 1
    assert icm[short] >= chop[short] - 1


def test_the_chip_leader_gets_less_than_the_chip_chop_at_a_typical_final_table() -> None:
    stacks = [500_000, 250_000, 150_000, 100_000]
    payouts = [400_000, 250_000, 150_000, 100_000]
    icm = icm_equities(stacks, payouts)
    chop = chip_chop(stacks, payouts)
    assert icm[0] < chop[0]
    assert icm[3] > chop[3]


def test_twenty_players_with_nine_paid_places_complete_and_sum_exactly() -> None:
    stacks = [10_000 * (index + 1) for index in range(20)]
    payouts = [300_000, 200_000, 150_000, 120_000, 100_000, 80_000, 60_000, 50_000, 40_000]
    result = icm_equities(stacks, payouts)
    assert sum(result) == sum(payouts)
    assert list(result) == sorted(result)  # more chips, more equity
    assert result[0] >= 0


def test_more_than_twenty_players_are_refused_with_a_clear_error() -> None:
    with pytest.raises(PokerfloorError) as error:
        icm_equities([1000] * (MAX_ICM_PLAYERS + 1), [5000, 3000])
    assert error.value.code == "ICM_TOO_MANY_PLAYERS"
    assert error.value.params == {"players": 21, "max": 20}
    assert "at most 20 players" in error.value.message


@pytest.mark.parametrize(
    ("stacks", "payouts", "code"),
    [
        ([], [100], "ICM_NO_PLAYERS"),
        ([100, 0], [100], "ICM_BAD_STACK"),
        ([100, -5], [100], "ICM_BAD_STACK"),
        ([100, True], [100], "ICM_BAD_STACK"),
        ([100, 200], [100, 300], "ICM_BAD_PAYOUTS"),
        ([100, 200], [100, -1], "ICM_BAD_PAYOUTS"),
        ([100, 200], [300, 200, 100], "ICM_TOO_MANY_PAYOUTS"),
    ],
)
def test_bad_stacks_and_payouts_are_refused_with_their_code(
    stacks: list[int], payouts: list[int], code: str
) -> None:
    with pytest.raises(PokerfloorError) as error:
        icm_equities(stacks, payouts)
    assert error.value.code == code


def test_the_chip_chop_is_proportional_to_the_stacks() -> None:
    assert chip_chop([5000, 3000, 2000], [60000, 30000, 10000]) == (50000, 30000, 20000)


def test_the_chip_chop_gives_the_odd_cents_to_the_largest_remainders_then_the_earlier_player() -> (
    None
):
    # 100 cents over three equal stacks: 33.33 each, one cent left for the first listed.
    assert chip_chop([10, 10, 10], [60, 40]) == (34, 33, 33)
    # 100 cents over 1:2: 33.33 and 66.67; the cent goes to the larger remainder.
    assert chip_chop([1, 2], [60, 40]) == (33, 67)


def test_the_chip_chop_can_guarantee_the_last_payout_first() -> None:
    # Each is sure of 100 euros; the other 200 + 100 are split by chips.
    stacks = [8000, 1000, 1000]
    payouts = [40000, 20000, 10000]
    assert chip_chop(stacks, payouts, guarantee_last_payout=True) == (42000, 14000, 14000)
    assert chip_chop(stacks, payouts) == (56000, 7000, 7000)


def test_heavenpoker_8_14_forbids_deals() -> None:
    allowed, citations = deal_allowed(load_profile("heavenpoker"))
    assert allowed is False
    assert "heavenpoker 8.14" in citations


def test_tda_2024_and_ropta_allow_deals() -> None:
    for profile_id in ("tda-2024", "ropta", "allinouest"):
        allowed, citations = deal_allowed(load_profile(profile_id))
        assert allowed is True
        assert citations


def test_heavenpoker_8_14_the_deal_calculator_refuses_citing_the_article() -> None:
    profile = load_profile("heavenpoker")
    for calculate in (
        lambda: propose_deal([5000, 3000], [7000, 3000], profile),
        lambda: icm_equities([5000, 3000], [7000, 3000], profile=profile),
        lambda: chip_chop([5000, 3000], [7000, 3000], profile=profile),
    ):
        with pytest.raises(PokerfloorError) as error:
            calculate()
        assert error.value.code == "DEALS_FORBIDDEN"
        assert "heavenpoker 8.14" in error.value.params["citations"]
        assert "heavenpoker 8.14" in error.value.message


def test_a_deal_proposal_shows_the_icm_split_and_the_chip_chop_with_the_citation() -> None:
    proposal = propose_deal([5000, 3000, 2000], [50000, 30000, 20000], load_profile("ropta"))
    assert proposal.icm_cents == (38393, 32750, 28857)
    assert proposal.chip_chop_cents == (50000, 30000, 20000)
    assert proposal.total_cents == 100000
    assert proposal.citations == load_profile("ropta").citations("deals.allowed")
