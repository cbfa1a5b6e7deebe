"""A player's seat at a table dealt by pokerfloor, on their phone (390x844 first).

Reached by the player's secret link (``/t/{id}/play/{player}/{key}``, a QR code on the TD's
dealt page): the table from the player's seat with their own hole cards only, the stacks,
bets, pots, board, button and blinds, whose turn it is and the action clock, and when it is
their turn the legal actions with their amounts (the minimum, half the pot, the pot, all-in,
any amount typed within the engine's bounds). All-in asks for a confirmation. Refusals are the
engine's, in the page's language. Over the page's WebSocket come the table's shared part (the
same text for every viewer of the table), the player's own part and the tournament's part,
each when it changed (``_dealt_live``); a reconnection gets the current state at once.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, Any

from fastapi import APIRouter, Form, Request, WebSocket
from fastapi.responses import HTMLResponse, Response
from starlette.concurrency import run_in_threadpool

from pokerfloor.app.dealt_service import DealtService
from pokerfloor.errors import PokerfloorError
from pokerfloor.hand import Action, ShowdownAction
from pokerfloor.web import i18n
from pokerfloor.web.pages.common._common import (
    flash,
    locale_of,
    pages_of,
    redirect,
    render,
    tournament_service,
)
from pokerfloor.web.pages.common._dealt_common import (
    check_player_key,
    dealt_of,
    player_page_context,
)
from pokerfloor.web.pages.common._dealt_live import push_player
from pokerfloor.web.pages.common._refusals import explain, refusal_names

__all__ = ["router"]

router = APIRouter()

_KINDS = ("fold", "check", "call", "bet", "raise", "allin", "show", "muck")


def _page_link(tournament_id: str, player_id: str, key: str) -> str:
    return f"/t/{tournament_id}/play/{player_id}/{key}"


@router.get("/t/{tournament_id}/play/{player_id}/{key}")
def player_seat(request: Request, tournament_id: str, player_id: str, key: str) -> Response:
    tournament_service(request, tournament_id)
    check_player_key(request, tournament_id, player_id, key)
    context = player_page_context(dealt_of(request), tournament_id, player_id)
    return render(request, "dealt_player.html", tournament_id=tournament_id, key=key,
                  link=_page_link(tournament_id, player_id, key), **context)  # fmt: skip


def _answer(request: Request, tournament_id: str, player_id: str, key: str,
            error: str | None, confirm: dict[str, Any] | None = None) -> Response:  # fmt: skip
    """htmx: the outcome in ``#flash`` (the table itself comes over the WebSocket); a plain
    form: back to the page."""
    if request.headers.get("HX-Request") != "true":
        return redirect(_page_link(tournament_id, player_id, key))
    if confirm is not None:
        return render(request, "dealt_confirm.html", tournament_id=tournament_id,
                      link=_page_link(tournament_id, player_id, key), **confirm)  # fmt: skip
    return flash(request, error)


def _run(request: Request, tournament_id: str, step: Any) -> str | None:
    with i18n.use_locale(locale_of(request)):
        try:
            step()
        except PokerfloorError as error:
            return str(explain(error, refusal_names(pages_of(request).service, tournament_id)))
    return None


@router.post("/t/{tournament_id}/play/{player_id}/{key}/act")
def act(
    request: Request,
    tournament_id: str,
    player_id: str,
    key: str,
    kind: Annotated[str, Form()],
    amount: Annotated[str, Form()] = "",
    confirmed: Annotated[str, Form()] = "",
) -> Response:
    tournament_service(request, tournament_id)
    check_player_key(request, tournament_id, player_id, key)
    dealt = dealt_of(request)
    with i18n.use_locale(locale_of(request)):
        if kind not in _KINDS:
            return _answer(request, tournament_id, player_id, key, i18n.gettext(
                "Unknown action %(kind)s: accepted: %(accepted)s.", kind=kind[:20],
                accepted=", ".join(_KINDS)))  # fmt: skip
        to: int | None = None
        if kind in ("bet", "raise"):
            digits = amount.replace(" ", "").replace("\u202f", "").replace("\xa0", "")
            if not digits.isascii() or not digits.isdigit() or len(digits) > 12:
                sentence = i18n.gettext(
                    "Type the amount in chips (digits only) for the total of your bet."
                )
                return _answer(request, tournament_id, player_id, key, sentence)
            to = int(digits)
        context = player_page_context(dealt, tournament_id, player_id)
        choices = context["choices"]
        goes_all_in = kind == "allin" or (
            choices is not None and to is not None and to >= choices["max_to"] > 0
        )
        if goes_all_in and confirmed != "yes" and choices is not None:
            all_in_to = choices["max_to"] or choices["committed"] + choices["to_call"]
            return _answer(request, tournament_id, player_id, key, None,
                           {"kind": kind, "amount": to or "", "all_in_to": all_in_to})  # fmt: skip
    action = ShowdownAction(kind) if kind in ("show", "muck") else Action(kind, to)  # type: ignore[arg-type]
    error = _run(request, tournament_id, lambda: dealt.act(tournament_id, player_id, action))
    return _answer(request, tournament_id, player_id, key, error)


def _player_command(
    request: Request, tournament_id: str, player_id: str, key: str,
    command: Callable[[DealtService], object],
) -> Response:  # fmt: skip
    """A player's command from their page (their secret key checked), then the page again
    with its refusal, if any."""
    tournament_service(request, tournament_id)
    check_player_key(request, tournament_id, player_id, key)
    dealt = dealt_of(request)
    error = _run(request, tournament_id, lambda: command(dealt))
    return _answer(request, tournament_id, player_id, key, error)


@router.post("/t/{tournament_id}/play/{player_id}/{key}/advance")
def choose_in_advance(
    request: Request, tournament_id: str, player_id: str, key: str,
    kind: Annotated[str, Form()] = "",
) -> Response:  # fmt: skip
    """ "Check/fold" or "call any" for the player's next turn in this hand (or none)."""
    return _player_command(
        request, tournament_id, player_id, key,
        lambda dealt: dealt.choose_in_advance(tournament_id, player_id, kind),
    )  # fmt: skip


@router.post("/t/{tournament_id}/play/{player_id}/{key}/back")
def come_back(request: Request, tournament_id: str, player_id: str, key: str) -> Response:
    return _player_command(
        request,
        tournament_id,
        player_id,
        key,
        lambda dealt: dealt.come_back(tournament_id, player_id),
    )


@router.post("/t/{tournament_id}/play/{player_id}/{key}/rebuy")
def rebuy(request: Request, tournament_id: str, player_id: str, key: str) -> Response:
    return _player_command(
        request, tournament_id, player_id, key, lambda dealt: dealt.rebuy(tournament_id, player_id)
    )


@router.post("/t/{tournament_id}/play/{player_id}/{key}/addon")
def addon(request: Request, tournament_id: str, player_id: str, key: str) -> Response:
    return _player_command(
        request, tournament_id, player_id, key, lambda dealt: dealt.addon(tournament_id, player_id)
    )


@router.get("/t/{tournament_id}/play/{player_id}/{key}/fragment")
def fragment(request: Request, tournament_id: str, player_id: str, key: str) -> HTMLResponse:
    """The pushed fragment, for a client without WebSocket (and the tests)."""
    tournament_service(request, tournament_id)
    check_player_key(request, tournament_id, player_id, key)
    context = player_page_context(dealt_of(request), tournament_id, player_id)
    return render(request, "dealt_player_live.html", tournament_id=tournament_id,
                  link=_page_link(tournament_id, player_id, key), **context)  # fmt: skip


@router.websocket("/t/{tournament_id}/play/{player_id}/{key}/live")
async def live(websocket: WebSocket, tournament_id: str, player_id: str, key: str) -> None:
    pages = pages_of(websocket)
    await websocket.accept()
    try:
        check_player_key(websocket, tournament_id, player_id, key)
        await run_in_threadpool(pages.service.version, tournament_id)
    except Exception:
        await websocket.close(code=4404, reason="no such player link")
        return
    language = locale_of(websocket)
    link = _page_link(tournament_id, player_id, key)
    await push_player(websocket, pages, dealt_of(websocket), tournament_id, player_id, language,
                      link)  # fmt: skip
