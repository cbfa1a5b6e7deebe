"""A dealt tournament on the live server, set up through the API as the TD would: the
tournament created (a turbo sit-and-go unless ``created`` says otherwise), ``players``
registered ("Joueur n"), seats drawn and buttons placed from ``seed``, the dealt settings
chosen and, unless told otherwise, the clock started."""

from __future__ import annotations

from typing import Any

import httpx

from tests.browser.conftest import LiveServer
from tests.browser.test_console import command


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
