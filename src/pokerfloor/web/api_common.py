"""What the tournaments' API (web/api.py) and the clubs' (web/club_api.py) share, so that both
answer the same way: the API's error, the TD token's check, a command's body read and
decoded."""

from __future__ import annotations

from typing import Any, TypeVar

import msgspec
from fastapi import Request
from fastapi.security import HTTPAuthorizationCredentials

from pokerfloor.errors import PokerfloorError
from pokerfloor.messages import refusal_english
from pokerfloor.web.request_guard import CLIENT_ADDRESS
from pokerfloor.web.sessions import Guard, TooManyFailures

__all__ = ["ApiError", "check_td_token", "decode_body", "read_body", "refusal_message"]

T = TypeVar("T")


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
