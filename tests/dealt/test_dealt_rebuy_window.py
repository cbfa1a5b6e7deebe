"""A busted player's Rebuy button goes when the rebuy period ends by the clock (issue 31, the
player's page): no event says that a level ended, so the pages' hub reads the statuses again
when the clock's period in force ends (``status_changes_at``) and pushes the own part without
the button; the rule itself stays the tournament's (``Desk.rebuy_refusal``)."""

from __future__ import annotations

import threading

from pokerfloor.app.dealt_service import DealtService
from pokerfloor.hand import Action, ShowdownAction
from pokerfloor.web.pages.common._dealt_common import secret_player_key
from tests.dealt._frames import frames_of, wait_for
from tests.dealt._sitngo import SETTINGS
from tests.web.pages.conftest import CAPTAIN_SECRET, Venue

TID = "rebuy-window"
_REBUY = 'id="dealt-rebuy"'
_OWN_HEAD = 'id="dealt-player"'


def _a_bust_in_the_rebuy_period() -> tuple[Venue, DealtService, str]:
    """Three players of a club evening with rebuys (until level 4) all in at every hand,
    until one of them busts; that player."""
    venue = Venue()
    venue.command(TID, type="create_tournament", tournament_id=TID, structure="club-rebuy",
                  table_size=9)  # fmt: skip
    for number in range(1, 4):
        venue.command(TID, type="register_player", player_id=f"p{number}", name=f"J {number}")
    venue.command(TID, type="draw_seats", seed=3)
    venue.command(TID, type="place_buttons", seed=3)
    dealt: DealtService = venue.td.app.state.dealt  # type: ignore[attr-defined]
    dealt.choose(TID, SETTINGS)
    venue.command(TID, type="start_clock")
    for _ in range(400):
        players = dealt.tournaments.tournament(TID).players
        busted = [p for p, player in players.items() if player.place is not None]
        if busted:
            return venue, dealt, busted[0]
        dealt.tick(TID)
        table = dealt.table(TID, 1)
        seat_no = table.to_act_seat() if table.in_hand else 0
        if seat_no:
            player_id = dealt.tournaments.tournament(TID).tables[1].seats[seat_no]
            options = table.hand().legal_actions().options
            kind = "allin" if "allin" in options else "call" if "call" in options else "check"
            action = Action(kind) if options else ShowdownAction("show")  # type: ignore[arg-type]
            dealt.act(TID, player_id, action)
        venue.clock.advance(1_000)
    raise AssertionError("nobody busted")


def test_issue_31_the_rebuy_button_goes_when_the_rebuy_period_ends_by_the_clock() -> None:
    venue, dealt, busted = _a_bust_in_the_rebuy_period()
    key = secret_player_key(CAPTAIN_SECRET, TID, busted)
    stop = threading.Event()
    try:
        frames = frames_of(venue, f"/t/{TID}/play/{busted}/{key}/live", stop)
        wait_for(frames, lambda frame: _REBUY in frame)  # busted at level 1: may rebuy
        tournament = dealt.tournaments.tournament(TID)
        assert tournament.desk.rebuy_refusal(busted, venue.clock(), at_bust=True) is None
        # Level 4's end (four levels of 20 minutes), and no command: the break's add-on.
        after = len(frames)
        venue.clock.advance(4 * 20 * 60_000)
        assert tournament.desk.rebuy_refusal(busted, venue.clock(), at_bust=True) is not None
        head = wait_for(frames, lambda frame: _OWN_HEAD in frame and _REBUY not in frame, after)
        assert "J " in head  # the player's own part, now without the button
    finally:
        stop.set()
