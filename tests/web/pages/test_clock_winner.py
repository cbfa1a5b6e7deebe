"""Issue 30 item 1: the clock screen shows the winner as soon as one player is left, before the
TD's "Finish", from the aggregate's answer (``winner_before_finish``) through the read model."""

from __future__ import annotations

from tests.web.pages.conftest import Venue
from tests.web.pages.test_clock import CLUB_GRID, open_with_payouts, screen


def test_issue_30_item_1_the_screen_shows_the_winner_before_the_finish(venue: Venue) -> None:
    open_with_payouts(venue, CLUB_GRID, players=3)
    venue.command("club", type="bust_players", table_no=1, players=["p1"])
    assert "Vainqueur" not in screen(venue)  # two still play
    venue.command("club", type="bust_players", table_no=1, players=["p2"])
    shown = screen(venue)
    winner = venue.service.tournament("club").players["p3"].name
    assert "Vainqueur" in shown and winner in shown
    assert venue.service.tournament("club").finished is None  # the TD has not finished
    assert "Tapis moyen" not in shown
