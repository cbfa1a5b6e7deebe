"""Issue 31 items 3 and 4: spectators allowed or not by the TD, with a delay in seconds or
hands (the table as its stream stood then), and a finished hand's page with the shuffle's
check computed by the server (the order and secret for the TD only)."""

from __future__ import annotations

import re

import pytest

from pokerfloor.dealt import HandDealt, HandRevealed
from pokerfloor.dealt.spectators import SpectatorPolicy, check_policy, delayed_events
from pokerfloor.errors import PokerfloorError
from tests.dealt.test_dealt_pages import _dealt_venue, _link, _seat_player
from tests.web.pages.conftest import TOKEN, Venue

_TD = {"Authorization": f"Bearer {TOKEN}"}


def _play_hands(venue: Venue, hands: int) -> None:
    """Everyone checks or calls (folds at the showdown's turn to show: shows) until ``hands``
    hands are over."""
    dealt = venue.td.app.state.dealt  # type: ignore[attr-defined]
    for _ in range(2_000):
        table = dealt.table("sng", 1)
        if sum(isinstance(e, HandRevealed) for e in table.events) >= hands:
            return
        dealt.tick("sng")
        seat_no = table.to_act_seat()
        if seat_no:
            options = table.hand().legal_actions().options
            kind = "check" if "check" in options else "call" if options else "show"
            venue.public.post(_link(_seat_player(dealt, seat_no)) + "/act", data={"kind": kind})
        venue.clock.advance(1_000)
    raise AssertionError("the hands did not finish")


def _allow(venue: Venue, **policy: object) -> None:
    answer = venue.public.post("/api/tournaments/sng/dealt/spectators", headers=_TD,
                               json={"allowed": True, **policy})  # fmt: skip
    assert answer.status_code == 200, answer.text


def test_spectators_are_not_allowed_until_the_td_allows_them() -> None:
    venue, _dealt = _dealt_venue()
    _play_hands(venue, 1)
    assert venue.public.get("/t/sng/dealt/table/1/watch").status_code == 403
    assert venue.public.get("/api/tournaments/sng/dealt/tables/1/watch").status_code == 403
    assert venue.public.get("/t/sng/dealt/table/1/hand/1").status_code == 403
    assert venue.public.get("/api/tournaments/sng/dealt/spectators").json()["allowed"] is False
    refused = venue.public.post("/api/tournaments/sng/dealt/spectators",
                                json={"allowed": True})  # fmt: skip
    assert refused.status_code == 401
    _allow(venue)
    page = venue.public.get("/t/sng/dealt/table/1/watch")
    assert page.status_code == 200 and "dealt-screen" in page.text
    # The TD forbids them again: the page closes.
    venue.td.post("/t/sng/dealt/spectators", data={"delay_seconds": "0", "delay_hands": "0"})
    assert venue.public.get("/t/sng/dealt/table/1/watch").status_code == 403


def test_a_delay_out_of_bounds_is_refused_naming_the_field() -> None:
    with pytest.raises(PokerfloorError) as refused:
        check_policy(SpectatorPolicy(True, delay_seconds=3_601))
    assert refused.value.code == "BAD_SPECTATOR_DELAY"
    assert refused.value.params["field"] == "delay_seconds"
    venue, _dealt = _dealt_venue()
    answer = venue.public.post("/api/tournaments/sng/dealt/spectators", headers=_TD,
                               json={"allowed": True, "delay_hands": 21})  # fmt: skip
    assert answer.status_code == 422 and answer.json()["code"] == "BAD_SPECTATOR_DELAY"


def test_the_spectators_view_is_the_stream_as_it_stood_delay_seconds_ago() -> None:
    venue, dealt = _dealt_venue()
    _play_hands(venue, 2)
    events = list(dealt.table("sng", 1).events)
    now = venue.clock()
    policy = SpectatorPolicy(True, delay_seconds=5)
    seen = delayed_events(events, now, policy)
    assert seen and all(event.at_ms <= now - 5_000 for event in seen)
    assert len(seen) < len(events) or events[-1].at_ms <= now - 5_000
    assert list(seen) == events[: len(seen)]
    _allow(venue, delay_seconds=3_600)
    api = venue.public.get("/api/tournaments/sng/dealt/tables/1/watch").json()
    assert api["hand_no"] == 0  # an hour ago nothing was dealt
    _allow(venue, delay_seconds=0)
    assert venue.public.get("/api/tournaments/sng/dealt/tables/1/watch").json()["hand_no"] >= 2


def test_a_delay_in_hands_hides_the_last_hands_dealt() -> None:
    venue, dealt = _dealt_venue()
    _play_hands(venue, 3)
    dealt.tick("sng")
    venue.clock.advance(60_000)
    dealt.tick("sng")  # hand 4 is dealt
    events = list(dealt.table("sng", 1).events)
    last = max(e.hand_no for e in events if isinstance(e, HandDealt))
    seen = delayed_events(events, venue.clock(), SpectatorPolicy(True, delay_hands=2))
    dealt_seen = [e.hand_no for e in seen if isinstance(e, HandDealt)]
    assert dealt_seen[-1] == last - 2
    assert isinstance(seen[-1], HandRevealed)  # that hand is seen to its end
    _allow(venue, delay_hands=1)
    api = venue.public.get("/api/tournaments/sng/dealt/tables/1/watch").json()
    assert api["hand_no"] == last - 1 and api["finished"] is True
    assert venue.public.get(f"/t/sng/dealt/table/1/hand/{last - 1}").status_code == 200
    assert venue.public.get(f"/t/sng/dealt/table/1/hand/{last}").status_code == 404


def test_the_hand_page_checks_the_shuffle_with_the_order_and_secret_for_the_td_only() -> None:
    venue, dealt = _dealt_venue()
    _play_hands(venue, 1)
    _allow(venue)
    revealed = next(e for e in dealt.table("sng", 1).events if isinstance(e, HandRevealed))
    public = venue.public.get("/t/sng/dealt/table/1/hand/1").text
    assert revealed.commitment in public and revealed.secret not in public
    assert 'class="dealt-verify-overall" data-ok="yes"' in public
    assert "pokerfloor verify-deck --url" in public
    td = venue.td.get("/t/sng/dealt/table/1/hand/1").text
    assert revealed.secret in td
    assert td.count('class="dealt-verify-result" data-ok="yes"') >= 2  # deck, 52 cards
    answer = venue.public.get("/t/sng/dealt/table/1/hand/1",
                              headers={"Accept": "application/json"}).json()  # fmt: skip
    assert answer["check"]["ok"] is True and "secret" not in answer
    as_td = venue.public.get("/api/tournaments/sng/dealt/tables/1/hands/1", headers=_TD).json()
    assert as_td["secret"] == revealed.secret and as_td["check"]["deck_matches"] is True


def test_the_td_downloads_every_hand_and_a_player_his_own_without_others_mucked_cards() -> None:
    venue, _dealt = _dealt_venue()
    _play_hands(venue, 2)
    whole = venue.td.get("/t/sng/dealt/hands.phhs")
    assert whole.status_code == 200 and whole.text.count("_secret = ") == 2
    assert "attachment" in whole.headers["content-disposition"]
    assert venue.public.get("/t/sng/dealt/hands.phhs", follow_redirects=False).status_code in (
        303,
        401,
    )
    table = venue.public.get("/api/tournaments/sng/dealt/tables/1/hands.phhs", headers=_TD)
    assert table.text == whole.text
    key = _link("p1").rsplit("/", 1)[1]
    own = venue.public.get(f"/api/tournaments/sng/dealt/players/p1/hands.phhs?key={key}")
    assert own.status_code == 200 and "_secret" not in own.text and "_deck" not in own.text
    assert own.text == venue.public.get(_link("p1") + "/hands.phhs").text
    page = venue.public.get(_link("p1") + "/hands").text
    assert re.search(r"/hand/1/1\"", page)
    assert venue.public.get(_link("p1") + "/hand/1/1").status_code == 200
    bad = venue.public.get("/api/tournaments/sng/dealt/players/p1/hands.phhs?key=" + "0" * 24)
    assert bad.status_code == 403
    listing = venue.td.get("/t/sng/dealt/histories").text
    assert "/t/sng/dealt/table/1/hand/2" in listing and "/t/sng/dealt/hands.phhs" in listing


def test_the_new_pages_read_in_french_without_english_left() -> None:
    from tests.web.english_leaks import english_leaks

    venue, _dealt = _dealt_venue()
    _play_hands(venue, 2)
    _allow(venue, delay_seconds=2)
    for client, path in (
        (venue.public, "/t/sng/dealt/table/1/watch"),
        (venue.public, "/t/sng/dealt/table/1/hand/1"),
        (venue.td, "/t/sng/dealt/table/1/hand/1"),
        (venue.td, "/t/sng/dealt/histories"),
        (venue.public, _link("p1") + "/hands"),
        (venue.public, _link("p1") + "/hand/1/1"),
    ):
        page = client.get(path, params={"lang": "fr"})
        assert page.status_code == 200, path
        assert english_leaks(page.text) == [], (path, english_leaks(page.text))
    english = venue.public.get("/t/sng/dealt/table/1/hand/1", params={"lang": "en"}).text
    assert "The shuffle's check" in english or "The shuffle&#39;s check" in english


def test_verify_deck_url_checks_a_hand_on_a_running_server() -> None:
    """``pokerfloor verify-deck --url`` against a real HTTP server: the hand's page as JSON."""
    import socket
    import threading
    import time

    import uvicorn
    from typer.testing import CliRunner

    from pokerfloor.cli.main import app as cli

    venue, _dealt = _dealt_venue()
    _play_hands(venue, 1)
    _allow(venue)
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    server = uvicorn.Server(
        uvicorn.Config(venue.public.app, host="127.0.0.1", port=port, log_level="warning")
    )
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    try:
        deadline = time.monotonic() + 20
        while not server.started:
            assert time.monotonic() < deadline
            time.sleep(0.02)
        url = f"http://127.0.0.1:{port}/t/sng/dealt/table/1/hand/1"
        result = CliRunner().invoke(cli, ["verify-deck", "--url", url])
        assert result.exit_code == 0, result.output
        assert "main 1 / hand 1 : OK" in result.output and "all match" in result.output
        missing = CliRunner().invoke(
            cli, ["verify-deck", "--url", url.replace("/1/hand/1", "/1/hand/99")]
        )
        assert missing.exit_code == 2
    finally:
        server.should_exit = True
        thread.join(timeout=10)
        # The server's and the client's sockets, closed, are collected here rather than in
        # a later test (a socket collected unclosed there would fail it).
        import gc
        import warnings

        with warnings.catch_warnings():
            warnings.simplefilter("ignore", ResourceWarning)
            gc.collect()
