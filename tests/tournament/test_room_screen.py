"""The room's screen (the club's name, its logo, the TD's message): events that survive a
restart (replay and snapshot give the same screen), and refusals that change nothing."""

from __future__ import annotations

import msgspec
import pytest

from pokerfloor.errors import PokerfloorError
from pokerfloor.tournament.events import RoomLogoSet, RoomScreenSet, TournamentEvent
from pokerfloor.tournament.limits import (
    MAX_CLUB_NAME_LENGTH,
    MAX_LOGO_BYTES,
    MAX_SCREEN_MESSAGE_LENGTH,
)
from pokerfloor.tournament.room_screen import RoomScreen, logo_media_type
from pokerfloor.tournament.state import Tournament
from pokerfloor.tournament.structure import load_structure

# The smallest valid images' first bytes: the check reads the signature, not the rest.
PNG = b"\x89PNG\r\n\x1a\n" + b"\x00\x00\x00\rIHDR" + bytes(64)
JPEG = b"\xff\xd8\xff\xe0\x00\x10JFIF\x00" + bytes(64)
SVG = b'<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'


def new_tournament() -> Tournament:
    return Tournament.create("club", "tda-2024", load_structure("club-evening"), at_ms=1_000)


def refused(tournament: Tournament, action: object) -> PokerfloorError:
    """Run ``action``; it must be refused with nothing recorded."""
    before = list(tournament.events)
    screen = tournament.screen.shown
    with pytest.raises(PokerfloorError) as caught:
        action()  # type: ignore[operator]
    assert tournament.events == before
    assert tournament.screen.shown == screen
    return caught.value


def test_the_club_name_and_message_are_recorded_and_shown() -> None:
    tournament = new_tournament()
    tournament.screen.set("Poker Club de Nantes", "Buffet à 21 h", at_ms=5_000)
    assert tournament.events[-1] == RoomScreenSet("Poker Club de Nantes", "Buffet à 21 h", 5_000)
    assert tournament.screen.shown.club_name == "Poker Club de Nantes"
    assert tournament.screen.shown.message == "Buffet à 21 h"


def test_a_message_is_one_line_without_control_characters() -> None:
    tournament = new_tournament()
    tournament.screen.set("  Club\t", "Dernière recave\n\nà la pause\x07 ", at_ms=5_000)
    assert tournament.screen.shown.club_name == "Club"
    assert tournament.screen.shown.message == "Dernière recave à la pause"


def test_the_same_screen_again_records_nothing_and_empty_texts_clear_it() -> None:
    tournament = new_tournament()
    tournament.screen.set("Club", "Buffet à 21 h", at_ms=5_000)
    count = len(tournament.events)
    tournament.screen.set("Club ", "Buffet à 21 h", at_ms=6_000)
    assert len(tournament.events) == count
    tournament.screen.set("", "", at_ms=7_000)
    assert tournament.screen.shown == RoomScreen()


def test_an_over_long_message_is_refused_with_the_limit() -> None:
    tournament = new_tournament()
    tournament.screen.set("Club", "Buffet à 21 h", at_ms=5_000)
    long_message = "x" * (MAX_SCREEN_MESSAGE_LENGTH + 1)
    error = refused(tournament, lambda: tournament.screen.set("Club", long_message, 6_000))
    assert error.code == "ROOM_TEXT_TOO_LONG"
    assert error.params == {
        "reason": "message",
        "length": MAX_SCREEN_MESSAGE_LENGTH + 1,
        "most": MAX_SCREEN_MESSAGE_LENGTH,
    }
    # At the limit exactly it is taken.
    tournament.screen.set("Club", "x" * MAX_SCREEN_MESSAGE_LENGTH, 7_000)
    long_name = "C" * (MAX_CLUB_NAME_LENGTH + 1)
    error = refused(tournament, lambda: tournament.screen.set(long_name, "", 8_000))
    assert error.params["reason"] == "club_name"


def test_a_png_or_jpeg_logo_is_taken_and_can_be_removed() -> None:
    tournament = new_tournament()
    tournament.screen.set_logo(PNG, at_ms=5_000)
    assert tournament.events[-1] == RoomLogoSet(PNG, 5_000)
    assert tournament.screen.shown.logo == PNG
    assert tournament.screen.shown.logo_at_ms == 5_000
    assert logo_media_type(tournament.screen.shown.logo) == "image/png"
    tournament.screen.set_logo(JPEG, at_ms=6_000)
    assert logo_media_type(tournament.screen.shown.logo) == "image/jpeg"
    tournament.screen.set_logo(b"", at_ms=7_000)
    assert tournament.screen.shown.logo == b"" and tournament.screen.shown.logo_at_ms is None
    count = len(tournament.events)
    tournament.screen.set_logo(b"", at_ms=8_000)  # nothing left to remove
    assert len(tournament.events) == count


@pytest.mark.parametrize(
    "data",
    [SVG, b"GIF89a" + bytes(32), b"%PDF-1.7", b"\x89PNX" + bytes(16), b"<?xml version='1.0'?>"],
)
def test_a_logo_that_is_not_png_or_jpeg_is_refused(data: bytes) -> None:
    tournament = new_tournament()
    error = refused(tournament, lambda: tournament.screen.set_logo(data, at_ms=5_000))
    assert error.code == "ROOM_LOGO_NOT_AN_IMAGE"
    assert error.params == {"max_kb": 256}


def test_a_logo_over_256_kb_is_refused_with_its_size() -> None:
    tournament = new_tournament()
    too_big = PNG + bytes(MAX_LOGO_BYTES + 1 - len(PNG))
    error = refused(tournament, lambda: tournament.screen.set_logo(too_big, at_ms=5_000))
    assert error.code == "ROOM_LOGO_TOO_LARGE"
    assert error.params == {"size_kb": 257, "max_kb": 256}
    tournament.screen.set_logo(too_big[:MAX_LOGO_BYTES], at_ms=6_000)  # 256 KB exactly: taken
    assert len(tournament.screen.shown.logo) == MAX_LOGO_BYTES


def test_the_screen_survives_a_restart_by_replay_and_by_snapshot() -> None:
    tournament = new_tournament()
    tournament.screen.set("Poker Club", "Dernière recave à la pause", at_ms=5_000)
    tournament.screen.set_logo(JPEG, at_ms=6_000)
    # Through the store's JSON, as a restarted server reads it back.
    encoded = [msgspec.json.encode(event) for event in tournament.events]
    decoded = [msgspec.json.decode(line, type=TournamentEvent) for line in encoded]
    assert decoded == tournament.events
    replayed = Tournament.replay(decoded)
    assert replayed.screen.shown == tournament.screen.shown
    restored = Tournament.from_snapshot(tournament.to_snapshot())
    assert restored.screen.shown == tournament.screen.shown
    assert restored.to_snapshot() == tournament.to_snapshot()
    # A snapshot, then a later event, gives what the full replay gives.
    restored.apply_stored(RoomScreenSet("Poker Club", "Buffet à 21 h", 7_000))
    replayed.apply_stored(RoomScreenSet("Poker Club", "Buffet à 21 h", 7_000))
    assert restored.to_snapshot() == replayed.to_snapshot()
    assert restored.screen.shown.message == "Buffet à 21 h"
    assert restored.screen.shown.logo == JPEG


def test_a_snapshot_from_before_the_room_screen_restores_an_empty_one() -> None:
    tournament = new_tournament()
    data = msgspec.json.decode(tournament.to_snapshot())
    del data["room_screen"]
    restored = Tournament.from_snapshot(msgspec.json.encode(data))
    assert restored.screen.shown == RoomScreen()
