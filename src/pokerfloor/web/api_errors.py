"""How the application answers an error: every one is JSON ``{code, params, message}`` for the
API, a page in the visitor's language for a browser (docs/api.md).

401 without the TD token on a command, 404 for an unknown tournament or path, 409 when the
tournament refuses a command in its current state (or a concurrent writer won), 413 for a body
over 1 MB, 422 when the request is malformed (the ``params`` name the field), 500
``TOURNAMENT_DAMAGED`` for a tournament whose stored log cannot be replayed (the others keep
working), 503 ``STORE_BUSY`` / 507 ``STORE_FULL`` when the database is locked by another process
or full (nothing written; send it again).
"""

from __future__ import annotations

from typing import Any

import msgspec
from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, Response
from starlette.exceptions import HTTPException as StarletteHTTPException

from pokerfloor.app.service import TournamentDamaged
from pokerfloor.errors import PokerfloorError
from pokerfloor.web.api_common import ApiError, refusal_message
from pokerfloor.web.pages import damaged_page, error_page

__all__ = ["STORE_STATUS", "error_response", "install_error_handlers", "jsonable", "refusal"]

# The status of a refusal that reached the application's handler (a page that did not catch
# it): what does not exist is a 404 page, a damaged club a 500 like a damaged tournament.
_NOT_FOUND_CODES = (
    "TOURNAMENT_NOT_FOUND", "CLUB_NOT_FOUND", "UNKNOWN_CLUB_EVENT", "UNKNOWN_MEMBER",
    "UNKNOWN_SEASON", "UNKNOWN_PLAYER", "UNKNOWN_TABLE",
)  # fmt: skip
# The HTTP status of the store's refusals: the request was fine, try it again later.
STORE_STATUS = {"STORE_BUSY": 503, "STORE_FULL": 507, "STORE_UNAVAILABLE": 503}

_UNANSWERED_STATUS = {
    **dict.fromkeys(_NOT_FOUND_CODES, 404),
    **STORE_STATUS,
    "CLUB_DAMAGED": 500,
    "TOURNAMENT_DAMAGED": 500,
}


def error_response(
    status: int, code: str, message: str, params: dict[str, Any] | None = None
) -> Response:
    body = {"code": code, "params": params or {}, "message": message}
    headers = {"WWW-Authenticate": "Bearer"} if status == 401 else None
    return JSONResponse(body, status_code=status, headers=headers)


def refusal(error: PokerfloorError, status: int) -> ApiError:
    """A tournament's refusal as the API answers it: ``status`` unless the code has its own."""
    if error.code == "TOURNAMENT_NOT_FOUND":
        status = 404
    elif error.code == "TOURNAMENT_DAMAGED":
        status = 500  # the request is fine, the stored data is not: the server's fault
    elif error.code in ("VERSION_CONFLICT", "TOURNAMENT_EXISTS"):
        status = 409
    elif error.code in STORE_STATUS:
        status = STORE_STATUS[error.code]
    return ApiError(status, error.code, refusal_message(error), jsonable(error.params))


def jsonable(params: dict[str, Any]) -> dict[str, Any]:
    try:
        # Through JSON and back: an inf or a nan becomes null (the response would fail on it).
        value: dict[str, Any] = msgspec.json.decode(
            msgspec.json.encode(msgspec.to_builtins(params, str_keys=True))
        )
        return value
    except (TypeError, ValueError, msgspec.MsgspecError):
        return {key: str(value) for key, value in params.items()}


def _wants_page(request: Request) -> bool:
    return not request.url.path.startswith("/api/") and "text/html" in request.headers.get(
        "accept", ""
    )


def install_error_handlers(app: FastAPI) -> None:
    """The application's exception handlers: the API's errors, malformed requests, damaged
    tournaments, refusals no route answered, and Starlette's own 404 / 405."""

    @app.exception_handler(ApiError)
    async def api_error(request: Request, error: ApiError) -> Response:
        return error_response(error.status, error.code, error.message, error.params)

    @app.exception_handler(RequestValidationError)
    async def invalid_request(request: Request, error: RequestValidationError) -> Response:
        problems = [
            {"loc": [str(part) for part in item.get("loc", ())], "msg": str(item.get("msg", ""))}
            for item in error.errors()
        ]
        where = ", ".join(".".join(problem["loc"]) for problem in problems)
        return error_response(
            422, "INVALID_REQUEST", f"invalid request: {where}", {"errors": problems}
        )

    @app.exception_handler(TournamentDamaged)
    async def damaged(request: Request, error: TournamentDamaged) -> Response:
        # A page of a damaged tournament: a page for a browser, else the API's JSON error.
        if _wants_page(request):
            return damaged_page(request, error)
        return error_response(500, error.code, refusal_message(error), jsonable(error.params))

    @app.exception_handler(PokerfloorError)
    async def unanswered(request: Request, error: PokerfloorError) -> Response:
        """A refusal no route turned into an answer (issue 27): an unknown id is a 404, a
        damaged club is answered like a damaged tournament, the store's refusals keep their
        status; a page for a browser, the API's JSON otherwise."""
        status = _UNANSWERED_STATUS.get(error.code, 500)
        if _wants_page(request):
            return error_page(request, status, error)
        return error_response(status, error.code, refusal_message(error), jsonable(error.params))

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, error: StarletteHTTPException) -> Response:
        code = {404: "NOT_FOUND", 405: "METHOD_NOT_ALLOWED"}.get(error.status_code, "HTTP_ERROR")
        return error_response(error.status_code, code, str(error.detail), {})
