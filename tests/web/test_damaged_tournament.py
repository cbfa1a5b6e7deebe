"""Security review (issue 12), finding 6: "One broken tournament takes down the list."

Real SQLite rows are corrupted with ``sqlite3`` (an event's payload, a snapshot's payload), then
a fresh service on the file must list the broken tournament as damaged, answer
``TOURNAMENT_DAMAGED`` when it is opened, keep every other tournament working, and load a
tournament whose snapshot is unusable from its events. ``pokerfloor serve`` on a file that is
not a SQLite database exits with a one-line message, not a traceback.
"""

from __future__ import annotations

import logging
import sqlite3
import subprocess
import sys
from collections.abc import Iterator
from contextlib import closing
from pathlib import Path
from typing import Any

import pytest
from starlette.websockets import WebSocketDisconnect

from pokerfloor.app.service import TournamentService, stream_id
from pokerfloor.app.store import SqlEventStore, open_store
from pokerfloor.tournament.state import Tournament
from pokerfloor.web import create_app
from tests.web.pages.conftest import sign_in
from tests.web.test_api import AUTH, TOKEN, FakeClock, TestClient, seated_tournament

BUTTON_PLACED_SEQ = 9  # seated_tournament with 6 players: created, 6 registered, seats, button
HTML = {"Accept": "text/html"}


class Evening:
    """Two tournaments, ``good`` and ``broken``, in a SQLite file; ``reopen`` gives a new
    service on the file (nothing in memory: every tournament is loaded from its rows)."""

    def __init__(self, db: Path) -> None:
        self.db = db
        self.stores: list[SqlEventStore] = []
        client = self.reopen()
        seated_tournament(client, "good", players=6)
        seated_tournament(client, "broken", players=6)
        self.before = {
            name: client.get(f"/api/tournaments/{name}/seating").json()
            for name in ("good", "broken")
        }

    def reopen(self) -> TestClient:
        store = open_store(self.db)
        self.stores.append(store)
        self.service = TournamentService(store, FakeClock())
        return TestClient(create_app(self.service, TOKEN))

    def set_event(self, seq: int, data: bytes, tournament_id: str = "broken") -> None:
        self.sql(
            "UPDATE events SET data = ? WHERE stream_id = ? AND seq = ?",
            (data, stream_id(tournament_id), seq),
        )

    def event(self, seq: int, tournament_id: str = "broken") -> bytes:
        with closing(sqlite3.connect(self.db)) as connection:
            (data,) = connection.execute(
                "SELECT data FROM events WHERE stream_id = ? AND seq = ?",
                (stream_id(tournament_id), seq),
            ).fetchone()
        return bytes(data)

    def sql(self, statement: str, values: tuple[Any, ...]) -> None:
        with closing(sqlite3.connect(self.db)) as connection, connection:
            assert connection.execute(statement, values).rowcount == 1

    def close(self) -> None:
        for store in self.stores:
            store.close()


@pytest.fixture
def evening(tmp_path: Path) -> Iterator[Evening]:
    opened = Evening(tmp_path / "club.db")
    yield opened
    opened.close()


def check_damaged_error(response: Any, seq: int) -> None:
    assert response.status_code == 500, response.text
    error = response.json()
    assert set(error) == {"code", "params", "message"}
    assert error["code"] == "TOURNAMENT_DAMAGED"
    assert error["params"]["tournament_id"] == "broken"
    assert error["params"]["seq"] == seq


@pytest.mark.parametrize(
    ("corrupt", "problem"),
    [
        (lambda data: data[: len(data) // 2], "unreadable_event"),  # not JSON any more
        (lambda data: data.replace(b'"table_no":1', b'"table_no":7'), "replay_failed"),
    ],
    ids=["undecodable", "replay-raises"],
)
def test_one_broken_tournament_does_not_take_down_the_list(
    evening: Evening, corrupt: Any, problem: str
) -> None:
    evening.set_event(BUTTON_PLACED_SEQ, corrupt(evening.event(BUTTON_PLACED_SEQ)))
    client = evening.reopen()

    listing = client.get("/api/tournaments")
    assert listing.status_code == 200, listing.text
    by_id = {entry["tournament_id"]: entry for entry in listing.json()["tournaments"]}
    assert by_id["broken"] == {
        "tournament_id": "broken",
        "damaged": True,
        "reason": by_id["broken"]["reason"],
        "problem": problem,
        "seq": BUTTON_PLACED_SEQ,
    }
    assert f"event {BUTTON_PLACED_SEQ}" in by_id["broken"]["reason"]
    assert by_id["good"]["damaged"] is False and by_id["good"]["status"] == "running"

    home = client.get("/?lang=en")
    assert home.status_code == 200
    assert "Damaged:" in home.text and f"event {BUTTON_PLACED_SEQ}" in home.text
    assert 'href="/t/good/clock"' in home.text and 'href="/t/broken/' not in home.text
    assert "Endommagé" in client.get("/?lang=fr").text


def test_a_damaged_tournament_answers_tournament_damaged_and_the_others_keep_working(
    evening: Evening,
) -> None:
    evening.set_event(BUTTON_PLACED_SEQ, b'{"type": "button_pla')
    client = evening.reopen()

    for view in ("", "/clock", "/seating", "/players", "/results", "/events"):
        check_damaged_error(client.get(f"/api/tournaments/broken{view}"), BUTTON_PLACED_SEQ)
    pause = {"type": "pause_clock"}
    refused = client.post("/api/tournaments/broken/commands", json=pause, headers=AUTH)
    check_damaged_error(refused, BUTTON_PLACED_SEQ)
    assert evening.service.store.version(stream_id("broken")) == 10  # nothing written

    # The pages: an error page for a browser, the same JSON error otherwise.
    sign_in(client, TOKEN)
    for page in ("clock", "console", "desk", "results"):
        shown = client.get(f"/t/broken/{page}?lang=en", headers=HTML)
        assert shown.status_code == 500
        assert "TOURNAMENT_DAMAGED" in shown.text and "cannot be opened" in shown.text
    check_damaged_error(client.get("/t/broken/clock"), BUTTON_PLACED_SEQ)
    with (
        client.websocket_connect("/ws/tournaments/broken") as socket,
        pytest.raises(WebSocketDisconnect) as closed,
    ):
        socket.receive_text()
    assert closed.value.code == 4500

    # The other tournament: read, commanded, shown.
    assert client.get("/api/tournaments/good/seating").json() == evening.before["good"]
    paused = client.post("/api/tournaments/good/commands", json=pause, headers=AUTH)
    assert paused.status_code == 200, paused.text
    assert client.get("/t/good/clock", headers=HTML).status_code == 200


def test_a_damaged_tournament_id_is_escaped_on_the_home_page(evening: Evening) -> None:
    evening.set_event(BUTTON_PLACED_SEQ, b"garbage")
    for table in ("events", "snapshots"):
        with closing(sqlite3.connect(evening.db)) as connection, connection:
            connection.execute(
                f"UPDATE {table} SET stream_id = ? WHERE stream_id = ?",
                ("tournament/<b>x</b>", stream_id("broken")),
            )
    home = evening.reopen().get("/")
    assert home.status_code == 200
    assert "&lt;b&gt;x&lt;/b&gt;" in home.text and "<b>x</b>" not in home.text


def test_a_corrupted_snapshot_falls_back_to_a_full_replay_with_a_warning(
    evening: Evening, caplog: pytest.LogCaptureFixture
) -> None:
    service = evening.service
    version = service.version("broken")
    service.store.save_snapshot(
        stream_id("broken"), version, service.tournament("broken").to_snapshot()
    )
    evening.sql(
        "UPDATE snapshots SET data = ? WHERE stream_id = ?",
        (b'{"not": "a snapshot"', stream_id("broken")),
    )
    with caplog.at_level(logging.WARNING, logger="pokerfloor.app.service"):
        client = evening.reopen()
        seating = client.get("/api/tournaments/broken/seating")
    assert seating.status_code == 200, seating.text
    assert seating.json() == evening.before["broken"]
    assert any("snapshot" in record.getMessage() for record in caplog.records)
    listed = client.get("/api/tournaments").json()["tournaments"]
    assert [entry["damaged"] for entry in listed] == [False, False]
    paused = client.post(
        "/api/tournaments/broken/commands", json={"type": "pause_clock"}, headers=AUTH
    )
    assert paused.status_code == 200, paused.text


def test_a_snapshot_the_later_events_do_not_fit_falls_back_to_a_full_replay(
    evening: Evening, caplog: pytest.LogCaptureFixture
) -> None:
    # A snapshot that decodes but is not the state after its event: the state after event 1
    # saved as the state after event 7, so the seat draw (event 8) names unknown players.
    early = Tournament.replay([evening.service.tournament("broken").events[0]])
    evening.service.store.save_snapshot(stream_id("broken"), 7, early.to_snapshot())
    with caplog.at_level(logging.WARNING, logger="pokerfloor.app.service"):
        client = evening.reopen()
        seating = client.get("/api/tournaments/broken/seating")
    assert seating.status_code == 200, seating.text
    assert seating.json() == evening.before["broken"]
    assert any("replaying the whole log" in record.getMessage() for record in caplog.records)


def test_serve_on_a_file_that_is_not_sqlite_exits_with_a_message(tmp_path: Path) -> None:
    garbage = tmp_path / "notes.db"
    garbage.write_bytes(b"these are not the tables you are looking for\n" * 200)
    result = subprocess.run(
        [sys.executable, "-m", "pokerfloor.cli.main", "serve", "--db", str(garbage)],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert result.returncode == 2, result.stdout + result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in result.stderr, result.stderr
    assert lines[0].startswith("DATABASE_UNREADABLE: impossible d'ouvrir la base")
    assert f"cannot open the database {garbage}: file is not a database" in lines[0]
    assert garbage.read_bytes().startswith(b"these are not the tables")  # left as it was
