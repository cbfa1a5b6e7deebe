"""A spectator's page of a dealt table: ``/t/{id}/dealt/table/{n}/watch``.

Open only when the TD allows spectators (``/t/{id}/dealt/histories``); the table is shown as its
stream stood ``delay`` ago (seconds, hands, or both: ``DealtSpectators.watched_table``) through
the public view: no hole card before it is shown, a mucked hand never. The delayed table is
rendered every half second (the delay moves with time even when nothing happens) once for all
the spectators of the table in one language, and sent when it changed (``push_watch``); when
the TD forbids spectators, the next frame says so and the socket closes. The hands already
over in the delayed stream link to their history page.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request, WebSocket
from fastapi.responses import Response
from starlette.concurrency import run_in_threadpool

from pokerfloor.errors import PokerfloorError
from pokerfloor.web import i18n
from pokerfloor.web.pages.common._common import (
    PageError,
    locale_of,
    pages_of,
    render,
    render_fragment,
    tournament_service,
)
from pokerfloor.web.pages.common._dealt_common import card_faces, view_dict
from pokerfloor.web.pages.common._dealt_watch_live import push_watch
from pokerfloor.web.pages.common._refusals import explain

__all__ = ["router", "watch_context"]

router = APIRouter()

RENDER_EVERY_SECONDS = 0.5
_RECENT_HANDS = 10


def watch_context(app_state: Any, tournament_id: str, table_no: int) -> dict[str, Any]:
    """The delayed table and the hands a spectator may read (``SPECTATORS_NOT_ALLOWED``)."""
    spectators = app_state.spectators
    policy = spectators.require_allowed(tournament_id)
    view, hands = spectators.watched(tournament_id, table_no)
    hands = hands[-_RECENT_HANDS:]
    return {
        "table_no": table_no,
        "tournament_id": tournament_id,
        "view": view_dict(view),
        # The clock as it stood then: the delayed turn's time left reads the same as it did.
        "now_ms": spectators.dealt.clock() - policy.delay_seconds * 1000,
        "td": False,
        "seat_no": 0,
        "policy": policy,
        "hands": [
            {"hand_no": hand.hand_no, "board": card_faces(tuple(hand.hand().board))}
            for hand in reversed(hands)
        ],
    }


@router.get("/t/{tournament_id}/dealt/table/{table_no}/watch")
def watch(request: Request, tournament_id: str, table_no: int) -> Response:
    tournament_service(request, tournament_id)
    try:
        context = watch_context(request.app.state, tournament_id, table_no)
    except PokerfloorError as error:
        with i18n.use_locale(locale_of(request)):
            raise PageError(403, str(explain(error))) from error
    return render(request, "dealt_watch.html",
                  live=f"/t/{tournament_id}/dealt/table/{table_no}/watch/live",
                  **context)  # fmt: skip


@router.websocket("/t/{tournament_id}/dealt/table/{table_no}/watch/live")
async def watch_live(websocket: WebSocket, tournament_id: str, table_no: int) -> None:
    pages = pages_of(websocket)
    await websocket.accept()
    try:
        await run_in_threadpool(pages.service.version, tournament_id)
    except PokerfloorError:
        await websocket.close(code=4404, reason="no such tournament")
        return
    language = locale_of(websocket)
    state = websocket.app.state

    def build() -> tuple[str, bool]:
        try:
            context = watch_context(state, tournament_id, table_no)
        except PokerfloorError as error:
            with i18n.use_locale(language):
                sentence = str(explain(error))
            html = render_fragment("dealt_watch_closed.html", language, pages, sentence=sentence)
            return html, False
        return render_fragment("dealt_watch_live.html", language, pages, **context), True

    key = (id(pages), tournament_id, table_no, language)
    await push_watch(websocket, key, build, RENDER_EVERY_SECONDS)
