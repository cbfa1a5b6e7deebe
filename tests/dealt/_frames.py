"""A player's socket read in a thread, and a wait with a deadline for the frame a test expects
(the dealt pushes' tests)."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable

from tests.web.pages.conftest import Venue


def frames_of(venue: Venue, path: str, stop: threading.Event) -> list[str]:
    frames: list[str] = []

    def read() -> None:
        with venue.public.websocket_connect(path) as socket:
            while not stop.is_set():
                try:
                    frames.append(socket.receive_text())
                except Exception:  # the server closed the socket
                    return

    threading.Thread(target=read, daemon=True).start()
    return frames


def wait_for(
    frames: list[str], found: Callable[[str], bool], after: int = 0, seconds: float = 10.0
) -> str:
    """The first frame from ``after`` on that ``found`` accepts."""
    deadline = time.monotonic() + seconds
    seen = after
    while time.monotonic() < deadline:
        while seen < len(frames):
            frame = frames[seen]
            seen += 1
            if found(frame):
                return frame
        time.sleep(0.05)
    raise AssertionError(f"no such frame in {len(frames)}: {frames[-1:]}")
