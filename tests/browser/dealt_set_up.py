"""A dealt tournament on the live server, set up through the API as the TD would: the
tournament created (a turbo sit-and-go unless ``created`` says otherwise), ``players``
registered ("Joueur n"), seats drawn and buttons placed from ``seed``, the dealt settings
chosen and, unless told otherwise, the clock started."""

from __future__ import annotations

from typing import Any

import httpx
from playwright.sync_api import Browser, Page

from tests.browser.conftest import LiveServer
from tests.browser.test_console import command
from tests.browser.test_pages_render import sign_in

# The sizes people use: a phone, a TV, the TD's laptop.
PHONE = {"width": 390, "height": 844}
SCREEN = {"width": 1920, "height": 1080}
LAPTOP = {"width": 1366, "height": 768}

# An action clock that does not run out while a test looks at a page.
LONG_CLOCK = {"action_seconds": 120, "bank_seconds": 0, "away_after": 0, "pause_seconds": 1}


def dealt_tournament(
    live_server: LiveServer,
    tournament_id: str,
    players: int,
    settings: dict[str, int],
    *,
    start: bool = True,
    created: dict[str, Any] | None = None,
    seed: int = 3,
) -> None:
    headers = {"Authorization": f"Bearer {live_server.token}"}
    creation = {"type": "create_tournament", "tournament_id": tournament_id, "structure": "turbo"}
    httpx.post(
        f"{live_server.url}/api/tournaments", headers=headers, json=creation | (created or {})
    ).raise_for_status()
    for number in range(1, players + 1):
        command(live_server, tournament_id, type="register_player", player_id=f"p{number}",
                name=f"Joueur {number}")  # fmt: skip
    command(live_server, tournament_id, type="draw_seats", seed=seed)
    command(live_server, tournament_id, type="place_buttons", seed=seed)
    httpx.post(
        f"{live_server.url}/api/tournaments/{tournament_id}/dealt", headers=headers, json=settings
    ).raise_for_status()
    if start:
        command(live_server, tournament_id, type="start_clock")


def bots_on(live_server: LiveServer, tournament_id: str, player_ids: list[str]) -> None:
    """The simulator's bots take these players' seats (through the TD's API)."""
    headers = {"Authorization": f"Bearer {live_server.token}"}
    for player_id in player_ids:
        httpx.post(
            f"{live_server.url}/api/tournaments/{tournament_id}/dealt/bots",
            headers=headers,
            json={"player_id": player_id, "policy": "tag"},
        ).raise_for_status()


def td_page(browser: Browser, live_server: LiveServer, path: str) -> Page:
    """The TD signed in on a laptop, in French, at ``path``."""
    td = browser.new_context(viewport=LAPTOP, locale="fr-FR").new_page()
    sign_in(td, live_server)
    td.goto(f"{live_server.url}{path}")
    return td
