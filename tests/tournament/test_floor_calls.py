"""Calls for the floor: a table asks for the TD, the TD answers; both are events, so an open
call survives a restart (replay or snapshot)."""

from __future__ import annotations

import pytest

from pokerfloor.errors import PokerfloorError
from pokerfloor.tournament.state import Tournament
from tests.tournament.test_entries import started


def test_a_call_stays_open_until_answered_and_survives_a_replay() -> None:
    tournament, _ = started(12)
    tournament.call_floor(2, "string bet?", 1000)
    tournament.call_floor(2, "again", 2000)  # one open call per table
    assert [(c.table_no, c.reason, c.at_ms) for c in tournament.floor_calls.values()] == [
        (2, "string bet?", 1000)
    ]
    assert Tournament.replay(tournament.events).floor_calls == tournament.floor_calls
    restored = Tournament.from_snapshot(tournament.to_snapshot())
    assert restored.floor_calls == tournament.floor_calls
    tournament.answer_floor_call(2, 3000)
    assert not tournament.floor_calls
    with pytest.raises(PokerfloorError) as caught:
        tournament.answer_floor_call(2, 4000)
    assert caught.value.code == "NO_FLOOR_CALL"


def test_an_unknown_table_cannot_call() -> None:
    tournament, _ = started(12)
    with pytest.raises(PokerfloorError) as caught:
        tournament.call_floor(9, "", 1000)
    assert caught.value.code == "NO_SUCH_TABLE"
