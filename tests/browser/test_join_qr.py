"""Issue 13, item 1, in a real browser: a phone joins by scanning. The TD's console
(1366x768) shows the room's codes; the test photographs the players' code, decodes it
(zxing-cpp, as a phone's camera would) and opens the URL on a phone (390x844, touch): the
phone chooses its player and sees the table and seat, the level and the blinds, updated live.
A table captain's code from the captains' page opens that table's captain page. The server
listens on the venue's network (``serve``'s default), so the codes carry its venue address.

Screenshots go to /tmp/join-*.png (or ``POKERFLOOR_SHOTS``).
"""

from __future__ import annotations

import io
import os
import re

import zxingcpp
from PIL import Image
from playwright.sync_api import Browser, Locator, expect

from tests.browser.conftest import LiveServer, wait_until
from tests.browser.test_captain import send
from tests.browser.test_rebuy_evening import sign_in
from tests.browser.test_whole_evening import COUNT_SOCKETS

SHOTS = os.environ.get("POKERFLOOR_SHOTS", "/tmp")
TID = "qr"


def scan(code: Locator) -> str:
    """What a phone's camera reads in the QR code on screen."""
    image = Image.open(io.BytesIO(code.screenshot()))
    found = zxingcpp.read_barcodes(image)
    assert found, "no QR code read"
    text: str = found[0].text
    return text


def test_a_phone_joins_by_scanning_the_code_on_the_console(
    browser: Browser, live_server: LiveServer
) -> None:
    send(live_server, None, {"tournament_id": TID})
    for number in range(1, 11):
        body = {"type": "register_player", "player_id": f"p{number}", "name": f"Joueur {number}"}
        send(live_server, TID, body)
    for body in ({"type": "draw_seats", "seed": 2}, {"type": "place_buttons", "seed": 2}):
        send(live_server, TID, body)
    send(live_server, TID, {"type": "start_clock"})

    td = browser.new_context(viewport={"width": 1366, "height": 768}, locale="fr-FR").new_page()
    sign_in(td, live_server, f"/t/{TID}/console")
    td.get_by_text("Rejoindre avec un téléphone", exact=True).first.click()  # folded at first
    panel = td.locator("#join-qr")
    panel.scroll_into_view_if_needed()
    expect(panel).to_contain_text("Rejoindre avec un téléphone")
    td.screenshot(path=os.path.join(SHOTS, "join-console.png"))
    url = scan(td.locator("#qr-players svg"))
    assert re.fullmatch(rf"http://[\d.]+:\d+/t/{TID}/me", url), url
    assert not url.startswith("http://127."), "the code must carry the venue's address"
    assert scan(td.locator("#qr-clock svg")) == url.replace("/me", "/clock")

    phone = browser.new_context(
        viewport={"width": 390, "height": 844}, locale="fr-FR", has_touch=True
    ).new_page()
    phone.add_init_script(COUNT_SOCKETS)
    phone.goto(url + "?lang=fr")
    expect(phone.get_by_role("heading", name="Qui êtes-vous ?")).to_be_visible()
    phone.get_by_role("link", name="Joueur 4", exact=True).click()
    wait_until(phone, "window.liveSockets >= 1")
    status = phone.locator("#player-status")
    expect(status).to_contain_text(re.compile(r"Table \d, siège \d"))
    expect(phone.locator(".player-clock")).to_contain_text("Niveau 1")
    expect(phone.locator(".player-clock")).to_contain_text("100 / 200")
    send(live_server, TID, {"type": "jump_to_level", "level_index": 1})
    expect(phone.locator(".player-clock")).to_contain_text("Niveau 2")  # live, no reload
    phone.screenshot(path=os.path.join(SHOTS, "join-phone-player.png"), full_page=True)

    td.goto(f"{live_server.url}/t/{TID}/captains?lang=fr")
    captain_url = scan(td.locator("#captain-links .cap-qr svg").first)
    assert re.search(rf"/t/{TID}/table/1\?key=[0-9a-f]{{20}}$", captain_url), captain_url
    phone.goto(captain_url)
    expect(phone.locator("#captain-hand")).to_contain_text("Main 1")
    phone.screenshot(path=os.path.join(SHOTS, "join-phone-captain.png"))
