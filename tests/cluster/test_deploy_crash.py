"""Issue 32, item 4: docs/deploy.md's setup started for real on loopback. Debian's nginx with
``docs/deploy/nginx-pokerfloor.conf`` (its ports and certificate paths replaced), HTTPS with a
certificate made here, three ``pokerfloor serve`` with ``--bus`` and ``--trusted-proxy`` on one
PostgreSQL database.

Through the one address: plain HTTP is sent to HTTPS; a tournament is created and driven, and
its event stream (``wss://``) receives every event, those written by a server reached without
the proxy too (the bus). The server nginx chose is then killed with SIGKILL: the next commands
still succeed through the same address, the stream reconnects there with ``after_seq``, and
every acknowledged event is in the log once, seen once by the stream.

Skipped, with the reason, when nginx (``apt-get install nginx-light``), openssl, PostgreSQL or
redis-server is missing.
"""

from __future__ import annotations

import itertools
import os
import shutil
import signal
import ssl
import subprocess
from pathlib import Path
from typing import Any

import httpx
import pytest

from pokerfloor.app._postgres import TemporaryPostgres
from tests.cluster.cluster_processes import Cluster, Subscriber, wait_until
from tests.cluster.redis_process import RedisProcess
from tests.web.server_process import Server, free_port

pytestmark = pytest.mark.skipif(
    not hasattr(signal, "SIGKILL"), reason="needs POSIX signals (SIGKILL)"
)

SITE = Path(__file__).parents[2] / "docs" / "deploy" / "nginx-pokerfloor.conf"
TID = "deployed"
_numbers = itertools.count(1)


def _nginx() -> str:
    found = shutil.which("nginx") or (
        "/usr/sbin/nginx" if os.path.exists("/usr/sbin/nginx") else None
    )
    if found is None:
        pytest.skip("nginx is not installed (apt-get install nginx-light): deployment test skipped")
    if shutil.which("openssl") is None:
        pytest.skip("openssl is not installed: no certificate for the deployment test")
    return found


def certificate(folder: Path) -> tuple[Path, Path]:
    cert, key = folder / "fullchain.pem", folder / "privkey.pem"
    subprocess.run(
        [
            "openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1",
            "-subj", "/CN=localhost", "-addext", "subjectAltName=IP:127.0.0.1,DNS:localhost",
            "-keyout", str(key), "-out", str(cert),
        ],
        check=True,
        capture_output=True,
    )  # fmt: skip
    return cert, key


class Nginx:
    """nginx in the foreground with the documented site, on two free loopback ports."""

    def __init__(self, binary: str, folder: Path, backends: list[int]) -> None:
        self.folder = folder
        self.http_port, self.https_port = free_port(), free_port()
        cert, key = certificate(folder)
        site = SITE.read_text()
        replacements = {
            "listen 80;": f"listen 127.0.0.1:{self.http_port};",
            "listen 443 ssl;": f"listen 127.0.0.1:{self.https_port} ssl;",
            "return 301 https://$host$request_uri;": (
                f"return 301 https://$host:{self.https_port}$request_uri;"
            ),
            "/etc/ssl/pokerfloor/fullchain.pem": str(cert),
            "/etc/ssl/pokerfloor/privkey.pem": str(key),
        }
        for number, port in enumerate(backends, start=1):
            replacements[f"127.0.0.1:800{number} "] = f"127.0.0.1:{port} "
        for old, new in replacements.items():
            assert old in site, f"the documented configuration lost {old!r}"
            site = site.replace(old, new)
        (folder / "site.conf").write_text(site)
        temp = "".join(
            f"    {kind}_temp_path {folder / kind};\n"
            for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi")
        )
        (folder / "nginx.conf").write_text(
            ("user root;\n" if os.geteuid() == 0 else "")
            + f"worker_processes 1;\npid {folder / 'nginx.pid'};\n"
            f"error_log {folder / 'error.log'};\nevents {{ worker_connections 512; }}\n"
            f"http {{\n    access_log {folder / 'access.log'};\n{temp}"
            f"    include {folder / 'site.conf'};\n}}\n"
        )
        with (folder / "stderr.log").open("wb") as errors:
            self.process = subprocess.Popen(
                [binary, "-p", str(folder), "-c", str(folder / "nginx.conf"), "-g", "daemon off;"],
                stdout=subprocess.DEVNULL,
                stderr=errors,
            )
        self.tls = ssl.create_default_context(cafile=str(cert))
        self.url = f"https://127.0.0.1:{self.https_port}"

    def wait_ready(self) -> None:
        def answers() -> bool:
            if self.process.poll() is not None:
                raise AssertionError((self.folder / "stderr.log").read_text())
            try:
                return httpx.get(f"{self.url}/api/tournaments", verify=self.tls).status_code == 200
            except httpx.TransportError:
                return False

        assert wait_until(answers, 60), (self.folder / "error.log").read_text()[-2000:]

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            self.process.wait(timeout=10)


@pytest.fixture
def nginx_binary() -> str:
    return _nginx()


def command(client: httpx.Client, body: dict[str, Any], acknowledged: dict[int, Any]) -> None:
    answer = client.post(f"/api/tournaments/{TID}/commands", json=body)
    assert answer.status_code == 200, answer.text
    for event in answer.json()["events"]:
        assert event["seq"] not in acknowledged
        acknowledged[event["seq"]] = event


def chosen_server(servers: list[Server]) -> Server:
    """The server nginx sent this client to: the one whose log has the creation."""
    for server in servers:
        if '"POST /api/tournaments HTTP' in server.log.read_text():
            return server
    raise AssertionError("no server logged the creation")


def test_item4_three_servers_behind_nginx_with_https_survive_one_killed(
    tmp_path: Path,
    nginx_binary: str,
    postgres_server: TemporaryPostgres,
    redis_server: RedisProcess,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    database = postgres_server.create_database(f"deploy_{next(_numbers)}")
    cluster = Cluster(
        database, redis_server.url, tmp_path, options=["--trusted-proxy", "127.0.0.1"]
    )
    proxy_folder = tmp_path / "nginx"
    proxy_folder.mkdir()
    proxy = Nginx(nginx_binary, proxy_folder, [server.port for server in cluster.servers])
    subscriber: Subscriber | None = None
    acknowledged: dict[int, Any] = {}
    try:
        proxy.wait_ready()
        plain = httpx.get(f"http://127.0.0.1:{proxy.http_port}/", follow_redirects=False)
        assert plain.status_code == 301
        assert plain.headers["location"].startswith(f"https://127.0.0.1:{proxy.https_port}/")

        client = httpx.Client(
            base_url=proxy.url, headers=cluster.headers, verify=proxy.tls, timeout=30.0
        )
        created = client.post(
            "/api/tournaments", json={"tournament_id": TID, "structure": "club-evening"}
        )
        assert created.status_code == 201, created.text
        for event in created.json()["events"]:
            acknowledged[event["seq"]] = event
        wss = proxy.url.replace("https", "wss", 1)
        subscriber = Subscriber([proxy.url, proxy.url], TID, cluster.token, tls=proxy.tls)
        assert subscriber.connected.wait(30)
        assert wss.startswith("wss://")
        for number in range(1, 5):
            body = {"type": "register_player", "player_id": f"P{number}", "name": f"J{number}"}
            command(client, body, acknowledged)

        # A server reached without the proxy: its event reaches the stream through the bus.
        served = chosen_server(cluster.servers)
        other = next(s for s in cluster.servers if s is not served)
        with httpx.Client(base_url=other.url, headers=cluster.headers) as direct:
            body = {"type": "register_player", "player_id": "P5", "name": "J5"}
            command(direct, body, acknowledged)
        assert wait_until(lambda: subscriber is not None and subscriber.received(6))

        served.kill()  # SIGKILL: nginx moves the client to another server
        after: list[dict[str, Any]] = [
            {"type": "register_player", "player_id": "P6", "name": "J6"},
            {"type": "draw_seats", "seed": 3},
            {"type": "place_buttons", "seed": 4},
            {"type": "start_clock"},
        ]
        for body in after:
            command(client, body, acknowledged)
        log = client.get(f"/api/tournaments/{TID}/events").json()["events"]
        client.close()
        count = len(log)
        assert [event["seq"] for event in log] == list(range(1, count + 1))
        assert all(log[seq - 1] == event for seq, event in acknowledged.items())
        assert sorted(acknowledged) == list(range(1, count + 1))
        assert wait_until(lambda: subscriber is not None and subscriber.received(count))
        assert subscriber.saw_all(count)
        assert subscriber.reconnections == 1  # the stream moved with the client
    finally:
        if subscriber is not None:
            subscriber.close()
        proxy.stop()
        cluster.kill_all()
