"""The evening adds up: chips in play, rebuys at the bust, the time and level of a hand, and
places (tda-2024 R23 and RP-8, tda-2010 R18, ropta 3.2 and 5.4, allinouest §Recaves et
add-ons, heavenpoker 10.1-10.2)."""

from __future__ import annotations

import pytest

from pokerfloor.errors import PokerfloorError
from pokerfloor.tournament import ranking
from pokerfloor.tournament.clock import AdjustClock
from pokerfloor.tournament.events import BustRebought, PlayerRebought, PlayersBusted
from pokerfloor.tournament.state import Tournament
from pokerfloor.tournament.structure import load_structure

from .test_entries import MINUTE, started


def report(tournament: Tournament, table_no: int, at_ms: int, **changes: int) -> list[str]:
    """Report the table's next hand at ``at_ms`` with the stacks as recorded, changed by
    ``changes``; return the busts it ranked."""
    plan = tournament.hands.plan_next(table_no, at_ms)
    final = {player: stack for _, player, stack in plan.seats}
    final.update(changes)
    busted = tournament.hands.record(plan, final, at_ms)
    return [p.player_id for p in tournament.busts.settle(busted, at_ms)]


def seated_at(tournament: Tournament, table_no: int) -> list[str]:
    table = tournament.tables[table_no]
    return [table.seats[seat] for seat in sorted(table.seats)]


def total_recorded(tournament: Tournament) -> int:
    return sum(p.stack for p in tournament.in_play())


# ---- chips in play --------------------------------------------------------------------------


def test_a_bust_without_stacks_keeps_every_chip_in_play() -> None:
    tournament, _ = started(18)
    issued = 18 * 20_000
    assert tournament.chips_in_play == issued
    report(tournament, 1, MINUTE)
    loser = seated_at(tournament, 1)[0]
    tournament.busts.report(1, [loser], {}, 2 * MINUTE)
    assert tournament.chips_in_play == issued  # the 20,000 went to the table, not away
    assert total_recorded(tournament) == issued - 20_000
    assert tournament.unknown_chips == {1: 20_000}
    assert tournament.chips_in_play // tournament.players_left == issued // 17


def test_a_broken_tables_unknown_chips_go_with_its_players() -> None:
    """A bust without stacks at table 2, then the final table: table 2 breaks and the chips
    nobody is known to hold follow its players (_unknown_chips.py)."""
    tournament, rng = started(10)
    report(tournament, 2, MINUTE)
    tournament.busts.report(2, [seated_at(tournament, 2)[0]], {}, 2 * MINUTE)
    assert tournament.unknown_chips == {2: 20_000}
    tournament.moves.propose_final_table(3 * MINUTE, rng)
    tournament.moves.confirm([], 3 * MINUTE, rng)
    (final,) = [number for number, table in tournament.tables.items() if table.seats]
    assert tournament.unknown_chips == {final: 20_000}
    assert total_recorded(tournament) + 20_000 == tournament.chips_in_play
    assert Tournament.replay(tournament.events).unknown_chips == {final: 20_000}
    # The final table's count with the real stacks is accepted, and its stacks are known.
    winner = seated_at(tournament, final)[0]
    report(tournament, final, 4 * MINUTE, **{winner: tournament.players[winner].stack + 20_000})
    assert tournament.unknown_chips == {}


def test_a_report_with_the_real_stacks_after_a_bust_without_stacks_is_accepted() -> None:
    tournament, _ = started(18)
    report(tournament, 1, MINUTE)
    loser, winner = seated_at(tournament, 1)[:2]
    tournament.busts.report(1, [loser], {}, 2 * MINUTE)
    plan = tournament.hands.plan_next(1, 3 * MINUTE)
    recorded = {player: stack for _, player, stack in plan.seats}
    wrong = {**recorded, winner: recorded[winner] + 5_000}
    with pytest.raises(PokerfloorError) as caught:
        tournament.hands.record(plan, wrong, 3 * MINUTE)
    assert caught.value.code == "CHIPS_NOT_CONSERVED"
    assert caught.value.params["unknown_chips"] == 20_000
    assert "160000 recorded (and 20000 more from busts" in caught.value.message
    # Unchanged stacks (nobody counted) stay accepted, and the table stays "unknown".
    assert tournament.unknown_chips == {1: 20_000}
    real = {**recorded, winner: recorded[winner] + 20_000}
    tournament.hands.record(plan, real, 3 * MINUTE)
    assert tournament.unknown_chips == {}
    assert total_recorded(tournament) == tournament.chips_in_play


def test_chips_leave_play_only_by_a_disqualification_a_race_or_a_released_seat() -> None:
    tournament, _ = started(18)
    player = seated_at(tournament, 1)[0]
    tournament.penalties.give(player, "disqualification", "abuse", MINUTE)
    assert tournament.chips_in_play == 17 * 20_000
    # heavenpoker 2.6: an absent player's stack leaves play after the first hour when nobody
    # waits for the seat; the chips in play and the replay agree.
    absent, _ = started(12, "heavenpoker", absent=("P04",))
    assert absent.desk.release_absent_seats(61 * MINUTE) == ["P04"]
    assert absent.chips_in_play == 11 * 20_000 == total_recorded(absent)
    assert Tournament.replay(absent.events).chips_in_play == 11 * 20_000


# ---- rebuy at the bust ----------------------------------------------------------------------


def test_allinouest_bust_and_rebuy_in_one_report_keeps_the_seat_and_gets_no_place() -> None:
    tournament, _ = started(18, "allinouest")
    report(tournament, 1, MINUTE)
    loser = seated_at(tournament, 1)[0]
    seat = tournament.players[loser].seat
    tournament.busts.report(1, [loser], {}, 2 * MINUTE, rebuys=[loser])
    player = tournament.players[loser]
    assert player.in_play and player.seat == seat and player.stack == 20_000
    assert player.rebuys == 1 and tournament.players_left == 18
    assert tournament.chips_in_play == 19 * 20_000
    assert tournament.unknown_chips == {1: 20_000}  # his old chips are with the others
    assert not any(isinstance(e, PlayersBusted) for e in tournament.events)
    rebought = [e for e in tournament.events if isinstance(e, PlayerRebought)]
    assert rebought[-1].at_bust and rebought[-1].citations


def test_a_busted_player_may_rebuy_until_the_table_deals_its_next_hand() -> None:
    tournament, _ = started(18, "allinouest")
    report(tournament, 1, MINUTE)
    first, second = seated_at(tournament, 1)[:2]
    tournament.busts.report(1, [first, second], {}, 2 * MINUTE)
    assert tournament.busts.places()[first].place == 17
    tournament.desk.rebuy(first, 3 * MINUTE)
    assert any(isinstance(e, BustRebought) for e in tournament.events)
    assert tournament.players[first].in_play and tournament.players[first].stack == 20_000
    assert tournament.busts.places()[second].place == 18  # one player fewer above him
    report(tournament, 1, 4 * MINUTE)
    with pytest.raises(PokerfloorError) as caught:
        tournament.desk.rebuy(second, 5 * MINUTE)
    assert caught.value.code == "REBUY_TOO_LATE"
    assert caught.value.params["busted_in_hand"] == 1
    assert caught.value.params["hands_played"] == 2


def test_a_refused_rebuy_says_why_with_the_numbers() -> None:
    tournament, _ = started(18, "allinouest", max_rebuys=1)
    report(tournament, 1, MINUTE)
    player = seated_at(tournament, 1)[0]
    with pytest.raises(PokerfloorError) as caught:
        tournament.desk.rebuy(player, MINUTE)
    assert caught.value.params["reason"] == "stack_above_threshold"
    assert caught.value.params["stack"] == 20_000
    tournament.busts.report(1, [player], {}, 2 * MINUTE, rebuys=[player])
    report(tournament, 1, 3 * MINUTE, **{player: 0, seated_at(tournament, 1)[1]: 40_000})
    with pytest.raises(PokerfloorError) as caught:
        tournament.desk.rebuy(player, 4 * MINUTE)
    assert caught.value.params["reason"] == "limit_reached"
    assert caught.value.params["limit"] == 1


def test_a_rebuy_asked_for_after_the_period_is_refused_not_dropped() -> None:
    tournament, _ = started(18, "tda-2024")
    at = 4 * 20 * MINUTE + 15 * MINUTE + MINUTE  # level 5: rebuys ended with level 4
    tournament.hands.table_ready_at[1] = at
    plan = tournament.hands.plan_next(1, at + 5 * MINUTE)
    loser, winner = plan.seats[0][1], plan.seats[1][1]
    final = {player: stack for _, player, stack in plan.seats}
    final[winner] += final[loser]
    final[loser] = 0
    with pytest.raises(PokerfloorError) as caught:
        tournament.hands.record(plan, final, at + 5 * MINUTE, rebuys=[loser])
    assert caught.value.code == "REBUY_NOT_ALLOWED"
    assert caught.value.params["reason"] == "period_over"
    assert caught.value.params["until_level"] == 4 and caught.value.params["level"] == 5
    assert tournament.hands_at.get(1, 0) == 0  # nothing recorded


# ---- the time and level of a hand -----------------------------------------------------------


def test_tda_2024_r23_a_hand_is_played_at_the_level_in_force_when_it_began() -> None:
    tournament, _ = started(9, "ropta")  # ropta 3.2: begins when the previous pot is awarded
    report(tournament, 1, 19 * MINUTE)
    plan = tournament.hands.plan_next(1, 23 * MINUTE)  # reported in level 2
    assert plan.started_at_ms == 19 * MINUTE and plan.level.number == 1


def test_a_clock_adjustment_never_makes_a_hand_start_invalid() -> None:
    tournament, _ = started(9, "ropta")
    report(tournament, 1, 19 * MINUTE)
    tournament.clock_command(AdjustClock(10 * MINUTE, 20 * MINUTE))
    plan = tournament.hands.plan_next(1, 21 * MINUTE)
    assert plan.started_at_ms == 19 * MINUTE and plan.level.number == 1


def test_heavenpoker_10_1_a_hand_ending_during_a_break_is_reported_then_play_resumes() -> None:
    tournament, _ = started(9, "heavenpoker")
    before_break = 4 * 20 * MINUTE - MINUTE  # club-rebuy: the break after level 4
    tournament.hands.table_ready_at[1] = before_break - MINUTE
    report(tournament, 1, before_break + 3 * MINUTE)  # during the 15-minute break
    played = tournament.events[-1]
    assert getattr(played, "level", None) == 4
    with pytest.raises(PokerfloorError) as caught:
        tournament.hands.plan_next(1, before_break + 5 * MINUTE)
    assert caught.value.code == "ON_BREAK"
    after = tournament.hands.plan_next(1, before_break + 30 * MINUTE)
    assert after.level.number == 5
    assert after.started_at_ms == 4 * 20 * MINUTE + 15 * MINUTE  # when the break ended


def test_allinouest_extra_hands_after_the_rebuy_period_count_by_when_they_began() -> None:
    # The add-on at the end of the rebuy period (not at a break): the extra hands count.
    tournament, _ = started(9, "allinouest", addon_break_after_level=0)
    end_of_level_4 = 4 * 20 * MINUTE
    level_5 = end_of_level_4 + 15 * MINUTE  # after the break
    tournament.hands.table_ready_at[1] = end_of_level_4 - 2 * MINUTE
    report(tournament, 1, end_of_level_4 + MINUTE)  # began in level 4: not an extra hand
    assert tournament.hands_after_rebuys.get(1, 0) == 0
    report(tournament, 1, level_5 + 3 * MINUTE)
    assert tournament.hands_after_rebuys[1] == 1
    player = seated_at(tournament, 1)[0]
    assert tournament.desk.rebuy_period(player, level_5 + 3 * MINUTE) == "rebuy"


# ---- places ---------------------------------------------------------------------------------


def test_provisional_places_stay_distinct_with_late_registrations() -> None:
    tournament, rng = started(18)
    report(tournament, 1, MINUTE)
    first = seated_at(tournament, 1)[0]
    tournament.busts.report(1, [first], {}, 2 * MINUTE)
    tournament.desk.register_late("LATE", "Late", 3 * MINUTE, rng)
    second = seated_at(tournament, 2)[0]
    report(tournament, 2, 4 * MINUTE)
    tournament.busts.report(2, [second], {}, 5 * MINUTE)
    places = tournament.busts.places()
    assert places[second].place == 18 and places[first].place == 19


def test_provisional_places_equal_the_final_ranking() -> None:
    tournament, rng = started(4)
    report(tournament, 1, MINUTE)
    a = seated_at(tournament, 1)[0]
    tournament.busts.report(1, [a], {}, 2 * MINUTE)
    tournament.desk.register_late("LATE", "Late", 3 * MINUTE, rng)
    while tournament.players_left > 1:
        table_no = next(no for no, t in tournament.tables.items() if t.player_count >= 2)
        tournament.busts.report(table_no, [seated_at(tournament, table_no)[0]], {}, 4 * MINUTE)
    provisional = {p: placement.place for p, placement in tournament.busts.places().items()}
    finished = tournament.finish(5 * MINUTE, (), 0)
    final = {p.player_id: p.place for p in finished.ranking if p.place > 1}
    assert provisional == final
    assert sorted(final.values()) == list(range(2, 6))


def _hand_for_hand(profile: str) -> Tournament:
    tournament, _ = started(18, profile)
    report(tournament, 1, MINUTE)
    report(tournament, 2, MINUTE)
    tournament.hands.set_hand_for_hand(True, 2 * MINUTE)
    return tournament


def test_tda_2024_rp_8_busts_at_two_tables_in_one_round_share_the_places() -> None:
    tournament = _hand_for_hand("tda-2024")
    assert tournament.clock.status == "paused"  # hand-for-hand stops the clock itself
    one, two = seated_at(tournament, 1)[0], seated_at(tournament, 2)[0]
    report(tournament, 1, 3 * MINUTE, **{one: 0, seated_at(tournament, 1)[1]: 40_000})
    assert tournament.busts.places()[one].place == 18
    with pytest.raises(PokerfloorError) as caught:
        report(tournament, 1, 4 * MINUTE)
    assert caught.value.code == "HAND_FOR_HAND_WAIT"
    assert caught.value.params["waiting_for"] == [2]
    left = tournament.clock.remaining_ms
    report(tournament, 2, 4 * MINUTE, **{two: 0, seated_at(tournament, 2)[1]: 40_000})
    places = tournament.busts.places()
    assert places[one].place == places[two].place == 17
    assert places[one].places_covered == (17, 18) and places[one].tied_with == (two,)
    assert tournament.players_left == 16
    assert tournament.clock.remaining_ms == left - 120_000  # the round's time came off
    report(tournament, 1, 5 * MINUTE)  # a new round
    events = [e for e in tournament.events if isinstance(e, PlayersBusted)]
    assert events[-1].replaces_last and events[-1].round_no == events[-2].round_no
    replayed = Tournament.replay(tournament.events)
    assert replayed.busts.places() == tournament.busts.places()
    assert replayed.to_snapshot() == tournament.to_snapshot()


def test_hand_for_hand_busts_in_different_rounds_do_not_share() -> None:
    tournament = _hand_for_hand("tda-2024")
    one = seated_at(tournament, 1)[0]
    report(tournament, 1, 3 * MINUTE, **{one: 0, seated_at(tournament, 1)[1]: 40_000})
    report(tournament, 2, 3 * MINUTE)
    two = seated_at(tournament, 2)[0]
    report(tournament, 2, 4 * MINUTE, **{two: 0, seated_at(tournament, 2)[1]: 40_000})
    places = tournament.busts.places()
    assert (places[one].place, places[two].place) == (18, 17)


def test_hand_for_hand_off_starts_the_clock_again() -> None:
    tournament = _hand_for_hand("allinouest")
    tournament.hands.set_hand_for_hand(False, 3 * MINUTE)
    assert tournament.clock.status == "running"


def test_the_captain_may_report_the_real_stacks_with_a_correction_too() -> None:
    tournament, _ = started(18)
    report(tournament, 1, MINUTE)
    loser, winner = seated_at(tournament, 1)[:2]
    tournament.busts.report(1, [loser], {}, 2 * MINUTE)
    stacks = {p: tournament.players[p].stack for p in seated_at(tournament, 1)}
    stacks[winner] += 20_000
    tournament.corrections.correct_hand(1, 1, stacks, 3 * MINUTE, "counted after the bust")
    assert tournament.unknown_chips == {}
    assert total_recorded(tournament) == tournament.chips_in_play


def test_ranking_provisional_places_skip_players_back_in_play() -> None:
    history = [
        (ranking.Placement("A", 5, (), (5,)),),
        (ranking.Placement("B", 4, ("C",), (4, 3)), ranking.Placement("C", 4, ("B",), (4, 3))),
    ]
    places = ranking.provisional_places(history, {"X", "Y", "A"})
    assert {p: (pl.place, pl.places_covered) for p, pl in places.items()} == {
        "B": (4, (4, 5)),
        "C": (4, (4, 5)),
    }


def test_the_simulation_shares_hand_for_hand_places_through_the_aggregate() -> None:
    """The simulator settles a hand-for-hand round's busts together; the aggregate ranks busts
    at two tables together (seed chosen for a round with busts at two tables)."""
    from pokerfloor.sim.tournament import simulate

    result = simulate(90, "tda-2024", load_structure("turbo"), 7)
    merged = [
        e
        for e in result.events
        if isinstance(e, PlayersBusted)
        and e.hand_for_hand
        and len({bust.table_no for bust in e.busts}) > 1
    ]
    assert merged
    shared = merged[0].placements
    assert len({p.place for p in shared}) == 1 and len(shared[0].places_covered) == len(shared)
    ranked = {p.player_id: p.place for p in result.finished.ranking}
    assert {ranked[p.player_id] for p in shared} == {shared[0].place}


# ---- busts at different tables during the same hand (outside hand-for-hand) ------------------


def bust_at(tournament: Tournament, table_no: int, at_ms: int) -> str:
    """Report the table's next hand at ``at_ms`` with its first player busted by the second."""
    loser, winner = seated_at(tournament, table_no)[:2]
    stacks = {p: tournament.players[p].stack for p in (loser, winner)}
    report(tournament, table_no, at_ms, **{loser: 0, winner: stacks[winner] + stacks[loser]})
    return loser


def busts_in_hands_played_at_once(profile: str) -> tuple[Tournament, str, str]:
    """A bust at table 1, then one at table 2 in a hand that began before the first bust."""
    tournament, _ = started(18, profile)
    report(tournament, 1, MINUTE)
    report(tournament, 2, MINUTE)  # both tables' next hands begin at once
    first = bust_at(tournament, 1, 3 * MINUTE)
    second = bust_at(tournament, 2, 4 * MINUTE)
    return tournament, first, second


def test_ropta_2025_busts_in_hands_played_at_once_at_two_tables_share() -> None:
    tournament, first, second = busts_in_hands_played_at_once("ropta")
    places = tournament.busts.places()
    assert places[first].places_covered == places[second].places_covered == (17, 18)
    busted = [e for e in tournament.events if isinstance(e, PlayersBusted)]
    assert busted[-1].replaces_last
    assert busted[-1].citations == tournament.cite("busts.different_tables")
    assert "ropta-2025" in busted[-1].citations[0]
    again = Tournament.replay(tournament.events)
    assert again.to_snapshot() == tournament.to_snapshot()


def test_ropta_2025_a_hand_begun_after_the_other_bust_does_not_share() -> None:
    tournament, _ = started(18, "ropta")
    report(tournament, 1, MINUTE)
    first = bust_at(tournament, 1, 3 * MINUTE)
    report(tournament, 2, 3 * MINUTE + 30_000)  # table 2's next hand begins after the bust
    second = bust_at(tournament, 2, 5 * MINUTE)
    places = tournament.busts.places()
    assert (places[first].place, places[second].place) == (18, 17)


def test_tda_2024_rp_8_only_hand_for_hand_busts_at_two_tables_tie() -> None:
    tournament, first, second = busts_in_hands_played_at_once("tda-2024")
    places = tournament.busts.places()
    assert (places[first].place, places[second].place) == (18, 17)
