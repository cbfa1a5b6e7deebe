"""The table captain's page on a phone (390x844): opened from the link the TD hands out, it
reports the end of a hand, with its busts in the same step, and shows the button move without a
reload; who is away on a penalty is shown per seat; a floor call reaches the TD's page live.
``POKERFLOOR_SHOTS=/tmp/phones`` saves screenshots."""

from __future__ import annotations

import os
import re
from urllib.parse import urlsplit

import httpx
from playwright.sync_api import Browser, Locator, Page, expect

from tests.browser.conftest import LiveServer

PHONE = {"width": 390, "height": 844}


def send(live_server: LiveServer, tournament_id: str | None, body: dict[str, object]) -> None:
    """A command through the HTTP API, as the TD's console would send it."""
    path = "/api/tournaments"
    if tournament_id is not None:
        path += f"/{tournament_id}/commands"
    response = httpx.post(
        live_server.url + path,
        json=body,
        headers={"Authorization": f"Bearer {live_server.token}"},
        timeout=10,
    )
    assert response.status_code in (200, 201), response.text


def running_tournament(live_server: LiveServer, tournament_id: str, players: int) -> None:
    send(live_server, None, {"tournament_id": tournament_id})
    for number in range(1, players + 1):
        body = {"type": "register_player", "player_id": f"p{number}", "name": f"Joueur {number}"}
        send(live_server, tournament_id, body)
    for kind in ("draw_seats", "place_buttons"):
        send(live_server, tournament_id, {"type": kind, "seed": 5})
    send(live_server, tournament_id, {"type": "start_clock"})


def next_hand(live_server: LiveServer, tournament_id: str, table_no: int) -> dict[str, int]:
    chart = httpx.get(f"{live_server.url}/api/tournaments/{tournament_id}/seating").json()
    hand: dict[str, int] = next(
        t["next_hand"] for t in chart["tables"] if t["table_no"] == table_no
    )
    return hand


def captain_link(page: Page, live_server: LiveServer, tournament_id: str) -> str:
    """The TD signs in and reads table 1's link on the captains' page."""
    page.goto(f"{live_server.url}/login?next=/t/{tournament_id}/captains&lang=fr")
    page.get_by_label("Jeton TD").fill(live_server.token)
    page.get_by_role("button", name="Se connecter").click()
    expect(page.get_by_role("heading", name="Capitaines de table")).to_be_visible()
    link = page.locator(f'#captain-links a[href*="/t/{tournament_id}/table/1?key="]')
    href = link.get_attribute("href")
    # The link carries the venue's address (serve listens on the venue's network): this
    # machine's address on it, the same server.
    assert href is not None and urlsplit(href).port == urlsplit(live_server.url).port
    return href


def test_a_captain_reports_a_hand_from_a_phone_and_sees_the_button_move(
    page: Page, browser: Browser, live_server: LiveServer
) -> None:
    running_tournament(live_server, "phone", players=12)
    link = captain_link(page, live_server, "phone")
    before = next_hand(live_server, "phone", 1)

    phone = browser.new_context(viewport=PHONE, locale="fr-FR", has_touch=True)
    captain = phone.new_page()
    captain.goto(link)
    hand = captain.locator("#captain-hand")
    expect(hand).to_contain_text("Main 1")
    expect(hand.locator(".cap-pos-button")).to_contain_text(f"siège {before['button_seat']}")
    captain.evaluate("window.notReloaded = true")
    # One column: nothing wider than the phone, and targets of 48px or more.
    assert captain.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    finished = captain.get_by_role("button", name=re.compile("Main 1 terminée"))
    box = finished.bounding_box()
    assert box is not None and box["height"] >= 48 and box["width"] >= 300

    finished.click()
    # The tap's request is on its way: read the table once the phone says it was recorded.
    expect(captain.locator("#flash")).to_contain_text("Main 1 enregistrée.")
    after = next_hand(live_server, "phone", 1)
    assert after["hand_no"] == 2
    expect(captain.locator("#flash")).to_have_text(
        f"Main 1 enregistrée. Le bouton passe au siège {after['button_seat']}."
    )
    expect(hand).to_contain_text("Main 2")
    expect(hand.locator(".cap-pos-button")).to_contain_text(f"siège {after['button_seat']}")
    assert captain.evaluate("window.notReloaded === true")

    # Another seat calls the TD, who confirms it on the captains' page; the hand then starts
    # from that button.
    hand.get_by_text("Le bouton était à un autre siège").click()
    other = captain.locator(".cap-seat-grid button").first
    real = int(other.inner_text())
    other.click()
    expect(captain.locator("#flash")).to_contain_text(
        f"Le TD est appelé pour confirmer le bouton au siège {real}"
    )
    assert next_hand(live_server, "phone", 1)["hand_no"] == 2
    page.once("dialog", lambda dialog: dialog.accept())
    page.locator("#floor-calls").get_by_role(
        "button", name=f"Confirmer le bouton au siège {real}"
    ).click()
    expect(hand.locator(".cap-pos-button")).to_contain_text(f"siège {real}")
    assert next_hand(live_server, "phone", 1)["button_seat"] == real

    # The floor call shows on the TD's page, still open, without a reload.
    captain.get_by_label("Pourquoi ? (facultatif)").fill("Litige")
    captain.get_by_role("button", name="Appeler le floor").click()
    expect(captain.locator("#captain-call")).to_contain_text("le TD voit votre appel")
    calls = page.locator("#floor-calls")
    expect(calls).to_contain_text("Table 1")
    expect(calls).to_contain_text("Litige")
    calls.get_by_role("button", name="Appel traité : table 1").click()
    expect(calls).to_contain_text("Aucun appel en attente.")
    expect(captain.get_by_role("button", name="Appeler le floor")).to_be_visible()
    phone.close()


def seat_label(section: Locator, name: str) -> Locator:
    """The touch target of a player's row ("Siège 3 · Joueur 1", not "Joueur 10")."""
    return section.locator("label.cap-check").filter(
        has_text=re.compile(rf"· {re.escape(name)}\s*$")
    )


def shot(page: Page, name: str) -> None:
    if os.environ.get("POKERFLOOR_SHOTS"):
        page.screenshot(path=f"{os.environ['POKERFLOOR_SHOTS']}/{name}.png", full_page=True)


def test_a_hand_and_two_busts_are_reported_in_one_step_by_touch(
    page: Page, browser: Browser, live_server: LiveServer
) -> None:
    running_tournament(live_server, "onestep", players=12)
    seats = httpx.get(f"{live_server.url}/api/tournaments/onestep/seating").json()["tables"][0]
    away, short, tall = (seat for seat in seats["seats"][:3])
    # One player serves a penalty: one round, a hand per player at the table.
    send(live_server, "onestep", {"type": "penalize", "player_id": away["player_id"],
                                  "kind": "missed_rounds_1", "reason": "Téléphone"})  # fmt: skip
    rounds = len(seats["seats"])
    link = captain_link(page, live_server, "onestep")

    phone = browser.new_context(viewport=PHONE, locale="fr-FR", has_touch=True, is_mobile=True)
    captain = phone.new_page()
    captain.goto(link)
    hand = captain.locator("#captain-hand")
    listed = captain.locator("#captain-seats")
    expect(listed).to_contain_text(f"écarté (pénalité) : encore {rounds} mains")
    hand.get_by_text("Quelqu'un a été éliminé dans cette main").tap()
    seat_label(hand, short["name"]).tap()
    starts = hand.locator(".cap-start")
    # One bust: no starting stack asked; two: theirs, and only theirs.
    expect(starts.filter(visible=True)).to_have_count(0)
    seat_label(hand, tall["name"]).tap()
    expect(starts.filter(visible=True)).to_have_count(2)
    starts.filter(visible=True).nth(0).locator("input").fill("4 000")
    starts.filter(visible=True).nth(1).locator("input").fill("9 000")
    done = hand.get_by_role("button", name="Main 1 terminée, avec l'élimination")
    for target in (seat_label(hand, short["name"]), done):
        box = target.bounding_box()
        assert box is not None and box["height"] >= 48 and box["width"] >= 300
    assert captain.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    shot(captain, "captain-hand-with-busts")

    done.tap()
    flash = captain.locator("#flash")
    expect(flash).to_contain_text("Main 1 enregistrée.")
    expect(flash).to_contain_text(f"{short['name']} (place 12), {tall['name']} (place 11)")
    expect(hand).to_contain_text("Main 2")
    expect(listed).not_to_contain_text(short["name"])
    # The player away sat out hand 1: one hand less to serve, pushed live.
    expect(listed).to_contain_text(f"écarté (pénalité) : encore {rounds - 1} mains")
    places = {
        p["player_id"]: p["place"]
        for p in httpx.get(f"{live_server.url}/api/tournaments/onestep/players").json()["players"]
    }
    assert (places[tall["player_id"]], places[short["player_id"]]) == (11, 12)
    shot(captain, "captain-after-busts")

    # The player away reads it on his own page.
    mine = phone.new_page()
    mine.goto(f"{live_server.url}/t/onestep/me/{away['player_id']}")
    expect(mine.locator("#player-penalty")).to_contain_text(
        f"écarté de la table pour encore {rounds - 1} mains"
    )
    shot(mine, "player-penalty")
    phone.close()


def test_a_link_with_a_wrong_key_is_refused(page: Page, live_server: LiveServer) -> None:
    running_tournament(live_server, "locked", players=6)
    page.set_viewport_size(PHONE)
    response = page.goto(f"{live_server.url}/t/locked/table/1?key=not-the-key")
    assert response is not None and response.status == 403
    expect(page.get_by_role("alert")).to_contain_text("pas valable pour cette table")
