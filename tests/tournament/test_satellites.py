"""Satellites: the pool buys seats of the target event's buy-in; play stops when the players
left all win a seat (hand-for-hand on the bubble); the remainder and a seat won twice as the TD
chose; every cent of the pool awarded once."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pokerfloor.errors import PokerfloorError
from pokerfloor.tournament.satellites import (
    DOUBLE_SEAT_RULES,
    REMAINDER_RULES,
    SatelliteAward,
    SatelliteRules,
    satellite_awards,
    satellite_seats,
    satellite_stage,
)

RANKING = [f"P{n}" for n in range(1, 11)]


def test_a_1000_euro_pool_buys_four_215_euro_seats_and_leaves_140() -> None:
    assert satellite_seats(100_000, SatelliteRules(21_500)) == (4, 14_000)


def test_play_goes_hand_for_hand_on_the_bubble_and_stops_at_the_seats() -> None:
    assert satellite_stage(6, 4) == "play"
    assert satellite_stage(5, 4) == "hand_for_hand"
    assert satellite_stage(4, 4) == "stop"
    assert satellite_stage(3, 4) == "stop"  # a double bust on the bubble: both win a seat
    assert satellite_stage(2, 0) == "play" and satellite_stage(1, 0) == "stop"


def test_the_remainder_goes_in_cash_to_the_next_place() -> None:
    awards = satellite_awards(RANKING, 100_000, SatelliteRules(21_500))
    assert awards == (
        SatelliteAward("P1", 1, seat=True),
        SatelliteAward("P2", 2, seat=True),
        SatelliteAward("P3", 3, seat=True),
        SatelliteAward("P4", 4, seat=True),
        SatelliteAward("P5", 5, cash_cents=14_000),
    )


def test_the_remainder_shared_among_the_seat_winners_the_odd_cents_to_the_best_places() -> None:
    awards = satellite_awards(RANKING, 100_002, SatelliteRules(21_500, remainder="shared"))
    assert [(a.player_id, a.seat, a.cash_cents) for a in awards] == [
        ("P1", True, 3501), ("P2", True, 3501), ("P3", True, 3500), ("P4", True, 3500),
    ]  # fmt: skip


def test_the_remainder_as_a_credit_to_the_next_place() -> None:
    awards = satellite_awards(RANKING, 100_000, SatelliteRules(21_500, remainder="credit"))
    assert awards[-1] == SatelliteAward("P5", 5, credit_cents=14_000)


def test_a_seat_won_twice_is_paid_in_cash() -> None:
    awards = satellite_awards(RANKING, 100_000, SatelliteRules(21_500), frozenset({"P2"}))
    assert awards[1] == SatelliteAward("P2", 2, cash_cents=21_500)
    assert [a.player_id for a in awards if a.seat] == ["P1", "P3", "P4"]


def test_a_seat_won_twice_passes_down_to_the_next_place() -> None:
    rules = SatelliteRules(21_500, double_seat="pass_down")
    awards = satellite_awards(RANKING, 100_000, rules, frozenset({"P2"}))
    assert [a.player_id for a in awards if a.seat] == ["P1", "P3", "P4", "P5"]
    assert awards[-1] == SatelliteAward("P6", 6, cash_cents=14_000)
    assert all(a.player_id != "P2" for a in awards)


@pytest.mark.parametrize(
    ("rules", "pool", "code"),
    [
        (SatelliteRules(0), 1000, "SATELLITE_BAD_TARGET"),
        (SatelliteRules(100, remainder="lottery"), 1000, "SATELLITE_BAD_RULE"),
        (SatelliteRules(100, double_seat="both"), 1000, "SATELLITE_BAD_RULE"),
        (SatelliteRules(100), -1, "SATELLITE_BAD_POOL"),
    ],
)
def test_bad_satellite_settings_are_refused_with_what_is_accepted(
    rules: SatelliteRules, pool: int, code: str
) -> None:
    with pytest.raises(PokerfloorError) as caught:
        satellite_awards(RANKING, pool, rules)
    assert caught.value.code == code


@given(
    pool=st.integers(0, 5_000_000),
    target=st.integers(1, 100_000),
    players=st.integers(1, 60),
    remainder=st.sampled_from(REMAINDER_RULES),
    double=st.sampled_from(DOUBLE_SEAT_RULES),
    holders=st.sets(st.integers(1, 60), max_size=10),
)
def test_every_cent_of_the_pool_is_awarded_once(
    pool: int, target: int, players: int, remainder: str, double: str, holders: set[int]
) -> None:
    ranking = [f"P{n}" for n in range(1, players + 1)]
    rules = SatelliteRules(target, remainder, double)
    holding = frozenset(f"P{n}" for n in holders)
    awards = satellite_awards(ranking, pool, rules, holding)
    seats = sum(a.seat for a in awards)
    money = sum(a.cash_cents + a.credit_cents for a in awards)
    assert seats * target + money == pool
    assert len({a.player_id for a in awards}) == len(awards)
    assert not any(a.seat and a.player_id in holding for a in awards)
    assert seats <= satellite_seats(pool, rules)[0]
