"""The open floor calls as the TD's pages show them: the captains' page (the list), the console
(a badge by the clock line, the list with "Answered") and the clock screen's TD view (the badge
alone, without the reasons: a TV is seen by the room).

A call is a table's open ``floor_called`` event (one per table at most, so the table number
identifies it; ``answer_floor_call`` closes it). How long it has waited is counted here from
the server's clock (``service.clock()``, the only one) in whole minutes and worded by the
templates' ``ago`` macro (``templates/_floor_calls.html``: "just now" under a minute, then "1 min
ago", "2 min ago"); the live views that show it push every second. A call that names a
dealing irregularity carries the floor's suggested ruling under the tournament's profile
(``_floor_suggestion.py``), shown next to it.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from typing import Any

from pokerfloor.app.service import TournamentService
from pokerfloor.web.pages.floor._floor_suggestion import Suggestion, suggest

__all__ = ["FloorCall", "WaitingCall", "floor_calls", "minutes_waited", "open_calls"]

MINUTE_MS = 60_000


@dataclass(frozen=True)
class FloorCall:
    """An open call (``call_floor`` event), as the pages show it: one per table at most, so
    the table number identifies it."""

    call_id: int
    table_no: int
    at_ms: int
    reason: str
    button_seat: int | None = None  # the captain's button, for the TD to confirm
    hand_no: int | None = None
    situation: str = ""  # a dealing irregularity the captain named (pokerfloor.floor)
    facts: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True)
class WaitingCall:
    """An open call with the whole minutes it has waited (the server's clock)."""

    call: FloorCall
    minutes: int
    suggestion: Suggestion | None = None


def open_calls(service: TournamentService, tournament_id: str) -> list[FloorCall]:
    """The open calls, oldest first (the seating chart's, with their reasons: TD pages only)."""
    return [
        FloorCall(
            call["table_no"],
            call["table_no"],
            call["at_ms"],
            call["reason"],
            call["button_seat"],
            call["hand_no"],
            call.get("situation", ""),
            tuple(call.get("facts", {}).items()),
        )
        for call in service.seating_chart(tournament_id)["floor_calls"]
    ]


def minutes_waited(now_ms: int, at_ms: int) -> int:
    """Whole minutes since ``at_ms`` (0 under a minute, never negative): the ``ago`` macro says
    "just now" for 0, so "0 min ago" never shows."""
    return max(0, now_ms - at_ms) // MINUTE_MS


def floor_calls(service: TournamentService, tournament_id: str) -> dict[str, Any]:
    """The badge's and the list's context (``floor`` in the templates): the calls oldest first,
    each with the minutes it has waited; the newest call (the badge names its table, and the
    page's script chimes when a newer one shows: ``latest_at_ms``); ``state``, a fingerprint of
    what is shown, so that an unchanged badge or list is not swapped every second (keep.js: a
    button is not replaced under the TD's click)."""
    now_ms = service.clock()
    calls = open_calls(service, tournament_id)
    profile = service.read(tournament_id, lambda t: t.profile) if calls else None
    waited = [
        WaitingCall(
            call,
            minutes_waited(now_ms, call.at_ms),
            suggest(tournament_id, profile, call.situation, dict(call.facts)) if profile else None,
        )
        for call in calls
    ]
    newest = max(waited, key=lambda row: row.call.at_ms) if waited else None
    return {
        "calls": waited,
        "count": len(waited),
        "newest": newest,
        "latest_at_ms": newest.call.at_ms if newest else 0,
        "state": hashlib.sha256(repr(waited).encode()).hexdigest()[:16],
    }
