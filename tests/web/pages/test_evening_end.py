"""The evening's end: with one player left the room's screen shows the winner and the prizes
(never a paused level or "hand for hand"); after "Finish" the clock stays stopped at the finish
with no level change to signal; a finish paying less than the prize pool is refused until the
TD confirms that the rest stays unpaid."""

from __future__ import annotations

from tests.web.pages.conftest import Venue
from tests.web.pages.test_clock import CLUB_GRID, MINUTE_MS, open_with_payouts, screen


def down_to_one(venue: Venue) -> None:
    open_with_payouts(venue, CLUB_GRID, players=3)
    venue.command("club", type="set_hand_for_hand", active=True)
    for player in ("p1", "p2"):
        venue.command("club", type="bust_players", table_no=1, players=[player])


def test_with_one_player_left_the_screen_shows_the_winner_and_the_prizes(venue: Venue) -> None:
    down_to_one(venue)
    shown = screen(venue)
    winner = venue.service.tournament("club").players["p3"].name
    assert "Vainqueur" in shown and winner in shown
    assert "1er" in shown and "30,00" in shown and "2e" in shown and "18,00" in shown
    assert "Main par main" not in shown and "Pause" not in shown
    assert 'data-period="over"' in screen(venue)


def test_after_the_finish_the_clock_stays_where_it_stopped(venue: Venue) -> None:
    down_to_one(venue)
    venue.command("club", type="set_hand_for_hand", active=False)
    venue.command("club", type="finish")
    at_finish = venue.service.clock_screen("club")
    venue.clock.advance(3 * 60 * MINUTE_MS)  # three hours later: several levels' worth
    later = venue.service.clock_screen("club")
    assert later["running"] is False
    for key in ("level_number", "in_break", "remaining_ms"):
        assert later[key] == at_finish[key], key
    assert 'data-period="over"' in screen(venue)


def test_a_finish_paying_less_than_the_pool_needs_the_td_s_confirmation(venue: Venue) -> None:
    down_to_one(venue)
    pool = venue.service.clock_screen("club")["prize_pool_cents"]
    preview = venue.td.post(
        "/t/club/results/preview", data={"mode": "amounts", "amounts": "40", "pool": "60"}
    )
    assert 'name="below_pool"' in preview.text and "required" in preview.text
    fields = {"payouts_cents": "4000", "prize_pool_cents": str(pool)}
    refused = venue.td.post("/t/club/finish", data=fields).text
    assert "PAYOUTS_BELOW_POOL" in refused and "confirmez que ce montant reste" in refused
    assert not venue.service.results("club")["finished"]
    venue.td.post("/t/club/finish", data={**fields, "below_pool": "1"})
    assert venue.service.results("club")["finished"]
