"""The events of the floor: calls and their answers, the button put right, the captains' links,
the player clock, penalties, the room's screen.
"""

from __future__ import annotations

import msgspec

from pokerfloor.hand import Reason, timeout_reason
from pokerfloor.tournament.types import PlayerId

__all__ = [
    "ButtonMoved",
    "CaptainKeyRenewed",
    "FloorCallAnswered",
    "FloorCalled",
    "PenaltyGiven",
    "PlayerClockCalled",
    "PlayerClockExpired",
    "PlayerClockStopped",
    "PlayerThinking",
    "RoomLogoSet",
    "RoomScreenSet",
]


class PenaltyGiven(msgspec.Struct, frozen=True, tag="penalty_given"):
    player_id: PlayerId
    kind: str
    hands_to_miss: int
    reason: str
    at_ms: int
    chips_removed: int = 0
    citations: tuple[str, ...] = ()


class FloorCalled(msgspec.Struct, frozen=True, tag="floor_called"):
    """A table asks for the TD (a ruling, a dispute, a question)."""

    table_no: int
    reason: str
    at_ms: int
    # The captain says the button of hand ``hand_no`` was on ``button_seat``, not where
    # pokerfloor expects it: the TD confirms (``button_moved``) or answers the call.
    button_seat: int | None = None
    hand_no: int | None = None
    # The dealing irregularity the captain names (a ``pokerfloor.floor`` situation key, "" for
    # none) and the facts given, as text: the TD sees the suggested ruling next to the call.
    situation: str = ""
    facts: tuple[tuple[str, str], ...] = ()


class ButtonMoved(msgspec.Struct, frozen=True, tag="button_moved"):
    """The TD confirmed where the button really is: the table's next hand is dealt with the
    button on ``seat_no`` and the blinds after it, as at a table's first hand."""

    table_no: int
    seat_no: int
    reason: str
    at_ms: int
    citations: tuple[str, ...] = ()


class CaptainKeyRenewed(msgspec.Struct, frozen=True, tag="captain_key_renewed"):
    """The TD gave a table a new captain's link: the old key no longer opens the table (a
    lost phone, a captain replaced). ``renewal`` counts the table's renewals, from 1."""

    table_no: int
    renewal: int
    at_ms: int


class FloorCallAnswered(msgspec.Struct, frozen=True, tag="floor_call_answered"):
    table_no: int
    at_ms: int


class PlayerThinking(msgspec.Struct, frozen=True, tag="player_thinking"):
    """The table started timing a player who is thinking (the captain's phone or the TD): the
    clock may be called on them once ``clock.call_after_seconds`` have passed. ``hand_no``: the
    table's hand in play."""

    table_no: int
    seat_no: int
    player_id: PlayerId
    hand_no: int
    at_ms: int


class PlayerClockCalled(msgspec.Struct, frozen=True, tag="player_clock_called"):
    """A player is put on the clock: ``action_seconds`` to act, then a countdown of
    ``countdown_seconds`` (the profile's times, kept in the log as they applied);
    ``thinking_since_ms``: when the table started timing the player (None: not timed);
    ``by``: captain | td."""

    table_no: int
    seat_no: int
    player_id: PlayerId
    hand_no: int
    at_ms: int
    action_seconds: int
    countdown_seconds: int
    by: str
    thinking_since_ms: int | None = None
    citations: tuple[str, ...] = ()


class PlayerClockStopped(msgspec.Struct, frozen=True, tag="player_clock_stopped"):
    """The table's player clock (or its thinking timer) stops: ``reason`` acted (the player
    acted in time) | cancelled."""

    table_no: int
    reason: str
    at_ms: int


class PlayerClockExpired(
    msgspec.Struct, frozen=True, omit_defaults=True, tag="player_clock_expired"
):
    """Time ran out: the timeout ruling (hand/_timeout.py) on what the table said, facing a bet
    or not; ``decision`` check | dead, decided by the profile's ``setting``.

    ``why``: the ruling's reason as a code of the message catalogue (``TIMEOUT_*``), which the
    pages and the phones translate. ``reason``: the English sentence that logs written before
    the catalogue stored instead (read, never written again: "" in a new event, and left out of
    its JSON); ``reason_of`` gives an old event's code back from ``facing_bet`` and
    ``decision``, which are all the timeout ruling rests on."""

    table_no: int
    seat_no: int
    player_id: PlayerId
    hand_no: int
    facing_bet: bool
    decision: str
    setting: str
    at_ms: int
    citations: tuple[str, ...] = ()
    why: Reason | None = None
    reason: str = ""

    def reason_of(self) -> Reason:
        """The ruling's reason code: the stored one, or an old log's from what it rests on."""
        if self.why is not None:
            return self.why
        return timeout_reason(self.facing_bet, self.decision)


class RoomScreenSet(msgspec.Struct, frozen=True, tag="room_screen_set"):
    """What the TD puts on the room's screen besides the clock: the club's name and a message
    line ("Buffet à 21 h"); "" shows none. Public, like the screen."""

    club_name: str
    message: str
    at_ms: int


class RoomLogoSet(msgspec.Struct, frozen=True, tag="room_logo_set"):
    """The club's logo for the room's screen: the bytes of a PNG or JPEG image (base64 in
    JSON), checked when set; empty: the logo is removed."""

    logo: bytes
    at_ms: int
