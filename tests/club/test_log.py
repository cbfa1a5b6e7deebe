"""The club's log: every event type documented, tags stable, a log read back line by line."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from pokerfloor.club import CLUB_EVENT_TYPES, Club
from pokerfloor.club.events import decode_events, encode_event
from pokerfloor.errors import PokerfloorError
from tests.club._club import DAY0, club_with

DOCS = Path(__file__).parents[2] / "docs" / "club.md"


def test_every_event_type_is_in_the_docs() -> None:
    documented = set(re.findall(r"`(\w+)`", DOCS.read_text(encoding="utf-8")))
    assert set(CLUB_EVENT_TYPES) <= documented


def test_a_log_written_one_event_a_line_replays() -> None:
    club = club_with(3)
    club.register("e1", "1", DAY0)
    text = "\n".join(encode_event(event).decode() for event in club.events) + "\n\n"
    assert '"type":"registration_recorded"' in text
    again = Club.replay(decode_events(text))
    assert again.calendar == club.calendar and again.members == club.members


def test_a_log_begins_with_club_created() -> None:
    club = club_with(1)
    with pytest.raises(PokerfloorError) as refused:
        Club.replay(club.events[1:])
    assert refused.value.code == "BAD_EVENT_LOG"
