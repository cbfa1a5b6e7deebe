"""What the API's routers (web/api_*.py, web/club_api.py, web/dealt_api.py) share, so that all
answer the same way: the API's error, the TD token's check (``require_td``, ``td_reads``), the
tournament service of the application (``Service``), a command's body read and decoded."""

from __future__ import annotations

from typing import Annotated, Any, TypeVar, cast

import msgspec
from fastapi import Depends, Path, Request
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer

from pokerfloor.app.service import TournamentService
from pokerfloor.errors import PokerfloorError
from pokerfloor.messages import refusal_english
from pokerfloor.web.request_guard import CLIENT_ADDRESS
from pokerfloor.web.sessions import Guard, TooManyFailures

__all__ = [
    "ApiError",
    "Bearer",
    "Service",
    "TournamentIdPath",
    "check_td_token",
    "decode_body",
    "read_body",
    "refusal_message",
    "require_td",
    "td_reads",
]

T = TypeVar("T")

TournamentIdPath = Annotated[
    str, Path(min_length=1, max_length=64, pattern=r"^[A-Za-z0-9][A-Za-z0-9_.\-]*$")
]
_bearer = HTTPBearer(auto_error=False, description="the TD token printed at the first start")
# A read's optional TD token: with it, everything; without it, the public part.
Bearer = Annotated[HTTPAuthorizationCredentials | None, Depends(_bearer)]


async def _service(request: Request) -> TournamentService:
    return cast(TournamentService, request.app.state.service)


# The application's tournament service (``create_app`` keeps it in ``app.state.service``).
Service = Annotated[TournamentService, Depends(_service)]


def refusal_message(error: PokerfloorError) -> str:
    """A refusal's English message for the API: the catalogue's sentence of its code, filled
    with its params (the same sentence the pages translate); the text of the raise site only
    for a code the catalogue does not explain yet."""
    return refusal_english(error.code, error.params) or error.message


class ApiError(Exception):
    """An API refusal, answered as ``{code, params, message}`` with ``status``."""

    def __init__(
        self, status: int, code: str, message: str, params: dict[str, Any] | None = None
    ) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message
        self.params = params or {}


def check_td_token(guard: Guard, credentials: HTTPAuthorizationCredentials | None) -> None:
    """Refuse a request without the right TD token: 401, or 429 once the address has sent too
    many wrong ones (the guard's ``FailureLimiter``)."""
    try:
        right = credentials is not None and guard.token_ok(
            CLIENT_ADDRESS.get(), credentials.credentials
        )
    except TooManyFailures as refusal:
        raise ApiError(
            429,
            "TOO_MANY_FAILURES",
            f"too many wrong TD tokens: try again in {refusal.retry_after} s",
            {"retry_after_s": refusal.retry_after},
        ) from None
    if not right:
        raise ApiError(
            401, "UNAUTHORIZED", "commands need the TD token: Authorization: Bearer <token>"
        )


def require_td(request: Request, credentials: Bearer) -> None:
    """A route's dependency: the TD token (``app.state.guard`` checks it), or 401 / 429."""
    check_td_token(request.app.state.guard, credentials)


def td_reads(request: Request, credentials: HTTPAuthorizationCredentials | None) -> bool:
    """A read with the TD token sees everything; without one, the public part (a wrong token
    is refused, as for a command)."""
    if credentials is None:
        return False
    require_td(request, credentials)
    return True


async def read_body(request: Request, max_bytes: int) -> bytes:
    """The request's body, refused (413) past ``max_bytes`` (a whole number of MB), declared
    or sent."""
    too_large = ApiError(
        413, "BODY_TOO_LARGE", f"the request body is over {max_bytes // 1_000_000} MB", {}
    )
    declared = request.headers.get("content-length", "")
    if declared.isdigit() and int(declared) > max_bytes:
        raise too_large
    body = await request.body()
    if len(body) > max_bytes:
        raise too_large
    return body


def decode_body(decoder: msgspec.json.Decoder[T], body: bytes) -> T:
    """``body`` decoded, or the 422 that says whether it is not JSON or not a valid command."""
    try:
        return decoder.decode(body)
    except msgspec.ValidationError as error:
        raise ApiError(
            422, "INVALID_COMMAND", f"the command is not valid: {error}", {"detail": str(error)}
        ) from error
    except (msgspec.DecodeError, UnicodeDecodeError) as error:
        # JSON is UTF-8: invalid bytes inside a string are not JSON either.
        raise ApiError(
            422, "INVALID_JSON", f"the body is not JSON: {error}", {"detail": str(error)}
        ) from error
    except RecursionError:
        # msgspec recurses once per nested array or object: thousands of "[" exhaust the
        # stack. No command nests deeper than a few levels.
        detail = "the JSON nests too deeply"
        raise ApiError(
            422, "INVALID_JSON", f"the body is not JSON: {detail}", {"detail": detail}
        ) from None
