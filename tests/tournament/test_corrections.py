"""Unregistering before the draw, payments, and corrections by reversing events (a bust that was
not one, a rebuy that did not happen): the log only grows, nothing is deleted."""

from __future__ import annotations

import pytest

from pokerfloor.errors import PokerfloorError
from pokerfloor.tournament import points
from pokerfloor.tournament.events import (
    BustCorrected,
    HandCorrected,
    PlayerRegistered,
    PlayerSeated,
    PlayerUnregistered,
    RebuyCorrected,
)
from pokerfloor.tournament.state import Tournament
from pokerfloor.tournament.structure import load_structure
from tests.tournament.test_entries import disqualify, started


def registered(players: int, max_players: int | None = None) -> Tournament:
    tournament = Tournament.create(
        "t", "tda-2024", load_structure("club-rebuy"), 9, max_players=max_players
    )
    for number in range(1, players + 1):
        tournament.register(f"P{number:02d}", f"Player {number}", 0)
    return tournament


def replayed(tournament: Tournament) -> Tournament:
    again = Tournament.replay(tournament.events)
    assert again.to_snapshot() == tournament.to_snapshot()
    restored = Tournament.from_snapshot(tournament.to_snapshot())
    assert restored.to_snapshot() == tournament.to_snapshot()
    return again


def test_unregistering_before_the_draw_gives_the_place_to_the_first_waiting() -> None:
    tournament = registered(4, max_players=4)
    tournament.register("W1", "First waiting", 1)
    tournament.register("W2", "Second waiting", 2)
    assert list(tournament.desk.waiting_list) == ["W1", "W2"]
    tournament.corrections.unregister("P02", 3, "called away")
    assert isinstance(tournament.events[-2], PlayerUnregistered)
    assert tournament.events[-2].reason == "called away"
    assert tournament.events[-1] == PlayerRegistered("W1", "First waiting", 3)
    assert "P02" not in tournament.players and "W1" in tournament.players
    assert list(tournament.desk.waiting_list) == ["W2"]
    assert tournament.players_left == 4 and tournament.entries == 4
    tournament.corrections.unregister("W2", 4, "changed their mind")  # leaves the waiting list
    assert not tournament.desk.waiting_list and tournament.players_left == 4
    replayed(tournament)


def test_unregistering_after_the_draw_is_refused() -> None:
    tournament, _ = started(6)
    count = len(tournament.events)
    with pytest.raises(PokerfloorError) as caught:
        tournament.corrections.unregister("P01", 0, "late")
    assert caught.value.code == "UNREGISTER_AFTER_DRAW"
    with pytest.raises(PokerfloorError) as caught:
        tournament.corrections.unregister("NOBODY", 0, "late")
    assert caught.value.code == "NOT_REGISTERED"
    assert len(tournament.events) == count


def test_a_wrong_bust_is_corrected_and_the_ranking_stays_consistent() -> None:
    tournament, _ = started(12)
    seat = tournament.players["P03"].seat
    disqualify(tournament, "P03", 1)  # place 12
    disqualify(tournament, "P05", 2)  # place 11
    assert tournament.players["P05"].place == 11 and tournament.players_left == 10
    count = len(tournament.events)
    tournament.corrections.correct_bust("P03", 15_000, 3, "it was P05's hand, not P03's")
    event = tournament.events[-1]
    assert isinstance(event, BustCorrected) and len(tournament.events) == count + 1
    assert event.reason and event.at_ms == 3
    player = tournament.players["P03"]
    assert player.in_play and player.seat == seat and player.stack == 15_000
    assert seat is not None and tournament.tables[seat.table_no].seats[seat.seat_no] == "P03"
    assert tournament.players_left == 11
    assert tournament.players["P05"].place == 12  # counted without P03 before: one down
    assert [p.player_id for p in tournament.placements] == ["P05"]
    assert replayed(tournament).players_left == 11
    # The tournament plays on and finishes with a consistent ranking.
    others = [p.player_id for p in tournament.in_play() if p.player_id != "P01"]
    for at_ms, player_id in enumerate(others, start=10):
        disqualify(tournament, player_id, at_ms)
    formula = points.points_formula("linear")
    finished = tournament.finish(100, [10_000], 24_000, points_formula=formula, below_pool=True)
    places = {p.player_id: p.place for p in finished.ranking}
    assert (
        places["P01"] == 1 and places["P05"] == 12 and sorted(places.values()) == list(range(1, 13))
    )
    assert finished.prizes[0].points == 12 * points.HUNDREDTHS


def test_correcting_a_bust_is_refused_when_the_seat_is_taken_or_the_player_plays() -> None:
    tournament, _ = started(12)
    with pytest.raises(PokerfloorError) as caught:
        tournament.corrections.correct_bust("P01", 1000, 1, "oops")
    assert caught.value.code == "NOT_BUSTED"
    seat = tournament.players["P03"].seat
    assert seat is not None
    disqualify(tournament, "P03", 1)
    # A late entrant drew the freed seat (forced here: the draw itself is random).
    tournament._record(PlayerRegistered("LATE", "Late", 2))
    tournament._record(PlayerSeated("LATE", seat.table_no, seat.seat_no, False, "late", 2))
    with pytest.raises(PokerfloorError) as caught:
        tournament.corrections.correct_bust("P03", 1000, 3, "oops")
    assert caught.value.code == "SEAT_TAKEN"
    assert tournament.players["P03"].place is not None


def test_a_wrong_rebuy_is_cancelled() -> None:
    tournament, _ = started(6)
    plan = tournament.hands.plan(1, 0)
    stacks = {player: stack for _, player, stack in plan.seats}
    loser, winner = list(stacks)[:2]
    stacks[winner] += stacks[loser]
    stacks[loser] = 0
    tournament.hands.record(plan, stacks, 0, rebuys=[loser])
    assert tournament.rebuys == 1 and tournament.players[loser].stack == 20_000
    pool = tournament.prize_pool().total_cents
    tournament.corrections.correct_rebuy(loser, 5, "entered twice")
    event = tournament.events[-1]
    assert event == RebuyCorrected(loser, "rebuy", 20_000, 2000, "entered twice", 5)
    assert tournament.rebuys == 0 and tournament.players[loser].rebuys == 0
    assert tournament.players[loser].stack == 0
    assert tournament.prize_pool().total_cents == pool - 2000
    replayed(tournament)
    with pytest.raises(PokerfloorError) as caught:
        tournament.corrections.correct_rebuy(loser, 6, "again")
    assert caught.value.code == "NO_REBUY"


def test_cancelling_a_rebuy_whose_chips_are_gone_is_refused() -> None:
    tournament, _ = started(6)
    plan = tournament.hands.plan(1, 0)
    stacks = {player: stack for _, player, stack in plan.seats}
    loser, winner = list(stacks)[:2]
    stacks[winner] += stacks[loser]
    stacks[loser] = 0
    tournament.hands.record(plan, stacks, 0, rebuys=[loser])
    plan = tournament.hands.plan(1, 0)
    stacks = {player: stack for _, player, stack in plan.seats}
    if loser not in stacks:
        pytest.skip("the player waits this hand")
    stacks[loser] -= 5000
    other = next(player for player in stacks if player != loser)
    stacks[other] += 5000
    tournament.hands.record(plan, stacks, 0)
    with pytest.raises(PokerfloorError) as caught:
        tournament.corrections.correct_rebuy(loser, 1, "oops")
    assert caught.value.code == "REBUY_CHIPS_GONE"
    assert tournament.rebuys == 1


def hand_with_a_pot(tournament: Tournament) -> tuple[str, str]:
    """Table 1 plays a hand the captain reports: the first player wins 1,000 from the second."""
    plan = tournament.hands.plan(1, 0)
    winner, loser = plan.seats[0][1], plan.seats[1][1]
    final = {player: stack for _, player, stack in plan.seats}
    final[winner] += 1000
    final[loser] -= 1000
    tournament.hands.record(plan, final, 1000)
    return winner, loser


def test_a_wrongly_reported_hand_is_corrected_and_the_total_is_kept() -> None:
    tournament, _ = started(12)
    winner, loser = hand_with_a_pot(tournament)
    total = sum(p.stack for p in tournament.players.values())
    # The captain swapped the two: the loser in fact won the pot.
    right = {
        winner: tournament.players[winner].stack - 2000,
        loser: tournament.players[loser].stack + 2000,
    }
    tournament.corrections.correct_hand(1, 1, right, 2000, "winner and loser swapped")
    assert {p: tournament.players[p].stack for p in right} == right
    assert sum(p.stack for p in tournament.players.values()) == total
    event = tournament.events[-1]
    assert isinstance(event, HandCorrected) and event.reason == "winner and loser swapped"
    assert dict(event.stacks_after) == right and dict(event.stacks_before) != right
    assert replayed(tournament).players[loser].stack == right[loser]


@pytest.mark.parametrize(
    ("change", "code"),
    [
        ({"hand_no": 2}, "NOT_LAST_HAND"),
        ({"table_no": 7}, "NO_SUCH_TABLE"),
        ({"add": 500}, "CHIPS_NOT_CONSERVED"),
        ({"zero": True}, "BAD_STACK"),
        ({"stranger": True}, "NOT_AT_TABLE"),
    ],
)
def test_a_hand_correction_that_does_not_fit_is_refused_and_changes_nothing(
    change: dict[str, object], code: str
) -> None:
    tournament, _ = started(12)
    winner, loser = hand_with_a_pot(tournament)
    stacks = {winner: tournament.players[winner].stack, loser: tournament.players[loser].stack}
    if change.get("add"):
        stacks[winner] += 500
    if change.get("zero"):
        stacks = {winner: stacks[winner] + stacks[loser], loser: 0}
    if change.get("stranger"):
        other = next(p for p, s in tournament.players.items() if s.seat and s.seat.table_no == 2)
        stacks[other] = tournament.players[other].stack
    before = len(tournament.events)
    with pytest.raises(PokerfloorError) as caught:
        tournament.corrections.correct_hand(
            int(change.get("table_no", 1)),
            int(change.get("hand_no", 1)),
            stacks,
            2000,
            "x",  # type: ignore[call-overload]
        )
    assert caught.value.code == code
    assert len(tournament.events) == before


def test_a_table_with_no_hand_yet_records_its_count_as_hand_0() -> None:
    """A final table just drawn after busts entered without stacks has no hand to correct:
    the chips counted as the players sit are recorded as hand 0 (the deal panel's count)."""
    tournament, _ = started(12)
    players = [p for p, s in tournament.players.items() if s.seat and s.seat.table_no == 1]
    assert tournament.hands_at.get(1, 0) == 0
    stacks = {players[0]: tournament.players[players[0]].stack + 500}
    stacks[players[1]] = tournament.players[players[1]].stack - 500
    tournament.corrections.correct_hand(1, 0, stacks, 2000, "counted for the deal")
    assert {p: tournament.players[p].stack for p in stacks} == stacks
    assert replayed(tournament).players[players[0]].stack == stacks[players[0]]
    with pytest.raises(PokerfloorError) as caught:
        tournament.corrections.correct_hand(1, 1, stacks, 2000, "no hand 1 yet")
    assert caught.value.code == "NOT_LAST_HAND"
