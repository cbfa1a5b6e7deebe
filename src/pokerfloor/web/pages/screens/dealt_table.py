"""The screens of tables dealt by pokerfloor, and the TD's dealt page.

- ``/t/{id}/dealt/table/{n}``: the table's screen (a TV or tablet in the middle of the table,
  1920x1080): board, pots, stacks, bets, whose turn and the clock; a hole card only once shown
  (``public_view``). Public while the TD allows spectators; else it opens from its secret link
  (``?key=``, with a QR code on the TD's page) or for the TD only. Beside its title, the
  tournament's clock (level, time left, blinds, next break): the room's clock screen's read
  model (``clock_screen``) on a live view of its own, ``dealt-clock``, public like the clock
  screen, rendered once a second for every table's screen of the tournament (one channel per
  language) and pushed when more than its ticking times changed.
- ``/t/{id}/dealt/table/{n}/td``: the same table with every hole card (``td_view``), for the
  TD only; each opening is logged (``pokerfloor.dealt`` logger: tournament, table, address).
- ``/t/{id}/dealt``: the TD's page: choose cards dealt by pokerfloor with its times (profile
  defaults), the tables' screens, each player's secret link and QR code.
"""

from __future__ import annotations

import contextlib
from typing import Annotated, Any

from fastapi import APIRouter, Form, Request, WebSocket
from fastapi.responses import Response
from starlette.concurrency import run_in_threadpool

from pokerfloor.dealt.mode import LIMITS, DealtSettings
from pokerfloor.errors import PokerfloorError
from pokerfloor.web import i18n
from pokerfloor.web.pages.common._common import (
    Pages,
    flash,
    is_td,
    locale_of,
    pages_of,
    render,
    render_fragment,
    require_td,
    tournament_service,
)
from pokerfloor.web.pages.common._dealt_common import (
    dealt_of,
    log,
    player_link,
    screen_link,
    screen_refusal,
    table_context,
)
from pokerfloor.web.pages.common._dealt_live import push_table
from pokerfloor.web.pages.common._live import LiveView, live_view
from pokerfloor.web.pages.common._refusals import explain
from pokerfloor.web.pages.screens.clock import clock_screen
from pokerfloor.web.pages.td.dealt_console import hands_context
from pokerfloor.web.qr import qr_svg, venue_url

__all__ = ["router"]

router = APIRouter()


# The page and the live updates it opens at once are one look: the socket's opening is not
# logged again when the same TD's page logged the same table and hand this long before (the
# console listed every look twice). A socket opened alone (a script, a reconnection later) is.
_SAME_LOOK_MS = 30_000


def _log_td_view(request_or_socket: Request | WebSocket, tournament_id: str, table_no: int) -> None:
    """Each look at the hole cards is logged: an event in the tournament's dealt stream (who:
    the signed-in TD and the address; when) and a line of the server's log."""
    client = request_or_socket.client
    address = client.host if client else "?"
    if isinstance(request_or_socket, WebSocket) and _page_just_logged(
        request_or_socket, tournament_id, table_no, f"TD ({address})"
    ):
        return
    log.info(
        "td hole cards viewed: tournament=%s table=%s from=%s", tournament_id, table_no, address
    )
    with contextlib.suppress(PokerfloorError):  # a live-cards tournament: nothing to log
        dealt_of(request_or_socket).hole_cards_seen(tournament_id, table_no, f"TD ({address})")


def _page_just_logged(socket: WebSocket, tournament_id: str, table_no: int, by: str) -> bool:
    dealt = dealt_of(socket)
    try:
        seen = dealt.hole_card_log(tournament_id)
        hand_no = dealt.table(tournament_id, table_no).hand_no
    except PokerfloorError:
        return False
    last = next((s for s in reversed(seen) if s.table_no == table_no and s.by == by[:80]), None)
    return (
        last is not None and last.hand_no == hand_no and dealt.clock() - last.at_ms < _SAME_LOOK_MS
    )


def _render_clock(pages: Pages, tournament_id: str, language: str, params: dict[str, str]) -> str:
    screen = clock_screen(pages, tournament_id)
    return render_fragment("dealt_table_clock.html", language, pages, screen=screen)


# Public like the room's clock screen: nothing on it is hidden information.
live_view("dealt-clock", LiveView(render=_render_clock, every_second=True))


@router.get("/t/{tournament_id}/dealt/table/{table_no}")
def table_screen(request: Request, tournament_id: str, table_no: int, key: str = "") -> Response:
    tournament_service(request, tournament_id)
    refusal = screen_refusal(request, tournament_id, table_no, key[:64], is_td(request))
    if refusal is not None:
        raise refusal
    context = table_context(dealt_of(request), tournament_id, table_no, td=False)
    live = f"/t/{tournament_id}/dealt/table/{table_no}/live?key={key[:64]}"
    return render(request, "dealt_table.html", tournament_id=tournament_id, live=live,
                  seat_no=0, screen=clock_screen(pages_of(request), tournament_id),
                  **context)  # fmt: skip


@router.get("/t/{tournament_id}/dealt/table/{table_no}/td")
def table_td(request: Request, tournament_id: str, table_no: int) -> Response:
    tournament_service(request, tournament_id, td_only=True)
    _log_td_view(request, tournament_id, table_no)
    context = table_context(dealt_of(request), tournament_id, table_no, td=True)
    return render(request, "dealt_table.html", tournament_id=tournament_id,
                  live=f"/t/{tournament_id}/dealt/table/{table_no}/td/live?key=", seat_no=0,
                  screen=clock_screen(pages_of(request), tournament_id), **context)  # fmt: skip


async def _table_live(websocket: WebSocket, tournament_id: str, table_no: int, td: bool) -> None:
    pages = pages_of(websocket)
    await websocket.accept()
    try:
        await run_in_threadpool(pages.service.version, tournament_id)
    except PokerfloorError:
        await websocket.close(code=4404, reason="no such tournament")
        return
    if td and not is_td(websocket):
        await websocket.close(code=4401, reason="not allowed")
        return
    if td:
        await run_in_threadpool(_log_td_view, websocket, tournament_id, table_no)
    else:  # the screen follows the spectator setting (its key when spectators are not allowed)
        key = websocket.query_params.get("key", "")[:64]
        refusal = await run_in_threadpool(
            screen_refusal, websocket, tournament_id, table_no, key, is_td(websocket)
        )
        if refusal is not None:
            await websocket.close(code=4403, reason="this screen needs its key")
            return
    language = locale_of(websocket)
    await push_table(websocket, pages, dealt_of(websocket), tournament_id, table_no, language, td)


@router.websocket("/t/{tournament_id}/dealt/table/{table_no}/live")
async def table_live(websocket: WebSocket, tournament_id: str, table_no: int) -> None:
    await _table_live(websocket, tournament_id, table_no, td=False)


@router.websocket("/t/{tournament_id}/dealt/table/{table_no}/td/live")
async def table_td_live(websocket: WebSocket, tournament_id: str, table_no: int) -> None:
    await _table_live(websocket, tournament_id, table_no, td=True)


def _console_context(request: Request, tournament_id: str) -> dict[str, Any]:
    dealt = dealt_of(request)
    pages = pages_of(request)
    named, tables, hands_played = pages.service.read(
        tournament_id,
        lambda t: (
            sorted(((p.name, p.player_id) for p in t.players.values()),
                   key=lambda named: named[0].casefold()),
            sorted(t.tables),
            bool(t.hands_at),
        ),
    )  # fmt: skip
    settings = dealt.settings(tournament_id)
    base = venue_url(request)
    players = []
    for name, player_id in named:
        link = player_link(pages, tournament_id, player_id)
        players.append({"player_id": player_id, "name": name, "link": link,
                        "qr": qr_svg(base + link, scale=2)})  # fmt: skip
    return {
        **hands_context(dealt, tournament_id, pages.service.clock()),
        "settings": settings,
        "defaults": dealt.default_settings(tournament_id),
        "limits": LIMITS,
        "tables": tables,
        # Each table's screen by its secret link and QR code: while spectators are not allowed
        # the screen opens from it only (``screen_refusal``).
        "screens": [_screen(pages, tournament_id, no, base) for no in tables],
        "players": players,
        "hands_played": hands_played,
    }


def _screen(pages: Pages, tournament_id: str, table_no: int, base: str) -> dict[str, Any]:
    link = screen_link(pages, tournament_id, table_no)
    return {"table_no": table_no, "link": link, "qr": qr_svg(base + link, scale=2)}


@router.get("/t/{tournament_id}/dealt")
def dealt_console(request: Request, tournament_id: str) -> Response:
    tournament_service(request, tournament_id, td_only=True)
    return render(request, "dealt_console.html", tournament_id=tournament_id,
                  **_console_context(request, tournament_id))  # fmt: skip


@router.post("/t/{tournament_id}/dealt/choose")
def choose(
    request: Request,
    tournament_id: str,
    action_seconds: Annotated[str, Form()] = "",
    bank_seconds: Annotated[str, Form()] = "",
    away_after: Annotated[str, Form()] = "",
    pause_seconds: Annotated[str, Form()] = "",
) -> Response:
    tournament_service(request, tournament_id, td_only=True)
    require_td(request)
    dealt = dealt_of(request)
    defaults = dealt.default_settings(tournament_id)
    typed = {"action_seconds": action_seconds, "bank_seconds": bank_seconds,
             "away_after": away_after, "pause_seconds": pause_seconds}  # fmt: skip
    values: dict[str, int] = {}
    with i18n.use_locale(locale_of(request)):
        for field, text in typed.items():
            text = text.strip()
            if not text:
                values[field] = getattr(defaults, field)
                continue
            low, high = LIMITS[field]
            if not text.isascii() or not text.isdigit() or not low <= int(text) <= high:
                return flash(request, i18n.gettext(
                    "%(field)s: type a whole number from %(low)s to %(high)s.",
                    field=_field_label(field), low=low, high=high))  # fmt: skip
            values[field] = int(text)
        try:
            dealt.choose(tournament_id, DealtSettings(**values))
        except PokerfloorError as error:
            return flash(request, str(explain(error)))
        return flash(request, None, i18n.gettext("Cards will be dealt by pokerfloor."))


def _field_label(field: str) -> str:
    labels = {
        "action_seconds": i18n.N_("Action time (seconds)"),
        "bank_seconds": i18n.N_("Time bank (seconds)"),
        "away_after": i18n.N_("Timeouts in a row before away"),
        "pause_seconds": i18n.N_("Pause between hands (seconds)"),
    }
    return i18n.gettext(labels[field])
