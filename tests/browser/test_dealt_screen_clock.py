"""The tournament's clock on a dealt table's screen and the TD's list of the tables' screens,
against a real ``pokerfloor serve``.

The table's screen (the 1920x1080 TV, a 1280x800 tablet) shows the level, its time left
counting down, the blinds and the next break on the title's line, every seat of 9 still on the
screen; the TD pausing the clock shows on it at once (its own live view), and a break the next
level's blinds. The TD's console on the 1366x768 laptop and at 1920x1080 lists the tables'
screens a table a line: the screen's link, its QR code and the TD's view side by side, no link
wrapped. Screenshots go to
/tmp/h-dealt-screen-clock-*.png and /tmp/h-dealt-console-tables-*.png.
"""

from __future__ import annotations

from playwright.sync_api import Browser, Page, expect

from tests.browser.conftest import LiveServer, wait_until
from tests.browser.dealt_set_up import LAPTOP, LONG_CLOCK, SCREEN, dealt_tournament, td_page
from tests.browser.test_console import command

TABLET = {"width": 1280, "height": 800}

# The clock's pieces on the table's screen, each wholly on the screen.
_CLOCK_OFF_SCREEN = """() => ['.dealt-level-period', '.dealt-level-left', '.dealt-level-blinds',
      '.dealt-level-break'].filter(selector => {
        const box = document.querySelector(selector)?.getBoundingClientRect();
        return !box || box.height === 0 || box.top < 0 || box.bottom > window.innerHeight
               || box.right > window.innerWidth;
      })"""

_SEATS_OFF_SCREEN = """() => [...document.querySelectorAll('.dealt-seat')]
    .filter(s => s.getBoundingClientRect().bottom > window.innerHeight
                 || s.getBoundingClientRect().right > window.innerWidth)
    .map(s => s.dataset.seat)"""


def _screen_link(browser: Browser, live_server: LiveServer, tid: str) -> str:
    td = td_page(browser, live_server, f"/t/{tid}/dealt?lang=fr")
    link = td.locator('a[data-screen="1"]').get_attribute("href")
    assert link
    td.context.close()
    return link


def _left(page: Page) -> str:
    return page.locator(".dealt-level-left").inner_text()


def test_the_table_s_screen_shows_the_level_its_time_counting_down_and_every_seat(
    browser: Browser, live_server: LiveServer
) -> None:
    tid = "screen-clock"
    dealt_tournament(live_server, tid, 9, LONG_CLOCK)
    link = _screen_link(browser, live_server, tid)
    for name, size in (("tablet", TABLET), ("tv", SCREEN)):  # the TV last: the clock paused
        screen = browser.new_context(viewport=size, locale="fr-FR").new_page()
        screen.goto(f"{live_server.url}{link}&lang=fr")
        expect(screen.locator(".dealt-clock")).to_be_visible(timeout=20_000)  # a hand dealt
        wait_until(screen, "document.querySelectorAll('.dealt-seat').length === 9")
        clock = screen.locator("#clock-screen")
        expect(clock.locator(".dealt-level-period")).to_have_text("Niveau 1")
        expect(clock.locator(".dealt-level-blinds")).to_contain_text("Blinds")
        expect(clock.locator(".dealt-level-break")).to_contain_text("Prochaine pause dans")
        first = _left(screen)
        assert first[:2].isdigit() and first[2] == ":", first
        # Counting down in the page between the server's pushes (which carry no tick).
        wait_until(
            screen,
            f"document.querySelector('.dealt-level-left').textContent.trim() < {first!r}",
            timeout=10,
        )
        screen.screenshot(path=f"/tmp/h-dealt-screen-clock-{name}.png")
        assert screen.evaluate(_CLOCK_OFF_SCREEN) == [], name
        assert screen.evaluate(_SEATS_OFF_SCREEN) == [], name
        if name == "tv":
            # The TD pauses the tournament's clock: the screen says so, its time stands still.
            command(live_server, tid, type="pause_clock")
            state = clock.locator(".dealt-level-state")
            expect(state).to_have_text("Pendule arrêtée", timeout=10_000)
            stopped = _left(screen)
            screen.wait_for_timeout(1_500)
            assert _left(screen) == stopped
            command(live_server, tid, type="resume_clock")
            expect(state).to_have_count(0, timeout=10_000)
            # At a break: the next level's blinds, as on the room's clock screen.
            command(live_server, tid, type="jump_to_level", level_index=6, break_before=True)
            expect(clock.locator(".dealt-level-period")).to_have_text("Pause", timeout=10_000)
            expect(clock.locator(".dealt-level-blinds")).to_contain_text("Niveau suivant")
        screen.context.close()


# For each table of the console's list: its screen's link, its QR code and its TD's view
# (links each on one line; the three side by side: their middles within a few pixels).
_TABLE_LINES = """() => [...document.querySelectorAll('a[data-screen]')].map(screen => {
    const row = screen.parentElement;
    const view = row.querySelector('a[href$="/td"]');
    const qr = row.querySelector('svg');
    const middle = element => {
      const box = element.getBoundingClientRect();
      return (box.top + box.bottom) / 2;
    };
    const pieces = [screen, view].map(link => link.getClientRects().length);
    return {table: screen.dataset.screen, pieces,
            apart: Math.max(Math.abs(middle(screen) - middle(view)),
                            Math.abs(middle(screen) - middle(qr))),
            inside: view.getBoundingClientRect().right <= row.getBoundingClientRect().right + 1};
  })"""


def test_the_console_lists_the_tables_screens_a_table_a_line(
    browser: Browser, live_server: LiveServer
) -> None:
    tid = "console-tables"
    dealt_tournament(live_server, tid, 27, LONG_CLOCK, start=False)
    for name, size in (("laptop", LAPTOP), ("tv", SCREEN)):
        td = td_page(browser, live_server, f"/t/{tid}/dealt?lang=fr")
        td.set_viewport_size(size)
        expect(td.locator("a[data-screen]")).to_have_count(3)
        lines = td.evaluate(_TABLE_LINES)
        td.locator("a[data-screen]").first.scroll_into_view_if_needed()
        td.screenshot(path=f"/tmp/h-dealt-console-tables-{name}.png")
        for line in lines:
            assert line["pieces"] == [1, 1], (name, line)
            assert line["apart"] < 4, (name, line)
            assert line["inside"], (name, line)
        td.context.close()
