"""Seasons: a championship over the club's evenings, its standings, a player's evenings.

A season groups events (each scheduled with its ``season_id``); each closed event gives its
players points (calendar.py: the tournament's own, or the formula of tournament/points.py from
the places). A member's season total is the sum of their ``best_n`` best results (all of them
when the season has no ``best_n``).

Ties and tie-breaks, in order: more points; then the best single result (the most points in
one event); then more events played; members still equal share the rank (3 members tied for
2nd: 2, 2, 2, then 5) and are listed by name (accents and case ignored), then by number.
Choosing which results count when two weigh the same changes nothing to the total.

A mixin of ``Club`` (state.py).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from pokerfloor.club._base import ClubBase, check_id, check_text
from pokerfloor.club.calendar import check_points
from pokerfloor.club.events import SeasonCreated
from pokerfloor.club.members import normalize
from pokerfloor.errors import PokerfloorError

__all__ = ["Evening", "SeasonCommands", "SeasonResult", "StandingRow"]


@dataclass(frozen=True, slots=True)
class SeasonResult:
    event_id: str
    start_ms: int
    place: int
    points: int  # hundredths
    counted: bool  # among the member's best N


@dataclass(frozen=True, slots=True)
class StandingRow:
    rank: int  # shared by members tied on points, best result and events played
    member_id: str
    name: str
    points: int  # hundredths: the sum of the results counted
    best_result: int  # hundredths: the most points in one event
    events_played: int
    results: tuple[SeasonResult, ...]  # by date


@dataclass(frozen=True, slots=True)
class Evening:
    """One event a member registered for (or played): the page of a player."""

    event_id: str
    name: str
    kind: str
    start_ms: int
    season_id: str
    status: str  # the registration's: registered waiting checked_in cancelled no_show
    event_status: str  # scheduled cancelled closed
    place: int | None
    points: int
    prize_cents: int


class SeasonCommands(ClubBase):
    """Seasons' commands and queries, mixed into ``Club``."""

    def create_season(
        self,
        season_id: str,
        name: str,
        points: Mapping[str, Any],
        at_ms: int,
        best_n: int | None = None,
    ) -> SeasonCreated:
        """A season whose events score by ``points`` (``{"name": "sqrt", "k": 10}``...,
        tournament/points.py) unless an event has its own; ``best_n`` results count."""
        check_id("season_id", season_id)
        if season_id in self.seasons:
            raise PokerfloorError("SEASON_EXISTS", {"season_id": season_id})
        check_text("name", name, required=True, limit=100)
        check_points(points)
        if best_n is not None and (isinstance(best_n, bool) or not 1 <= best_n <= 1000):
            raise PokerfloorError("BAD_BEST_N", {"best_n": str(best_n)})
        event = SeasonCreated(season_id, name.strip(), dict(points), at_ms, best_n)
        self._record(event)
        return event

    def season_standings(self, season_id: str) -> list[StandingRow]:
        """The season's standings from its closed events (the tie-breaks: module docstring)."""
        season = self.seasons.get(season_id)
        if season is None:
            raise PokerfloorError("UNKNOWN_SEASON", {"season_id": season_id})
        played: dict[str, list[tuple[int, str, int, int]]] = {}
        for event_id in season.event_ids:
            calendar_event = self.calendar[event_id]
            if calendar_event.status != "closed":
                continue
            start = calendar_event.scheduled.start_ms
            for result in calendar_event.results:
                member_id = self.member(result.member_id).member_id
                played.setdefault(member_id, []).append(
                    (start, event_id, result.place, result.points)
                )
        rows: list[tuple[tuple[int, int, int], str, StandingRow]] = []
        for member_id, results in played.items():
            by_weight = sorted(results, key=lambda r: (-r[3], r[0], r[1]))
            counted = by_weight if season.best_n is None else by_weight[: season.best_n]
            counted_ids = {r[1] for r in counted}
            member = self.members[member_id]
            total = sum(r[3] for r in counted)
            best = max(r[3] for r in results)
            row = StandingRow(
                rank=0,
                member_id=member_id,
                name=member.name,
                points=total,
                best_result=best,
                events_played=len(results),
                results=tuple(
                    SeasonResult(event_id, start, place, points, event_id in counted_ids)
                    for start, event_id, place, points in sorted(results)
                ),
            )
            rows.append(((total, best, len(results)), normalize(member.name), row))
        rows.sort(
            key=lambda item: (-item[0][0], -item[0][1], -item[0][2], item[1], item[2].member_id)
        )
        standings: list[StandingRow] = []
        for index, (key, _, row) in enumerate(rows):
            tied = index > 0 and rows[index - 1][0] == key
            rank = standings[-1].rank if tied else index + 1
            standings.append(
                StandingRow(
                    rank, row.member_id, row.name, row.points, row.best_result,
                    row.events_played, row.results,
                )
            )  # fmt: skip
        return standings

    def player_evenings(self, member_id: str, season_id: str = "") -> list[Evening]:
        """The events a member registered for or played (of one season if given), by date."""
        mid = self.member(member_id).member_id
        evenings: list[Evening] = []
        for calendar_event in self.events_by_start():
            scheduled = calendar_event.scheduled
            if season_id and scheduled.season_id != season_id:
                continue
            registration = calendar_event.registrations.get(mid)
            result = next((r for r in calendar_event.results if r.member_id == mid), None)
            if registration is None and result is None:
                continue
            evenings.append(
                Evening(
                    event_id=scheduled.event_id,
                    name=scheduled.name,
                    kind=scheduled.kind,
                    start_ms=scheduled.start_ms,
                    season_id=scheduled.season_id,
                    status=registration.status if registration else "checked_in",
                    event_status=calendar_event.status,
                    place=result.place if result else None,
                    points=result.points if result else 0,
                    prize_cents=result.prize_cents if result else 0,
                )
            )
        return evenings
