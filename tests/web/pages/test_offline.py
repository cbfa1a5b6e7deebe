"""The pages work on a local network without internet: every script, stylesheet, image and
link they load comes from pokerfloor itself (no CDN), and the vendored files are served."""

from __future__ import annotations

import re

import pytest

from tests.web.pages.conftest import Venue

PAGES = [
    "/",
    "/login",
    "/new",
    "/floor",
    "/t/club/desk",
    "/t/club/seat-cards",
    "/t/club/console",
    "/t/club/clock",
    "/t/club/results",
    "/t/club/chip-race",
    "/t/club/penalties",
    "/t/club/corrections",
    "/t/club/captains",
    "/t/club/floor",
]
LOADED = re.compile(
    r"""<(?:script|link|img|iframe|source|audio|video)\b[^>]*?(?:src|href)=["']([^"']+)"""
)


@pytest.mark.parametrize("path", PAGES)
def test_a_page_loads_nothing_from_another_host(venue: Venue, path: str) -> None:
    venue.evening("club")
    response = venue.td.get(path)
    assert response.status_code == 200, response.text[:500]
    external = [url for url in LOADED.findall(response.text) if re.match(r"(https?:)?//", url)]
    assert external == []
    for url in LOADED.findall(response.text):
        if url.startswith("/static/"):
            assert venue.td.get(url).status_code == 200, url


def test_htmx_and_its_websocket_extension_are_vendored(venue: Venue) -> None:
    for name in ("htmx.min.js", "ws.min.js"):
        response = venue.public.get(f"/static/vendor/{name}")
        assert response.status_code == 200 and len(response.content) > 1000
