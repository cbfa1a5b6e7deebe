"""``pokerfloor export`` / ``import`` round trip on SQLite, and the TD token kept as a hash."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from pokerfloor.app.memory_store import MemoryEventStore
from pokerfloor.app.service import TournamentService
from pokerfloor.app.store import open_store
from pokerfloor.cli.main import app
from pokerfloor.cli.serve import import_events, load_or_create_token, token_path
from pokerfloor.web import create_app
from tests.web.test_api import FakeClock, TestClient, seated_tournament

TOKEN = "td-token-for-the-tests-0123456789"


def _evening_in(db: Path) -> None:
    store = open_store(str(db))
    try:
        client = TestClient(create_app(TournamentService(store, FakeClock()), TOKEN))
        seated_tournament(client, "night", players=6)
    finally:
        store.close()


def test_export_then_import_gives_the_same_log(tmp_path: Path) -> None:
    source = tmp_path / "a.db"
    _evening_in(source)
    runner = CliRunner()
    out = tmp_path / "night.jsonl"
    result = runner.invoke(app, ["export", "night", "--db", str(source), "--out", str(out)])
    assert result.exit_code == 0, result.output
    lines = [json.loads(line) for line in out.read_text().splitlines()]
    assert [line["seq"] for line in lines] == list(range(1, len(lines) + 1))
    assert lines[0]["type"] == "tournament_created"

    target = tmp_path / "b.db"
    result = runner.invoke(app, ["import", str(out), "--db", str(target)])
    assert result.exit_code == 0, result.output
    again = tmp_path / "again.jsonl"
    runner.invoke(app, ["export", "night", "--db", str(target), "--out", str(again)])
    assert again.read_bytes() == out.read_bytes()
    # The stream exists now: a second import is refused and changes nothing.
    result = runner.invoke(app, ["import", str(out), "--db", str(target)])
    assert result.exit_code == 1
    assert "TOURNAMENT_EXISTS" in result.output


def test_export_of_an_unknown_tournament_fails(tmp_path: Path) -> None:
    result = CliRunner().invoke(app, ["export", "ghost", "--db", str(tmp_path / "x.db")])
    assert result.exit_code == 1
    assert "TOURNAMENT_NOT_FOUND" in result.output


def test_a_log_with_a_broken_line_is_refused_and_nothing_is_stored(tmp_path: Path) -> None:
    store = MemoryEventStore()
    text = '{"seq":1,"type":"tournament_created"}\n'
    try:
        import_events(store, text)
    except ValueError as error:
        assert "line 1" in str(error)
    else:
        raise AssertionError("a broken log was imported")
    assert store.streams() == []


def test_the_td_token_is_created_once_and_stored_only_as_a_salted_hash(tmp_path: Path) -> None:
    path = token_path(str(tmp_path / "club.db"))
    assert path == tmp_path / "td-token.json"
    check, token = load_or_create_token(path)
    assert token is not None and len(token) >= 24
    assert token not in path.read_text()
    assert path.stat().st_mode & 0o077 == 0
    again, shown = load_or_create_token(path)
    assert shown is None
    assert again(token) and check(token)
    assert not again("wrong") and not again(token + "x")
    renewed, new_token = load_or_create_token(path, renew=True)
    assert new_token is not None and new_token != token
    assert renewed(new_token) and not renewed(token)
