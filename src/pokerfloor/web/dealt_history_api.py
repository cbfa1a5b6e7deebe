"""The HTTP API of the dealt tables' spectators and hand histories (docs/api.md).

``mount_dealt_history`` puts a ``DealtSpectators`` in ``app.state.spectators`` (the pages use
it too) and adds:

- ``POST /api/tournaments/{id}/dealt/spectators`` (TD): ``{"allowed", "delay_seconds",
  "delay_hands"}``; ``GET`` the same: the TD's choice (not allowed until the TD says so);
- ``GET /api/tournaments/{id}/dealt/tables/{n}/watch``: the table as a spectator sees it, the
  stream as it stood ``delay`` ago (403 ``SPECTATORS_NOT_ALLOWED``);
- ``GET /api/tournaments/{id}/dealt/hands.phhs`` (TD): every finished hand of the tournament as
  PHH, every card, with the order and secret; ``/dealt/tables/{n}/hands.phhs`` (TD): one table's;
- ``GET /api/tournaments/{id}/dealt/players/{player}/hands.phhs?key=...``: the player's own hands
  (their cards and the cards shown; nobody's mucked hand);
- ``GET /api/tournaments/{id}/dealt/tables/{n}/hands/{h}``: a finished hand's commitments, its
  proven cards and the server's check (``check_hand``, as ``pokerfloor verify-deck``); with the
  TD token the order and secret too. Without it, only a hand spectators may already see.
"""

from __future__ import annotations

import hmac
from collections.abc import Callable
from typing import Annotated, Any

import msgspec
from fastapi import Depends, FastAPI, Request
from fastapi.responses import Response
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer
from starlette.concurrency import run_in_threadpool

from pokerfloor.app.dealt_history import DealtHand, hand_check
from pokerfloor.app.dealt_service import DealtService
from pokerfloor.app.dealt_spectators import DealtSpectators
from pokerfloor.dealt.spectators import SpectatorPolicy
from pokerfloor.errors import PokerfloorError
from pokerfloor.web.api_common import ApiError, check_td_token, decode_body, read_body

__all__ = ["hand_answer", "mount_dealt_history"]

_bearer = HTTPBearer(auto_error=False)
_POLICY = msgspec.json.Decoder(SpectatorPolicy)
_PHHS = "text/plain; charset=utf-8"


def _json(value: Any, status: int = 200) -> Response:
    return Response(msgspec.json.encode(value), status, media_type="application/json")


def _refusal(error: PokerfloorError, status: int) -> ApiError:
    return ApiError(status, error.code, error.message, dict(error.params))


def _phhs(text: str, name: str) -> Response:
    return Response(
        text,
        media_type=_PHHS,
        headers={"Content-Disposition": f'attachment; filename="{name}.phhs"'},
    )


def hand_answer(hand: DealtHand, td: bool) -> dict[str, Any]:
    """A finished hand's commitments, proofs and the server's check, as JSON (what
    ``pokerfloor verify-deck --url`` reads); the order and secret for the TD only."""
    check = hand_check(hand, td)
    revealed = hand.revealed
    answer: dict[str, Any] = {
        "table_no": hand.table_no,
        "hand_no": hand.hand_no,
        "commitment": hand.dealt.commitment,
        "card_commitments": list(hand.dealt.card_commitments),
        "proofs": [list(proof) for proof in (hand.proven.proofs if hand.proven else ())],
        "check": {
            "ok": check.ok,
            "deck_matches": check.deck_matches,
            "cards_match": check.cards_match,
            "proofs": [[p.position, p.card, p.matches] for p in check.proofs],
        },
    }
    if td and revealed is not None:
        answer["deck"] = list(revealed.deck)
        answer["secret"] = revealed.secret
    return answer


def find_hand(hands: list[DealtHand], table_no: int, hand_no: int) -> DealtHand:
    for hand in hands:
        if hand.hand_no == hand_no:
            return hand
    raise PokerfloorError("NO_SUCH_DEALT_HAND", {"table_no": table_no, "hand_no": hand_no})


def mount_dealt_history(
    app: FastAPI, dealt: DealtService, player_key: Callable[[str, str], str]
) -> DealtSpectators:
    spectators = DealtSpectators(dealt)
    app.state.spectators = spectators

    def require_td(
        request: Request,
        credentials: Annotated[HTTPAuthorizationCredentials | None, Depends(_bearer)],
    ) -> None:
        check_td_token(request.app.state.guard, credentials)

    @app.post("/api/tournaments/{tournament_id}/dealt/spectators",
              dependencies=[Depends(require_td)],
              summary="Spectators allowed or not, and their delay (TD)")  # fmt: skip
    async def choose(tournament_id: str, request: Request) -> Response:
        body = decode_body(_POLICY, await read_body(request, 10_000))
        try:
            chosen = await run_in_threadpool(spectators.choose, tournament_id, body)
        except PokerfloorError as error:
            raise _refusal(error, 422) from error
        return _json(chosen)

    @app.get("/api/tournaments/{tournament_id}/dealt/spectators",
             summary="Whether spectators may watch, and their delay")  # fmt: skip
    async def policy(tournament_id: str) -> Response:
        return _json(await run_in_threadpool(spectators.policy, tournament_id))

    @app.get("/api/tournaments/{tournament_id}/dealt/tables/{table_no}/watch",
             summary="A table as spectators see it, with the TD's delay")  # fmt: skip
    async def watch(tournament_id: str, table_no: int) -> Response:
        try:
            view, _hands = await run_in_threadpool(spectators.watched, tournament_id, table_no)
        except PokerfloorError as error:
            raise _refusal(error, 403) from error
        return _json(view)

    @app.get("/api/tournaments/{tournament_id}/dealt/hands.phhs",
             dependencies=[Depends(require_td)],
             summary="Every finished dealt hand of the tournament as PHH (TD)")  # fmt: skip
    async def tournament_phhs(tournament_id: str) -> Response:
        try:
            file = await run_in_threadpool(spectators.td_phhs, tournament_id)
        except PokerfloorError as error:
            raise _refusal(error, 404) from error
        return _phhs(file.text, f"{tournament_id}-hands")

    @app.get("/api/tournaments/{tournament_id}/dealt/tables/{table_no}/hands.phhs",
             dependencies=[Depends(require_td)],
             summary="A dealt table's finished hands as PHH (TD)")  # fmt: skip
    async def table_phhs(tournament_id: str, table_no: int) -> Response:
        try:
            file = await run_in_threadpool(spectators.td_phhs, tournament_id, table_no)
        except PokerfloorError as error:
            raise _refusal(error, 404) from error
        return _phhs(file.text, f"{tournament_id}-table-{table_no}")

    @app.get("/api/tournaments/{tournament_id}/dealt/players/{player_id}/hands.phhs",
             summary="A player's own dealt hands as PHH (their secret key)")  # fmt: skip
    async def player_phhs(tournament_id: str, player_id: str, key: str) -> Response:
        if not hmac.compare_digest(player_key(tournament_id, player_id), key):
            raise ApiError(403, "BAD_PLAYER_KEY", "this player key is not valid", {})
        try:
            file = await run_in_threadpool(spectators.player_phhs, tournament_id, player_id)
        except PokerfloorError as error:
            raise _refusal(error, 404) from error
        return _phhs(file.text, f"{tournament_id}-{player_id}")

    @app.get("/api/tournaments/{tournament_id}/dealt/tables/{table_no}/hands/{hand_no}",
             summary="A finished hand's commitments, proofs and check")  # fmt: skip
    async def hand(
        tournament_id: str,
        table_no: int,
        hand_no: int,
        request: Request,
        credentials: Annotated[HTTPAuthorizationCredentials | None, Depends(_bearer)],
    ) -> Response:
        td = credentials is not None
        if td:
            check_td_token(request.app.state.guard, credentials)

        def build() -> dict[str, Any]:
            if td:
                hands = spectators.table_hands(tournament_id, table_no)
            else:
                hands = spectators.watched_hands(tournament_id, table_no)
            return hand_answer(find_hand(hands, table_no, hand_no), td)

        try:
            return _json(await run_in_threadpool(build))
        except PokerfloorError as error:
            status = 403 if error.code == "SPECTATORS_NOT_ALLOWED" else 404
            raise _refusal(error, status) from error

    return spectators
