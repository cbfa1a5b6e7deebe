"""An imported event log's room screen is untrusted too: its texts get the screen's limits and
its logo the upload's checks (PNG or JPEG, 256 KB)."""

from __future__ import annotations

import pytest

from pokerfloor.app.untrusted import check_imported_events
from pokerfloor.errors import PokerfloorError
from pokerfloor.tournament.events import RoomLogoSet, RoomScreenSet, TournamentEvent
from pokerfloor.tournament.state import Tournament
from pokerfloor.tournament.structure import load_structure

PNG = b"\x89PNG\r\n\x1a\n" + bytes(32)


def log_with(event: TournamentEvent) -> list[TournamentEvent]:
    tournament = Tournament.create("club", "tda-2024", load_structure("club-evening"))
    return [*tournament.events, event]


def test_a_room_screen_the_api_could_have_set_is_accepted() -> None:
    check_imported_events(log_with(RoomScreenSet("Club", "Buffet à 21 h", 5)))
    check_imported_events(log_with(RoomLogoSet(PNG, 5)))
    check_imported_events(log_with(RoomLogoSet(b"", 5)))


@pytest.mark.parametrize(
    ("event", "field"),
    [
        (RoomScreenSet("Club", "x" * 121, 5), "message"),
        (RoomScreenSet("C" * 61, "", 5), "club_name"),
        (RoomLogoSet(b"<svg onload='alert(1)'/>", 5), "logo"),
        (RoomLogoSet(PNG + bytes(256 * 1024), 5), "logo"),
    ],
)
def test_a_room_screen_beyond_the_limits_is_refused(event: TournamentEvent, field: str) -> None:
    with pytest.raises(PokerfloorError) as caught:
        check_imported_events(log_with(event))
    assert caught.value.code == "BAD_EVENT_LOG"
    assert caught.value.params == {"line": 2, "field": field}
