"""The player clock (issue 14, item 10): the profile's times (tda-2024 R29 25 + 5 s, allinouest
60 + 10 s, heavenpoker 7.1 about 2 min then 60 + 10 s, ropta-2025 30 s in all), the thinking time
before the clock may be called, expiry decided from the times passed in, and the timeout ruling
of each profile, the same as the hand engine's ``Timeout``."""

from __future__ import annotations

import pytest

from pokerfloor.cards import shuffled_order
from pokerfloor.errors import PokerfloorError
from pokerfloor.hand import Acted, Action, Hand, HandSetup, Reason, Seat, Timeout, timeout_ruling
from pokerfloor.rules import load_profile
from pokerfloor.tournament.events import PlayerClockCalled, PlayerClockExpired
from pokerfloor.tournament.state import Tournament
from tests.tournament.test_entries import play_even_hand, started

T0 = 600_000  # ten minutes into the evening


def seated(tournament: Tournament, table_no: int = 1) -> int:
    """A seat with a player at ``table_no``."""
    return min(tournament.tables[table_no].seats)


def refused(code: str, action: object, *args: object) -> dict[str, object]:
    assert callable(action)
    with pytest.raises(PokerfloorError) as caught:
        action(*args)
    assert caught.value.code == code, caught.value
    return dict(caught.value.params)


def run_out(profile: str, facing_bet: bool) -> tuple[Tournament, PlayerClockExpired]:
    """A player timed, put on the clock once allowed, and their time run out."""
    tournament, _ = started(12, profile)
    seat = seated(tournament)
    times = tournament.table_clocks.times()
    tournament.table_clocks.time(1, seat, T0)
    called_at = T0 + times.call_after_seconds * 1000
    tournament.table_clocks.call(1, seat, called_at, by="captain")
    tournament.table_clocks.expire(1, facing_bet, called_at + times.total_seconds * 1000)
    expired = tournament.events[-1]
    assert isinstance(expired, PlayerClockExpired)
    return tournament, expired


# ---- the profiles' times --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("profile", "call_after", "action", "countdown"),
    [
        ("tda-2024", 0, 25, 5),  # tda-2024 R29: 25 s, then a 5-second countdown
        ("allinouest", 0, 60, 10),  # allinouest §Les cartes mortes: 1 min + 10 s
        ("heavenpoker", 120, 60, 10),  # heavenpoker 7.1: about 2 min, then 1 min + 10 s
        ("ropta", 60, 25, 5),  # ropta-2025: about a minute, then 30 s, the last 5 aloud
    ],
)
def test_the_clock_runs_with_the_profiles_times(
    profile: str, call_after: int, action: int, countdown: int
) -> None:
    tournament, _ = started(12, profile)
    times = tournament.table_clocks.times()
    assert (times.call_after_seconds, times.action_seconds, times.countdown_seconds) == (
        call_after,
        action,
        countdown,
    )
    seat = seated(tournament)
    tournament.table_clocks.call(1, seat, T0)
    called = tournament.events[-1]
    assert isinstance(called, PlayerClockCalled)
    assert (called.action_seconds, called.countdown_seconds) == (action, countdown)
    assert called.citations == times.citations and called.citations
    clock = tournament.table_clocks.at_table(1)
    assert clock is not None
    end = T0 + (action + countdown) * 1000
    assert clock.phase(T0) == "action"
    assert clock.phase(end - countdown * 1000 - 1) == "action"
    assert clock.phase(end - countdown * 1000) == "countdown"
    assert clock.phase(end - 1) == "countdown"
    assert clock.phase(end) == "expired"
    assert (
        refused("PLAYER_CLOCK_NOT_EXPIRED", tournament.table_clocks.expire, 1, False, end - 1)[
            "seconds_left"
        ]
        == 1
    )
    tournament.table_clocks.expire(1, False, end)


def test_tda_2024_r29_thirty_seconds_in_all() -> None:
    tournament, _ = started(12, "tda-2024")
    tournament.table_clocks.call(1, seated(tournament), T0, by="captain")
    clock = tournament.table_clocks.at_table(1)
    assert clock is not None and clock.deadline_ms == T0 + 30_000
    assert clock.left_ms(T0 + 25_000) == 5_000


# ---- the thinking time before the clock may be called ----------------------------------------


def test_heavenpoker_7_1_the_captain_calls_the_clock_after_about_two_minutes() -> None:
    tournament, _ = started(12, "heavenpoker")
    seat = seated(tournament)
    tournament.table_clocks.time(1, seat, T0)
    tournament.table_clocks.time(
        1, seat, T0 + 50_000
    )  # a second tap: the time counts from the first
    params = refused(
        "PLAYER_CLOCK_TOO_EARLY", tournament.table_clocks.call, 1, seat, T0 + 119_001, "captain"
    )
    assert params["seconds_left"] == 1
    assert params["call_after_seconds"] == 120
    assert params["citations"] == ["heavenpoker 7.1"]
    tournament.table_clocks.call(1, seat, T0 + 120_000, "captain")
    called = tournament.events[-1]
    assert isinstance(called, PlayerClockCalled)
    assert called.thinking_since_ms == T0 and called.by == "captain"
    assert called.hand_no == 1


def test_heavenpoker_7_1_the_td_may_call_the_clock_earlier_and_the_log_shows_it() -> None:
    tournament, _ = started(12, "heavenpoker")
    seat = seated(tournament)
    tournament.table_clocks.time(1, seat, T0)
    tournament.table_clocks.call(1, seat, T0 + 30_000, "td")
    called = tournament.events[-1]
    assert isinstance(called, PlayerClockCalled)
    assert (called.by, called.thinking_since_ms, called.at_ms) == ("td", T0, T0 + 30_000)


def test_ropta_the_thinking_time_is_about_a_minute() -> None:
    tournament, _ = started(12, "ropta")
    seat = seated(tournament)
    tournament.table_clocks.time(1, seat, T0)
    refused("PLAYER_CLOCK_TOO_EARLY", tournament.table_clocks.call, 1, seat, T0 + 59_000, "captain")
    tournament.table_clocks.call(1, seat, T0 + 60_000, "captain")


@pytest.mark.parametrize("profile", ["tda-2024", "allinouest"])
def test_a_reasonable_time_judged_by_the_floor_lets_the_clock_be_called_at_once(
    profile: str,
) -> None:
    tournament, _ = started(12, profile)
    seat = seated(tournament)
    tournament.table_clocks.time(1, seat, T0)
    tournament.table_clocks.call(1, seat, T0, "captain")
    assert tournament.table_clocks.at_table(1) is not None


def test_a_call_without_a_timed_start_is_the_tables_word() -> None:
    tournament, _ = started(12, "heavenpoker")
    seat = seated(tournament)
    tournament.table_clocks.call(1, seat, T0, "captain")
    called = tournament.events[-1]
    assert isinstance(called, PlayerClockCalled) and called.thinking_since_ms is None


def test_timing_another_player_starts_again() -> None:
    tournament, _ = started(12, "heavenpoker")
    first, second = sorted(tournament.tables[1].seats)[:2]
    tournament.table_clocks.time(1, first, T0)
    tournament.table_clocks.time(1, second, T0 + 90_000)
    refused(
        "PLAYER_CLOCK_TOO_EARLY", tournament.table_clocks.call, 1, second, T0 + 120_000, "captain"
    )
    tournament.table_clocks.call(1, second, T0 + 210_000, "captain")


# ---- expiry: the timeout ruling of each profile -----------------------------------------------


@pytest.mark.parametrize(
    ("profile", "facing_bet", "decision", "citation"),
    [
        ("tda-2024", False, "check", "tda-2024 R29"),
        ("tda-2024", True, "dead", "tda-2024 R29"),
        ("heavenpoker", False, "check", "heavenpoker 7.3 a"),
        ("heavenpoker", True, "dead", "heavenpoker 7.3 b"),
        ("allinouest", False, "dead", "allinouest §Les cartes mortes"),
        ("allinouest", True, "dead", "allinouest §Les cartes mortes"),
        ("ropta", False, "dead", "ropta-2025 clock"),
        ("ropta", True, "dead", "ropta-2025 clock"),
        ("tda-2010", False, "dead", "tda-2010 R20"),
    ],
)
def test_expiry_records_the_profiles_timeout_ruling(
    profile: str, facing_bet: bool, decision: str, citation: str
) -> None:
    tournament, expired = run_out(profile, facing_bet)
    assert expired.decision == decision
    assert expired.citations == (citation,)
    situation = "FACING_BET" if facing_bet else "NO_BET"
    outcome = "CHECKED" if decision == "check" else "DEAD"
    assert expired.why == Reason(f"TIMEOUT_{situation}_{outcome}")
    assert expired.reason == ""  # a code, never an English sentence, in the stored event
    assert expired.setting == (
        "clock.expiry_facing_bet" if facing_bet else "clock.expiry_not_facing_bet"
    )
    assert expired.player_id == tournament.tables[1].seats[expired.seat_no]
    clock = tournament.table_clocks.at_table(1)
    assert clock is not None and clock.phase(expired.at_ms) == "ruled"
    # The ruling stands: no second ruling, no "acted" after it.
    refused("PLAYER_CLOCK_RULED", tournament.table_clocks.expire, 1, not facing_bet, expired.at_ms)
    refused("PLAYER_CLOCK_RULED", tournament.table_clocks.stop, 1, "acted", expired.at_ms)


@pytest.mark.parametrize("profile", ["tda-2024", "heavenpoker", "allinouest", "ropta", "tda-2010"])
@pytest.mark.parametrize("facing_bet", [False, True])
def test_the_engines_timeout_is_the_same_rule(profile: str, facing_bet: bool) -> None:
    setup = HandSetup(
        profile=profile,
        seats=(Seat(1, "A", 10_000), Seat(2, "B", 10_000), Seat(3, "C", 10_000)),
        button_seat=3,
        small_blind=100,
        big_blind=200,
    )
    hand = Hand.start(setup, shuffled_order(seed=3))
    # Preflop the button faces the big blind; on the flop the first player faces nothing.
    if not facing_bet:
        hand.act(Action("call"))
        hand.act(Action("call"))
        hand.act(Action("check"))
    acted = hand.act(Timeout())[0]
    assert isinstance(acted, Acted)
    expected = timeout_ruling(load_profile(profile), facing_bet)
    assert acted.ruling == expected.ruling
    assert acted.kind == ("check" if expected.outcome == "check" else "fold")
    _, recorded = run_out(profile, facing_bet)
    assert (recorded.decision, recorded.why, recorded.citations) == (
        expected.ruling.decision,
        expected.ruling.why,
        expected.ruling.citations,
    )


# ---- acting in time, cancelling, refusals ---------------------------------------------------


def test_the_player_acts_before_time_runs_out() -> None:
    tournament, _ = started(12)
    seat = seated(tournament)
    tournament.table_clocks.call(1, seat, T0)
    tournament.table_clocks.stop(1, "acted", T0 + 12_000)
    assert tournament.table_clocks.at_table(1) is None
    refused("NO_PLAYER_CLOCK", tournament.table_clocks.expire, 1, False, T0 + 60_000)
    refused("NO_PLAYER_CLOCK", tournament.table_clocks.stop, 1, "acted", T0 + 60_000)


def test_a_thinking_timer_is_cancelled_and_cannot_run_out() -> None:
    tournament, _ = started(12)
    seat = seated(tournament)
    tournament.table_clocks.time(1, seat, T0)
    refused("NO_PLAYER_CLOCK", tournament.table_clocks.expire, 1, False, T0 + 600_000)
    tournament.table_clocks.stop(1, "cancelled", T0 + 5_000)
    assert tournament.table_clocks.at_table(1) is None


def test_one_player_on_the_clock_per_table() -> None:
    tournament, _ = started(12)
    first, second = sorted(tournament.tables[1].seats)[:2]
    tournament.table_clocks.call(1, first, T0)
    params = refused("PLAYER_CLOCK_RUNNING", tournament.table_clocks.call, 1, second, T0 + 1)
    assert params == {"table_no": 1, "seat_no": first}
    refused("PLAYER_CLOCK_RUNNING", tournament.table_clocks.time, 1, second, T0 + 1)
    tournament.table_clocks.call(2, seated(tournament, 2), T0)  # another table has its own


def test_an_empty_seat_or_an_unknown_table_is_refused() -> None:
    tournament, _ = started(12)
    empty = next(s for s in range(1, 10) if s not in tournament.tables[1].seats)
    params = refused("PLAYER_CLOCK_SEAT_EMPTY", tournament.table_clocks.call, 1, empty, T0)
    assert params == {"table_no": 1, "seat_no": empty}
    refused("NO_SUCH_TABLE", tournament.table_clocks.time, 9, 1, T0)


def test_a_clock_is_over_with_its_hand() -> None:
    tournament, _ = started(12)
    seat = seated(tournament)
    tournament.table_clocks.call(1, seat, T0)
    play_even_hand(tournament, 1, T0 + 60_000)
    assert tournament.table_clocks.at_table(1) is None
    refused("NO_PLAYER_CLOCK", tournament.table_clocks.expire, 1, True, T0 + 90_000)
    tournament.table_clocks.call(1, seat, T0 + 90_000)
    called = tournament.events[-1]
    assert isinstance(called, PlayerClockCalled) and called.hand_no == 2


# ---- the state survives a restart -----------------------------------------------------------


def test_replay_and_snapshot_keep_the_clocks() -> None:
    tournament, _ = started(12, "heavenpoker")
    first = seated(tournament)
    other = seated(tournament, 2)
    tournament.table_clocks.time(1, first, T0)
    tournament.table_clocks.call(2, other, T0)
    checkpoints = []
    for step in (
        lambda: tournament.table_clocks.call(1, first, T0 + 120_000, "captain"),
        lambda: tournament.table_clocks.expire(2, True, T0 + 70_000),
        lambda: tournament.table_clocks.stop(1, "acted", T0 + 130_000),
    ):
        for check in (Tournament.replay(tournament.events), _restored(tournament)):
            assert check.table_clocks.by_table == tournament.table_clocks.by_table
        step()
        checkpoints.append(dict(tournament.table_clocks.by_table))
    assert (
        Tournament.replay(tournament.events).table_clocks.by_table
        == tournament.table_clocks.by_table
    )
    assert _restored(tournament).table_clocks.by_table == tournament.table_clocks.by_table
    assert set(checkpoints[1]) == {1, 2} and set(checkpoints[2]) == {2}
    ruled = tournament.table_clocks.at_table(2)
    assert ruled is not None and ruled.expired is not None and ruled.expired.decision == "dead"


def _restored(tournament: Tournament) -> Tournament:
    return Tournament.from_snapshot(tournament.to_snapshot())
