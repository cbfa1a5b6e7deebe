"""A real ``pokerfloor serve`` process for the tests that need one (crash, browser)."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

import httpx

__all__ = ["PYCACHE", "Server", "free_port", "read_token"]

# The servers' byte code, shared by every test run of this user on this machine (Python
# writes each file atomically and recompiles one whose source changed).
PYCACHE = Path(tempfile.gettempdir()) / f"pokerfloor-tests-pycache-{os.getuid()}"


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


class Server:
    """One ``pokerfloor serve`` process on ``db`` (a SQLite file or a PostgreSQL URL); its
    output goes to ``log`` (a pipe could fill up with access logs and stall the server)."""

    def __init__(
        self, db: Path | str, log: Path, port: int | None = None, options: Sequence[str] = ()
    ) -> None:
        # ``port``: a restarted server takes its predecessor's, so pages reconnect to it.
        # ``options``: more of ``serve``'s options (``--trusted-proxy``...).
        self.port = free_port() if port is None else port
        self.url = f"http://127.0.0.1:{self.port}"
        self.log = log
        # Byte code cached, even where PYTHONDONTWRITEBYTECODE is set, in one folder for every
        # server the tests start (``PYCACHE``): a start then reads its imports' byte code
        # instead of compiling them again (about 3 s of CPU each, when each test had its own).
        env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
        env |= {"PYTHONUNBUFFERED": "1", "PYTHONPYCACHEPREFIX": str(PYCACHE)}
        with log.open("ab") as out:
            out.write(f"\n--- start on port {self.port}\n".encode())
            out.flush()
            self.process = subprocess.Popen(
                [
                    sys.executable,
                    "-m",
                    "pokerfloor.cli.main",
                    "serve",
                    "--db",
                    str(db),
                    "--port",
                    str(self.port),
                    *options,
                ],
                stdout=out,
                stderr=subprocess.STDOUT,
                env=env,
            )

    def wait_ready(self, timeout: float = 120.0) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise AssertionError(f"the server exited:\n{self.log.read_text()[-3000:]}")
            try:
                if httpx.get(f"{self.url}/api/tournaments", timeout=1.0).status_code == 200:
                    return
            except httpx.TransportError:
                pass
            time.sleep(0.02)
        raise AssertionError(f"the server did not answer:\n{self.log.read_text()[-3000:]}")

    def kill(self) -> None:
        if self.process.poll() is None:
            os.kill(self.process.pid, signal.SIGKILL)
        self.process.wait(timeout=10)


def read_token(log: Path) -> str:
    lines = log.read_text().splitlines()
    for number, line in enumerate(lines):
        if line.startswith("Jeton du directeur de tournoi") and number + 1 < len(lines):
            return lines[number + 1].strip()
    raise AssertionError(f"no TD token printed:\n{log.read_text()}")
