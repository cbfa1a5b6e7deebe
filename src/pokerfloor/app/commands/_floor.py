"""The floor: calls and their answers, the button put right, the player clock, the captains'
links, penalties, the room's screen.
"""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec

from pokerfloor.app._command_fields import (
    FloorFactValue,
    FloorKey,
    HandNo,
    PlayerIdText,
    ReasonText,
    SeatNo,
    TableNo,
)
from pokerfloor.app.commands._base import _Command

__all__ = [
    "AnswerFloorCall",
    "CallFloor",
    "CallPlayerClock",
    "ExpirePlayerClock",
    "MoveButton",
    "Penalize",
    "RenewCaptainKey",
    "SetRoomLogo",
    "SetRoomScreen",
    "StopPlayerClock",
    "TimePlayer",
]


class CallFloor(_Command, frozen=True, tag="call_floor"):
    """A table asks for the TD (from the table captain's page). ``button_seat``: the captain
    says the button of hand ``hand_no`` was there, not where pokerfloor expects it."""

    table_no: TableNo
    reason: Annotated[str, msgspec.Meta(max_length=200)] = ""
    button_seat: SeatNo | None = None
    hand_no: HandNo | None = None
    # A dealing irregularity (``pokerfloor.floor`` situation key) and its facts: optional.
    situation: FloorKey = ""
    facts: Annotated[dict[FloorKey, FloorFactValue], msgspec.Meta(max_length=5)] = {}  # noqa: RUF012


class MoveButton(_Command, frozen=True, tag="move_button"):
    """The TD confirms where a table's button really is: its next hand is dealt from there."""

    table_no: TableNo
    seat_no: SeatNo
    reason: ReasonText


class AnswerFloorCall(_Command, frozen=True, tag="answer_floor_call"):
    table_no: TableNo


class TimePlayer(_Command, frozen=True, tag="time_player"):
    """The table starts timing the player of a seat who is thinking: the clock may be called
    on them once the profile's ``clock.call_after_seconds`` have passed."""

    table_no: TableNo
    seat_no: SeatNo


class CallPlayerClock(_Command, frozen=True, tag="call_player_clock"):
    """Put the player of a seat on the clock with the profile's times; ``by`` captain (from
    the table captain's page: refused before the thinking time) or td."""

    table_no: TableNo
    seat_no: SeatNo
    by: Literal["captain", "td"] = "td"


class StopPlayerClock(_Command, frozen=True, tag="stop_player_clock"):
    """The player on the clock acted in time, or the clock (or the thinking timer) is
    cancelled."""

    table_no: TableNo
    reason: Literal["acted", "cancelled"] = "acted"


class ExpirePlayerClock(_Command, frozen=True, tag="expire_player_clock"):
    """Time ran out: record the profile's ruling, the player ``facing_bet`` or not."""

    table_no: TableNo
    facing_bet: bool


class RenewCaptainKey(_Command, frozen=True, tag="renew_captain_key"):
    """A new captain's link for the table: the old one stops opening it (a lost phone)."""

    table_no: TableNo


class Penalize(_Command, frozen=True, tag="penalize"):
    player_id: PlayerIdText
    kind: Annotated[str, msgspec.Meta(min_length=1, max_length=40)]
    reason: Annotated[str, msgspec.Meta(min_length=1, max_length=500)]


class SetRoomScreen(_Command, frozen=True, tag="set_room_screen"):
    """The club's name and the message line on the room's screen ("" for none); the core
    bounds their lengths (tournament/limits.py)."""

    club_name: Annotated[str, msgspec.Meta(max_length=500)] = ""
    message: Annotated[str, msgspec.Meta(max_length=500)] = ""


class SetRoomLogo(_Command, frozen=True, tag="set_room_logo"):
    """The club's logo on the room's screen: a PNG or JPEG image of at most 256 KB, base64
    in JSON (the core checks it); empty removes it."""

    # Bounded as a request body is (1 MB); the core refuses over 256 KB with the limit named.
    logo: Annotated[bytes, msgspec.Meta(max_length=1_000_000)] = b""
