"""The players' pages' hub (``web/pages/common/_dealt_hub.py``, issue 31's measure): at a
tournament event it reads again only the statuses that event can have changed, and what it
then holds is what a read of every player would give, through hands, busts and moves."""

from __future__ import annotations

from typing import Any

from pokerfloor.app.dealt_service import DealtService
from pokerfloor.app.service import EVENT_DECODER
from pokerfloor.hand import Action, ShowdownAction
from pokerfloor.tournament.events import HandPlayed, PlayersBusted, PlayersMoved
from pokerfloor.web.pages.common._dealt_hub import Hub, event_extent, merged_extent
from tests.dealt._frames import dealt_venue
from tests.dealt._sitngo import SETTINGS
from tests.web.pages.conftest import Venue

TID = "hub"


def _two_tables() -> tuple[Venue, DealtService]:
    return dealt_venue(TID, 8, SETTINGS)


def _all_in_everywhere(dealt: DealtService) -> None:
    """One action at every table in a hand: all-in when it may, else call or check."""
    tables = dealt.tournaments.tournament(TID).tables
    for table_no in list(tables):
        table = dealt.table(TID, table_no)
        seat_no = table.to_act_seat() if table.in_hand else 0
        if not seat_no:
            continue
        player_id = dealt.tournaments.tournament(TID).tables[table_no].seats[seat_no]
        options = table.hand().legal_actions().options
        kind = "allin" if "allin" in options else "call" if "call" in options else "check"
        action = Action(kind) if options else ShowdownAction("show")  # type: ignore[arg-type]
        dealt.act(TID, player_id, action)


def _events_after(venue: Venue, seq: int) -> tuple[list[Any], int]:
    service = venue.td.app.state.service  # type: ignore[attr-defined]
    lines = service.event_lines(TID, seq)
    events = [EVENT_DECODER.decode(line) for _seq, _type, line in lines]
    return events, lines[-1][0] if lines else seq


def test_issue_31_measure_the_hub_s_partial_reads_hold_what_a_full_read_gives() -> None:
    """A hand read again for its table's players only, a bust for the busted and their table,
    a move for the moved and both tables: after each, every status the hub holds (the moved
    player's new table, the busted player's place) is the one a read of everyone gives."""
    venue, dealt = _two_tables()
    pages = venue.td.app.state.pages  # type: ignore[attr-defined]
    hub = Hub(("test",), pages, dealt, TID)
    hub.statuses, hub.left, _read = hub._read(None)
    seq = venue.td.app.state.service.version(TID)  # type: ignore[attr-defined]
    seen: set[type] = set()
    for step in range(3_000):
        if step % 4 == 0:
            dealt.tick(TID)
        _all_in_everywhere(dealt)
        venue.clock.advance(1_000)
        events, seq = _events_after(venue, seq)
        extent = merged_extent(event_extent(event) for event in events)
        if not events or extent is None:
            hub.statuses, hub.left, _read = hub._read(None)
            continue
        seen.update(type(event) for event in events)
        before = hub.reads
        hub.statuses, hub.left, _read = hub._read(extent)
        if all(isinstance(event, HandPlayed) for event in events):  # one table's players
            assert hub.reads - before < len(hub.statuses)
        everyone, left = hub.read()
        assert hub.statuses == everyone, [e.__class__.__name__ for e in events]
        assert hub.left == left
        if {PlayersBusted, PlayersMoved} <= seen:
            return
    raise AssertionError(f"no bust and move read partially: {seen}")
