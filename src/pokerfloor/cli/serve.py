"""``pokerfloor serve``, ``pokerfloor export`` and ``pokerfloor import``.

``serve`` starts the HTTP/WebSocket API on the embedded SQLite store (or PostgreSQL with a
URL). At the first start it creates the TD token, prints it once with the URL, and keeps only
a salted hash of it in ``td-token.json`` next to the database (there is no default password;
``--new-token`` replaces a lost one). ``export`` writes a tournament's event log as JSON lines
(docs/events.md); ``import`` reads such a file back into a new stream.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import os
import secrets
import sys
import threading
from pathlib import Path
from typing import Annotated

import msgspec
import typer

from pokerfloor.app.ports import EventStore
from pokerfloor.app.service import EVENT_DECODER, event_line, event_type, stream_id
from pokerfloor.errors import PokerfloorError
from pokerfloor.tournament.events import TournamentCreated, TournamentEvent
from pokerfloor.tournament.state import Tournament

__all__ = [
    "HashedToken",
    "export_command",
    "import_command",
    "import_events",
    "load_or_create_token",
    "serve",
    "token_path",
]

TOKEN_FILE = "td-token.json"
_ITERATIONS = 200_000

DbOption = Annotated[
    str | None,
    typer.Option(
        "--db",
        help="Base de données / database: SQLite file or postgresql+psycopg:// URL "
        "(default: the user's data directory)",
    ),
]


class HashedToken:
    """Checks a token against its salted PBKDF2 hash; remembers the last token that matched
    so that each request does not pay the key derivation."""

    def __init__(self, salt: bytes, digest: bytes, iterations: int = _ITERATIONS) -> None:
        self.salt = salt
        self.digest = digest
        self.iterations = iterations
        self._known: bytes | None = None
        self._lock = threading.Lock()

    @classmethod
    def of(cls, token: str) -> HashedToken:
        salt = secrets.token_bytes(16)
        return cls(salt, _derive(token, salt, _ITERATIONS))

    def __call__(self, token: str) -> bool:
        given = token.encode()
        with self._lock:
            known = self._known
        if known is not None and hmac.compare_digest(given, known):
            return True
        if len(given) > 200:
            return False
        if not hmac.compare_digest(_derive(token, self.salt, self.iterations), self.digest):
            return False
        with self._lock:
            self._known = given
        return True

    def to_json(self) -> str:
        return json.dumps(
            {
                "algorithm": "pbkdf2_sha256",
                "iterations": self.iterations,
                "salt": self.salt.hex(),
                "hash": self.digest.hex(),
            }
        )

    @classmethod
    def from_json(cls, text: str) -> HashedToken:
        data = json.loads(text)
        return cls(bytes.fromhex(data["salt"]), bytes.fromhex(data["hash"]), data["iterations"])


def _derive(token: str, salt: bytes, iterations: int) -> bytes:
    return hashlib.pbkdf2_hmac("sha256", token.encode(), salt, iterations)


def token_path(db: str | None) -> Path:
    """``td-token.json`` next to the SQLite file, or in the data directory for PostgreSQL."""
    from pokerfloor.app.store import default_database_path, resolve_url

    url = resolve_url(db)
    if url.get_backend_name() == "sqlite" and url.database and url.database != ":memory:":
        return Path(url.database).expanduser().resolve().parent / TOKEN_FILE
    return default_database_path().parent / TOKEN_FILE


def load_or_create_token(path: Path, renew: bool = False) -> tuple[HashedToken, str | None]:
    """The stored token check, and the new token itself when one was just created."""
    if path.exists() and not renew:
        return HashedToken.from_json(path.read_text(encoding="utf-8")), None
    token = secrets.token_urlsafe(24)
    hashed = HashedToken.of(token)
    path.parent.mkdir(parents=True, exist_ok=True)
    descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(descriptor, "w", encoding="utf-8") as out:
        out.write(hashed.to_json())
    return hashed, token


def serve(
    db: DbOption = None,
    host: Annotated[str, typer.Option(help="Adresse / address")] = "127.0.0.1",
    port: Annotated[int, typer.Option(min=1, max=65535, help="Port")] = 8000,
    new_token: Annotated[
        bool, typer.Option("--new-token", help="Nouveau jeton TD / replace the TD token")
    ] = False,
) -> None:
    """Lance le serveur du tournoi / start the tournament server (API, WebSocket)."""
    import uvicorn

    from pokerfloor.app.service import TournamentService
    from pokerfloor.web import create_app

    try:
        store = _open(db)
        check, token = load_or_create_token(token_path(db), renew=new_token)
    except PokerfloorError as error:
        typer.echo(f"{error.code}: {error.message}", err=True)
        raise typer.Exit(2) from error
    shown_host = "127.0.0.1" if host in ("0.0.0.0", "::") else host
    url = f"http://{shown_host}:{port}"
    typer.echo(f"pokerfloor: {url}  (API docs: {url}/docs)")
    if token is not None:
        typer.echo("Jeton du directeur de tournoi / TD token (shown once, keep it):")
        typer.echo(f"  {token}")
    try:
        app = create_app(TournamentService(store), check, captain_secret=check.digest)
        uvicorn.run(app, host=host, port=port)
    finally:
        store.close()


def _open(db: str | None) -> EventStore:
    from pokerfloor.app.store import open_store  # SQLAlchemy: only for the commands that use it

    try:
        return open_store(db)
    except PokerfloorError as error:
        typer.echo(f"{error.code}: {error.message}", err=True)
        raise typer.Exit(2) from error


def export_command(
    tournament: Annotated[str, typer.Argument(help="Identifiant du tournoi / tournament id")],
    db: DbOption = None,
    out: Annotated[
        Path | None, typer.Option("--out", help="Fichier / file (default: standard output)")
    ] = None,
) -> None:
    """Exporte le journal d'un tournoi / write a tournament's event log as JSON lines."""
    store = _open(db)
    try:
        stored = store.read(stream_id(tournament))
    finally:
        store.close()
    if not stored:
        typer.echo(f"TOURNAMENT_NOT_FOUND: there is no tournament {tournament!r}", err=True)
        raise typer.Exit(1)
    lines = b"".join(event_line(item.seq, item.data) + b"\n" for item in stored)
    if out is None:
        sys.stdout.buffer.write(lines)
        sys.stdout.buffer.flush()
    else:
        out.write_bytes(lines)


def _parse_lines(text: str) -> list[TournamentEvent]:
    events: list[TournamentEvent] = []
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        try:
            data = json.loads(line)
            if not isinstance(data, dict):
                raise ValueError("a line is one JSON object")
            seq = data.pop("seq", None)
            if seq != len(events) + 1:
                raise ValueError(f"seq is {seq!r}, expected {len(events) + 1}")
            events.append(EVENT_DECODER.decode(json.dumps(data).encode()))
        except (ValueError, msgspec.DecodeError) as error:
            raise PokerfloorError(
                "BAD_EVENT_LOG", f"line {number}: {error}", {"line": number}
            ) from error
    return events


def import_events(store: EventStore, text: str) -> str:
    """Store the event log ``text`` (JSON lines) as a new tournament; return its id."""
    events = _parse_lines(text)
    if not events or not isinstance(events[0], TournamentCreated):
        raise PokerfloorError("BAD_EVENT_LOG", "a tournament log begins with tournament_created")
    try:
        Tournament.replay(events)
    except PokerfloorError:
        raise
    except Exception as error:
        raise PokerfloorError(
            "BAD_EVENT_LOG", f"the log does not replay: {type(error).__name__} {error}"
        ) from error
    tournament_id = events[0].tournament_id
    stream = stream_id(tournament_id)
    if store.version(stream) > 0:
        raise PokerfloorError(
            "TOURNAMENT_EXISTS",
            f"tournament {tournament_id!r} already exists: nothing imported",
            {"tournament_id": tournament_id},
        )
    encoder = msgspec.json.Encoder()
    store.append(stream, 0, [(event_type(event), encoder.encode(event)) for event in events])
    return tournament_id


def import_command(
    file: Annotated[Path, typer.Argument(help="Journal JSON lines / event log file")],
    db: DbOption = None,
) -> None:
    """Importe le journal d'un tournoi / read an event log back (a new tournament)."""
    try:
        text = file.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        typer.echo(f"BAD_EVENT_LOG: cannot read {file}: {error}", err=True)
        raise typer.Exit(2) from error
    store = _open(db)
    try:
        tournament_id = import_events(store, text)
    except PokerfloorError as error:
        typer.echo(f"{error.code}: {error.message}", err=True)
        raise typer.Exit(1 if error.code == "TOURNAMENT_EXISTS" else 2) from error
    finally:
        store.close()
    typer.echo(f"imported {tournament_id}")
