"""The captain's phone shows the add-on window while the add-on is offered (issue 26): open,
when it closes, and who at the table may still take one; nothing before or after it."""

from __future__ import annotations

import re

from tests.web.pages.conftest import Venue
from tests.web.pages.test_captain import key_of
from tests.web.pages.test_console import TID, evening

MINUTE = 60_000


def captain_page(venue: Venue, lang: str = "fr") -> str:
    answer = venue.public.get(f"/t/{TID}/table/1?key={key_of(venue, 1)}&lang={lang}")
    assert answer.status_code == 200
    return answer.text


def addons_section(page: str) -> str:
    found = re.search(r'<section id="captain-addons"[^>]*>(.*?)</section>', page, re.S)
    assert found is not None
    return found.group(0)


def test_the_captain_sees_the_add_on_window_and_who_may_still_take_one(venue: Venue) -> None:
    evening(venue, players=4, structure="club-rebuy")
    before = addons_section(captain_page(venue))
    assert " hidden" in before and "Add-ons ouverts" not in before
    venue.command(TID, type="jump_to_level", level_index=4, break_before=True)
    venue.command(TID, type="addon", player_id="p1")
    venue.command(TID, type="addon", player_id="p1")  # the double add-on: p1 may take no more
    section = addons_section(captain_page(venue))
    assert "Add-ons ouverts" in section and " hidden" not in section.split(">")[0]
    assert re.search(r"Les add-ons ferment à \d{1,2}:\d{2}, à la fin de la pause", section)
    assert "3 joueurs de cette table peuvent encore en prendre un" in section
    assert all(f"Joueur {n}" in section for n in (2, 3, 4)) and "Joueur 1<" not in section
    english = addons_section(captain_page(venue, "en"))
    assert "3 players at this table may still take one" in english
    venue.clock.advance(16 * MINUTE)  # the 15-minute break is over: the window with it
    assert " hidden" in addons_section(captain_page(venue))
