"""Issue 31's measure: a push's own part (``own_context(live=True)``) is built from the player's
seat alone, not from every seat of the table made again for each player, and comes out the
same as the page's own part over HTTP."""

from __future__ import annotations

from pokerfloor.web.pages.common._common import render_fragment
from pokerfloor.web.pages.common._dealt_common import own_context, player_status
from tests.dealt.test_dealt_push import TID, _seated, _two_tables


def _own_html(venue: object, context: dict[str, object]) -> str:
    pages = venue.td.app.state.pages  # type: ignore[attr-defined]
    context = {**context, "tournament_id": TID, "link": "/l"}
    return "".join(
        render_fragment(name, language, pages, **context)
        for language in ("fr", "en")
        for name in ("dealt_player_head.html", "dealt_player_own.html")
    )


def test_issue_31_measure_the_pushed_own_part_reads_the_player_s_seat_only() -> None:
    venue, dealt = _two_tables()
    tournament = dealt.tournaments.tournament(TID)
    checked = 0
    for player_id in _seated(dealt, 1):
        status = player_status(tournament, player_id, dealt.clock())
        assert status is not None
        live = own_context(dealt, TID, player_id, status, live=True)
        full = own_context(dealt, TID, player_id, status)
        assert "seats" not in live["view"]  # no other seat built for this player's part
        assert len(full["view"]["seats"]) == 4
        assert live["mine"]["cards"] and live["mine"] == full["mine"]  # their two cards
        assert _own_html(venue, live) == _own_html(venue, full)
        checked += 1
    assert checked == 4
