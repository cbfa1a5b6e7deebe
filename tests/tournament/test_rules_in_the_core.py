"""Rules the pages and the API's dispatcher used to decide, asked of the aggregate (issue 30):
re-entry (tda-2024 R8), the release of absent players' seats (heavenpoker 2.6, allinouest
§Retards et absents, tda-2024 R30), the captain's call of the clock (heavenpoker 7.1, tda-2024
R29), the console's advice on the tables (tda-2024 R10, R11, RP-9), the hand report's checks
and the finish's payouts."""

from __future__ import annotations

import random

import pytest

from pokerfloor.errors import PokerfloorError
from pokerfloor.tournament._hand_report import HandReport, report_hand
from pokerfloor.tournament.advice import BREAK_ORDER_CITATIONS
from pokerfloor.tournament.chiprace import colour_up_to_race, race_dealer_seat
from pokerfloor.tournament.clock import JumpToLevel
from pokerfloor.tournament.state import ReportedHand, Tournament
from tests.tournament.test_deals import knock_outs, ten_at_one_table
from tests.tournament.test_entries import disqualify, started

MINUTE = 60_000


def refused(code: str, action: object, *args: object, **named: object) -> PokerfloorError:
    """``action`` refused with ``code``, recording nothing."""
    assert callable(action)
    owner = getattr(action, "__self__", None)
    before = len(owner.events) if isinstance(owner, Tournament) else None
    with pytest.raises(PokerfloorError) as caught:
        action(*args, **named)
    assert caught.value.code == code, caught.value
    if isinstance(owner, Tournament):
        assert len(owner.events) == before
    return caught.value


# ---- re-entry (tda-2024 R8) ----------------------------------------------------------------


def test_tda_2024_r8_reentry_refusal_answers_what_reenter_would_do() -> None:
    tournament, rng = started(12, reentry_until_level=1, max_reentries=1)
    assert _code(tournament.desk.reentry_refusal("P01", 0)) == "NOT_BUSTED"
    disqualify(tournament, "P01", 0)
    assert tournament.desk.reentry_refusal("P01", 0) is None
    tournament.desk.reenter("P01", 0, rng)
    disqualify(tournament, "P01", 0)
    assert _code(tournament.desk.reentry_refusal("P01", 0)) == "NO_REENTRY_LEFT"
    refused("NO_REENTRY_LEFT", tournament.desk.reenter, "P01", 0, rng)


def test_tda_2024_r8_reentry_closes_after_its_level() -> None:
    tournament, _ = started(12, reentry_until_level=1)
    disqualify(tournament, "P02", 0)
    assert tournament.desk.reentry_refusal("P02", MINUTE - 1) is None
    tournament.clock_command(JumpToLevel(1, MINUTE))
    refusal = tournament.desk.reentry_refusal("P02", MINUTE)
    assert _code(refusal) == "REENTRY_CLOSED"
    assert refusal is not None and refusal.params["level"] == 2


def test_a_structure_without_reentries_refuses_every_one() -> None:
    tournament, _ = started(12, reentry_until_level=0)
    disqualify(tournament, "P02", 0)
    assert _code(tournament.desk.reentry_refusal("P02", 0)) == "REENTRY_CLOSED"


# ---- absent players' seats -----------------------------------------------------------------


def test_tda_2024_r30_absent_players_keep_their_seats() -> None:
    tournament, _ = started(12, "tda-2024", absent=("P04",))
    assert tournament.desk.release_refusal() == "never"


def test_heavenpoker_2_6_absent_seats_wait_for_the_clock_and_for_an_absent_player() -> None:
    tournament = Tournament.create("t", "heavenpoker", ten_at_one_table().structure, 9)
    for number in range(1, 13):
        tournament.register(f"P{number:02d}", f"P{number:02d}", 0, present=number != 4)
    rng = random.Random(3)
    tournament.draw_seats(rng)
    tournament.place_buttons(rng)
    assert tournament.desk.release_refusal() == "clock_not_started"
    tournament.start_clock(0)
    assert tournament.desk.release_refusal() is None
    tournament.desk.arrive("P04", MINUTE)
    assert tournament.desk.release_refusal() == "no_absent_player"
    assert tournament.desk.release_absent_seats(61 * MINUTE) == []


def test_heavenpoker_2_6_a_release_allowed_by_the_query_happens_at_its_hour() -> None:
    tournament, _ = started(12, "heavenpoker", absent=("P04",))
    assert tournament.desk.release_refusal() is None
    assert tournament.desk.release_absent_seats(61 * MINUTE) == ["P04"]
    assert tournament.desk.release_refusal() == "no_absent_player"


# ---- the captain's call of the clock -------------------------------------------------------


def test_heavenpoker_7_1_a_captain_may_call_the_clock_after_two_minutes_of_thinking() -> None:
    tournament, _ = started(12, "heavenpoker")
    seat = min(tournament.tables[1].seats)
    assert tournament.table_clocks.may_call(1, seat, 0)  # nobody timed: the table's word
    tournament.table_clocks.time(1, seat, 10 * MINUTE)
    almost = 10 * MINUTE + 119_000
    assert not tournament.table_clocks.may_call(1, seat, almost)
    assert tournament.table_clocks.captain_wait_ms(1, seat, almost) == 1_000
    assert tournament.table_clocks.may_call(1, seat, almost, by="td")
    refused("PLAYER_CLOCK_TOO_EARLY", tournament.table_clocks.call, 1, seat, almost, "captain")
    assert tournament.table_clocks.may_call(1, seat, 12 * MINUTE)
    assert tournament.table_clocks.captain_wait_ms(1, seat, 12 * MINUTE) == 0
    tournament.table_clocks.call(1, seat, 12 * MINUTE, "captain")


def test_tda_2024_r29_the_clock_may_be_called_at_once_after_a_reasonable_time() -> None:
    tournament, _ = started(12, "tda-2024")
    seat = min(tournament.tables[1].seats)
    tournament.table_clocks.time(1, seat, 10 * MINUTE)
    assert tournament.table_clocks.may_call(1, seat, 10 * MINUTE)


# ---- the console's advice on the tables ----------------------------------------------------


def test_tda_2024_r10_the_highest_numbered_table_breaks_first() -> None:
    tournament, _ = started(28)  # four tables of seven
    assert tournament.console_hints() == ()
    for table_no, count in ((1, 3), (2, 3), (3, 2), (4, 2)):
        for player in sorted(tournament.tables[table_no].seats.values())[:count]:
            disqualify(tournament, player, 0)
    # 18 players (4, 4, 5, 5) fit at two tables of nine: tables 4 then 3 break.
    (hint,) = tournament.console_hints()
    assert (hint.kind, hint.table, hint.players, hint.needed) == ("break", 4, 18, 2)
    assert hint.citations == BREAK_ORDER_CITATIONS


def test_tda_2024_rp_9_the_final_table_is_proposed_when_the_players_fit_at_it() -> None:
    tournament, _ = started(12)
    for player in ("P01", "P02", "P03"):
        disqualify(tournament, player, 0)
    hints = tournament.console_hints()
    assert [(h.kind, h.players, h.size) for h in hints if h.kind == "final"] == [("final", 9, 9)]
    final = next(h for h in hints if h.kind == "final")
    assert final.citations == ("tda-2024 RP-9",)


def test_tda_2024_r11_tables_out_of_balance_and_halted_tables() -> None:
    tournament, _ = started(14)  # two tables of seven
    first = sorted(tournament.tables[1].seats.values())
    disqualify(tournament, first[0], 0)
    disqualify(tournament, first[1], 0)  # 5 against 7: two apart
    assert [(h.kind, h.gap) for h in tournament.console_hints()] == [("balance", 2)]
    disqualify(tournament, first[2], 0)  # 4 against 7: table 1 halts
    hints = tournament.console_hints()
    assert [h.kind for h in hints] == ["halted", "balance"]
    assert hints[0].tables == (1,) and hints[0].citations == ("tda-2024 R11",)
    assert hints[0].short_by == 3
    assert hints[1].gap == 3


# ---- the hand report -----------------------------------------------------------------------


def test_a_hand_reported_as_begun_before_the_tournament_or_after_the_report_is_refused() -> None:
    tournament = Tournament.create("t", "tda-2024", ten_at_one_table().structure, 9, at_ms=MINUTE)
    for number in range(1, 10):
        tournament.register(f"P{number:02d}", f"P{number:02d}", MINUTE)
    rng = random.Random(3)
    tournament.draw_seats(rng)
    tournament.place_buttons(rng)
    tournament.start_clock(MINUTE)
    refused("BAD_HAND_TIME", tournament.hands.plan_reported, 1, 5 * MINUTE, MINUTE - 1)
    refused("BAD_HAND_TIME", tournament.hands.plan_reported, 1, 5 * MINUTE, 5 * MINUTE + 1)
    plan = tournament.hands.plan_reported(1, 5 * MINUTE, 2 * MINUTE)
    stacks = {player: stack for _, player, stack in plan.seats}
    # The simulator hands a plan straight to hands.record: the same check applies there.
    refused("BAD_HAND_TIME", tournament.hands.record, plan, stacks, 2 * MINUTE - 1)
    tournament.hands.record(plan, stacks, 5 * MINUTE)


def test_dead_button_rules_a_report_with_the_wrong_number_or_positions_is_refused() -> None:
    tournament = ten_at_one_table()
    plan = tournament.hands.plan_next(1, MINUTE)
    stacks = {player: stack for _, player, stack in plan.seats}
    wrong_button = next(seat for seat, _, _ in plan.seats if seat != plan.button_seat)
    error = refused(
        "HAND_NUMBER_MISMATCH", tournament.hands.record, plan, stacks, MINUTE, (), ReportedHand(2)
    )
    assert error.params["expected"] == 1
    error = refused(
        "POSITIONS_MISMATCH",
        tournament.hands.record,
        plan,
        stacks,
        MINUTE,
        (),
        ReportedHand(1, button_seat=wrong_button),
    )
    assert error.params["field"] == "button_seat" and error.params["citations"]
    refused(
        "POSITIONS_MISMATCH",
        tournament.hands.record,
        plan,
        stacks,
        MINUTE,
        (),
        ReportedHand(1, small_blind_seat=None if plan.small_blind_seat else 1),
    )
    positions = ReportedHand(1, plan.button_seat, plan.small_blind_seat, plan.big_blind_seat)
    tournament.hands.record(plan, stacks, MINUTE, (), positions)
    assert tournament.hands_at[1] == 1


# ---- the finish's payouts ------------------------------------------------------------------


def _winner_left() -> Tournament:
    tournament = ten_at_one_table()
    knock_outs(tournament, 2, "P01 P01 P01 P01 P01 P01 P01 P01 P01")
    assert len(tournament.in_play()) == 1
    return tournament


def test_payouts_above_the_pool_are_refused_wherever_the_finish_comes_from() -> None:
    tournament = _winner_left()
    error = refused("PAYOUTS_EXCEED_POOL", tournament.finish, 60 * MINUTE, (15_000, 6_000), 20_000)
    assert error.params == {"payouts": 21_000, "prize_pool_cents": 20_000}


def test_payouts_below_the_pool_need_the_tds_confirmation() -> None:
    tournament = _winner_left()
    error = refused("PAYOUTS_BELOW_POOL", tournament.finish, 60 * MINUTE, (10_000,), 20_000)
    assert error.params["unpaid"] == 10_000
    finished = tournament.finish(60 * MINUTE, (10_000,), 20_000, below_pool=True)
    assert finished.prize_pool_cents == 20_000


def test_a_finish_without_amounts_pays_the_pool_collected_by_the_set_up_scheme() -> None:
    tournament = _winner_left()
    pool = tournament.prize_pool().total_cents
    finished = tournament.finish(60 * MINUTE)
    assert finished.prize_pool_cents == pool
    assert sum(prize.cents for prize in finished.prizes) == sum(tournament.default_payouts(pool))


def _code(error: PokerfloorError | None) -> str | None:
    return None if error is None else error.code


# ---- a report with its busts ---------------------------------------------------------------


def test_busts_reported_without_stacks_are_ranked_as_one_group_with_the_hand() -> None:
    tournament = ten_at_one_table()
    plan = tournament.hands.plan_next(1, MINUTE)
    stacks = {player: stack for _, player, stack in plan.seats}
    (_, first, _), (_, second, _) = plan.seats[:2]
    # Nobody counted: the stacks stay as recorded, two players are ticked as busted with the
    # same chips at the start of the hand, so they tie and share the places they cover.
    report = HandReport(
        1,
        ReportedHand(1),
        stacks,
        busted=(first, second),
        starting_stacks={first: 20_000, second: 20_000},
    )
    report_hand(tournament, report, MINUTE)
    assert tournament.hands_at[1] == 1
    places = {tournament.players[player].place for player in (first, second)}
    assert places == {9}


def test_a_report_with_the_wrong_button_records_nothing() -> None:
    tournament = ten_at_one_table()
    plan = tournament.hands.plan_next(1, MINUTE)
    stacks = {player: stack for _, player, stack in plan.seats}
    wrong = next(seat for seat, _, _ in plan.seats if seat != plan.button_seat)
    report = HandReport(1, ReportedHand(1, button_seat=wrong), stacks)
    refused("POSITIONS_MISMATCH", report_hand, tournament, report, MINUTE)
    assert tournament.hands_at.get(1, 0) == 0


# ---- rebuys, add-ons, the chip race, hand-for-hand -----------------------------------------


def test_tda_2024_r27_rebuys_are_offered_in_their_period_only() -> None:
    tournament, _ = started(12)
    assert tournament.desk.rebuys_open("P01", 0)
    assert not tournament.desk.rebuys_open("P01", 4 * 20 * MINUTE + 1)  # the add-on's time
    no_rebuys = ten_at_one_table()  # club-evening: a freezeout
    assert not no_rebuys.desk.rebuys_open("P01", 0)


def test_once_the_rebuy_period_is_over_the_add_ons_reason_is_given() -> None:
    tournament, _ = started(12)
    over = 6 * 20 * MINUTE + 16 * MINUTE
    refusal = tournament.add_ons.rebuy_or_addon_refusal("P01", over)
    assert refusal is not None and refusal.code == "NO_ADDON"
    assert refusal.params["reason"] == "closed"
    during = tournament.add_ons.rebuy_or_addon_refusal("P01", 0)
    assert during is not None and during.code == "REBUY_NOT_ALLOWED"  # a full stack


def test_tda_2024_r24_the_colour_up_to_race_is_the_break_on_or_the_next_one() -> None:
    structure = started(12)[0].structure  # club-rebuy: the 25 chips leave after level 4
    assert colour_up_to_race(structure, 1, None) == (25, 100)
    assert colour_up_to_race(structure, 5, 4) == (25, 100)  # the break after level 4
    assert colour_up_to_race(structure, 9, None) == (25, 100)  # the last one, later on


def test_allinouest_the_race_is_dealt_from_left_of_the_new_dealer() -> None:
    tournament, _ = started(12, "allinouest")
    table = tournament.tables[1]
    assert race_dealer_seat(table, tournament.profile) is not None
    tda, _ = started(12, "tda-2024")
    assert race_dealer_seat(tda.tables[1], tda.profile) is None


def test_tda_2024_rp_8_hand_for_hand_a_table_that_played_waits_for_the_others() -> None:
    tournament, _ = started(20)  # three tables
    tournament.hands.set_hand_for_hand(True, MINUTE)
    assert tournament.hands.round_waits_for(1) == []
    plan = tournament.hands.plan(1, MINUTE)
    tournament.hands.record(plan, {player: stack for _, player, stack in plan.seats}, MINUTE)
    assert tournament.hands.round_waits_for(1) == [2, 3]
    again = tournament.hands.plan(1, MINUTE)
    stacks = {player: stack for _, player, stack in again.seats}
    error = refused("HAND_FOR_HAND_WAIT", tournament.hands.record, again, stacks, MINUTE)
    assert error.params["waiting_for"] == [2, 3]
