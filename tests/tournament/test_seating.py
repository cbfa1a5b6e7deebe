"""Seat draw, first button, and seats for late entrants, re-entries and alternates.

Rule: tda-2024 R7, R8; heavenpoker 5.1-5.3, 6.1, 6.5, 10.3-10.6; allinouest §Les règles
générales and §Les blinds et les changements de place; ropta-2025 late registration;
roberts 3.7.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokerfloor.cards import Deck
from pokerfloor.errors import PokerfloorError
from pokerfloor.rules import load_profile
from pokerfloor.tournament.positions import next_hand_positions
from pokerfloor.tournament.seating import (
    build_tables,
    draw_seats,
    first_button,
    seat_new_player,
)
from pokerfloor.tournament.types import SeatRef, Table
from tests.tournament._tables import table

TDA = load_profile("tda-2024")
ROPTA = load_profile("ropta")
ALLINOUEST = load_profile("allinouest")
HEAVENPOKER = load_profile("heavenpoker")
DOC = Path(__file__).parents[2] / "docs" / "seating-balancing.md"


# The seat draw (tda-2024 R7)


def test_tda_2024_r7_seats_are_drawn_at_random_and_tables_filled_evenly() -> None:
    players = [f"P{n}" for n in range(23)]
    seats = draw_seats(players, 3, 9, random.Random(7))
    assert sorted(seats) == sorted(players)
    assert len(set(seats.values())) == 23
    assert Counter(ref.table_no for ref in seats.values()) == {1: 8, 2: 8, 3: 7}
    assert draw_seats(players, 3, 9, random.Random(8)) != seats


def test_the_seat_draw_is_reproducible_from_its_seed() -> None:
    players = [f"P{n}" for n in range(17)]
    assert draw_seats(players, 2, 10, random.Random(3)) == draw_seats(
        players, 2, 10, random.Random(3)
    )


def test_drawn_seats_build_tables_with_no_button_yet() -> None:
    seats = draw_seats([f"P{n}" for n in range(12)], 2, 9, random.Random(1))
    tables = build_tables(seats, 9)
    assert [(t.table_no, t.player_count, t.button_seat) for t in tables] == [
        (1, 6, None),
        (2, 6, None),
    ]


@pytest.mark.parametrize(
    ("players", "table_count", "table_size", "code"),
    [
        (["A", "B", "A"], 1, 9, "DUPLICATE_PLAYER"),
        ([f"P{n}" for n in range(19)], 2, 9, "NOT_ENOUGH_SEATS"),
        (["A", "B", "C"], 2, 9, "TOO_FEW_PLAYERS"),
        (["A", "B"], 0, 9, "BAD_TABLE_COUNT"),
        (["A", "B"], 1, 1, "BAD_TABLE_SIZE"),
    ],
)
def test_a_seat_draw_that_cannot_be_made_is_refused(
    players: list[str], table_count: int, table_size: int, code: str
) -> None:
    with pytest.raises(PokerfloorError) as refused:
        draw_seats(players, table_count, table_size, random.Random(0))
    assert refused.value.code == code


@settings(max_examples=200, deadline=None)
@given(st.integers(2, 10), st.integers(1, 8), st.data())
def test_property_the_seat_draw_seats_everyone_once_tables_within_one(
    table_size: int, table_count: int, data: st.DataObject
) -> None:
    count = data.draw(st.integers(2 * table_count, table_count * table_size))
    players = [f"P{n}" for n in range(count)]
    seats = draw_seats(players, table_count, table_size, random.Random(data.draw(st.integers())))
    assert set(seats) == set(players)
    assert len(set(seats.values())) == count
    assert all(1 <= ref.seat_no <= table_size for ref in seats.values())
    per_table = Counter(ref.table_no for ref in seats.values())
    assert set(per_table) == set(range(1, table_count + 1))
    assert max(per_table.values()) - min(per_table.values()) <= 1
    assert per_table[1] == max(per_table.values())  # extra players go to the lowest tables


# The first button (heavenpoker 5.1-5.3, roberts 3.7)


def test_heavenpoker_5_1_with_software_seat_1_deals_first() -> None:
    result = first_button(table(1, [1, 4, 6]), HEAVENPOKER, Deck.shuffled(1))
    assert result.seat_no == 1
    assert result.draw is None
    assert result.citations == HEAVENPOKER.citations("seating.first_button")


def test_heavenpoker_5_1_seat_1_empty_the_first_occupied_seat_deals() -> None:
    assert first_button(table(1, [3, 4, 6]), HEAVENPOKER, Deck.shuffled(1)).seat_no == 3


def test_roberts_3_7_high_card_draw_ties_are_broken_by_suit() -> None:
    # Seats 1, 3, 5, 8 draw Kc, Kh, 2d, 5s: both kings, hearts beat clubs.
    seat_no, citations, draw = first_button(table(1, [1, 3, 5, 8]), TDA, Deck("Kc Kh 2d 5s As Ad"))
    assert seat_no == 3
    assert draw is not None and draw.order == (3, 1, 8, 5)
    assert [card for _, card in draw.rounds[0]] == list(Deck("Kc Kh 2d 5s").order)
    assert citations == (
        *TDA.citations("seating.first_button"),
        *TDA.citations("draw.tie_break"),
    )


def test_heavenpoker_5_2_without_software_tied_players_draw_again_suits_ignored(
    tmp_path: Path,
) -> None:
    house = tmp_path / "club.toml"
    house.write_text(
        'extends = "heavenpoker"\n[seating]\n'
        'first_button = { value = "high_card_draw", cite = "heavenpoker 5.2" }\n',
        encoding="utf-8",
    )
    profile = load_profile(house)
    # Seats 2 and 4 both draw a king; the redraw gives seat 2 the two, seat 4 the three.
    result = first_button(table(1, [2, 4, 7]), profile, Deck("Kc Kh 9d 2s 3c"))
    assert result.seat_no == 4
    assert result.draw is not None and len(result.draw.rounds) == 2
    assert "heavenpoker 5.3" in result.citations


def test_a_button_for_a_table_of_one_is_refused() -> None:
    with pytest.raises(PokerfloorError) as refused:
        first_button(table(1, [4]), TDA, Deck.shuffled(2))
    assert refused.value.code == "TABLE_TOO_SHORT"


# New players: late entrants, re-entries, alternates (tda-2024 R8)


def played_tables() -> list[Table]:
    """Table 1 (7 players) and table 2 (5 players) after a hand: button 1, SB 2, BB 4."""
    return [
        table(1, [1, 2, 3, 4, 5, 6, 7], button=1, small_blind=2, big_blind=3),
        table(2, [1, 2, 4, 6, 7], button=1, small_blind=2, big_blind=4),
    ]


def test_tda_2024_r8_late_entrant_draws_a_random_seat_at_the_shortest_table() -> None:
    drawn = {seat_new_player(played_tables(), "NEW", TDA, random.Random(n)).seat for n in range(40)}
    assert {ref.table_no for ref in drawn} == {2}
    assert {ref.seat_no for ref in drawn} == {3, 5, 8, 9}
    assert seat_new_player(played_tables(), "NEW", TDA, random.Random(0)).citations == (
        "tda-2024 R8",
    )


def test_tda_2024_r8_late_entrant_between_small_blind_and_button_waits() -> None:
    # Table 2 next hand: button 2, small blind 4, big blind 6. Seat 3 lies between them.
    results = {
        new.seat.seat_no: new.waits
        for new in (
            seat_new_player(played_tables(), "NEW", TDA, random.Random(n)) for n in range(40)
        )
    }
    assert results == {3: True, 5: False, 8: False, 9: False}


def test_late_entrant_ties_between_shortest_tables_are_drawn_at_random() -> None:
    tables = [table(1, [1, 2, 3], button=1), table(2, [1, 2, 3], button=2)]
    drawn = {seat_new_player(tables, "NEW", TDA, random.Random(n)).seat.table_no for n in range(20)}
    assert drawn == {1, 2}


def test_allinouest_new_player_sits_at_the_free_seat_nearest_left_of_the_big_blind() -> None:
    new = seat_new_player(played_tables(), "NEW", ALLINOUEST, random.Random(0))
    assert new.seat == SeatRef(2, 5)
    assert not new.waits
    assert new.citations == ALLINOUEST.citations("seating.late_entrant_seat")


def test_ropta_late_entrant_posts_the_big_blind_as_soon_as_possible() -> None:
    """Free seat right after the last big blind: the newcomer is the next big blind."""
    tables = [table(1, [1, 2, 3, 4, 6, 7], button=1, small_blind=2, big_blind=4)]
    new = seat_new_player(tables, "NEW", ROPTA, random.Random(0))
    assert new.seat == SeatRef(1, 5)
    joined = Table(1, 9, {**tables[0].seats, 5: "NEW"}, 1, 4, 2)
    assert next_hand_positions(joined, ROPTA).big_blind_seat == 5


def test_nearest_left_of_big_blind_before_the_first_hand_is_a_random_seat() -> None:
    tables = [table(1, [1, 2, 3])]
    new = seat_new_player(tables, "NEW", ROPTA, random.Random(5))
    assert new.seat.seat_no in {4, 5, 6, 7, 8, 9}
    assert not new.waits


def test_a_player_already_seated_is_refused() -> None:
    with pytest.raises(PokerfloorError) as refused:
        seat_new_player(played_tables(), "T2S4", TDA, random.Random(0))
    assert refused.value.code == "PLAYER_ALREADY_SEATED"


def test_no_free_seat_is_refused() -> None:
    with pytest.raises(PokerfloorError) as refused:
        seat_new_player([table(1, [1, 2], size=2, button=1)], "NEW", TDA, random.Random(0))
    assert refused.value.code == "NO_FREE_SEAT"


# The doc


def test_every_python_example_in_the_seating_doc_runs() -> None:
    blocks = re.findall(r"```python\n(.*?)```", DOC.read_text(encoding="utf-8"), re.DOTALL)
    assert blocks
    for block in blocks:
        exec(compile(block, str(DOC), "exec"), {})


def test_roberts_3_7_the_first_button_is_drawn_only_at_tables_of_two_players_or_more() -> None:
    from pokerfloor.tournament.table_map import TableMap

    tables = TableMap(
        {1: table(1, [1, 4]), 2: table(2, [3]), 3: table(3, [2, 5], button=5), 4: table(4, [])}
    )
    assert tables.unbuttoned() == [1, 2, 4]
    assert tables.awaiting_button() == [1]  # a lone player or an empty table draws no button
