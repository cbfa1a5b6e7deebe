"""``pokerfloor serve``, ``pokerfloor export`` and ``pokerfloor import``.

``serve`` starts the HTTP/WebSocket API on the embedded SQLite store (or PostgreSQL with a
URL). At the first start it creates the TD token, prints it once with the URL, and keeps only
a salted hash of it in ``td-token.json`` next to the database (there is no default password;
``--new-token`` replaces a lost one). ``export`` writes a tournament's event log as JSON lines
(docs/events.md); ``import`` reads such a file back into a new stream.

One writer per SQLite database: ``serve`` and ``import`` take the database's writer lock and
are refused (``DATABASE_IN_USE``, exit code 2) while another process holds it; ``export`` only
reads. On PostgreSQL several servers share the database (one writer per stream through the
store), kept current by the bus (``--bus redis://...``) or by polling (docs/store.md).
"""

from __future__ import annotations

import contextlib
import gc
import ipaddress
import json
import socket
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import msgspec
import typer

from pokerfloor.app.ports import EventStore
from pokerfloor.app.service import EVENT_DECODER, event_line, event_type, stream_id
from pokerfloor.app.untrusted import check_imported_events
from pokerfloor.errors import PokerfloorError
from pokerfloor.tournament.events import (
    TournamentCreated,
    TournamentEvent,
)
from pokerfloor.tournament.state import Tournament
from pokerfloor.web.credentials import (
    CAPTAIN_SECRET_FILE,
    SESSIONS_FILE,
    TOKEN_FILE,
    HashedToken,
    load_or_create_captain_secret,
    load_or_create_token,
)

if TYPE_CHECKING:
    import uvicorn

    from pokerfloor.app.writer_lock import WriterLock

__all__ = [
    "HashedToken",
    "export_command",
    "import_command",
    "import_events",
    "load_or_create_token",
    "serve",
    "token_path",
]

# The collector's thresholds of a server (Python's default: 700, 10, 10), set by ``serve``
# only: this process is the server's alone and lives all evening. Issue 31's measure: young
# collections took 6 % of a dealt server's samples, run every 700 allocations in the middle
# of a render or of the hub's read. Most of what a push allocates dies by reference counting
# before any collection sees it; what lives on (a hand's events, a table's state) is walked
# once per young collection and again per older one, so fewer of them walk it fewer times.
# The price: cyclic garbage waits longer (a first generation of 50,000 objects at most, a few
# megabytes), and what is loaded is frozen out of the way anyway (``freeze_loaded``).
SERVER_GC_THRESHOLDS = (50_000, 20, 10)

DbOption = Annotated[
    str | None,
    typer.Option(
        "--db",
        help="Base de données / database: SQLite file or postgresql+psycopg:// URL "
        "(default: the user's data directory)",
    ),
]


def token_path(db: str | None) -> Path:
    """``td-token.json`` next to the SQLite file, or in the data directory for PostgreSQL."""
    from pokerfloor.app.store import default_database_path, resolve_url

    url = resolve_url(db)
    if url.get_backend_name() == "sqlite" and url.database and url.database != ":memory:":
        return Path(url.database).expanduser().resolve().parent / TOKEN_FILE
    return default_database_path().parent / TOKEN_FILE


def serve(
    db: DbOption = None,
    host: Annotated[
        str,
        typer.Option(
            help="Adresse d'écoute / listening address (0.0.0.0: the venue's network, so "
            "that phones and the TV reach it; 127.0.0.1: this computer only)"
        ),
    ] = "0.0.0.0",
    port: Annotated[int, typer.Option(min=1, max=65535, help="Port")] = 8000,
    new_token: Annotated[
        bool, typer.Option("--new-token", help="Nouveau jeton TD / replace the TD token")
    ] = False,
    trusted_proxy: Annotated[
        list[str] | None,
        typer.Option(
            "--trusted-proxy",
            help="Proxy de confiance / a reverse proxy (an address or a network such as "
            "10.0.0.0/24) whose X-Forwarded-For and X-Forwarded-Proto are believed; "
            "repeatable (docs/security.md)",
        ),
    ] = None,
    bus: Annotated[
        str | None,
        typer.Option(
            "--bus",
            help="Bus entre serveurs / the bus between servers on one PostgreSQL database: "
            "redis://host:port/0 (docs/store.md); without it they poll the database",
        ),
    ] = None,
) -> None:
    """Lance le serveur du tournoi / start the tournament server (API, WebSocket)."""
    proxies = _trusted_proxies(trusted_proxy or [])
    shared = _shared_database(db, bus)
    # The database's writer lock first, before anything is written (the store, the TD token):
    # a second server on the same SQLite database is refused (docs/store.md).
    with _writer_lock(db):
        _serve(db, host, port, new_token, proxies, bus if shared else None, shared=shared)


def _shared_database(db: str | None, bus: str | None) -> bool:
    """Whether this server shares its database with others (PostgreSQL); ``--bus`` is
    refused on SQLite (one server per file) and when it is not a redis:// URL."""
    from pokerfloor.app.bus import parse_bus_url
    from pokerfloor.app.store import resolve_url

    try:
        shared = resolve_url(db).get_backend_name() == "postgresql"
    except PokerfloorError as error:
        _say(error)
        raise typer.Exit(2) from error
    if bus is None:
        return shared
    problem = "" if shared else "--bus needs a PostgreSQL database (--db postgresql://...)"
    if not problem:
        try:
            parse_bus_url(bus)
        except ValueError as error:
            problem = str(error)
    if problem:
        typer.echo(
            f"BAD_BUS: le bus relie des serveurs sur une base PostgreSQL (redis://hôte:port/0) "
            f"/ {problem}",
            err=True,
        )
        raise typer.Exit(2)
    return shared


def _trusted_proxies(given: list[str]) -> tuple[str, ...]:
    """The ``--trusted-proxy`` addresses or networks, each checked; a one-line refusal (exit
    code 2) naming the one that is neither."""
    checked: list[str] = []
    for text in given:
        try:
            network = ipaddress.ip_network(text.strip(), strict=False)
        except ValueError:
            typer.echo(
                f"BAD_TRUSTED_PROXY: « {text[:60]} » n'est ni une adresse IP ni un réseau "
                f"(ex. 127.0.0.1, 10.0.0.0/24) / {text[:60]!r} is neither an IP address nor a "
                "network (e.g. 127.0.0.1, 10.0.0.0/24)",
                err=True,
            )
            raise typer.Exit(2) from None
        checked.append(str(network.network_address) if network.num_addresses == 1 else str(network))
    return tuple(checked)


def _serve(
    db: str | None,
    host: str,
    port: int,
    new_token: bool,
    proxies: tuple[str, ...] = (),
    bus_url: str | None = None,
    *,
    shared: bool = False,
) -> None:
    import uvicorn

    from pokerfloor.app.bus import Follower, PublishingStore, RedisBus, StreamSync
    from pokerfloor.app.club_service import ClubService
    from pokerfloor.app.service import TournamentService
    from pokerfloor.web import create_app
    from pokerfloor.web.read_budget import ReadLimits
    from pokerfloor.web.sessions import Sessions
    from pokerfloor.web.shared_sessions import SESSIONS_STREAM, SharedSessions
    from pokerfloor.web.warm_up import warm_up

    try:
        store = _open(db, exclusive=True)  # no memory-mapped -shm under the server (_sqlite)
        where = token_path(db)
        check, token = load_or_create_token(where, renew=new_token)
        captain_secret = load_or_create_captain_secret(where.with_name(CAPTAIN_SECRET_FILE))
        sessions = Sessions(where.with_name(SESSIONS_FILE))
    except PokerfloorError as error:
        _say(error)
        raise typer.Exit(2) from error
    if new_token:
        sessions.revoke_all()  # the old token's sessions end with it
    shown_host = "127.0.0.1" if host in ("0.0.0.0", "::") else host
    url = f"http://{shown_host}:{port}"
    typer.echo(f"pokerfloor: {url}  (API: {url}/openapi.json)")
    venue = _venue_url(host, port)
    # Every absolute link (captains' links, QR codes) is built from this address, never from
    # a request's Host header, which any client may set.
    links = venue or url
    if venue is not None:
        typer.echo(f"Adresse pour les téléphones et la TV / venue address: {venue}")
    else:
        typer.echo("Cet ordinateur seulement / this computer only (--host 0.0.0.0 for the phones)")
    if token is not None:
        typer.echo("Jeton du directeur de tournoi / TD token (shown once, keep it):")
        typer.echo(f"  {token}")
    bus = RedisBus(bus_url) if bus_url is not None else None
    if bus is not None:
        store = PublishingStore(store, bus)
        typer.echo(f"Bus: {bus.url} ({bus.channel})")
    service = TournamentService(store, catch_up_first=shared)
    sync: StreamSync | None = None
    # A TD signed in on one server is signed in on all (web/shared_sessions.py).
    shared_sessions = SharedSessions(store) if shared else None
    if shared_sessions is not None:
        sessions = shared_sessions
        if new_token:
            shared_sessions.revoke_all()
    try:
        app = create_app(
            service,
            check,
            captain_secret=captain_secret,
            sessions=sessions,
            venue_url=links,
            read_budget=ReadLimits(),
        )
        # The server's dealer freezes what it loaded out of the collector's way (issue 32,
        # docs/store.md): this process is the server's alone.
        app.state.dealt.dealer.freezes = True
        gc.set_threshold(*SERVER_GC_THRESHOLDS)
        if shared:  # the other servers' events: the tournaments', the clubs', the dealt tables'
            clubs: ClubService = app.state.clubs
            clubs.catch_up_first = True
            followers: dict[str, Follower] = {
                "tournament/": service,
                "club/": clubs,
                "dealt/": app.state.dealt,
            }
            if shared_sessions is not None:
                followers[SESSIONS_STREAM] = shared_sessions
            sync = StreamSync(followers, bus)
            sync.start()
        # Before listening: the first page a TV or the console asks for is as fast as the next.
        warmed = warm_up(app)
        typer.echo(
            f"Prêt / ready: {warmed.templates} modèles / templates, {warmed.tournaments} "
            f"tournoi(s) / tournament(s) in {warmed.ms} ms"
        )
        uvicorn.Server(server_config(app, host, port, proxies)).run()
    finally:
        if sync is not None:
            sync.close()
        store.close()


# uvicorn closes a connection idle this long between two requests (seconds).
KEEP_ALIVE_SECONDS = 5


def server_config(
    app: Any, host: str, port: int, trusted_proxies: tuple[str, ...] = ()
) -> uvicorn.Config:
    """uvicorn's configuration for ``app``: the log with its secrets masked on every handler
    (``web.server_log``), the header timeout, head size and connections per address of
    ``web.shedding`` (on httptools: uvicorn's h11 options do not apply), and a short
    keep-alive. ``X-Forwarded-For`` and ``-Proto`` are believed from ``trusted_proxies``
    only (none by default: anyone may send them); a trusted proxy's connections are not
    capped per address (the proxy carries everyone's), the addresses it forwards are what
    the budgets and the log see."""
    import uvicorn

    from pokerfloor.web.server_log import log_config
    from pokerfloor.web.shedding import ConnectionLimits, protocol_class

    limits = ConnectionLimits(uncapped=trusted_proxies)
    return uvicorn.Config(
        app,
        host=host,
        port=port,
        proxy_headers=bool(trusted_proxies),
        forwarded_allow_ips=list(trusted_proxies) or None,
        log_config=log_config(),
        http=protocol_class(limits),
        timeout_keep_alive=KEEP_ALIVE_SECONDS,
        # No per-message compression on the WebSockets: a live fragment is rendered once and
        # the same text goes to every viewer; compressing it again for each connection cost
        # more than the rest of a push to 1,000 viewers (bench/fanout.py).
        ws_per_message_deflate=False,
    )


def _venue_url(host: str, port: int) -> str | None:
    """The address the venue's phones reach: this computer's address on its network when the
    server listens on every interface, the listening address itself when it is one; None for
    this computer only (loopback)."""
    if host.startswith("127.") or host in ("localhost", "::1"):
        return None
    if host not in ("0.0.0.0", "::"):
        return f"http://{host}:{port}"
    addresses = venue_addresses()
    return f"http://{addresses[0]}:{port}" if addresses else None


def venue_addresses() -> list[str]:
    """This computer's IPv4 addresses on its networks (not loopback), the one with the
    default route first. Nothing is sent: connecting a UDP socket only picks an interface."""
    found: list[str] = []
    with contextlib.suppress(OSError), socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        probe.connect(("10.255.255.255", 1))
        found.append(probe.getsockname()[0])
    with contextlib.suppress(OSError):
        for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET):
            found.append(str(info[4][0]))
    return [address for address in dict.fromkeys(found) if not address.startswith("127.")]


def _open(db: str | None, exclusive: bool = False) -> EventStore:
    from pokerfloor.app.store import open_store  # SQLAlchemy: only for the commands that use it

    try:
        return open_store(db, exclusive=exclusive)
    except PokerfloorError as error:
        _say(error)
        raise typer.Exit(2) from error


def _writer_lock(db: str | None) -> WriterLock:
    """The database's writer lock (for the commands that write), or a one-line refusal."""
    from pokerfloor.app.writer_lock import hold_writer_lock

    try:
        return hold_writer_lock(db)
    except PokerfloorError as error:
        _say(error)
        raise typer.Exit(2) from error


def _not_under_a_server(db: str | None) -> None:
    """A SQLite database a server runs on is its alone (``app/_sqlite.py``): a one-line
    refusal naming the way round it, rather than a wait for a lock that never comes."""
    from pokerfloor.app.store import resolve_url
    from pokerfloor.app.writer_lock import hold_writer_lock

    try:
        if resolve_url(db).get_backend_name() != "sqlite":
            return
        with hold_writer_lock(db):
            return
    except PokerfloorError as error:
        if error.code != "DATABASE_IN_USE":
            _say(error)
            raise typer.Exit(2) from error
    typer.echo(
        "DATABASE_IN_USE: un serveur pokerfloor tient cette base : exportez par le serveur "
        "(GET /api/tournaments/<id>/events avec le jeton TD) ou arrêtez-le d'abord / a "
        "pokerfloor server holds this database: export through it (GET "
        "/api/tournaments/<id>/events with the TD token) or stop it first",
        err=True,
    )
    raise typer.Exit(2)


# The French half of the messages about the database (the English half is the error's own).
_FRENCH = {
    "DATABASE_IN_USE": "un autre serveur pokerfloor utilise déjà cette base : arrêtez-le "
    "d'abord, ou choisissez une autre base avec --db",
    "DATABASE_UNREADABLE": "impossible d'ouvrir la base (ce n'est pas une base SQLite, ou le "
    "serveur PostgreSQL ne répond pas)",
}


def _say(error: PokerfloorError) -> None:
    """One line on standard error: the code, then the French and the English text."""
    french = _FRENCH.get(error.code)
    text = f"{french} / {error.message}" if french else error.message
    typer.echo(f"{error.code}: {text}", err=True)


def export_command(
    tournament: Annotated[str, typer.Argument(help="Identifiant du tournoi / tournament id")],
    db: DbOption = None,
    out: Annotated[
        Path | None, typer.Option("--out", help="Fichier / file (default: standard output)")
    ] = None,
) -> None:
    """Exporte le journal d'un tournoi / write a tournament's event log as JSON lines."""
    _not_under_a_server(db)
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
    check_imported_events(events)  # untrusted: every text within the API's bounds
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
    with _writer_lock(db):  # it writes: refused while a server runs on the database
        store = _open(db)
        try:
            tournament_id = import_events(store, text)
        except PokerfloorError as error:
            typer.echo(f"{error.code}: {error.message}", err=True)
            raise typer.Exit(1 if error.code == "TOURNAMENT_EXISTS" else 2) from error
        finally:
            store.close()
    typer.echo(f"imported {tournament_id}")
