"""A tournament's set-up and entries: the creation, registrations before and after the draw,
alternates, the seat draw and the buttons, re-entries, arrivals, absent seats released, an
unregistration.
"""

from __future__ import annotations

from typing import Annotated

import msgspec

from pokerfloor.app._command_fields import (
    MethodText,
    NameText,
    PayoutSpec,
    PlayerIdText,
    PointsSpec,
    ReasonText,
    Seed,
    TournamentIdText,
)
from pokerfloor.app.commands._base import _Command
from pokerfloor.tournament.flights import FlightRules
from pokerfloor.tournament.limits import MAX_TABLE_SIZE, MIN_TABLE_SIZE
from pokerfloor.tournament.satellites import SatelliteRules
from pokerfloor.tournament.structure import BountyRules

__all__ = [
    "Arrive",
    "CreateTournament",
    "DrawSeats",
    "PlaceButtons",
    "Reenter",
    "RegisterLate",
    "RegisterPlayer",
    "ReleaseAbsentSeats",
    "SeatAlternates",
    "Unregister",
]


class CreateTournament(_Command, frozen=True, tag="create_tournament"):
    """A new tournament: a bundled rule profile, and a bundled structure template by name or
    the TOML text of a structure (docs/structure.md); never a file path. ``points``: the
    championship points formula of the evening, if any."""

    tournament_id: TournamentIdText
    profile: Annotated[str, msgspec.Meta(max_length=64)] = "tda-2024"
    structure: Annotated[str, msgspec.Meta(min_length=1, max_length=100_000)] = "club-evening"
    table_size: Annotated[int, msgspec.Meta(ge=MIN_TABLE_SIZE, le=MAX_TABLE_SIZE)] = 9
    max_players: Annotated[int, msgspec.Meta(ge=2, le=100_000)] | None = None
    # The championship points formula chosen at set-up (as ``finish.points``); ``finish``
    # uses it unless it names another.
    points: PointsSpec | None = None
    # The payout scheme (pokerfloor.tournament.prizes.payout_scheme): ``finish`` without
    # amounts pays the pool by it; none: the standard table.
    payouts: PayoutSpec | None = None
    # The name the pages show (the club event's title, or typed at set-up); "": the id.
    name: Annotated[str, msgspec.Meta(max_length=100)] = ""
    # A bounty or progressive knockout evening on the structure chosen (its ``[bounty]``
    # replaced): ``{"cents": 2500, "progressive_percent": 50, "rounding_cents": 100,
    # "last_bounty": "winner"}`` (docs/prizes.md).
    bounty: BountyRules | None = None
    # A satellite: ``{"target_buy_in_cents": 21500, "remainder": "next_place", "double_seat":
    # "cash"}``; a flight of a multi-day event: ``{"stop_players": 30, "stop_after_level": 0,
    # "carry": "best", "day1_ranking": "players_left"}`` (the structure's ``[satellite]`` or
    # ``[flight]`` replaced; docs/tournament.md, docs/prizes.md).
    satellite: SatelliteRules | None = None
    flight: FlightRules | None = None
    # A Day 2: the ids of its stopped flights, in the order played. Its structure is the
    # flights' (entries already paid, no rebuys); its players the survivors with their carried
    # stacks, seated by a fresh draw from ``seed`` (app/flights.py).
    day2_of: Annotated[tuple[TournamentIdText, ...], msgspec.Meta(max_length=20)] = ()
    seed: int | None = None


class RegisterPlayer(_Command, frozen=True, tag="register_player"):
    """Register before the seat draw (``present``: false when not there yet)."""

    player_id: PlayerIdText
    name: NameText
    present: bool = True


class RegisterLate(_Command, frozen=True, tag="register_late"):
    """Register after the draw: seated at once, or on the waiting list when full."""

    player_id: PlayerIdText
    name: NameText
    seed: Seed | None = None


class SeatAlternates(_Command, frozen=True, tag="seat_alternates"):
    """Seat the players of the waiting list while there is room."""

    seed: Seed | None = None


class DrawSeats(_Command, frozen=True, tag="draw_seats"):
    seed: Seed | None = None


class PlaceButtons(_Command, frozen=True, tag="place_buttons"):
    """The first button of every table that has none (start, final table)."""

    seed: Seed | None = None


class Reenter(_Command, frozen=True, tag="reenter"):
    player_id: PlayerIdText
    seed: Seed | None = None
    method: MethodText = "cash"


class Arrive(_Command, frozen=True, tag="arrive"):
    player_id: PlayerIdText


class ReleaseAbsentSeats(_Command, frozen=True, tag="release_absent_seats"):
    """Give absent players' seats to the waiting list when the profile allows it."""


class Unregister(_Command, frozen=True, tag="unregister"):
    """A player leaves before the seat draw (or leaves the waiting list)."""

    player_id: PlayerIdText
    reason: ReasonText
