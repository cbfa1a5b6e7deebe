"""The clock screen in a real browser: it ticks by itself with the server's time, follows the TD's
commands without a reload, signals a level change, and comes back after a server restart."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from playwright.sync_api import Page, expect

from tests.browser.conftest import LiveServer
from tests.web import server_process
from tests.web.server_process import Server, read_token


def send(url: str, token: str, tournament_id: str | None, body: dict[str, object]) -> None:
    """A command through the HTTP API, as the TD's console would send it."""
    path = "/api/tournaments" if tournament_id is None else f"/api/tournaments/{tournament_id}"
    if tournament_id is not None:
        path += "/commands"
    response = httpx.post(
        url + path, json=body, headers={"Authorization": f"Bearer {token}"}, timeout=10
    )
    assert response.status_code in (200, 201), response.text


def running_tournament(url: str, token: str, tournament_id: str, players: int = 6) -> None:
    send(url, token, None, {"tournament_id": tournament_id, "structure": "club-evening"})
    for number in range(1, players + 1):
        body = {"type": "register_player", "player_id": f"p{number}", "name": f"Joueur {number}"}
        send(url, token, tournament_id, body)
    for kind in ("draw_seats", "place_buttons"):
        send(url, token, tournament_id, {"type": kind, "seed": 3})
    send(url, token, tournament_id, {"type": "start_clock"})


def mark_page(page: Page) -> None:
    """A flag that a reload would wipe out."""
    page.evaluate("window.notReloaded = true")


def assert_not_reloaded(page: Page) -> None:
    assert page.evaluate("window.notReloaded === true")


def test_the_time_runs_by_itself_and_a_pause_shows_without_reload(
    page: Page, live_server: LiveServer
) -> None:
    running_tournament(live_server.url, live_server.token, "ticks")
    page.goto(f"{live_server.url}/t/ticks/clock?lang=en")
    expect(page.locator(".clock-period")).to_have_text("Level 1")
    mark_page(page)
    time_left = page.locator(".clock-time")
    shown = time_left.inner_text()
    expect(time_left).not_to_have_text(shown, timeout=3000)

    send(live_server.url, live_server.token, "ticks", {"type": "pause_clock"})
    expect(page.locator(".banner-paused")).to_have_text("Paused", timeout=3000)
    frozen = time_left.inner_text()
    page.wait_for_timeout(1500)  # a pushed second or more: the time stands still
    expect(time_left).to_have_text(frozen)
    assert_not_reloaded(page)


def test_a_level_change_flashes_the_screen_in_french(page: Page, live_server: LiveServer) -> None:
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    running_tournament(live_server.url, live_server.token, "levels")
    page.goto(f"{live_server.url}/t/levels/clock?lang=fr")
    expect(page.locator(".clock-period")).to_have_text("Niveau 1")
    sound = page.get_by_role("button", name="Son")
    sound.click()  # the user gesture that allows the tone
    expect(sound).to_have_attribute("aria-pressed", "true")
    expect(page.locator("body")).not_to_have_attribute("data-level-changes", "1")

    send(live_server.url, live_server.token, "levels", {"type": "jump_to_level", "level_index": 5})
    expect(page.locator(".clock-period")).to_have_text("Niveau 6", timeout=3000)
    expect(page.locator("body")).to_have_attribute("data-level-changes", "1")
    expect(page.locator("body")).to_have_class(re.compile(r"\blevel-change\b"))
    expect(page.locator("#clock-announce")).to_contain_text("Niveau 6")
    expect(page.locator(".clock-chip-race")).to_have_text(
        "Chip race : les jetons de 25 (vert) sortent à la pause"
    )
    expect(page.locator("body")).not_to_have_class(re.compile("level-change"), timeout=5000)
    page.keyboard.press("s")  # the sound toggle's shortcut
    expect(sound).to_have_attribute("aria-pressed", "false")
    assert errors == []


@pytest.fixture
def own_server(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[list[Server]]:
    """A server of this test only (it is killed and restarted); the last one is cleaned up."""
    servers = [Server(tmp_path / "pokerfloor.db", tmp_path / "serve.log")]
    # The restarted server takes the same port: the page reconnects to the same address.
    monkeypatch.setattr(server_process, "free_port", lambda: servers[0].port)
    try:
        servers[0].wait_ready()
        yield servers
    finally:
        for server in servers:
            server.kill()


def test_the_screen_comes_back_by_itself_after_a_server_restart(
    page: Page, own_server: list[Server]
) -> None:
    first = own_server[0]
    token = read_token(first.log)
    running_tournament(first.url, token, "restart")
    page.goto(f"{first.url}/t/restart/clock?lang=en")
    expect(page.locator(".clock-period")).to_have_text("Level 1")
    status = page.locator(".live-status")
    expect(status).to_be_hidden()
    mark_page(page)

    first.kill()
    expect(status).to_be_visible(timeout=5000)
    expect(status).to_have_text("Reconnecting…")

    second = Server(first.log.parent / "pokerfloor.db", first.log)
    own_server.append(second)
    assert second.url == first.url
    second.wait_ready()
    expect(status).to_be_hidden(timeout=15000)
    time_left = page.locator(".clock-time")
    shown = time_left.inner_text()
    expect(time_left).not_to_have_text(shown, timeout=3000)
    expect(page.locator(".clock-period")).to_have_text("Level 1")
    assert_not_reloaded(page)
