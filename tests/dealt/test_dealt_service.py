"""A sit-and-go dealt by pokerfloor through the service: hands from the tables' streams,
busts and places in the tournament, the action clock, absence, breaks and levels."""

from __future__ import annotations

from pokerfloor.dealt import ActionTimedOut, HandDealt, HandFinished, HandStep, PlayerAway
from pokerfloor.hand import Acted, Action
from pokerfloor.tournament.events import HandPlayed
from tests.dealt._sitngo import SHORT_STRUCTURE, CallingStation, play_until, sit_and_go


def test_a_sit_and_go_dealt_by_pokerfloor_plays_to_a_winner_with_places_from_the_hands() -> None:
    dealt, clock = sit_and_go(players=4)
    tournaments = dealt.tournaments
    play_until(dealt, clock, lambda: tournaments.tournament("sng").players_left == 1)
    tournament = tournaments.tournament("sng")
    places = {p.player_id: p.place for p in tournament.players.values() if p.place is not None}
    assert len(places) == 3 and set(places.values()) <= {2, 3, 4}
    # Busts of one hand are ranked by the profile (tda-2024: the bigger starting stack higher;
    # equal stacks tie), from the stacks the hand began with.
    for played in (e for e in tournament.events if isinstance(e, HandPlayed)):
        out = [p for p in played.players if p.final_stack == 0]
        for first in out:
            for second in out:
                if first.stack > second.stack:
                    assert places[first.player_id] < places[second.player_id]
                if first.stack == second.stack:
                    assert places[first.player_id] == places[second.player_id]
    table = dealt.table("sng", 1)
    assert tournament.hands_at[1] == table.hand_no > 1
    # Every hand of the table's stream is one hand_played of the tournament, same number.
    finished = [e for e in table.events if isinstance(e, HandFinished)]
    assert [f.hand_no for f in finished] == list(range(1, table.hand_no + 1))


def test_the_action_clock_times_out_a_player_and_two_timeouts_in_a_row_mark_him_away() -> None:
    dealt, clock = sit_and_go(players=3)
    dealt.tick("sng")
    table = dealt.table("sng", 1)
    seat_no = table.to_act_seat()
    dealt_at = table.dealt.at_ms if table.dealt else 0
    # Action time, then the whole bank: tda-2024 R29's 25 s + 5 s is the profile's default,
    # this tournament chose 20 s and a 30 s bank.
    assert table.deadline_ms(seat_no) == dealt_at + (20 + 30) * 1000
    clock.now = dealt_at + 49_999
    dealt.tick("sng")
    assert dealt.table("sng", 1).to_act_seat() == seat_no
    clock.now = dealt_at + 50_000
    dealt.tick("sng")
    timed_out = [e for e in dealt.table("sng", 1).events if isinstance(e, ActionTimedOut)]
    assert [(e.seat_no, e.deadline_ms) for e in timed_out] == [(seat_no, dealt_at + 50_000)]
    # The bank is spent: the next turn has the action time only.
    play_until(
        dealt,
        clock,
        lambda: any(isinstance(e, PlayerAway) for e in dealt.table("sng", 1).events),
        skip_seat=lambda _table, seat: seat == seat_no,
        bot=CallingStation(),
    )
    assert dealt.table("sng", 1).away == {seat_no}


def test_an_away_player_is_dealt_in_with_a_dead_hand_until_he_comes_back() -> None:
    dealt, clock = sit_and_go(players=3)
    dealt.tick("sng")
    table = dealt.table("sng", 1)
    away_seat = table.to_act_seat()
    player = dealt.tournaments.tournament("sng").tables[1].seats[away_seat]
    play_until(
        dealt,
        clock,
        lambda: away_seat in dealt.table("sng", 1).away and not dealt.table("sng", 1).in_hand,
        skip_seat=lambda _table, seat: seat == away_seat,
        bot=CallingStation(),
    )
    hands_before = dealt.table("sng", 1).hand_no
    play_until(
        dealt,
        clock,
        lambda: dealt.table("sng", 1).hand_no == hands_before + 1,
        bot=CallingStation(),
    )
    setup = dealt.table("sng", 1).hand().setup
    assert [s.absent for s in setup.seats if s.seat_no == away_seat] == [True]
    dealt.come_back("sng", player)
    play_until(
        dealt,
        clock,
        lambda: dealt.table("sng", 1).hand_no == hands_before + 3,
        bot=CallingStation(),
    )
    setup = dealt.table("sng", 1).hand().setup
    assert [s.absent for s in setup.seats if s.seat_no == away_seat] == [False]


def test_a_crash_mid_hand_resumes_at_the_same_action_with_the_same_deadline() -> None:
    from pokerfloor.app.dealt_service import DealtService
    from pokerfloor.app.service import TournamentService

    dealt, clock = sit_and_go(players=4)
    play_until(dealt, clock, lambda: dealt.table("sng", 1).hand_no == 3, bot=CallingStation())
    assert dealt.table("sng", 1).in_hand
    before = dealt.table("sng", 1)
    seat_no = before.to_act_seat()
    restarted = DealtService(TournamentService(dealt.store, clock))
    after = restarted.table("sng", 1)
    assert after.to_act_seat() == seat_no
    assert after.deadline_ms(seat_no) == before.deadline_ms(seat_no)
    assert after.hand().legal_actions() == before.hand().legal_actions()
    assert after.events == before.events


def test_no_hand_is_dealt_during_a_break_and_a_new_level_applies_from_the_next_deal() -> None:
    dealt, clock = sit_and_go(players=3, structure=SHORT_STRUCTURE)
    start = clock.now
    break_starts, break_ends = start + 120_000, start + 180_000
    play_until(dealt, clock, lambda: clock.now >= start + 240_000, bot=CallingStation())
    deals = {e.hand_no: e for e in dealt.table("sng", 1).events if isinstance(e, HandDealt)}
    assert not [d for d in deals.values() if break_starts <= d.at_ms < break_ends]
    assert any(d.at_ms < break_starts for d in deals.values())
    assert any(d.at_ms >= break_ends for d in deals.values())
    played = [e for e in dealt.tournaments.tournament("sng").events if isinstance(e, HandPlayed)]
    for event in played:  # each hand at the level in force at its deal
        assert event.level == (1 if deals[event.hand_no].at_ms < break_starts else 2)
    # The hand dealt before the break was played to its end during the break.
    finished = [e for e in dealt.table("sng", 1).events if isinstance(e, HandFinished)]
    assert any(break_starts <= f.at_ms for f in finished)


def test_bots_of_the_simulator_take_seats_and_play_a_sit_and_go_through_the_same_commands() -> None:
    dealt, clock = sit_and_go(players=4)
    for number, policy in ((1, "random"), (2, "tag"), (3, "random"), (4, "tag")):
        dealt.seat_bot("sng", f"p{number}", policy)
    tournaments = dealt.tournaments
    for _ in range(20_000):
        if tournaments.tournament("sng").players_left == 1:
            break
        dealt.tick("sng")  # the dealer, the clock and the bots: nothing else acts
        clock.now += 500
    assert tournaments.tournament("sng").players_left == 1
    # A restarted service knows the bots from the tournament's dealt stream.
    from pokerfloor.app.dealt_service import DealtService

    assert DealtService(tournaments).bots("sng") == {
        "p1": "random", "p2": "tag", "p3": "random", "p4": "tag"
    }  # fmt: skip


def test_an_unknown_bot_is_refused_with_the_bots_there_are() -> None:
    import pytest

    from pokerfloor.errors import PokerfloorError

    dealt, _clock = sit_and_go(players=2)
    with pytest.raises(PokerfloorError) as refused:
        dealt.seat_bot("sng", "p1", "shark")
    assert refused.value.code == "UNKNOWN_BOT"
    assert refused.value.params["accepted"] == ["random", "tag"]
    assert dealt.bots("sng") == {}


def test_check_fold_and_call_any_chosen_in_advance_are_played_at_the_player_s_turn() -> None:
    dealt, _clock = sit_and_go(players=3)
    dealt.tick("sng")
    table = dealt.table("sng", 1)
    tournament = dealt.tournaments.tournament("sng")
    to_act = table.to_act_seat()
    waiting = [s for s in table.hand().players if s != to_act]
    folder, caller = (tournament.tables[1].seats[seat] for seat in waiting)
    dealt.choose_in_advance("sng", folder, "check_fold")
    dealt.choose_in_advance("sng", caller, "call_any")
    dealt.act("sng", tournament.tables[1].seats[to_act], Action("raise", 300))
    for _ in range(4):
        dealt.tick("sng")
    table = dealt.table("sng", 1)  # a view: read again after the changes
    acted = {
        table.seats_by_index[e.event.player]: e.event.kind
        for e in table.events
        if isinstance(e, HandStep) and isinstance(e.event, Acted)
    }
    seats = {player: seat for seat, player in tournament.tables[1].seats.items()}
    assert acted[seats[folder]] == "fold"  # facing the raise: check/fold folds
    assert acted[seats[caller]] == "call"
    assert dealt.advance_choice("sng", caller) == ""  # used once
