"""The HTTP API and the pages in one FastAPI application: ``create_app`` assembles the routers
of each area and the middleware. Thin: a router decodes a command, hands it to the service and
maps a refusal to a 4xx (``api_errors``: every error is JSON ``{code, params, message}``).

The routers, by area (docs/api.md describes them all):

- ``api_tournaments``: the tournament API's commands (TD) and the OpenAPI document;
- ``api_reads``: the tournament API's reads (public, the TD's with the token);
- ``api_stream``: the live stream, a WebSocket per tournament, and its tickets;
- ``club_api``: the clubs' API and pages (``mount_club``);
- ``dealt_api``: the software-dealt tables' API and dealer (``mount_dealt``);
- ``pages``: the pages of each area (the TD's, the club's, the floor, the phones, the
  screens; ``mount_pages``).
"""

from __future__ import annotations

import secrets
from collections.abc import Callable

from fastapi import FastAPI
from starlette.types import ASGIApp

from pokerfloor.app.service import TournamentService
from pokerfloor.app.shuffle import Shuffler
from pokerfloor.web import api_reads, api_stream, api_tournaments
from pokerfloor.web.api_common import ApiError
from pokerfloor.web.api_errors import install_error_handlers
from pokerfloor.web.club_api import mount_club
from pokerfloor.web.dealt_api import mount_dealt
from pokerfloor.web.headers import SecurityHeaders
from pokerfloor.web.pages import mount_pages
from pokerfloor.web.pages.common._common import TD_COOKIE
from pokerfloor.web.pages.common._dealt_common import secret_player_key as dealt_player_key
from pokerfloor.web.pages.common._dealt_common import secret_screen_key as dealt_screen_key
from pokerfloor.web.public_reads import PublicReads
from pokerfloor.web.read_budget import ReadBudget, ReadLimits
from pokerfloor.web.request_guard import RequestGuard
from pokerfloor.web.request_limits import BodyLimit, SignInFirst
from pokerfloor.web.server_log import WebSocketOutcomeLog
from pokerfloor.web.sessions import Guard, Sessions

__all__ = ["ApiError", "TokenCheck", "create_app"]

TokenCheck = Callable[[str], bool]


def create_app(
    service: TournamentService,
    td_token: str | TokenCheck,
    captain_secret: bytes | None = None,
    sessions: Sessions | None = None,
    venue_url: str | None = None,
    read_budget: ReadLimits | None = None,
    dealt_shuffler: Shuffler | None = None,
) -> FastAPI:
    """The FastAPI application: the API and the web pages. ``td_token`` is the TD's token, or
    a function that checks one (``pokerfloor serve`` keeps only a keyed hash);
    ``captain_secret`` signs the table captains' links; ``sessions``: the TD's signed-in
    browsers (in memory when not given); ``venue_url``: the address the venue's phones reach,
    for the QR codes and every absolute link (docs/web.md); ``read_budget``: what the readers
    may ask (``read_budget.ReadLimits``; ``pokerfloor serve`` sets it, the tests' single
    client does not); ``dealt_shuffler``: the dealt tables' randomness, ``secrets`` unless a
    test gives a seeded one (``app.shuffle.SeededShuffler``; ``pokerfloor serve`` never does)."""

    check = _token_check(td_token)
    guard = Guard(check, sessions or Sessions())
    app = FastAPI(
        title="pokerfloor",
        version="0.1.0",
        description="Tournois de poker en direct / live poker tournaments. See docs/api.md.",
        # Swagger UI and ReDoc load their scripts from a CDN: off, the venue may be offline
        # and the pages allow scripts from this server only; /openapi.json stays.
        docs_url=None,
        redoc_url=None,
    )
    _outer_middleware(app, guard, service, read_budget)
    app.state.guard = guard
    app.state.service = service  # the routers' ``api_common.Service``
    app.state.venue_url = venue_url  # the QR codes' address (web/qr.py)
    install_error_handlers(app)
    for router in (api_tournaments.router, api_reads.router, api_stream.router):
        app.include_router(router)
    api_tournaments.install_openapi(app)
    # The captains' links and the members' PIN digests hang on the server's secret (kept in
    # a file by ``pokerfloor serve``; a fresh one for an app made without it).
    secret = captain_secret or secrets.token_bytes(32)
    mount_club(app, service, secret)  # the clubs' API and pages (web/club_api.py)
    # Tables dealt by pokerfloor (web/dealt_api.py): its service, dealer and API.
    mount_dealt(app, service, lambda tid, pid: dealt_player_key(secret, tid, pid), dealt_shuffler,
                lambda tid, table_no: dealt_screen_key(secret, tid, table_no))  # fmt: skip
    mount_pages(app, service, check, secret)
    return app


def _token_check(td_token: str | TokenCheck) -> TokenCheck:
    if callable(td_token):
        return td_token
    if len(td_token) < 16:
        raise ValueError("the TD token must be at least 16 characters")
    expected = td_token.encode()
    return lambda given: secrets.compare_digest(given.encode(), expected)


def _outer_middleware(
    app: FastAPI, guard: Guard, service: TournamentService, read_budget: ReadLimits | None
) -> None:
    """Wrap the whole application, Starlette's error handler included: a 500 carries the
    security headers too, and the limits answer before any route, body or exception
    handler runs (docs/security.md). From the outside in: headers, the WebSocket log line,
    the origin check, the read budgets, the public reads' shared answers, sign-in, the
    body's size."""
    build = app.build_middleware_stack

    def build_stack() -> ASGIApp:
        inner: ASGIApp = BodyLimit(build())
        hold_s = read_budget.hold_s if read_budget is not None else 0.0
        inner = SignInFirst(inner, guard, TD_COOKIE, hold_s=hold_s)
        inner = PublicReads(inner, service, TD_COOKIE)
        if read_budget is not None:
            inner = ReadBudget(inner, guard, TD_COOKIE, read_budget)
        inner = RequestGuard(inner, cookie=TD_COOKIE)
        return SecurityHeaders(WebSocketOutcomeLog(inner))

    app.build_middleware_stack = build_stack  # type: ignore[method-assign]
