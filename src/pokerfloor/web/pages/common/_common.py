"""What every page shares: the Jinja environment, the locale of a request, the TD's sign-in
cookie, the table captains' keys, running a command with its refusal shown on the page (the
``#flash`` fragment), and the reads several pages make (players' names, the event log).

The pages are server-rendered (Jinja2) and made live with htmx: a form posts with ``hx-post``
and the handler answers with the HTML to swap in; ``_live.py`` pushes fresh fragments over a
WebSocket when the tournament changes, so a page never needs a manual reload.
"""

from __future__ import annotations

import functools
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

from pokerfloor.app.commands import Command
from pokerfloor.app.service import EVENT_DECODER, TournamentService
from pokerfloor.errors import PokerfloorError
from pokerfloor.rules import Lang
from pokerfloor.tournament.events import TournamentEvent
from pokerfloor.web import i18n, template_i18n
from pokerfloor.web.pages.common._card_html import cards_html
from pokerfloor.web.pages.common._citations import citations_text
from pokerfloor.web.pages.common._jinja_env import PagesEnvironment
from pokerfloor.web.pages.common._refusals import explain, refusal_names, validation_text
from pokerfloor.web.pages.common._seat_html import seat_html
from pokerfloor.web.qr import qr_svg, venue_url
from pokerfloor.web.request_guard import same_origin
from pokerfloor.web.sessions import Guard

__all__ = [
    "LANG_COOKIE",
    "NO_TOURNAMENT",
    "TD_COOKIE",
    "PageError",
    "Pages",
    "captain_key",
    "damaged_page",
    "events_of",
    "flash",
    "flash_fragment",
    "is_td",
    "locale_of",
    "pages_of",
    "player_name",
    "player_names",
    "redirect",
    "refuse",
    "render",
    "render_fragment",
    "require_td",
    "rules_language",
    "run",
    "run_form",
    "say",
    "seat_order",
    "tournament_service",
]

# Each area's templates beside its pages, found by name in one search path (the names are
# unique across the folders: tests/web/pages/test_layout.py).
AREAS = ("common", "td", "club", "floor", "phones", "screens")
TEMPLATE_FOLDERS = tuple(Path(__file__).parent.parent / area / "templates" for area in AREAS)
TD_COOKIE = "pokerfloor_td"
LANG_COOKIE = "pokerfloor_lang"
NO_TOURNAMENT = i18n.N_("There is no such tournament.")
DAMAGED_TOURNAMENT = i18n.N_(
    "This tournament's records are damaged: it cannot be opened (TOURNAMENT_DAMAGED). The "
    "other tournaments are not affected; the server's log names the broken event."
)


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


@functools.cache
def make_environment() -> Environment:
    """The pages' Jinja environment, one per process: every app shares its compiled templates
    (``pokerfloor serve`` compiles them all before it listens, ``web/warm_up.py``; the page
    tests' many apps compile each template once)."""
    env = PagesEnvironment(
        loader=FileSystemLoader(TEMPLATE_FOLDERS),
        autoescape=select_autoescape(("html",)),
        extensions=["jinja2.ext.i18n"],
        trim_blocks=True,
        lstrip_blocks=True,
        # The templates ship with the package: no file's time read at each render and include
        # (the dealt pages' pushes render hundreds a second; a changed template needs a restart).
        auto_reload=False,
    )
    template_i18n.install(env)  # gettext looked up once per message (issue 31's measure)
    env.globals.update(status_label=i18n.status_label)
    # The dealt pages' parts, built in Python (issue 31's measure); imported here: the module
    # reads the dealt service's views, which import this one.
    from pokerfloor.web.pages.common import _dealt_render

    env.globals.update(
        dealt_table_part=_dealt_render.table_part_html,
        dealt_table=_dealt_render.table_html,
        dealt_head=_dealt_render.head_html,
        dealt_own=_dealt_render.own_html,
    )
    env.filters.update(
        chips=i18n.format_chips,
        number=i18n.format_number,
        cents=i18n.format_cents,
        duration=i18n.format_duration,
        ratio=i18n.format_ratio,
        clock_time=i18n.format_clock_time,
        time_of_day=i18n.format_time_of_day,
        date=i18n.format_date,
        qr=qr_svg,
        citations=citations_text,
        dealt_cards=cards_html,
        dealt_seat=seat_html,
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
    """Whether the TD's session cookie comes with the request (a dictionary lookup: a junk
    cookie costs nothing). A WebSocket must also come from one of our pages: a page of
    another site cannot borrow the cookie (request_guard.py does the same for forms)."""
    session = connection.cookies.get(TD_COOKIE)
    if not session or not guard_of(connection).sessions.check(session):
        return False
    return connection.scope["type"] != "websocket" or same_origin(connection.headers)


def guard_of(connection: HTTPConnection) -> Guard:
    guard: Guard = connection.app.state.guard
    return guard


def require_td(connection: HTTPConnection) -> None:
    if not is_td(connection):
        raise PageError(401, i18n.N_("Sign in with the TD token first."))


def captain_key(pages: Pages, tournament_id: str, table_no: int) -> str:
    """The key in a table captain's link: only that table of that tournament, until the TD
    renews the table's link (an HMAC of the three with the server's captain secret)."""
    renewal = pages.service.read(tournament_id, lambda t: t.captain_keys.get(table_no, 0))
    message = f"{tournament_id}:{table_no}:{renewal}".encode()
    return hmac.new(pages.captain_secret, message, hashlib.sha256).hexdigest()[:20]


def render(request: Request, template: str, status: int = 200, **context: Any) -> HTMLResponse:
    """Render ``template`` in the request's language; sets the language cookie when the page
    was asked with ``?lang=`` so that the choice sticks."""
    pages = pages_of(request)
    language = locale_of(request)
    if "tournament_id" in context and "tournament_name" not in context:
        context["tournament_name"] = tournament_name(pages.service, context["tournament_id"])
    with i18n.use_locale(language):
        html = pages.env.get_template(template).render(
            request=request,
            lang=language,
            is_td=is_td(request),
            venue=venue_url(request),
            **context,
        )
    response = HTMLResponse(html, status_code=status)
    if request.query_params.get("lang") in i18n.LOCALES:
        response.set_cookie(LANG_COOKIE, language, max_age=365 * 86400, samesite="lax")
    return response


def tournament_name(service: TournamentService, tournament_id: str) -> str:
    """The tournament's display name for a page's title; its id when it cannot be read."""
    try:
        if service.exists(tournament_id):
            return service.read(tournament_id, lambda t: t.display_name)
    except PokerfloorError:
        pass
    return tournament_id


def render_fragment(template: str, language: str, pages: Pages, **context: Any) -> str:
    """A template as a string (the live fragments pushed over the WebSocket)."""
    with i18n.use_locale(language):
        return pages.env.get_template(template).render(lang=language, **context)


def redirect(url: str) -> RedirectResponse:
    return RedirectResponse(url, status_code=303)


def run(request: Request, tournament_id: str, command: Command, /) -> str | None:
    """Run ``command`` (a typed command of ``app/commands/``) exactly as the API would:
    checked against its bounds as the API's decoder checks them (a struct built in code is
    not), then executed; ``None`` when done, else the refusal to show (in the request's
    language, with the engine's code: ``_refusals.explain``; a field the command's validation
    refuses: ``_refusals.validation_text``). Nothing changes on a refusal."""
    with i18n.use_locale(locale_of(request)):
        try:
            checked = msgspec.json.decode(msgspec.json.encode(command), type=type(command))
        except msgspec.ValidationError as error:
            return validation_text(error)
        return _execute(request, tournament_id, checked)


def run_form(
    request: Request, tournament_id: str, kind: type[Command], /, **fields: Any
) -> str | None:
    """Run the command ``kind`` with ``fields`` as a form gives them (text where a number is
    expected, ``number_or_text``; lists and dictionaries for the nested parts), converted as
    the API would decode them: a field they do not fit is refused by name, like ``run``."""
    with i18n.use_locale(locale_of(request)):
        try:
            command = msgspec.convert({"type": kind.__struct_config__.tag, **fields}, kind)
        except msgspec.ValidationError as error:
            return validation_text(error)
        return _execute(request, tournament_id, command)


def _execute(request: Request, tournament_id: str, command: Command) -> str | None:
    service = pages_of(request).service
    try:
        service.execute(tournament_id, command)
    except PokerfloorError as error:
        return explain(error, refusal_names(service, tournament_id))
    return None


def tournament_service(
    request: Request, tournament_id: str, *, td_only: bool = False
) -> TournamentService:
    """The service, once the tournament is known to exist (404 otherwise). ``td_only``: the
    TD's sign-in is checked first, so a visitor is sent to sign in, not told what exists."""
    if td_only:
        require_td(request)
    service = pages_of(request).service
    if not service.exists(tournament_id):
        raise PageError(404, NO_TOURNAMENT)
    service.version(tournament_id)  # loads it: a damaged one raises TournamentDamaged
    return service


def damaged_page(request: Request, error: PokerfloorError) -> HTMLResponse:
    """The page of a damaged tournament (``TournamentDamaged``, docs/store.md): status 500,
    as the API answers; the stored data, not the request, is at fault."""
    return render(request, "error.html", status=500, message=DAMAGED_TOURNAMENT)


NO_SUCH_PAGE = i18n.N_("There is no such page.")
DAMAGED_CLUB = i18n.N_(
    "This club's records are damaged: it cannot be opened (CLUB_DAMAGED). The other clubs "
    "and the tournaments are not affected; the server's log names the broken event."
)


def error_page(request: Request, status: int, error: PokerfloorError) -> HTMLResponse:
    """The page for a refusal no page answered (issue 27): "no such page" for an unknown id,
    the damaged club's or tournament's page, else the refusal's sentence."""
    if status == 404:
        message = say(request, NO_SUCH_PAGE)
    elif error.code == "CLUB_DAMAGED":
        message = say(request, DAMAGED_CLUB)
    elif error.code == "TOURNAMENT_DAMAGED":
        message = say(request, DAMAGED_TOURNAMENT)
    else:
        with i18n.use_locale(locale_of(request)):
            message = str(explain(error))
    return render(request, "error.html", status=status, message=message)


def rules_language(language: str) -> Lang:
    """The rule profiles' language for a page's (their labels are French and English)."""
    return "fr" if language == "fr" else "en"


# ---- the outcome of an action ------------------------------------------------------------


def say(request: Request, message: str, /, **values: object) -> str:
    """``message`` (marked with ``N_`` where it is written) in the request's language."""
    with i18n.use_locale(locale_of(request)):
        return i18n.gettext(message, **values)


def flash(
    request: Request, error: str | None = None, done: str = "", *, trigger: str = ""
) -> HTMLResponse:
    """The outcome of an action, the ``#flash`` fragment htmx swaps in: the refusal, else
    ``done``. ``trigger``: an htmx event (``HX-Trigger``) sent on success only, e.g. for a form
    that clears itself or lists that reload."""
    response = render(request, "_flash.html", error=error, done=None if error else done)
    if trigger and error is None:
        response.headers["HX-Trigger"] = trigger
    return response


def refuse(request: Request, message: str, /, **values: object) -> HTMLResponse:
    """A refusal of the page itself (a field empty or malformed): nothing was run."""
    return flash(request, say(request, message, **values))


def flash_fragment(request: Request, error: str | None = None, done: str | None = None) -> str:
    """The ``#flash`` fragment as HTML, for an answer that swaps other fragments out of band
    along with it."""
    pages = pages_of(request)
    return render_fragment("_flash.html", locale_of(request), pages, error=error, done=done)


# ---- reads several pages make ------------------------------------------------------------


def player_names(service: TournamentService, tournament_id: str) -> dict[str, str]:
    """Every player's name by id, those on the waiting list too, from the players list (a
    read model, built under the tournament's lock)."""
    listed = service.players_list(tournament_id)
    return {p["player_id"]: p["name"] for p in (*listed["waiting_list"], *listed["players"])}


def player_name(service: TournamentService, tournament_id: str, player_id: str) -> str:
    """A player's name (one on the waiting list too); the id itself when there is none."""
    return player_names(service, tournament_id).get(player_id, player_id)


def seat_order(player: dict[str, Any]) -> tuple[int, int, str]:
    """A player of the players list by table and seat, those not seated first, then by name."""
    return (player["table_no"] or 0, player["seat_no"] or 0, player["name"])


def events_of(service: TournamentService, tournament_id: str, *types: str) -> list[TournamentEvent]:
    """The durable events of these types, oldest first (only those lines are decoded)."""
    return [
        EVENT_DECODER.decode(line)
        for _seq, kind, line in service.event_lines(tournament_id)
        if kind in types
    ]
