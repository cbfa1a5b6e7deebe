"""The player clock: a player taking too long is put on the clock at their table, with the
rule profile's times, and the timeout ruling is recorded when time runs out.

Three times come from the profile (``[clock]``): ``call_after_seconds``, the thinking time
before the clock may be called (0: a reasonable time the floor judges), ``action_seconds``,
the time given once called, and ``countdown_seconds``, the final countdown said aloud:
tda-2024 R29 25 + 5 s, allinouest 60 + 10 s, heavenpoker 7.1 about 2 min then 60 + 10 s,
ropta-2025 25 + 5 s (30 s in all).

The table (its captain's phone) or the TD may first time a player who is thinking
(``time_player``); ``call_player_clock`` puts the player on the clock. A captain's call before
``call_after_seconds`` of timed thinking is refused: the players may not rush a player sooner
than the profile allows. The TD's call never is: the rulebooks leave the reasonable time to
the floor's judgement (a player who delays every hand may be put on the clock at once), and
the event keeps when the thinking began, so the log shows how early it was. Without a timed
start the call is taken as the table's word that the time was reasonable.

Expiry is decided from the times passed in, never by reading a clock: ``expire_player_clock``
is refused before the call's time plus both periods. Whether the player faced a bet is a fact
the table gives then (the tournament does not hold the hand's betting); the ruling is the hand
engine's own (hand/_timeout.py), recorded as ``player_clock_expired`` with its citations. The
player may act in time (``stop_player_clock`` "acted") or the clock be cancelled.

One clock per table (one player acts at a time). A clock belongs to the table's hand in play:
once that hand is reported, or the player left the seat, it is over (``player_clock`` returns
None) and a new one may start.

A part of ``Tournament`` (``tournament.table_clocks``, _parts.py): it holds the clock of each
table and folds the four events of this module.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

import msgspec

from pokerfloor.errors import PokerfloorError
from pokerfloor.hand import TimeoutRuling, timeout_ruling
from pokerfloor.tournament._parts import Part, applies
from pokerfloor.tournament.events import (
    PlayerClockCalled,
    PlayerClockExpired,
    PlayerClockStopped,
    PlayerThinking,
)
from pokerfloor.tournament.types import PlayerId

if TYPE_CHECKING:
    from pokerfloor.rules import RuleProfile
    from pokerfloor.tournament.state import Tournament

__all__ = [
    "PLAYER_CLOCK_EVENTS",
    "SECOND_MS",
    "ClockTimes",
    "Phase",
    "PlayerClock",
    "PlayerClocks",
    "clock_times",
]

PLAYER_CLOCK_EVENTS = (PlayerThinking, PlayerClockCalled, PlayerClockStopped, PlayerClockExpired)
CLOCK_SETTINGS = ("clock.call_after_seconds", "clock.action_seconds", "clock.countdown_seconds")
SECOND_MS = 1000

# thinking: timed, not on the clock; action: on the clock, before the countdown; countdown:
# the last ``countdown_seconds``; expired: time ran out, the ruling not given yet; ruled: given.
Phase = Literal["thinking", "action", "countdown", "expired", "ruled"]


class ClockTimes(msgspec.Struct, frozen=True):
    """The profile's times of the player clock, in seconds, and the articles behind them."""

    call_after_seconds: int
    action_seconds: int
    countdown_seconds: int
    citations: tuple[str, ...]

    @property
    def total_seconds(self) -> int:
        return self.action_seconds + self.countdown_seconds


def clock_times(profile: RuleProfile) -> ClockTimes:
    cited = dict.fromkeys(cite for key in CLOCK_SETTINGS for cite in profile.citations(key))
    return ClockTimes(
        profile.int_value("clock.call_after_seconds"),
        profile.int_value("clock.action_seconds"),
        profile.int_value("clock.countdown_seconds"),
        tuple(cited),
    )


class PlayerClock(msgspec.Struct, frozen=True):
    """A table's player clock as the events left it: timed since ``thinking_since_ms`` (None:
    not timed), on the clock since ``called``, ruled by ``expired``."""

    table_no: int
    seat_no: int
    player_id: PlayerId
    hand_no: int
    thinking_since_ms: int | None = None
    called: PlayerClockCalled | None = None
    expired: PlayerClockExpired | None = None

    @property
    def deadline_ms(self) -> int | None:
        """When time runs out (None before the clock is called)."""
        if self.called is None:
            return None
        seconds = self.called.action_seconds + self.called.countdown_seconds
        return self.called.at_ms + seconds * SECOND_MS

    def left_ms(self, now_ms: int) -> int:
        """The time left on the clock (0 once it ran out or before it is called)."""
        deadline = self.deadline_ms
        return 0 if deadline is None else max(0, deadline - now_ms)

    def left_s(self, now_ms: int) -> int:
        """The whole seconds left, rounded up: what the countdown says aloud."""
        return _seconds_up(self.left_ms(now_ms))

    def phase(self, now_ms: int) -> Phase:
        if self.expired is not None:
            return "ruled"
        if self.called is None:
            return "thinking"
        left = self.left_ms(now_ms)
        if left <= 0:
            return "expired"
        return "countdown" if left <= self.called.countdown_seconds * SECOND_MS else "action"


def _seconds_up(ms: int) -> int:
    return -(-ms // SECOND_MS)


class PlayerClocks(Part):
    """Timing a player, the clock called, stopped, run out: ``tournament.table_clocks``."""

    __slots__ = ("by_table",)

    def __init__(self, host: Tournament) -> None:
        super().__init__(host)
        self.by_table: dict[int, PlayerClock] = {}  # the last clock of each table

    # ---- queries ------------------------------------------------------------------------

    def times(self) -> ClockTimes:
        return clock_times(self.host.profile)

    def at_table(self, table_no: int) -> PlayerClock | None:
        """The table's clock while it applies: its hand not reported yet, the player still in
        the seat (a clock left running is over with its hand)."""
        clock = self.by_table.get(table_no)
        table = self.host.tables.get(table_no)
        if clock is None or table is None:
            return None
        if clock.hand_no <= self.host.hands_at.get(table_no, 0):
            return None
        if table.seats.get(clock.seat_no) != clock.player_id:
            return None
        return clock

    # ---- commands -----------------------------------------------------------------------

    def time(self, table_no: int, seat_no: int, at_ms: int) -> None:
        """Start timing the player of ``seat_no``, who is thinking; a second tap for the same
        player changes nothing (the time counts from the first)."""
        player_id = self._clock_seat(table_no, seat_no)
        current = self._not_on_the_clock(table_no)
        if current is not None and current.seat_no == seat_no and current.expired is None:
            return
        hand_no = self.host.hands_at.get(table_no, 0) + 1
        self.host._record(PlayerThinking(table_no, seat_no, player_id, hand_no, at_ms))

    def _thinking_since(self, table_no: int, seat_no: int) -> int | None:
        """Since when the player of ``seat_no`` has been timed thinking (None: not timed)."""
        current = self.at_table(table_no)
        if current is None or current.seat_no != seat_no or current.expired is not None:
            return None
        return current.thinking_since_ms

    def _captain_may_call_at(self, table_no: int, seat_no: int) -> int | None:
        """From when a captain may call the clock on ``seat_no`` (None: at once, the player
        not being timed or the profile leaving the time to the floor's judgement)."""
        since = self._thinking_since(table_no, seat_no)
        after_seconds = clock_times(self.host.profile).call_after_seconds
        if since is None or not after_seconds:
            return None
        return since + after_seconds * SECOND_MS

    def captain_wait_ms(self, table_no: int, seat_no: int, at_ms: int) -> int:
        """How long a captain still waits before calling the clock on ``seat_no`` (0: they
        may now; ``clock.call_after_seconds``, the TD never waits)."""
        allowed_at = self._captain_may_call_at(table_no, seat_no)
        return 0 if allowed_at is None else max(0, allowed_at - at_ms)

    def may_call(
        self, table_no: int, seat_no: int, at_ms: int, by: Literal["captain", "td"] = "captain"
    ) -> bool:
        """Whether ``by`` may put ``seat_no`` on the clock at ``at_ms`` as far as the thinking
        time goes (``call_player_clock`` refuses a captain with ``PLAYER_CLOCK_TOO_EARLY``)."""
        return by == "td" or self.captain_wait_ms(table_no, seat_no, at_ms) == 0

    def call(
        self, table_no: int, seat_no: int, at_ms: int, by: Literal["captain", "td"] = "td"
    ) -> None:
        """Put the player of ``seat_no`` on the clock with the profile's times."""
        player_id = self._clock_seat(table_no, seat_no)
        self._not_on_the_clock(table_no)
        profile = self.host.profile
        times = clock_times(profile)
        since = self._thinking_since(table_no, seat_no)
        if by == "captain":
            allowed_at = self._captain_may_call_at(table_no, seat_no)
            if allowed_at is not None and at_ms < allowed_at:
                wait = _seconds_up(allowed_at - at_ms)
                raise PokerfloorError(
                    "PLAYER_CLOCK_TOO_EARLY",
                    {
                        "table_no": table_no,
                        "seat_no": seat_no,
                        "call_after_seconds": times.call_after_seconds,
                        "seconds_left": wait,
                        "citations": list(profile.citations("clock.call_after_seconds")),
                    },
                )
        hand_no = self.host.hands_at.get(table_no, 0) + 1
        self.host._record(
            PlayerClockCalled(
                table_no,
                seat_no,
                player_id,
                hand_no,
                at_ms,
                times.action_seconds,
                times.countdown_seconds,
                by,
                since,
                times.citations,
            )
        )

    def stop(self, table_no: int, reason: Literal["acted", "cancelled"], at_ms: int) -> None:
        """The player acted in time, or the clock (or the thinking timer) is cancelled."""
        clock = self._ruled_out(table_no)
        if clock is None:
            raise PokerfloorError("NO_PLAYER_CLOCK", {"table_no": table_no})
        self.host._record(PlayerClockStopped(table_no, reason, at_ms))

    def expire(self, table_no: int, facing_bet: bool, at_ms: int) -> TimeoutRuling:
        """Time ran out: the profile's ruling, the player facing a bet or not (the table says
        which), recorded with its citations. Refused before the time is out."""
        clock = self._ruled_out(table_no)
        if clock is None or clock.called is None:
            raise PokerfloorError("NO_PLAYER_CLOCK", {"table_no": table_no})
        left = clock.left_s(at_ms)
        if left:
            raise PokerfloorError(
                "PLAYER_CLOCK_NOT_EXPIRED",
                {"table_no": table_no, "seat_no": clock.seat_no, "seconds_left": left},
            )
        timeout = timeout_ruling(self.host.profile, facing_bet)
        ruling = timeout.ruling
        self.host._record(
            PlayerClockExpired(
                table_no,
                clock.seat_no,
                clock.player_id,
                clock.hand_no,
                facing_bet,
                ruling.decision,
                timeout.setting,
                at_ms,
                ruling.citations,
                why=ruling.why,
            )
        )
        return timeout

    # ---- checks -------------------------------------------------------------------------

    def _clock_seat(self, table_no: int, seat_no: int) -> PlayerId:
        table = self.host.tables.get(table_no)
        if table is None or not table.seats:
            raise PokerfloorError("NO_SUCH_TABLE", {"table_no": table_no})
        player_id = table.seats.get(seat_no)
        if player_id is None:
            raise PokerfloorError(
                "PLAYER_CLOCK_SEAT_EMPTY", {"table_no": table_no, "seat_no": seat_no}
            )
        return player_id

    def _not_on_the_clock(self, table_no: int) -> PlayerClock | None:
        """The table's clock, refused while a player is on it (time not ruled yet)."""
        clock = self.at_table(table_no)
        if clock is not None and clock.called is not None and clock.expired is None:
            raise PokerfloorError(
                "PLAYER_CLOCK_RUNNING", {"table_no": table_no, "seat_no": clock.seat_no}
            )
        return clock

    def _ruled_out(self, table_no: int) -> PlayerClock | None:
        """The table's clock, refused once its ruling is recorded (it stands)."""
        clock = self.at_table(table_no)
        if clock is not None and clock.expired is not None:
            raise PokerfloorError(
                "PLAYER_CLOCK_RULED",
                {
                    "table_no": table_no,
                    "seat_no": clock.seat_no,
                    "decision": clock.expired.decision,
                },
            )
        return clock

    # ---- applying events ----------------------------------------------------------------

    @applies(PlayerThinking)
    def _thinking(self, event: PlayerThinking) -> None:
        self.by_table[event.table_no] = PlayerClock(
            event.table_no, event.seat_no, event.player_id, event.hand_no, event.at_ms
        )

    @applies(PlayerClockCalled)
    def _called(self, event: PlayerClockCalled) -> None:
        self.by_table[event.table_no] = PlayerClock(
            event.table_no,
            event.seat_no,
            event.player_id,
            event.hand_no,
            event.thinking_since_ms,
            event,
        )

    @applies(PlayerClockStopped)
    def _stopped(self, event: PlayerClockStopped) -> None:
        self.by_table.pop(event.table_no, None)

    @applies(PlayerClockExpired)
    def _expired(self, event: PlayerClockExpired) -> None:
        known = self.by_table.get(event.table_no)
        if known is not None:
            self.by_table[event.table_no] = msgspec.structs.replace(known, expired=event)
