"""Championship points: the named formulas, in whole hundredths, and tied players sharing the
points of the places they cover (ropta 5.4)."""

from __future__ import annotations

import math

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from pokerfloor.errors import PokerfloorError
from pokerfloor.tournament.points import (
    FORMULAS,
    BuyInWeighted,
    FixedTable,
    Linear,
    PointsFormula,
    SquareRoot,
    award_points,
    format_points,
    place_points,
    points_formula,
    points_table,
    split_tied_points,
)

formulas: st.SearchStrategy[PointsFormula] = st.one_of(
    st.builds(
        FixedTable,
        points=st.lists(st.integers(0, 1000), max_size=12).map(
            lambda points: tuple(sorted(points, reverse=True))
        ),
        others=st.integers(0, 0),
    ),
    st.builds(SquareRoot, k=st.integers(1, 100), decimals=st.integers(0, 2)),
    st.builds(Linear, factor=st.integers(1, 10)),
    st.builds(BuyInWeighted, k=st.integers(1, 100), decimals=st.integers(0, 2)),
)


def test_the_formulas_are_known_by_their_names() -> None:
    assert set(FORMULAS) == {"table", "sqrt", "linear", "tlb"}


def test_the_fixed_table_gives_its_points_and_others_to_every_place_beyond() -> None:
    formula = FixedTable(points=(100, 80, 60), others=10)
    assert points_table(formula, 5) == (10000, 8000, 6000, 1000, 1000)


def test_the_classic_sqrt_formula_gives_k_times_the_root_of_entries_over_place() -> None:
    # 50 entries, k = 10: 70.71 -> 71, 50, 40.82 -> 41, 35.36 -> 35.
    assert points_table(SquareRoot(k=10), 50)[:4] == (7100, 5000, 4100, 3500)


def test_the_sqrt_formula_can_keep_hundredths() -> None:
    assert place_points(SquareRoot(k=10, decimals=2), 1, 50) == 7071
    assert place_points(SquareRoot(k=10, decimals=1), 3, 50) == 4080


def test_the_sqrt_formula_rounds_exact_halves_up() -> None:
    # 1 * sqrt(9 / 4) = 1.5 and 1 * sqrt(25 / 4) = 2.5, exactly.
    assert place_points(SquareRoot(k=1), 4, 9) == 200
    assert place_points(SquareRoot(k=1), 4, 25) == 300


@given(
    k=st.integers(1, 200),
    entries=st.integers(1, 5000),
    place=st.integers(1, 5000),
    decimals=st.integers(0, 2),
)
def test_the_sqrt_formula_agrees_with_floating_point_away_from_halves(
    k: int, entries: int, place: int, decimals: int
) -> None:
    assume(place <= entries)
    scaled = k * math.sqrt(entries / place) * 10**decimals
    assume(abs(scaled - math.floor(scaled) - 0.5) > 1e-6)
    expected = math.floor(scaled + 0.5) * 10 ** (2 - decimals)
    assert place_points(SquareRoot(k=k, decimals=decimals), place, entries) == expected


def test_the_linear_formula_gives_entries_minus_place_plus_one() -> None:
    assert points_table(Linear(), 5) == (500, 400, 300, 200, 100)
    assert points_table(Linear(factor=10), 3) == (3000, 2000, 1000)


def test_the_buy_in_weighted_formula_matches_the_published_examples() -> None:
    # 3rd of 150 at a 20 buy-in: 10 * sqrt(50) * (1 + log10(20.25)) = 163.09.
    assert place_points(BuyInWeighted(), 3, 150, buy_in_cents=2000) == 16309
    # 25th of 900 in a freeroll: 10 * 6 * (1 + log10(0.25)) = 23.88.
    assert place_points(BuyInWeighted(), 25, 900, buy_in_cents=0) == 2388


def test_a_bigger_buy_in_gives_more_points_for_the_same_finish() -> None:
    small = place_points(BuyInWeighted(decimals=0), 1, 30, buy_in_cents=1000)
    large = place_points(BuyInWeighted(decimals=0), 1, 30, buy_in_cents=10000)
    assert large > small > 0


@given(formula=formulas, entries=st.integers(1, 300), buy_in=st.integers(0, 10**6))
def test_points_are_whole_hundredths_that_never_increase_down_the_places(
    formula: PointsFormula, entries: int, buy_in: int
) -> None:
    table = points_table(formula, entries, buy_in)
    assert len(table) == entries
    assert all(isinstance(points, int) and points >= 0 for points in table)
    assert list(table) == sorted(table, reverse=True)


def test_ropta_5_4_tied_players_share_the_points_of_the_places_they_cover() -> None:
    table = points_table(Linear(), 10)  # 10, 9, 8 ... 1 points
    # Two players out on the same hand with the same stack, places 4 and 5: 7 + 6 = 13.
    assert split_tied_points(table, (4, 5)) == (650, 650)


def test_ropta_5_4_the_odd_hundredth_goes_to_the_first_tied_player_in_the_order_given() -> None:
    table = points_table(FixedTable(points=(100, 80, 60, 50, 40, 30)), 6)
    # Places 4, 5, 6 shared by three: 120 points, 40 each.
    assert split_tied_points(table, (4, 5, 6)) == (4000, 4000, 4000)
    # 100 points over three: 33.34, 33.33, 33.33.
    assert split_tied_points((10000,), (1, 2, 3)) == (3334, 3333, 3333)


def test_award_points_follows_the_ranking_and_shares_ties() -> None:
    ranking = [["ann"], ["bob"], ["cy", "dee"], ["eve"]]
    assert award_points(Linear(), ranking) == {
        "ann": 500,
        "bob": 400,
        "cy": 250,
        "dee": 250,
        "eve": 100,
    }


def test_award_points_counts_the_entries_given_for_a_partial_ranking() -> None:
    assert award_points(Linear(), [["ann"], ["bob"]], entries=20) == {"ann": 2000, "bob": 1900}


@given(
    formula=formulas,
    sizes=st.lists(st.integers(1, 4), min_size=1, max_size=30),
    extra=st.integers(0, 20),
)
def test_awarded_points_add_up_to_the_places_ranked_whatever_the_ties(
    formula: PointsFormula, sizes: list[int], extra: int
) -> None:
    ranking = []
    count = 0
    for size in sizes:
        ranking.append([f"p{count + index}" for index in range(size)])
        count += size
    entries = count + extra
    awarded = award_points(formula, ranking, entries=entries, buy_in_cents=2000)
    assert sum(awarded.values()) == sum(points_table(formula, entries, 2000)[:count])
    for group in ranking:
        shares = [awarded[player] for player in group]
        assert max(shares) - min(shares) <= 1


def test_points_formula_builds_a_formula_from_its_name_and_parameters() -> None:
    assert points_formula("sqrt", k=20) == SquareRoot(k=20)
    assert points_formula("table", points=[50, 30, 10]) == FixedTable(points=(50, 30, 10))
    assert points_formula("linear") == Linear()
    assert points_formula("tlb", decimals=0) == BuyInWeighted(decimals=0)


@pytest.mark.parametrize(
    ("name", "params", "code"),
    [
        ("elo", {}, "POINTS_UNKNOWN_FORMULA"),
        ("sqrt", {"k": 10, "bonus": 5}, "POINTS_BAD_INPUT"),
        ("sqrt", {"decimals": 3}, "POINTS_BAD_INPUT"),
        ("sqrt", {"k": 0}, "POINTS_BAD_INPUT"),
        ("linear", {"factor": 1.5}, "POINTS_BAD_INPUT"),
        ("table", {}, "POINTS_BAD_INPUT"),
        ("table", {"points": [10, -1]}, "POINTS_BAD_INPUT"),
    ],
)
def test_a_bad_formula_is_refused_with_what_is_accepted(
    name: str, params: dict[str, object], code: str
) -> None:
    with pytest.raises(PokerfloorError) as error:
        points_formula(name, **params)
    assert error.value.code == code


@pytest.mark.parametrize(("place", "entries"), [(0, 10), (11, 10), (1, 0)])
def test_a_place_outside_the_field_is_refused(place: int, entries: int) -> None:
    with pytest.raises(PokerfloorError) as error:
        place_points(Linear(), place, entries)
    assert error.value.code == "POINTS_BAD_INPUT"


def test_points_are_shown_with_the_decimal_comma_in_french() -> None:
    assert format_points(3750) == "37,5"
    assert format_points(3333, "en") == "33.33"
    assert format_points(7100) == "71"
    assert format_points(1205) == "12,05"
