"""A player's socket read in a thread, and a wait with a deadline for the frame a test expects
(the dealt pushes' tests)."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable

from pokerfloor.app.dealt_service import DealtService
from pokerfloor.dealt.mode import DealtSettings
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


def dealt_venue(
    tournament_id: str, players: int, settings: DealtSettings
) -> tuple[Venue, DealtService]:
    """A turbo tournament of ``players`` at tables of 4, seated, its buttons placed, dealt by
    pokerfloor with ``settings``, its clock started (no hand dealt yet: ``dealt.tick``)."""
    venue = Venue()
    venue.command(tournament_id, type="create_tournament", tournament_id=tournament_id,
                  structure="turbo", table_size=4)  # fmt: skip
    for number in range(1, players + 1):
        venue.command(tournament_id, type="register_player", player_id=f"p{number}",
                      name=f"J {number}")  # fmt: skip
    venue.command(tournament_id, type="draw_seats", seed=2)
    venue.command(tournament_id, type="place_buttons", seed=2)
    dealt: DealtService = venue.td.app.state.dealt  # type: ignore[attr-defined]
    dealt.choose(tournament_id, settings)
    venue.command(tournament_id, type="start_clock")
    return venue, dealt
