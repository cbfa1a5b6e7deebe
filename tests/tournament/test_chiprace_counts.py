"""The chip race with the real chips: the odd chips of the removed colour are counted at the
table and given to the race; the recorded stacks, usually round, never stand in for them
(tda-2024 R24, tda-2010 R16, heavenpoker 9.24, allinouest §Le chip race, ropta 4.2)."""

from __future__ import annotations

import random

import msgspec
import pytest

from pokerfloor.cards import Deck, parse_cards
from pokerfloor.errors import PokerfloorError
from pokerfloor.rules import RuleProfile, load_profile
from pokerfloor.tournament.chiprace import ChipRaceResult, chip_race, new_dealer_seat
from pokerfloor.tournament.events import ChipRaced, TournamentEvent
from pokerfloor.tournament.state import Tournament
from pokerfloor.tournament.structure import load_structure
from pokerfloor.tournament.types import Table

TDA = load_profile("tda-2024")
HEAVEN = load_profile("heavenpoker")
ALLINOUEST = load_profile("allinouest")

# Seats 1-4 after a hand: button on seat 2, blinds on 3 and 4. The next hand's button, the
# new dealer, is seat 3. Round stacks, as a table that does not count every hand records them.
TABLE = Table(
    table_no=3,
    size=9,
    seats={1: "A", 2: "B", 3: "C", 4: "D"},
    button_seat=2,
    small_blind_seat=3,
    big_blind_seat=4,
)
ROUND = {"A": 1000, "B": 2000, "C": 1000, "D": 1000}
# Counted at the table once everyone changed up: 1, 2 and 3 chips of 25, 150 in all.
COUNTS = {"A": 1, "B": 2, "C": 3, "D": 0}


def race(
    profile: RuleProfile,
    cards: str,
    *,
    table: Table = TABLE,
    stacks: dict[str, int] | None = None,
    odd_chips: dict[str, int] | None = None,
) -> ChipRaceResult:
    return chip_race(
        table,
        stacks or ROUND,
        25,
        100,
        profile,
        Deck(cards),
        odd_chips=COUNTS if odd_chips is None else odd_chips,
    )


def refused(odd_chips: dict[str, int], stacks: dict[str, int] | None = None) -> PokerfloorError:
    """The race refused before any card is dealt."""
    deck = Deck("2c 3c 4c 5c 6c 7c 8c 9c")
    with pytest.raises(PokerfloorError) as caught:
        chip_race(TABLE, stacks or ROUND, 25, 100, TDA, deck, odd_chips=odd_chips)
    assert deck.remaining == 8
    return caught.value


# ---- the counts make the race -------------------------------------------------------------


def test_entered_counts_race_where_the_round_recorded_stacks_show_no_odd_chip() -> None:
    result = race(TDA, "2c 3c 4c 5c 6c 7c")
    assert result.chips_to_award == 2  # 150 of leftovers, half a chip or more counts
    assert result.winners == ("C", "B")
    # Each stack loses its odd chips and gains the chip won: what left and came to the table.
    assert result.new_stacks == {"A": 975, "B": 2050, "C": 1025, "D": 1000}
    assert result.odd_chips == {"A": 1, "B": 2, "C": 3, "D": 0}
    assert result.total_change == 50
    assert sum(result.new_stacks.values()) - sum(ROUND.values()) == result.total_change


def test_tda_2024_r24_race_starts_at_seat_1() -> None:
    result = race(TDA, "2c 3c 4c 5c 6c 7c")
    assert result.dealing_order == ("A", "B", "C")
    assert result.cards["A"] == parse_cards("2c")
    assert result.cards["C"] == parse_cards("5c 6c 7c")
    assert result.dealer_seat is None
    assert "tda-2024 R24" in result.citations


def test_tda_2024_r24_at_most_one_chip_per_player_with_counted_chips() -> None:
    # C's three cards are the highest; C wins one chip, the next best card is B's.
    result = race(TDA, "2c 3c 4c Ac Ad As")
    assert result.winners == ("C", "B")
    assert result.winners.count("C") == 1


def test_heavenpoker_9_24_starts_left_of_the_new_dealer() -> None:
    # The last hand's button was seat 2; the new dealer deals the next hand from seat 3, so
    # the race starts at seat 4 (no odd chip), then 1 and 2, the dealer last.
    assert new_dealer_seat(TABLE, HEAVEN) == 3
    result = race(HEAVEN, "2c 3c 4c 5c 6c 7c")
    assert result.dealer_seat == 3
    assert result.dealing_order == ("A", "B", "C")
    assert result.cards["A"] == parse_cards("2c")
    assert result.cards["C"] == parse_cards("5c 6c 7c")
    assert "heavenpoker 9.24" in result.citations


def test_allinouest_chip_race_is_dealt_by_the_new_dealer_from_their_left() -> None:
    result = race(ALLINOUEST, "Ah Kh Qh Jh Th 9h", odd_chips={"A": 1, "B": 2, "C": 0, "D": 3})
    assert list(result.cards) == ["D", "A", "B"]
    assert result.cards["D"] == parse_cards("Ah Kh Qh")  # en bloc, player by player


def test_allinouest_chip_race_with_a_dead_button_the_player_dealing_again_deals_it() -> None:
    # Seat 3 left the table: the button is dead on seat 3 and seat 2 deals again.
    table = Table(3, 9, {1: "A", 2: "B", 4: "D", 5: "E"}, 2, 4, 3)
    assert new_dealer_seat(table, ALLINOUEST) == 2
    result = chip_race(
        table,
        {"A": 1000, "B": 1000, "D": 1000, "E": 1000},
        25,
        100,
        ALLINOUEST,
        Deck("2c 3c 4c 5c"),
        odd_chips={"A": 1, "B": 1, "D": 1, "E": 1},
    )
    assert result.dealing_order == ("D", "E", "A", "B")


def test_allinouest_chip_race_total_is_rounded_up_from_the_counts() -> None:
    result = race(ALLINOUEST, "2c", odd_chips={"A": 1, "B": 0, "C": 0, "D": 0})
    assert result.chips_to_award == 1
    assert result.new_stacks["A"] == 1075


def test_heavenpoker_9_24_nobody_is_raced_out_by_the_counted_chips() -> None:
    # A's whole stack is one chip of 25; B's two odd chips hold the higher cards.
    stacks = {"A": 25, "B": 2000, "C": 1000, "D": 1000}
    result = race(HEAVEN, "2c Ah Kh", stacks=stacks, odd_chips={"A": 1, "B": 2, "C": 0, "D": 0})
    assert result.winners == ("B",)
    assert result.given_not_raced_out == ("A",)
    assert result.new_stacks["A"] == 100


def test_a_table_counting_no_odd_chip_changes_nothing() -> None:
    deck = Deck("2c")
    zeros = dict.fromkeys(ROUND, 0)
    result = chip_race(TABLE, ROUND, 25, 100, TDA, deck, odd_chips=zeros)
    assert result.new_stacks == ROUND
    assert result.conserved
    assert deck.remaining == 1


# ---- refusals: no card dealt, nothing changed --------------------------------------------


def test_a_race_without_counts_cannot_be_raced() -> None:
    error = refused({})
    assert error.code == "CHIP_RACE_NEEDS_COUNTS"
    assert error.params == {"table_no": 3, "removed": 25}


def test_a_player_left_out_of_the_counts_is_named() -> None:
    error = refused({"A": 1, "B": 2})
    assert error.code == "CHIP_RACE_MISSING_COUNT"
    assert error.params == {"table_no": 3, "players": ["C", "D"], "seats": [3, 4]}
    assert "seats 3, 4" in error.message


def test_a_count_for_a_player_not_at_the_table_is_refused() -> None:
    error = refused({**COUNTS, "Z": 1})
    assert error.code == "CHIP_RACE_NOT_SEATED"
    assert error.params["players"] == ["Z"]


def test_a_negative_count_is_refused() -> None:
    error = refused({**COUNTS, "B": -1})
    assert error.code == "CHIP_RACE_BAD_COUNT"
    assert error.params == {"player_id": "B", "seat_no": 2, "count": -1}


def test_ropta_4_2_a_full_set_is_changed_up_not_raced() -> None:
    error = refused({**COUNTS, "C": 4})
    assert error.code == "CHIP_RACE_FULL_SET"
    assert error.params["most"] == 3
    assert error.params["seat_no"] == 3
    assert "4 chips of 25 make a chip of 100; change them up first" in error.message


def test_odd_chips_worth_more_than_the_stack_are_refused() -> None:
    error = refused({**COUNTS, "A": 3}, stacks={**ROUND, "A": 50})
    assert error.code == "CHIP_RACE_COUNT_OVER_STACK"
    assert error.params["value"] == 75
    assert error.params["stack"] == 50
    assert "worth 75, more than the recorded stack of 50" in error.message


# ---- the tournament: the event, the stacks, the chips in play ----------------------------


def four_players(profile: str = "tda-2024") -> Tournament:
    """One table of four, hand 1 reported: round stacks of 20,000."""
    tournament = Tournament.create("t", profile, load_structure("club-evening"), 9)
    for player_id in ("A", "B", "C", "D"):
        tournament.register(player_id, player_id, 0)
    tournament.draw_seats(random.Random(1))
    tournament.place_buttons(random.Random(1))
    tournament.start_clock(0)
    plan = tournament.hands.plan_next(1, 1000)
    tournament.hands.record(plan, {player: stack for _, player, stack in plan.seats}, 1000)
    return tournament


def test_the_tournament_refuses_a_race_without_counts_and_records_nothing() -> None:
    tournament = four_players()
    before = len(tournament.events)
    for counts in (None, {}):
        with pytest.raises(PokerfloorError) as caught:
            tournament.chip_races.race(1, 25, 100, Deck.shuffled(1), 2000, odd_chips=counts)
        assert caught.value.code == "CHIP_RACE_NEEDS_COUNTS"
    with pytest.raises(PokerfloorError) as caught:
        tournament.chip_races.race(1, 25, 100, Deck.shuffled(1), 2000, odd_chips={"A": 9})
    assert caught.value.code == "CHIP_RACE_MISSING_COUNT"
    assert len(tournament.events) == before
    assert all(player.stack == 20_000 for player in tournament.players.values())


def test_the_race_updates_the_stacks_and_the_chips_in_play_follow_exactly() -> None:
    tournament = four_players("heavenpoker")
    counts = {"A": 3, "B": 1, "C": 0, "D": 2}
    event = tournament.chip_races.race(1, 25, 100, Deck.shuffled(5), 2000, odd_chips=counts)
    assert isinstance(event, ChipRaced)
    assert dict(event.odd_chips) == counts
    assert event.dealer_seat is not None
    assert len(event.winners) == len(set(event.winners)) == 2  # 150: two chips, one each
    for player_id, stack in event.stacks_after:
        won = event.winners.count(player_id)
        assert stack == 20_000 - counts[player_id] * 25 + won * 100
        assert tournament.players[player_id].stack == stack
    assert tournament.chips_in_play == sum(p.stack for p in tournament.in_play())
    assert tournament.chips_in_play == 80_000 - 150 + 200
    again = Tournament.replay(tournament.events)
    assert again.chips_in_play == tournament.chips_in_play
    assert {p: again.players[p].stack for p in counts} == dict(event.stacks_after)


def test_an_old_chip_raced_event_without_the_counts_still_replays() -> None:
    tournament = four_players()
    old = (
        b'{"type":"chip_raced","table_no":1,"removed_chip":25,"next_chip":100,'
        b'"cards":[["A",["As"]]],"winners":["A"],'
        b'"stacks_before":[["A",20000],["B",20000],["C",20000],["D",20000]],'
        b'"stacks_after":[["A",20075],["B",20000],["C",20000],["D",20000]],"at_ms":2000}'
    )
    event = msgspec.json.decode(old, type=TournamentEvent)
    assert isinstance(event, ChipRaced)
    assert (event.odd_chips, event.dealer_seat, event.given_not_raced_out) == ((), None, ())
    again = Tournament.replay([*tournament.events, event])
    assert again.players["A"].stack == 20_075
    assert again.chips_in_play == 80_075
