"""Balancing moves as instructions the TD carries out and confirms (tda-2024 R11): nobody
moves until confirmed; a stale instruction is refused; pending moves survive a snapshot."""

from __future__ import annotations

import random

import pytest

from pokerfloor.errors import PokerfloorError
from pokerfloor.tournament.state import Tournament
from tests.tournament.test_entries import disqualify, started


def three_short() -> tuple[Tournament, random.Random]:
    """Two tables of 9, three players out at the first one: the tables need balancing."""
    tournament, rng = started(18)
    short = tournament.players["P01"].seat.table_no  # type: ignore[union-attr]
    same_table = [p for p, s in tournament.players.items() if s.seat and s.seat.table_no == short]
    for player in same_table[:3]:
        disqualify(tournament, player, 0)
    return tournament, rng


def test_tda_2024_r11_proposed_moves_wait_for_the_td_to_confirm_them() -> None:
    tournament, rng = three_short()
    seats_before = {p: s.seat for p, s in tournament.players.items()}
    moves = tournament.moves.propose(1000, rng)
    assert moves and all(str(move).startswith("Table ") for move in moves)
    assert {p: s.seat for p, s in tournament.players.items()} == seats_before
    move = moves[0]
    tournament.moves.confirm_one(move.player_id, 2000)
    assert tournament.players[move.player_id].seat == move.target
    assert move.player_id not in tournament.moves.proposed
    with pytest.raises(PokerfloorError) as caught:
        tournament.moves.confirm_one(move.player_id, 3000)
    assert caught.value.code == "NO_MOVE_PROPOSED"


def test_a_move_made_stale_by_a_bust_is_refused() -> None:
    tournament, rng = three_short()
    move = tournament.moves.propose(1000, rng)[0]
    disqualify(tournament, move.player_id, 1500)
    with pytest.raises(PokerfloorError) as caught:
        tournament.moves.confirm_one(move.player_id, 2000)
    assert caught.value.code == "STALE_MOVE"


def test_pending_moves_survive_a_snapshot_and_a_replay() -> None:
    tournament, rng = three_short()
    tournament.moves.propose(1000, rng)
    assert (
        Tournament.from_snapshot(tournament.to_snapshot()).moves.proposed
        == tournament.moves.proposed
    )
    assert Tournament.replay(tournament.events).moves.proposed == tournament.moves.proposed


def players_at(tournament: Tournament, table_no: int) -> list[str]:
    return sorted(tournament.tables[table_no].seats.values())


def test_tda_2024_r10_break_table_is_proposed_then_confirmed_and_the_table_closes() -> None:
    tournament, rng = started(18)
    for player in players_at(tournament, 2)[:5]:  # 13 left: two tables are still needed
        disqualify(tournament, player, 0)
    with pytest.raises(PokerfloorError) as caught:
        tournament.moves.propose_break_table(None, 500, rng)
    assert caught.value.code == "NO_TABLE_TO_BREAK"
    for player in players_at(tournament, 1)[:4]:  # 9 left: they fit at one table
        disqualify(tournament, player, 0)
    leaving = players_at(tournament, 2)
    moves = tournament.moves.propose_break_table(None, 1000, rng)
    assert {move.player_id for move in moves} == set(leaving)
    assert {move.reason for move in moves} == {"break"}
    assert "tda-2024 R10" in moves[0].citations
    assert players_at(tournament, 2) == leaving  # nobody moved yet
    tournament.moves.confirm((), 2000, rng)
    assert 2 not in tournament.tables
    assert not tournament.moves.proposed
    assert all(tournament.players[p].seat.table_no == 1 for p in leaving)  # type: ignore[union-attr]


def test_break_a_named_table_one_confirmation_at_a_time() -> None:
    tournament, rng = started(18)
    for player in players_at(tournament, 1)[:5] + players_at(tournament, 2)[:5]:
        disqualify(tournament, player, 0)
    moves = tournament.moves.propose_break_table(1, 1000, rng)
    assert {move.source.table_no for move in moves} == {1}
    first = moves[0]
    tournament.moves.confirm_one(first.player_id, 2000)
    assert tournament.players[first.player_id].seat == first.target
    assert len(tournament.moves.proposed) == len(moves) - 1
    tournament.moves.confirm([m.player_id for m in moves[1:]], 3000, rng)
    assert 1 not in tournament.tables


def test_tda_2024_rp9_final_table_redraw_is_confirmed_as_a_whole_then_a_button_is_drawn() -> None:
    tournament, rng = started(18)
    for player in players_at(tournament, 1)[:5] + players_at(tournament, 2)[:4]:
        disqualify(tournament, player, 0)
    moves = tournament.moves.propose_final_table(1000, rng)
    assert len(moves) == 9 and {move.reason for move in moves} == {"final_table"}
    with pytest.raises(PokerfloorError) as caught:
        tournament.moves.confirm_one(moves[0].player_id, 1500)
    assert caught.value.code == "CONFIRM_WHOLE_REDRAW"
    with pytest.raises(PokerfloorError) as caught:
        tournament.moves.confirm([moves[0].player_id], 1500, rng)
    assert caught.value.code == "CONFIRM_WHOLE_REDRAW"
    tournament.moves.confirm((), 2000, rng)
    assert list(tournament.tables) == [1]
    assert tournament.tables[1].button_seat is not None
    assert {p: tournament.players[p].seat for p in tournament.tables[1].seats.values()} == {
        move.player_id: move.target for move in moves
    }


def test_the_final_table_cannot_be_redrawn_too_early() -> None:
    tournament, rng = started(18)
    with pytest.raises(PokerfloorError) as caught:
        tournament.moves.propose_final_table(1000, rng)
    assert caught.value.code == "NOT_FINAL_TABLE"
    assert not tournament.moves.proposed


def test_cancel_moves_drops_the_proposal_and_replays() -> None:
    tournament, rng = three_short()
    tournament.moves.propose(1000, rng)
    tournament.moves.cancel(2000)
    assert not tournament.moves.proposed
    assert not Tournament.replay(tournament.events).moves.proposed
    with pytest.raises(PokerfloorError) as caught:
        tournament.moves.cancel(3000)
    assert caught.value.code == "NO_MOVE_PROPOSED"
