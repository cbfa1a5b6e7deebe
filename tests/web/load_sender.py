"""The crash tests' load (tests/web/test_crash.py, test_club_crash.py): threads that send
commands to a real server until it is killed, and the kill itself."""

from __future__ import annotations

import threading
import time
from collections.abc import Sequence

import httpx

from tests.web.server_process import Server

__all__ = ["LoadSender", "kill_under_load"]


class LoadSender:
    """Calls ``send_one`` in a thread until the server dies or ``stop`` is set; any other
    failure is kept in ``error`` for the test to raise."""

    def __init__(self, client: httpx.Client) -> None:
        self.client = client
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self.run, daemon=True)
        self.error: BaseException | None = None

    def run(self) -> None:
        try:
            while not self.stop.is_set():
                self.send_one()
        except httpx.TransportError:
            pass  # the server was killed
        except BaseException as error:
            self.error = error
        finally:
            self.client.close()

    def send_one(self) -> None:
        raise NotImplementedError


def kill_under_load(server: Server, senders: Sequence[LoadSender], seconds: float) -> None:
    """Start ``senders``, SIGKILL ``server`` after ``seconds`` and stop them; raises what a
    sender failed with."""
    for sender in senders:
        sender.thread.start()
    time.sleep(seconds)
    server.kill()
    for sender in senders:
        sender.stop.set()
        sender.thread.join(timeout=30)
        assert not sender.thread.is_alive()
        if sender.error is not None:
            raise sender.error
