"""``kill -9`` of a real ``pokerfloor serve`` in the middle of a dealt hand: the restarted
server resumes it at the same action, with the same cards, stacks and the same deadline, and
the hand plays on (issue 31 item 2). Marked ``crash`` (tests/conftest.py)."""

from __future__ import annotations

import re
import time
from pathlib import Path
from typing import Any

import httpx

from tests.web.server_process import Server, read_token

TID = "crash-sng"


def _api(server: Server, token: str, method: str, path: str, **kwargs: Any) -> httpx.Response:
    headers = {"Authorization": f"Bearer {token}"}
    return httpx.request(method, f"{server.url}{path}", headers=headers, timeout=30, **kwargs)


def _links(server: Server, token: str) -> dict[str, str]:
    """The players' secret links, as the TD's dealt page gives them."""
    with httpx.Client(base_url=server.url, timeout=30) as client:
        client.headers["origin"] = server.url
        client.post("/login", data={"token": token, "next": "/"})
        page = client.get(f"/t/{TID}/dealt").text
    return dict(
        (player, href) for href, player in re.findall(r'href="([^"]+)" data-player="([^"]+)"', page)
    )


def _td_table(server: Server, token: str) -> dict[str, Any]:
    answer = _api(server, token, "GET", f"/api/tournaments/{TID}/dealt/tables/1")
    answer.raise_for_status()
    table: dict[str, Any] = answer.json()
    return table


def _wait(check: Any, timeout: float = 30) -> Any:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = check()
        if value:
            return value
        time.sleep(0.1)
    raise AssertionError("timed out")


def test_kill_9_mid_hand_resumes_the_hand_at_the_same_action_with_the_same_deadline(
    tmp_path: Path,
) -> None:
    db, log = tmp_path / "dealt.db", tmp_path / "serve.log"
    server = Server(db, log)
    try:
        server.wait_ready()
        token = read_token(log)
        _api(server, token, "POST", "/api/tournaments",
             json={"type": "create_tournament", "tournament_id": TID, "structure": "turbo"},
             ).raise_for_status()  # fmt: skip
        for number in range(1, 5):
            _api(server, token, "POST", f"/api/tournaments/{TID}/commands",
                 json={"type": "register_player", "player_id": f"p{number}",
                       "name": f"Joueur {number}"}).raise_for_status()  # fmt: skip
        for kind in ("draw_seats", "place_buttons"):
            _api(server, token, "POST", f"/api/tournaments/{TID}/commands",
                 json={"type": kind, "seed": 5}).raise_for_status()  # fmt: skip
        _api(server, token, "POST", f"/api/tournaments/{TID}/dealt",
             json={"action_seconds": 600, "bank_seconds": 0}).raise_for_status()  # fmt: skip
        links = _links(server, token)
        _api(server, token, "POST", f"/api/tournaments/{TID}/commands",
             json={"type": "start_clock"}).raise_for_status()  # fmt: skip
        table = _wait(lambda: _td_table(server, token)["to_act_seat"] and _td_table(server, token))
        seat_players = _seat_players(server)
        # Two calls, then the crash with the third player to act.
        for _ in range(2):
            player = seat_players[table["to_act_seat"]]
            key = links[player].rsplit("/", 1)[1]
            _api(server, token, "POST", f"/api/tournaments/{TID}/dealt/players/{player}/act",
                 params={"key": key}, json={"kind": "call"}).raise_for_status()  # fmt: skip
            table = _td_table(server, token)
        before = _td_table(server, token)
        assert before["to_act_seat"] and before["deadline_ms"]
        server.kill()

        server = Server(db, log, port=server.port)
        server.wait_ready()
        after = _td_table(server, token)
        assert after == before  # same hand, action, cards, stacks, bets and deadline
        player = seat_players[after["to_act_seat"]]
        key = links[player].rsplit("/", 1)[1]
        _api(server, token, "POST", f"/api/tournaments/{TID}/dealt/players/{player}/act",
             params={"key": key}, json={"kind": "call"}).raise_for_status()  # fmt: skip
        assert _td_table(server, token)["to_act_seat"] != after["to_act_seat"]
    finally:
        server.kill()


def _seat_players(server: Server) -> dict[int, str]:
    chart = httpx.get(f"{server.url}/api/tournaments/{TID}/seating", timeout=30).json()
    return {seat["seat_no"]: seat["player_id"] for seat in chart["tables"][0]["seats"]}
