"""What the public may see of a tournament: the event log and the read models without what is
meant for the TD alone (docs/api.md, "Visibility").

The room sees what happens at the tables: seats, stacks, busts, penalties and their kind,
corrections and their outcome, that a table called the floor, where the button is. Two things
stay with the TD:

- **the desk's money**: how a player paid, how much, whether they paid at all, a refund. The
  events that are nothing but that (``payment_recorded``, ``cash_refunded``) are not shown at
  all, as their very existence says who paid; elsewhere the payment method is emptied;
- **the free-text notes** typed by the TD or a captain: the reason of an unregistration, a
  penalty, a correction, a floor call (and the irregularity it names, with its facts), a
  button move, a cancelled deal, a seat change.

A TD-only field is kept, emptied (``""``), so a public line decodes with the same schema as
the stored one. The TD (with the token) gets everything as stored.

Fast for the many phones reading the stream: a line whose type has nothing to hide is passed
through as it is, never decoded; the few types with a note are decoded once per line (cached).
"""

from __future__ import annotations

import functools
from typing import Any

import msgspec

from pokerfloor.tournament.events import TournamentEvent

__all__ = [
    "EMPTIED_AS",
    "HIDDEN_EVENT_TYPES",
    "TD_ONLY_FIELDS",
    "is_public",
    "public_event",
    "public_line",
    "public_players_list",
    "public_seating_chart",
]

# Events the public does not see at all: the desk's money, which the event itself gives away.
HIDDEN_EVENT_TYPES: frozenset[str] = frozenset({"payment_recorded", "cash_refunded"})

# The text fields the public gets emptied, by event type: how an entry was paid (the desk's
# business) and the notes typed by the TD or a captain. Every other field is public.
TD_ONLY_FIELDS: dict[str, tuple[str, ...]] = {
    "player_registered": ("payment_method",),
    "player_rebought": ("payment_method",),
    "player_unregistered": ("reason",),
    "penalty_given": ("reason",),
    "bust_corrected": ("reason",),
    "rebuy_corrected": ("reason",),
    "addon_window_opened": ("reason",),
    "hand_corrected": ("reason",),
    "floor_called": ("reason", "situation", "facts"),  # what the captain says of a dispute
    "button_moved": ("reason",),
    "deal_cancelled": ("reason",),
    "seat_changed": ("reason",),  # may name a player's health: the TD's alone
}

# An emptied field keeps its type: a text becomes "", these become empty.
EMPTIED_AS: dict[str, Any] = {"facts": ()}

_CACHED_LINES = 1024  # redacted lines kept: one decode per line for every public subscriber


def is_public(event_type_name: str) -> bool:
    """Whether spectators (no TD token) see events of this type at all (some of them with
    fields emptied: ``public_line``)."""
    return event_type_name not in HIDDEN_EVENT_TYPES


def public_event(event: TournamentEvent) -> TournamentEvent | None:
    """The event as the public sees it (its TD-only fields emptied), or None when the public
    does not see it."""
    kind = str(type(event).__struct_config__.tag)
    if kind in HIDDEN_EVENT_TYPES:
        return None
    fields = TD_ONLY_FIELDS.get(kind)
    if not fields:
        return event
    return msgspec.structs.replace(event, **{field: EMPTIED_AS.get(field, "") for field in fields})


def public_line(event_type_name: str, line: bytes) -> bytes | None:
    """One line of the event log (``{"seq": n, "type": ...}``, ``event_type_name`` its
    type as the store keeps it) as the public sees it, or None when the public does not see
    it. A line with nothing to hide is returned as it is, without decoding it."""
    if event_type_name in HIDDEN_EVENT_TYPES:
        return None
    if event_type_name not in TD_ONLY_FIELDS:
        return line
    return _emptied(event_type_name, line)


@functools.lru_cache(maxsize=_CACHED_LINES)
def _emptied(event_type_name: str, line: bytes) -> bytes:
    data: dict[str, Any] = msgspec.json.decode(line)
    for field in TD_ONLY_FIELDS[event_type_name]:
        if field in data:  # a line older than the field decodes to its default: nothing to hide
            data[field] = EMPTIED_AS.get(field, "")
    return msgspec.json.encode(data)


def public_players_list(players_list: dict[str, Any]) -> dict[str, Any]:
    """The players list (``read_models.players_list``) without the desk's business: whether
    each player paid (``paid``: null) and how (``payment_method``: ``""``)."""
    return {
        **players_list,
        "players": [
            {**player, "paid": None, "payment_method": ""} for player in players_list["players"]
        ],
    }


def public_seating_chart(chart: dict[str, Any]) -> dict[str, Any]:
    """The seating chart (``read_models.seating_chart``) with the open floor calls' messages
    emptied: that a table called the TD is public, what the captain wrote is for the TD."""
    return {
        **chart,
        "floor_calls": [
            {**call, "reason": "", "situation": "", "facts": {}} for call in chart["floor_calls"]
        ],
    }
