"""Button and blinds of the next hand: dead button, heads-up, waiting players.

Rule: tda-2024 R32-R34, tda-2024 R8/R10, ropta-2025 dead button and heads-up,
allinouest §Les blinds et les changements de place, heavenpoker 10.3-10.10.
"""

from __future__ import annotations

from collections.abc import Iterable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokerfloor.errors import PokerfloorError
from pokerfloor.rules import RuleProfile, load_profile
from pokerfloor.tournament.positions import (
    HandPositions,
    next_hand_positions,
    seat_waits,
    table_after_hand,
)
from pokerfloor.tournament.types import Table

PROFILES = ("tda-2024", "tda-2010", "ropta", "allinouest", "heavenpoker")
TDA = load_profile("tda-2024")
ROPTA = load_profile("ropta")
ALLINOUEST = load_profile("allinouest")
HEAVENPOKER = load_profile("heavenpoker")


def table(
    seats: Iterable[int],
    *,
    size: int = 9,
    button: int | None = None,
    small_blind: int | None = None,
    big_blind: int | None = None,
    waiting: Iterable[int] = (),
) -> Table:
    return Table(
        1,
        size,
        {seat: f"P{seat}" for seat in seats},
        button_seat=button,
        big_blind_seat=big_blind,
        small_blind_seat=small_blind,
        waiting=frozenset(waiting),
    )


def without(played: Table, *busted: int) -> Table:
    """The table after the players at ``busted`` seats left."""
    return Table(
        played.table_no,
        played.size,
        {seat: player for seat, player in played.seats.items() if seat not in busted},
        played.button_seat,
        played.big_blind_seat,
        played.small_blind_seat,
        frozenset(seat for seat in played.waiting if seat not in busted),
    )


def positions_of(placed: HandPositions) -> tuple[int, int | None, int]:
    return placed.button_seat, placed.small_blind_seat, placed.big_blind_seat


# First hand


def test_first_hand_small_and_big_blind_are_the_next_two_players_after_the_button() -> None:
    placed = next_hand_positions(table([1, 3, 4, 7], button=4), TDA)
    assert positions_of(placed) == (4, 7, 1)
    assert placed.dealt_in == (7, 1, 3, 4)
    assert "first_hand" in placed.rulings
    assert placed.citations == TDA.citations("seating.first_button")


def test_first_hand_heads_up_the_button_posts_the_small_blind() -> None:
    placed = next_hand_positions(table([2, 6], button=6), TDA)
    assert positions_of(placed) == (6, 6, 2)
    assert placed.heads_up


def test_first_hand_without_a_button_is_refused() -> None:
    with pytest.raises(PokerfloorError) as refused:
        next_hand_positions(table([1, 2, 3]), TDA)
    assert refused.value.code == "NO_BUTTON"


# Dead button (tda-2024 R32)


def test_tda_2024_r32_the_big_blind_moves_to_the_next_player_every_hand() -> None:
    current = table([1, 2, 3, 5, 8], button=1)
    seen = []
    for _ in range(6):
        placed = next_hand_positions(current, TDA)
        seen.append(positions_of(placed))
        current = table_after_hand(current, placed)
    assert seen == [(1, 2, 3), (2, 3, 5), (3, 5, 8), (5, 8, 1), (8, 1, 2), (1, 2, 3)]


def test_tda_2024_r32_empty_seats_between_players_are_skipped_by_the_blinds() -> None:
    placed = next_hand_positions(table([2, 6, 9], button=2, small_blind=6, big_blind=9), TDA)
    assert positions_of(placed) == (6, 9, 2)
    assert not placed.dead_button


def test_ropta_small_blind_busted_dead_button() -> None:
    """Small blind busted: the button goes on its empty seat; the old big blind posts the
    small blind and the next player the big blind (ropta-2025 dead button)."""
    played = table([1, 2, 3, 4, 5, 6], button=1, small_blind=2, big_blind=3)
    placed = next_hand_positions(without(played, 2), ROPTA)
    assert positions_of(placed) == (2, 3, 4)
    assert placed.dead_button
    assert placed.dealer_seat == 1  # the last dealer deals again and acts last
    assert placed.dealt_in == (3, 4, 5, 6, 1)
    assert "dead_button" in placed.rulings
    assert placed.citations[0] == "ropta-2025 dead button"


def test_ropta_big_blind_busted_no_dead_button() -> None:
    """Big blind busted: the old small blind takes the button and the next player posts the
    big blind alone (ropta-2025 dead button)."""
    played = table([1, 2, 3, 4, 5, 6], button=1, small_blind=2, big_blind=3)
    placed = next_hand_positions(without(played, 3), ROPTA)
    assert positions_of(placed) == (2, None, 4)
    assert not placed.dead_button
    assert placed.dealer_seat == 2
    assert "no_small_blind" in placed.rulings


def test_ropta_big_blind_busted_the_following_hand_the_button_is_on_its_empty_seat() -> None:
    played = table([1, 2, 3, 4, 5, 6], button=1, small_blind=2, big_blind=3)
    first = next_hand_positions(without(played, 3), ROPTA)
    second = next_hand_positions(table_after_hand(without(played, 3), first), ROPTA)
    assert positions_of(second) == (3, 4, 5)
    assert second.dead_button
    assert second.dealer_seat == 2  # the old small blind deals twice


def test_ropta_both_blinds_busted_dead_button() -> None:
    """Both blinds busted: dead button, no small blind, the next player posts the big blind;
    the same player deals three hands in a row."""
    played = table([1, 2, 3, 4, 5, 6], button=1, small_blind=2, big_blind=3)
    current = without(played, 2, 3)
    dealers = []
    seen = []
    for _ in range(3):
        placed = next_hand_positions(current, ROPTA)
        seen.append(positions_of(placed))
        dealers.append(placed.dealer_seat)
        current = table_after_hand(current, placed)
    assert seen == [(2, None, 4), (3, 4, 5), (4, 5, 6)]
    assert dealers == [1, 1, 4]


def test_heavenpoker_10_7_missing_small_blind_the_dealer_deals_once_more() -> None:
    """New small blind absent: none this hand; next hand the button moves onto the absent's
    seat and the same dealer deals again."""
    played = table([1, 2, 3, 4, 5], button=1, small_blind=2, big_blind=3)
    current = without(played, 3)
    first = next_hand_positions(current, HEAVENPOKER)
    second = next_hand_positions(table_after_hand(current, first), HEAVENPOKER)
    assert positions_of(first) == (2, None, 4)
    assert (second.button_seat, second.dealer_seat) == (3, 2)
    assert "previous_dealer_deals_again" in second.rulings
    assert second.citations[:2] == ("heavenpoker 10.7", "heavenpoker 10.8")


def test_heavenpoker_10_8_new_dealer_absent_the_previous_dealer_deals_again() -> None:
    played = table([1, 2, 3, 4, 5], button=1, small_blind=2, big_blind=3)
    placed = next_hand_positions(without(played, 2), HEAVENPOKER)
    assert (placed.button_seat, placed.dealer_seat) == (2, 1)
    assert "previous_dealer_deals_again" in placed.rulings


def test_allinouest_missing_small_blind_gives_the_same_seats_as_tda() -> None:
    played = table([1, 2, 3, 4, 5, 7], button=1, small_blind=2, big_blind=3)
    for busted in ((2,), (3,), (2, 3)):
        assert positions_of(next_hand_positions(without(played, *busted), ALLINOUEST)) == (
            positions_of(next_hand_positions(without(played, *busted), TDA))
        )


# Heads-up (tda-2024 R34, heavenpoker 10.10)


def test_tda_2024_r34_heads_up_the_last_big_blind_takes_the_button() -> None:
    played = table([1, 2, 3], button=1, small_blind=2, big_blind=3)
    placed = next_hand_positions(without(played, 1), TDA)
    assert positions_of(placed) == (3, 3, 2)
    assert placed.heads_up
    assert {"heads_up", "heads_up_transition", "button_adjusted"} <= set(placed.rulings)
    assert placed.citations == ("tda-2024 R34",)


def test_tda_2024_r34_heads_up_nobody_posts_the_big_blind_twice_in_a_row() -> None:
    played = table([1, 2, 3], button=1, small_blind=2, big_blind=3)
    for busted in (1, 2):
        placed = next_hand_positions(without(played, busted), TDA)
        assert placed.big_blind_seat != 3


def test_ropta_heads_up_the_button_goes_to_the_player_who_paid_the_big_blind_last() -> None:
    played = table([2, 5, 7], button=2, small_blind=5, big_blind=7)
    placed = next_hand_positions(without(played, 5), ROPTA)
    assert positions_of(placed) == (7, 7, 2)


def test_heavenpoker_10_10_heads_up_big_blind_advances_the_dealer_may_repeat() -> None:
    """Four players; both blinds bust: the big blind advances to seat 4 and the button stays
    with seat 1, who deals twice in a row."""
    played = table([1, 2, 3, 4], button=1, small_blind=2, big_blind=3)
    placed = next_hand_positions(without(played, 2, 3), HEAVENPOKER)
    assert positions_of(placed) == (1, 1, 4)
    assert "dealer_repeats" in placed.rulings
    assert placed.citations == ("heavenpoker 10.10",)


def test_heads_up_the_button_alternates_every_hand() -> None:
    current = table([3, 8], button=3)
    buttons = []
    for _ in range(4):
        placed = next_hand_positions(current, ALLINOUEST)
        assert placed.small_blind_seat == placed.button_seat
        buttons.append(placed.button_seat)
        current = table_after_hand(current, placed)
    assert buttons == [3, 8, 3, 8]


def test_heads_up_transition_settings_agree_with_a_dead_button() -> None:
    played = table([1, 2, 3, 4, 6], button=2, small_blind=3, big_blind=4)
    for busted in ((1, 2, 3), (1, 3, 6), (2, 4, 6), (3, 4, 6), (1, 2, 6)):
        assert positions_of(next_hand_positions(without(played, *busted), TDA)) == (
            positions_of(next_hand_positions(without(played, *busted), HEAVENPOKER))
        )


# Waiting players (tda-2024 R8, R10; heavenpoker 6.5, 10.4-10.6)


def test_tda_2024_r8_new_player_between_small_blind_and_button_is_not_dealt_in() -> None:
    # Last hand: button 2, SB 4, BB 5 (seat 3 empty). Next: button 4, SB 5, BB 6.
    played = table([1, 2, 4, 5, 6, 7], button=2, small_blind=4, big_blind=5)
    assert seat_waits(played, 8) is False
    arrived = table([1, 2, 4, 5, 6, 7], button=2, small_blind=4, big_blind=6)
    assert seat_waits(arrived, 5) is True  # strictly between button 4 and small blind 6


def test_heavenpoker_10_4_seat_left_of_the_new_dealer_waits_one_hand() -> None:
    """The seat was empty last hand and lies left of the new dealer: the player sits out one
    hand, then plays with the deal passed to his left."""
    played = table([1, 2, 4, 6, 7], button=1, small_blind=2, big_blind=4)
    assert seat_waits(played, 3)
    joined = table([1, 2, 3, 4, 6, 7], button=1, small_blind=2, big_blind=4, waiting=[3])
    first = next_hand_positions(joined, HEAVENPOKER)
    assert positions_of(first) == (2, 4, 6)
    assert 3 not in first.dealt_in
    assert first.waiting == {3}
    assert "player_waits" in first.rulings
    second = next_hand_positions(table_after_hand(joined, first), HEAVENPOKER)
    assert positions_of(second) == (4, 6, 7)
    assert 3 in second.dealt_in
    assert second.waiting == frozenset()


def test_heavenpoker_10_3_replacement_at_an_occupied_position_plays_at_once() -> None:
    """The big blind busts and a new player takes that seat: dealt in at once, and posts the
    small blind the seat owes."""
    played = table([1, 2, 3, 4, 5], button=1, small_blind=2, big_blind=3)
    assert not seat_waits(played, 3)
    placed = next_hand_positions(played, HEAVENPOKER)
    assert positions_of(placed) == (2, 3, 4)
    assert 3 in placed.dealt_in


def test_heavenpoker_10_5_new_player_on_the_dead_button_seat_plays_at_once() -> None:
    played = table([1, 3, 4, 5], button=1, small_blind=2, big_blind=3)  # seat 2 busted
    assert not seat_waits(played, 2)
    joined = table([1, 2, 3, 4, 5], button=1, small_blind=2, big_blind=3)
    placed = next_hand_positions(joined, HEAVENPOKER)
    assert placed.button_seat == 2 and not placed.dead_button
    following = next_hand_positions(table_after_hand(joined, placed), HEAVENPOKER)
    assert following.button_seat == 3  # the deal passes to his left


def test_waiting_seat_outside_the_small_blind_to_button_arc_is_dealt_in() -> None:
    marked = table([1, 2, 4, 5, 6], button=1, small_blind=2, big_blind=4, waiting=[6])
    placed = next_hand_positions(marked, TDA)
    assert 6 in placed.dealt_in
    assert placed.waiting == frozenset()


def test_nobody_waits_before_the_first_hand() -> None:
    assert not seat_waits(table([1, 5], button=1), 3)


# Refusals


@pytest.mark.parametrize(
    ("bad", "code"),
    [
        (table([1], button=1), "TABLE_TOO_SHORT"),
        (table([1], button=1, small_blind=1, big_blind=2), "TABLE_TOO_SHORT"),
        (table([1, 12], button=1), "BAD_SEAT"),
        (table([1, 2, 3], button=1, big_blind=11), "BAD_SEAT"),
        (Table(1, 1, {1: "A"}, button_seat=1), "BAD_TABLE"),
        (Table(1, 9, {1: "A", 2: "A"}, button_seat=1), "PLAYER_SEATED_TWICE"),
    ],
)
def test_bad_tables_are_refused_with_a_code(bad: Table, code: str) -> None:
    with pytest.raises(PokerfloorError) as refused:
        next_hand_positions(bad, TDA)
    assert refused.value.code == code


# Properties


Changes = tuple[list[int], list[int]]  # seats that bust after a hand, seats that join


@st.composite
def tournaments(draw: st.DrawFn) -> tuple[RuleProfile, Table, list[Changes]]:
    """A table with a first button and, after each hand, the seats that bust and join."""
    profile = load_profile(draw(st.sampled_from(PROFILES)))
    size = draw(st.integers(2, 10))
    seats = sorted(draw(st.sets(st.integers(1, size), min_size=2, max_size=size)))
    button = draw(st.sampled_from(seats))
    hands = draw(st.integers(1, 25))
    seat_lists = st.lists(st.integers(1, size), max_size=3, unique=True)
    changes = [(draw(seat_lists), draw(seat_lists)) for _ in range(hands)]
    return profile, table(seats, size=size, button=button), changes


def between(seat: int, start: int, end: int, size: int) -> bool:
    return 0 < (seat - start) % size < (end - start) % size


def joined(current: Table, seats: Iterable[int], hand: int) -> Table:
    """New players sit at the free ``seats``; those between the small blind and the button
    wait (seat_waits)."""
    free = [seat for seat in seats if seat not in current.seats]
    return Table(
        current.table_no,
        current.size,
        {**current.seats, **{seat: f"N{hand}-{seat}" for seat in free}},
        current.button_seat,
        current.big_blind_seat,
        current.small_blind_seat,
        current.waiting | {seat for seat in free if seat_waits(current, seat)},
    )


@settings(max_examples=300, deadline=None)
@given(tournaments())
def test_property_the_big_blind_always_advances_and_is_never_posted_twice_in_a_row(
    case: tuple[RuleProfile, Table, list[Changes]],
) -> None:
    profile, current, changes = case
    previous: HandPositions | None = None
    previous_big_blind_player = None
    for hand, (busted, arrivals) in enumerate(changes):
        placed = next_hand_positions(current, profile)
        dealt = placed.dealt_in
        assert set(dealt) <= set(current.seats)
        assert placed.waiting <= current.waiting
        assert not set(dealt) & placed.waiting
        assert set(dealt) | placed.waiting == set(current.seats)
        assert placed.big_blind_seat in dealt
        assert placed.small_blind_seat is None or placed.small_blind_seat in dealt
        assert placed.small_blind_seat != placed.big_blind_seat
        assert placed.dealer_seat in dealt and dealt[-1] == placed.dealer_seat
        assert placed.dead_button == (placed.button_seat not in current.seats)
        if placed.heads_up:
            assert placed.button_seat == placed.small_blind_seat
        if previous is not None:
            last_big_blind = previous.big_blind_seat
            # The big blind goes to the next player dealt in after the last big blind...
            after = sorted(dealt, key=lambda seat: (seat - last_big_blind - 1) % current.size)
            assert placed.big_blind_seat == after[0]
            # ... so whoever posted it never posts it twice in a row.
            assert current.seats[placed.big_blind_seat] != previous_big_blind_player
            # The big blind never skips a waiting player: he is dealt in when it reaches him.
            for seat in placed.waiting:
                assert not between(seat, last_big_blind, placed.big_blind_seat, current.size)
            # A player still waiting has not been passed by the button, unless the hand is
            # heads-up: its button is the small blind (tda-2024 R34) and jumps there, and the
            # waiting players come in when the big blind reaches them.
            for seat in placed.waiting & previous.waiting:
                assert seat != placed.button_seat
                if not placed.heads_up:
                    assert not between(seat, previous.button_seat, placed.button_seat, current.size)
        # A newcomer is never dealt in between the button and the small blind.
        end = placed.big_blind_seat if placed.small_blind_seat is None else placed.small_blind_seat
        for seat in current.waiting & set(dealt):
            assert not between(seat, placed.button_seat, end, current.size)
        previous_big_blind_player = current.seats[placed.big_blind_seat]
        current = table_after_hand(current, placed)
        previous = placed
        if len([seat for seat in current.seats if seat not in busted]) < 2:
            break
        current = joined(without(current, *busted), arrivals, hand)


@settings(max_examples=100, deadline=None)
@given(st.sampled_from(PROFILES), st.integers(3, 10), st.data())
def test_property_without_busts_every_player_posts_the_big_blind_once_per_orbit(
    profile_id: str, count: int, data: st.DataObject
) -> None:
    seats = sorted(data.draw(st.sets(st.integers(1, 10), min_size=count, max_size=count)))
    current = table(seats, size=10, button=data.draw(st.sampled_from(seats)))
    profile = load_profile(profile_id)
    big_blinds = []
    for _ in range(count):
        placed = next_hand_positions(current, profile)
        big_blinds.append(placed.big_blind_seat)
        current = table_after_hand(current, placed)
    assert sorted(big_blinds) == seats


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(PROFILES), st.data())
def test_property_heads_up_transition_never_gives_the_big_blind_twice_in_a_row(
    profile_id: str, data: st.DataObject
) -> None:
    """From 3 to 10 players down to 2 in one hand: the player who posted the last big blind,
    if still in, does not post it again; with ``no_big_blind_twice`` he takes the button."""
    profile = load_profile(profile_id)
    size = data.draw(st.integers(3, 10))
    seats = sorted(data.draw(st.sets(st.integers(1, size), min_size=3, max_size=size)))
    current = table(seats, size=size, button=data.draw(st.sampled_from(seats)))
    for _ in range(data.draw(st.integers(1, 12))):
        current = table_after_hand(current, next_hand_positions(current, profile))
    survivors = data.draw(st.sets(st.sampled_from(seats), min_size=2, max_size=2))
    placed = next_hand_positions(without(current, *(set(seats) - survivors)), profile)
    assert placed.heads_up and "heads_up_transition" in placed.rulings
    assert placed.button_seat == placed.small_blind_seat
    assert {placed.button_seat, placed.big_blind_seat} == survivors
    if current.big_blind_seat in survivors:
        assert placed.big_blind_seat != current.big_blind_seat
        if profile.enum_value("tournament.heads_up_transition") == "no_big_blind_twice":
            assert placed.button_seat == current.big_blind_seat
