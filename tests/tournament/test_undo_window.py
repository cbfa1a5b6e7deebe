"""Issue 30 item 1: how long after a bust (or a rebuy) the console's quick undo is accepted is
the tournament's rule, decided in the core (``limits.UNDO_WINDOW_MS``), so the API and the
console apply the same limit; without the time it undoes, the table's next hand alone closes
the undo (the corrections page after)."""

from __future__ import annotations

import pytest

from pokerfloor.errors import PokerfloorError
from pokerfloor.tournament.events import BustUndone, RebuyCorrected
from pokerfloor.tournament.limits import UNDO_OFFERED_MS, UNDO_WINDOW_MS, check_undo_window
from tests.tournament.test_entries import play_even_hand, started


def test_issue_30_item_1_the_undo_window_is_a_minute_and_covers_the_offer() -> None:
    assert UNDO_WINDOW_MS == 60_000
    assert UNDO_OFFERED_MS < UNDO_WINDOW_MS  # a click on the offer's last second still counts
    check_undo_window(1_000, 1_000 + UNDO_WINDOW_MS)  # its last millisecond
    with pytest.raises(PokerfloorError) as refused:
        check_undo_window(1_000, 1_001 + UNDO_WINDOW_MS)
    assert refused.value.code == "UNDO_TOO_LATE"
    assert refused.value.params == {"seconds": 60, "limit": 60}


def test_issue_30_item_1_a_bust_undone_within_the_window_and_refused_after_it() -> None:
    tournament, _ = started(12)
    play_even_hand(tournament, 1, 0)
    first, second = list(tournament.tables[1].seats.values())[:2]
    tournament.busts.report(1, [first], {}, 10_000)
    tournament.busts.report(1, [second], {}, 10_001)
    with pytest.raises(PokerfloorError) as refused:
        tournament.corrections.undo_bust([first], 10_000 + 61_000, "late", done_at_ms=10_000)
    assert refused.value.code == "UNDO_TOO_LATE" and refused.value.params["seconds"] == 61
    assert tournament.players[first].place is not None  # nothing recorded
    tournament.corrections.undo_bust([second], 10_001 + 59_000, "in time", done_at_ms=10_001)
    assert isinstance(tournament.events[-1], BustUndone)
    # Without the time (the API's undo of a bust), the next hand alone closes it.
    tournament.corrections.undo_bust([first], 10_000 + 600_000, "desk")
    assert tournament.players[first].in_play


def test_issue_30_item_1_a_rebuy_undone_within_the_window_and_refused_after_it() -> None:
    tournament, _ = started(6)
    play_even_hand(tournament, 1, 0)
    loser = next(iter(tournament.tables[1].seats.values()))
    tournament.busts.report(1, [loser], {}, 10_000, rebuys=[loser])
    with pytest.raises(PokerfloorError) as refused:
        tournament.corrections.correct_rebuy(loser, 80_000, "late", done_at_ms=10_000)
    assert refused.value.code == "UNDO_TOO_LATE"
    tournament.corrections.correct_rebuy(loser, 20_000, "in time", done_at_ms=10_000)
    assert isinstance(tournament.events[-1], RebuyCorrected)
