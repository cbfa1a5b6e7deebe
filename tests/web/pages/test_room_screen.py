"""The room's screen (issue 13, item 6): the TD sets the club's name, a message line and a logo
from the clock's TD panel; the public screen shows them (escaped), with the time of day and
the chips in play; a file that is not a PNG or JPEG image is refused in French and English."""

from __future__ import annotations

import base64
import html
import re

from pokerfloor.app.service import TournamentService
from pokerfloor.tournament.limits import MAX_LOGO_BYTES
from pokerfloor.web import i18n
from tests.web.pages.conftest import TOKEN, Venue
from tests.web.pages.test_clock import open_tournament, screen

PNG = b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + bytes(48)
JPEG = b"\xff\xd8\xff\xe0\x00\x10JFIF\x00" + bytes(48)
SVG = b'<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect/></svg>'


def flash_of(answer: str) -> str:
    """The text of a #flash answer, tags and the refusal's code left out."""
    without_code = re.sub(r'<small class="refusal-code">.*?</small>', "", answer)
    return html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", without_code))).strip()


def set_screen(venue: Venue, lang: str = "fr", **fields: str) -> str:
    response = venue.td.post(f"/t/club/clock/room?lang={lang}", data=fields)
    assert response.status_code == 200
    return flash_of(response.text)


def upload(venue: Venue, data: bytes, name: str = "logo.png", lang: str = "fr") -> str:
    files = {"logo": (name, data, "image/png")}  # the declared type is not believed
    response = venue.td.post(f"/t/club/clock/logo?lang={lang}", files=files)
    assert response.status_code == 200
    return flash_of(response.text)


def text_of(fragment: str, css_class: str) -> str:
    found = re.search(rf'class="{css_class}"[^>]*>(.*?)</p>', fragment)
    assert found, f"no {css_class} in {fragment}"
    return html.unescape(re.sub(r"<[^>]+>", "", found.group(1))).strip()


def test_the_td_sets_the_club_and_the_message_and_the_public_screen_shows_them(
    venue: Venue,
) -> None:
    open_tournament(venue)
    assert "clock-message" not in screen(venue) and "clock-club-name" not in screen(venue)
    done = set_screen(venue, club_name="Poker Club de l'Erdre", message="Buffet à 21 h")
    assert done == "L'écran de la salle est à jour."
    public = screen(venue)
    assert text_of(public, "clock-club-name") == "Poker Club de l'Erdre"
    assert text_of(public, "clock-message") == "Buffet à 21 h"
    assert text_of(screen(venue, lang="en"), "clock-message") == "Buffet à 21 h"
    # Empty boxes take them off the screen.
    set_screen(venue, club_name="", message="")
    assert "clock-message" not in screen(venue) and "clock-club-name" not in screen(venue)


def test_a_message_with_markup_is_shown_as_text(venue: Venue) -> None:
    open_tournament(venue)
    set_screen(venue, club_name="<b>Club</b>", message='<script>alert("x")</script><img src=x>')
    public = venue.public.get("/t/club/clock").text
    assert "<script>alert" not in public and "<img src=x>" not in public
    assert "&lt;script&gt;alert(&#34;x&#34;)&lt;/script&gt;&lt;img src=x&gt;" in public
    assert "<b>Club</b>" not in public and "&lt;b&gt;Club&lt;/b&gt;" in public
    with venue.public.websocket_connect("/t/club/live?view=clock&lang=fr") as socket:
        pushed = socket.receive_text()
    assert "<script>alert" not in pushed and "&lt;script&gt;" in pushed


def test_an_over_long_message_is_refused_in_french_with_the_limit(venue: Venue) -> None:
    open_tournament(venue)
    set_screen(venue, message="Buffet à 21 h")
    refusal = set_screen(venue, message="x" * 121)
    assert refusal == "Le message fait 121 caractères ; l'écran en affiche 120 au plus."
    assert set_screen(venue, lang="en", club_name="C" * 61) == (
        "The club's name is 61 characters long; the screen shows at most 60."
    )
    assert text_of(screen(venue), "clock-message") == "Buffet à 21 h"  # unchanged


def test_the_td_uploads_a_logo_and_the_screen_shows_it_from_our_own_route(venue: Venue) -> None:
    open_tournament(venue)
    assert "clock-logo" not in screen(venue)
    assert upload(venue, PNG) == "Le logo est affiché sur l'écran de la salle."
    found = re.search(r'<img class="clock-logo" src="([^"]+)"', screen(venue))
    assert found, "no logo on the screen"
    address = found.group(1)
    assert address.startswith("/api/tournaments/club/logo?v=")
    image = venue.public.get(address)
    assert image.status_code == 200 and image.content == PNG
    assert image.headers["content-type"] == "image/png"
    assert image.headers["x-content-type-options"] == "nosniff"
    # A JPEG replaces it at a new address (no screen keeps the old one from its cache).
    venue.clock.advance(1_000)
    upload(venue, JPEG, name="logo.jpg")
    again = re.search(r'<img class="clock-logo" src="([^"]+)"', screen(venue))
    assert again and again.group(1) != address
    assert venue.public.get(again.group(1)).headers["content-type"] == "image/jpeg"
    # Removed: no image on the screen, and the route says there is none.
    response = venue.td.post("/t/club/clock/logo/remove")
    assert flash_of(response.text) == "Le logo est retiré de l'écran."
    assert "clock-logo" not in screen(venue)
    missing = venue.public.get("/api/tournaments/club/logo")
    assert missing.status_code == 404 and missing.json()["code"] == "NO_LOGO"


def test_a_file_that_is_not_a_png_or_jpeg_image_is_refused_in_french_and_english(
    venue: Venue,
) -> None:
    open_tournament(venue)
    upload(venue, PNG)
    before = venue.service.version("club")
    assert upload(venue, SVG, name="logo.svg") == (
        "Le logo doit être une image PNG ou JPEG de 256 Ko au plus (un SVG ou tout autre "
        "fichier est refusé)."
    )
    assert upload(venue, b"GIF89a" + bytes(16), name="logo.gif", lang="en") == (
        "The logo must be a PNG or JPEG image of at most 256 KB (an SVG or any other file "
        "is refused)."
    )
    too_big = PNG + bytes(MAX_LOGO_BYTES)
    assert upload(venue, too_big) == (
        "Le logo pèse 257 Ko ; l'écran en accepte 256 Ko au plus (PNG ou JPEG)."
    )
    assert upload(venue, b"") == (
        "Choisissez d'abord le fichier du logo : une image PNG ou JPEG de 256 Ko au plus."
    )
    assert venue.service.version("club") == before  # nothing recorded
    assert venue.public.get("/api/tournaments/club/logo").content == PNG


def test_only_the_td_sets_the_screen_and_sees_its_panel(venue: Venue) -> None:
    open_tournament(venue)
    answer = venue.public.post(
        "/t/club/clock/room", data={"message": "Hacked"}, follow_redirects=False
    )
    assert answer.status_code == 303 and answer.headers["location"].startswith("/login")
    sent = venue.public.post(
        "/t/club/clock/logo", files={"logo": ("x.png", PNG)}, follow_redirects=False
    )
    assert sent.status_code == 303
    assert "Hacked" not in screen(venue) and "clock-logo" not in screen(venue)
    td_page = venue.td.get("/t/club/clock").text
    assert "Écran de la salle" in td_page and 'id="clock-room"' in td_page
    assert 'id="clock-room"' not in venue.public.get("/t/club/clock").text


def test_the_screen_survives_a_server_restart(venue: Venue) -> None:
    open_tournament(venue)
    set_screen(venue, club_name="Poker Club", message="Dernière recave à la pause")
    upload(venue, JPEG)
    # A new service on the same store: what a restarted server reads back.
    restarted = TournamentService(venue.service.store, venue.clock)
    shown = restarted.clock_screen("club")
    assert (shown["club_name"], shown["message"]) == ("Poker Club", "Dernière recave à la pause")
    assert shown["logo_at_ms"] is not None
    assert restarted.room_logo("club") == JPEG


def test_the_api_sets_the_screen_with_a_base64_logo(venue: Venue) -> None:
    open_tournament(venue)
    headers = {"Authorization": f"Bearer {TOKEN}"}
    commands = "/api/tournaments/club/commands"
    body = {"type": "set_room_logo", "logo": base64.b64encode(SVG).decode()}
    refused = venue.public.post(commands, json=body, headers=headers)
    assert refused.status_code == 409 and refused.json()["code"] == "ROOM_LOGO_NOT_AN_IMAGE"
    body = {"type": "set_room_logo", "logo": base64.b64encode(PNG).decode()}
    assert venue.public.post(commands, json=body, headers=headers).status_code == 200
    body = {"type": "set_room_screen", "club_name": "Club", "message": "Pause à 22 h"}
    answer = venue.public.post(commands, json=body, headers=headers)
    assert answer.status_code == 200
    assert answer.json()["events"][0]["type"] == "room_screen_set"
    clock = venue.public.get("/api/tournaments/club/clock").json()
    assert (clock["club_name"], clock["message"]) == ("Club", "Pause à 22 h")
    assert venue.public.get("/api/tournaments/club/logo").content == PNG


def test_the_screen_shows_the_time_of_day_from_the_servers_clock(venue: Venue) -> None:
    open_tournament(venue)
    with i18n.use_locale("fr"):
        expected = i18n.format_time_of_day(venue.clock.now_ms)
    assert text_of(screen(venue), "clock-now") == f"Heure {expected}"
    venue.clock.advance(61 * 60_000)
    with i18n.use_locale("en"):
        later = i18n.format_time_of_day(venue.clock.now_ms)
    assert later != expected
    assert text_of(screen(venue, lang="en"), "clock-now") == f"Time of day {later}"


def chips_of(fragment: str) -> list[tuple[str, str, str]]:
    """(swatch, value, colour) of each chip in play on the screen."""
    return [
        (swatch, html.unescape(value).strip(), colour)
        for swatch, value, colour in re.findall(
            r'<li><span class="chip-swatch" data-colour="([^"]+)" aria-hidden="true"></span>'
            r'([^<]+)<span class="clock-chip-colour">([^<]+)</span></li>',
            fragment,
        )
    ]


def test_the_chips_in_play_show_by_colour_and_leave_with_the_chip_race(venue: Venue) -> None:
    open_tournament(venue)  # club-evening: 25 green ... 5000 grey; 20 x 20 000 chips
    nnbsp = "\u202f"
    assert chips_of(screen(venue)) == [
        ("green", "25", "vert"),
        ("black", "100", "noir"),
        ("purple", "500", "violet"),
        ("yellow", f"1{nnbsp}000", "jaune"),
        ("grey", f"5{nnbsp}000", "gris"),
    ]
    total = re.search(r'class="clock-chip-total">(.*?)</span></dd>', screen(venue, lang="en"))
    assert total and re.sub(r"<[^>]+>", "", total.group(1)).split() == ["Total", "400,000"]
    # The colour-up after level 6 takes the 25s out of play: from the break on, they are gone.
    venue.command("club", type="jump_to_level", level_index=5)
    assert chips_of(screen(venue, lang="en"))[0] == ("green", "25", "green")
    venue.clock.advance(21 * 60_000)
    assert [chip[1] for chip in chips_of(screen(venue, lang="en"))] == [
        "100",
        "500",
        "1,000",
        "5,000",
    ]


def test_after_the_finish_the_screen_shows_the_winner_and_no_chips(venue: Venue) -> None:
    open_tournament(venue, players=3)
    set_screen(venue, message="Merci à tous")
    for player in ("p1", "p2"):
        venue.command("club", type="bust_players", table_no=1, players=[player])
    venue.command("club", type="finish")
    public = screen(venue)
    assert text_of(public, "clock-winner") == "Vainqueur Joueur 3"
    assert text_of(public, "clock-message") == "Merci à tous"
    assert "clock-chips" not in public and "clock-payouts" not in public
    assert 'id="clock-room"' not in venue.td.get("/t/club/clock").text  # nothing to set now
