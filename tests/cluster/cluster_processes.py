"""Helpers of the cluster's fault and deployment tests: three real ``pokerfloor serve`` on one
PostgreSQL database with the Redis bus, and a WebSocket subscriber that, like a phone, moves
to another server when its own dies."""

from __future__ import annotations

import json
import ssl
import threading
import time
from collections.abc import Callable, Sequence
from pathlib import Path

from websockets.exceptions import WebSocketException
from websockets.sync.client import connect

from tests.web.server_process import Server, read_token

__all__ = ["Cluster", "Subscriber", "wait_until"]


def wait_until(condition: Callable[[], bool], seconds: float = 60.0) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.05)
    return condition()


class Cluster:
    """``count`` servers on ``database`` with ``--bus bus_url``; the first creates the TD token
    (in ``XDG_DATA_HOME``, which the caller points at the test's folder), the others read it."""

    def __init__(
        self,
        database: str,
        bus_url: str,
        folder: Path,
        count: int = 3,
        options: Sequence[str] = (),
    ) -> None:
        self.servers: list[Server] = []
        self.database, self.bus_url, self.folder, self.options = database, bus_url, folder, options
        first = self.start(0)
        self.token = read_token(first.log)
        for number in range(1, count):
            self.start(number)
        for server in self.servers:
            server.wait_ready()

    def start(self, number: int) -> Server:
        server = Server(
            self.database,
            self.folder / f"server-{number}.log",
            options=["--host", "127.0.0.1", "--bus", self.bus_url, *self.options],
        )
        if number == 0:
            server.wait_ready()
        self.servers.append(server)
        return server

    @property
    def headers(self) -> dict[str, str]:
        return {"Authorization": f"Bearer {self.token}"}

    def kill_all(self) -> None:
        for server in self.servers:
            server.kill()


class Subscriber:
    """The TD's raw event stream of one tournament, from ``urls[0]``; when that server dies it
    reconnects to the next one with ``after_seq`` (the backlog, then the live events), as a
    phone does. ``seqs``: every sequence number received, in order, repeats included."""

    def __init__(
        self,
        urls: Sequence[str],
        tournament_id: str,
        token: str,
        tls: ssl.SSLContext | None = None,
        path: str = "",
    ) -> None:
        # ``path``: after ``/ws/tournaments/{id}``, e.g. ``/dealt/tables/1`` (a table's events)
        self.path = path
        self.urls = list(urls)
        self.tls = tls
        self.tournament_id = tournament_id
        self.token = token
        self.seqs: list[int] = []
        self.lines: dict[int, dict[str, object]] = {}
        self.reconnections = 0
        self.stop = threading.Event()
        self.connected = threading.Event()
        self.thread = threading.Thread(target=self.run, daemon=True)
        self.thread.start()

    def run(self) -> None:
        for index, url in enumerate(self.urls):
            if index:
                self.reconnections += 1
            last = self.seqs[-1] if self.seqs else 0
            address = f"{url.replace('http', 'ws', 1)}/ws/tournaments/{self.tournament_id}"
            address += self.path
            try:
                with connect(
                    f"{address}?after_seq={last}",
                    additional_headers={"Authorization": f"Bearer {self.token}"},
                    open_timeout=30,
                    ssl=self.tls if address.startswith("wss:") else None,
                ) as socket:
                    self.connected.set()
                    while not self.stop.is_set():
                        try:
                            text = socket.recv(timeout=0.2)
                        except TimeoutError:
                            continue
                        event = json.loads(text)
                        self.seqs.append(event["seq"])
                        self.lines[event["seq"]] = event
                    return
            except (WebSocketException, OSError):
                continue  # that server died: the next one

    def received(self, count: int) -> bool:
        return len(self.seqs) >= count

    def saw_all(self, count: int) -> bool:
        return self.seqs == list(range(1, count + 1))

    def close(self) -> None:
        self.stop.set()
        self.thread.join(timeout=10)
