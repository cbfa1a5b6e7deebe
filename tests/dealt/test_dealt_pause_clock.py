"""The action clock of a paused dealt table on the pages (issue 31 item 4), without a browser:
the page says paused and carries the time the server says is left, marked so that the phone's
script does not count it down (tests/browser/test_dealt_pause_clock.py runs that script)."""

from __future__ import annotations

import re

from tests.dealt.test_dealt_pages import SCREEN, _dealt_venue, _link

_CLOCK = re.compile(r'<span class="dealt-clock[^"]*"[^>]*data-remaining-ms="(\d+)"([^>]*)>([^<]*)<')


def test_a_paused_table_s_page_shows_the_time_left_at_the_pause_and_marks_it_still() -> None:
    venue, dealt = _dealt_venue(players=3)
    dealt.tick("sng")
    venue.clock.advance(4_000)
    running = _CLOCK.findall(venue.public.get(_link("p1") + "?lang=fr").text)
    assert running and "data-paused" not in running[0][1]
    dealt.pause_table("sng", 1)
    table = dealt.table("sng", 1)
    left_ms = table.deadline_ms(table.to_act_seat()) - table.paused_at_ms  # type: ignore[operator]
    venue.clock.advance(30_000)  # the time passing while paused does not count
    for page in (_link("p1") + "?lang=fr", SCREEN + "&lang=fr"):
        clocks = _CLOCK.findall(venue.public.get(page).text)
        assert clocks, page
        remaining, attributes, text = clocks[0]
        assert int(remaining) == left_ms and 'data-paused="1"' in attributes
        assert text.strip() == f"{-(-left_ms // 1000)} s · en pause"  # rounded up, as the script
    dealt.resume_table("sng", 1)
    remaining, attributes, _text = _CLOCK.findall(venue.public.get(_link("p1")).text)[0]
    assert int(remaining) == left_ms and "data-paused" not in attributes
