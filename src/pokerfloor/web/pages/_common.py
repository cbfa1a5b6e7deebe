"""What every page shares: the Jinja environment, the locale of a request, the TD's sign-in
cookie, the table captains' keys, and running a command with its refusal shown on the page.

The pages are server-rendered (Jinja2) and made live with htmx: a form posts with ``hx-post``
and the handler answers with the HTML to swap in; ``_live.py`` pushes fresh fragments over a
WebSocket when the tournament changes, so a page never needs a manual reload.
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import msgspec
from fastapi import Request
from fastapi.responses import HTMLResponse, RedirectResponse
from jinja2 import Environment, FileSystemLoader, select_autoescape
from starlette.requests import HTTPConnection

from pokerfloor.app.commands import Command, CreateTournament, TournamentCommand
from pokerfloor.app.service import TournamentService
from pokerfloor.errors import PokerfloorError
from pokerfloor.web import i18n

__all__ = [
    "LANG_COOKIE",
    "TD_COOKIE",
    "PageError",
    "Pages",
    "captain_key",
    "is_td",
    "locale_of",
    "pages_of",
    "redirect",
    "render",
    "render_fragment",
    "require_td",
    "run",
]

TEMPLATES = Path(__file__).parent.parent / "templates"
TD_COOKIE = "pokerfloor_td"
LANG_COOKIE = "pokerfloor_lang"


@dataclass
class Pages:
    """The state the pages share, kept in ``app.state.pages``."""

    service: TournamentService
    check: Callable[[str], bool]
    captain_secret: bytes
    env: Environment


class PageError(Exception):
    """A page answers with an HTTP error shown in the page's language (``handled in
    pages/__init__.py``): 401 sends the browser to the sign-in page."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message


def make_environment() -> Environment:
    env = Environment(
        loader=FileSystemLoader(TEMPLATES),
        autoescape=select_autoescape(("html",)),
        extensions=["jinja2.ext.i18n"],
        trim_blocks=True,
        lstrip_blocks=True,
    )
    env.install_gettext_callables(  # type: ignore[attr-defined]
        i18n.gettext, i18n.ngettext, newstyle=True
    )
    env.globals.update(status_label=i18n.status_label)
    env.filters.update(
        chips=i18n.format_chips,
        number=i18n.format_number,
        cents=i18n.format_cents,
        duration=i18n.format_duration,
        ratio=i18n.format_ratio,
        clock_time=i18n.format_clock_time,
    )
    return env


def pages_of(connection: HTTPConnection) -> Pages:
    pages: Pages = connection.app.state.pages
    return pages


def locale_of(connection: HTTPConnection) -> str:
    """``?lang=`` first, then the language cookie, then French."""
    asked = connection.query_params.get("lang") or connection.cookies.get(LANG_COOKIE)
    return i18n.pick_locale(asked)


def is_td(connection: HTTPConnection) -> bool:
    token = connection.cookies.get(TD_COOKIE)
    return bool(token) and pages_of(connection).check(token or "")


def require_td(connection: HTTPConnection) -> None:
    if not is_td(connection):
        raise PageError(401, i18n.N_("Sign in with the TD token first."))


def captain_key(pages: Pages, tournament_id: str, table_no: int) -> str:
    """The key in a table captain's link: only that table of that tournament (HMAC)."""
    message = f"{tournament_id}:{table_no}".encode()
    return hmac.new(pages.captain_secret, message, hashlib.sha256).hexdigest()[:20]


def render(request: Request, template: str, status: int = 200, **context: Any) -> HTMLResponse:
    """Render ``template`` in the request's language; sets the language cookie when the page
    was asked with ``?lang=`` so that the choice sticks."""
    pages = pages_of(request)
    language = locale_of(request)
    with i18n.use_locale(language):
        html = pages.env.get_template(template).render(
            request=request,
            lang=language,
            is_td=is_td(request),
            **context,
        )
    response = HTMLResponse(html, status_code=status)
    if request.query_params.get("lang") in i18n.LOCALES:
        response.set_cookie(LANG_COOKIE, language, max_age=365 * 86400, samesite="lax")
    return response


def render_fragment(template: str, language: str, pages: Pages, **context: Any) -> str:
    """A template as a string (the live fragments pushed over the WebSocket)."""
    with i18n.use_locale(language):
        return pages.env.get_template(template).render(lang=language, **context)


def redirect(url: str) -> RedirectResponse:
    return RedirectResponse(url, status_code=303)


def run(request: Request, tournament_id: str, kind: str, /, **fields: Any) -> str | None:
    """Validate and run the command ``kind`` (its ``type`` tag, e.g. ``register_player``) with
    ``fields``, exactly as the API would; ``None`` when done, else the refusal to show (in the
    request's language, with the engine's code and message). Nothing changes on a refusal."""
    with i18n.use_locale(locale_of(request)):
        try:
            command: Command = msgspec.convert(
                {"type": kind, **fields},
                CreateTournament if kind == "create_tournament" else TournamentCommand,
            )
        except msgspec.ValidationError as error:
            return i18n.gettext("Invalid entry: %(detail)s", detail=str(error))
        try:
            pages_of(request).service.execute(tournament_id, command)
        except PokerfloorError as error:
            return i18n.gettext(
                "Refused (%(code)s): %(message)s", code=error.code, message=error.message
            )
    return None
