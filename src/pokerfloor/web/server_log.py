"""What ``pokerfloor serve`` writes to its log, and what it never writes (docs/security.md).

- ``log_config()``: uvicorn's logging set-up with one ``RedactSecrets`` filter on every
  handler. A filter on a handler sees every record that handler writes, whichever logger
  it came from (``uvicorn.error``'s WebSocket lines, ``uvicorn.access``, the application's
  ``pokerfloor``, a library's warning); a filter on one logger would miss the others.
- ``WebSocketOutcomeLog``: uvicorn logs a WebSocket as ``[accepted]`` as soon as the
  application accepts it, but our WebSockets are accepted first and refused right after,
  with a close code the pages read (4401 not allowed, 4404 unknown, 4422 invalid, 4500
  damaged). That line is dropped (``DropEarlyAccepted``) and this middleware writes the
  outcome instead: ``accepted``, or ``refused 4401``.
"""

from __future__ import annotations

import logging
from typing import Any

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from pokerfloor.web.credentials import RedactSecrets

__all__ = ["DropEarlyAccepted", "WebSocketOutcomeLog", "log_config"]

# uvicorn's own line at accept time (protocols/websockets/*_impl.py), matched by its format.
_UVICORN_ACCEPTED = '%s - "WebSocket %s" [accepted]'
_REFUSED_CODES = range(4400, 4600)
_log = logging.getLogger("uvicorn.error")


class DropEarlyAccepted(logging.Filter):
    """Drops uvicorn's ``[accepted]`` WebSocket line (``WebSocketOutcomeLog`` says the truth
    once the application has decided)."""

    def filter(self, record: logging.LogRecord) -> bool:
        return record.msg != _UVICORN_ACCEPTED


def log_config() -> dict[str, Any]:
    """uvicorn's default logging (``uvicorn.config.LOGGING_CONFIG``) with both filters on
    every handler, and the application's ``pokerfloor`` logger written through them too."""
    from uvicorn.config import LOGGING_CONFIG

    config: dict[str, Any] = {
        **LOGGING_CONFIG,
        "filters": {
            "redact": {"()": RedactSecrets},
            "websocket_outcome": {"()": DropEarlyAccepted},
        },
        "handlers": {
            name: {**handler, "filters": ["redact", "websocket_outcome"]}
            for name, handler in LOGGING_CONFIG["handlers"].items()
        },
        "loggers": {
            **LOGGING_CONFIG["loggers"],
            "pokerfloor": {"handlers": ["default"], "level": "INFO", "propagate": False},
        },
    }
    return config


def _client(scope: Scope) -> str:
    client = scope.get("client")
    return f"{client[0]}:{client[1]}" if client else "-"


def _path(scope: Scope) -> str:
    query = bytes(scope.get("query_string", b"")).decode("latin-1")
    return str(scope.get("path", "")) + (f"?{query}" if query else "")


class WebSocketOutcomeLog:
    """ASGI middleware: one line per WebSocket once the application has decided: accepted,
    or refused with its close code (the redaction filter masks the URL's secrets)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "websocket":
            await self.app(scope, receive, send)
            return
        accepted = logged = False

        def say(outcome: str) -> None:
            nonlocal logged
            logged = True
            _log.info('%s - "WebSocket %s" %s', _client(scope), _path(scope), outcome)

        async def watched(message: Message) -> None:
            # Once the line is written, a message costs one test: about ten sends per dealt
            # action go through here (bench/ws_send.py: 220 ns a send before, with a dict).
            nonlocal accepted
            if not logged:
                kind = message["type"]
                if kind == "websocket.accept":
                    accepted = True
                elif accepted and kind == "websocket.close":
                    code = int(message.get("code", 1000))
                    say(f"refused {code}" if code in _REFUSED_CODES else "accepted")
                elif accepted:
                    say("accepted")
            await send(message)

        try:
            await self.app(scope, receive, watched)
        finally:
            if accepted and not logged:
                say("accepted")
