"""The final table's size by the event's format (tda-2024 RP-9, ropta 2.6, tda-2010 R7): a
6- or 7-handed event finishes 7-handed, so its final table seats more than the event's tables;
and a button moved to a seat the table does not have is refused as a bad seat."""

from __future__ import annotations

import random

import pytest

from pokerfloor.errors import PokerfloorError
from pokerfloor.rules import load_profile
from pokerfloor.tournament.balancing import apply_moves, final_table_redraw, final_table_size
from pokerfloor.tournament.state import Tournament
from pokerfloor.tournament.types import Table
from tests.tournament.test_entries import disqualify, load_structure, structure


def table(table_no: int, count: int, size: int) -> Table:
    seats = {seat: f"T{table_no}S{seat}" for seat in range(1, count + 1)}
    return Table(table_no, size, seats, button_seat=1, small_blind_seat=2, big_blind_seat=3)


@pytest.mark.parametrize(
    ("profile", "sizes"),
    [
        ("tda-2024", {10: 9, 9: 9, 8: 9, 7: 7, 6: 7}),
        ("ropta", {10: 9, 9: 9, 8: 9, 7: 7, 6: 7, 4: 5, 2: 2}),
        ("allinouest", {9: 9, 6: 7}),
        ("heavenpoker", {9: 9, 6: 7}),
        ("tda-2010", {10: 10, 9: 10, 6: 10}),
    ],
)
def test_rp_9_final_table_size_by_the_event_format_for_every_profile(
    profile: str, sizes: dict[int, int]
) -> None:
    rules = load_profile(profile)
    assert {size: final_table_size(rules, size) for size in sizes} == sizes


def test_tda_2024_rp_9_a_6_max_event_finishes_on_a_7_handed_final_table() -> None:
    tables = [table(1, 4, 6), table(2, 3, 6)]
    moves = final_table_redraw(tables, load_profile("tda-2024"), random.Random(1))
    assert len({move.target for move in moves}) == 7
    assert {move.target.table_no for move in moves} == {1}
    assert "tda-2024 RP-9" in moves[0].citations
    [final] = apply_moves(tables, moves)
    assert (final.size, final.player_count) == (7, 7)


def test_tda_2024_rp_9_a_6_max_tournament_redraws_its_final_table_at_seven_players() -> None:
    tournament = Tournament.create("t", "tda-2024", load_structure(structure()), 6)
    for number in range(1, 13):
        tournament.register(f"P{number:02d}", f"P{number:02d}", 0)
    rng = random.Random(3)
    tournament.draw_seats(rng)
    tournament.place_buttons(rng)
    for player in ("P01", "P02", "P03", "P04"):
        disqualify(tournament, player, 0)
    tournament.moves.balance(1000, rng)  # eight left: two tables still
    disqualify(tournament, "P05", 0)  # seven left at two 6-seat tables: the final table
    moves = tournament.moves.balance(2000, rng)
    assert len(moves) == 7 and all(move.reason == "final_table" for move in moves)
    [final] = tournament.tables.live_tables()
    assert (final.size, final.player_count) == (7, 7)


def test_tda_2010_r7_the_final_table_has_ten_even_in_a_9_handed_event() -> None:
    tables = [table(1, 5, 9), table(2, 5, 9)]
    moves = final_table_redraw(tables, load_profile("tda-2010"), random.Random(0))
    [final] = apply_moves(tables, moves)
    assert (final.size, final.player_count) == (10, 10)


def test_a_button_moved_to_a_seat_the_table_does_not_have_is_a_bad_seat() -> None:
    tournament = Tournament.create("t", "tda-2024", load_structure(structure()), 9)
    for number in range(1, 10):
        tournament.register(f"P{number:02d}", f"P{number:02d}", 0)
    rng = random.Random(3)
    tournament.draw_seats(rng)
    tournament.place_buttons(rng)
    with pytest.raises(PokerfloorError) as refused:
        tournament.floor.move_button(1, 12, "captain's report", 1000)
    assert refused.value.code == "BAD_SEAT"
    assert refused.value.params == {"table_no": 1, "seat_no": 12, "size": 9}
