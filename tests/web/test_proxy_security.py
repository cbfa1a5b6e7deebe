"""Issue 27, finding 4 behind a reverse proxy: the per-address limits must see the players'
addresses, not the proxy's, and only a proxy the TD named may say who the player is
(``pokerfloor serve --trusted-proxy``, docs/security.md)."""

from __future__ import annotations

import socket
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pokerfloor.cli.main import app
from tests.web.server_process import Server

PROXY = "127.0.0.5"
STRANGER = "127.0.0.6"


@pytest.fixture(scope="module")
def proxied(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    folder = tmp_path_factory.mktemp("proxied")
    server = Server(folder / "db.sqlite", folder / "server.log", options=["--trusted-proxy", PROXY])
    try:
        server.wait_ready()
        yield server
    finally:
        server.kill()


def _burst(server: Server, source: str, forwarded: list[str]) -> list[int]:
    """One read per forwarded address, all sent at once on their own connections from
    ``source`` (a slow machine cannot let the budget refill between them); their statuses."""
    request = "GET /api/tournaments HTTP/1.1\r\nHost: x\r\nX-Forwarded-For: {}\r\n\r\n"
    held = [
        socket.create_connection(("127.0.0.1", server.port), timeout=30, source_address=(source, 0))
        for _ in forwarded
    ]
    try:
        for connection, player in zip(held, forwarded, strict=True):
            connection.sendall(request.format(player).encode())
        return [int(connection.recv(64).split(b" ")[1]) for connection in held]
    finally:
        for connection in held:
            connection.close()


def test_finding_4_behind_a_trusted_proxy_each_player_has_their_own_read_budget(
    proxied: Server,
) -> None:
    # 80 reads at once through the proxy (more connections than one address may hold): past
    # the player's burst of 40 (and what refilled while they were sent), 429.
    loud = _burst(proxied, PROXY, ["10.0.0.1"] * 80)
    assert 40 <= loud.count(200) < 80 and 429 in loud
    # Another player behind the same proxy is not paying for the first one.
    assert _burst(proxied, PROXY, ["10.0.0.2"] * 10) == [200] * 10
    assert "10.0.0.1:" in proxied.log.read_text(encoding="utf-8", errors="replace")


def test_finding_4_a_forwarded_address_from_anyone_else_is_not_believed(proxied: Server) -> None:
    # Rotating X-Forwarded-For from an address that is not the proxy buys nothing: the
    # limits and the log see the connection's own address.
    codes: list[int] = []
    for first in (7, 8, 9):  # 90 reads in three bursts (an address holds 32 connections)
        codes += _burst(proxied, STRANGER, [f"10.{first}.{n}.1" for n in range(30)])
    assert 429 in codes
    log = proxied.log.read_text(encoding="utf-8", errors="replace")
    assert f"{STRANGER}:" in log and "10.9.1.1" not in log


def test_finding_4_a_trusted_proxy_may_hold_more_connections_than_one_address(
    proxied: Server,
) -> None:
    assert _burst(proxied, PROXY, [f"10.1.1.{n}" for n in range(40)]) == [200] * 40


def test_finding_4_a_trusted_proxy_that_is_not_an_address_is_refused_in_both_languages(
    tmp_path: Path,
) -> None:
    result = CliRunner().invoke(
        app, ["serve", "--db", str(tmp_path / "x.db"), "--trusted-proxy", "the-proxy"]
    )
    assert result.exit_code == 2
    assert "BAD_TRUSTED_PROXY" in result.output
    assert "n'est ni une adresse IP ni un réseau" in result.output
    assert "is neither an IP address nor a network" in result.output
