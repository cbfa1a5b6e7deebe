"""The events of a tournament's set-up and entries: its creation, registrations, the waiting list,
seats drawn or given after the draw, buttons placed, arrivals, absent seats released,
unregistrations.
"""

from __future__ import annotations

from typing import Any

import msgspec

from pokerfloor.tournament._flight_events import Day2Origin
from pokerfloor.tournament.structure import Structure
from pokerfloor.tournament.types import PlayerId

__all__ = [
    "AbsentSeatReleased",
    "ButtonPlaced",
    "PlayerArrived",
    "PlayerRegistered",
    "PlayerSeated",
    "PlayerUnregistered",
    "SeatedPlayer",
    "SeatsDrawn",
    "TournamentCreated",
    "WaitingListJoined",
]


class SeatedPlayer(msgspec.Struct, frozen=True):
    player_id: PlayerId
    table_no: int
    seat_no: int


class TournamentCreated(msgspec.Struct, frozen=True, tag="tournament_created"):
    tournament_id: str
    profile: str
    structure_name: str
    table_size: int
    starting_stack: int
    at_ms: int
    max_players: int | None = None  # the field is full at this many: the rest wait
    structure: Structure | None = None  # the whole structure, so the log replays on its own
    # The championship points formula chosen at set-up: {"name": "sqrt", ...its parameters}.
    points: dict[str, Any] | None = None
    # The payout scheme chosen at set-up: {"name": "shares", "basis_points": [...]}, ...
    # (prizes.payout_scheme); none: the standard table.
    payouts: dict[str, Any] | None = None
    # The name people read ("Soirée du samedi — Deepstack"): the club event's title, or typed
    # at set-up; "" (and every log written before it): the pages show the id.
    display_name: str = ""
    # A Day 2: what it carries from its flights (flights.py); None on any other tournament.
    day2: Day2Origin | None = None


class PlayerRegistered(msgspec.Struct, frozen=True, tag="player_registered"):
    player_id: PlayerId
    name: str
    at_ms: int
    entry_no: int = 1  # 2 and more: a re-entry
    present: bool = True  # False: registered but not there yet (dealt in, blinds posted)
    # How the entry was paid when paid on the spot (a re-entry at the desk); "" = not yet.
    payment_method: str = ""


class WaitingListJoined(msgspec.Struct, frozen=True, tag="waiting_list_joined"):
    player_id: PlayerId
    name: str
    at_ms: int


class PlayerSeated(msgspec.Struct, frozen=True, tag="player_seated"):
    """A player seated after the draw: late registration, alternate, re-entry."""

    player_id: PlayerId
    table_no: int
    seat_no: int
    waits: bool  # between the small blind and the button: not dealt in until the button passes
    reason: str  # late_registration | alternate | reentry
    at_ms: int
    citations: tuple[str, ...] = ()


class PlayerArrived(msgspec.Struct, frozen=True, tag="player_arrived"):
    player_id: PlayerId
    at_ms: int


class AbsentSeatReleased(msgspec.Struct, frozen=True, tag="absent_seat_released"):
    """An absent player's seat goes to the waiting list (``player_id`` takes it with the
    ``stack`` left) or, with nobody waiting, the stack is removed (``chips_removed``)."""

    absent_player_id: PlayerId
    player_id: PlayerId | None
    name: str | None
    table_no: int
    seat_no: int
    stack: int
    chips_removed: int
    at_ms: int
    citations: tuple[str, ...] = ()


class SeatsDrawn(msgspec.Struct, frozen=True, tag="seats_drawn"):
    seats: tuple[SeatedPlayer, ...]
    tables: tuple[int, ...]
    citations: tuple[str, ...] = ()


class ButtonPlaced(msgspec.Struct, frozen=True, tag="button_placed"):
    table_no: int
    seat_no: int
    method: str  # seat_1 | high_card_draw | redraw
    cards: tuple[tuple[int, str], ...] = ()  # (seat, card) of the draw, in dealing order
    citations: tuple[str, ...] = ()


class PlayerUnregistered(msgspec.Struct, frozen=True, tag="player_unregistered"):
    """A player leaves before the seat draw (or leaves the waiting list); the first player
    waiting, if any, takes the place by a ``player_registered`` recorded next."""

    player_id: PlayerId
    reason: str
    at_ms: int
