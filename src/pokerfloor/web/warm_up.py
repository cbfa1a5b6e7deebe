"""Everything a first request would pay for, done by ``pokerfloor serve`` before it listens.

Profiled in issue 27 (``bench/hostile.py``'s readers alone, py-spy on the server): the first
clock page took 0.7-1.6 s and the first console 1.3-3 s, where the next ones took tens of
milliseconds. That first read paid for compiling its Jinja templates (about 60% of it),
parsing the French ``.po`` catalogues and Babel's locale data (the first number formatted),
and FastAPI's routing tables, built at the first request that walks them. A TV switched on
after the server, or a console opened mid-evening, then waited a second or more.

``warm_up(app)`` does all that once, in the server's process, before uvicorn accepts a
connection: every template compiled (one environment shared by every app of the process,
``pages._common.make_environment``), both languages' catalogues and formats loaded, every
rule profile read, each stored tournament replayed into memory (what the home page's listing
does), and one request through the whole application on a path no route has (so every router
builds its matching table). It changes nothing stored and answers nothing to anyone.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import MutableMapping
from dataclasses import dataclass
from typing import Any

from fastapi import FastAPI

from pokerfloor.rules import bundled_profile_ids, load_profile
from pokerfloor.web import i18n

__all__ = ["WARM_UP_PATH", "WarmedUp", "warm_up"]

# A path no route answers: its request walks every router (and gets a 404).
WARM_UP_PATH = "/.well-known/pokerfloor-warm-up"


@dataclass(frozen=True)
class WarmedUp:
    """What ``warm_up`` did: the templates compiled, the tournaments replayed, the status of
    the request it sent through the application, and how long it all took (ms)."""

    templates: int
    tournaments: int
    routing_status: int
    ms: int


def warm_up(app: FastAPI) -> WarmedUp:
    """Pay the first request's costs now (module docstring); ``app`` from ``create_app``."""
    started = time.perf_counter()
    pages = app.state.pages
    names = pages.env.list_templates(extensions=("html",))
    for name in names:
        pages.env.get_template(name)
    for language in i18n.LOCALES:
        i18n.catalogue(language)
        with i18n.use_locale(language):
            i18n.format_number(12345)
            i18n.format_cents(123450)
            i18n.format_ratio(0.5)
            i18n.format_date("2026-01-31")
            i18n.format_time_of_day(0)
    for profile_id in bundled_profile_ids():
        load_profile(profile_id)
    tournaments = len(pages.service.listing())
    status = asyncio.run(_through_the_app(app))
    return WarmedUp(
        templates=len(names),
        tournaments=tournaments,
        routing_status=status,
        ms=round((time.perf_counter() - started) * 1000),
    )


async def _through_the_app(app: FastAPI) -> int:
    """One GET of ``WARM_UP_PATH`` through the application (its middleware and every router),
    in this process; the answer's status."""
    scope: dict[str, Any] = {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": "GET",
        "scheme": "http",
        "path": WARM_UP_PATH,
        "raw_path": WARM_UP_PATH.encode(),
        "query_string": b"",
        "root_path": "",
        "headers": [(b"host", b"127.0.0.1")],
        "client": ("127.0.0.1", 0),
        "server": ("127.0.0.1", 0),
    }
    status = 0
    asked = False
    answered = asyncio.Event()

    async def receive() -> dict[str, Any]:
        nonlocal asked
        if asked:  # the client leaves once the whole answer is sent, as a browser would
            await answered.wait()
            return {"type": "http.disconnect"}
        asked = True
        return {"type": "http.request", "body": b"", "more_body": False}

    async def send(message: MutableMapping[str, Any]) -> None:
        nonlocal status
        if message["type"] == "http.response.start":
            status = message["status"]
        elif message["type"] == "http.response.body" and not message.get("more_body"):
            answered.set()

    await app(scope, receive, send)
    return status
