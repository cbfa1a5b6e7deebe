"""The tournament clock as the simulator reads it during a batch of hands.

A batch spans 30 simulated seconds and deals thousands of hands: asking the core's
``clock_view`` for each of them (is a break on, which level applies) cost as much as planning
the hands. The answer does not change inside a period of a running clock (a level or a break,
until ``remaining_ms`` is over), so ``BatchClock`` asks once per period the batch's moments
fall in, usually once a batch, twice when a level ends in it, and answers from that view
until the period's end. The answers are the core's (``clock_view``, ``hands.level_of``): the
cache never decides a level or a break itself. It lives for one batch, during which the
simulator gives the clock no command.
"""

from __future__ import annotations

from pokerfloor.tournament.clock import ClockView, clock_view
from pokerfloor.tournament.state import Tournament
from pokerfloor.tournament.structure import Level

__all__ = ["BatchClock"]

_NEVER = 2**62  # a stopped clock's period has no end while no command comes


class BatchClock:
    """``clock_view`` once per period; ``views`` counts the views asked of the core."""

    def __init__(self, tournament: Tournament) -> None:
        self._tournament = tournament
        self._last_at = tournament.clock.last_at_ms
        self._from = 0
        self._to = -1  # no view yet
        self._view: ClockView | None = None
        self.views = 0

    def view(self, at_ms: int) -> ClockView:
        """The core's view of the clock for the period ``at_ms`` falls in."""
        if self._view is None or not self._from <= at_ms < self._to:
            tournament = self._tournament
            self._view = clock_view(tournament.clock, tournament.structure, at_ms)
            self.views += 1
            self._from = at_ms
            # clock_view reads a moment before the clock's last event as that event's.
            seen = at_ms if self._last_at is None else max(at_ms, self._last_at)
            running = self._view.running
            self._to = seen + self._view.remaining_ms if running else _NEVER
        return self._view

    def break_wait(self, at_ms: int) -> int:
        """Milliseconds from ``at_ms`` until the break it falls in ends (0 when a level is
        running or the clock is stopped)."""
        view = self.view(at_ms)
        if not view.in_break or not view.running:
            return 0
        seen = at_ms if self._last_at is None else max(at_ms, self._last_at)
        return max(1, self._to - seen)

    def level(self, at_ms: int) -> Level:
        """The level of a hand begun at ``at_ms`` (tda-2024 R23: the level in force when it
        began), as ``Hands.level_of`` answers it."""
        tournament = self._tournament
        if self._last_at is None or at_ms < self._last_at:
            # Before the clock's last event the core answers from the clock's history.
            return tournament.hands.level_of(at_ms) or tournament.structure.levels[0]
        return tournament.structure.levels[self.view(at_ms).level_index]
