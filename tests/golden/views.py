"""What a golden log replays to: the views built from the decoded events, as JSON.

Shared by the generator (``scripts/golden_logs.py``, which stores them next to the logs) and
the test that replays the logs on every run (``test_golden_logs.py``), so both build the same
views the same way.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import msgspec

from pokerfloor.app import read_models
from pokerfloor.app.service import EVENT_DECODER
from pokerfloor.club import Club, decode_event
from pokerfloor.dealt import DealtEvent, DealtTable, HandRevealed
from pokerfloor.dealt.views import td_view
from pokerfloor.tournament.state import Tournament

GOLDEN = Path(__file__).resolve().parents[1] / "data" / "golden"


def json_text(views: dict[str, Any]) -> str:
    return json.dumps(views, ensure_ascii=False, indent=1, sort_keys=True) + "\n"


def as_json(value: Any) -> Any:
    """Plain JSON values (tuples as lists, structs and dataclasses as objects)."""
    return json.loads(msgspec.json.encode(value))


def tournament_views(lines: list[bytes], now_ms: int) -> dict[str, Any]:
    """Replay the stored lines as the service loads them; the pages' read models at ``now_ms``."""
    tournament = Tournament.replay(EVENT_DECODER.decode(line) for line in lines)
    return as_json(
        {
            "now_ms": now_ms,
            "events": len(tournament.events),
            "clock": read_models.clock_screen(tournament, now_ms),
            "seating": read_models.seating_chart(tournament, now_ms),
            "players": read_models.players_list(tournament, now_ms),
            "results": read_models.results(tournament),
            "cash_book": read_models.cash_book(tournament),
        }
    )


def club_views(lines: list[bytes]) -> dict[str, Any]:
    """Replay the stored lines as the club service loads them; the club's queries."""
    club = Club.replay(decode_event(line) for line in lines)
    members = sorted(club.members)
    return as_json(
        {
            "events": len(club.events),
            "standings": club.season_standings("s"),
            "cash_totals": club.cash_totals(),
            "cash_rows": club.cash_rows(),
            "records": {member: club.member_record(member) for member in members},
            "cards": {member: club.member_cards(member) for member in members},
            "registrations": {
                event.event_id: club.registrations(event.event_id)
                for event in club.events_by_start()
            },
        }
    )


DEALT_DECODER = msgspec.json.Decoder(DealtEvent)


def dealt_table_views(lines: list[bytes]) -> dict[str, Any]:
    """Fold a dealt table's stored lines in one by one, as a server following the stream
    (the TD's view read after each); the TD's view after each hand's reveal and at the end,
    the clock, and the same table replayed whole (read back after a crash)."""
    table = DealtTable()
    views = []
    seen: object = None
    for number, line in enumerate(lines, start=1):
        event = DEALT_DECODER.decode(line)
        table.apply(event)
        if table.hand_events:  # read at each event, as a server pushing every change
            seen = td_view(table)
        if isinstance(event, HandRevealed) or number == len(lines):
            views.append(seen)
    replayed = DealtTable.replay(DEALT_DECODER.decode(line) for line in lines)
    return as_json(
        {
            "events": len(table.events),
            "hand_no": table.hand_no,
            "played_no": table.played_no,
            "to_act_seat": table.to_act_seat(),
            "clock": {
                "bank_used": sorted(table.bank_used.items()),
                "missed": sorted(table.missed.items()),
                "away": sorted(table.away),
                "turn_started_ms": table.turn_started_ms,
                "paused_at_ms": table.paused_at_ms,
            },
            "views": views,
            "replayed_td_view": td_view(replayed),
        }
    )
