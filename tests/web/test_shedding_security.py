"""Issue 27, finding 4 (no shedding of load): a crowd of addresses, each within its own
budget, must not eat the server; the screens and the TD keep reading; the public reads are
rendered once and shared (web/read_budget.py, web/public_reads.py)."""

from __future__ import annotations

import contextlib

from starlette.types import Message, Receive, Scope, Send

from pokerfloor.app.memory_store import MemoryEventStore
from pokerfloor.app.service import TournamentService
from pokerfloor.web import create_app
from pokerfloor.web.pages.common._common import TD_COOKIE
from pokerfloor.web.read_budget import ReadBudget, ReadLimits
from pokerfloor.web.sessions import Guard
from tests.web.test_api import AUTH, TOKEN, FakeClock, TestClient, seated_tournament

LIMITS = ReadLimits(rate=10, burst=40, crowd_rate=150, crowd_burst=300, quiet_rate=60, hold_s=0)


class _Seconds:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


class _Counted:
    """An application that answers 200 and counts what reached it."""

    def __init__(self) -> None:
        self.reached = 0

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        self.reached += 1
        await send({"type": "http.response.start", "status": 200, "headers": []})
        await send({"type": "http.response.body", "body": b"ok"})


def _read(budget: ReadBudget, address: str, cookie: str = "") -> int:
    """One GET of a page from ``address``; its status."""
    answered: list[int] = []
    headers = [(b"cookie", cookie.encode())] if cookie else []
    scope: Scope = {
        "type": "http",
        "method": "GET",
        "path": "/t/t1/clock",
        "headers": headers,
        "client": (address, 5000),
    }

    async def receive() -> Message:
        return {"type": "http.request", "body": b""}

    async def send(message: Message) -> None:
        if message["type"] == "http.response.start":
            answered.append(message["status"])

    # Driven by hand: nothing here waits on a real event (``hold_s`` is 0), and an event
    # loop per read would make the crowds below slow to simulate.
    running = budget(scope, receive, send)
    with contextlib.suppress(StopIteration):
        while True:
            running.send(None)
    return answered[0]


def _budget() -> tuple[ReadBudget, _Counted, _Seconds, Guard]:
    app, clock = _Counted(), _Seconds()
    guard = Guard(lambda token: token == TOKEN)
    return ReadBudget(app, guard, TD_COOKIE, LIMITS, clock=clock), app, clock, guard


def _crowd(budget: ReadBudget, clock: _Seconds, addresses: int, each: int, seconds: float) -> int:
    """``addresses`` clients reading ``each`` times a second for ``seconds``; how many reads
    got through."""
    through = 0
    for _ in range(round(each * seconds)):
        clock.now += 1.0 / each
        for number in range(addresses):
            through += _read(budget, f"127.0.{10 + number // 200}.{number % 200 + 1}") == 200
    return through


def test_finding_4_a_hundred_addresses_within_their_budgets_get_the_crowds_budget_only() -> None:
    budget, _, clock, _ = _budget()
    _crowd(budget, clock, addresses=100, each=10, seconds=1)  # the crowd's burst is spent
    # 100 addresses x 10 reads a second, each within its own budget: 5,000 asked in five
    # seconds. Through: the crowd's budget, and the quiet lane (they read at their rate).
    through = _crowd(budget, clock, addresses=100, each=10, seconds=5)
    assert through <= 5 * (LIMITS.crowd_rate + LIMITS.quiet_rate) + 2
    # Looping faster than their budgets, they soon lose the quiet lane too.
    _crowd(budget, clock, addresses=100, each=20, seconds=3)
    through = _crowd(budget, clock, addresses=100, each=20, seconds=5)
    assert through <= 5 * LIMITS.crowd_rate + 2


def test_finding_4_a_quiet_screen_reads_while_the_crowd_is_refused() -> None:
    budget, _, clock, _ = _budget()
    _crowd(budget, clock, addresses=100, each=20, seconds=2)  # the crowd came first
    screen = []
    for _ in range(8):  # a public screen refreshing every 2.5 s, in twenty seconds of crowd
        _crowd(budget, clock, addresses=100, each=20, seconds=2.5)
        screen.append(_read(budget, "127.0.0.1"))
    # New to the server in the middle of the flood, it earns its quiet with its first wait.
    assert screen[1:] == [200] * 7
    # The crowd itself was refused meanwhile, and never became quiet.
    assert _read(budget, "127.0.10.1") == 429


def test_finding_4_a_looping_address_is_refused_past_its_own_budget() -> None:
    budget, _, _, _ = _budget()
    codes = [_read(budget, "127.0.0.9") for _ in range(60)]
    assert codes[:40] == [200] * 40
    assert set(codes[40:]) == {429}


def test_finding_4_the_signed_in_td_is_never_refused_whatever_the_crowd() -> None:
    budget, _, clock, guard = _budget()
    session = guard.sessions.open()
    _crowd(budget, clock, addresses=100, each=20, seconds=1)
    codes = {_read(budget, "127.0.10.1", cookie=f"{TD_COOKIE}={session}") for _ in range(100)}
    assert codes == {200}
    assert _read(budget, "127.0.10.1", cookie=f"{TD_COOKIE}=junk") == 429


def test_finding_4_the_public_clock_is_rendered_once_per_version_and_second_with_an_etag() -> None:
    clock = FakeClock()
    service = TournamentService(MemoryEventStore(), clock)
    client = TestClient(create_app(service, TOKEN))
    seated_tournament(client, "t1", players=4)
    calls = {"count": 0}
    build = service.clock_screen

    def counted(tournament_id: str) -> dict[str, object]:
        calls["count"] += 1
        return build(tournament_id)

    service.clock_screen = counted  # type: ignore[method-assign]
    first = client.get("/api/tournaments/t1/clock")
    again = client.get("/api/tournaments/t1/clock")
    assert first.status_code == again.status_code == 200
    assert first.content == again.content and calls["count"] == 1
    etag = first.headers["etag"]
    unchanged = client.get("/api/tournaments/t1/clock", headers={"If-None-Match": etag})
    assert unchanged.status_code == 304 and unchanged.content == b""
    assert "content-security-policy" in unchanged.headers
    # A new event (a new version): a new answer.
    command = {"type": "pause_clock" if first.json()["running"] else "start_clock"}
    sent = client.post("/api/tournaments/t1/commands", json=command, headers=AUTH)
    assert sent.status_code == 200, sent.text
    changed = client.get("/api/tournaments/t1/clock")
    assert changed.json()["running"] is not first.json()["running"]
    assert changed.headers["etag"] != etag
    # The next second: made again (the time left is to the second).
    clock.advance(1000)
    client.get("/api/tournaments/t1/clock")
    assert calls["count"] == 3
    # A phone with its language cookie is served the shared answer too.
    french = {"Cookie": "pokerfloor_lang=fr"}
    assert client.get("/api/tournaments/t1/clock", headers=french).status_code == 200
    assert client.get("/api/tournaments/t1/clock", headers=french).status_code == 200
    assert calls["count"] == 4
    # The TD's reads are never served from the shared answers.
    client.get("/api/tournaments/t1/clock", headers=AUTH)
    client.get("/api/tournaments/t1/clock", headers={"Cookie": f"{TD_COOKIE}=a-session"})
    assert calls["count"] == 6
