"""Page tests without a browser: FastAPI's test client on the in-memory store, signed in as
the TD, with a clock the test moves (the browser tests are in tests/browser)."""

from __future__ import annotations

import html
import re
import warnings
from collections.abc import Iterator
from typing import Any

import pytest

with warnings.catch_warnings():
    warnings.filterwarnings("ignore", message="Using `httpx` with `starlette.testclient`")
    from fastapi.testclient import TestClient

from pokerfloor.app.commands import COMMAND_DECODER, CREATE_DECODER
from pokerfloor.app.memory_store import MemoryEventStore
from pokerfloor.app.service import TournamentService
from pokerfloor.web import create_app
from pokerfloor.web.pages.common._common import TD_COOKIE
from tests.web.test_api import FakeClock

TOKEN = "td-token-for-the-page-tests-0123"
CAPTAIN_SECRET = b"captain-secret-for-the-page-tests"


def sign_in(client: TestClient, token: str) -> TestClient:
    """Sign ``client`` in as the TD through the login form (its cookie then holds a session
    id), and make its requests come from the server's own pages (``Origin``), as a
    browser's do."""
    client.headers["origin"] = str(client.base_url)
    response = client.post("/login", data={"token": token, "next": "/"}, follow_redirects=False)
    assert response.status_code == 303, response.text
    assert TD_COOKIE in client.cookies
    return client


class Venue:
    """A service, its clock and two clients: the TD's (signed in) and the public's."""

    def __init__(self) -> None:
        self.clock = FakeClock()
        self.service = TournamentService(MemoryEventStore(), self.clock)
        app = create_app(self.service, TOKEN, captain_secret=CAPTAIN_SECRET)
        self.td = sign_in(TestClient(app), TOKEN)
        self.public = TestClient(app)

    def command(self, tournament_id: str, /, **body: Any) -> None:
        """Run a command through the service (set-up for a page test)."""
        import msgspec

        data = msgspec.json.encode(body)
        if body["type"] == "create_tournament":
            self.service.execute(tournament_id, CREATE_DECODER.decode(data))
        else:
            self.service.execute(tournament_id, COMMAND_DECODER.decode(data))

    def evening(self, tournament_id: str = "club", players: int = 20, seed: int = 7) -> None:
        """A tournament with ``players`` registered, seated, buttons placed, clock running."""
        self.command(tournament_id, type="create_tournament", tournament_id=tournament_id)
        for number in range(1, players + 1):
            self.command(
                tournament_id,
                type="register_player",
                player_id=f"p{number}",
                name=f"Joueur {number}",
            )
        self.command(tournament_id, type="draw_seats", seed=seed)
        self.command(tournament_id, type="place_buttons", seed=seed)
        self.command(tournament_id, type="start_clock")


@pytest.fixture
def venue() -> Iterator[Venue]:
    yield Venue()


def words(fragment: str) -> str:
    """The text of an HTML fragment, its white space collapsed."""
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", fragment)).split())


def receive_until(socket: Any, text: str, pushes: int = 5) -> str:
    """The first fragment a live view pushes that holds ``text`` (a clock's view pushes one a
    second)."""
    for _ in range(pushes):
        pushed: str = socket.receive_text()
        if text in pushed:
            return pushed
    raise AssertionError(f"no push with {text!r} in {pushes} pushes")
