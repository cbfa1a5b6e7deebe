"""A hand decided from a copy of the table (issue 29 item 5): the simulator's workers plan and
play their tables' hands and send back the ``HandPlayed`` event the core makes
(``_hand_played.plan_of_hand``, ``hand_played``); the aggregate folds it with
``hands.record_played``, which checks only what the copy cannot know. The event and the state
must be those ``hands.plan`` + ``hands.record`` give, and a hand played must not re-index the
table map."""

from __future__ import annotations

import random

import pytest
from msgspec.structs import replace

from pokerfloor.errors import PokerfloorError
from pokerfloor.sim.scaled import scaled_structure
from pokerfloor.tournament import positions
from pokerfloor.tournament._hand_played import hand_played, plan_of_hand
from pokerfloor.tournament.events import HandPlayed
from pokerfloor.tournament.state import Tournament
from pokerfloor.tournament.table_map import TableMap


def _started(profile: str = "tda-2024") -> Tournament:
    tournament = Tournament.create("t", profile, scaled_structure(30), 9)
    for number in range(1, 31):
        tournament.register(f"P{number:02d}", f"Player {number}", 0, present=number % 9 != 0)
    rng = random.Random(3)
    tournament.draw_seats(rng)
    tournament.place_buttons(rng)
    tournament.start_clock(0)
    return tournament


def _from_a_copy(tournament: Tournament, table_no: int, at_ms: int) -> HandPlayed:
    """What a worker sends back: the event made from a copy of the table and its stacks, the
    first player dealt in losing 100 chips to the last."""
    table = tournament.tables[table_no]
    placed = positions.next_hand_positions(table, tournament.profile)
    stacks = {seat: tournament.players[player].stack for seat, player in table.seats.items()}
    killed = tournament.hands.killed(table.seats.values())
    level = tournament.hands.level_of(at_ms)
    assert level is not None
    hand_no = tournament.hands_at.get(table_no, 0) + 1
    plan = plan_of_hand(table, hand_no, level, placed, stacks, killed, at_ms)
    final = {player: stack for _, player, stack in plan.seats}
    first, last = plan.seats[0][1], plan.seats[-1][1]
    final[first] -= 100
    final[last] += 100
    return hand_played(plan, final, at_ms, tournament.hand_for_hand)


@pytest.mark.parametrize("profile", ["tda-2024", "ropta", "heavenpoker"])
def test_issue_29_5_a_hand_decided_from_a_copy_records_what_record_hand_records(
    profile: str,
) -> None:
    folded, reported = _started(profile), _started(profile)
    at_ms = 60_000
    away = []
    for table_no in sorted(folded.tables):
        event = _from_a_copy(folded, table_no, at_ms)
        away += event.away
        assert folded.hands.record_played(event) == []
        plan = reported.hands.plan(table_no, at_ms)
        final = {p.player_id: p.final_stack for p in event.players}
        assert reported.hands.record(plan, final, at_ms) == []
    assert len(away) == 3  # the absent players: dealt in, hand killed
    assert folded.events == reported.events
    assert dict(folded.tables) == dict(reported.tables)
    assert {p: s.stack for p, s in folded.players.items()} == {
        p: s.stack for p, s in reported.players.items()
    }
    folded.tables.check_index()


def test_issue_29_5_a_hand_recorded_meanwhile_makes_the_copy_stale() -> None:
    tournament = _started()
    event = _from_a_copy(tournament, 1, 60_000)
    tournament.hands.record_played(event)
    with pytest.raises(PokerfloorError) as refused:
        tournament.hands.record_played(event)  # the same hand again: the table moved on
    assert refused.value.code == "STALE_HAND"


def test_issue_29_5_a_busted_player_rebuys_or_is_returned_to_settle() -> None:
    tournament = _started()
    event = _from_a_copy(tournament, 1, 60_000)
    loser, winner = event.players[0], event.players[-1]
    players = tuple(
        replace(p, final_stack=0)
        if p is loser
        else replace(p, final_stack=p.final_stack + loser.final_stack)
        if p is winner
        else p
        for p in event.players
    )
    busting = replace(event, players=players)
    with pytest.raises(PokerfloorError) as refused:
        tournament.hands.record_played(busting, [event.players[1].player_id])
    assert refused.value.code == "REBUY_NOT_BUSTED"
    busts = tournament.hands.record_played(busting)
    assert [bust.player_id for bust in busts] == [loser.player_id]
    assert busts[0].starting_stack_of_hand == loser.stack


def test_issue_29_5_a_hand_played_does_not_reindex_the_table_map(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    tournament = _started()
    reindexed: list[int] = []
    reindex = TableMap._reindex

    def counted(self: TableMap, *arguments: object) -> None:
        reindexed.append(1)
        reindex(self, *arguments)  # type: ignore[arg-type]

    monkeypatch.setattr(TableMap, "_reindex", counted)
    for table_no in sorted(tournament.tables):
        tournament.hands.record_played(_from_a_copy(tournament, table_no, 60_000))
    assert reindexed == []
    monkeypatch.undo()
    tournament.tables.check_index()
    assert tournament.tables.unbuttoned() == []


def test_issue_29_5_the_copy_of_a_tables_players_reads_each_player_once_as_hand_killed() -> None:
    """``hands.seated``: the stacks and killed hands a worker gets, the rule of
    ``hands.killed`` (absent players here), in the table's seat order."""
    tournament = _started()
    tournament.players["P01"].missed_hands = 1  # serving a penalty of missed hands
    killed_seen = []
    for table_no in sorted(tournament.tables):
        table = tournament.tables[table_no]
        killed = tournament.hands.killed(table.seats.values())
        seated = tournament.hands.seated(table)
        assert seated == [
            (seat, player, tournament.players[player].stack, player in killed)
            for seat, player in table.seats.items()
        ]
        killed_seen += [player for _, player, _, away in seated if away]
    assert sorted(killed_seen) == ["P01", "P09", "P18", "P27"]
