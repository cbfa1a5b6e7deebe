"""Chip race at a colour-up: tda-2024 R24-25, tda-2010 R16, heavenpoker 9.24, allinouest
§Le chip race, ropta-2025 chip race (and ropta 4.2 on changing up first)."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokerfloor.cards import Card, Deck, parse_cards
from pokerfloor.errors import PokerfloorError
from pokerfloor.rules import RuleProfile, bundled_profile_ids, load_profile
from pokerfloor.tournament.chiprace import (
    ChipRaceResult,
    chip_race,
    chips_to_award,
    dealing_order,
    odd_chips_from_stacks,
)
from pokerfloor.tournament.types import Table

TDA = load_profile("tda-2024")
HEAVEN = load_profile("heavenpoker")
ALLINOUEST = load_profile("allinouest")
ROPTA = load_profile("ropta")

# Seats 1-4, button on seat 2. Colour-up of the 25 chips; 100 is the smallest chip left.
TABLE = Table(table_no=3, size=9, seats={1: "A", 2: "B", 3: "C", 4: "D"}, button_seat=2)
# A has 1 odd chip of 25, B 2, C 3, D none: 150 of leftovers. These stacks are exact to the
# last chip, so the counts the table would give are read from them (odd_chips_from_stacks);
# test_chiprace_counts.py races with counts that the recorded stacks do not show.
STACKS = {"A": 1025, "B": 2050, "C": 975, "D": 1000}


def counted(
    table: Table, stacks: dict[str, int], removed: int = 25, next_chip: int = 100
) -> dict[str, int]:
    at_table = {player: stacks[player] for player in table.seats.values() if player in stacks}
    return odd_chips_from_stacks(at_table, removed, next_chip)


def race(
    profile: RuleProfile,
    cards: str,
    *,
    table: Table = TABLE,
    stacks: dict[str, int] | None = None,
    removed: int = 25,
    next_chip: int = 100,
) -> ChipRaceResult:
    stacks = stacks or STACKS
    odd_chips = counted(table, stacks, removed, next_chip)
    return chip_race(table, stacks, removed, next_chip, profile, Deck(cards), odd_chips=odd_chips)


def house(tmp_path: Path, body: str) -> RuleProfile:
    path = tmp_path / "club.toml"
    path.write_text(f'extends = "tda-2024"\n{body}', encoding="utf-8")
    return load_profile(path)


def refusal(profile: RuleProfile, **kwargs: object) -> PokerfloorError:
    with pytest.raises(PokerfloorError) as caught:
        race(profile, "2c 3c 4c 5c 6c 7c 8c 9c", **kwargs)  # type: ignore[arg-type]
    return caught.value


# Where the race starts


def test_tda_2024_r24_chip_race_starts_at_seat_1() -> None:
    result = race(TDA, "2c 3c 4c 5c 6c 7c")
    assert result.dealing_order == ("A", "B", "C")
    assert result.cards == {
        "A": parse_cards("2c"),
        "B": parse_cards("3c 4c"),
        "C": parse_cards("5c 6c 7c"),
    }
    assert "tda-2024 R24" in result.citations


def test_ropta_2025_chip_race_starts_at_seat_1_too() -> None:
    assert race(ROPTA, "2c 3c 4c 5c 6c 7c").dealing_order == ("A", "B", "C")


def test_heavenpoker_9_24_chip_race_starts_left_of_the_dealer() -> None:
    result = race(HEAVEN, "2c 3c 4c 5c 6c 7c")
    # Button on seat 2: seat 3 first, then 4 (no odd chip), 1, and the dealer last.
    assert result.dealing_order == ("C", "A", "B")
    assert result.cards["C"] == parse_cards("2c 3c 4c")
    assert result.cards["A"] == parse_cards("5c")
    assert result.cards["B"] == parse_cards("6c 7c")
    assert "heavenpoker 9.24" in result.citations


def test_allinouest_chip_race_cards_go_en_bloc_player_by_player_from_the_dealers_left() -> None:
    result = race(ALLINOUEST, "Ah Kh Qh Jh Th 9h")
    assert list(result.cards) == ["C", "A", "B"]
    assert result.cards["C"] == parse_cards("Ah Kh Qh")


def test_left_of_dealer_with_a_dead_button_starts_at_the_next_occupied_seat() -> None:
    table = Table(table_no=1, size=9, seats={2: "A", 5: "B", 8: "C"}, button_seat=6)
    assert dealing_order(table, HEAVEN, dealer_seat=6) == ("C", "A", "B")


def test_the_seat_dealing_the_race_may_be_given_when_the_button_has_moved() -> None:
    table = Table(table_no=1, size=9, seats={1: "A", 2: "B", 3: "C"}, button_seat=1)
    assert dealing_order(table, HEAVEN, dealer_seat=2) == ("C", "A", "B")


def test_left_of_dealer_without_a_button_is_refused() -> None:
    table = Table(table_no=1, size=9, seats={1: "A", 2: "B"})
    with pytest.raises(PokerfloorError) as caught:
        dealing_order(table, HEAVEN)
    assert caught.value.code == "CHIP_RACE_NO_DEALER"


def test_a_dealer_seat_outside_the_table_is_refused() -> None:
    with pytest.raises(PokerfloorError) as caught:
        dealing_order(TABLE, HEAVEN, dealer_seat=12)
    assert caught.value.code == "CHIP_RACE_BAD_DEALER_SEAT"


# How many chips the leftovers make


def test_tda_2024_r24_leftover_of_half_a_chip_or_more_counts_as_one() -> None:
    assert chips_to_award(150, 100, "half_or_more") == 2
    assert chips_to_award(50, 100, "half_or_more") == 1
    assert chips_to_award(25, 100, "half_or_more") == 0
    assert chips_to_award(0, 100, "half_or_more") == 0


def test_allinouest_chip_race_total_is_rounded_up() -> None:
    assert chips_to_award(25, 100, "round_up") == 1
    assert chips_to_award(100, 100, "round_up") == 1
    assert chips_to_award(125, 100, "round_up") == 2


def test_ropta_2025_chip_race_half_or_more_drops_a_small_leftover() -> None:
    stacks = {"A": 1025, "B": 1000, "C": 1000, "D": 1000}
    result = race(ROPTA, "Ac", stacks=stacks)
    assert result.chips_to_award == 0
    assert result.winners == ()
    assert result.new_stacks["A"] == 1000
    assert result.total_change == -25


def test_allinouest_a_single_odd_chip_makes_a_whole_chip() -> None:
    stacks = {"A": 1025, "B": 1000, "C": 1000, "D": 1000}
    result = race(ALLINOUEST, "2c", stacks=stacks)
    assert result.chips_to_award == 1
    assert result.winners == ("A",)
    assert result.new_stacks["A"] == 1100
    assert result.total_change == 75


def test_unknown_rounding_is_refused() -> None:
    with pytest.raises(PokerfloorError) as caught:
        chips_to_award(100, 100, "round_down")
    assert caught.value.code == "CHIP_RACE_BAD_ROUNDING"


# Who wins


def test_tda_2024_r24_at_most_one_chip_per_player() -> None:
    # C holds the three highest cards but wins one chip; the next highest card is B's.
    result = race(TDA, "2c 3c 4c 5c 6c 7c")
    assert result.chips_to_award == 2
    assert result.winners == ("C", "B")
    assert result.new_stacks == {"A": 1000, "B": 2100, "C": 1000, "D": 1000}


def test_tda_2024_r24_highest_cards_win() -> None:
    result = race(TDA, "As 3c 4c 5c 6c Kd")
    assert result.winners == ("A", "C")
    assert result.new_stacks == {"A": 1100, "B": 2000, "C": 1000, "D": 1000}


def test_roberts_3_7_equal_ranks_are_broken_by_suit_spades_first() -> None:
    stacks = {"A": 1025, "B": 1025, "C": 1000, "D": 1000}
    result = race(TDA, "Kh Ks", stacks=stacks)
    assert result.winners == ("B",)
    result = race(TDA, "Kd Kc", stacks=stacks)
    assert result.winners == ("A",)
    assert result.redraws == ()


def test_heavenpoker_5_3_equal_ranks_are_redrawn_in_the_chip_race() -> None:
    # Left of the dealer (seat 2): C then A. Both get a king; the redraw gives A 9d, C 3c.
    stacks = {"A": 1025, "B": 1000, "C": 1025, "D": 1000}
    result = race(HEAVEN, "Ks Kc 3c 9d", stacks=stacks)
    assert result.winners == ("A",)
    assert result.redraws == ((("C", Card("3c")), ("A", Card("9d"))),)
    assert "heavenpoker 5.3" in result.citations


def test_heavenpoker_5_3_a_tie_that_does_not_straddle_the_last_chip_needs_no_redraw() -> None:
    # Two chips for two kings (C: Ks 2c 3c, A: Kc 4c 5c): both win, no redraw.
    stacks = {"A": 1075, "B": 1000, "C": 1075, "D": 1000}
    result = race(HEAVEN, "Ks 2c 3c Kc 4c 5c", stacks=stacks)
    assert sorted(result.winners) == ["A", "C"]
    assert result.redraws == ()


def test_a_higher_chip_limit_lets_one_player_win_several_chips(tmp_path: Path) -> None:
    profile = house(tmp_path, "[chip_race]\nmax_chips_per_player = 2\n")
    result = race(profile, "2c 3c 4c 5c 6c 7c")
    assert result.winners == ("C", "C")
    assert result.new_stacks["C"] == 1100


# Nobody is raced out


def test_heavenpoker_9_24_nobody_is_raced_out() -> None:
    # A has one chip of 25 and nothing else; B's two odd chips hold the higher cards.
    stacks = {"A": 25, "B": 1050, "C": 1000, "D": 1000}
    result = race(HEAVEN, "2c Ah Kh", stacks=stacks)
    assert result.winners == ("B",)
    assert result.given_not_raced_out == ("A",)
    assert result.new_stacks["A"] == 100
    assert result.chips_given == 100


def test_tda_2024_r24_a_short_stack_that_wins_the_race_is_not_given_an_extra_chip() -> None:
    stacks = {"A": 75, "B": 1025, "C": 1000, "D": 1000}
    result = race(TDA, "As Ac Kc Qc", stacks=stacks)
    assert result.winners == ("A",)
    assert result.given_not_raced_out == ()
    assert result.new_stacks["A"] == 100


def test_tda_2010_r16_player_losing_last_chips_gets_the_smallest_chip_still_in_play() -> None:
    stacks = {"A": 25, "B": 1050, "C": 1000, "D": 1000}
    result = race(load_profile("tda-2010"), "2c Ah Kh", stacks=stacks)
    assert result.new_stacks["A"] == 100
    assert "tda-2010 R16" in result.citations


def test_a_house_rule_may_let_a_player_be_raced_out(tmp_path: Path) -> None:
    profile = house(tmp_path, "[chip_race]\ncannot_be_raced_out = false\n")
    stacks = {"A": 25, "B": 1050, "C": 1000, "D": 1000}
    result = race(profile, "2c Ah Kh", stacks=stacks)
    assert result.raced_out == ("A",)
    assert result.new_stacks["A"] == 0


# Totals


def test_the_chip_total_change_from_rounding_is_reported() -> None:
    result = race(TDA, "2c 3c 4c 5c 6c 7c")
    assert result.chips_removed == 150
    assert result.chips_awarded == 200
    assert result.total_change == 50
    assert not result.conserved
    assert sum(result.new_stacks.values()) - sum(STACKS.values()) == result.total_change


def test_a_race_with_no_odd_chips_changes_nothing() -> None:
    stacks = {"A": 1000, "B": 2000, "C": 100, "D": 500}
    deck = Deck("2c 3c")
    result = chip_race(TABLE, stacks, 25, 100, TDA, deck, odd_chips=counted(TABLE, stacks))
    assert result.conserved
    assert result.cards == {}
    assert result.new_stacks == stacks
    assert deck.remaining == 2


def test_the_result_serialises_cards_as_text() -> None:
    data = race(TDA, "2c 3c 4c 5c 6c 7c").as_dict()
    assert data["cards"]["B"] == ["3c", "4c"]
    assert data["total_change"] == 50


def test_stacks_of_players_at_other_tables_are_ignored() -> None:
    result = race(TDA, "2c 3c 4c 5c 6c 7c", stacks={**STACKS, "Z": 30})
    assert "Z" not in result.new_stacks


# Refusals


def test_denominations_that_do_not_divide_are_refused() -> None:
    assert refusal(TDA, removed=25, next_chip=110).code == "CHIP_RACE_BAD_DENOMINATIONS"
    assert refusal(TDA, removed=100, next_chip=25).code == "CHIP_RACE_BAD_DENOMINATIONS"
    assert refusal(TDA, removed=0, next_chip=25).code == "CHIP_RACE_BAD_DENOMINATIONS"


def test_a_stack_not_made_of_chips_in_play_is_refused() -> None:
    error = refusal(TDA, stacks={**STACKS, "A": 1010})
    assert error.code == "CHIP_RACE_BAD_STACK"
    assert error.params["player_id"] == "A"


def test_a_seated_player_with_no_chips_is_refused() -> None:
    assert refusal(TDA, stacks={**STACKS, "D": 0}).code == "CHIP_RACE_BAD_STACK"


def test_a_missing_stack_is_refused() -> None:
    error = refusal(TDA, stacks={"A": 1000, "B": 1000, "C": 1000})
    assert error.code == "CHIP_RACE_MISSING_STACK"
    assert error.params["players"] == ["D"]


def test_a_deck_too_short_is_refused_before_any_card_is_dealt() -> None:
    deck = Deck("2c 3c")
    with pytest.raises(PokerfloorError) as caught:
        chip_race(TABLE, STACKS, 25, 100, TDA, deck, odd_chips=counted(TABLE, STACKS))
    assert caught.value.code == "CHIP_RACE_DECK_TOO_SHORT"
    assert deck.remaining == 2


# Properties

DENOMINATIONS = st.sampled_from([(5, 25), (25, 100), (100, 500), (500, 1000), (1, 5)])


@st.composite
def races(draw: st.DrawFn) -> tuple[RuleProfile, Table, dict[str, int], int, int, int]:
    profile = load_profile(draw(st.sampled_from(bundled_profile_ids())))
    removed, next_chip = draw(DENOMINATIONS)
    seat_numbers = draw(st.lists(st.integers(1, 10), min_size=2, max_size=8, unique=True))
    seats = {seat: f"P{seat}" for seat in seat_numbers}
    button = draw(st.integers(1, 10))
    # Players changed up first: fewer odd chips than make a new chip (ropta 4.2).
    stacks = {
        player: draw(st.integers(0, 50)) * next_chip
        + draw(st.integers(0, next_chip // removed - 1)) * removed
        for player in seats.values()
    }
    stacks = {player: stack or removed for player, stack in stacks.items()}
    seed = draw(st.integers(0, 2**32))
    return profile, Table(1, 10, seats, button_seat=button), stacks, removed, next_chip, seed


@settings(max_examples=300, deadline=None)
@given(races())
def test_property_every_new_stack_is_a_positive_multiple_of_the_next_chip(
    case: tuple[RuleProfile, Table, dict[str, int], int, int, int],
) -> None:
    profile, table, stacks, removed, next_chip, seed = case
    result = chip_race(
        table,
        stacks,
        removed,
        next_chip,
        profile,
        Deck.shuffled(seed),
        odd_chips=odd_chips_from_stacks(stacks, removed, next_chip),
    )
    assert set(result.new_stacks) == set(stacks)
    for stack in result.new_stacks.values():
        assert stack > 0
        assert stack % next_chip == 0


@settings(max_examples=300, deadline=None)
@given(races())
def test_property_at_most_one_chip_won_per_player_and_totals_add_up(
    case: tuple[RuleProfile, Table, dict[str, int], int, int, int],
) -> None:
    profile, table, stacks, removed, next_chip, seed = case
    result = chip_race(
        table,
        stacks,
        removed,
        next_chip,
        profile,
        Deck.shuffled(seed),
        odd_chips=odd_chips_from_stacks(stacks, removed, next_chip),
    )
    assert len(set(result.winners)) == len(result.winners)
    assert set(result.winners) <= set(result.dealing_order)
    assert len(result.winners) == result.chips_to_award
    for player in result.dealing_order:
        assert len(result.cards[player]) == result.odd_chips[player]
    assert sum(result.new_stacks.values()) - sum(stacks.values()) == result.total_change
    # The rounding moves the total by less than one new chip, before the chips given.
    rounding = result.chips_awarded - result.chips_removed
    assert -next_chip < rounding < next_chip
