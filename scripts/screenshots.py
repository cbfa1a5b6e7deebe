"""Regenerate the screenshots of the main pages (docs/screenshots/*.png, shown in the README).

    python3 -m uv run python scripts/screenshots.py [--out docs/screenshots]

Starts a real ``pokerfloor serve`` on a temporary database and plays, through the HTTP API, what
the pages then show:

- ``vendredi`` (allinouest, club-rebuy), the evening in progress: 20 players and a late one,
  payments, hands reported by the tables (stacks move), a rebuy, add-ons, level 6 with its chip
  race announced for the break, two busts in one hand and a balancing move waiting for
  the TD's confirmation;
- ``jeudi`` (tda-2024, club-evening), last week's evening, finished: its ranking, prizes and
  championship points.

Then Debian's chromium (``/usr/bin/chromium``, driven by Playwright) signs in with the TD token
and saves each page at a laptop's 1366x768 (the clock screen at a TV's 1920x1080, the captain's
and a player's pages at a phone's 390x844), in French, plus the clock screen in English; the
floor calculator's dealing irregularity and the captain's floor call naming one as well. The
evening is seeded, so the pictures only differ by the clock's time.
"""

from __future__ import annotations

import argparse
import os
import random
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
from playwright.sync_api import Browser, Page, ViewportSize, expect, sync_playwright

CHROMIUM = os.environ.get("POKERFLOOR_CHROMIUM", "/usr/bin/chromium")
ARGS = ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"]
SCREEN: ViewportSize = {"width": 1366, "height": 768}  # the TD's laptop
PHONE: ViewportSize = {"width": 390, "height": 844}  # a captain's or a player's phone
TV: ViewportSize = {"width": 1920, "height": 1080}  # the room's screen
LIVE, FINISHED = "vendredi", "jeudi"
NAMES = [
    "Alice Martin", "Bruno Leroy", "Chloé Petit", "David Moreau", "Emma Girard",
    "Farid Benali", "Gaëlle Roux", "Hugo Lambert", "Inès Faure", "Julien Mercier",
    "Karine Blanc", "Louis Garnier", "Manon Chevalier", "Nicolas Fontaine", "Océane Rousseau",
    "Pierre Vincent", "Quentin Muller", "Rose Lefèvre", "Samuel André", "Théo Bonnet",
]  # fmt: skip
LATE = "Ulysse Caron"
# Counts the live sockets that opened: a page is saved once its live view is connected.
COUNT_SOCKETS = """
window.liveSockets = 0;
document.addEventListener("htmx:wsOpen", function () { window.liveSockets += 1; });
"""


# ---- the server ---------------------------------------------------------------------------


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def start_server(folder: Path) -> tuple[subprocess.Popen[bytes], str, str]:
    """``pokerfloor serve`` on a fresh database; its URL and the TD token it prints once."""
    port = free_port()
    log = folder / "serve.log"
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    command = [sys.executable, "-m", "pokerfloor.cli.main", "serve"]
    command += ["--db", str(folder / "pokerfloor.db"), "--port", str(port)]
    with log.open("wb") as out:
        process = subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT, env=env)
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 30
    while True:
        if process.poll() is not None or time.monotonic() > deadline:
            process.kill()
            raise SystemExit(f"pokerfloor serve did not start:\n{log.read_text()[-3000:]}")
        try:
            if httpx.get(f"{url}/api/tournaments", timeout=1).status_code == 200:
                break
        except httpx.TransportError:
            pass
        time.sleep(0.1)
    lines = log.read_text().splitlines()
    token = next(lines[i + 1].strip() for i, line in enumerate(lines) if "TD token" in line)
    return process, url, token


class Api:
    """The TD's commands and the public reads of the HTTP API."""

    def __init__(self, url: str, token: str) -> None:
        self.client = httpx.Client(
            base_url=url, headers={"Authorization": f"Bearer {token}"}, timeout=10
        )

    def create(self, tournament_id: str, profile: str, structure: str) -> None:
        body = {"tournament_id": tournament_id, "profile": profile, "structure": structure}
        self.client.post("/api/tournaments", json=body).raise_for_status()

    def send(self, tournament_id: str, **body: Any) -> None:
        response = self.client.post(f"/api/tournaments/{tournament_id}/commands", json=body)
        if response.status_code != 200:
            raise SystemExit(f"{body['type']} refused: {response.text}")

    def get(self, tournament_id: str, what: str) -> dict[str, Any]:
        response = self.client.get(f"/api/tournaments/{tournament_id}/{what}")
        response.raise_for_status()
        result: dict[str, Any] = response.json()
        return result

    def table(self, tournament_id: str, table_no: int) -> dict[str, Any]:
        tables = self.get(tournament_id, "seating")["tables"]
        found: dict[str, Any] = next(t for t in tables if t["table_no"] == table_no)
        return found

    def tables(self, tournament_id: str) -> list[int]:
        return [t["table_no"] for t in self.get(tournament_id, "seating")["tables"]]


def ident(name: str) -> str:
    return name.lower().replace(" ", "-").translate(str.maketrans("éèëçïôé", "eeecioe"))


# ---- the evenings -------------------------------------------------------------------------


def play_hand(api: Api, tid: str, table_no: int, chance: random.Random, **stacks: int) -> None:
    """A hand reported by the table's captain: one pot moves from a loser to a winner (or the
    stacks given by player id, the rest unchanged)."""
    table = api.table(tid, table_no)
    plan = table["next_hand"]
    dealt = {
        s["player_id"]: s["stack"] for s in table["seats"] if s["seat_no"] not in plan["waiting"]
    }
    if stacks:
        dealt |= stacks
    else:
        winner, loser = chance.sample(sorted(dealt), 2)
        pot = min(dealt[loser] - 25, chance.choice([1, 2, 3, 5, 8, 13]) * 325 + 150)
        dealt[winner] += pot
        dealt[loser] -= pot
    api.send(
        tid, type="record_hand", table_no=table_no, hand_no=plan["hand_no"], final_stacks=dealt
    )


def the_evening_in_progress(api: Api) -> None:
    chance = random.Random(2025)
    api.create(LIVE, "allinouest", "club-rebuy")
    methods = ["cash", "card", "cash", "transfer"]
    for number, name in enumerate(NAMES):
        api.send(LIVE, type="register_player", player_id=ident(name), name=name)
        if number % 9 != 4:  # two players have not paid yet
            api.send(LIVE, type="record_payment", player_id=ident(name), paid=True,
                     method=methods[number % 4])  # fmt: skip
    api.send(LIVE, type="draw_seats", seed=11)
    api.send(LIVE, type="place_buttons", seed=12)
    api.send(LIVE, type="start_clock")
    api.send(LIVE, type="register_late", player_id=ident(LATE), name=LATE, seed=13)
    api.send(LIVE, type="record_payment", player_id=ident(LATE), paid=True, method="card")

    # Level 1: a few hands everywhere; at table 1 a player is left with 150 chips and rebuys.
    for table_no in api.tables(LIVE):
        for _ in range(3):
            play_hand(api, LIVE, table_no, chance)
    seats = api.table(LIVE, 1)["seats"]
    short, big = seats[0], seats[1]
    play_hand(api, LIVE, 1, chance, **{
        short["player_id"]: 150, big["player_id"]: big["stack"] + short["stack"] - 150,
    })  # fmt: skip
    api.send(LIVE, type="rebuy", player_id=short["player_id"])

    # Level 5, the add-on (allinouest: after two more hands at each table).
    api.send(LIVE, type="jump_to_level", level_index=4)
    for table_no in api.tables(LIVE):
        for _ in range(2):
            play_hand(api, LIVE, table_no, chance)
    for seat in api.table(LIVE, 2)["seats"][:4]:
        api.send(LIVE, type="addon", player_id=seat["player_id"])

    # Level 6, eight minutes played: the chip race of the 25 chips comes at the break.
    api.send(LIVE, type="jump_to_level", level_index=5)
    api.send(LIVE, type="adjust_clock", delta_ms=-8 * 60_000 - 20_000)
    for table_no in api.tables(LIVE):
        play_hand(api, LIVE, table_no, chance)
    # Two busts in one hand at table 3 (their starting stacks rank them): it is two players
    # short of the others, a balancing move is proposed.
    busted = [seat["player_id"] for seat in api.table(LIVE, 3)["seats"][2:6:3]]
    starting = dict(zip(busted, (8_400, 15_250), strict=True))
    api.send(LIVE, type="bust_players", table_no=3, players=busted, starting_stacks=starting)
    api.send(LIVE, type="propose_moves", seed=14)  # waits for the TD's confirmation


def last_weeks_evening(api: Api) -> None:
    """Sixteen players, finished with the standard payouts and championship points."""
    api.create(FINISHED, "tda-2024", "club-evening")
    players = NAMES[3:19]
    for name in players:
        api.send(FINISHED, type="register_player", player_id=ident(name), name=name)
    api.send(FINISHED, type="draw_seats", seed=21)
    api.send(FINISHED, type="place_buttons", seed=22)
    api.send(FINISHED, type="start_clock")
    order = random.Random(23).sample(players, len(players))  # the order they bust in
    while len(order) > 1:
        name = order.pop(0)
        seat = next(p for p in api.get(FINISHED, "players")["players"] if p["name"] == name)
        api.send(FINISHED, type="bust_players", table_no=seat["table_no"], players=[ident(name)])
        api.send(FINISHED, type="balance", seed=len(order))  # moves made at once
    api.send(FINISHED, type="finish", points={"name": "sqrt", "k": 10})


# ---- the pictures -------------------------------------------------------------------------


def save(page: Page, path: Path) -> None:
    page.evaluate("document.activeElement && document.activeElement.blur()")  # no focus ring
    page.screenshot(path=str(path))
    print(f"saved {path} ({path.stat().st_size // 1024} KB)")


def connected(page: Page, url: str | None = None, sockets: int = 1) -> None:
    """Wait until the page's live views are connected (``sockets`` of them)."""
    if url is not None:
        page.goto(url)
    # Polled with evaluate: wait_for_function uses eval, which the pages' CSP forbids.
    deadline = time.monotonic() + 30
    while not page.evaluate(f"window.liveSockets >= {sockets}"):
        if time.monotonic() > deadline:
            raise SystemExit(f"{page.url}: the live views did not connect")
        time.sleep(0.05)
    page.wait_for_timeout(600)  # the first pushed fragment, and the fonts


def shoot(page: Page, path: Path, url: str | None = None, sockets: int = 1) -> None:
    """The page once its live views are connected (``sockets`` of them)."""
    connected(page, url, sockets)
    save(page, path)


def pictures(browser: Browser, url: str, token: str, out: Path) -> None:
    context = browser.new_context(viewport=SCREEN, locale="fr-FR")
    context.add_init_script(COUNT_SOCKETS)
    page = context.new_page()
    page.goto(f"{url}/login?lang=fr")
    page.get_by_label("Jeton TD").fill(token)
    page.get_by_role("button", name="Se connecter").click()
    page.get_by_role("link", name="Nouveau tournoi").wait_for()

    page.goto(f"{url}/new")
    page.get_by_label("Identifiant du tournoi").fill("samedi-2025-03-15")
    page.get_by_label("Profil de règles").select_option("allinouest")
    expect(page.locator("#profile-panel")).to_contain_text("allinouest")
    page.get_by_label("Partir de").select_option("club-rebuy")
    expect(page.get_by_label("Nom de la structure")).to_have_value("club-rebuy")
    save(page, out / "setup.png")

    base = f"{url}/t/{LIVE}"
    shoot(page, out / "desk.png", f"{base}/desk")
    shoot(page, out / "console.png", f"{base}/console", sockets=3)
    page.locator("#console-tables button.seat-player").nth(3).click()
    page.locator("#console-dialog[open]").wait_for()
    save(page, out / "console-player.png")
    page.keyboard.press("Escape")
    tv = browser.new_context(viewport=TV, locale="fr-FR")
    tv.add_init_script(COUNT_SOCKETS)
    screen = tv.new_page()
    shoot(screen, out / "clock-fr.png", f"{base}/clock")
    shoot(screen, out / "clock-en.png", f"{base}/clock?lang=en")
    tv.close()
    shoot(page, out / "results.png", f"{url}/t/{FINISHED}/results?lang=fr")
    shoot(page, out / "cash.png", f"{base}/cash")

    page.goto(f"{base}/floor")
    page.get_by_role("button", name="Règle des 50 %").click()
    page.get_by_role("button", name="Donner la décision").click()
    result = page.locator("#floor-result")
    result.locator("article, p").first.wait_for()
    result.scroll_into_view_if_needed()
    shoot(page, out / "floor.png")

    # A dealing irregularity: a misdeal called after substantial action (the ruling on top).
    page.goto(
        f"{url}/floor/irregularities?situation=misdeal_claim&facts_for=misdeal_claim"
        "&f_cause=wrong_order&f_actions=3&f_chips_actions=2"
    )
    page.locator("#irr-result .irr-decision").wait_for()
    save(page, out / "floor-irregularity.png")

    page.goto(f"{base}/captains")
    link = page.locator("#captain-links a[href*='/table/3?']").get_attribute("href") or ""
    phone = browser.new_context(viewport=PHONE, locale="fr-FR")
    phone.add_init_script(COUNT_SOCKETS)
    shoot(phone.new_page(), out / "captain.png", link)
    call = phone.new_page()  # the captain names the irregularity when calling the floor
    connected(call, link)
    call.locator("#cap-call-situation").select_option("misdeal_claim")
    call.locator("#cap-call-facts select[name='f_cause']").select_option("extra_card")
    call.locator("#cap-call-facts input[name='f_first_seat']").check()
    call.locator("#captain-call").evaluate("element => element.scrollIntoView({block: 'end'})")
    save(call, out / "captain-floor-call.png")
    me = phone.new_page()
    me.goto(f"{base}/me")
    me.get_by_role("link", name=NAMES[2], exact=True).click()
    shoot(me, out / "player.png")
    phone.close()
    context.close()


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--out", type=Path, default=Path("docs/screenshots"))
    out: Path = parser.parse_args().out
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as folder:
        process, url, token = start_server(Path(folder))
        try:
            api = Api(url, token)
            last_weeks_evening(api)
            the_evening_in_progress(api)
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
                pictures(browser, url, token, out)
                browser.close()
        finally:
            process.kill()
            process.wait()
    return 0


if __name__ == "__main__":
    sys.exit(main())
