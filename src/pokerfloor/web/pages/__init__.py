"""The web pages (French first, English too): server-rendered with Jinja2, live with htmx.

``mount_pages`` adds them to the API's FastAPI application, with the static files (htmx and
its WebSocket extension are vendored in ``static/vendor``: no CDN, the pages work on a local
network without internet). Each page is a module of its own with a ``router``; docs/web.md
lists them.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from pathlib import Path

from fastapi import FastAPI, Request
from fastapi.responses import Response
from fastapi.staticfiles import StaticFiles

from pokerfloor.app.service import TournamentService
from pokerfloor.web.pages.common import _live
from pokerfloor.web.pages.common._common import (
    PageError,
    Pages,
    damaged_page,
    error_page,
    make_environment,
    redirect,
    render,
)
from pokerfloor.web.pages.floor import floor, floor_irregularities
from pokerfloor.web.pages.phones import captain, dealt_player, player, player_clock
from pokerfloor.web.pages.screens import clock, dealt_table
from pokerfloor.web.pages.td import (
    cash,
    chiprace,
    console,
    console_players,
    corrections,
    deal,
    desk,
    home,
    penalties,
    results,
    seats,
    setup,
)

__all__ = ["damaged_page", "error_page", "mount_pages"]

STATIC = Path(__file__).parent.parent / "static"
ROUTERS = (
    home.router,
    _live.router,
    setup.router,
    desk.router,
    seats.router,
    clock.router,
    console.router,
    console_players.router,
    deal.router,
    results.router,
    chiprace.router,
    penalties.router,
    corrections.router,
    cash.router,
    floor.router,
    floor_irregularities.router,
    captain.router,
    player.router,
    player_clock.router,
    dealt_player.router,
    dealt_table.router,
)


def mount_pages(
    app: FastAPI,
    service: TournamentService,
    check: Callable[[str], bool],
    captain_secret: bytes | None = None,
) -> None:
    """Serve the pages on ``app``. ``captain_secret`` signs the table captains' links (a
    random one per process when not given: the links then change at each start)."""
    app.state.pages = Pages(
        service, check, captain_secret or secrets.token_bytes(32), make_environment()
    )
    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    for router in ROUTERS:
        app.include_router(router, include_in_schema=False)

    @app.exception_handler(PageError)
    async def page_error(request: Request, error: PageError) -> Response:
        if error.status == 401:
            return redirect(f"/login?next={request.url.path}")
        return render(request, "error.html", status=error.status, message=error.message)
