"""Entries after the draw: late registration, the waiting list, re-entries, rebuys and add-ons,
absent players (tda-2024 R8, R27, R30; allinouest §Recaves et add-ons, §Retards et absents;
heavenpoker 2.5, 2.6)."""

from __future__ import annotations

import random

import pytest

from pokerfloor.errors import PokerfloorError
from pokerfloor.tournament import positions
from pokerfloor.tournament.clock import AdjustClock, JumpToLevel, PauseClock, ResumeClock
from pokerfloor.tournament.events import (
    AbsentSeatReleased,
    PlayerRegistered,
    PlayerSeated,
    WaitingListJoined,
)
from pokerfloor.tournament.state import Tournament
from pokerfloor.tournament.structure import dump_structure, load_structure

MINUTE = 60_000


def structure(**entry: int | bool) -> str:
    """club-rebuy with some entry rules changed, as TOML text."""
    text = dump_structure(load_structure("club-rebuy"))
    for key, value in entry.items():
        rendered = str(value).lower() if isinstance(value, bool) else str(value)
        lines = [line for line in text.splitlines() if not line.startswith(f"{key} =")]
        index = lines.index("[entry]") + 1
        lines.insert(index, f"{key} = {rendered}")
        text = "\n".join(lines) + "\n"
    return text


def started(
    players: int,
    profile: str = "tda-2024",
    max_players: int | None = None,
    absent: tuple[str, ...] = (),
    **entry: int | bool,
) -> tuple[Tournament, random.Random]:
    tournament = Tournament.create(
        "t", profile, load_structure(structure(**entry)), 9, max_players=max_players
    )
    for number in range(1, players + 1):
        player_id = f"P{number:02d}"
        tournament.register(player_id, player_id, 0, present=player_id not in absent)
    rng = random.Random(3)
    tournament.draw_seats(rng)
    tournament.place_buttons(rng)
    tournament.start_clock(0)
    return tournament, rng


def play_even_hand(tournament: Tournament, table_no: int, at_ms: int) -> None:
    """Record a hand at ``table_no`` in which nobody's stack changed."""
    plan = tournament.hands.plan(table_no, at_ms)
    tournament.hands.record(plan, {player: stack for _, player, stack in plan.seats}, at_ms)


def disqualify(tournament: Tournament, player_id: str, at_ms: int) -> None:
    tournament.penalties.give(player_id, "disqualification", "test", at_ms)


def test_tda_2024_r8_late_entrant_gets_a_random_seat_and_a_full_stack() -> None:
    tournament, rng = started(12)
    play_even_hand(tournament, 1, 0)
    assert tournament.desk.register_late("LATE", "Late", 5 * MINUTE, rng) == "seated"
    seated = [e for e in tournament.events if isinstance(e, PlayerSeated)]
    assert len(seated) == 1 and seated[0].reason == "late_registration" and seated[0].citations
    player = tournament.players["LATE"]
    assert player.stack == 20_000 and player.seat is not None
    table = tournament.tables[player.seat.table_no]
    assert (player.seat.seat_no in table.waiting) == seated[0].waits


def test_tda_2024_r8_a_late_entrant_between_the_small_blind_and_the_button_waits() -> None:
    tournament, _ = started(12)
    for _ in range(3):
        play_even_hand(tournament, 1, 0)
    table = tournament.tables[1]
    free = table.free_seats()
    waiting_seats = [seat for seat in free if positions.seat_waits(table, seat)]
    if not waiting_seats:
        pytest.skip("no free seat between the small blind and the button in this draw")
    seat = waiting_seats[0]
    # Force the seat the draw could have given (the draw itself is random).
    tournament._record(PlayerRegistered("LATE", "Late", 0))
    tournament._record(PlayerSeated("LATE", 1, seat, True, "late_registration", 0))
    plan = tournament.hands.plan(1, 0)
    assert seat not in [s for s, _, _ in plan.seats]


def test_late_registration_closes_at_the_end_of_its_level() -> None:
    tournament, rng = started(12, late_registration_until_level=2)
    tournament.clock_command(JumpToLevel(2, 10 * MINUTE))  # level 3
    with pytest.raises(PokerfloorError) as caught:
        tournament.desk.register_late("LATE", "Late", 10 * MINUTE, rng)
    assert caught.value.code == "LATE_REGISTRATION_CLOSED"
    assert "LATE" not in tournament.players


def test_heavenpoker_2_5_full_field_waits_and_alternates_are_seated_in_order() -> None:
    tournament, rng = started(18, "heavenpoker", max_players=18)
    assert tournament.desk.register_late("W1", "First", MINUTE, rng) == "waiting"
    assert tournament.desk.register_late("W2", "Second", 2 * MINUTE, rng) == "waiting"
    assert [e.player_id for e in tournament.events if isinstance(e, WaitingListJoined)] == [
        "W1",
        "W2",
    ]
    disqualify(tournament, "P05", 3 * MINUTE)
    assert tournament.desk.seat_alternates(3 * MINUTE, rng) == ["W1"]
    assert list(tournament.desk.waiting_list) == ["W2"]
    assert tournament.players["W1"].seat is not None


def test_reentry_gives_a_new_starting_stack_and_a_new_seat() -> None:
    tournament, rng = started(12, reentry_until_level=3, max_reentries=1)
    disqualify(tournament, "P03", MINUTE)
    assert not tournament.players["P03"].in_play
    tournament.desk.reenter("P03", 2 * MINUTE, rng)
    player = tournament.players["P03"]
    assert player.in_play and player.stack == 20_000 and player.entries == 2
    assert tournament.entries == 13 and tournament.players_left == 12
    disqualify(tournament, "P03", 3 * MINUTE)
    with pytest.raises(PokerfloorError) as caught:
        tournament.desk.reenter("P03", 4 * MINUTE, rng)
    assert caught.value.code == "NO_REENTRY_LEFT"


def test_reentry_is_refused_after_its_level_and_for_a_player_in_play() -> None:
    tournament, rng = started(12, reentry_until_level=1)
    with pytest.raises(PokerfloorError) as caught:
        tournament.desk.reenter("P01", 0, rng)
    assert caught.value.code == "NOT_BUSTED"
    disqualify(tournament, "P01", 0)
    tournament.clock_command(JumpToLevel(1, MINUTE))
    with pytest.raises(PokerfloorError) as caught:
        tournament.desk.reenter("P01", MINUTE, rng)
    assert caught.value.code == "REENTRY_CLOSED"


def test_tda_2024_r27_rebuy_only_once_out_of_chips() -> None:
    tournament, _ = started(12)
    tournament.players["P01"].stack = 100  # below the big blind of 200
    assert not tournament.desk.may_rebuy("P01", 0)
    with pytest.raises(PokerfloorError) as caught:
        tournament.desk.rebuy("P01", 0)
    assert caught.value.code == "REBUY_NOT_ALLOWED"


def test_allinouest_rebuy_allowed_below_the_big_blind() -> None:
    tournament, _ = started(12, "allinouest")
    tournament.players["P01"].stack = 100
    tournament.desk.rebuy("P01", 0)
    assert tournament.players["P01"].stack == 20_100
    assert tournament.rebuys == 1


def test_max_rebuys_is_a_cap() -> None:
    tournament, _ = started(12, "allinouest")
    for _ in range(2):  # club-rebuy allows 2
        tournament.players["P01"].stack = 0
        tournament.desk.rebuy("P01", 0)
    tournament.players["P01"].stack = 0
    assert not tournament.desk.may_rebuy("P01", 0)


def test_allinouest_two_extra_hands_rebuy_after_the_first_add_on_after_the_second() -> None:
    # The add-on at the end of the rebuy period, not at a break (addon_break_after_level 0).
    tournament, _ = started(12, "allinouest", addon_break_after_level=0)
    after_period = 4 * 20 * MINUTE + 15 * MINUTE + 1  # level 5: the rebuy period is over
    table_no = tournament.players["P01"].seat.table_no  # type: ignore[union-attr]
    assert tournament.desk.rebuy_period("P01", after_period) == "rebuy"
    play_even_hand(tournament, table_no, after_period)
    assert tournament.desk.rebuy_period("P01", after_period) == "rebuy"
    with pytest.raises(PokerfloorError):
        tournament.add_ons.take("P01", after_period)
    play_even_hand(tournament, table_no, after_period)
    assert tournament.desk.rebuy_period("P01", after_period) == "addon"
    tournament.players["P01"].stack = 0
    assert not tournament.desk.may_rebuy("P01", after_period)
    tournament.players["P01"].stack = 20_000
    tournament.add_ons.take("P01", after_period)
    tournament.add_ons.take("P01", after_period)  # double add-on allowed by club-rebuy
    with pytest.raises(PokerfloorError) as caught:
        tournament.add_ons.take("P01", after_period)
    assert caught.value.code == "NO_ADDON"


def test_tda_2024_add_on_comes_as_soon_as_the_rebuy_period_ends() -> None:
    tournament, _ = started(12)
    assert tournament.desk.rebuy_period("P01", 0) == "rebuy"
    assert tournament.desk.rebuy_period("P01", 4 * 20 * MINUTE + 1) == "addon"
    assert tournament.desk.rebuy_period("P01", 6 * 20 * MINUTE + 16 * MINUTE) == "over"


def test_tda_2024_r30_absent_player_is_dealt_in_and_killed_until_arrival() -> None:
    tournament, _ = started(12, absent=("P02",))
    table_no = tournament.players["P02"].seat.table_no  # type: ignore[union-attr]
    plan = tournament.hands.plan(table_no, 0)
    assert "P02" in plan.away
    assert "P02" in [player for _, player, _ in plan.seats]
    tournament.desk.arrive("P02", MINUTE)
    assert "P02" not in tournament.hands.plan(table_no, MINUTE).away


def test_allinouest_retards_unpaid_absent_seat_goes_to_the_waiting_list_after_level_1() -> None:
    tournament, rng = started(18, "allinouest", max_players=18, absent=("P04",))
    tournament.desk.register_late("W1", "Alternate", MINUTE, rng)
    seat = tournament.players["P04"].seat
    assert seat is not None
    for _ in range(len(tournament.tables[seat.table_no].seats)):
        play_even_hand(tournament, seat.table_no, 2 * MINUTE)
    # A whole round of blinds is not the end of the first "round": that is a level.
    assert tournament.desk.release_absent_seats(19 * MINUTE) == []
    left = tournament.players["P04"].stack  # what the blinds left (the engine posts them)
    assert tournament.desk.release_absent_seats(21 * MINUTE) == ["P04"]
    released = [e for e in tournament.events if isinstance(e, AbsentSeatReleased)]
    assert released[0].player_id == "W1" and released[0].stack == left
    newcomer = tournament.players["W1"]
    assert newcomer.seat == seat and newcomer.stack == left
    assert not tournament.players["P04"].in_play
    assert released[0].citations[0].startswith("allinouest §Retards et absents")


def test_allinouest_retards_a_paid_absent_player_keeps_the_seat_and_is_blinded() -> None:
    tournament, rng = started(18, "allinouest", max_players=18, absent=("P04",))
    tournament.cash.record_payment("P04", True, "cash", 0)
    tournament.desk.register_late("W1", "Alternate", MINUTE, rng)
    assert tournament.desk.release_absent_seats(120 * MINUTE) == []
    assert tournament.players["P04"].in_play and "W1" in tournament.desk.waiting_list


def test_heavenpoker_2_6_absent_stack_removed_after_the_first_hour_when_nobody_waits() -> None:
    tournament, _ = started(12, "heavenpoker", absent=("P04",))
    assert tournament.desk.release_absent_seats(59 * MINUTE) == []
    assert tournament.desk.release_absent_seats(61 * MINUTE) == ["P04"]
    released = [e for e in tournament.events if isinstance(e, AbsentSeatReleased)]
    assert released[0].player_id is None and released[0].chips_removed == 20_000
    assert tournament.players["P04"].place == 12


def test_heavenpoker_2_6_the_first_hour_is_read_on_the_tournament_clock() -> None:
    """A pause does not count towards the first hour; a TD's adjustment of the clock does."""
    tournament, _ = started(12, "heavenpoker", absent=("P04",))
    tournament.clock_command(PauseClock(30 * MINUTE))
    tournament.clock_command(ResumeClock(50 * MINUTE))
    assert tournament.clock_time(61 * MINUTE) == 41 * MINUTE
    assert tournament.desk.release_absent_seats(61 * MINUTE) == []
    # 42 minutes played, 2 into level 3 (20 minutes each): the TD takes off its last 18.
    tournament.clock_command(AdjustClock(-18 * MINUTE, 62 * MINUTE))
    assert tournament.clock_time(62 * MINUTE) == 60 * MINUTE
    assert tournament.desk.release_absent_seats(62 * MINUTE) == ["P04"]


def test_late_registration_minutes_are_read_on_the_tournament_clock() -> None:
    tournament, _ = started(12, late_registration_until_level=0, late_registration_minutes=60)
    tournament.clock_command(PauseClock(10 * MINUTE))
    tournament.clock_command(ResumeClock(40 * MINUTE))
    assert tournament.desk.late_registration_open(80 * MINUTE)  # 50 minutes of play
    assert not tournament.desk.late_registration_open(91 * MINUTE)


def test_heavenpoker_2_6_the_waiting_list_takes_the_unpaid_absent_seat_first() -> None:
    """Two no-shows, one paid, one waiting player: the unpaid seat goes to the waiting list;
    the paid no-show's stack leaves play and he keeps his entry (nobody is left owing)."""
    tournament, rng = started(12, "heavenpoker", max_players=12, absent=("P03", "P04"))
    tournament.cash.record_payment("P03", True, "cash", 0)
    tournament.desk.register_late("W1", "Alternate", MINUTE, rng)
    seat = tournament.players["P04"].seat
    assert tournament.desk.release_absent_seats(61 * MINUTE) == ["P04", "P03"]
    assert tournament.players["W1"].seat == seat
    assert tournament.players["P03"].place == 12
    assert tournament.cash.book().account("P03").owed_cents == 0  # type: ignore[union-attr]


def test_with_two_late_registration_limits_the_first_reached_closes_it() -> None:
    by_minutes, _ = started(12, late_registration_until_level=4, late_registration_minutes=30)
    assert by_minutes.desk.late_registration_open(29 * MINUTE)
    assert not by_minutes.desk.late_registration_open(31 * MINUTE)  # level 2, but 31 minutes
    by_level, _ = started(12, late_registration_until_level=1, late_registration_minutes=90)
    assert not by_level.desk.late_registration_open(21 * MINUTE)  # level 2


def test_tda_2024_absent_seat_is_never_released() -> None:
    tournament, _ = started(12, absent=("P04",))
    assert tournament.desk.release_absent_seats(120 * MINUTE) == []


def test_entries_replay_to_the_same_state() -> None:
    tournament, rng = started(18, "allinouest", max_players=18, absent=("P04",))
    tournament.desk.register_late("W1", "Alternate", MINUTE, rng)
    disqualify(tournament, "P07", MINUTE)
    tournament.desk.seat_alternates(MINUTE, rng)
    replayed = Tournament.replay(tournament.events)
    assert {p: (s.stack, s.seat, s.place) for p, s in replayed.players.items()} == {
        p: (s.stack, s.seat, s.place) for p, s in tournament.players.items()
    }
    assert replayed.tables == tournament.tables
    assert list(replayed.desk.waiting_list) == list(tournament.desk.waiting_list)


def test_late_entrants_open_a_new_table_with_a_new_number_when_every_seat_is_taken() -> None:
    tournament, rng = started(18)  # two full tables of 9
    play_even_hand(tournament, 1, 0)
    tournament.desk.register_late("L1", "Late 1", MINUTE, rng)
    tournament.desk.register_late("L2", "Late 2", MINUTE, rng)
    opened = tournament.players["L1"].seat
    assert opened is not None and opened.table_no == 3
    assert tournament.players["L2"].seat.table_no == 3  # type: ignore[union-attr]
    tournament.place_buttons(rng)
    assert tournament.tables[3].button_seat is not None
    assert tournament.hands.plan(3, MINUTE).big_blind_seat in tournament.tables[3].seats


def test_the_waiting_list_is_seated_only_after_the_draw() -> None:
    tournament = Tournament.create("t", "tda-2024", load_structure(structure()), 9, max_players=2)
    for player_id in ("A", "B", "C"):
        tournament.register(player_id, player_id, 0)
    assert list(tournament.desk.waiting_list) == ["C"]
    with pytest.raises(PokerfloorError) as caught:
        tournament.desk.seat_alternates(0, random.Random(1))
    assert caught.value.code == "SEATS_NOT_DRAWN"
    assert list(tournament.desk.waiting_list) == ["C"]
