"""The calendar: the club's events (tournament, sit and go, training, private, freeroll) with
their times and their tournament's settings, cancelled or closed with their results.

An event's times follow heavenpoker 2.2 unless given: the cash desk opens 1 h before the start,
validations close 15 min before it, late entries end 1 h after it; registration opens when the
event is scheduled unless a time is given. ``ends_ms`` (the start plus the club's
``event_hours``) bounds the event for "one event at a time" (2.2). Closing an event records its
results (places; points by the event's formula, else its season's, tournament/points.py: tied
places share their points, ropta 5.4) and the no-shows of those registered who never checked
in (each an offence of heavenpoker 2.4, sanctions.py).

A mixin of ``Club`` (state.py).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import msgspec

from pokerfloor.club._base import CalendarEvent, ClubBase, check_cents, check_id, check_text
from pokerfloor.club.events import (
    ClubEventCancelled,
    ClubEventClosed,
    ClubEventScheduled,
    ClubEventUpdated,
    DepositRefunded,
    EventResult,
)
from pokerfloor.club.settings import EVENT_KINDS
from pokerfloor.errors import PokerfloorError
from pokerfloor.tournament import points as points_module

__all__ = ["CalendarCommands", "check_points"]

_MINUTE = 60_000
_MAX_MINUTES = 7 * 24 * 60


def check_points(spec: Mapping[str, Any]) -> points_module.PointsFormula:
    """A points formula as ``{"name": "sqrt", "k": 10, ...}`` (tournament/points.py)."""
    params = dict(spec)
    name = params.pop("name", None)
    if not isinstance(name, str):
        raise PokerfloorError(
            "POINTS_UNKNOWN_FORMULA",
            {"formula": str(name), "accepted": list(points_module.FORMULAS)},
        )
    return points_module.points_formula(name, **params)


def _minutes(what: str, value: int) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= _MAX_MINUTES:
        raise PokerfloorError(
            "CLUB_BAD_MINUTES", {"field": what, "value": str(value), "max": _MAX_MINUTES}
        )


def _check_event(club: ClubBase, scheduled: ClubEventScheduled) -> None:
    """Refuse an event's settings the club could not run, naming the field."""
    check_text("name", scheduled.name, required=True, limit=100)
    if scheduled.kind not in EVENT_KINDS:
        raise PokerfloorError(
            "BAD_EVENT_KIND", {"kind": scheduled.kind, "accepted": ", ".join(EVENT_KINDS)}
        )
    capacity = scheduled.capacity
    if isinstance(capacity, bool) or not isinstance(capacity, int) or not 2 <= capacity <= 100_000:
        raise PokerfloorError("BAD_CAPACITY", {"capacity": str(capacity)})
    check_cents("buy_in_cents", scheduled.buy_in_cents)
    check_text("structure", scheduled.structure, limit=100_000)  # a template id or a TOML text
    if (
        isinstance(scheduled.table_size, bool)
        or not isinstance(scheduled.table_size, int)
        or not 2 <= scheduled.table_size <= 10
    ):
        raise PokerfloorError("BAD_TABLE_SIZE", {"table_size": scheduled.table_size})
    check_text("profile", scheduled.profile, required=True, limit=100)
    if scheduled.season_id and scheduled.season_id not in club.seasons:
        raise PokerfloorError("UNKNOWN_SEASON", {"season_id": scheduled.season_id})
    if scheduled.points is not None:
        check_points(scheduled.points)


class CalendarCommands(ClubBase):
    """The calendar's commands, mixed into ``Club``."""

    def schedule_event(
        self,
        event_id: str,
        name: str,
        kind: str,
        start_ms: int,
        capacity: int,
        at_ms: int,
        buy_in_cents: int = 0,
        structure: str = "",
        profile: str = "",
        table_size: int = 9,
        season_id: str = "",
        points: Mapping[str, Any] | None = None,
        registration_opens_ms: int | None = None,
        desk_opens_minutes: int | None = None,
        validations_close_minutes: int | None = None,
        late_entry_minutes: int | None = None,
        duration_minutes: int | None = None,
    ) -> ClubEventScheduled:
        """Put an event in the calendar; the minutes not given are the club's settings
        (heavenpoker 2.2: desk 60 min before, validations closing 15 min before, late entries
        60 min after the start), and so is the rule profile ("": ``event_profile``)."""
        check_id("event_id", event_id)
        if event_id in self.calendar:
            raise PokerfloorError("CLUB_EVENT_EXISTS", {"event_id": event_id})
        settings = self.settings
        desk = settings.desk_opens_minutes if desk_opens_minutes is None else desk_opens_minutes
        closing = (
            settings.validations_close_minutes
            if validations_close_minutes is None
            else validations_close_minutes
        )
        late = settings.late_entry_minutes if late_entry_minutes is None else late_entry_minutes
        duration = settings.event_hours * 60 if duration_minutes is None else duration_minutes
        for what, value in (
            ("desk_opens_minutes", desk),
            ("validations_close_minutes", closing),
            ("late_entry_minutes", late),
            ("duration_minutes", duration),
        ):
            _minutes(what, value)
        if duration < 1 or late > duration:
            raise PokerfloorError(
                "CLUB_BAD_MINUTES",
                {"field": "duration_minutes", "value": str(duration), "max": _MAX_MINUTES},
            )
        if registration_opens_ms is not None and registration_opens_ms > start_ms:
            raise PokerfloorError("REGISTRATION_OPENS_AFTER_START", {"event_id": event_id})
        event = ClubEventScheduled(
            event_id=event_id,
            name=name.strip(),
            kind=kind,
            start_ms=start_ms,
            ends_ms=start_ms + duration * _MINUTE,
            capacity=capacity,
            desk_opens_ms=start_ms - desk * _MINUTE,
            validations_close_ms=start_ms - closing * _MINUTE,
            late_entry_until_ms=start_ms + late * _MINUTE,
            at_ms=at_ms,
            registration_opens_ms=registration_opens_ms,
            buy_in_cents=buy_in_cents,
            structure=structure,
            profile=profile or settings.event_profile,
            table_size=table_size,
            season_id=season_id,
            points=None if points is None else dict(points),
        )
        _check_event(self, event)
        self._record(event)
        return event

    def update_event(
        self,
        event_id: str,
        at_ms: int,
        name: str | None = None,
        capacity: int | None = None,
        buy_in_cents: int | None = None,
        structure: str | None = None,
        profile: str | None = None,
        table_size: int | None = None,
        season_id: str | None = None,
        points: Mapping[str, Any] | None = None,
    ) -> ClubEventUpdated:
        """Change an event still to be played (the fields given; its times stay): a larger
        capacity gives the new places to the waiting list in order (heavenpoker 2.5); a
        smaller one may not drop players already holding a place."""
        calendar_event = self.open_event(event_id)
        old = calendar_event.scheduled
        changed = msgspec.structs.replace(
            old,
            name=old.name if name is None else name.strip(),
            capacity=old.capacity if capacity is None else capacity,
            buy_in_cents=old.buy_in_cents if buy_in_cents is None else buy_in_cents,
            structure=old.structure if structure is None else structure,
            profile=old.profile if profile is None else profile,
            table_size=old.table_size if table_size is None else table_size,
            season_id=old.season_id if season_id is None else season_id,
            points=old.points if points is None else dict(points),
        )
        _check_event(self, changed)
        holding = len(calendar_event.registered)
        if changed.capacity < holding:
            raise PokerfloorError(
                "CAPACITY_BELOW_REGISTERED",
                {"event_id": event_id, "capacity": changed.capacity, "registered": holding},
            )
        deposits = [r for r in calendar_event.registrations.values() if r.deposit_cents]
        if buy_in_cents is not None and any(r.deposit_cents > buy_in_cents for r in deposits):
            raise PokerfloorError(
                "DEPOSIT_TOO_LARGE",
                {
                    "deposit_cents": max(r.deposit_cents for r in deposits),
                    "buy_in_cents": buy_in_cents,
                },
            )
        event = ClubEventUpdated(changed, at_ms)
        self._record(event)
        self._promote(calendar_event, at_ms)
        return event

    def cancel_event(self, event_id: str, reason: str, at_ms: int) -> ClubEventCancelled:
        """Call an event off: its registrations end without offences, and the deposits of its
        waiting list are refunded (``deposit_refunded`` lines)."""
        self.open_event(event_id)
        check_text("reason", reason, required=True, limit=500)
        event = ClubEventCancelled(event_id, reason.strip(), at_ms)
        self._record(event)
        return event

    def close_event(
        self,
        event_id: str,
        at_ms: int,
        places: Mapping[str, int],
        points: Mapping[str, int] | None = None,
        prizes: Mapping[str, int] | None = None,
        entries: int | None = None,
        tournament_id: str = "",
    ) -> ClubEventClosed:
        """The event is over: ``places`` (member -> place, 1 = winner; tied members share a
        place number; any member, registered or not) and, when the tournament computed them,
        ``points`` (hundredths); without them, the event's formula (or its season's) gives them
        from the places, tied places sharing the points of the places they cover (ropta 5.4).
        Members registered but never checked in and not ranked are no-shows (heavenpoker 2.4):
        each is an offence on the ladder. The deposits of the waiting list still held are
        refunded (2.5)."""
        calendar_event = self.open_event(event_id)
        # Any member may be ranked: one entered at the tournament's desk without a club
        # registration still scores (an id that is no member is refused: the application
        # leaves out the players who are not members).
        players: dict[str, int] = {}
        for member_id, place in places.items():
            kept = self.member(member_id).member_id
            if isinstance(place, bool) or not isinstance(place, int) or place < 1:
                raise PokerfloorError("CLUB_BAD_PLACE", {"member_id": member_id})
            players[kept] = place
        # By default as many entries as players ranked, or as the last place given.
        count = max(len(players), *players.values(), 0) if entries is None else entries
        if count < len(players) or any(place > count for place in players.values()):
            raise PokerfloorError("CLUB_BAD_PLACE", {"member_id": "", "entries": count})
        scored = (
            {self.member(m).member_id: value for m, value in points.items()}
            if points is not None
            else self._points_from_places(calendar_event, players, count)
        )
        won = {self.member(m).member_id: value for m, value in (prizes or {}).items()}
        for value in (*scored.values(), *won.values()):
            check_cents("points or prize", value)
        results = tuple(
            EventResult(member_id, place, scored.get(member_id, 0), won.get(member_id, 0))
            for member_id, place in sorted(players.items(), key=lambda item: (item[1], item[0]))
        )
        # Registered, never checked in and not in the results: a no-show (one who played
        # without being checked in at the desk is not).
        no_shows = tuple(
            r.member_id
            for r in calendar_event.registrations.values()
            if r.status == "registered" and r.member_id not in players
        )
        closed = ClubEventClosed(event_id, results, no_shows, count, at_ms, tournament_id)
        self._record(closed)
        for member_id in no_shows:
            self._record(self._offence_event(member_id, event_id, "no_show", at_ms))
        for waiting in calendar_event.waiting:
            if waiting.deposit_cents:  # never got a place: the deposit goes back (2.5)
                self._record(
                    DepositRefunded(
                        event_id, waiting.member_id, waiting.deposit_cents, at_ms, "no place"
                    )
                )
        return closed

    def _points_from_places(
        self, calendar_event: CalendarEvent, places: Mapping[str, int], entries: int
    ) -> dict[str, int]:
        spec = calendar_event.scheduled.points
        season = self.seasons.get(calendar_event.scheduled.season_id)
        if spec is None and season is not None:
            spec = dict(season.points)
        if spec is None or not places:
            return {}
        formula = check_points(spec)
        table = points_module.points_table(
            formula, max(entries, 1), calendar_event.scheduled.buy_in_cents
        )
        by_place: dict[int, list[str]] = {}
        for member_id, place in places.items():
            by_place.setdefault(place, []).append(member_id)
        scored: dict[str, int] = {}
        for place, group in sorted(by_place.items()):
            covered = range(place, place + len(group))
            shares = points_module.split_tied_points(table, covered)
            scored.update(zip(sorted(group), shares, strict=True))
        return scored

    # ---- queries ----------------------------------------------------------------------------

    def events_between(self, from_ms: int, to_ms: int) -> list[CalendarEvent]:
        """The calendar's events starting in ``[from_ms, to_ms)``, by start."""
        return [e for e in self.events_by_start() if from_ms <= e.scheduled.start_ms < to_ms]
