"""Issue 12, findings 2 and 3: TD sessions, WebSocket tickets and the failure limiter."""

from __future__ import annotations

import stat
from pathlib import Path

from pokerfloor.web.sessions import SESSION_SECONDS, FailureLimiter, Sessions, Tickets


class Clock:
    def __init__(self) -> None:
        self.now = 1_000.0

    def __call__(self) -> float:
        return self.now


def test_finding_3_a_session_id_is_random_expires_and_is_revoked_at_logout(
    tmp_path: Path,
) -> None:
    clock = Clock()
    path = tmp_path / "td-sessions.json"
    sessions = Sessions(path, clock)
    first, second = sessions.open(), sessions.open()
    assert first != second and len(first) >= 40
    assert sessions.check(first) and sessions.check(second)
    assert first not in path.read_text()  # only digests are stored
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    sessions.revoke(first)
    assert not sessions.check(first) and sessions.check(second)
    # A restarted server keeps the open sessions, not the revoked ones.
    again = Sessions(path, clock)
    assert again.check(second) and not again.check(first)
    clock.now += SESSION_SECONDS + 1
    assert not again.check(second)


def test_finding_3_replacing_the_token_ends_every_session(tmp_path: Path) -> None:
    sessions = Sessions(tmp_path / "s.json")
    session = sessions.open()
    sessions.revoke_all()
    assert not sessions.check(session)
    assert not Sessions(tmp_path / "s.json").check(session)


def test_finding_3_junk_and_unreadable_files_are_no_sessions(tmp_path: Path) -> None:
    path = tmp_path / "s.json"
    path.write_text("{not json")
    sessions = Sessions(path)
    assert not sessions.check("") and not sessions.check("x" * 10_000)
    assert not sessions.check("junk")


def test_finding_3_a_websocket_ticket_is_used_once_within_a_minute() -> None:
    clock = Clock()
    tickets = Tickets(clock)
    ticket = tickets.issue()
    assert tickets.redeem(ticket) and not tickets.redeem(ticket)
    late = tickets.issue()
    clock.now += 61
    assert not tickets.redeem(late)
    assert not tickets.redeem("") and not tickets.redeem("forged")


def test_finding_2_too_many_failures_from_one_address_are_refused_for_a_minute() -> None:
    clock = Clock()
    limiter = FailureLimiter(limit=3, window=60, clock=clock)
    for _ in range(3):
        assert not limiter.blocked("10.0.0.9")
        limiter.failed("10.0.0.9")
    assert limiter.blocked("10.0.0.9") and not limiter.blocked("10.0.0.10")
    assert 1 <= limiter.retry_after("10.0.0.9") <= 61
    clock.now += 61
    assert not limiter.blocked("10.0.0.9")
