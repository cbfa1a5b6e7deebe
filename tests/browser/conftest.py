"""Browser tests: Debian's chromium driven by Playwright (pytest-playwright), against a real
``pokerfloor serve`` process on a fresh SQLite file.

Playwright cannot download its browsers here, so the launch uses ``/usr/bin/chromium``
(``.ci/run`` installs Debian's ``chromium``); the tests skip, saying why, when it is missing.
"""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
import uvicorn

from tests.web.server_process import Server, free_port, read_token

CHROMIUM = Path(os.environ.get("POKERFLOOR_CHROMIUM", "/usr/bin/chromium"))
CHROMIUM_ARGS = [
    "--headless=new",
    "--no-sandbox",  # CI runs as root, where chromium's sandbox cannot start
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
    "--no-first-run",
]


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    if CHROMIUM.exists():
        return
    skip = pytest.mark.skip(reason=f"no chromium at {CHROMIUM} (apt-get install chromium)")
    for item in items:
        if "tests/browser" in str(item.fspath):
            item.add_marker(skip)


@pytest.fixture(scope="session")
def browser_type_launch_args() -> dict[str, Any]:
    return {"executable_path": str(CHROMIUM), "args": CHROMIUM_ARGS, "headless": True}


@pytest.fixture(scope="session")
def browser_context_args() -> dict[str, Any]:
    return {"viewport": {"width": 1366, "height": 900}, "locale": "fr-FR"}


class LiveServer:
    def __init__(self, server: Server, token: str) -> None:
        self.server = server
        self.url = server.url
        self.token = token


@pytest.fixture(scope="module")
def live_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    """A ``pokerfloor serve`` process with its TD token (read from its first-start output)."""
    folder = tmp_path_factory.mktemp("serve")
    server = Server(folder / "pokerfloor.db", folder / "serve.log")
    try:
        server.wait_ready()
        yield LiveServer(server, read_token(server.log))
    finally:
        server.kill()


def wait_until(page: Any, expression: str, timeout: float = 30.0) -> None:
    """Wait until the JavaScript ``expression`` is true in ``page``. Playwright's own
    ``wait_for_function`` polls with ``eval``, which the pages' Content-Security-Policy
    forbids (no 'unsafe-eval'); ``evaluate`` goes through the debugging protocol instead."""
    import time

    deadline = time.monotonic() + timeout
    while not page.evaluate(expression):
        if time.monotonic() > deadline:
            raise AssertionError(f"still false after {timeout} s: {expression}")
        time.sleep(0.05)


def captain_link(page: Any, live_server: LiveServer, tid: str) -> str:
    """Table 1's captain link as the TD's captains' page gives it, on the test server's address
    (the page may name the laptop's address on the local network)."""
    page.goto(f"{live_server.url}/t/{tid}/captains?lang=fr")
    href = page.locator(f'a[href*="/t/{tid}/table/1?key="]').first.get_attribute("href")
    assert href is not None
    parts = urlsplit(href)
    return f"{live_server.url}{parts.path}?{parts.query}"


def console_and_captain_link(page: Any, live_server: LiveServer, tid: str) -> str:
    """Tournament ``tid`` as test_console's evening sets it up, and the TD signed in on its
    console (1366x768) with the three live sockets open; returns table 1's captain link."""
    # Imported here: those test modules import this one.
    from tests.browser.test_console import COUNT_SOCKETS, LAPTOP, evening
    from tests.browser.test_pages_render import sign_in

    evening(live_server, tid)
    sign_in(page, live_server)
    link = captain_link(page, live_server, tid)
    page.set_viewport_size(LAPTOP)
    page.add_init_script(COUNT_SOCKETS)
    page.goto(f"{live_server.url}/t/{tid}/console?lang=fr")
    wait_until(page, "window.consoleSockets >= 3")  # clock line, tables, floor calls
    return link


class ThreadServer:
    """``app`` served by uvicorn in a thread of this process (the tests then reach its service
    and fake clock directly), on a free port."""

    def __init__(self, app: Any) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        config = uvicorn.Config(app, host="127.0.0.1", port=self.port, log_level="warning")
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, daemon=True)

    def start(self) -> None:
        self.thread.start()
        deadline = time.monotonic() + 20
        while not self.server.started:
            assert time.monotonic() < deadline, "the server did not start"
            time.sleep(0.02)

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=10)
