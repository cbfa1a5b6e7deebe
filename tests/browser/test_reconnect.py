"""Live pages come back within seconds of a server restart (issue 13, item 5): a captain's phone
(390x844, touch) and the clock screen are open, the real ``pokerfloor serve`` process is killed
(SIGKILL) and started again on the same database and port; the time from the new server being
ready to each page being live again (no ``offline`` class, and showing an event recorded after
the restart, so a fresh push reached it) is measured and printed (``-s`` shows it).

The requirement is 5 s, measured by ``bench/reconnect.py`` (no timing is asserted in the
tests); ``static/app.js`` retries about every second (the ws extension's default backoff grows
to a minute).
"""

from __future__ import annotations

import re
import signal
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from urllib.parse import urlsplit

import httpx
import pytest
from playwright.sync_api import Browser, Page, ViewportSize

from tests.web.server_process import Server, read_token

pytestmark = pytest.mark.skipif(
    not hasattr(signal, "SIGKILL"), reason="needs POSIX signals (SIGKILL)"
)

STATIC = Path(__file__).resolve().parents[2] / "src" / "pokerfloor" / "web" / "static"
TARGET_S = 5.0  # the requirement
# How long the server stays down: the ws extension's default backoff (a random delay up to
# 1, 2, 4 ... 64 s) has then grown past the target, the delays app.js sets have not.
DOWN_S = 8.0
TID = "restart"
PHONE: ViewportSize = {"width": 390, "height": 844}
TV: ViewportSize = {"width": 1280, "height": 720}
# Counts the pushes a page receives (an init script: the Content-Security-Policy does not
# apply to it).
COUNT_PUSHES = """
window.pushes = 0;
document.addEventListener("htmx:wsAfterMessage", function () { window.pushes += 1; });
"""
OFFLINE = "document.body.classList.contains('offline')"


@dataclass(frozen=True)
class Reconnection:
    """Seconds from the restarted server being ready to each page being live again."""

    phone_s: float
    clock_s: float

    @property
    def slowest_s(self) -> float:
        return max(self.phone_s, self.clock_s)


def _command(url: str, token: str, body: Mapping[str, object]) -> None:
    path = "/api/tournaments" if body.get("type") is None else f"/api/tournaments/{TID}/commands"
    answer = httpx.post(
        url + path, json=body, headers={"Authorization": f"Bearer {token}"}, timeout=10
    )
    assert answer.status_code in (200, 201), answer.text


def _evening(url: str, token: str) -> None:
    """12 players on two tables, buttons placed, clock running."""
    _command(url, token, {"tournament_id": TID, "structure": "club-evening"})
    for number in range(1, 13):
        body = {"type": "register_player", "player_id": f"p{number}", "name": f"Joueur {number}"}
        _command(url, token, body)
    for kind in ("draw_seats", "place_buttons"):
        _command(url, token, {"type": kind, "seed": 3})
    _command(url, token, {"type": "start_clock"})


def _captain_path(url: str, token: str) -> str:
    """Table 1's captain link, read on the TD's captains page (path and key)."""
    with httpx.Client(base_url=url, timeout=10) as td:
        signed = td.post("/login", data={"token": token, "next": "/"})
        assert signed.status_code in (200, 303), signed.text
        page = td.get(f"/t/{TID}/captains").text
    found = re.search(rf'href="([^"]*/t/{TID}/table/1\?key=[^"]+)"', page)
    assert found is not None, page[-2000:]
    link = urlsplit(found.group(1).replace("&amp;", "&"))
    return f"{link.path}?{link.query}"


def _live_again(page: Page, check: str) -> bool:
    return bool(page.evaluate(f"!{OFFLINE} && window.pushes > window.pushesAtKill && {check}"))


def _wait(condition: Callable[[], object], timeout: float, what: str) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"still not {what} after {timeout} s")
        time.sleep(0.02)


def measure_reconnection(browser: Browser, folder: Path) -> Reconnection:
    """One restart: a server on a fresh database in ``folder``, the two pages, the kill, the
    restart on the same port, then the time until each page is live again."""
    db, log = folder / "pokerfloor.db", folder / "serve.log"
    first = Server(db, log)
    servers = [first]
    phone = browser.new_context(
        viewport=PHONE,
        locale="fr-FR",
        has_touch=True,
        is_mobile=True,
    )
    room = browser.new_context(viewport=TV, locale="fr-FR")
    try:
        first.wait_ready()
        token = read_token(log)
        _evening(first.url, token)
        captain, clock = phone.new_page(), room.new_page()
        for page in (captain, clock):
            page.add_init_script(COUNT_PUSHES)
        captain.goto(first.url + _captain_path(first.url, token))
        clock.goto(f"{first.url}/t/{TID}/clock?lang=fr")
        for page in (captain, clock):
            _wait(partial(page.evaluate, f"window.pushes > 0 && !{OFFLINE}"), 15, "live")

        first.kill()
        for page in (captain, clock):
            _wait(partial(page.evaluate, OFFLINE), 10, "offline")
            page.evaluate("window.pushesAtKill = window.pushes")
        # Down for a while, as a real restart is: an exponential backoff has grown by then.
        time.sleep(DOWN_S)
        second = Server(db, log, port=first.port)
        servers.append(second)
        second.wait_ready()
        ready = time.monotonic()
        # An event after the restart: hand 1 of table 1 with a bust, which both pages show.
        chart = httpx.get(f"{second.url}/api/tournaments/{TID}/seating", timeout=10).json()
        table = chart["tables"][0]
        stacks = {seat["player_id"]: seat["stack"] for seat in table["seats"]}
        _command(second.url, token, {
            "type": "record_hand", "table_no": table["table_no"], "hand_no": 1,
            "final_stacks": stacks, "busted": [table["seats"][0]["player_id"]],
        })  # fmt: skip
        checks = {
            "phone": (captain, "document.querySelector('#captain-hand h2').textContent"
                               ".includes('Main 2')"),
            "clock": (clock, "document.querySelector('.clock-stats').textContent"
                             ".includes('11 / 12')"),
        }  # fmt: skip
        seconds: dict[str, float] = {}
        deadline = ready + 30
        while len(seconds) < len(checks) and time.monotonic() < deadline:
            for name, (page, check) in checks.items():
                if name not in seconds and _live_again(page, check):
                    seconds[name] = time.monotonic() - ready
            time.sleep(0.02)
        missing = sorted(set(checks) - set(seconds))
        assert not missing, f"not live 30 s after the restart: {missing}"
        return Reconnection(seconds["phone"], seconds["clock"])
    finally:
        phone.close()
        room.close()
        for server in servers:
            server.kill()


def test_a_phone_and_the_clock_are_live_again_after_a_server_restart(
    browser: Browser, tmp_path: Path
) -> None:
    measured = measure_reconnection(browser, tmp_path)
    print(
        f"\nreconnection after a restart: captain's phone {measured.phone_s:.2f} s, "
        f"clock screen {measured.clock_s:.2f} s (target {TARGET_S:.0f} s)"
    )
    # Both pages came back (measure_reconnection fails otherwise); the 5 s target itself is
    # checked by bench/reconnect.py: the test suite asserts no timing (a loaded CI machine is
    # not a measurement). What makes the target reachable is asserted instead: the retry delay
    # never grows past 1.5 s, whatever the number of failed attempts.
    assert measured.phone_s > 0 and measured.clock_s > 0


def test_the_retry_delay_stays_short_however_long_the_server_was_down(
    browser: Browser, tmp_path: Path
) -> None:
    """htmx's ws extension doubles its delay up to a minute by default (a phone took 70 s to
    come back): app.js keeps every retry under 1.5 s."""
    page = browser.new_page()
    page.goto("about:blank")
    page.set_content("<html><body></body></html>")
    page.add_script_tag(path=str(STATIC / "vendor" / "htmx.min.js"))
    page.add_script_tag(path=str(STATIC / "app.js"))
    delays = page.evaluate("[0, 1, 2, 5, 10, 30].map(n => htmx.config.wsReconnectDelay(n))")
    assert len(delays) == 6 and all(0 < delay <= 1500 for delay in delays), delays
    page.close()
