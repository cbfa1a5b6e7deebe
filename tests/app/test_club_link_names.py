"""A tournament started from a club event registers its players under their public names
(``club.public_names``), no two alike: the TD calls the players and the room reads the screen
by these names."""

from __future__ import annotations

from typing import Any

import msgspec

from pokerfloor.app import club_link
from pokerfloor.app.club_commands import ClubCommand, CreateClub
from pokerfloor.app.club_service import ClubService
from pokerfloor.app.memory_store import MemoryEventStore
from pokerfloor.app.service import TournamentService

START = 1_790_000_000_000
NAMES = ["Jean Martin", "Jean Moreau", "Jean Martin", "Marie Curie"]


def test_players_who_would_look_alike_are_registered_under_distinct_names() -> None:
    store = MemoryEventStore()
    clubs = ClubService(store, b"k" * 32, lambda: START - 60_000)
    tournaments = TournamentService(store, lambda: START - 60_000)
    clubs.execute("hp", CreateClub(club_id="hp", name="Heaven"))

    def club(**body: Any) -> None:
        clubs.execute("hp", msgspec.convert(body, ClubCommand))

    for number, name in enumerate(NAMES, start=1):
        club(type="add_member", member_id=str(number), name=name, birth_date="1980-01-01")
        club(type="issue_card", card_id=f"c{number}", member_id=str(number), card_type="saphir")
    club(
        type="schedule_event", event_id="e1", name="Jeudi", kind="tournament", start_ms=START,
        capacity=20, buy_in_cents=1000,
    )  # fmt: skip
    for number in range(1, len(NAMES) + 1):
        club(type="register", event_id="e1", member_id=str(number))
        club(type="check_in", event_id="e1", member_id=str(number), method="cash", identity_by="TD")

    tournament_id = club_link.start_tournament(clubs, tournaments, "hp", "e1")

    names = tournaments.read(
        tournament_id, lambda t: {pid: player.name for pid, player in t.players.items()}
    )
    assert names == {
        "1": "Jean Martin #1",
        "2": "Jean Mo.",
        "3": "Jean Martin #3",
        "4": "Marie C.",  # nobody like her: the initial only
    }
