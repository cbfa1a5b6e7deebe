"""A satellite on the aggregate (issue 33 item 2): ``[satellite]`` in the structure, the seats
the pool buys, hand-for-hand on the bubble, no hand once the players left all win a seat, the
finish's awards (the survivors share place 1, a seat won twice, the remainder's rule) and
money conserved: buy-ins = seats x their value + remainder + fees."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokerfloor.errors import PokerfloorError
from pokerfloor.tournament.structure import dump_structure, load_structure
from tests.tournament.format_helpers import bust_highest, format_structure, started

SATELLITE = '[satellite]\ntarget_buy_in_cents = 21500\nremainder = "{remainder}"\n'


def satellite(players: int, remainder: str = "next_place", double: str = "cash") -> object:
    table = SATELLITE.format(remainder=remainder) + f'double_seat = "{double}"\n'
    return started("sat", format_structure(table), [f"P{n:02d}" for n in range(1, players + 1)])


def test_satellite_settings_round_trip_through_toml() -> None:
    structure = format_structure(SATELLITE.format(remainder="credit"))
    assert load_structure(dump_structure(structure)) == structure
    assert structure.satellite is not None and structure.satellite.remainder == "credit"


@pytest.mark.parametrize(
    ("table", "code"),
    [
        ('[satellite]\nremainder = "shared"\n', "STRUCTURE_MISSING_FIELD"),
        (SATELLITE.format(remainder="lottery"), "SATELLITE_BAD_RULE"),
        ("[satellite]\ntarget_buy_in_cents = 0\n", "SATELLITE_BAD_TARGET"),
        (SATELLITE.format(remainder="shared") + "[flight]\nstop_players = 9\n", "FORMATS_COMBINED"),
    ],
)
def test_satellite_settings_refused(table: str, code: str) -> None:
    with pytest.raises(PokerfloorError) as refused:
        format_structure(table)
    assert refused.value.code == code


def test_twenty_entries_of_50_buy_four_seats_of_215_and_play_stops_there() -> None:
    tournament = satellite(20)
    status = tournament.satellite.status()
    assert status is not None
    assert (status.pool_cents, status.seats, status.remainder_cents) == (100_000, 4, 14_000)
    at = 1000
    while tournament.satellite.status().stage == "play":  # type: ignore[union-attr]
        bust_highest(tournament, at)
        at += 1000
    assert tournament.satellite.status().stage == "hand_for_hand"  # type: ignore[union-attr]
    assert len(tournament.in_play()) == 5  # the bubble: one bust from the seats
    bust_highest(tournament, at)
    with pytest.raises(PokerfloorError) as refused:
        tournament.hands.plan(1, at + 1000)
    assert refused.value.code == "SATELLITE_SEATS_REACHED"


def test_the_survivors_share_place_1_and_the_remainder_goes_to_the_next_place() -> None:
    tournament = satellite(20)
    for at in range(16):
        bust_highest(tournament, 1000 + at)
    finished = tournament.finish(100_000)
    seats = [award.player_id for award in finished.satellite if award.seat]
    assert seats == ["P01", "P02", "P03", "P04"]
    assert all(p.place == 1 and p.places_covered == (1, 2, 3, 4) for p in finished.ranking[:4])
    assert finished.ranking[4].player_id == "P05" and finished.ranking[4].place == 5
    assert [(p.player_id, p.cents) for p in finished.prizes] == [("P05", 14_000)]


def test_a_seat_won_twice_is_paid_in_cash_at_the_finish() -> None:
    tournament = satellite(20)
    for at in range(16):
        bust_highest(tournament, 1000 + at)
    finished = tournament.finish(100_000, holding_seat=["P02"])
    award = next(a for a in finished.satellite if a.player_id == "P02")
    assert (award.seat, award.cash_cents) == (False, 21_500)


def test_the_remainder_as_a_credit_is_no_cash_prize() -> None:
    tournament = satellite(20, remainder="credit")
    for at in range(16):
        bust_highest(tournament, 1000 + at)
    finished = tournament.finish(100_000)
    assert finished.prizes == ()
    assert finished.satellite[-1].credit_cents == 14_000


def test_a_satellite_is_not_finished_before_its_seats() -> None:
    tournament = satellite(20)
    with pytest.raises(PokerfloorError) as refused:
        tournament.finish(1000)
    assert refused.value.code == "NOT_FINISHED"


@settings(max_examples=25, deadline=None)
@given(
    players=st.integers(2, 30),
    buy_in=st.integers(100, 20_000),
    fee=st.integers(0, 2000),
    target=st.integers(100, 60_000),
    remainder=st.sampled_from(["next_place", "shared", "credit"]),
    double=st.sampled_from(["cash", "pass_down"]),
    holders=st.sets(st.integers(1, 30), max_size=4),
)
def test_money_is_conserved_buy_ins_are_seats_remainder_and_fees(
    players: int, buy_in: int, fee: int, target: int, remainder: str, double: str,
    holders: set[int],
) -> None:  # fmt: skip
    table = (
        f"[satellite]\ntarget_buy_in_cents = {target}\n"
        f'remainder = "{remainder}"\ndouble_seat = "{double}"\n'
    )
    ids = [f"P{n:02d}" for n in range(1, players + 1)]
    tournament = started("sat", format_structure(table, buy_in, fee), ids)
    at = 1000
    while tournament.satellite.status().stage != "stop":  # type: ignore[union-attr]
        bust_highest(tournament, at)
        at += 1000
    holding = [f"P{n:02d}" for n in holders if n <= players]
    finished = tournament.finish(at, holding_seat=holding)
    seats = sum(award.seat for award in finished.satellite)
    paid = sum(award.cash_cents + award.credit_cents for award in finished.satellite)
    assert players * (buy_in + fee) == seats * target + paid + players * fee
    assert sum(prize.cents for prize in finished.prizes) == sum(
        award.cash_cents for award in finished.satellite
    )
    assert not set(holding) & {a.player_id for a in finished.satellite if a.seat}
