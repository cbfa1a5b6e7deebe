"""Issue 26, item 9: icons as inline SVG, not emoji or symbol characters (the TD's laptop drew
a box for one); the site's icon linked from every page and served from /static."""

from __future__ import annotations

import re

from pokerfloor.web.pages.common._common import TEMPLATE_FOLDERS
from tests.web.pages.conftest import Venue

# Emoji and the dingbats/symbol blocks whose glyphs depend on the device's fonts.
PICTOGRAPH = re.compile("[\U0001f000-\U0001faff\u2600-\u27bf\u2b00-\u2bff\ufe0f]")


def test_no_template_draws_an_icon_with_a_character() -> None:
    found = [
        f"{path.name}:{number}: {match.group()!r}"
        for folder in TEMPLATE_FOLDERS
        for path in sorted(folder.glob("*.html"))
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1)
        for match in PICTOGRAPH.finditer(line)
    ]
    assert found == []


def test_the_pages_link_the_site_s_icon_and_it_is_served(venue: Venue) -> None:
    venue.evening("club", players=4)
    for url in ("/", "/t/club/console", "/t/club/clock", "/t/club/me"):
        page = venue.td.get(url).text
        assert '<link rel="icon" href="/static/favicon.svg" type="image/svg+xml">' in page, url
    icon = venue.public.get("/static/favicon.svg")
    assert icon.status_code == 200
    assert icon.headers["content-type"].startswith("image/svg+xml")


def test_a_paid_player_s_check_is_an_svg_hidden_from_screen_readers(venue: Venue) -> None:
    venue.evening("club", players=4)
    venue.command("club", type="record_payment", player_id="p1", paid=True, method="cash")
    listing = venue.td.get("/t/club/desk").text
    paid = listing[listing.index('class="desk-paid"') :][:400]
    assert '<svg class="icon"' in paid and 'aria-hidden="true"' in paid
