"""A throwaway ``redis-server`` (Debian's) on a free loopback port, for the cluster tests."""

from __future__ import annotations

import shutil
import socket
import subprocess
import time
from pathlib import Path

from tests.web.server_process import free_port

__all__ = ["RedisProcess", "RedisUnavailable"]


class RedisUnavailable(RuntimeError):
    """redis-server is not installed or does not start; the message says why."""


class RedisProcess:
    """``redis-server`` with no persistence, on ``127.0.0.1:port``; ``stop`` and ``start``
    again on the same port (the bus reconnects to it)."""

    def __init__(self, folder: Path) -> None:
        binary = shutil.which("redis-server")
        if binary is None:
            raise RedisUnavailable("redis-server is not installed (apt-get install redis-server)")
        self.binary = binary
        self.folder = folder
        self.port = free_port()
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.process: subprocess.Popen[bytes] | None = None
        self.start()

    def start(self) -> None:
        command = [
            self.binary,
            "--port",
            str(self.port),
            "--bind",
            "127.0.0.1",
            "--save",
            "",
            "--appendonly",
            "no",
            "--dir",
            str(self.folder),
        ]
        with (self.folder / "redis.log").open("ab") as out:
            self.process = subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                tail = (self.folder / "redis.log").read_text(errors="replace")[-600:]
                raise RedisUnavailable(f"redis-server exited: {tail}")
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=0.5) as probe:
                    probe.sendall(b"PING\r\n")
                    if probe.recv(16).startswith(b"+PONG"):
                        return
            except OSError:
                pass
            time.sleep(0.05)
        self.stop()
        raise RedisUnavailable("redis-server did not answer within 20 s")

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.kill()
            self.process.wait(timeout=10)
        self.process = None
