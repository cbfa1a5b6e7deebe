"""Issue 27, finding 5: every low finding of the second hostile review, each test named after
it (nested JSON, unknown ids, a damaged club, headers on a 500, the store's I/O errors, one
text rule, formula neutralisation, sign-in before validation, a bounded limiter)."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from pokerfloor.app._store_errors import store_refusal
from pokerfloor.app.club_csv import parse_members_csv, write_csv
from pokerfloor.app.club_service import club_stream
from pokerfloor.app.csv_cells import safe_cell
from pokerfloor.app.memory_store import MemoryEventStore
from pokerfloor.app.service import TournamentService
from pokerfloor.web import create_app
from pokerfloor.web.headers import CONTENT_SECURITY_POLICY
from pokerfloor.web.sessions import FailureLimiter
from tests.web.pages.conftest import sign_in
from tests.web.test_api import AUTH, TOKEN, FakeClock, TestClient, seated_tournament
from tests.web.test_club_api import AUTH as CLUB_AUTH
from tests.web.test_club_api import TOKEN as CLUB_TOKEN
from tests.web.test_club_api import a_club

HTML = {"Accept": "text/html"}


def test_low_deeply_nested_json_is_422_invalid_json_for_every_command_route() -> None:
    venue = a_club()
    tournaments = TestClient(create_app(TournamentService(MemoryEventStore(), FakeClock()), TOKEN))
    seated_tournament(tournaments, "t1", players=4)
    # Before the tag: the decoder must read the whole value to find the command's type.
    deep = b'{"x": ' + b"[" * 200_000 + b"]" * 200_000 + b', "type": "pause_clock"}'
    json_type = {"Content-Type": "application/json"}
    for client, path, auth in (
        (tournaments, "/api/tournaments/t1/commands", AUTH),
        (venue.client, "/api/clubs/hp/commands", CLUB_AUTH),
    ):
        response = client.post(path, content=deep, headers={**auth, **json_type})
        assert response.status_code == 422, (path, response.text[:200])
        assert response.json()["code"] == "INVALID_JSON"
    member = venue.client.post(
        "/api/clubs/hp/events/e1/register", content=b"[" * 100_000 + b"]" * 100_000
    )
    assert member.status_code == 422


def test_low_unknown_ids_on_td_and_public_club_pages_are_404_pages() -> None:
    venue = a_club()
    public = TestClient(venue.client.app)
    td = sign_in(TestClient(venue.client.app), CLUB_TOKEN)
    for path in (
        "/club/hp/events/nope",
        "/club/nope", "/club/nope/members",
    ):  # fmt: skip
        response = td.get(path + "?lang=en", headers=HTML)
        assert response.status_code == 404, (path, response.status_code, response.text[:300])
        assert "text/html" in response.headers["content-type"]
    for path in ("/c/hp/e/nope", "/c/hp/s/nope", "/c/nope", "/t/nope/clock"):
        response = public.get(path + "?lang=en", headers=HTML)
        assert response.status_code == 404, (path, response.text[:300])
    # A TD's form posted for an unknown event: a 404 page too, nothing else.
    posted = td.post("/club/hp/events/nope/check-in?lang=en", data={"member_id": "1"})
    assert posted.status_code == 404, posted.text[:300]


def test_low_a_damaged_club_gets_a_handled_page_like_a_damaged_tournament() -> None:
    store = MemoryEventStore()
    service = TournamentService(store, FakeClock())
    client = TestClient(create_app(service, TOKEN))
    created = {"type": "create_club", "club_id": "hp", "name": "Heaven"}
    assert client.post("/api/clubs", json=created, headers=AUTH).status_code == 201
    store.append(club_stream("hp"), store.version(club_stream("hp")), [("junk", b"{broken")])
    fresh = TestClient(create_app(TournamentService(store, FakeClock()), TOKEN))
    page = fresh.get("/c/hp?lang=en", headers=HTML)
    assert page.status_code == 500
    assert "text/html" in page.headers["content-type"] and "CLUB_DAMAGED" in page.text
    assert "Traceback" not in page.text
    assert page.headers["content-security-policy"] == CONTENT_SECURITY_POLICY
    api = fresh.get("/api/clubs/hp")
    assert api.status_code == 500 and api.json()["code"] == "CLUB_DAMAGED"
    assert fresh.get("/api/clubs").status_code == 200  # the list still answers


def test_low_a_500_carries_the_security_headers() -> None:
    service = TournamentService(MemoryEventStore(), FakeClock())
    app = create_app(service, TOKEN)

    def boom() -> None:
        raise RuntimeError("a bug")

    app.add_api_route("/boom", boom)
    client = TestClient(app, raise_server_exceptions=False)
    response = client.get("/boom")
    assert response.status_code == 500
    assert response.headers["content-security-policy"] == CONTENT_SECURITY_POLICY
    assert response.headers["x-content-type-options"] == "nosniff"
    assert "a bug" not in response.text


def test_low_a_database_that_becomes_unwritable_is_store_unavailable(tmp_path: Path) -> None:
    database = tmp_path / "x.db"
    with sqlite3.connect(database) as setup:
        setup.execute("CREATE TABLE t (x)")
    readonly = sqlite3.connect(f"file:{database}?mode=ro", uri=True)
    with pytest.raises(sqlite3.OperationalError) as raised:
        readonly.execute("INSERT INTO t VALUES (1)")
    readonly.close()
    refusal = store_refusal(raised.value)
    assert refusal is not None and refusal.code == "STORE_UNAVAILABLE"


def test_low_the_api_forms_and_import_share_one_text_rule() -> None:
    venue = a_club()
    bad = {"type": "add_member", "member_id": "9", "name": "Eve\x07"}
    api = venue.client.post("/api/clubs/hp/commands", json=bad, headers=CLUB_AUTH)
    assert api.status_code == 422 and api.json()["code"] == "INVALID_COMMAND"
    nickname = {"type": "add_member", "member_id": "9", "name": "Eve", "nickname": "\x00x"}
    answer = venue.client.post("/api/clubs/hp/commands", json=nickname, headers=CLUB_AUTH)
    assert answer.status_code == 422
    player = {"type": "register_player", "player_id": "P9", "name": "Bob\x1b[31m"}
    tournaments = TestClient(create_app(TournamentService(MemoryEventStore(), FakeClock()), TOKEN))
    seated_tournament(tournaments, "t1", players=4)
    refused = tournaments.post("/api/tournaments/t1/commands", json=player, headers=AUTH)
    assert refused.status_code == 422
    _, errors = parse_members_csv(b"name\nEve\x07\n", [])
    assert [error.code for error in errors] == ["CSV_CONTROL"]
    td = sign_in(TestClient(venue.client.app), CLUB_TOKEN)
    form = td.post("/club/hp/members?lang=en", data={"name": "Eve\x07"})
    assert "Eve\x07" not in str(venue.client.get("/api/clubs/hp/members", headers=CLUB_AUTH).json())
    assert form.status_code in (200, 422)


@pytest.mark.parametrize(
    "text",
    ["=1+1", "+1", "-1", "@SUM(A1)", "\x00=cmd", "\t=1", "\r=1", " =1", "\uff1d1", "\x00", "\n"],
)
def test_low_every_dangerous_first_character_is_neutralised_including_nul(text: str) -> None:
    assert safe_cell(text) == "'" + text
    exported = write_csv(["name"], [[text]])
    assert exported.splitlines()[1].lstrip('"').startswith("'")


def test_low_harmless_cells_are_written_as_they_are() -> None:
    assert [safe_cell(text) for text in ("Ada", "1-2", "", "a=b")] == ["Ada", "1-2", "", "a=b"]
    assert write_csv(["n"], [[-5]]) == "n\n-5\n"  # a number stays a number


def test_low_td_form_posts_ask_for_sign_in_before_validating() -> None:
    service = TournamentService(MemoryEventStore(), FakeClock())
    client = TestClient(create_app(service, TOKEN))
    seated_tournament(client, "t1", players=4)
    for path in ("/t/t1/desk/add", "/t/t1/console/bust", "/new", "/club/hp/members"):
        response = client.post(path, data={"junk": "x" * 50}, follow_redirects=False)
        assert response.status_code == 303, (path, response.status_code, response.text[:200])
        assert response.headers["location"].startswith("/login")
    api = client.post("/api/tournaments/t1/commands", json={"type": "no_such"})
    assert api.status_code == 401 and api.json()["code"] == "UNAUTHORIZED"


def test_low_the_failure_limiter_stays_bounded_and_groups_an_ipv6_network() -> None:
    limiter = FailureLimiter(limit=3, max_addresses=1000)
    for number in range(20_000):
        limiter.failed(f"2001:db8:{number:x}::1")
    assert len(limiter) <= 1000
    same_network = FailureLimiter(limit=3)
    for host in range(3):
        same_network.failed(f"2001:db8:1:2::{host + 1}")
    assert same_network.blocked("2001:db8:1:2::ffff")  # one machine's /64
    assert not same_network.blocked("2001:db8:1:3::1")
