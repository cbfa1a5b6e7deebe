"""The clubs' read models: plain dicts (JSON for the API, contexts for the pages), built under
the club's lock by ``ClubService.read``; and the CSV files.

What the public sees of an event is its calendar entry and who registered, by the name the
club's core gives the public (``club.public_names.public_name``: the nickname, else the first
name and the last name's initial) and place on the list: never a full last name, birth dates,
contacts, fines, deposits or PIN digests. The staff's views show the full names.
"""

from __future__ import annotations

from typing import Any

import msgspec

from pokerfloor.app.club_csv import MEMBER_COLUMNS, write_csv
from pokerfloor.club._base import CashLine
from pokerfloor.club.cashbook import CASH_COLUMNS, Reconciliation
from pokerfloor.club.state import Club

# The desk shows this many members found: they fit 1366x768 with the page's head.
DESK_ROWS = 5

__all__ = [
    "DESK_ROWS",
    "cash_csv",
    "cash_view",
    "club_summary",
    "desk_row",
    "desk_rows",
    "event_view",
    "member_view",
    "members_csv",
    "public_event_view",
    "standings_csv",
    "standings_view",
]


def _scheduled(club: Club, event_id: str) -> dict[str, Any]:
    calendar_event = club.event(event_id)
    built: dict[str, Any] = msgspec.to_builtins(calendar_event.scheduled)
    built.pop("at_ms", None)
    built["status"] = calendar_event.status
    built["registered"] = len(calendar_event.registered)
    built["waiting"] = len(calendar_event.waiting)
    built["full"] = calendar_event.is_full
    return built


def club_summary(club: Club) -> dict[str, Any]:
    """The club's name, its calendar (oldest first), its seasons, the rules a member sees."""
    settings = club.settings
    return {
        "club_id": club.club_id,
        "name": settings.name,
        "damaged": False,
        "cancellation_deadline_hours": settings.cancellation_deadline_hours,
        "minimum_age": settings.minimum_age,
        "waiting_deposit_cents": settings.waiting_deposit_cents,
        "fine_cents": settings.fine_cents,
        "currency": settings.currency,
        "time_zone": settings.time_zone,
        # Every setting, as ``change_settings`` takes them back (none is secret).
        "settings": msgspec.to_builtins(settings),
        "events": [
            _scheduled(club, calendar_event.event_id) for calendar_event in club.events_by_start()
        ],
        "seasons": [
            {"season_id": s.season_id, "name": s.name, "best_n": s.best_n, "points": s.points}
            for s in club.seasons.values()
        ],
    }


def _shown_name(club: Club, member_id: str) -> str:
    member = club.member(member_id)
    return member.nickname or member.name


def _public_name(club: Club, member_id: str) -> str:
    return club.public_name_of(member_id)


def public_event_view(club: Club, event_id: str) -> dict[str, Any]:
    calendar_event = club.event(event_id)
    return {
        "club_id": club.club_id,
        "club_name": club.settings.name,
        "event": _scheduled(club, event_id),
        "registered": [
            {"name": _public_name(club, r.member_id), "checked_in": r.status == "checked_in"}
            for r in calendar_event.registered
        ],
        "waiting": [{"name": _public_name(club, r.member_id)} for r in calendar_event.waiting],
        "results": [
            {"place": r.place, "name": _public_name(club, r.member_id), "points": r.points}
            for r in sorted(calendar_event.results, key=lambda r: r.place)
        ],
    }


def event_view(club: Club, event_id: str) -> dict[str, Any]:
    """The TD's view of an event: every registration with the member's record at the desk
    (fine due, exclusion, ban, identity, card)."""
    calendar_event = club.event(event_id)
    scheduled = calendar_event.scheduled
    day = club.club_date(scheduled.start_ms)

    def row(registration: Any) -> dict[str, Any]:
        member = club.member(registration.member_id)
        card = club.valid_card(member.member_id, scheduled.kind, day)
        return {
            "member_id": member.member_id,
            "name": member.name,
            "nickname": member.nickname,
            "status": registration.status,
            "by": registration.by,
            "at_ms": registration.at_ms,
            "present": registration.present,
            "deposit_cents": registration.deposit_cents,
            "late_cancellation": registration.late_cancellation,
            "fine_due_cents": club.fine_due_cents(member.member_id),
            "due_cents": club.entry_due(event_id, member.member_id).total_cents,
            "identity_checked": member.identity_checked,
            "card": card.card_type if card else "",
            "refusal": _refusal(club, member.member_id, event_id),
        }

    return {
        "club_id": club.club_id,
        "event": _scheduled(club, event_id),
        "registrations": [row(r) for r in calendar_event.registrations.values()],
        "cancelled": [row(r) for r in calendar_event.cancelled],
        "results": [
            {**msgspec.to_builtins(r), "name": _shown_name(club, r.member_id)}
            for r in calendar_event.results
        ],
        "entries": calendar_event.entries,
    }


def _refusal(club: Club, member_id: str, event_id: str) -> dict[str, Any] | None:
    refusal = club.registration_refusal(member_id, event_id)
    if refusal is None:
        return None
    return {"code": refusal.code, "params": refusal.params, "message": refusal.message}


def member_view(club: Club, member_id: str, record: bool = False) -> dict[str, Any]:
    member = club.member(member_id)
    view: dict[str, Any] = {
        "member_id": member.member_id,
        "name": member.name,
        "nickname": member.nickname,
        "birth_date": member.birth_date,
        "contact": member.contact,
        "identity_checked": member.identity_checked,
        "identity_by": member.identity_by,
        "identity_at_ms": member.identity_at_ms,
        "has_pin": bool(member.pin_digest),
        "fine_due_cents": club.fine_due_cents(member.member_id),
        "excluded": club.excluded(member.member_id) is not None,
    }
    if record:
        found = club.member_record(member.member_id)
        view["cards"] = [msgspec.to_builtins(card) for card in found.cards]
        view["offences"] = [msgspec.to_builtins(offence) for offence in found.offences]
        view["bans"] = [msgspec.to_builtins(ban) for ban in found.bans]
        view["merged_ids"] = list(found.merged_ids)
        view["evenings"] = [
            msgspec.to_builtins(evening) for evening in club.player_evenings(member_id)
        ]
    return view


def standings_view(club: Club, season_id: str, public: bool = True) -> dict[str, Any]:
    """The season's standings; ``public``: named as the public sees members (the staff's
    page passes False for the full names)."""
    rows = club.season_standings(season_id)
    named = _public_name if public else _shown_name
    season = club.seasons[season_id]
    return {
        "club_id": club.club_id,
        "club_name": club.settings.name,
        "season_id": season_id,
        "name": season.name,
        "best_n": season.best_n,
        "points": season.points,
        "events": [
            _scheduled(club, event_id) for event_id in season.event_ids if event_id in club.calendar
        ],
        "standings": [
            {
                "rank": row.rank,
                "member_id": row.member_id,
                "name": named(club, row.member_id),
                "points": row.points,
                "best_result": row.best_result,
                "events_played": row.events_played,
                "results": [msgspec.to_builtins(result) for result in row.results],
            }
            for row in rows
        ],
    }


def desk_row(
    club: Club, event_id: str, member_id: str, seats: dict[str, tuple[int, int] | None]
) -> dict[str, Any]:
    """One member at the event's desk: their registration (``status`` "" when none), what
    checking in collects now (``due``), their record and, once the tournament has them, their
    seat (``seat``: (table, seat); ``waiting``: on the tournament's waiting list)."""
    calendar_event = club.event(event_id)
    member = club.member(member_id)
    registration = calendar_event.registrations.get(member.member_id)
    status = registration.status if registration is not None else ""
    due = club.entry_due(event_id, member.member_id)
    seated = member.member_id in seats
    paid = [
        line
        for line in club.cash_lines
        if line.event_id == event_id
        and line.member_id == member.member_id
        and line.kind in ("entry", "fine")
    ]
    return {
        "member_id": member.member_id,
        "name": member.name,
        "nickname": member.nickname,
        "status": status,
        "present": registration.present if registration is not None else False,
        "buy_in_cents": due.buy_in_cents,
        "deposit_cents": due.deposit_cents,
        "fines_cents": due.fines_cents,
        "due_cents": due.total_cents,
        "identity_checked": member.identity_checked,
        "refusal": _refusal(club, member.member_id, event_id) if not status else None,
        "paid_cents": sum(line.cents + line.deposit_counted_cents for line in paid),
        "paid_method": paid[0].method if paid else "",
        "seat": seats.get(member.member_id) if seated else None,
        "waiting": seated and seats[member.member_id] is None,
        # A ticket the member may spend on this entry (a satellite's seat, club/tickets.py).
        "ticket": next(
            (
                t.ticket_id
                for t in club.member_tickets(member.member_id)
                if not t.used_for
                and t.target_event_id in ("", event_id)
                and t.value_cents >= calendar_event.scheduled.buy_in_cents
            ),
            "",
        )
        if status in ("", "registered") and not club.entry_paid_by_ticket(event_id, member_id)
        else "",
    }


def desk_rows(
    club: Club, event_id: str, query: str, seats: dict[str, tuple[int, int] | None]
) -> list[dict[str, Any]]:
    """The members the desk's search finds (name or number, accents and case ignored); with
    nothing typed, the registered members still to check in, by name."""
    calendar_event = club.event(event_id)
    if query.strip():
        found = [member.member_id for member in club.find_members(query, limit=DESK_ROWS)]
    else:
        waiting_desk = [
            club.member(r.member_id)
            for r in calendar_event.registrations.values()
            if r.status == "registered"
        ]
        found = [m.member_id for m in sorted(waiting_desk, key=lambda m: m.name)[:DESK_ROWS]]
    return [desk_row(club, event_id, member_id, seats) for member_id in found]


def cash_view(club: Club, tournament_lines: list[CashLine] | None = None) -> dict[str, Any]:
    """The book with the club's tournaments' money (``club_link.tournament_cash_lines``), its
    totals and its reconciliation per day and per season."""
    extra = tournament_lines or []
    return {
        "club_id": club.club_id,
        "lines": club.cash_rows(tournament_lines=extra),
        "totals": msgspec.to_builtins(club.cash_totals(tournament_lines=extra)),
        "by_day": [_period(r) for r in club.reconciliation("day", extra)],
        "by_season": [_period(r) for r in club.reconciliation("season", extra)],
    }


def _period(reconciliation: Reconciliation) -> dict[str, Any]:
    built: dict[str, Any] = msgspec.to_builtins(reconciliation)
    built["reconciles"] = reconciliation.reconciles
    return built


def members_csv(club: Club) -> str:
    return write_csv(
        MEMBER_COLUMNS,
        (
            [getattr(member, column) for column in MEMBER_COLUMNS]
            for member in club.active_members()
        ),
    )


def cash_csv(club: Club, tournament_lines: list[CashLine] | None = None) -> str:
    rows = club.cash_rows(tournament_lines=tournament_lines or [])
    return write_csv(CASH_COLUMNS, ([row[column] for column in CASH_COLUMNS] for row in rows))


def _points_text(hundredths: int) -> str:
    whole, part = divmod(hundredths, 100)
    return f"{whole}.{part:02d}"


def standings_csv(club: Club, season_id: str) -> str:
    view = standings_view(club, season_id)
    return write_csv(
        ("rank", "member_id", "name", "points", "best_result", "events_played"),
        (
            [
                row["rank"],
                row["member_id"],
                row["name"],
                _points_text(row["points"]),
                _points_text(row["best_result"]),
                row["events_played"],
            ]
            for row in view["standings"]
        ),
    )
