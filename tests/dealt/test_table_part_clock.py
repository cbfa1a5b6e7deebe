"""Issue 31's measure: the seat to act is kept like the others, its action clock's time left put
in at each render (``_seat_html``), and the table channel's steady text cuts that time out by
two look-ups (``_dealt_live._steady``) where ``steady_part`` runs its regular expressions: the
time shown is the clock's at every moment, and two renders are steady-equal exactly when
``steady_part`` says so."""

from __future__ import annotations

import itertools
import re

from pokerfloor.web import i18n
from pokerfloor.web.pages.common._common import make_environment
from pokerfloor.web.pages.common._dealt_common import table_context
from pokerfloor.web.pages.common._dealt_live import _steady
from pokerfloor.web.pages.common._live import steady_part
from tests.dealt._sitngo import play_until, sit_and_go

_CLOCK = re.compile(r'data-remaining-ms="(\d+)"[^>]*data-ticks>(\d+) s<')


def test_issue_31_measure_the_kept_seat_to_act_shows_the_clock_s_time_left_at_each_render() -> None:
    dealt, clock = sit_and_go(players=4)
    template = make_environment().get_template("dealt_table_part.html")
    renders: list[str] = []

    def check() -> bool:
        table = dealt.table("sng", 1)
        seat_no = table.to_act_seat() if table.in_hand else 0
        deadline = table.deadline_ms(seat_no) if seat_no else None
        for later in (0, 400, 1_000, 60_000):  # the same version, the clock moving on
            clock.now += later
            context = table_context(dealt, "sng", 1, td=False, live=True)
            with i18n.use_locale("fr"):
                html = template.render(lang="fr", seat_no=0, **context)
            renders.append(html)
            shown = _CLOCK.findall(html)
            if deadline is None:
                assert not shown
                continue
            left = max(deadline - clock.now, 0)
            assert shown == [(str(left), str((left + 999) // 1000))]
        return len(renders) >= 120

    play_until(dealt, clock, check, max_steps=400)
    pairs = [*itertools.pairwise(renders), *((html, html) for html in renders)]
    for one, two in pairs:
        assert (_steady(one) == _steady(two)) == (steady_part(one) == steady_part(two))
    assert any(_steady(a) == _steady(b) and a != b for a, b in pairs)  # only the time moved
