"""The table's screen follows the TD's spectator setting (issue 31 item 6): while spectators
are not allowed it opens only from its secret link (the screen's key, with its QR code on the
TD's dealt page) or for the TD; once they are allowed it is public like the clock screen."""

from __future__ import annotations

import pytest
from starlette.websockets import WebSocketDisconnect

from pokerfloor.dealt.spectators import SpectatorPolicy
from tests.dealt.test_dealt_pages import SCREEN, _dealt_venue

PLAIN = "/t/sng/dealt/table/1"


def test_without_spectators_the_table_screen_needs_its_key_and_refuses_without_it() -> None:
    venue, dealt = _dealt_venue(players=3)
    dealt.tick("sng")
    refused = venue.public.get(PLAIN + "?lang=fr")
    assert refused.status_code == 403
    assert "Les spectateurs ne sont pas admis" in refused.text
    assert "dealt-seat" not in refused.text
    assert venue.public.get(PLAIN + "?key=0123456789abcdef01234567").status_code == 403
    assert venue.public.get(SCREEN.replace("table/1", "table/2")).status_code == 403  # one table
    opened = venue.public.get(SCREEN + "&lang=fr")
    assert opened.status_code == 200 and "dealt-seat" in opened.text
    assert venue.td.get(PLAIN).status_code == 200  # the TD, signed in
    with (
        pytest.raises(WebSocketDisconnect) as closed,
        venue.public.websocket_connect(PLAIN + "/live") as socket,
    ):
        socket.receive_text()
    assert closed.value.code == 4403
    key = SCREEN.split("?key=")[1]
    with venue.public.websocket_connect(f"{PLAIN}/live?key={key}&lang=fr") as socket:
        assert "dealt-seat" in socket.receive_text()
    # The TD's page gives each screen's secret link with its QR code.
    console = venue.td.get("/t/sng/dealt?lang=fr").text
    assert f'href="{SCREEN}"' in console
    assert 'data-screen="1"' in console and "<svg" in console


def test_with_spectators_allowed_the_table_screen_is_public_without_a_key() -> None:
    venue, dealt = _dealt_venue(players=3)
    dealt.tick("sng")
    spectators = venue.td.app.state.spectators  # type: ignore[attr-defined]
    spectators.choose("sng", SpectatorPolicy(allowed=True, delay_seconds=3))
    assert venue.public.get(PLAIN).status_code == 200
    with venue.public.websocket_connect(PLAIN + "/live") as socket:
        assert "dealt-seat" in socket.receive_text()
    spectators.choose("sng", SpectatorPolicy(allowed=False))
    assert venue.public.get(PLAIN).status_code == 403  # withdrawn: the key again
