"""Regenerate the screenshots of the main pages (docs/screenshots/*.png, shown in the README).

    python3 -m uv run python scripts/screenshots.py [--out docs/screenshots]

Starts a real ``pokerfloor serve`` on a temporary database, runs a small evening through the API
(20 players, two tables, a few busts and a rebuy, the clock running), then opens each page in
Debian's chromium (``/usr/bin/chromium``, driven by Playwright) and saves it, in French, plus
the clock screen in English. Nothing here is timing-sensitive: pages are saved once loaded.
"""

from __future__ import annotations

import argparse
import os
import re
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
from playwright.sync_api import Page, sync_playwright

CHROMIUM = os.environ.get("POKERFLOOR_CHROMIUM", "/usr/bin/chromium")
ARGS = ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"]
TOURNAMENT = "vendredi"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def start_server(folder: Path) -> tuple[subprocess.Popen[bytes], str, str]:
    port = free_port()
    log = folder / "serve.log"
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    command = [sys.executable, "-m", "pokerfloor.cli.main", "serve"]
    command += ["--db", str(folder / "pokerfloor.db"), "--port", str(port)]
    with log.open("wb") as out:
        process = subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT, env=env)
    url = f"http://127.0.0.1:{port}"
    for _ in range(300):
        try:
            if httpx.get(f"{url}/api/tournaments", timeout=1).status_code == 200:
                break
        except httpx.TransportError:
            time.sleep(0.1)
    lines = log.read_text().splitlines()
    token = next(lines[i + 1].strip() for i, line in enumerate(lines) if "TD token" in line)
    return process, url, token


def evening(url: str, token: str) -> None:
    """A small evening through the API: what the pages then show."""
    client = httpx.Client(base_url=url, headers={"Authorization": f"Bearer {token}"})

    def send(body: dict[str, Any]) -> dict[str, Any]:
        response = client.post(f"/api/tournaments/{TOURNAMENT}/commands", json=body)
        response.raise_for_status()
        result: dict[str, Any] = response.json()
        return result

    created = client.post(
        "/api/tournaments",
        json={"tournament_id": TOURNAMENT, "profile": "allinouest", "structure": "club-rebuy"},
    )
    created.raise_for_status()
    names = ["Alice Martin", "Bruno Leroy", "Chloé Petit", "David Moreau", "Emma Girard",
             "Farid Benali", "Gaëlle Roux", "Hugo Lambert", "Inès Faure", "Julien Mercier",
             "Karine Blanc", "Louis Garnier", "Manon Chevalier", "Nicolas Fontaine",
             "Océane Rousseau", "Pierre Vincent", "Quentin Muller", "Rose Lefèvre",
             "Samuel André", "Théo Bonnet"]  # fmt: skip
    for number, name in enumerate(names, start=1):
        send({"type": "register_player", "player_id": f"p{number:02d}", "name": name})
        send({"type": "record_payment", "player_id": f"p{number:02d}", "paid": number % 7 != 0})
    send({"type": "draw_seats", "seed": 11})
    send({"type": "place_buttons", "seed": 12})
    send({"type": "start_clock"})
    seating = client.get(f"/api/tournaments/{TOURNAMENT}/seating").json()
    table = seating["tables"][0]
    seats = [seat["player_id"] for seat in table["seats"]]
    send({"type": "bust_players", "table_no": table["table_no"], "players": seats[:2]})


def shoot(page: Page, url: str, path: Path, wait_for: str = "main") -> None:
    page.goto(url)
    page.wait_for_selector(wait_for)
    page.wait_for_timeout(1200)  # let the live WebSocket push its first fragment
    page.screenshot(path=str(path), full_page=True)
    print(f"saved {path}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=Path("docs/screenshots"))
    out: Path = parser.parse_args().out
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as folder:
        process, url, token = start_server(Path(folder))
        try:
            evening(url, token)
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
                context = browser.new_context(viewport={"width": 1366, "height": 860})
                host = url.removeprefix("http://").split(":")[0]
                context.add_cookies([
                    {"name": "pokerfloor_td", "value": token, "domain": host, "path": "/"},
                    {"name": "pokerfloor_lang", "value": "fr", "domain": host, "path": "/"},
                ])  # fmt: skip
                page = context.new_page()
                base = f"{url}/t/{TOURNAMENT}"
                shoot(page, f"{url}/new", out / "setup.png")
                shoot(page, f"{base}/desk", out / "desk.png")
                shoot(page, f"{base}/console", out / "console.png")
                shoot(page, f"{base}/results", out / "results.png")
                shoot(page, f"{base}/floor", out / "floor.png")
                shoot(page, f"{base}/clock", out / "clock-fr.png")
                shoot(page, f"{base}/clock?lang=en", out / "clock-en.png")
                page.goto(f"{base}/captains?lang=fr")
                link = page.locator("a[href*='/table/']").first.get_attribute("href") or ""
                phone = browser.new_context(viewport={"width": 390, "height": 844})
                shoot(phone.new_page(), re.sub(r"^/", f"{url}/", link), out / "captain.png")
                browser.close()
        finally:
            process.kill()
            process.wait()
    return 0


if __name__ == "__main__":
    sys.exit(main())
