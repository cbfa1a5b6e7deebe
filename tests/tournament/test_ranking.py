"""Places of busted players: ropta 5.4, ropta-2025 simultaneous busts, allinouest §L'étalage,
tda-2024 RP-8 (hand-for-hand); the final ranking with re-entries."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokerfloor.errors import PokerfloorError
from pokerfloor.rules import RuleProfile, bundled_profile_ids, load_profile
from pokerfloor.tournament.ranking import BustInfo, Placement, final_ranking, rank_busts

TDA = load_profile("tda-2024")
ROPTA = load_profile("ropta")
ALLINOUEST = load_profile("allinouest")


def places(placements: list[Placement]) -> dict[str, int]:
    return {placement.player_id: placement.place for placement in placements}


def by_player(placements: list[Placement]) -> dict[str, Placement]:
    return {placement.player_id: placement for placement in placements}


def bust(player: str, stack: int, table_no: int = 1, hand_id: int = 7) -> BustInfo:
    return BustInfo(player, table_no, stack, hand_id)


def house(tmp_path: Path, body: str) -> RuleProfile:
    path = tmp_path / "club.toml"
    path.write_text(f'extends = "tda-2024"\n{body}', encoding="utf-8")
    return load_profile(path)


# One hand at one table


def test_a_single_bust_takes_the_place_of_the_number_of_players_left() -> None:
    [placement] = rank_busts([bust("A", 3000)], 10, TDA, hand_for_hand=False)
    assert placement == Placement("A", 10, (), (10,), ())


def test_allinouest_the_player_richest_at_the_start_of_the_hand_ranks_higher() -> None:
    busted = [bust("A", 3000), bust("B", 8000), bust("C", 5000)]
    result = rank_busts(busted, 10, ALLINOUEST, hand_for_hand=False)
    assert places(result) == {"B": 8, "C": 9, "A": 10}
    assert [placement.player_id for placement in result] == ["B", "C", "A"]
    assert "allinouest §L'étalage (le plus riche au début du coup est classé avant)" in (
        result[0].citations
    )


def test_ropta_5_4_equal_stacks_tie_and_share() -> None:
    result = by_player(rank_busts([bust("A", 5000), bust("B", 5000)], 10, ROPTA, False))
    assert result["A"] == Placement("A", 9, ("B",), (9, 10), result["A"].citations)
    assert result["B"].place == 9
    assert result["B"].tied_with == ("A",)
    assert result["B"].places_covered == (9, 10)
    assert "ropta 5.4" in result["A"].citations


def test_ropta_2025_same_table_bigger_stack_higher_and_equal_stacks_tie_together() -> None:
    busted = [bust("A", 2000), bust("B", 6000), bust("C", 2000)]
    result = by_player(rank_busts(busted, 6, ROPTA, hand_for_hand=False))
    assert result["B"].place == 4
    assert result["A"].place == result["C"].place == 5
    assert result["A"].places_covered == (5, 6)


def test_a_house_rule_may_make_every_bust_of_a_hand_share(tmp_path: Path) -> None:
    profile = house(tmp_path, '[busts]\nsame_table = "share"\n')
    result = rank_busts([bust("A", 2000), bust("B", 6000)], 5, profile, hand_for_hand=False)
    assert all(placement.places_covered == (4, 5) for placement in result)


# Hand-for-hand, several tables


def test_tda_2024_rp_8_hand_for_hand_busts_at_different_tables_share() -> None:
    busted = [bust("A", 9000, table_no=1), bust("B", 2000, table_no=2, hand_id=31)]
    result = by_player(rank_busts(busted, 20, TDA, hand_for_hand=True))
    assert result["A"].place == result["B"].place == 19
    assert result["A"].places_covered == (19, 20)
    assert "tda-2024 RP-8" in result["A"].citations


def test_ropta_2025_hand_for_hand_bigger_starting_stack_ranks_higher_across_tables() -> None:
    busted = [bust("A", 2000, table_no=1), bust("B", 9000, table_no=2, hand_id=31)]
    assert places(rank_busts(busted, 20, ROPTA, hand_for_hand=True)) == {"B": 19, "A": 20}


def test_ropta_2025_hand_for_hand_equal_stacks_at_different_tables_tie() -> None:
    busted = [bust("A", 4000, table_no=1), bust("B", 4000, table_no=2, hand_id=31)]
    result = rank_busts(busted, 20, ROPTA, hand_for_hand=True)
    assert {placement.places_covered for placement in result} == {(19, 20)}


def test_tda_2024_rp_8_sharing_across_tables_keeps_the_order_at_one_table() -> None:
    # Table 1: A (5000) then B (2000); table 2: C alone. Each table's best bust shares the top
    # places, then the next: A and C share 18-19, B takes 20.
    busted = [
        bust("A", 5000, table_no=1),
        bust("B", 2000, table_no=1),
        bust("C", 1000, table_no=2, hand_id=44),
    ]
    result = by_player(rank_busts(busted, 20, TDA, hand_for_hand=True))
    assert result["A"].places_covered == result["C"].places_covered == (18, 19)
    assert result["B"].place == 20
    assert result["B"].tied_with == ()


def test_hand_for_hand_busts_at_one_table_follow_the_same_table_rule() -> None:
    result = rank_busts([bust("A", 1000), bust("B", 3000)], 12, TDA, hand_for_hand=True)
    assert places(result) == {"B": 11, "A": 12}


def test_outside_hand_for_hand_busts_at_different_tables_are_ranked_as_reported() -> None:
    busted = [bust("A", 1000, table_no=1), bust("B", 3000, table_no=2)]
    with pytest.raises(PokerfloorError) as caught:
        rank_busts(busted, 12, TDA, hand_for_hand=False)
    assert caught.value.code == "BUSTS_AT_SEVERAL_TABLES"
    first = rank_busts([busted[0]], 12, TDA, hand_for_hand=False)
    second = rank_busts([busted[1]], 11, TDA, hand_for_hand=False)
    assert (first[0].place, second[0].place) == (12, 11)


# Refusals


def test_busts_from_two_hands_of_one_table_are_refused() -> None:
    with pytest.raises(PokerfloorError) as caught:
        rank_busts([bust("A", 100, hand_id=1), bust("B", 100, hand_id=2)], 9, TDA, True)
    assert caught.value.code == "BUSTS_DIFFERENT_HANDS"


def test_busts_that_would_leave_nobody_are_refused() -> None:
    with pytest.raises(PokerfloorError) as caught:
        rank_busts([bust("A", 100), bust("B", 100)], 2, TDA, False)
    assert caught.value.code == "BUSTS_LEAVE_NO_PLAYER"


@pytest.mark.parametrize(
    ("busted", "code"),
    [
        ([], "BUSTS_NONE"),
        ([BustInfo("A", 1, 100, 1), BustInfo("A", 1, 100, 1)], "BUSTS_DUPLICATE_PLAYER"),
        ([BustInfo("A", 1, 0, 1)], "BUSTS_BAD_STACK"),
    ],
)
def test_bad_busts_are_refused(busted: list[BustInfo], code: str) -> None:
    with pytest.raises(PokerfloorError) as caught:
        rank_busts(busted, 9, TDA, False)
    assert caught.value.code == code


# Final ranking


def five_player_event() -> list[list[Placement]]:
    return [
        rank_busts([bust("E", 500)], 5, TDA, False),
        rank_busts([bust("C", 900), bust("D", 900)], 4, TDA, False),
    ]


def test_final_ranking_places_every_player_from_1_to_n() -> None:
    history = [*five_player_event(), rank_busts([bust("B", 5000)], 2, TDA, False)]
    ranking = final_ranking(["A", "B", "C", "D", "E"], "A", history)
    assert places(ranking) == {"A": 1, "B": 2, "C": 3, "D": 3, "E": 5}
    assert [placement.place for placement in ranking] == [1, 2, 3, 3, 5]
    assert ranking[0] == Placement("A", 1, (), (1,))


def test_final_ranking_keeps_the_ties_of_a_hand() -> None:
    history = [*five_player_event(), rank_busts([bust("B", 5000)], 2, TDA, False)]
    ranking = by_player(final_ranking(["A", "B", "C", "D", "E"], "A", history))
    assert ranking["C"].places_covered == (3, 4)
    assert ranking["C"].tied_with == ("D",)
    assert ranking["B"].place == 2
    assert ranking["E"].place == 5


def test_final_ranking_refuses_a_player_without_a_place() -> None:
    with pytest.raises(PokerfloorError) as caught:
        final_ranking(["A", "B", "C", "D", "E"], "A", five_player_event())
    assert caught.value.code == "RANKING_INCOMPLETE"
    assert caught.value.params["players"] == ["B"]


def test_final_ranking_refuses_recorded_places_that_do_not_match_the_order_of_busts() -> None:
    history = [[Placement("C", 3, (), (3,))], [Placement("B", 3, (), (3,))]]
    with pytest.raises(PokerfloorError) as caught:
        final_ranking(["A", "B", "C"], "A", history)
    assert caught.value.code == "RANKING_INCONSISTENT"


def test_final_ranking_refuses_a_tie_that_does_not_cover_its_places() -> None:
    history = [[Placement("C", 2, ("B",), (2,)), Placement("B", 2, ("C",), (2, 3))]]
    with pytest.raises(PokerfloorError) as caught:
        final_ranking(["A", "B", "C"], "A", history)
    assert caught.value.code == "RANKING_INCONSISTENT"


def test_final_ranking_refuses_an_unknown_player() -> None:
    with pytest.raises(PokerfloorError) as caught:
        final_ranking(["A", "B"], "A", [[Placement("Z", 2, (), (2,))]])
    assert caught.value.code == "RANKING_UNKNOWN_PLAYER"
    with pytest.raises(PokerfloorError):
        final_ranking(["A", "B"], "Z", [])


def test_a_re_entered_players_earlier_bust_is_not_a_final_place() -> None:
    # X busts with 5 left (place 5 at the time), re-enters; B, C, X (again) and D bust; E wins.
    history = [
        rank_busts([bust("X", 800)], 5, TDA, False),
        rank_busts([bust("B", 800)], 5, TDA, False),
        rank_busts([bust("C", 800)], 4, TDA, False),
        rank_busts([bust("X", 800)], 3, TDA, False),
        rank_busts([bust("D", 800)], 2, TDA, False),
    ]
    ranking = final_ranking(["B", "C", "D", "E", "X"], "E", history)
    assert places(ranking) == {"E": 1, "D": 2, "X": 3, "C": 4, "B": 5}
    assert len(ranking) == 5


def test_a_winner_who_re_entered_keeps_only_the_win() -> None:
    history = [
        rank_busts([bust("A", 800)], 3, TDA, False),
        rank_busts([bust("B", 800)], 3, TDA, False),
        rank_busts([bust("C", 800)], 2, TDA, False),
    ]
    assert places(final_ranking(["A", "B", "C"], "A", history)) == {"A": 1, "C": 2, "B": 3}


def test_a_re_entry_that_splits_a_tie_keeps_the_others_tied() -> None:
    history = [
        rank_busts([bust("X", 800), bust("B", 800), bust("C", 800)], 5, TDA, False),
        rank_busts([bust("X", 800)], 3, TDA, False),
        rank_busts([bust("D", 800)], 2, TDA, False),
    ]
    ranking = by_player(final_ranking(["B", "C", "D", "E", "X"], "E", history))
    assert ranking["X"].place == 3
    assert ranking["B"].places_covered == ranking["C"].places_covered == (4, 5)


# Properties


@st.composite
def bust_rounds(draw: st.DrawFn) -> tuple[RuleProfile, list[BustInfo], int, bool]:
    profile = load_profile(draw(st.sampled_from(bundled_profile_ids())))
    hand_for_hand = draw(st.booleans())
    count = draw(st.integers(1, 8))
    tables = draw(st.integers(1, 3)) if hand_for_hand else 1
    busted = [
        BustInfo(f"P{index}", table_no, stack, hand_id=table_no * 100)
        for index in range(count)
        for table_no in [draw(st.integers(1, tables))]
        for stack in [draw(st.sampled_from([100, 500, 1000, 2500]))]
    ]
    left = draw(st.integers(count + 1, count + 30))
    return profile, busted, left, hand_for_hand


@settings(max_examples=300, deadline=None)
@given(bust_rounds())
def test_property_places_are_a_permutation_of_the_covered_range(
    case: tuple[RuleProfile, list[BustInfo], int, bool],
) -> None:
    profile, busted, left, hand_for_hand = case
    result = rank_busts(busted, left, profile, hand_for_hand)
    expected = list(range(left - len(busted) + 1, left + 1))
    assert sorted(placement.player_id for placement in result) == sorted(
        b.player_id for b in busted
    )
    # The tied blocks partition the covered range, one place per player.
    blocks = {placement.places_covered for placement in result}
    assert sorted(place for block in blocks for place in block) == expected
    for placement in result:
        assert placement.place == placement.places_covered[0]
        assert len(placement.places_covered) == len(placement.tied_with) + 1
    # At one table, a bigger starting stack never ranks lower (bundled profiles).
    stack = {b.player_id: b.starting_stack_of_hand for b in busted}
    table = {b.player_id: b.table_no for b in busted}
    for high in result:
        for low in result:
            if table[high.player_id] == table[low.player_id] and (
                stack[high.player_id] > stack[low.player_id]
            ):
                assert high.place < low.place


@settings(max_examples=100, deadline=None)
@given(st.integers(2, 16), st.data())
def test_property_final_ranking_is_a_permutation_of_1_to_n(
    players: int, data: st.DataObject
) -> None:
    ids = [f"P{index}" for index in range(players)]
    alive = list(ids)
    history: list[list[Placement]] = []
    hand = reentries = 0
    while len(alive) > 1:
        count = data.draw(st.integers(1, min(3, len(alive) - 1)))
        out = data.draw(st.permutations(alive))[:count]
        hand += 1
        busted = [BustInfo(p, 1, data.draw(st.sampled_from([100, 200])), hand) for p in out]
        history.append(rank_busts(busted, len(alive), TDA, False))
        alive = [p for p in alive if p not in out]
        # Now and then a busted player re-enters (and counts among the players left again).
        if reentries < 4 and data.draw(st.booleans()):
            reentries += 1
            alive.append(out[0])
    ranking = final_ranking(ids, alive[0], history)
    assert sorted(p.player_id for p in ranking) == sorted(ids)
    blocks = {placement.places_covered for placement in ranking}
    assert sorted(place for block in blocks for place in block) == list(range(1, players + 1))
