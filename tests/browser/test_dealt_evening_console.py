"""The TD's console of a dealt evening on a 1366x768 laptop, against a real ``pokerfloor
serve``: one look at the hole cards (the TD's view of the table, with its live updates) is one
line of the log, not two; a move to a table or a seat that does not exist, or to a taken seat,
is refused at once with a sentence that says what to do, where it was accepted as waiting for
the hands' end and then dropped without a word. Screenshots go to /tmp/h-dealt-evening-*.png.
"""

from __future__ import annotations

from playwright.sync_api import Browser, Page, expect

from tests.browser.conftest import LiveServer, wait_until
from tests.browser.dealt_set_up import LONG_CLOCK, dealt_tournament, td_page

TID = "evening-console"


def _console(browser: Browser, live_server: LiveServer, tid: str = TID) -> Page:
    dealt_tournament(live_server, tid, 6, LONG_CLOCK)
    return td_page(browser, live_server, f"/t/{tid}/dealt?lang=fr")


def test_one_look_at_the_hole_cards_is_one_line_and_a_move_to_no_seat_is_refused_at_once(
    browser: Browser, live_server: LiveServer
) -> None:
    td = _console(browser, live_server)
    expect(td.locator('[data-td-view="1"]')).to_be_visible(timeout=20_000)  # a hand dealt
    td.locator('[data-td-view="1"]').click()
    # The view's live part came (its socket is open) before going back to the console.
    wait_until(
        td, "document.querySelectorAll('.dealt-seat .dealt-card:not(.dealt-back)').length >= 2"
    )
    td.wait_for_timeout(1_000)  # lets the socket's opening reach the server
    td.go_back()
    td.reload()
    expect(td.locator(".dealt-seen li")).to_have_count(1)
    td.screenshot(path="/tmp/h-dealt-evening-console.png", full_page=True)

    flash = td.locator("#flash")
    for table, seat, words in (
        ("2", "1", "Il n'y a pas de table 2 : les tables en jeu sont 1."),
        ("1", "12", "La table 1 a les places 1 à "),
        ("1", None, "est prise"),
    ):
        taken = td.locator("#dealt-move-player option").nth(1).inner_text()
        seat_no = seat or taken.split("place ")[1].rstrip(")")
        td.locator("#dealt-move-player").select_option(index=0)
        td.locator("#dealt-move-table").fill(table)
        td.locator("#dealt-move-seat").fill(seat_no)
        td.locator("#dealt-move-reason").fill("lumière")
        td.locator("#dealt-move-button").click()
        expect(flash).to_contain_text(words)
    td.screenshot(path="/tmp/h-dealt-evening-move.png")
    expect(td.locator(".dealt-asked")).to_have_count(0)  # nothing waits for the hands' end


def test_the_histories_page_says_its_bounds_as_numbers_and_ticks_spectators_in_one_line(
    browser: Browser, live_server: LiveServer
) -> None:
    td = _console(browser, live_server, "evening-histories")
    # The spectators' delay's bounds are written as the page's other numbers ("3 600").
    td.goto(f"{live_server.url}/t/evening-histories/dealt/histories?lang=fr")
    expect(td.locator("#delay-seconds-bounds")).to_have_text("de 0 à 3\u202f600")
    # The box to tick sits on the line of its words, not above them.
    box = td.locator('input[name="allowed"]').bounding_box()
    words = td.get_by_text("Les spectateurs peuvent regarder les tables").bounding_box()
    assert box and words
    assert words["y"] <= box["y"] + box["height"] / 2 <= words["y"] + words["height"]
    assert box["height"] >= 24  # the browser's 13 px box was hard to hit
    td.screenshot(path="/tmp/h-dealt-evening-histories.png")
