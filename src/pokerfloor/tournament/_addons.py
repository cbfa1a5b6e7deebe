"""Add-ons: when they are offered (at the end of the rebuy period after the profile's extra
hands, allinouest §Recaves et add-ons; or during the break the structure names, as clubs take
them), why a player may not take one now, the TD opening the window by hand (a correction with
its reason), and the add-ons taken one by one or ticked at once at the break.

A part of ``Tournament`` (``tournament.add_ons``, _parts.py; ``tournament.addons`` is the
count of add-ons taken): it owns the window the TD opened; next to the entries
(``_entries.py``: the rebuy period and ``_rebuy``, which records the add-on's chips and money
as it does a rebuy's).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pokerfloor.errors import PokerfloorError
from pokerfloor.tournament._clock_history import entered_at as entry_time
from pokerfloor.tournament._parts import Part, applies
from pokerfloor.tournament.clock import clock_view
from pokerfloor.tournament.events import AddonWindowOpened

if TYPE_CHECKING:
    from collections.abc import Sequence

    from pokerfloor.tournament.clock import ClockState
    from pokerfloor.tournament.state import Tournament
    from pokerfloor.tournament.types import PlayerId

__all__ = ["AddOns", "timeline_position"]


class AddOns(Part):
    """The add-ons: ``tournament.add_ons`` (``tournament.addons`` is their count)."""

    __slots__ = ("opened",)

    def __init__(self, host: Tournament) -> None:
        super().__init__(host)
        self.opened: AddonWindowOpened | None = None  # the window the TD opened by hand

    def refusal(self, player_id: PlayerId, at_ms: int) -> PokerfloorError | None:
        """Why ``player_id`` may not take an add-on now, with the numbers (``reason``:
        no_addon, already_taken, double_taken, not_open, closed), or None when they may."""
        entry = self.host.structure.entry
        player = self.host.players.get(player_id)
        if player is None or not player.in_play:
            return PokerfloorError("NOT_IN_PLAY", {"player_id": player_id})
        if not entry.addon_chips:
            return PokerfloorError("NO_ADDON", {"player_id": player_id, "reason": "no_addon"})
        limit = 2 if entry.double_addon else 1
        if player.addons >= limit:
            return PokerfloorError(
                "NO_ADDON",
                {
                    "player_id": player_id,
                    "reason": "double_taken" if entry.double_addon else "already_taken",
                    "addons": player.addons,
                    "limit": limit,
                },
            )
        return self.window_refusal(player_id, at_ms)

    def rebuy_or_addon_refusal(self, player_id: PlayerId, at_ms: int) -> PokerfloorError | None:
        """Why ``player_id`` may take neither a rebuy nor an add-on now (None: one of them is
        open to them): once the rebuy period is over, the add-on's own reason, never a
        rebuy's (a structure with an add-on offers it then)."""
        host = self.host
        desk = self.host.desk
        if desk.rebuy_period(player_id, at_ms) != "rebuy" and host.structure.entry.addon_chips:
            return self.refusal(player_id, at_ms)
        return desk.rebuy_refusal(player_id, at_ms)

    def window_refusal(self, player_id: PlayerId, at_ms: int) -> PokerfloorError | None:
        """Why the add-on window is not open for the player now (not yet, or closed since
        when), or None while it is open."""
        host = self.host
        entry = host.structure.entry
        clock = host.clock
        view = clock_view(clock, host.structure, at_ms)
        opened = self.opened
        if opened is not None and view.started and view.period_index == opened.period:
            return None  # opened by the TD until the end of this level or break
        level = entry.addon_break_after_level
        params: dict[str, object] = {
            "player_id": player_id,
            "level": view.level_index + (0 if view.in_break else 1),
            "until_level": entry.rebuy_until_level,
            "break_after_level": level or None,
        }
        if level:  # during the break after ``level`` (the structure's choice)
            position = self._break_position(level)
            if view.period_index == position and view.started:
                return None
            if view.period_index < position or not view.started:
                return _addon_refused(
                    "not_open", params, f"it comes at the break after level {level}"
                )
            closed = entry_time(clock, position + 1, at_ms)
            return _addon_refused(
                "closed", {**params, "closed_at_ms": closed},
                f"it was taken at the break after level {level}, over since {closed}",
            )  # fmt: skip
        period = host.desk.rebuy_period(player_id, at_ms)
        if period == "addon":
            return None
        extra = host.profile.int_value("rebuy.extra_hands_after_period")
        params["extra_hands"] = extra
        params["citations"] = list(host.cite("rebuy.extra_hands_after_period"))
        if period == "rebuy":
            return _addon_refused(
                "not_open", params,
                f"it comes once the rebuy period (level {entry.rebuy_until_level}"
                + (f" and {extra} more hands" if extra else "") + ") is over",
            )  # fmt: skip
        closing = timeline_position(clock, entry.rebuy_until_level + 1)
        closed = None if closing is None else entry_time(clock, closing, at_ms)
        return _addon_refused(
            "closed", {**params, "closed_at_ms": closed, "last_level": entry.rebuy_until_level + 1},
            f"it was taken during level {entry.rebuy_until_level + 1}",
        )  # fmt: skip

    def _break_position(self, after_level: int) -> int:
        """The timeline position of the break after ``after_level`` (the structure checked
        that it exists)."""
        breaks = self.host.structure.breaks
        for position, period in enumerate(self.host.clock.timeline):
            if period.kind == "break" and breaks[period.index].after_level == after_level:
                return position
        raise AssertionError(after_level)  # pragma: no cover - the structure checks it

    def window_open(self, at_ms: int) -> bool:
        """The add-on window is open now (for a player still allowed one)."""
        return self.window_refusal("", at_ms) is None

    def window_closes_at(self, at_ms: int) -> int | None:
        """When the add-on window open now closes: with the level or break in force (the
        structure's break, the TD's window, the level after the rebuy period). None while it is
        closed, or while the clock is paused (no time to count down)."""
        if not self.window_open(at_ms):
            return None
        # The clock's end of the period in force: None while paused.
        return clock_view(self.host.clock, self.host.structure, at_ms).ends_at_ms

    def open_window(self, reason: str, at_ms: int) -> None:
        """The TD opens the add-on window by hand, until the end of the level or break in
        force (a correction of the structure's schedule: a late break, a break moved), with
        the reason."""
        host = self.host
        if not host.structure.entry.addon_chips:
            raise PokerfloorError("NO_ADDON", {"reason": "no_addon"})
        if not reason.strip():
            raise PokerfloorError("ADDON_WINDOW_REASON", {})
        view = clock_view(host.clock, host.structure, at_ms)
        if not view.started:
            raise PokerfloorError("CLOCK_NOT_STARTED", {})
        if self.window_open(at_ms):
            raise PokerfloorError("ADDON_WINDOW_OPEN", {})
        host._record(AddonWindowOpened(view.period_index, reason.strip(), at_ms))

    def take(self, player_id: PlayerId, at_ms: int, method: str = "cash") -> None:
        """One add-on for the player (the desk's ``record_rebuy`` records its chips and money)."""
        self.take_at_once([player_id], at_ms, method)

    def take_at_once(
        self, player_ids: Sequence[PlayerId], at_ms: int, method: str = "cash"
    ) -> None:
        """Add-ons for several players at the break (ticked on the console): all are checked
        before any is recorded, so a refusal records none."""
        for player_id in dict.fromkeys(player_ids):
            refusal = self.refusal(player_id, at_ms)
            if refusal is not None:
                raise refusal
        for player_id in dict.fromkeys(player_ids):
            self.host.desk.record_rebuy(player_id, "addon", at_ms, method=method)

    @applies(AddonWindowOpened)
    def _window_opened(self, event: AddonWindowOpened) -> None:
        self.opened = event


def _addon_refused(reason: str, params: dict[str, object], why: str) -> PokerfloorError:
    return PokerfloorError("NO_ADDON", {**params, "reason": reason})


def timeline_position(clock: ClockState, level_index: int) -> int | None:
    """The clock's timeline position of the level at ``level_index`` (None: past the last)."""
    for position, period in enumerate(clock.timeline):
        if period.kind == "level" and period.index == level_index:
            return position
    return None
