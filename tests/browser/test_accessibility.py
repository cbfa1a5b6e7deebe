"""Issue 26, item 9: axe-core (WCAG 2 A/AA and best practices) finds no violation on any page:
the TD's pages, the club's, the public ones, the phones (390x844), the floor, the TV clock
(1920x1080). axe-core's script comes from the ``axe-playwright-python`` dev dependency (it
ships ``axe.min.js``; nothing is fetched at run time). The same pages, as the browser shows
them, carry no English on a French page either (tests/web/english_leaks.py).

The pages and their stages are the English-leak tour's (tests/web/pages/page_tour.py): a
tournament taking registrations, one running, one finished, a club with a late cancellation.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import Any

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Browser, Page, ViewportSize

from tests.browser.conftest import ThreadServer
from tests.web.english_leaks import english_leaks
from tests.web.pages.conftest import TOKEN, Venue
from tests.web.pages.page_tour import FRAGMENTS, NAMES, set_up, urls

LAPTOP: ViewportSize = {"width": 1366, "height": 768}
PHONE: ViewportSize = {"width": 390, "height": 844}
TV: ViewportSize = {"width": 1920, "height": 1080}
SHOTS = os.environ.get("POKERFLOOR_SHOTS", "/tmp")
# WCAG 2.0 and 2.1, levels A and AA, and axe's best practices.
AXE_OPTIONS = {
    "runOnly": {
        "type": "tag",
        "values": ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"],
    },
    "resultTypes": ["violations"],
}
# A dialog or a form loaded into a page (``hx-get``) is checked alone: the rules about a whole
# document (its title, language, main landmark, first heading, content in landmarks) are its
# host page's, checked on that page.
WHOLE_PAGE_RULES = ("document-title", "html-has-lang", "landmark-one-main", "page-has-heading-one",
                    "region")  # fmt: skip
FRAGMENT_OPTIONS = {
    **AXE_OPTIONS,
    "rules": {rule: {"enabled": False} for rule in WHOLE_PAGE_RULES},
}


class Served:
    def __init__(self) -> None:
        self.venue = Venue()
        set_up(self.venue)
        self.server = ThreadServer(self.venue.td.app)
        self.url = self.server.url


@pytest.fixture(scope="module")
def served() -> Iterator[Served]:
    served = Served()
    served.server.start()
    try:
        yield served
    finally:
        served.server.stop()


def signed_in(browser: Browser, served: Served, viewport: ViewportSize) -> Page:
    page = browser.new_context(viewport=viewport, locale="fr-FR").new_page()
    page.goto(f"{served.url}/login?lang=fr")
    page.get_by_label("Jeton TD").fill(TOKEN)
    page.get_by_role("button", name="Se connecter").click()
    page.wait_for_load_state("load")
    return page


def is_fragment(path: str) -> bool:
    return path.startswith(("/new/profile", "/new/template")) or any(
        path.endswith(f"/{fragment}") for fragment in FRAGMENTS
    )


def violations(page: Page, fragment: bool = False) -> list[str]:
    """axe-core's violations on ``page``: rule, impact and the first elements concerned."""
    found: list[str] = []
    options = FRAGMENT_OPTIONS if fragment else AXE_OPTIONS
    response: dict[str, Any] = Axe().run(page, options=options).response
    for violation in response["violations"]:
        targets = [" ".join(map(str, node["target"])) for node in violation["nodes"][:3]]
        found.append(f"{violation['id']} ({violation['impact']}): {targets}")
    return found


def visit(page: Page, url: str) -> str:
    page.goto(url + ("&" if "?" in url else "?") + "lang=fr")
    page.wait_for_load_state("load")
    page.wait_for_timeout(300)  # the live views' first push (WebSocket) lands
    return page.content()


def test_axe_finds_no_violation_and_no_english_on_any_french_page(
    browser: Browser, served: Served
) -> None:
    page = signed_in(browser, served, LAPTOP)
    found: list[str] = []
    visited = 0
    for path in urls(served.venue):
        html = visit(page, served.url + path)
        visited += 1
        found.extend(f"{path}: {line}" for line in violations(page, is_fragment(path)))
        found.extend(f"{path}: English {leak}" for leak in english_leaks(html, allowed=NAMES))
    print(f"axe-core on {visited} pages at 1366x768: {len(found)} findings")
    assert visited >= 60
    assert found == [], "\n".join(found)


PHONE_PAGES = ("/t/club/me/p2", "/t/club/me", "/c/hp", "/c/hp/e/e1", "/c/hp/m/1",
               "/t/sat/me/s1", "/t/j1a/me/a1")  # fmt: skip
TV_PAGES = ("/t/club/clock", "/t/fin/clock", "/t/reg/clock", "/t/sat/clock", "/t/j2/clock")


def test_the_phones_and_the_tv_have_no_violation_at_their_own_sizes(
    browser: Browser, served: Served
) -> None:
    from pokerfloor.web.pages.common._common import captain_key

    key = captain_key(served.venue.td.app.state.pages, "club", 1)  # type: ignore[attr-defined]
    found: list[str] = []
    pages = served.venue.td.app.state.pages  # type: ignore[attr-defined]
    captains = [f"/t/{tid}/table/1?key={captain_key(pages, tid, 1)}" for tid in ("sat", "j1a")]
    for viewport, paths in ((PHONE, (*PHONE_PAGES, f"/t/club/table/1?key={key}", *captains)),
                            (TV, TV_PAGES)):  # fmt: skip
        page = signed_in(browser, served, viewport)
        for path in paths:
            visit(page, served.url + path)
            found.extend(f"{path} at {viewport['width']}: {line}" for line in violations(page))
        page.context.close()
    assert found == [], "\n".join(found)
