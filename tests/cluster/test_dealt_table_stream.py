"""Issue 32, item 1: a dealt table's event stream for the TD
(``/ws/tournaments/{id}/dealt/tables/{n}``, ``web/dealt_stream_api.py``), the stream the cluster
tests follow on every server: the stored events after ``after_seq``, then each new one once
durable; nobody but the TD opens it (every card is in it)."""

from __future__ import annotations

import json

import pytest
from starlette.websockets import WebSocketDisconnect

from pokerfloor.app.dealt_service import table_stream_id
from pokerfloor.hand import Action
from tests.dealt.test_dealt_pages import _dealt_venue, _seat_player


def test_item1_dealt_table_stream_sends_the_backlog_then_each_new_event_to_the_td() -> None:
    venue, dealt = _dealt_venue()
    assert dealt.tick("sng") == 1  # hand 1 dealt
    stored = dealt.store.read(table_stream_id("sng", 1))
    with venue.td.websocket_connect("/ws/tournaments/sng/dealt/tables/1?after_seq=1") as socket:
        backlog = [json.loads(socket.receive_text()) for _ in stored[1:]]
        assert [event["seq"] for event in backlog] == [item.seq for item in stored[1:]]
        assert backlog[0]["type"] == stored[1].type
        table = dealt.table("sng", 1)
        events = dealt.act("sng", _seat_player(dealt, table.to_act_seat()), Action("fold"))
        live = [json.loads(socket.receive_text()) for _ in events]
    assert [event["seq"] for event in live] == list(
        range(len(stored) + 1, len(stored) + len(events) + 1)
    )
    assert live[0]["type"] == "hand_step"


def test_item1_dealt_table_stream_is_the_td_s_only() -> None:
    venue, dealt = _dealt_venue()
    dealt.tick("sng")
    with (
        pytest.raises(WebSocketDisconnect) as refused,
        venue.public.websocket_connect("/ws/tournaments/sng/dealt/tables/1") as socket,
    ):
        socket.receive_text()
    assert refused.value.code == 4401
