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

import asyncio
import functools
import json
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Annotated, Any

from fastapi import APIRouter, Form, Request, WebSocket
from fastapi.responses import HTMLResponse, Response
from starlette.concurrency import run_in_threadpool

from pokerfloor.app.dealt_service import DealtService
from pokerfloor.errors import PokerfloorError
from pokerfloor.hand import Action, ShowdownAction
from pokerfloor.web import i18n
from pokerfloor.web.pages.common._common import (
    Pages,
    flash,
    locale_of,
    pages_of,
    redirect,
    render,
    render_fragment,
    say,
    tournament_service,
)
from pokerfloor.web.pages.common._dealt_common import (
    check_player_key,
    dealt_of,
    player_page_context,
)
from pokerfloor.web.pages.common._dealt_live import push_player
from pokerfloor.web.pages.common._refusals import explain, refusal_names
from pokerfloor.web.request_guard import same_origin

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
            error: str | None, confirm: dict[str, Any] | None = None,
            done: str = "") -> Response:  # fmt: skip
    """htmx: the outcome in ``#flash`` (the table itself comes over the WebSocket; ``done``:
    what a command done says, marked with ``N_``); a plain form: back to the page."""
    if request.headers.get("HX-Request") != "true":
        return redirect(_page_link(tournament_id, player_id, key))
    if confirm is not None:
        return render(request, "dealt_confirm.html", tournament_id=tournament_id,
                      link=_page_link(tournament_id, player_id, key), **confirm)  # fmt: skip
    return flash(request, error, say(request, done) if done and error is None else "")


def _run(request: Request, tournament_id: str, step: Any) -> str | None:
    with i18n.use_locale(locale_of(request)):
        try:
            step()
        except PokerfloorError as error:
            return str(explain(error, refusal_names(pages_of(request).service, tournament_id)))
    return None


@dataclass(frozen=True)
class Outcome:
    """What an action from the player's page came to: done (nothing set), refused (``error``:
    the sentence in the page's language; ``code``: the engine's, empty when the page itself
    refused a malformed action), or an all-in to confirm first (``confirm``: its context)."""

    error: str | None = None
    code: str = ""
    confirm: dict[str, Any] | None = None


def act_outcome(
    pages: Pages, dealt: DealtService, tournament_id: str, player_id: str, language: str,
    kind: str, amount: str = "", confirmed: str = "",
) -> Outcome:  # fmt: skip
    """A player's action from their page (a form posted, or a message on their WebSocket),
    ruled by the hand engine through ``DealtService.act``; all-in asks for a confirmation."""
    with i18n.use_locale(language):
        if kind not in _KINDS:
            return Outcome(i18n.gettext(
                "Unknown action %(kind)s: accepted: %(accepted)s.", kind=kind[:20],
                accepted=", ".join(_KINDS)))  # fmt: skip
        to: int | None = None
        if kind in ("bet", "raise"):
            digits = amount.replace(" ", "").replace("\u202f", "").replace("\xa0", "")
            if not digits.isascii() or not digits.isdigit() or len(digits) > 12:
                return Outcome(
                    i18n.gettext(
                        "Type the amount in chips (digits only) for the total of your bet."
                    )
                )
            to = int(digits)
        # Only an all-in, or a bet that may be one, asks first (the player's choices read for
        # it: the page's context is not built for a fold, a check or a call).
        choices = None
        if (kind == "allin" or to is not None) and confirmed != "yes":
            choices = player_page_context(dealt, tournament_id, player_id)["choices"]
        goes_all_in = kind == "allin" or (
            choices is not None and to is not None and to >= choices["max_to"] > 0
        )
        if goes_all_in and confirmed != "yes" and choices is not None:
            all_in_to = choices["max_to"] or choices["committed"] + choices["to_call"]
            return Outcome(confirm={"kind": kind, "amount": to or "", "all_in_to": all_in_to})
        action = ShowdownAction(kind) if kind in ("show", "muck") else Action(kind, to)  # type: ignore[arg-type]
        try:
            dealt.act(tournament_id, player_id, action)
        except PokerfloorError as error:
            names = refusal_names(pages.service, tournament_id)
            return Outcome(str(explain(error, names)), error.code)
    return Outcome()


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
    outcome = act_outcome(pages_of(request), dealt_of(request), tournament_id, player_id,
                          locale_of(request), kind, amount, confirmed)  # fmt: skip
    return _answer(request, tournament_id, player_id, key, outcome.error, outcome.confirm)


def _player_command(
    request: Request, tournament_id: str, player_id: str, key: str,
    command: Callable[[DealtService], object], done: str = "",
) -> Response:  # fmt: skip
    """A player's command from their page (their secret key checked), then the page again
    with its refusal, if any (else ``done``, when it says something)."""
    tournament_service(request, tournament_id)
    check_player_key(request, tournament_id, player_id, key)
    dealt = dealt_of(request)
    error = _run(request, tournament_id, lambda: command(dealt))
    return _answer(request, tournament_id, player_id, key, error, done=done)


# What choosing in advance answers in ``#flash``: the choice took (the buttons pressed come
# with the player's own part, over the WebSocket, a moment later).
_ADVANCE_DONE = {
    "check_fold": i18n.N_("Chosen in advance: check/fold."),
    "call_any": i18n.N_("Chosen in advance: call any."),
    "": i18n.N_("Nothing chosen in advance any more."),
}


@router.post("/t/{tournament_id}/play/{player_id}/{key}/advance")
def choose_in_advance(
    request: Request, tournament_id: str, player_id: str, key: str,
    kind: Annotated[str, Form()] = "",
) -> Response:  # fmt: skip
    """ "Check/fold" or "call any" for the player's next turn in this hand (or none)."""
    return _player_command(
        request, tournament_id, player_id, key,
        lambda dealt: dealt.choose_in_advance(tournament_id, player_id, kind),
        _ADVANCE_DONE.get(kind, ""),
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


_MAX_MESSAGE = 2_000
# The actions sent on the players' sockets are ruled in these threads (the service's lock
# takes them one at a time anyway): ``loop.run_in_executor`` hands each over with one future,
# where starlette's ``run_in_threadpool`` (anyio) took a capacity limiter, its own worker
# queue and the clock for each (issue 31's measure: 3 to 6 % of the server's samples).
_ACTIONS = ThreadPoolExecutor(max_workers=8, thread_name_prefix="dealt-act")
_DONE: dict[str, str] = {}  # the answer to an action done, by language (dealt_answer.html)


def message_fields(text: str) -> tuple[str, str, str]:
    """``kind``, ``amount`` and ``confirmed`` of an action sent on the page's WebSocket: a JSON
    object with the action form's fields (htmx adds ``HEADERS``, ignored); a message that is
    not such an object has no kind (refused as an unknown action)."""
    if len(text) > _MAX_MESSAGE:
        return "", "", ""
    try:
        value = json.loads(text)
    except ValueError:
        return "", "", ""
    if not isinstance(value, dict):
        return "", "", ""

    def field(name: str) -> str:
        given = value.get(name, "")
        if isinstance(given, bool) or not isinstance(given, str | int):
            return ""
        return str(given)[:40]

    return field("kind"), field("amount"), field("confirmed")


@router.websocket("/t/{tournament_id}/play/{player_id}/{key}/live")
async def live(websocket: WebSocket, tournament_id: str, player_id: str, key: str) -> None:
    """The page's pushes; and its actions, each a message answered on the same socket by the
    ``#flash`` fragment (``dealt_answer.html``: done, or the refusal's code and sentence in
    the page's language) or the all-in's confirmation (docs/api.md, "The player's socket")."""
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
    dealt = dealt_of(websocket)
    # A browser names the page that opened the socket: a page of another site may not act.
    from_our_page = "origin" not in websocket.headers or same_origin(websocket.headers)
    loop = asyncio.get_running_loop()  # once: asking for it costs a getpid() each time

    async def answer(message: str) -> str:
        if not from_our_page:
            with i18n.use_locale(language):
                outcome = Outcome(i18n.gettext("Act from your own page of this server."))
        else:
            kind, amount, confirmed = message_fields(message)
            outcome = await loop.run_in_executor(_ACTIONS, functools.partial(
                act_outcome, pages, dealt, tournament_id, player_id, language, kind, amount,
                confirmed,
            ))  # fmt: skip
        if outcome.confirm is not None:
            return render_fragment(
                "dealt_confirm.html", language, pages, tournament_id=tournament_id, link=link,
                **outcome.confirm,
            )  # fmt: skip
        if outcome.error is None:  # done: the same text for every action, once per language
            done = _DONE.get(language)
            if done is None:
                done = _DONE[language] = render_fragment("dealt_answer.html", language, pages,
                                                         error=None, code="")  # fmt: skip
            return done
        return render_fragment(
            "dealt_answer.html", language, pages, error=outcome.error, code=outcome.code
        )

    await push_player(websocket, pages, dealt, tournament_id, player_id, language, link, answer)
