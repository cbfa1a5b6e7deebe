"""Live views (web/pages/_live.py, issue 29): a fragment is rendered once per event for all the
viewers who see the same thing and the same text is sent to each; a TD's fragment is never
shared with the public, nor one language's with another; a countdown that only ticks is not
pushed (the page counts it down)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from typing import Any

from starlette.testclient import TestClient

from pokerfloor.web.pages.common import _live
from pokerfloor.web.pages.common._common import TD_COOKIE, Pages
from pokerfloor.web.pages.common._live import LiveView, live_view, steady_part
from tests.web.pages.conftest import Venue

RENDERS: Counter[tuple[str, str]] = Counter()


def _counting(pages: Pages, tournament_id: str, language: str, params: dict[str, str]) -> str:
    RENDERS[tournament_id, language] += 1
    players = len(pages.service.tournament(tournament_id).players)
    return f'<div id="count-test">{language} {players}</div>'


live_view("test-renders", LiveView(render=_counting))


@contextmanager
def viewers(client: TestClient, urls: list[tuple[str, dict[str, str]]]) -> Iterator[list[Any]]:
    """Open a WebSocket per (url, headers) on one client (one event loop), first fragments
    read."""
    with ExitStack() as stack:
        sockets = [stack.enter_context(client.websocket_connect(u, headers=h)) for u, h in urls]
        for socket in sockets:
            socket.receive_text()
        yield sockets


def open_registration(venue: Venue, players: int = 4) -> None:
    venue.command("club", type="create_tournament", tournament_id="club")
    for number in range(players):
        register(venue, 100 + number)


def register(venue: Venue, number: int) -> None:
    venue.command("club", type="register_player", player_id=f"x{number}", name=f"X {number}")


def test_one_render_per_event_for_every_viewer_of_the_same_view(venue: Venue) -> None:
    open_registration(venue)
    url = "/t/club/live?view=test-renders&lang=fr"
    with TestClient(venue.public.app) as client, viewers(client, [(url, {})] * 5) as sockets:
        RENDERS.clear()
        register(venue, 1)
        pushed = [socket.receive_text() for socket in sockets]
        assert pushed == ['<div id="count-test">fr 5</div>'] * 5
        assert RENDERS == {("club", "fr"): 1}  # once for five viewers (was five times)
        register(venue, 2)
        assert {socket.receive_text() for socket in sockets} == {'<div id="count-test">fr 6</div>'}
        assert RENDERS == {("club", "fr"): 2}


def test_each_language_is_rendered_once_and_sent_to_its_own_viewers(venue: Venue) -> None:
    open_registration(venue)
    french, english = ("/t/club/live?view=test-renders&lang=" + lang for lang in ("fr", "en"))
    urls = [(french, {}), (english, {}), (french, {}), (english, {})]
    with TestClient(venue.public.app) as client, viewers(client, urls) as sockets:
        RENDERS.clear()
        register(venue, 1)
        pushed = [socket.receive_text() for socket in sockets]
        assert [text.split(">")[1][:2] for text in pushed] == ["fr", "en", "fr", "en"]
        assert RENDERS == {("club", "fr"): 1, ("club", "en"): 1}


def test_a_td_and_the_public_never_share_a_channel(venue: Venue) -> None:
    open_registration(venue)
    url = "/t/club/live?view=test-renders&lang=fr"
    td = {
        "cookie": f"{TD_COOKIE}={venue.td.cookies[TD_COOKIE]}",
        "origin": str(venue.td.base_url),  # a TD's socket comes from our own pages
    }
    with (
        TestClient(venue.public.app) as client,
        viewers(client, [(url, {}), (url, td)]) as sockets,
    ):
        channels = [key for key in _live._CHANNELS if key[3] == "test-renders"]
        assert sorted(key[5] for key in channels) == [False, True]  # the ``td`` of each key
        RENDERS.clear()
        register(venue, 1)
        for socket in sockets:
            socket.receive_text()
        assert RENDERS == {("club", "fr"): 2}


def test_the_last_viewer_leaving_closes_the_channel(venue: Venue) -> None:
    open_registration(venue)
    url = "/t/club/live?view=test-renders&lang=fr"
    with TestClient(venue.public.app) as client:
        with viewers(client, [(url, {})] * 2):
            assert any(key[3] == "test-renders" for key in _live._CHANNELS)
        client.get("/")  # the server side notices the sockets closed
    assert not any(key[3] == "test-renders" for key in _live._CHANNELS)
    assert venue.service.subscriber_count("club") == 0


def test_a_countdown_that_only_ticks_is_no_change_to_push() -> None:
    before = (
        '<p id="c" data-remaining-ms="65000">'
        '<span data-ticks data-left-ms="65000">01:05</span> Niveau 1</p>'
    )
    after = before.replace("65000", "64000").replace("01:05", "01:04")
    assert steady_part(before) == steady_part(after)
    assert steady_part(before) != steady_part(after.replace("Niveau 1", "Niveau 2"))
    untagged = '<p role="timer">01:05</p>'  # a view whose page does not tick is still pushed
    assert steady_part(untagged) != steady_part(untagged.replace("01:05", "01:04"))


def test_the_clock_screen_a_second_later_differs_only_in_what_ticks(venue: Venue) -> None:
    venue.evening(players=4)
    render = _live.VIEWS["clock"].render
    pages = venue.public.app.state.pages
    first = render(pages, "club", "fr", {})
    venue.clock.advance(1_000)
    second = render(pages, "club", "fr", {})
    assert first != second
    assert steady_part(first) == steady_part(second)
    venue.command("club", type="set_room_screen", message="Bonsoir")
    assert steady_part(render(pages, "club", "fr", {})) != steady_part(second)
