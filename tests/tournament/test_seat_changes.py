"""Seats by hand (tda-2024 R7, special needs): the TD puts a player at a chosen free seat or
swaps two players' seats, with a reason; a moved player follows the button rules of every moved
player; a refusal changes nothing; the event replays and survives a snapshot exactly."""

from __future__ import annotations

import contextlib

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pokerfloor.errors import PokerfloorError
from pokerfloor.tournament import positions
from pokerfloor.tournament.events import SeatChanged
from pokerfloor.tournament.limits import MAX_REASON_LENGTH
from pokerfloor.tournament.state import Tournament
from pokerfloor.tournament.types import SeatRef
from tests.tournament.test_entries import disqualify, play_even_hand, started
from tests.tournament.test_snapshot import state

REASON = "wheelchair: needs the seat by the aisle"


def seat(tournament: Tournament, player_id: str) -> SeatRef:
    found = tournament.players[player_id].seat
    assert found is not None
    return found


def at_table(tournament: Tournament, table_no: int) -> list[str]:
    return [tournament.tables[table_no].seats[s] for s in sorted(tournament.tables[table_no].seats)]


def refused(
    tournament: Tournament, code: str, player_id: str, **target: object
) -> dict[str, object]:
    """Ask for a change that must be refused with ``code``; nothing may change."""
    before = tournament.to_snapshot()
    events = len(tournament.events)
    reason = str(target.pop("reason", REASON))
    with pytest.raises(PokerfloorError) as caught:
        tournament.seat_changes.change(player_id, reason, 5000, **target)  # type: ignore[arg-type]
    assert caught.value.code == code, caught.value
    assert tournament.to_snapshot() == before
    assert len(tournament.events) == events
    return caught.value.params


# ---- what the TD can do -----------------------------------------------------------------------


def test_tda_2024_r7_two_players_at_different_tables_swap_seats() -> None:
    tournament, _ = started(16)
    first, second = at_table(tournament, 1)[0], at_table(tournament, 2)[0]
    where_first, where_second = seat(tournament, first), seat(tournament, second)
    moves = tournament.seat_changes.change(first, REASON, 1000, swap_with=second)
    assert seat(tournament, first) == where_second and seat(tournament, second) == where_first
    assert [len(t.seats) for t in tournament.tables.values()] == [8, 8]
    event = tournament.events[-1]
    assert isinstance(event, SeatChanged)
    assert event.moves == moves and event.reason == REASON and event.at_ms == 1000
    assert {move.reason for move in moves} == {"seat_change"}
    assert "tda-2024 R7" in event.citations


def test_tda_2024_r7_two_players_of_one_table_swap_seats() -> None:
    tournament, _ = started(16)
    first, second = at_table(tournament, 1)[:2]
    where_first, where_second = seat(tournament, first), seat(tournament, second)
    tournament.seat_changes.change(
        first, "hard of hearing: near the dealer", 1000, swap_with=second
    )
    assert seat(tournament, first) == where_second and seat(tournament, second) == where_first


def test_tda_2024_r7_a_player_takes_a_free_seat_of_another_table() -> None:
    tournament, _ = started(17)  # 9 and 8 players at tables of 9
    full, short = sorted(tournament.tables, key=lambda n: -len(tournament.tables[n].seats))
    player = at_table(tournament, full)[0]
    free = tournament.tables[short].free_seats()[0]
    tournament.seat_changes.change(player, REASON, 1000, table_no=short, seat_no=free)
    assert seat(tournament, player) == SeatRef(short, free)
    assert sorted(len(t.seats) for t in tournament.tables.values()) == [8, 9]


def test_tda_2024_r7_a_player_takes_a_free_seat_at_the_same_table() -> None:
    tournament, _ = started(16)
    player = at_table(tournament, 1)[0]
    free = tournament.tables[1].free_seats()[0]
    tournament.seat_changes.change(player, REASON, 1000, table_no=1, seat_no=free)
    assert seat(tournament, player) == SeatRef(1, free)


def test_tda_2024_r7_a_player_moved_between_the_small_blind_and_the_button_waits() -> None:
    """The rule of every moved player (tda-2024 R10, positions.seat_waits), not a new one."""
    tournament, _ = started(17)
    full, short = sorted(tournament.tables, key=lambda n: -len(tournament.tables[n].seats))
    for hand in range(9):  # the button passes the free seat within a round
        play_even_hand(tournament, short, 1000 * hand)
        table = tournament.tables[short]
        waiting = [s for s in table.free_seats() if positions.seat_waits(table, s)]
        if waiting:
            break
    assert waiting
    player = at_table(tournament, full)[0]
    tournament.seat_changes.change(player, REASON, 20_000, table_no=short, seat_no=waiting[0])
    assert waiting[0] in tournament.tables[short].waiting
    event = tournament.events[-1]
    assert isinstance(event, SeatChanged)
    assert set(tournament.cite("seating.late_entrant_seat")) <= set(event.citations)
    plan = tournament.hands.plan(short, 21_000)
    assert waiting[0] in plan.waiting


def test_a_player_who_swaps_into_an_occupied_position_plays_at_once() -> None:
    """heavenpoker 10.3, allinouest: a player replacing another takes the position as it is."""
    tournament, _ = started(16)
    for hand in range(3):
        play_even_hand(tournament, 1, 1000 * hand)
        play_even_hand(tournament, 2, 1000 * hand)
    big_blind = tournament.tables[1].big_blind_seat
    assert big_blind is not None
    player = tournament.tables[1].seats[big_blind]
    other = at_table(tournament, 2)[0]
    tournament.seat_changes.change(player, REASON, 10_000, swap_with=other)
    assert not tournament.tables[1].waiting and not tournament.tables[2].waiting
    plan = tournament.hands.plan(1, 11_000)
    assert other in {player_id for _, player_id, _ in plan.seats}


# ---- refusals -----------------------------------------------------------------------------------


def test_tda_2024_r7_a_seat_change_needs_a_reason() -> None:
    tournament, _ = started(16)
    player = at_table(tournament, 1)[0]
    params = refused(tournament, "SEAT_CHANGE_REASON", player, reason="   ", swap_with="P02")
    assert params == {"length": 0, "max_length": MAX_REASON_LENGTH}
    long = "x" * (MAX_REASON_LENGTH + 1)
    params = refused(tournament, "SEAT_CHANGE_REASON", player, reason=long, swap_with="P02")
    assert params["length"] == MAX_REASON_LENGTH + 1


def test_tda_2024_r7_a_taken_or_missing_seat_is_refused() -> None:
    tournament, _ = started(16)
    player, neighbour = at_table(tournament, 1)[:2]
    taken = seat(tournament, neighbour)
    params = refused(
        tournament, "SEAT_TAKEN", player, table_no=taken.table_no, seat_no=taken.seat_no
    )
    assert params["occupant"] == neighbour
    params = refused(tournament, "BAD_SEAT", player, table_no=1, seat_no=10)
    assert params == {"table_no": 1, "seat_no": 10, "size": 9}
    refused(tournament, "NO_SUCH_TABLE", player, table_no=7, seat_no=1)
    own = seat(tournament, player)
    refused(tournament, "SEAT_CHANGE_SAME_SEAT", player, table_no=1, seat_no=own.seat_no)
    refused(tournament, "SEAT_CHANGE_SAME_SEAT", player, swap_with=player)
    refused(tournament, "SEAT_CHANGE_TARGET", player)
    refused(tournament, "SEAT_CHANGE_TARGET", player, table_no=1)
    refused(tournament, "SEAT_CHANGE_TARGET", player, table_no=1, seat_no=2, swap_with=neighbour)


def test_tda_2024_r7_an_unknown_or_busted_player_is_refused() -> None:
    tournament, _ = started(16)
    player = at_table(tournament, 1)[0]
    refused(tournament, "NOT_REGISTERED", "NOBODY", swap_with=player)
    refused(tournament, "NOT_REGISTERED", player, swap_with="NOBODY")
    busted = at_table(tournament, 2)[0]
    disqualify(tournament, busted, 100)
    params = refused(tournament, "NOT_IN_PLAY", busted, swap_with=player)
    assert params["place"] == 16
    refused(tournament, "NOT_IN_PLAY", player, swap_with=busted)


def test_tda_2024_r7_no_seat_change_before_the_draw() -> None:
    tournament = Tournament.create("t", "tda-2024", started(2)[0].structure)
    tournament.register("A", "A", 0)
    tournament.register("B", "B", 0)
    refused(tournament, "SEATS_NOT_DRAWN", "A", swap_with="B")


def test_tda_2024_r11_a_seat_change_that_calls_for_balancing_is_refused() -> None:
    tournament, _ = started(16)  # 8 and 8: moving one would leave 7 and 9
    player = at_table(tournament, 1)[0]
    free = tournament.tables[2].free_seats()[0]
    params = refused(tournament, "SEAT_CHANGE_UNBALANCES", player, table_no=2, seat_no=free)
    assert params == {"player_id": player, "table_no": 2, "players": 9, "gap": 2}


def test_a_seat_change_waits_for_the_pending_moves() -> None:
    tournament, rng = started(18)
    for player in at_table(tournament, 1)[:3]:
        disqualify(tournament, player, 0)
    assert tournament.moves.propose(500, rng)
    player, other = at_table(tournament, 1)[0], at_table(tournament, 2)[0]
    params = refused(tournament, "MOVES_PENDING", player, swap_with=other)
    assert params["moves"] == len(tournament.moves.proposed)
    tournament.moves.cancel(600)
    tournament.seat_changes.change(player, REASON, 700, swap_with=other)


def test_a_swap_is_allowed_hand_for_hand() -> None:
    tournament, _ = started(16)
    tournament.hands.set_hand_for_hand(True, 1000)
    player, other = at_table(tournament, 1)[0], at_table(tournament, 2)[0]
    tournament.seat_changes.change(player, REASON, 2000, swap_with=other)
    assert seat(tournament, player).table_no == 2


# ---- the log -------------------------------------------------------------------------------------


def test_seat_changes_replay_and_survive_a_snapshot_exactly() -> None:
    tournament, _ = started(17)
    full, short = sorted(tournament.tables, key=lambda n: -len(tournament.tables[n].seats))
    play_even_hand(tournament, 1, 100)
    tournament.seat_changes.change(
        at_table(tournament, 1)[0], REASON, 200, swap_with=at_table(tournament, 2)[0]
    )
    free = tournament.tables[short].free_seats()[0]
    tournament.seat_changes.change(
        at_table(tournament, full)[1], REASON, 300, table_no=short, seat_no=free
    )
    play_even_hand(tournament, 2, 400)
    events = tournament.events
    assert Tournament.replay(events).to_snapshot() == tournament.to_snapshot()
    for cut in range(1, len(events) + 1):
        restored = Tournament.from_snapshot(Tournament.replay(events[:cut]).to_snapshot())
        for event in events[cut:]:
            restored.apply_stored(event)
        assert state(restored) == state(tournament)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_random_seat_changes_keep_every_player_seated_once_and_replay(data: st.DataObject) -> None:
    tournament, _ = started(data.draw(st.integers(min_value=10, max_value=27), label="players"))
    chips = sum(p.stack for p in tournament.players.values())
    for step in range(data.draw(st.integers(min_value=1, max_value=12), label="steps")):
        seated = sorted(p for p, s in tournament.players.items() if s.seat)
        player = data.draw(st.sampled_from(seated))
        if data.draw(st.booleans(), label="swap"):
            target: dict[str, object] = {"swap_with": data.draw(st.sampled_from(seated))}
        else:
            table_no = data.draw(st.sampled_from(sorted(tournament.tables)))
            target = {"table_no": table_no, "seat_no": data.draw(st.integers(1, 10))}
        with contextlib.suppress(PokerfloorError):
            tournament.seat_changes.change(player, REASON, 1000 * step, **target)  # type: ignore[arg-type]
        if data.draw(st.booleans(), label="hand"):
            table_no = data.draw(st.sampled_from(sorted(tournament.tables)))
            play_even_hand(tournament, table_no, 1000 * step + 500)
        occupied = [p for table in tournament.tables.values() for p in table.seats.values()]
        assert sorted(occupied) == seated
        for player_id in occupied:
            where = seat(tournament, player_id)
            assert tournament.tables[where.table_no].seats[where.seat_no] == player_id
    assert sum(p.stack for p in tournament.players.values()) == chips
    assert Tournament.replay(tournament.events).to_snapshot() == tournament.to_snapshot()
    restored = Tournament.from_snapshot(tournament.to_snapshot())
    assert state(restored) == state(tournament)
