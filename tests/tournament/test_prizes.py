"""Prize pool, payout tables, prizes in kind and tied places: whole cents that always add up
(ties shared as in ropta 5.4)."""

from __future__ import annotations

import re
from decimal import Decimal
from itertools import pairwise
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokerfloor.errors import PokerfloorError
from pokerfloor.tournament.prizes import (
    LARGE_FIELD_CURVE,
    STANDARD_PAYOUTS,
    FixedShares,
    GeometricCurve,
    PayoutScheme,
    PowerCurve,
    PrizeInKind,
    award_prizes,
    paid_places,
    payout_scheme,
    payout_table,
    prize_pool,
    share_evenly,
    split_tied_places,
    split_tied_prizes,
    with_prizes_in_kind,
)

schemes: st.SearchStrategy[PayoutScheme] = st.one_of(
    st.just("standard"),
    st.builds(
        PowerCurve,
        exponent=st.decimals(0, 3, places=2),
        paid_percent=st.integers(1, 100),
        places=st.none() | st.integers(1, 200),
    ),
    st.builds(
        GeometricCurve,
        ratio=st.decimals("0.01", 1, places=2),
        paid_percent=st.integers(1, 100),
        places=st.none() | st.integers(1, 200),
    ),
)


# Prize pool


def test_the_pool_is_buy_ins_rebuys_and_add_ons_and_the_house_keeps_the_fees() -> None:
    pool = prize_pool(
        entries=40,
        rebuys=12,
        addons=30,
        buy_in_cents=2000,
        rebuy_cents=2000,
        addon_cents=1000,
        fee_cents=500,
    )
    assert pool.total_cents == 40 * 2000 + 12 * 2000 + 30 * 1000
    assert pool.collected_cents == pool.total_cents + 40 * 500
    assert pool.fees_cents == 40 * 500
    assert pool.overlay_cents == 0


def test_the_rake_is_a_percentage_of_the_pool_rounded_down_in_the_players_favour() -> None:
    pool = prize_pool(3, 0, 0, 999, 0, 0, 0, rake_percent=10)
    # 10 % of 2997 is 299.7: the house keeps 299.
    assert pool.fees_cents == 299
    assert pool.total_cents == 2698


def test_a_rake_may_be_a_decimal_percentage() -> None:
    pool = prize_pool(10, 0, 0, 1000, 0, 0, 0, rake_percent="12.5")
    assert pool.fees_cents == 1250
    assert pool.total_cents == prize_pool(10, 0, 0, 1000, 0, 0, 0, Decimal("12.5")).total_cents


def test_the_house_adds_the_overlay_when_the_pool_is_below_the_guarantee() -> None:
    pool = prize_pool(20, 0, 0, 5000, 0, 0, 500, guarantee_cents=150000)
    assert pool.overlay_cents == 50000
    assert pool.total_cents == 150000


def test_there_is_no_overlay_when_the_pool_beats_the_guarantee() -> None:
    pool = prize_pool(40, 0, 0, 5000, 0, 0, 500, guarantee_cents=150000)
    assert pool.overlay_cents == 0
    assert pool.total_cents == 200000


@given(
    counts=st.tuples(*[st.integers(0, 500)] * 3),
    amounts=st.tuples(*[st.integers(0, 100000)] * 4),
    rake=st.integers(0, 100),
    guarantee=st.integers(0, 10**7),
)
def test_the_pool_always_adds_up(
    counts: tuple[int, int, int],
    amounts: tuple[int, int, int, int],
    rake: int,
    guarantee: int,
) -> None:
    pool = prize_pool(*counts, *amounts, rake_percent=rake, guarantee_cents=guarantee)
    assert pool.total_cents == pool.collected_cents - pool.fees_cents + pool.overlay_cents
    assert pool.total_cents >= guarantee
    assert min(pool.total_cents, pool.fees_cents, pool.overlay_cents) >= 0


@pytest.mark.parametrize(
    ("arguments", "name"),
    [
        ((-1, 0, 0, 1000, 0, 0, 0), "entries"),
        ((10, 0, 0, -1000, 0, 0, 0), "buy_in_cents"),
        ((10, 0, 0, 1000, 0, 0, True), "fee_cents"),
        ((10, 0, 0, 10.5, 0, 0, 0), "buy_in_cents"),
    ],
)
def test_a_negative_or_fractional_amount_is_refused_with_its_name(
    arguments: tuple[object, ...], name: str
) -> None:
    with pytest.raises(PokerfloorError) as error:
        prize_pool(*arguments)  # type: ignore[arg-type]
    assert error.value.code == "PRIZE_POOL_BAD_INPUT"
    assert error.value.params["name"] == name
    assert name in error.value.message


@pytest.mark.parametrize("rake", [-1, 101, "lots", float("nan")])
def test_a_rake_outside_0_to_100_percent_is_refused(rake: object) -> None:
    with pytest.raises(PokerfloorError) as error:
        prize_pool(10, 0, 0, 1000, 0, 0, 0, rake_percent=rake)  # type: ignore[arg-type]
    assert error.value.code == "PRIZE_POOL_BAD_INPUT"


# Payout tables


def test_every_row_of_the_standard_table_sums_to_10000_basis_points_and_never_increases() -> None:
    previous_field = 1
    for largest_field, basis_points in STANDARD_PAYOUTS:
        assert largest_field > previous_field
        assert sum(basis_points) == 10000
        assert list(basis_points) == sorted(basis_points, reverse=True)
        previous_field = largest_field


def test_the_standard_table_pays_one_to_three_places_up_to_ten_entries() -> None:
    assert [paid_places(field) for field in range(2, 11)] == [1, 1, 2, 2, 2, 3, 3, 3, 3]


def test_the_standard_table_pays_about_10_to_15_percent_of_fields_from_40_to_1000() -> None:
    for field in range(40, 1001):
        assert 0.10 <= paid_places(field) / field <= 0.175, field
    assert paid_places(100) == 12
    assert paid_places(1000) == 108


def test_the_standard_table_gives_first_place_25_to_40_percent_from_17_to_250_entries() -> None:
    for field in range(17, 251):
        first = payout_table(field, 1_000_000, rounding_cents=1)[0]
        assert 250_000 <= first <= 400_000, field


def test_ten_entries_pay_half_thirty_and_twenty_percent() -> None:
    assert payout_table(10, 20000) == (10000, 6000, 4000)


def test_the_rounding_remainder_goes_to_first_place() -> None:
    # 50/30/20 % of 1000.37 euros in whole euros: 500, 300, 200, and the 0.37 to first.
    assert payout_table(8, 100037) == (50037, 30000, 20000)
    # In 10 euro units, every place but the first is a multiple of 10 euros.
    table = payout_table(50, 12345, rounding_cents=1000)
    assert sum(table) == 12345
    assert all(amount % 1000 == 0 for amount in table[1:])


def test_a_place_whose_share_rounds_to_nothing_is_not_paid() -> None:
    assert payout_table(10, 300) == (300,)
    assert payout_table(10, 0) == ()


def test_fields_above_the_table_use_the_large_field_curve() -> None:
    assert payout_table(1500, 3_000_000) == payout_table(1500, 3_000_000, LARGE_FIELD_CURVE)
    assert paid_places(1500) == 165


def test_a_power_curve_with_exponent_zero_pays_equal_prizes() -> None:
    assert payout_table(20, 10000, PowerCurve(exponent=0, places=4)) == (2500,) * 4


def test_a_geometric_curve_pays_each_place_ratio_times_the_one_above() -> None:
    assert payout_table(20, 15000, GeometricCurve(ratio="0.5", places=4), 1) == (
        8000,
        4000,
        2000,
        1000,
    )


def test_a_curve_pays_its_percentage_of_the_field_rounded_up() -> None:
    assert paid_places(100, PowerCurve(paid_percent=12)) == 12
    assert paid_places(101, PowerCurve(paid_percent=12)) == 13
    assert paid_places(3, PowerCurve(paid_percent=1)) == 1
    assert paid_places(5, PowerCurve(places=9)) == 5  # never more places than entries


def test_a_curve_parameter_reads_the_same_as_a_float_a_string_or_a_decimal() -> None:
    tables = {
        payout_table(300, 6_000_000, PowerCurve(exponent=exponent))
        for exponent in (0.85, "0.85", Decimal("0.85"))
    }
    assert len(tables) == 1


@settings(deadline=None)
@given(
    field=st.integers(1, 3000),
    pool=st.integers(0, 10**9),
    scheme=schemes,
    rounding=st.sampled_from([1, 5, 100, 500, 1000, 10000]),
)
def test_payouts_sum_exactly_to_the_pool_never_increase_and_round_to_the_unit(
    field: int, pool: int, scheme: PayoutScheme, rounding: int
) -> None:
    table = payout_table(field, pool, scheme, rounding)
    assert sum(table) == pool
    assert list(table) == sorted(table, reverse=True)
    assert all(amount > 0 for amount in table)
    assert all(amount % rounding == 0 for amount in table[1:])
    assert len(table) <= min(field, paid_places(field, scheme))


@pytest.mark.parametrize(
    ("scheme", "code"),
    [
        ("winner-takes-all", "PAYOUT_UNKNOWN_SCHEME"),
        (PowerCurve(exponent=-1), "PAYOUT_BAD_CURVE"),
        (PowerCurve(exponent="steep"), "PAYOUT_BAD_CURVE"),
        (GeometricCurve(ratio="1.5"), "PAYOUT_BAD_CURVE"),
        (GeometricCurve(ratio=0), "PAYOUT_BAD_CURVE"),
        (PowerCurve(paid_percent=0), "PAYOUT_BAD_CURVE"),
        (PowerCurve(places=0), "PAYOUT_BAD_CURVE"),
    ],
)
def test_a_bad_payout_scheme_is_refused_with_what_is_accepted(scheme: object, code: str) -> None:
    with pytest.raises(PokerfloorError) as error:
        payout_table(100, 100000, scheme)  # type: ignore[arg-type]
    assert error.value.code == code
    # What is accepted: "use ..." or, from the catalogue, "... is not accepted (...)".
    assert "use" in error.value.message or "is not accepted (" in error.value.message


@pytest.mark.parametrize(
    ("field", "pool", "rounding"), [(0, 1000, 100), (10, -1, 100), (10, 1000, 0)]
)
def test_a_bad_field_pool_or_rounding_is_refused(field: int, pool: int, rounding: int) -> None:
    with pytest.raises(PokerfloorError) as error:
        payout_table(field, pool, rounding_cents=rounding)
    assert error.value.code == "PAYOUT_BAD_INPUT"


# Prizes in kind


def test_a_prize_in_kind_takes_its_place_and_the_cash_moves_down() -> None:
    ticket = PrizeInKind("Ticket for the main event", value_cents=15000)
    prizes = with_prizes_in_kind((5000, 3000), {1: ticket})
    assert prizes == (ticket, 5000, 3000)
    assert sum(prize for prize in prizes if isinstance(prize, int)) == 8000


def test_an_event_may_pay_only_prizes_in_kind() -> None:
    prizes = with_prizes_in_kind((), {1: "Trophy", 2: "Poker set", 3: "Deck of cards"})
    assert [prize.description for prize in prizes if isinstance(prize, PrizeInKind)] == [
        "Trophy",
        "Poker set",
        "Deck of cards",
    ]


@pytest.mark.parametrize("in_kind", [{3: "Trophy"}, {0: "Trophy"}, {1: "  "}])
def test_a_prize_in_kind_out_of_range_or_without_description_is_refused(
    in_kind: dict[int, str],
) -> None:
    with pytest.raises(PokerfloorError) as error:
        with_prizes_in_kind((5000,), in_kind)
    assert error.value.code == "PRIZE_BAD_IN_KIND"


# Ties


def test_ropta_5_4_two_tied_players_share_the_two_places_they_cover() -> None:
    assert split_tied_places((5000, 3000, 2000), (2, 3)) == (2500, 2500)


def test_ropta_5_4_the_odd_cent_goes_to_the_first_tied_player_in_the_order_given() -> None:
    assert split_tied_places((5000, 3000, 2001), (2, 3)) == (2501, 2500)
    assert split_tied_places((5000, 3000, 2000, 1001), (2, 3, 4)) == (2001, 2000, 2000)


def test_tied_players_share_whole_units_and_the_odd_units_go_first() -> None:
    # 50.01 euros over three in whole euros: 17, 17, 16, and the cent with the first.
    assert split_tied_places((9000, 3000, 2001), (2, 3, 4), unit_cents=100) == (1701, 1700, 1600)


def test_a_tie_on_the_bubble_shares_the_last_paid_place_with_the_unpaid_one() -> None:
    assert split_tied_places((5000, 3000, 2000), (3, 4)) == (1000, 1000)


@pytest.mark.parametrize("places", [(), (2, 4), (0, 1), (3, 2)])
def test_tied_places_must_be_consecutive_from_1_up(places: tuple[int, ...]) -> None:
    with pytest.raises(PokerfloorError) as error:
        split_tied_places((5000, 3000, 2000), places)
    assert error.value.code == "TIE_BAD_PLACES"


@given(
    field=st.integers(2, 400),
    pool=st.integers(0, 10**8),
    first=st.integers(1, 400),
    tied=st.integers(1, 12),
    unit=st.sampled_from([1, 10, 100]),
)
def test_tied_shares_add_up_exactly_and_differ_by_at_most_one_unit(
    field: int, pool: int, first: int, tied: int, unit: int
) -> None:
    table = payout_table(field, pool)
    places = tuple(range(first, first + tied))
    shares = split_tied_places(table, places, unit)
    covered = sum(table[place - 1] for place in places if place <= len(table))
    assert sum(shares) == covered
    plain = sorted((*shares[1:], shares[0] - covered % unit))
    assert plain[-1] - plain[0] <= unit
    assert list(shares) == sorted(shares, reverse=True)


def test_share_evenly_gives_below_unit_leftovers_to_the_first() -> None:
    assert share_evenly(1005, 2, unit=100) == (505, 500)


def test_ropta_5_4_a_tie_over_a_prize_in_kind_gives_each_place_in_the_order_given() -> None:
    prizes = with_prizes_in_kind((5000,), {2: "Trophy"})
    assert split_tied_prizes(prizes, (1, 2)) == (5000, PrizeInKind("Trophy"))


def test_award_prizes_follows_the_ranking_and_shares_ties() -> None:
    table = payout_table(10, 20000)  # 100, 60, 40 euros
    awarded = award_prizes(table, [["ann"], ["bob", "cy"], ["dee"], ["eve"]])
    assert awarded == {"ann": 10000, "bob": 5000, "cy": 5000, "dee": 0, "eve": 0}


@pytest.mark.parametrize(
    ("ranking", "code"),
    [
        ([["ann"], []], "RANKING_EMPTY_GROUP"),
        ([["ann"], ["bob", "ann"]], "RANKING_DUPLICATE_PLAYER"),
    ],
)
def test_a_ranking_with_an_empty_group_or_a_player_twice_is_refused(
    ranking: list[list[str]], code: str
) -> None:
    with pytest.raises(PokerfloorError) as error:
        award_prizes((10000, 6000), ranking)
    assert error.value.code == code


def test_the_example_in_the_prizes_doc_runs_as_written() -> None:
    doc = Path(__file__).parents[2] / "docs" / "prizes.md"
    blocks = re.findall(r"```python\n(.*?)```", doc.read_text(encoding="utf-8"), re.DOTALL)
    assert blocks
    for block in blocks:
        exec(compile(block, str(doc), "exec"), {})


# The club's own grid of shares, and a scheme stored with the tournament (payout_scheme)


def test_a_grid_of_shares_pays_its_percentages_and_the_rounding_goes_to_first() -> None:
    grid = FixedShares((5000, 3000, 2000))
    assert payout_table(30, 100_050, grid) == (50_050, 30_000, 20_000)


def test_a_field_smaller_than_the_grid_shares_the_pool_in_the_same_proportions() -> None:
    grid = FixedShares((5000, 3000, 2000))
    assert payout_table(2, 80_000, grid) == (50_000, 30_000)


@pytest.mark.parametrize(
    ("basis_points", "words"),
    [
        ((5000, 3000), "add up to 8000"),
        ((3000, 5000, 2000), "never increase"),
        ((10_000, 0), "share of place 2"),
        ((), "1 to 1000 places"),
    ],
)
def test_a_wrong_grid_of_shares_is_refused_saying_what_is_wrong(
    basis_points: tuple[int, ...], words: str
) -> None:
    with pytest.raises(PokerfloorError) as refused:
        payout_table(10, 10_000, FixedShares(basis_points))
    assert refused.value.code == "PAYOUT_BAD_SHARES" and words in refused.value.message


def test_a_stored_scheme_gives_its_curve_grid_and_rounding() -> None:
    assert payout_scheme({"name": "standard"}) == ("standard", 100)
    scheme, rounding = payout_scheme(
        {"name": "power", "exponent": "0.5", "places": 4, "rounding_cents": 1000}
    )
    assert scheme == PowerCurve(exponent="0.5", places=4) and rounding == 1000
    assert payout_scheme({"name": "geometric", "ratio": "0.8", "paid_percent": 20})[0] == (
        GeometricCurve(ratio="0.8", paid_percent=20)
    )
    grid, _ = payout_scheme({"name": "shares", "basis_points": [6000, 4000]})
    assert grid == FixedShares((6000, 4000))


@pytest.mark.parametrize(
    ("spec", "code"),
    [
        ({"name": "golf"}, "PAYOUT_UNKNOWN_SCHEME"),
        ({}, "PAYOUT_UNKNOWN_SCHEME"),
        ({"name": "standard", "ratio": "0.5"}, "PAYOUT_BAD_INPUT"),
        ({"name": "standard", "rounding_cents": 0}, "PAYOUT_BAD_INPUT"),
        ({"name": "power", "exponent": "11"}, "PAYOUT_BAD_CURVE"),
        ({"name": "power", "exponent": [1]}, "PAYOUT_BAD_CURVE"),
        ({"name": "geometric", "ratio": "0"}, "PAYOUT_BAD_CURVE"),
        ({"name": "geometric", "paid_percent": 101}, "PAYOUT_BAD_CURVE"),
        ({"name": "geometric", "places": "3"}, "PAYOUT_BAD_CURVE"),
        ({"name": "shares"}, "PAYOUT_BAD_SHARES"),
        ({"name": "shares", "basis_points": [5000, 4000]}, "PAYOUT_BAD_SHARES"),
    ],
)
def test_a_wrong_stored_scheme_is_refused_with_its_code(spec: dict[str, object], code: str) -> None:
    with pytest.raises(PokerfloorError) as refused:
        payout_scheme(spec)
    assert refused.value.code == code


@given(
    st.lists(st.integers(1, 5000), min_size=1, max_size=30),
    st.integers(1, 500),
    st.integers(0, 10**9),
)
def test_a_grid_of_shares_always_pays_the_whole_pool_never_increasing(
    weights: list[int], field: int, pool: int
) -> None:
    ordered = sorted(weights, reverse=True)
    scale = sum(ordered)
    shares = [weight * 10_000 // scale for weight in ordered]
    shares[0] += 10_000 - sum(shares)
    shares = [share for share in shares if share > 0]
    amounts = payout_table(field, pool, FixedShares(tuple(shares)))
    assert sum(amounts) == pool
    assert all(a >= b for a, b in pairwise(amounts))
    assert len(amounts) <= min(field, len(shares))
