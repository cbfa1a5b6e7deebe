"""Browser tests: Debian's chromium driven by Playwright (pytest-playwright), against a real
``pokerfloor serve`` process on a fresh SQLite file.

Playwright cannot download its browsers here, so the launch uses ``/usr/bin/chromium``
(``.ci/run`` installs Debian's ``chromium``); the tests skip, saying why, when it is missing.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.web.server_process import Server, read_token

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
