"""Issue 30 item 1: who has won before the TD records the finish is the aggregate's answer
(``Tournament.winner_before_finish``), which the clock screen shows through its read model
(``podium_before_finish``), instead of the page counting the players itself."""

from __future__ import annotations

from pokerfloor.app.read_models import clock_screen
from tests.tournament.test_entries import play_even_hand, started


def test_issue_30_item_1_the_last_player_in_play_is_the_winner_until_the_finish() -> None:
    tournament, _ = started(3)
    play_even_hand(tournament, 1, 0)
    first, second, last = tournament.tables[1].seats.values()
    assert tournament.winner_before_finish() is None  # three play
    tournament.busts.report(1, [first], {}, 10)
    assert tournament.winner_before_finish() is None  # two play
    tournament.busts.report(1, [second], {}, 11)
    assert tournament.winner_before_finish() == last
    screen = clock_screen(tournament, 12)
    payouts = screen["payouts_cents"]
    assert screen["podium_before_finish"][0] == {
        "place": 1,
        "name": tournament.players[last].name,
        "cents": payouts[0],
    }
    assert [row["place"] for row in screen["podium_before_finish"]] == list(
        range(1, min(3, len(payouts)) + 1)
    )
    pool = tournament.prize_pool().total_cents
    tournament.finish(20, [pool], pool)
    assert tournament.winner_before_finish() is None  # the finish has ranked and paid
    assert clock_screen(tournament, 21)["podium_before_finish"] is None


def test_issue_30_item_1_a_lone_entry_has_not_won_anything() -> None:
    tournament, _ = started(2)
    tournament.players_left = 1  # as if one of two had unregistered: one entry, one player
    tournament.entries = 1
    assert tournament.winner_before_finish() is None
    tournament.entries = 2
    assert tournament.winner_before_finish() is not None
