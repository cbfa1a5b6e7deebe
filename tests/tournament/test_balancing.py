"""Balancing, halting, breaking tables and the final table redraw.

Rule: tda-2024 R10, R11, RP-9; tda-2010 R5-R7; allinouest §Les blinds et les changements de
place; heavenpoker 6.1, 10.9.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokerfloor.errors import PokerfloorError
from pokerfloor.rules import RuleProfile, load_profile
from pokerfloor.tournament.balancing import (
    BREAK_CITATIONS,
    apply_moves,
    balance,
    balance_gap_limit,
    break_table,
    final_table_redraw,
    halted_tables,
    tables_to_break,
)
from pokerfloor.tournament.positions import next_hand_positions, seat_waits, table_after_hand
from pokerfloor.tournament.types import Move, SeatRef, Table
from tests.tournament._tables import table

PROFILES = ("tda-2024", "tda-2010", "ropta", "allinouest", "heavenpoker")
TDA = load_profile("tda-2024")
ALLINOUEST = load_profile("allinouest")
HEAVENPOKER = load_profile("heavenpoker")


def full(table_no: int, count: int, size: int = 9) -> Table:
    """``count`` players from seat 1, after a hand with button 1, SB 2, BB 3."""
    return table(table_no, range(1, count + 1), size=size, button=1, small_blind=2, big_blind=3)


def house(tmp_path: Path, text: str) -> RuleProfile:
    path = tmp_path / "club.toml"
    path.write_text('extends = "tda-2024"\n' + text, encoding="utf-8")
    return load_profile(path)


def counts(tables: Sequence[Table]) -> dict[int, int]:
    return {t.table_no: t.player_count for t in tables}


def players(tables: Sequence[Table]) -> list[str]:
    return sorted(player for t in tables for player in t.seats.values())


# Moves read like instructions


def test_a_move_reads_like_an_instruction_to_the_td() -> None:
    move = Move("ana", SeatRef(3, 4), SeatRef(1, 7), "balance", ("tda-2024 R11",))
    assert str(move) == "Table 3 seat 4 -> Table 1 seat 7"


# Balancing (tda-2024 R11)


def test_tda_2024_r11_player_due_big_blind_moves_to_worst_position() -> None:
    """Table 1 (9) is 2 up on table 2 (7): the player due the big blind at table 1 (seat 4)
    moves to table 2, to the free seat where the big blind comes next (seat 4)."""
    short = table(2, [1, 2, 3, 5, 6, 8, 9], button=1, small_blind=2, big_blind=3)
    moves = balance([full(1, 9), short], TDA)
    assert [str(move) for move in moves] == ["Table 1 seat 4 -> Table 2 seat 4"]
    assert moves[0].player_id == "T1S4"
    assert moves[0].reason == "balance"
    assert moves[0].citations == (*TDA.citations("balancing.threshold"), "tda-2024 R11")
    after = apply_moves([full(1, 9), short], moves)
    assert next_hand_positions(after[1], TDA).big_blind_seat == 4
    # Table 1 loses no big blind: its next player posts it.
    assert next_hand_positions(after[0], TDA).big_blind_seat == 5


def test_tda_2024_r11_moved_player_takes_a_lone_big_blind_when_available() -> None:
    """The short table's big blind busted: its next hand has no small blind; the moved player
    takes the free seat before the next player and posts that lone big blind."""
    short = table(2, [1, 2, 5, 6, 7, 8, 9], button=1, small_blind=2, big_blind=3)
    moves = balance([full(1, 9), short], TDA)
    assert moves[0].target == SeatRef(2, 4)
    placed = next_hand_positions(apply_moves([full(1, 9), short], moves)[1], TDA)
    assert (placed.button_seat, placed.small_blind_seat, placed.big_blind_seat) == (2, None, 4)


def test_tda_2024_r11_worst_position_is_never_the_small_blind() -> None:
    """Seat 3 (the busted big blind's) would post the next small blind: seat 9 is taken."""
    short = table(2, [1, 2, 4, 5, 6, 7, 8], button=1, small_blind=2, big_blind=3)
    moves = balance([full(1, 9), short], TDA)
    assert moves[0].target == SeatRef(2, 9)


def test_moved_player_is_never_dealt_in_between_sb_and_button() -> None:
    """Heavenpoker draws the seat at random; a seat between the small blind and the button
    waits for the button to pass."""
    source = full(1, 9)
    short = table(2, [1, 2, 4, 6, 7, 8, 9], button=1, small_blind=2, big_blind=4)
    landed = set()
    for seed in range(30):
        moves = balance([source, short], HEAVENPOKER, rng=random.Random(seed))
        seat = moves[0].target.seat_no
        landed.add(seat)
        after = apply_moves([source, short], moves)[1]
        placed = next_hand_positions(after, HEAVENPOKER)
        assert (seat in placed.dealt_in) is (seat != 3)
        assert (seat in after.waiting) is (seat == 3)
    assert landed == {3, 5}


def test_balance_takes_from_the_fullest_table_the_lowest_number_on_a_tie() -> None:
    tables = [full(1, 8), full(2, 8), full(3, 6), full(4, 7)]
    moves = balance(tables, TDA)
    assert [(m.source.table_no, m.target.table_no) for m in moves] == [(1, 3)]
    assert counts(apply_moves(tables, moves)) == {1: 7, 2: 8, 3: 7, 4: 7}


def test_a_gap_of_one_player_needs_no_move() -> None:
    assert balance([full(1, 9), full(2, 8), full(3, 8), full(4, 9)], TDA) == []


def test_several_moves_until_the_tables_are_balanced() -> None:
    tables = [full(1, 9), full(2, 9), full(3, 4), full(4, 9)]
    moves = balance(tables, TDA)
    assert [(m.source.table_no, m.target.table_no) for m in moves] == [(1, 3), (2, 3), (4, 3)]
    assert counts(apply_moves(tables, moves)) == {1: 8, 2: 8, 3: 7, 4: 8}


def test_with_three_tables_or_fewer_tables_are_kept_within_one_player(tmp_path: Path) -> None:
    loose = house(tmp_path, "[balancing]\nthreshold = 3\n")
    assert balance_gap_limit(loose, 4) == 3
    assert balance_gap_limit(loose, 3) == 2
    assert balance([full(1, 8), full(2, 8), full(3, 6), full(4, 7)], loose) == []
    assert len(balance([full(1, 8), full(2, 6), full(3, 7)], loose)) == 1


def test_hand_for_hand_tables_are_kept_within_one_player(tmp_path: Path) -> None:
    loose = house(tmp_path, "[balancing]\nthreshold = 3\n")
    tables = [full(1, 8), full(2, 8), full(3, 6), full(4, 7)]
    assert len(balance(tables, loose, hand_for_hand=True)) == 1


def test_heavenpoker_6_1_moved_player_and_seat_are_drawn_by_the_software() -> None:
    tables = [full(1, 9), full(2, 7)]
    with pytest.raises(PokerfloorError) as refused:
        balance(tables, HEAVENPOKER)
    assert refused.value.code == "RANDOM_SOURCE_NEEDED"
    moved = {balance(tables, HEAVENPOKER, rng=random.Random(n))[0].player_id for n in range(30)}
    assert len(moved) > 3
    assert balance(tables, HEAVENPOKER, rng=random.Random(1))[0].citations == (
        "tda-2024 R11 (heavenpoker silent)",
        "heavenpoker 6.1",
        "heavenpoker 10.9",
    )


def test_allinouest_future_big_blind_moves_to_the_free_seat_nearest_left_of_big_blind() -> None:
    short = table(2, [1, 2, 3, 6, 7, 8, 9], button=1, small_blind=2, big_blind=3)
    moves = balance([full(1, 9), short], ALLINOUEST)
    assert [str(move) for move in moves] == ["Table 1 seat 4 -> Table 2 seat 4"]


def test_balancing_before_any_hand_uses_the_first_hand_blinds() -> None:
    source = table(1, range(1, 10), button=5)
    moves = balance([source, table(2, [1, 2, 3, 4, 5, 6, 7], button=1)], TDA)
    assert moves[0].source == SeatRef(1, 7)  # button 5, small blind 6, big blind 7
    # Table 2: button 1, SB 2, BB 3; seat 8 posts the big blind after 4, 5, 6, 7 (seat 9: 8).
    assert moves[0].target == SeatRef(2, 8)


def test_tda_2024_r11_a_table_three_players_short_of_the_fullest_halts() -> None:
    tables = [full(1, 9), full(2, 6), full(3, 7), full(4, 5)]
    assert halted_tables(tables, TDA) == [2, 4]
    assert halted_tables([full(1, 9), full(2, 7)], TDA) == []


# Breaking tables (tda-2024 R10)


def test_tables_break_highest_number_first_once_the_players_fit_at_fewer_tables() -> None:
    assert tables_to_break([full(1, 6), full(2, 6), full(3, 5)], 9) == [3]
    assert tables_to_break([full(1, 5), full(2, 5), full(3, 5), full(4, 2)], 9) == [4, 3]
    assert tables_to_break([full(1, 9), full(2, 9), full(3, 1)], 9) == []
    assert tables_to_break([full(1, 2)], 9) == []


def test_tda_2024_r10_broken_table_players_draw_seats_and_tables_stay_balanced() -> None:
    tables = [full(1, 7), full(2, 7), full(3, 3)]
    seen = set()
    for seed in range(20):
        moves = break_table(tables, 3, random.Random(seed))
        assert sorted(move.player_id for move in moves) == ["T3S1", "T3S2", "T3S3"]
        assert all(move.reason == "break" and move.citations == BREAK_CITATIONS for move in moves)
        after = apply_moves(tables, moves)
        assert sorted(counts(after).values()) == [8, 9]
        assert players(after) == players(tables)
        seen.add(tuple(str(move) for move in moves))
    assert len(seen) > 10


def test_tda_2024_r10_broken_table_player_may_take_the_small_blind() -> None:
    """The big blind at seat 3 busted; a player from the broken table takes that seat and
    posts the small blind at once."""
    target = table(1, [1, 2, 4, 5, 6, 7, 8, 9], button=1, small_blind=2, big_blind=3)
    moves = break_table([target, table(2, [5])], 2, random.Random(0))
    assert moves[0].target == SeatRef(1, 3)
    placed = next_hand_positions(apply_moves([target, table(2, [5])], moves)[0], TDA)
    assert placed.small_blind_seat == 3
    assert 3 in placed.dealt_in


def test_tda_2024_r10_broken_table_player_between_small_blind_and_button_waits() -> None:
    """Next hand: button 2, small blind 4; seat 3 (empty last hand) lies between them."""
    target = table(1, [1, 2, 4, 5, 6, 7, 8, 9], button=1, small_blind=2, big_blind=4)
    moves = break_table([target, table(2, [5])], 2, random.Random(0))
    after = apply_moves([target, table(2, [5])], moves)
    assert [t.table_no for t in after] == [1]
    assert after[0].waiting == {3}
    first = next_hand_positions(after[0], TDA)
    assert 3 not in first.dealt_in
    assert 3 in next_hand_positions(table_after_hand(after[0], first), TDA).dealt_in


def test_a_table_that_cannot_break_is_refused() -> None:
    with pytest.raises(PokerfloorError) as refused:
        break_table([full(1, 8), full(2, 4)], 2, random.Random(0))
    assert refused.value.code == "NOT_ENOUGH_SEATS"
    with pytest.raises(PokerfloorError) as missing:
        break_table([full(1, 8), full(2, 4)], 5, random.Random(0))
    assert missing.value.code == "NO_SUCH_TABLE"


# Final table (tda-2024 RP-9)


def test_tda_2024_rp_9_final_table_redraw_seats_everyone_at_one_table() -> None:
    tables = [full(1, 5), full(2, 4)]
    moves = final_table_redraw(tables, TDA, random.Random(4))
    assert len(moves) == 9
    assert {move.target.table_no for move in moves} == {1}
    assert len({move.target for move in moves}) == 9
    assert all(move.reason == "final_table" for move in moves)
    assert moves[0].citations[0] == "tda-2024 RP-9"
    after = apply_moves(tables, moves)
    assert [(t.table_no, t.player_count, t.button_seat) for t in after] == [(1, 9, None)]
    assert players(after) == players(tables)


def test_final_table_redraw_before_the_final_table_is_refused() -> None:
    with pytest.raises(PokerfloorError) as refused:
        final_table_redraw([full(1, 5), full(2, 5)], TDA, random.Random(0))
    assert refused.value.code == "NOT_FINAL_TABLE"


def test_tda_2010_r7_final_table_of_ten() -> None:
    tables = [full(1, 5, size=10), full(2, 5, size=10)]
    moves = final_table_redraw(tables, load_profile("tda-2010"), random.Random(0))
    assert len({move.target for move in moves}) == 10


# apply_moves refusals


def test_moves_that_do_not_fit_the_tables_are_refused() -> None:
    tables = [full(1, 3), full(2, 3)]
    with pytest.raises(PokerfloorError) as wrong_source:
        apply_moves(tables, [Move("T1S1", SeatRef(1, 2), SeatRef(2, 5), "balance")])
    assert wrong_source.value.code == "NOT_AT_SOURCE"
    with pytest.raises(PokerfloorError) as taken:
        apply_moves(tables, [Move("T1S1", SeatRef(1, 1), SeatRef(2, 2), "balance")])
    assert taken.value.code == "SEAT_TAKEN"
    with pytest.raises(PokerfloorError) as twice:
        balance([full(1, 3), Table(2, 9, {1: "T1S1"})], TDA)
    assert twice.value.code == "PLAYER_SEATED_TWICE"


# Properties


@st.composite
def played_tables(draw: st.DrawFn, min_tables: int = 2) -> list[Table]:
    """Tables of one size, each after 0-3 hands, then some players busted."""
    size = draw(st.integers(4, 10))
    tables = []
    profile = load_profile(draw(st.sampled_from(PROFILES)))
    for table_no in range(1, draw(st.integers(min_tables, 7)) + 1):
        seats = draw(st.sets(st.integers(1, size), min_size=2, max_size=size))
        current = table(table_no, seats, size=size, button=draw(st.sampled_from(sorted(seats))))
        for _ in range(draw(st.integers(0, 3))):
            current = table_after_hand(current, next_hand_positions(current, profile))
        busted = draw(st.sets(st.sampled_from(sorted(seats)), max_size=len(seats) - 1))
        current = Table(
            table_no,
            size,
            {seat: p for seat, p in current.seats.items() if seat not in busted},
            current.button_seat,
            current.big_blind_seat,
            current.small_blind_seat,
        )
        tables.append(current)
    return tables


def between(seat: int, start: int, end: int, size: int) -> bool:
    return 0 < (seat - start) % size < (end - start) % size


@settings(max_examples=300, deadline=None)
@given(played_tables(), st.sampled_from(PROFILES), st.booleans(), st.integers())
def test_property_after_balance_tables_are_within_the_threshold_and_nobody_is_lost(
    tables: list[Table], profile_id: str, hand_for_hand: bool, seed: int
) -> None:
    profile = load_profile(profile_id)
    moves = balance(tables, profile, hand_for_hand, rng=random.Random(seed))
    after = apply_moves(tables, moves, keep_empty=True)
    assert players(after) == players(tables)
    sizes = [t.player_count for t in after]
    assert max(sizes) - min(sizes) < balance_gap_limit(profile, len(tables), hand_for_hand)
    for move in moves:
        assert move.reason == "balance" and move.citations
        landed = next(t for t in after if t.table_no == move.target.table_no)
        if landed.player_count < 2:
            continue
        placed = next_hand_positions(landed, profile)
        seat = move.target.seat_no
        if seat in placed.dealt_in:  # never dealt in between the small blind and the button
            end = placed.small_blind_seat or placed.big_blind_seat
            assert not between(seat, placed.button_seat, end, landed.size)


@settings(max_examples=300, deadline=None)
@given(played_tables(), st.integers(), st.data())
def test_property_break_table_seats_everyone_and_keeps_the_tables_balanced(
    tables: list[Table], seed: int, data: st.DataObject
) -> None:
    broken = data.draw(st.sampled_from([t.table_no for t in tables]))
    others = [t for t in tables if t.table_no != broken]
    leaving = next(t for t in tables if t.table_no == broken).player_count
    free = sum(len(t.free_seats()) for t in others)
    if leaving > free:
        with pytest.raises(PokerfloorError):
            break_table(tables, broken, random.Random(seed))
        return
    moves = break_table(tables, broken, random.Random(seed))
    after = apply_moves(tables, moves)
    assert players(after) == players(tables)
    assert broken not in counts(after)
    before = [t.player_count for t in others]
    after_counts = list(counts(after).values())
    assert max(after_counts) - min(after_counts) <= max(1, max(before) - min(before))
    for table_after in after:
        assert table_after.waiting == {
            seat
            for seat in table_after.seats
            if any(m.target == SeatRef(table_after.table_no, seat) for m in moves)
            and seat_waits(next(t for t in tables if t.table_no == table_after.table_no), seat)
        }
