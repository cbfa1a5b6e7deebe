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
    moves = tournament.propose_moves(1000, rng)
    assert moves and all(str(move).startswith("Table ") for move in moves)
    assert {p: s.seat for p, s in tournament.players.items()} == seats_before
    move = moves[0]
    tournament.confirm_move(move.player_id, 2000)
    assert tournament.players[move.player_id].seat == move.target
    assert move.player_id not in tournament.proposed
    with pytest.raises(PokerfloorError) as caught:
        tournament.confirm_move(move.player_id, 3000)
    assert caught.value.code == "NO_MOVE_PROPOSED"


def test_a_move_made_stale_by_a_bust_is_refused() -> None:
    tournament, rng = three_short()
    move = tournament.propose_moves(1000, rng)[0]
    disqualify(tournament, move.player_id, 1500)
    with pytest.raises(PokerfloorError) as caught:
        tournament.confirm_move(move.player_id, 2000)
    assert caught.value.code == "STALE_MOVE"


def test_pending_moves_survive_a_snapshot_and_a_replay() -> None:
    tournament, rng = three_short()
    tournament.propose_moves(1000, rng)
    assert Tournament.from_snapshot(tournament.to_snapshot()).proposed == tournament.proposed
    assert Tournament.replay(tournament.events).proposed == tournament.proposed
