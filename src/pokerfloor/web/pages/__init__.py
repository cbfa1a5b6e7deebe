"""The web pages (French first, English too): server-rendered with Jinja2, live with htmx.

``mount_pages`` adds them to the API's FastAPI application, with the static files (htmx and
its WebSocket extension are vendored in ``static/vendor``: no CDN, the pages work on a local
network without internet). The pages are grouped by whose screen they are: ``td/`` (the
TD's pages of a tournament), ``club/``, ``floor/``, ``phones/`` (the captain, the players),
``screens/`` (the room's clock, a dealt table), and ``common/`` for what several share; each
page is a module with a ``router``, each area's ``routes.py`` gathers them, its ``templates/``
sit beside them. docs/web.md lists the pages.
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
from pokerfloor.web.pages.floor import routes as floor_pages
from pokerfloor.web.pages.phones import routes as phone_pages
from pokerfloor.web.pages.screens import routes as screen_pages
from pokerfloor.web.pages.td import routes as td_pages

__all__ = ["damaged_page", "error_page", "mount_pages"]

STATIC = Path(__file__).parent.parent / "static"
# Each area's router (``<area>/routes.py``); the club's is mounted with the clubs' API
# (web/club_api.py). No path of one area matches another's: their order does not matter.
ROUTERS = (
    td_pages.router,
    _live.router,
    screen_pages.router,
    floor_pages.router,
    phone_pages.router,
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
