"""Privacy of the club's public pages (docs/club.md, "Names on the public pages"): without a
session, every page and JSON read of the club names a member by nickname, else first name and
the last name's initial (``club.public_names``); the signed-in staff see the full names."""

from __future__ import annotations

import pytest

from tests.web.pages.conftest import Venue, words
from tests.web.pages.test_club_pages import HOUR_MS, a_club, run

LAST_NAMES = ("Lovelace", "Pascal", "Curie")


def a_played_evening(venue: Venue) -> None:
    """Ada Lovelace, Blaise Pascal and Marie Curie (nickname "Radium") registered from their
    phones, checked in, and placed 1, 3, 2: the season's standings have them."""
    start = a_club(venue) + 7 * 24 * HOUR_MS
    run(venue, type="add_member", member_id="5", name="Marie Curie", nickname="Radium",
        birth_date="1967-11-07")  # fmt: skip
    run(venue, type="set_pin", member_id="5", pin="5555")
    run(venue, type="issue_card", card_id="c5", member_id="5", card_type="saphir")
    run(venue, type="schedule_event", event_id="e2", name="Jeudi", kind="tournament",
        start_ms=start, capacity=10, buy_in_cents=2000, season_id="s1")  # fmt: skip
    for number in ("1", "2", "5"):
        pin = number * 4
        done = venue.public.post("/c/hp/e/e2/register", data={"member_id": number, "pin": pin})
        assert done.status_code == 200
    venue.clock.now_ms = start - HOUR_MS // 2
    for number in ("1", "2", "5"):
        run(venue, type="check_in", event_id="e2", member_id=number, method="cash",
            identity_by="TD")  # fmt: skip
    venue.clock.now_ms = start + 4 * HOUR_MS
    run(venue, type="close_event", event_id="e2", places={"1": 1, "5": 2, "2": 3})


def no_last_name(text: str) -> None:
    assert not [name for name in LAST_NAMES if name in text], text[:3000]
    assert "Ada L." in text and "Radium" in text


@pytest.mark.parametrize(
    "url",
    [
        "/c/hp/e/e2",
        "/c/hp/s/s1",
        "/c/hp/s/s1.csv",
        "/api/clubs/hp/events/e2",
        "/api/clubs/hp/seasons/s1/standings",
        "/api/clubs/hp/seasons/s1/standings.csv",
    ],
)
def test_a_public_club_read_shows_no_members_last_name(venue: Venue, url: str) -> None:
    a_played_evening(venue)
    response = venue.public.get(url)
    assert response.status_code == 200, response.text
    no_last_name(words(response.text) if url.startswith("/c/") else response.text)


def test_the_live_public_list_shows_no_members_last_name(venue: Venue) -> None:
    a_played_evening(venue)
    with venue.public.websocket_connect("/c/hp/e/e2/live?lang=fr") as socket:
        no_last_name(socket.receive_text())


def test_a_members_own_evenings_page_after_the_pin_shows_the_public_name(venue: Venue) -> None:
    a_played_evening(venue)
    page = venue.public.post("/c/hp/m/1", data={"pin": "1111"})
    assert page.status_code == 200
    text = words(page.text)
    assert "Ada L." in text and "Lovelace" not in text


def test_the_signed_in_staff_see_the_full_names(venue: Venue) -> None:
    a_played_evening(venue)
    for url in ("/club/hp/events/e2", "/club/hp/seasons/s1"):
        text = words(venue.td.get(url).text)
        assert "Ada Lovelace" in text and "Blaise Pascal" in text, url
