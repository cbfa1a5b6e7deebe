"""Calls for the floor: a table asks for the TD, the TD answers; both are events, so an open
call survives a restart (replay or snapshot)."""

from __future__ import annotations

import pytest

from pokerfloor.errors import PokerfloorError
from pokerfloor.tournament.state import Tournament
from tests.tournament.test_entries import started


def test_a_call_stays_open_until_answered_and_survives_a_replay() -> None:
    tournament, _ = started(12)
    tournament.floor.call(2, "string bet?", 1000)
    tournament.floor.call(2, "again", 2000)  # one open call per table
    assert [(c.table_no, c.reason, c.at_ms) for c in tournament.floor.open_calls.values()] == [
        (2, "string bet?", 1000)
    ]
    assert Tournament.replay(tournament.events).floor.open_calls == tournament.floor.open_calls
    restored = Tournament.from_snapshot(tournament.to_snapshot())
    assert restored.floor.open_calls == tournament.floor.open_calls
    tournament.floor.answer(2, 3000)
    assert not tournament.floor.open_calls
    with pytest.raises(PokerfloorError) as caught:
        tournament.floor.answer(2, 4000)
    assert caught.value.code == "NO_FLOOR_CALL"


def test_an_unknown_table_cannot_call() -> None:
    tournament, _ = started(12)
    with pytest.raises(PokerfloorError) as caught:
        tournament.floor.call(9, "", 1000)
    assert caught.value.code == "NO_SUCH_TABLE"
