"""The room's screen on a 1920x1080 TV, in a real browser: the TD sets the message and the logo
from the clock's TD panel and the screen shows them at once, with the time of day and the chips
in play; "Enable sound" is remembered; the level-change sound starts once per level, the
one-minute sound once when a minute is left; at the end, the winner and the prizes. Nothing
runs off the screen's edges. Screenshots: ``POKERFLOOR_SCREENSHOTS`` (a folder) keeps them."""

from __future__ import annotations

import os
import re
import struct
import zlib
from pathlib import Path

import httpx
from playwright.sync_api import Page, expect

from tests.browser.conftest import LiveServer, wait_until

TV = {"width": 1920, "height": 1080}
TID = "salle"


def send(live_server: LiveServer, body: dict[str, object], create: bool = False) -> None:
    path = "/api/tournaments" if create else f"/api/tournaments/{TID}/commands"
    headers = {"Authorization": f"Bearer {live_server.token}"}
    response = httpx.post(live_server.url + path, json=body, headers=headers, timeout=10)
    assert response.status_code in (200, 201), response.text


def logo_png(width: int = 160, height: int = 80) -> bytes:
    """A small opaque green PNG, written by hand (no imaging library)."""
    row = b"\x00" + bytes((22, 101, 52)) * width
    raw = row * height

    def chunk(kind: bytes, data: bytes) -> bytes:
        crc = zlib.crc32(kind + data) & 0xFFFFFFFF
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", crc)

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(raw))
        + chunk(b"IEND", b"")
    )


def shoot(page: Page, name: str, folder: Path) -> None:
    """A screenshot of the TV, kept where ``POKERFLOOR_SCREENSHOTS`` says (else the test's
    temporary folder)."""
    chosen = Path(os.environ.get("POKERFLOOR_SCREENSHOTS", folder))
    chosen.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(chosen / f"{name}.png"))


def assert_nothing_runs_off_the_screen(page: Page) -> None:
    """No line of the screen is cut by its edges or crowds its bottom border (a TV crops a
    little: 1 % of the height stays free below the last line)."""
    boxes = page.evaluate(
        """() => Array.from(document.querySelectorAll(
              '#clock-screen .clock-top, #clock-screen .clock-message, #clock-screen dl,'
              + ' #clock-screen .clock-podium, #clock-screen .clock-chip-race'))
            .map(e => { const r = e.getBoundingClientRect();
                        return [e.className, r.left, r.right, r.bottom]; })"""
    )
    assert boxes
    for name, left, right, bottom in boxes:
        assert left >= 0 and right <= TV["width"], f"{name} runs off the sides: {left}-{right}"
        assert bottom <= TV["height"] * 0.99, f"{name} crowds the bottom: {bottom}"
    scroll = page.evaluate("document.documentElement.scrollHeight")
    assert scroll <= TV["height"]


def test_the_room_screen_at_1920x1080(page: Page, live_server: LiveServer, tmp_path: Path) -> None:
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.set_viewport_size(TV)  # type: ignore[arg-type]
    grid = {"name": "shares", "basis_points": [5000, 3000, 2000]}
    send(live_server, {"tournament_id": TID, "structure": "club-evening", "payouts": grid}, True)
    for number, name in enumerate(("Alice Martin", "Bruno Leroy", "Chloé Petit", "David Roux"), 1):
        send(live_server, {"type": "register_player", "player_id": f"p{number}", "name": name})
    for kind in ("draw_seats", "place_buttons"):
        send(live_server, {"type": kind, "seed": 3})
    send(live_server, {"type": "start_clock"})

    # The TD signs in and opens the clock with its panel.
    page.goto(f"{live_server.url}/login?next=/t/{TID}/clock&lang=fr")
    page.get_by_label("Jeton TD").fill(live_server.token)
    page.get_by_role("button", name="Se connecter").click()
    expect(page.locator(".clock-period")).to_have_text("Niveau 1")
    page.locator("#clock-room > summary").click()
    page.get_by_label("Nom du club").fill("Poker Club de l'Erdre")
    page.get_by_label("Ligne de message").fill("Buffet à 21 h — dernière recave à la pause")
    page.get_by_role("button", name="Afficher à l'écran").click()
    expect(page.locator("#flash")).to_have_text("L'écran de la salle est à jour.")
    expect(page.locator(".clock-message")).to_have_text(
        "Buffet à 21 h — dernière recave à la pause"
    )
    expect(page.locator(".clock-club-name")).to_have_text("Poker Club de l'Erdre")
    page.get_by_label(re.compile("Logo du club")).set_input_files(
        {"name": "logo.png", "mimeType": "image/png", "buffer": logo_png()}
    )
    page.get_by_role("button", name="Afficher le logo").click()
    expect(page.locator("#flash")).to_have_text("Le logo est affiché sur l'écran de la salle.")
    wait_until(page, "(document.querySelector('.clock-logo') || {}).naturalWidth === 160")
    page.locator("#clock-room > summary").click()  # closed: the TV shows nothing of it

    # The time of day, and the chips in play by colour with their total.
    expect(page.locator(".clock-now-time")).to_have_text(re.compile(r"^\d\d:\d\d$"))
    expect(page.locator(".clock-chip-list li")).to_have_count(5)
    expect(page.locator(".clock-chip-list li").first).to_contain_text("25 vert")
    expect(page.locator(".chip-swatch").first).to_have_attribute("data-colour", "green")
    expect(page.locator(".clock-chip-total")).to_contain_text("80\u202f000")
    assert_nothing_runs_off_the_screen(page)
    shoot(page, "room-screen-level-1", tmp_path)

    # "Enable sound": on, remembered after a reload (a click is asked again), off with S.
    sound = page.locator("#clock-sound")
    expect(sound).to_have_text("Activer le son")
    expect(sound).to_have_attribute("aria-pressed", "false")
    sound.click()
    expect(sound).to_have_attribute("aria-pressed", "true")
    expect(sound).to_have_text("Son activé")
    expect(page.locator("body")).to_have_attribute("data-sound-level-plays", "1")  # the check
    assert page.evaluate("localStorage.getItem('pokerfloor.clock.sound')") == "on"
    page.reload()
    expect(sound).to_have_attribute("aria-pressed", "true")
    expect(sound).to_have_text("Activer le son")  # the browser wants a click first
    sound.click()
    expect(sound).to_have_text("Son activé")
    expect(sound).to_have_attribute("aria-pressed", "true")
    plays = int(page.locator("body").get_attribute("data-sound-level-plays") or "0")

    # A new level: the level-change sound starts once, and not again for the same level.
    send(live_server, {"type": "jump_to_level", "level_index": 5})
    expect(page.locator(".clock-period")).to_have_text("Niveau 6", timeout=5000)
    expect(page.locator("body")).to_have_attribute("data-sound-level-plays", str(plays + 1))
    audio = page.evaluate("document.getElementById('clock-sound-level').currentSrc")
    assert audio.endswith("/static/sounds/level-change.wav")
    assert page.evaluate("document.body.getAttribute('data-clock-sound')") != "blocked"
    page.wait_for_timeout(2500)  # two more pushes of the same level
    expect(page.locator("body")).to_have_attribute("data-sound-level-plays", str(plays + 1))
    assert page.locator("body").get_attribute("data-sound-minute-plays") is None
    # A minute and a few seconds left: the one-minute sound starts once, a minute before.
    remaining = int(page.locator("#clock-screen").get_attribute("data-remaining-ms") or "0")
    send(live_server, {"type": "adjust_clock", "delta_ms": -(remaining - 62_000)})
    expect(page.locator("body")).to_have_attribute("data-sound-minute-plays", "1", timeout=8000)
    page.wait_for_timeout(1500)
    expect(page.locator("body")).to_have_attribute("data-sound-minute-plays", "1")
    expect(page.locator("body")).to_have_attribute("data-sound-level-plays", str(plays + 1))
    expect(page.locator(".clock-chip-race")).to_be_visible()
    assert_nothing_runs_off_the_screen(page)
    shoot(page, "room-screen-level-6", tmp_path)
    page.keyboard.press("s")
    expect(sound).to_have_attribute("aria-pressed", "false")
    expect(sound).to_have_text("Activer le son")

    # The end: the winner and the prizes, the club and its message still there.
    for player in ("p1", "p2", "p3"):
        send(live_server, {"type": "bust_players", "table_no": 1, "players": [player]})
    send(live_server, {"type": "finish"})
    expect(page.locator(".clock-winner")).to_have_text(re.compile("Vainqueur"), timeout=5000)
    winner = page.locator(".clock-winner .clock-value").inner_text()
    podium = page.locator(".clock-podium li")
    expect(podium).to_have_count(3)
    expect(podium.first).to_contain_text(winner)
    expect(podium.first).to_contain_text("40,00\u00a0€")
    expect(page.locator(".clock-message")).to_be_visible()
    expect(page.locator(".clock-chips")).to_have_count(0)
    assert_nothing_runs_off_the_screen(page)
    shoot(page, "room-screen-finished", tmp_path)
    assert errors == []
