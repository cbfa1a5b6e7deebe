"""Add-ons: when they are offered (at the end of the rebuy period after the profile's extra
hands, allinouest §Recaves et add-ons; or during the break the structure names, as clubs take
them), why a player may not take one now, the TD opening the window by hand (a correction with
its reason), and the add-ons taken one by one or ticked at once at the break.

A mixin of ``Tournament`` (state.py), next to the entries (``_entries.py``: the rebuy period
and ``_rebuy``, which records the add-on's chips and money as it does a rebuy's).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pokerfloor.errors import PokerfloorError
from pokerfloor.tournament._clock_history import entered_at as entry_time
from pokerfloor.tournament.clock import clock_view
from pokerfloor.tournament.events import AddonWindowOpened

if TYPE_CHECKING:
    from collections.abc import Sequence

    from pokerfloor.rules import RuleProfile
    from pokerfloor.tournament.clock import ClockState
    from pokerfloor.tournament.events import TournamentEvent
    from pokerfloor.tournament.state import PlayerState
    from pokerfloor.tournament.structure import Structure
    from pokerfloor.tournament.types import PlayerId


class AddonCommands:
    """The add-ons, mixed into ``Tournament``."""

    if TYPE_CHECKING:  # provided by Tournament
        structure: Structure
        profile: RuleProfile
        players: dict[PlayerId, PlayerState]
        clock: ClockState
        addon_window: AddonWindowOpened | None

        def _record(self, event: TournamentEvent) -> None: ...
        def cite(self, key: str) -> tuple[str, ...]: ...
        def rebuy_period(self, player_id: PlayerId, at_ms: int) -> str: ...
        def rebuy_refusal(self, player_id: PlayerId, at_ms: int) -> PokerfloorError | None: ...
        def _rebuy(
            self,
            player_id: PlayerId,
            kind: str,
            at_ms: int,
            at_bust: bool = False,
            method: str = "cash",
        ) -> None: ...

    def addon_refusal(self, player_id: PlayerId, at_ms: int) -> PokerfloorError | None:
        """Why ``player_id`` may not take an add-on now, with the numbers (``reason``:
        no_addon, already_taken, double_taken, not_open, closed), or None when they may."""
        entry = self.structure.entry
        player = self.players.get(player_id)
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
        return self.addon_window_refusal(player_id, at_ms)

    def rebuy_or_addon_refusal(self, player_id: PlayerId, at_ms: int) -> PokerfloorError | None:
        """Why ``player_id`` may take neither a rebuy nor an add-on now (None: one of them is
        open to them): once the rebuy period is over, the add-on's own reason, never a
        rebuy's (a structure with an add-on offers it then)."""
        if self.rebuy_period(player_id, at_ms) != "rebuy" and self.structure.entry.addon_chips:
            return self.addon_refusal(player_id, at_ms)
        return self.rebuy_refusal(player_id, at_ms)

    def addon_window_refusal(self, player_id: PlayerId, at_ms: int) -> PokerfloorError | None:
        """Why the add-on window is not open for the player now (not yet, or closed since
        when), or None while it is open."""
        entry = self.structure.entry
        view = clock_view(self.clock, self.structure, at_ms)
        opened = self.addon_window
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
            closed = entry_time(self.clock, position + 1, at_ms)
            return _addon_refused(
                "closed", {**params, "closed_at_ms": closed},
                f"it was taken at the break after level {level}, over since {closed}",
            )  # fmt: skip
        period = self.rebuy_period(player_id, at_ms)
        if period == "addon":
            return None
        extra = self.profile.int_value("rebuy.extra_hands_after_period")
        params["extra_hands"] = extra
        params["citations"] = list(self.cite("rebuy.extra_hands_after_period"))
        if period == "rebuy":
            return _addon_refused(
                "not_open", params,
                f"it comes once the rebuy period (level {entry.rebuy_until_level}"
                + (f" and {extra} more hands" if extra else "") + ") is over",
            )  # fmt: skip
        closing = timeline_position(self.clock, entry.rebuy_until_level + 1)
        closed = None if closing is None else entry_time(self.clock, closing, at_ms)
        return _addon_refused(
            "closed", {**params, "closed_at_ms": closed, "last_level": entry.rebuy_until_level + 1},
            f"it was taken during level {entry.rebuy_until_level + 1}",
        )  # fmt: skip

    def _break_position(self, after_level: int) -> int:
        """The timeline position of the break after ``after_level`` (the structure checked
        that it exists)."""
        for position, period in enumerate(self.clock.timeline):
            if (
                period.kind == "break"
                and self.structure.breaks[period.index].after_level == after_level
            ):
                return position
        raise AssertionError(after_level)  # pragma: no cover - the structure checks it

    def addon_window_open(self, at_ms: int) -> bool:
        """The add-on window is open now (for a player still allowed one)."""
        return self.addon_window_refusal("", at_ms) is None

    def open_addon_window(self, reason: str, at_ms: int) -> None:
        """The TD opens the add-on window by hand, until the end of the level or break in
        force (a correction of the structure's schedule: a late break, a break moved), with
        the reason."""
        if not self.structure.entry.addon_chips:
            raise PokerfloorError("NO_ADDON", {"reason": "no_addon"})
        if not reason.strip():
            raise PokerfloorError("ADDON_WINDOW_REASON", {})
        view = clock_view(self.clock, self.structure, at_ms)
        if not view.started:
            raise PokerfloorError("CLOCK_NOT_STARTED", {})
        if self.addon_window_open(at_ms):
            raise PokerfloorError("ADDON_WINDOW_OPEN", {})
        self._record(AddonWindowOpened(view.period_index, reason.strip(), at_ms))

    def addon(self, player_id: PlayerId, at_ms: int, method: str = "cash") -> None:
        self.addons_at_once([player_id], at_ms, method)

    def addons_at_once(
        self, player_ids: Sequence[PlayerId], at_ms: int, method: str = "cash"
    ) -> None:
        """Add-ons for several players at the break (ticked on the console): all are checked
        before any is recorded, so a refusal records none."""
        for player_id in dict.fromkeys(player_ids):
            refusal = self.addon_refusal(player_id, at_ms)
            if refusal is not None:
                raise refusal
        for player_id in dict.fromkeys(player_ids):
            self._rebuy(player_id, "addon", at_ms, method=method)


def _addon_refused(reason: str, params: dict[str, object], why: str) -> PokerfloorError:
    return PokerfloorError("NO_ADDON", {**params, "reason": reason})


def timeline_position(clock: ClockState, level_index: int) -> int | None:
    """The clock's timeline position of the level at ``level_index`` (None: past the last)."""
    for position, period in enumerate(clock.timeline):
        if period.kind == "level" and period.index == level_index:
            return position
    return None
