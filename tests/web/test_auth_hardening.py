"""Issue 12, findings 2, 3, 4 and 10: credentials that cost nothing to refuse, a session id in
the cookie instead of the token, no secret in a logged URL, no cross-origin action, private
files. Each test is named after its finding."""

from __future__ import annotations

import json
import logging
import stat
from pathlib import Path

import pytest
from starlette.websockets import WebSocketDisconnect

from pokerfloor.app.memory_store import MemoryEventStore
from pokerfloor.app.service import TournamentService
from pokerfloor.app.store import open_store
from pokerfloor.web import create_app
from pokerfloor.web.credentials import HashedToken, RedactSecrets, load_or_create_token, redact
from pokerfloor.web.pages.common._common import TD_COOKIE
from tests.web.pages.conftest import sign_in
from tests.web.test_api import AUTH, TOKEN, FakeClock, TestClient, seated_tournament

PAUSE = {"type": "pause_clock"}


class CountingCheck:
    """The TD token check, counting how often it runs."""

    def __init__(self) -> None:
        self.calls = 0

    def __call__(self, token: str) -> bool:
        self.calls += 1
        return token == TOKEN


def evening() -> tuple[TestClient, TournamentService, CountingCheck]:
    check = CountingCheck()
    service = TournamentService(MemoryEventStore(), FakeClock())
    client = TestClient(create_app(service, check))
    seated_tournament(client, "t1", players=4)
    return client, service, check


# ---- finding 2: wrong credentials cost nothing and are limited --------------------------------


def test_finding_2_public_pages_do_not_check_a_junk_cookie_against_the_token() -> None:
    client, _, check = evening()
    before = check.calls
    client.cookies.set(TD_COOKIE, "junk-cookie-" + "x" * 30)
    for path in ("/t/t1/clock", "/t/t1/results", "/", "/api/tournaments/t1/clock"):
        assert client.get(path).status_code == 200
    with client.websocket_connect("/t/t1/live?view=clock") as socket:
        socket.receive_text()
    assert check.calls == before  # a session cookie is looked up, never hashed


def test_finding_2_repeated_wrong_tokens_from_one_address_are_refused_yet_the_right_one_works() -> (
    None
):
    """Issue 27 (low): one address's wrong tokens never lock the right token out (a TD
    behind the venue's NAT shares the guesser's address)."""
    client, service, _ = evening()
    version = service.version("t1")
    wrong = {"Authorization": "Bearer not-the-token-0000000000000"}
    codes = [
        client.post("/api/tournaments/t1/commands", json=PAUSE, headers=wrong).status_code
        for _ in range(25)
    ]
    assert codes[:20] == [401] * 20 and codes[20:] == [429] * 5
    refused = client.post("/api/tournaments/t1/commands", json=PAUSE, headers=wrong)
    body = refused.json()
    assert body["code"] == "TOO_MANY_FAILURES" and body["params"]["retry_after_s"] >= 1
    assert service.version("t1") == version
    page = client.post("/login?lang=fr", data={"token": "not-the-token-1", "next": "/"})
    assert page.status_code == 429 and "réessayez dans" in page.text
    right = client.post("/api/tournaments/t1/commands", json=PAUSE, headers=AUTH)
    assert right.status_code == 200 and service.version("t1") == version + 1
    signed_in = client.post("/login", data={"token": TOKEN, "next": "/"}, follow_redirects=False)
    assert signed_in.status_code == 303


def test_finding_2_a_token_check_is_a_keyed_hash_and_an_old_pbkdf2_file_is_upgraded(
    tmp_path: Path,
) -> None:
    path = tmp_path / "td-token.json"
    check, token = load_or_create_token(path)
    assert token is not None and token not in path.read_text()
    assert json.loads(path.read_text())["algorithm"] == "hmac_sha256"
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert check(token) and not check(token + "x") and not check("y" * 10_000)
    # A file written by the previous version (PBKDF2) still works; the right token upgrades it.
    import hashlib

    salt = b"0123456789abcdef"
    old = hashlib.pbkdf2_hmac("sha256", b"an-old-td-token-0123456789", salt, 1000)
    path.write_text(json.dumps({"algorithm": "pbkdf2_sha256", "iterations": 1000,
                                "salt": salt.hex(), "hash": old.hex()}))  # fmt: skip
    legacy = HashedToken.from_json(path.read_text(), path)
    assert legacy.slow and not legacy("wrong")
    assert legacy("an-old-td-token-0123456789") and not legacy.slow
    assert json.loads(path.read_text())["algorithm"] == "hmac_sha256"
    assert load_or_create_token(path)[0]("an-old-td-token-0123456789")


# ---- finding 3: a session in the cookie, no secret in a logged URL -------------------------


def test_finding_3_the_cookie_holds_an_expiring_session_that_logout_revokes() -> None:
    client, _, _ = evening()
    sign_in(client, TOKEN)
    session = client.cookies[TD_COOKIE]
    assert session != TOKEN and TOKEN not in session
    assert client.get("/t/t1/console").status_code == 200
    answer = TestClient(client.app).post("/login", data={"token": TOKEN, "next": "/"},
                                         follow_redirects=False)  # fmt: skip
    cookie = answer.headers["set-cookie"].lower()
    assert "httponly" in cookie and "samesite=strict" in cookie and "max-age=64800" in cookie
    assert client.post("/logout", follow_redirects=False).status_code == 303
    stolen = TestClient(client.app)
    stolen.cookies.set(TD_COOKIE, session)  # the old cookie, kept by someone
    assert stolen.get("/t/t1/console", follow_redirects=False).status_code == 303  # to login


def test_finding_3_a_token_in_a_websocket_url_is_refused_even_when_right() -> None:
    client, _, _ = evening()
    with (
        client.websocket_connect(f"/ws/tournaments/t1?token={TOKEN}") as socket,
        pytest.raises(WebSocketDisconnect) as closed,
    ):
        socket.receive_text()
    assert closed.value.code == 4401


def test_finding_3_a_websocket_ticket_opens_the_td_stream_once() -> None:
    client, _, _ = evening()
    answer = client.post("/api/ws-ticket", headers=AUTH)
    assert answer.status_code == 200 and answer.json()["expires_in_s"] == 60
    ticket = answer.json()["ticket"]
    with client.websocket_connect(f"/ws/tournaments/t1?ticket={ticket}&after_seq=0") as socket:
        assert json.loads(socket.receive_text())["seq"] == 1
    with (
        client.websocket_connect(f"/ws/tournaments/t1?ticket={ticket}") as socket,
        pytest.raises(WebSocketDisconnect) as closed,
    ):
        socket.receive_text()
    assert closed.value.code == 4401
    assert client.post("/api/ws-ticket").status_code == 401


def test_finding_3_captain_keys_tokens_and_tickets_are_masked_in_the_access_log() -> None:
    line = '127.0.0.1:5 - "GET /t/club/table/2?key=0123456789abcdef0123&lang=fr HTTP/1.1" 200'
    assert redact(line) == '127.0.0.1:5 - "GET /t/club/table/2?key=***&lang=fr HTTP/1.1" 200'
    record = logging.LogRecord(
        "uvicorn.access", logging.INFO, __file__, 1, '%s - "%s %s HTTP/%s" %d',
        ("127.0.0.1:5", "GET", "/ws/tournaments/t?ticket=abc&token=def", "1.1", 101), None,
    )  # fmt: skip
    assert RedactSecrets().filter(record)
    assert "abc" not in record.getMessage() and "def" not in record.getMessage()


# ---- finding 4: no action from another site's page ------------------------------------------


def test_finding_4_a_cross_origin_form_post_with_the_td_cookie_is_refused() -> None:
    client, service, _ = evening()
    sign_in(client, TOKEN)
    version = service.version("t1")
    for origin in ("http://testserver:8001", "http://evil.example", "null"):
        refused = client.post("/t/t1/console/clock/pause", headers={"origin": origin})
        assert refused.status_code == 403 and refused.json()["code"] == "CROSS_ORIGIN"
    no_origin = TestClient(client.app)
    no_origin.cookies.set(TD_COOKIE, client.cookies[TD_COOKIE])
    assert no_origin.post("/t/t1/console/clock/pause").status_code == 403
    assert service.version("t1") == version  # nothing was applied
    ours = client.post("/t/t1/console/clock/pause")  # the client's own Origin: our pages
    assert ours.status_code == 200 and service.version("t1") == version + 1
    # A program with the token in a header has no cookie to borrow: no Origin needed.
    assert (
        TestClient(client.app)
        .post("/api/tournaments/t1/commands", json={"type": "resume_clock"}, headers=AUTH)
        .status_code
        == 200
    )


def test_finding_4_a_websocket_from_another_site_does_not_get_the_td_view() -> None:
    client, _, _ = evening()
    sign_in(client, TOKEN)
    with (
        client.websocket_connect(
            "/t/t1/live?view=console", headers={"origin": "http://evil.example"}
        ) as socket,
        pytest.raises(WebSocketDisconnect) as closed,
    ):
        socket.receive_text()
    assert closed.value.code == 4401
    with client.websocket_connect("/t/t1/live?view=console") as socket:
        assert "console" in socket.receive_text()


# ---- finding 10: private files ------------------------------------------------------------


def test_finding_10_a_new_database_file_is_readable_by_its_owner_only(tmp_path: Path) -> None:
    store = open_store(tmp_path / "club.db")
    store.close()
    assert stat.S_IMODE((tmp_path / "club.db").stat().st_mode) == 0o600
