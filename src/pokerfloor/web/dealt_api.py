"""The HTTP API of tables dealt by pokerfloor (docs/api.md, "Software-dealt tables").

``mount_dealt`` puts a ``DealtService`` in ``app.state.dealt`` (the pages use it too), runs its
dealer while the application runs (``run_ticker``, started by the app's lifespan) and adds:

- ``POST /api/tournaments/{id}/dealt`` (TD): cards dealt by pokerfloor, with the times
  (``action_seconds``, ``bank_seconds``, ``away_after``, ``pause_seconds``; each optional,
  the profile's defaults otherwise);
- ``GET /api/tournaments/{id}/dealt``: the times, or 404 ``NOT_DEALT``;
- ``GET /api/tournaments/{id}/dealt/tables/{n}``: the table's public view (no hole card
  before it is shown), following the spectators' setting like the table's screen: while the
  TD does not allow spectators, only with the screen's key (``?key=``) or the TD token (403
  ``SPECTATORS_NOT_ALLOWED`` otherwise); with the TD token, every card (logged);
- ``GET /api/tournaments/{id}/dealt/players/{player}?key=...``: the player's view and choices;
- ``POST /api/tournaments/{id}/dealt/players/{player}/act?key=...``: ``{"kind", "amount"?}``,
  ruled by the hand engine; ``/back``: the away player is back;
- ``POST /api/tournaments/{id}/dealt/bots`` (TD): ``{"player_id", "policy"}``, a bot of the
  simulator (``random`` or ``tag``) plays for that player.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Callable
from typing import Annotated, Any, Literal

import msgspec
from fastapi import APIRouter, Depends, FastAPI, Request
from fastapi.responses import Response
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer
from starlette.concurrency import run_in_threadpool

from pokerfloor.app.dealt_service import DealtService
from pokerfloor.app.service import TournamentService
from pokerfloor.app.shuffle import Shuffler
from pokerfloor.dealt.choices import action_choices
from pokerfloor.dealt.mode import DealtSettings
from pokerfloor.dealt.views import player_view, public_view, td_view
from pokerfloor.errors import PokerfloorError
from pokerfloor.hand import Action
from pokerfloor.web.api_common import ApiError, check_td_token, decode_body, read_body

__all__ = ["mount_dealt"]

_bearer = HTTPBearer(auto_error=False)
_MAX_BODY = 1_000_000


class ChooseDealt(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    action_seconds: int | None = None
    bank_seconds: int | None = None
    away_after: int | None = None
    pause_seconds: int | None = None


class SeatBot(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    player_id: Annotated[str, msgspec.Meta(min_length=1, max_length=64)]
    policy: Annotated[str, msgspec.Meta(max_length=16)] = "random"


class PlayerAction(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    kind: Literal["fold", "check", "call", "bet", "raise", "allin"]
    amount: Annotated[int, msgspec.Meta(ge=0, le=10**12)] | None = None


class RuleDispute(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """The TD's ruling on a dispute (``DealtService.rule_dispute``)."""

    table_no: Annotated[int, msgspec.Meta(ge=1, le=999)]
    hand_no: Annotated[int, msgspec.Meta(ge=1, le=10_000_000)]
    transfers: Annotated[
        dict[
            Annotated[str, msgspec.Meta(min_length=1, max_length=64)],
            Annotated[int, msgspec.Meta(ge=-(10**12), le=10**12)],
        ],
        msgspec.Meta(min_length=1, max_length=10),
    ]
    reason: Annotated[str, msgspec.Meta(max_length=200)]


_CHOOSE = msgspec.json.Decoder(ChooseDealt)
_DISPUTE = msgspec.json.Decoder(RuleDispute)
_ACTION = msgspec.json.Decoder(PlayerAction)
_BOT = msgspec.json.Decoder(SeatBot)


def _json(value: Any, status: int = 200) -> Response:
    return Response(msgspec.json.encode(value), status, media_type="application/json")


def _refusal(error: PokerfloorError, status: int = 409) -> ApiError:
    return ApiError(status, error.code, error.message, dict(error.params))


def mount_dealt(
    app: FastAPI,
    service: TournamentService,
    player_key: Callable[[str, str], str],
    shuffler: Shuffler | None = None,
    screen_key: Callable[[str, int], str] | None = None,
) -> DealtService:
    """Serve the dealt tables on ``app``; ``player_key(tournament_id, player_id)`` is the key
    of a player's secret link (the pages make it from the server's secret), ``screen_key(
    tournament_id, table_no)`` the key of a table screen's link (None: no key opens a table
    while spectators are not allowed); ``shuffler``: ``secrets`` unless a test gives a seeded
    one (``app.shuffle``)."""
    dealt = DealtService(service, shuffler)
    app.state.dealt = dealt
    inner = app.router.lifespan_context

    @contextlib.asynccontextmanager
    async def lifespan(application: FastAPI) -> AsyncIterator[Any]:
        ticker = asyncio.create_task(dealt.run_ticker())
        try:
            async with inner(application) as state:
                yield state
        finally:
            ticker.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await ticker

    app.router.lifespan_context = lifespan
    router = APIRouter()  # the dealt tables' routes, included below

    def require_td(
        request: Request,
        credentials: Annotated[HTTPAuthorizationCredentials | None, Depends(_bearer)],
    ) -> None:
        check_td_token(request.app.state.guard, credentials)

    def check_key(tournament_id: str, player_id: str, key: str) -> None:
        import hmac

        if not hmac.compare_digest(player_key(tournament_id, player_id), key):
            raise ApiError(403, "BAD_PLAYER_KEY", "this player key is not valid", {})

    def screen_allowed(tournament_id: str, table_no: int, given: str) -> None:
        """Spectators allowed, or the table screen's key: else 403 ``SPECTATORS_NOT_ALLOWED``
        (the live screen's rule: ``web.pages.common._dealt_common.screen_refusal``)."""
        import hmac

        spectators = getattr(app.state, "spectators", None)
        if spectators is not None and spectators.policy(tournament_id).allowed:
            return
        if screen_key is not None and hmac.compare_digest(
            screen_key(tournament_id, table_no), given
        ):
            return
        raise ApiError(
            403,
            "SPECTATORS_NOT_ALLOWED",
            "spectators are not allowed: the table's public view needs its screen key or the "
            "TD token",
            {"tournament_id": tournament_id},
        )

    @router.post("/api/tournaments/{tournament_id}/dealt", dependencies=[Depends(require_td)],
              summary="Cards dealt by pokerfloor (TD)")  # fmt: skip
    async def choose(tournament_id: str, request: Request) -> Response:
        body = decode_body(_CHOOSE, await read_body(request, _MAX_BODY))
        try:
            defaults = await run_in_threadpool(dealt.default_settings, tournament_id)
            settings = DealtSettings(
                **{
                    field: getattr(body, field)
                    if getattr(body, field) is not None
                    else getattr(defaults, field)
                    for field in ("action_seconds", "bank_seconds", "away_after", "pause_seconds")
                }
            )
            chosen = await run_in_threadpool(dealt.choose, tournament_id, settings)
        except PokerfloorError as error:
            raise _refusal(error, 422) from error
        return _json(chosen)

    @router.post("/api/tournaments/{tournament_id}/dealt/bots", dependencies=[Depends(require_td)],
              summary="A bot of the simulator plays for a player (TD)")  # fmt: skip
    async def seat_bot(tournament_id: str, request: Request) -> Response:
        body = decode_body(_BOT, await read_body(request, _MAX_BODY))
        try:
            await run_in_threadpool(dealt.seat_bot, tournament_id, body.player_id, body.policy)
        except PokerfloorError as error:
            raise _refusal(error, 422) from error
        return _json(await run_in_threadpool(dealt.bots, tournament_id))

    @router.get("/api/tournaments/{tournament_id}/dealt", summary="The dealt play's times")
    async def settings(tournament_id: str) -> Response:
        chosen = await run_in_threadpool(dealt.settings, tournament_id)
        if chosen is None:
            raise ApiError(404, "NOT_DEALT", "this tournament is played with live cards", {})
        return _json(chosen)

    @router.get("/api/tournaments/{tournament_id}/dealt/tables/{table_no}",
             summary="A dealt table (every card with the TD token, logged)")  # fmt: skip
    async def table(
        tournament_id: str,
        table_no: int,
        request: Request,
        credentials: Annotated[HTTPAuthorizationCredentials | None, Depends(_bearer)],
    ) -> Response:
        td = credentials is not None
        if td:
            check_td_token(request.app.state.guard, credentials)
        else:  # the public view follows the spectators' setting, like the table's screen
            given = request.query_params.get("key", "")[:64]
            await run_in_threadpool(screen_allowed, tournament_id, table_no, given)
        try:
            current = await run_in_threadpool(dealt.table, tournament_id, table_no)
        except PokerfloorError as error:
            raise _refusal(error, 404) from error
        if td:
            from pokerfloor.web.pages.common._dealt_common import log

            log.info("td hole cards read (API): tournament=%s table=%s", tournament_id, table_no)
        return _json(td_view(current) if td else public_view(current))

    @router.get("/api/tournaments/{tournament_id}/dealt/players/{player_id}",
             summary="A player's view of their table and their choices")  # fmt: skip
    async def player(tournament_id: str, player_id: str, key: str) -> Response:
        check_key(tournament_id, player_id, key)

        def build() -> dict[str, Any]:
            where = dealt.seat_of(tournament_id, player_id)
            if where is None:
                return {"table_no": 0, "seat_no": 0, "view": None, "choices": None}
            current = dealt.table(tournament_id, where[0])
            return {
                "table_no": where[0],
                "seat_no": where[1],
                "away": where[1] in current.away,
                "view": player_view(current, where[1]) if current.dealt else None,
                "choices": action_choices(current, where[1]),
            }

        try:
            return _json(await run_in_threadpool(build))
        except PokerfloorError as error:
            raise _refusal(error, 404) from error

    @router.post("/api/tournaments/{tournament_id}/dealt/players/{player_id}/act",
              summary="A player's action (the hand engine rules on it)")  # fmt: skip
    async def act(tournament_id: str, player_id: str, key: str, request: Request) -> Response:
        check_key(tournament_id, player_id, key)
        body = decode_body(_ACTION, await read_body(request, _MAX_BODY))
        try:
            events = await run_in_threadpool(
                dealt.act, tournament_id, player_id, Action(body.kind, body.amount)
            )
        except PokerfloorError as error:
            raise _refusal(error) from error
        return _json({"events": len(events)})

    @router.post("/api/tournaments/{tournament_id}/dealt/players/{player_id}/back",
              summary="The away player is back")  # fmt: skip
    async def back(tournament_id: str, player_id: str, key: str) -> Response:
        check_key(tournament_id, player_id, key)
        try:
            await run_in_threadpool(dealt.come_back, tournament_id, player_id)
        except PokerfloorError as error:
            raise _refusal(error) from error
        return _json({"away": False})

    @router.post("/api/tournaments/{tournament_id}/dealt/disputes",
                 dependencies=[Depends(require_td)],
                 summary="Rule on a dispute: chips moved between stacks (TD)")  # fmt: skip
    async def rule_dispute(tournament_id: str, request: Request) -> Response:
        body = decode_body(_DISPUTE, await read_body(request, _MAX_BODY))
        client = request.client
        by = f"TD API ({client.host if client else '?'})"
        try:
            ruling = await run_in_threadpool(
                dealt.rule_dispute, tournament_id, body.table_no, body.hand_no, body.transfers,
                body.reason, by,
            )  # fmt: skip
        except PokerfloorError as error:
            raise _refusal(error, 422) from error
        return _json(ruling)

    @router.get("/api/tournaments/{tournament_id}/dealt/disputes",
                dependencies=[Depends(require_td)],
                summary="The rulings on disputes (TD)")  # fmt: skip
    async def disputes(tournament_id: str) -> Response:
        return _json(await run_in_threadpool(dealt.disputes, tournament_id))

    app.include_router(router)
    # Spectators and hand histories (web/dealt_history_api.py).
    from pokerfloor.web.dealt_history_api import mount_dealt_history

    mount_dealt_history(app, dealt, player_key)
    # A table's events for the TD, live on every server (web/dealt_stream_api.py).
    from pokerfloor.web.dealt_stream_api import router as table_streams

    app.include_router(table_streams)
    return dealt
