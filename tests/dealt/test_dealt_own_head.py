"""A player's head part (who and where, away, whose turn: ``dealt_player_head.html``) is kept
by the pushes for what it shows (issue 31's measure): a player marked away after a timeout
gets "I'm back" pushed, and it goes when they come back, although their status in the
tournament and their turn read the same as before."""

from __future__ import annotations

import threading

from pokerfloor.app.dealt_service import DealtService
from pokerfloor.dealt.mode import DealtSettings
from pokerfloor.hand import Action
from pokerfloor.web.pages.common._dealt_common import secret_player_key
from tests.dealt._frames import frames_of, wait_for
from tests.web.pages.conftest import CAPTAIN_SECRET, Venue

TID = "own-head"
_BACK = 'id="dealt-back"'
_HEAD = 'id="dealt-player"'
_AWAY_AT_ONCE = DealtSettings(action_seconds=20, bank_seconds=0, away_after=1, pause_seconds=2)


def _dealt(venue: Venue) -> DealtService:
    venue.command(TID, type="create_tournament", tournament_id=TID, structure="turbo",
                  table_size=9)  # fmt: skip
    for number in range(1, 5):
        venue.command(TID, type="register_player", player_id=f"p{number}", name=f"J {number}")
    venue.command(TID, type="draw_seats", seed=5)
    venue.command(TID, type="place_buttons", seed=5)
    dealt: DealtService = venue.td.app.state.dealt  # type: ignore[attr-defined]
    dealt.choose(TID, _AWAY_AT_ONCE)
    venue.command(TID, type="start_clock")
    dealt.tick(TID)
    return dealt


def _to_act(dealt: DealtService) -> str:
    table = dealt.table(TID, 1)
    return dealt.tournaments.tournament(TID).tables[1].seats[table.to_act_seat()]


def test_issue_31_measure_a_kept_head_still_shows_away_and_back() -> None:
    venue = Venue()
    dealt = _dealt(venue)
    first = _to_act(dealt)
    player = next(p for p in dealt.tournaments.tournament(TID).tables[1].seats.values()
                  if p != first)  # fmt: skip
    key = secret_player_key(CAPTAIN_SECRET, TID, player)
    stop = threading.Event()
    try:
        frames = frames_of(venue, f"/t/{TID}/play/{player}/{key}/live", stop)
        wait_for(frames, lambda frame: _HEAD in frame and 'data-your-turn="0"' in frame)
        while _to_act(dealt) != player:  # the others call: the player's turn comes
            dealt.act(TID, _to_act(dealt), Action("call"))
        wait_for(frames, lambda frame: 'data-your-turn="1"' in frame)
        after = len(frames)
        venue.clock.advance(21_000)  # their time runs out: folded, and away at once
        dealt.tick(TID)
        assert player_away(dealt, player)
        wait_for(frames, lambda frame: _BACK in frame and 'data-your-turn="0"' in frame, after)
        after = len(frames)
        dealt.come_back(TID, player)
        wait_for(frames, lambda frame: _HEAD in frame and _BACK not in frame, after)
    finally:
        stop.set()


def player_away(dealt: DealtService, player: str) -> bool:
    seat = dealt.tournaments.tournament(TID).players[player].seat
    return seat is not None and seat.seat_no in dealt.table(TID, 1).away
