"""Issue 31's measure: the player acts over their phone page's WebSocket (the one that brings the
pushes). The message is the action form's fields as JSON; the answer comes back on the same
socket as the ``#flash`` fragment (done, or the refusal's code and its sentence in the page's
language, escaped), or the all-in's confirmation. The rules path is ``DealtService.act``, the
same as the form's HTTP POST (which stays for pages without a socket)."""

from __future__ import annotations

import json
import re
from typing import Any

from pokerfloor.app.dealt_service import DealtService
from pokerfloor.web.pages.common._dealt_common import secret_player_key
from tests.dealt._sitngo import SETTINGS
from tests.web.pages.conftest import CAPTAIN_SECRET, Venue

TID = "sockact"
_ANSWER = re.compile(
    r'<div id="flash"[^>]*data-answer="(\w*)"[^>]*data-code="(\w*)"[^>]*>(.*)</div>', re.S
)


def _table() -> tuple[Venue, DealtService]:
    venue = Venue()
    venue.command(TID, type="create_tournament", tournament_id=TID, structure="turbo",
                  table_size=4)  # fmt: skip
    for number in range(1, 5):
        venue.command(TID, type="register_player", player_id=f"p{number}",
                      name=f"<b>J{number}</b>")  # fmt: skip
    venue.command(TID, type="draw_seats", seed=2)
    venue.command(TID, type="place_buttons", seed=2)
    dealt: DealtService = venue.td.app.state.dealt  # type: ignore[attr-defined]
    dealt.choose(TID, SETTINGS)
    venue.command(TID, type="start_clock")
    dealt.tick(TID)
    return venue, dealt


def _live(player_id: str, language: str = "") -> str:
    key = secret_player_key(CAPTAIN_SECRET, TID, player_id)
    return f"/t/{TID}/play/{player_id}/{key}/live" + (f"?lang={language}" if language else "")


def _to_act(dealt: DealtService) -> tuple[str, str]:
    """The player to act at table 1, and one who is not."""
    table = dealt.table(TID, 1)
    seats = dealt.tournaments.tournament(TID).tables[1].seats
    acting = seats[table.to_act_seat()]
    return acting, next(player for player in seats.values() if player != acting)


def _answer(socket: Any, message: str) -> tuple[str, str, str]:
    """Send ``message``, then read the frames (pushes) until the answer: (answer, code, text)."""
    socket.send_text(message)
    for _ in range(20):
        found = _ANSWER.match(socket.receive_text())
        if found:
            return found.group(1), found.group(2), found.group(3)
    raise AssertionError("no answer on the socket")


def test_issue_31_a_player_acts_over_the_page_s_websocket() -> None:
    venue, dealt = _table()
    acting, _other = _to_act(dealt)
    events = len(dealt.table(TID, 1).events)
    with venue.public.websocket_connect(_live(acting)) as socket:
        answer, code, text = _answer(socket, json.dumps({"kind": "call", "HEADERS": {}}))
    assert (answer, code, text) == ("ok", "", "")
    table = dealt.table(TID, 1)
    assert len(table.events) > events  # the action was ruled and stored
    seats = dealt.tournaments.tournament(TID).tables[1].seats
    assert seats[table.to_act_seat()] != acting  # the turn moved on


def test_issue_31_out_of_turn_over_the_socket_the_refusal_in_the_page_s_language() -> None:
    venue, dealt = _table()
    acting, other = _to_act(dealt)
    events = len(dealt.table(TID, 1).events)
    with venue.public.websocket_connect(_live(other)) as socket:
        answer, code, text = _answer(socket, json.dumps({"kind": "check"}))
        assert (answer, code) == ("refused", "NOT_YOUR_TURN")
        assert "Ce n'est pas à" in text.replace("&#39;", "'")  # French, the page's default
        assert "&lt;b&gt;J" in text and "<b>" not in text  # the names, escaped
        answer, code, text = _answer(socket, "not json at all")  # the socket stays open
        assert (answer, code) == ("refused", "")
        assert "Action inconnue" in text
    with venue.public.websocket_connect(_live(other, "en")) as socket:
        answer, code, text = _answer(socket, json.dumps({"kind": "check"}))
        assert (answer, code) == ("refused", "NOT_YOUR_TURN")
        assert "is not to act" in text
    assert len(dealt.table(TID, 1).events) == events  # nothing was stored
    assert acting


def test_issue_31_all_in_over_the_socket_asks_for_its_confirmation_first() -> None:
    venue, dealt = _table()
    acting, _other = _to_act(dealt)
    events = len(dealt.table(TID, 1).events)
    with venue.public.websocket_connect(_live(acting)) as socket:
        answer, code, text = _answer(socket, json.dumps({"kind": "allin"}))
        assert answer == "confirm" and 'name="confirmed" value="yes"' in text
        assert len(dealt.table(TID, 1).events) == events
        answer, code, text = _answer(socket, json.dumps({"kind": "allin", "confirmed": "yes"}))
        assert (answer, code) == ("ok", "")
    assert len(dealt.table(TID, 1).events) > events


def test_issue_31_a_page_of_another_site_may_not_act_on_a_player_s_socket() -> None:
    venue, dealt = _table()
    acting, _other = _to_act(dealt)
    events = len(dealt.table(TID, 1).events)
    headers = {"origin": "http://elsewhere.example"}
    with venue.public.websocket_connect(_live(acting), headers=headers) as socket:
        answer, _code, _text = _answer(socket, json.dumps({"kind": "call"}))
    assert answer == "refused"
    assert len(dealt.table(TID, 1).events) == events
