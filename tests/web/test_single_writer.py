"""Security review (issue 12), finding 5: "Two servers on one database."

A second ``pokerfloor serve`` on the database of a running server would write behind its back
(stale reads, WebSocket subscribers missing events). Each server holds the database's writer
lock, so the second one is refused at once with a one-line message (French / English) and
exit code 2, for real, in another process, on a SQLite file; on PostgreSQL several servers
share the database (issue 32: one writer per stream, through the store). The lock goes
with the process, even killed with SIGKILL; ``export`` and ``import`` are refused while a
server runs (it holds its SQLite database alone: issue 27).
"""

from __future__ import annotations

import itertools
import signal
import subprocess
from pathlib import Path

import httpx
import pytest
from typer.testing import CliRunner

from pokerfloor.app._postgres import TemporaryPostgres
from pokerfloor.app.writer_lock import hold_writer_lock, lock_file_of
from pokerfloor.cli.main import app
from pokerfloor.errors import PokerfloorError
from tests.app import conftest as app_conftest
from tests.web.server_process import Server, read_token

pytestmark = pytest.mark.skipif(
    not hasattr(signal, "SIGKILL"), reason="needs POSIX signals (SIGKILL)"
)

_database_numbers = itertools.count(1)
postgres_server = app_conftest.postgres_server  # the store tests' PostgreSQL fixture


def refused_second_server(db: str | Path, log: Path) -> str:
    """Start a second server on ``db``: it must exit at once with code 2 and one line."""
    second = Server(db, log)
    try:
        code = second.process.wait(timeout=30)
    except subprocess.TimeoutExpired:
        second.kill()
        raise AssertionError(f"the second server kept running:\n{log.read_text()}") from None
    output = log.read_text().split("\n--- start on port")[-1].splitlines()[1:]
    assert code == 2, output
    assert len(output) == 1 and "Traceback" not in log.read_text(), output
    return output[0]


def create_tournament(server: Server, tournament_id: str) -> None:
    token = read_token(server.log)
    created = httpx.post(
        f"{server.url}/api/tournaments",
        json={"tournament_id": tournament_id, "structure": "club-evening"},
        headers={"Authorization": f"Bearer {token}"},
        timeout=30,
    )
    assert created.status_code == 201, created.text


def check_two_servers_on_one_database(db: str | Path, tmp_path: Path) -> None:
    first = Server(db, tmp_path / "first.log")
    try:
        first.wait_ready()
        create_tournament(first, "friday")

        line = refused_second_server(db, tmp_path / "second.log")
        assert line.startswith(
            "DATABASE_IN_USE: un autre serveur pokerfloor utilise déjà cette base"
        ), line
        assert " / another pokerfloor server" in line and "stop it first" in line

        # The first one was not disturbed; killed, it leaves no stale lock behind.
        listed = httpx.get(f"{first.url}/api/tournaments", timeout=30).json()
        assert [entry["tournament_id"] for entry in listed["tournaments"]] == ["friday"]
    finally:
        first.kill()
    after = Server(db, tmp_path / "after.log")
    try:
        after.wait_ready()
        listed = httpx.get(f"{after.url}/api/tournaments", timeout=30).json()
        assert [entry["tournament_id"] for entry in listed["tournaments"]] == ["friday"]
    finally:
        after.kill()


def test_two_servers_on_one_sqlite_database_the_second_is_refused(tmp_path: Path) -> None:
    db = tmp_path / "club.db"
    check_two_servers_on_one_database(db, tmp_path)
    assert lock_file_of(db) == tmp_path / "club.db.lock"


def test_two_servers_on_one_postgresql_database_both_serve_it(
    tmp_path: Path, postgres_server: TemporaryPostgres, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Issue 32: PostgreSQL takes no database-wide lock (one writer per stream, through the
    # store); the second server starts, and each sees what the other wrote.
    # With PostgreSQL the TD token lives in the data directory: the test's, not the user's.
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    url = postgres_server.create_database(f"single_writer_{next(_database_numbers)}")
    first = Server(url, tmp_path / "first.log")
    second: Server | None = None
    try:
        first.wait_ready()
        create_tournament(first, "friday")
        second = Server(url, tmp_path / "second.log")
        second.wait_ready()
        listed = httpx.get(f"{second.url}/api/tournaments", timeout=30).json()
        assert [entry["tournament_id"] for entry in listed["tournaments"]] == ["friday"]
        second.log = first.log  # the token was printed once, by the first server
        create_tournament(second, "saturday")
        listed = httpx.get(f"{first.url}/api/tournaments", timeout=30).json()
        assert [e["tournament_id"] for e in listed["tournaments"]] == ["friday", "saturday"]
    finally:
        first.kill()
        if second is not None:
            second.kill()


def test_the_sqlite_lock_names_the_server_that_holds_it(tmp_path: Path) -> None:
    db = tmp_path / "club.db"
    server = Server(db, tmp_path / "server.log")
    try:
        server.wait_ready()
        with pytest.raises(PokerfloorError) as refused:
            hold_writer_lock(tmp_path / "." / "club.db")  # the same file, named otherwise
        assert refused.value.code == "DATABASE_IN_USE"
        assert f"(process {server.process.pid})" in refused.value.message
    finally:
        server.kill()
    with hold_writer_lock(db):  # released with the killed process
        pass


def test_export_and_import_are_refused_while_a_server_runs(tmp_path: Path) -> None:
    # The server holds its SQLite database alone (app/_sqlite.py, issue 27): the log is
    # exported through it, the API's event log, and the CLI says so at once.
    db = tmp_path / "club.db"
    server = Server(db, tmp_path / "server.log")
    runner = CliRunner()
    try:
        server.wait_ready()
        create_tournament(server, "friday")
        out = tmp_path / "friday.jsonl"
        exported = runner.invoke(app, ["export", "friday", "--db", str(db), "--out", str(out)])
        assert exported.exit_code == 2
        assert exported.output.startswith("DATABASE_IN_USE:"), exported.output
        assert "GET /api/tournaments/<id>/events" in exported.output

        # A log that reads well (the golden one), so what refuses it is the server's hold.
        out.write_bytes((Path(__file__).parents[1] / "data/golden/tournament.jsonl").read_bytes())
        imported = runner.invoke(app, ["import", str(out), "--db", str(db)])
        assert imported.exit_code == 2
        assert imported.output.startswith("DATABASE_IN_USE:"), imported.output
    finally:
        server.kill()
