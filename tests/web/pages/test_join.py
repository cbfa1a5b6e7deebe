"""Issue 13, item 1: the room joins by QR code. The console and the desk show the codes of the
clock screen and of the players' page, the captains' page one per table (with its key), each
seat card its player's; a player's page shows the clock, the blinds, their table and seat, the
payouts and their status. The codes are drawn locally (segno) for the venue's address."""

from __future__ import annotations

import re

from pokerfloor.web.qr import qr_svg
from tests.web.pages.conftest import Venue
from tests.web.pages.test_captain import key_of

TID = "club"
BASE = "http://testserver"


def evening() -> Venue:
    venue = Venue()
    venue.evening(TID, players=12)
    return venue


def test_the_console_and_the_desk_show_the_rooms_codes_for_the_venue_address() -> None:
    venue = evening()
    venue.td.app.state.venue_url = "http://192.168.1.20:8000"  # type: ignore[attr-defined]
    for page in ("console", "desk"):
        html = venue.td.get(f"/t/{TID}/{page}?lang=fr").text
        assert "Rejoindre avec un téléphone" in html
        assert str(qr_svg(f"http://192.168.1.20:8000/t/{TID}/clock", 3)) in html
        assert str(qr_svg(f"http://192.168.1.20:8000/t/{TID}/me", 3)) in html
        assert "ne mènent qu'à cet ordinateur" not in html


def test_codes_for_this_computer_only_say_the_phones_cannot_reach_them() -> None:
    venue = evening()
    venue.td.app.state.venue_url = "http://127.0.0.1:8000"  # type: ignore[attr-defined]
    assert "ne mènent qu'à cet ordinateur" in venue.td.get(f"/t/{TID}/console?lang=fr").text


def test_each_tables_captain_code_carries_its_key_and_each_seat_card_its_player() -> None:
    venue = evening()
    captains = venue.td.get(f"/t/{TID}/captains").text
    for table_no in (1, 2):
        url = f"{BASE}/t/{TID}/table/{table_no}?key={key_of(venue, table_no)}"
        assert str(qr_svg(url, 3)) in captains
    cards = venue.td.get(f"/t/{TID}/seat-cards").text
    assert str(qr_svg(f"{BASE}/t/{TID}/me/p7", 2)) in cards


def test_a_players_page_shows_the_clock_their_seat_payouts_and_status() -> None:
    venue = evening()
    seat = venue.service.tournament(TID).players["p3"].seat
    assert seat is not None
    html = venue.public.get(f"/t/{TID}/me/p3?lang=fr").text
    assert "Joueur 3" in html
    assert f"Table {seat.table_no}, siège {seat.seat_no}" in html
    assert "Niveau 1" in html and "<dd>100 / 200</dd>" in html
    assert re.search(r"Places? payées?", html)
    assert 'ws-connect="/t/club/live?view=player&amp;player=p3' in html
    chooser = venue.public.get(f"/t/{TID}/me?lang=fr").text
    assert 'href="/t/club/me/p3"' in chooser and "Qui êtes-vous ?" in chooser
    assert venue.public.get(f"/t/{TID}/me/nobody?lang=fr").status_code == 404


def test_a_busted_player_sees_the_place_and_a_waiting_player_the_rank() -> None:
    venue = Venue()
    venue.command(TID, type="create_tournament", tournament_id=TID, max_players=4)
    for number in range(1, 5):
        venue.command(TID, type="register_player", player_id=f"p{number}", name=f"J {number}")
    venue.command(TID, type="draw_seats", seed=1)
    venue.command(TID, type="place_buttons", seed=1)
    venue.command(TID, type="start_clock")
    venue.command(TID, type="register_late", player_id="w", name="Attente", seed=1)
    venue.command(TID, type="penalize", player_id="p2", kind="disqualification", reason="x")
    assert "Éliminé : place 4." in venue.public.get(f"/t/{TID}/me/p2?lang=fr").text
    assert "En liste d'attente : n° 1." in venue.public.get(f"/t/{TID}/me/w?lang=fr").text
