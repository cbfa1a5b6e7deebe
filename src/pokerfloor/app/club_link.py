"""A club's event and its tournament: the tournament starts from the event, its results come
back to the club.

Starting an event's tournament creates it through the tournament service's public commands
(``create_tournament`` with the event's profile, structure and buy-in, then one
``register_player`` per member checked in, their ids the members' numbers, and a
``record_payment`` each: the club's desk collected the entries). The tournament's id is made
from the club's and the event's (``tournament_id_of``), so the link needs no event of its own
and survives a crash between the two streams: starting again finds the tournament and
registers only the players it lacks. Closing the event reads the finished tournament's places,
points and prizes and hands them to the club's ``close_event`` (no-shows counted there, season
standings from there). The tournament's own code is not changed.

Once the seats are drawn, a member checked in later is registered late (seated at once, or on
the tournament's waiting list when full): the desk seats the player in the same step.

The club's cash book reads each event's tournament book (``tournament_cash_lines``): every line
of money taken by the tournament itself (re-entries, rebuys, add-ons, its refunds), the
payments marked ``club`` left out (the club's desk collected those entries and its book has
them already). Nothing is copied: both logs replay to the same books.
"""

from __future__ import annotations

import contextlib
import hashlib
from functools import partial
from typing import Any

import msgspec

from pokerfloor.app.club_commands import CloseEvent, IssueTicket
from pokerfloor.app.club_service import ClubService
from pokerfloor.app.commands import (
    MAX_ID_LENGTH,
    CreateTournament,
    RecordPayment,
    RegisterLate,
    RegisterPlayer,
    is_valid_id,
)
from pokerfloor.app.service import TournamentService
from pokerfloor.club._base import CashLine
from pokerfloor.club.cashbook import TOURNAMENT_KINDS
from pokerfloor.club.events import ClubEventScheduled
from pokerfloor.club.state import Club
from pokerfloor.errors import PokerfloorError
from pokerfloor.tournament.state import Tournament
from pokerfloor.tournament.structure import dump_structure, load_structure

__all__ = [
    "CLUB_METHOD",
    "DEFAULT_STRUCTURE",
    "close_event",
    "seat_of",
    "start_tournament",
    "tournament_cash_lines",
    "tournament_id_of",
]

DEFAULT_STRUCTURE = "club-evening"
# The payment method of the entries the club's desk collected (the club's book has them).
CLUB_METHOD = "club"


def tournament_id_of(club_id: str, event_id: str) -> str:
    """``<club>-<event>``; cut with a short digest when too long for an id."""
    whole = f"{club_id}-{event_id}"
    if len(whole) <= MAX_ID_LENGTH:
        return whole
    digest = hashlib.sha256(whole.encode()).hexdigest()[:10]
    return f"{whole[: MAX_ID_LENGTH - 11]}-{digest}"


def _structure_text(name_or_toml: str, buy_in_cents: int) -> str:
    """The event's structure with the event's buy-in, as TOML (the tournament reads that)."""
    structure = load_structure(name_or_toml or DEFAULT_STRUCTURE)
    if buy_in_cents:
        entry = msgspec.structs.replace(structure.entry, buy_in_cents=buy_in_cents)
        structure = msgspec.structs.replace(structure, entry=entry)
    return dump_structure(structure)


def start_tournament(
    clubs: ClubService, tournaments: TournamentService, club_id: str, event_id: str
) -> str:
    """Create (or complete) the tournament of the event with the members checked in; its id.
    Refused while nobody is checked in (``CLUB_EVENT_NOBODY_CHECKED_IN``) and for an event
    cancelled or closed (the core's ``CLUB_EVENT_NOT_OPEN``)."""

    def read(club: Club) -> tuple[ClubEventScheduled, list[tuple[str, str]]]:
        calendar_event = club.open_event(event_id)
        names = club.public_names()
        players = [
            # Named as the public sees members, no two alike: the tournament's screens and
            # phones are public, and the TD calls players by these names.
            (registration.member_id, names[club.member(registration.member_id).member_id])
            for registration in calendar_event.registrations.values()
            if registration.status == "checked_in"
        ]
        return calendar_event.scheduled, players

    scheduled, players = clubs.read(club_id, read)
    if not players:
        raise PokerfloorError(
            "CLUB_EVENT_NOBODY_CHECKED_IN",
            f"nobody is checked in for event {event_id} yet: check the players in first",
            {"event_id": event_id},
        )
    tournament_id = tournament_id_of(club_id, event_id)
    if not tournaments.exists(tournament_id):
        tournaments.execute(
            tournament_id,
            CreateTournament(
                tournament_id=tournament_id,
                profile=scheduled.profile or "heavenpoker",
                structure=_structure_text(scheduled.structure, scheduled.buy_in_cents),
                table_size=scheduled.table_size,
                max_players=max(2, scheduled.capacity),
                points=_points(clubs, club_id, scheduled),
                name=scheduled.name[:100],
            ),
        )
    known, drawn = tournaments.read(
        tournament_id, lambda t: (set(t.players) | set(t.desk.waiting_list), bool(t.tables))
    )
    for member_id, name in players:
        if member_id in known or not is_valid_id(member_id):
            continue
        if drawn:
            tournaments.execute(tournament_id, RegisterLate(player_id=member_id, name=name[:100]))
        else:
            tournaments.execute(
                tournament_id, RegisterPlayer(player_id=member_id, name=name[:100], present=True)
            )
        owed = tournaments.read(tournament_id, partial(_owed_cents, member_id=member_id))
        if owed:
            tournaments.execute(
                tournament_id, RecordPayment(player_id=member_id, paid=True, method=CLUB_METHOD)
            )
    return tournament_id


def seat_of(
    tournaments: TournamentService, club_id: str, event_id: str
) -> dict[str, tuple[int, int] | None]:
    """Where each player of the event's tournament sits (table, seat), None for its waiting
    list; empty before the tournament exists or before its draw."""
    tournament_id = tournament_id_of(club_id, event_id)
    if not tournaments.exists(tournament_id):
        return {}
    return tournaments.read(tournament_id, _seats)


def _seats(tournament: Tournament) -> dict[str, tuple[int, int] | None]:
    seats: dict[str, tuple[int, int] | None] = {
        player.player_id: (player.seat.table_no, player.seat.seat_no)
        for player in tournament.players.values()
        if player.seat is not None
    }
    seats.update({player_id: None for player_id in tournament.desk.waiting_list})
    return seats


def _owed_cents(tournament: Tournament, member_id: str) -> int:
    account = tournament.cash.accounts.get(member_id)
    return 0 if account is None else account.owed_cents


def tournament_cash_lines(
    clubs: ClubService, tournaments: TournamentService, club_id: str
) -> list[CashLine]:
    """The money lines of the club's tournaments (``TOURNAMENT_KINDS``) for its cash book,
    the players named in full (the book is the staff's; the tournament has their public
    names)."""
    event_ids, full_names = clubs.read(
        club_id,
        lambda club: (list(club.calendar), {key: m.name for key, m in club.members.items()}),
    )
    lines: list[CashLine] = []
    for event_id in event_ids:
        tournament_id = tournament_id_of(club_id, event_id)
        if not tournaments.exists(tournament_id):
            continue
        name = tournaments.summary(tournament_id)["name"]
        for line in tournaments.cash_book(tournament_id)["lines"]:
            if not line["paid_cents"] or line["method"] == CLUB_METHOD:
                continue
            kind = f"tournament_{line['kind']}"
            lines.append(
                CashLine(
                    line["at_ms"], kind if kind in TOURNAMENT_KINDS else "tournament_payment",
                    line["paid_cents"], line["player_id"],
                    event_id, line["method"], line["note"], 0,
                    full_names.get(line["player_id"], line["name"]), tournament_id, name,
                )
            )  # fmt: skip
    return lines


def _points(
    clubs: ClubService, club_id: str, scheduled: ClubEventScheduled
) -> dict[str, Any] | None:
    """The event's points formula, else its season's; as ``create_tournament`` takes it."""
    points = scheduled.points
    if points is None and scheduled.season_id:
        season = clubs.read(club_id, lambda club: club.seasons.get(scheduled.season_id))
        points = season.points if season is not None else None
    return dict(points) if points else None


def close_event(
    clubs: ClubService, tournaments: TournamentService, club_id: str, event_id: str
) -> None:
    """Close the event from its finished tournament: places, points and prizes by member."""
    tournament_id = tournament_id_of(club_id, event_id)
    if not tournaments.exists(tournament_id):
        raise PokerfloorError(
            "CLUB_EVENT_NO_TOURNAMENT",
            f"event {event_id} has no tournament yet",
            {"event_id": event_id, "tournament_id": tournament_id},
        )
    results = tournaments.results(tournament_id)
    if not results["finished"]:
        raise PokerfloorError(
            "CLUB_EVENT_TOURNAMENT_NOT_FINISHED",
            f"the tournament {tournament_id} of event {event_id} is not finished",
            {"event_id": event_id, "tournament_id": tournament_id},
        )
    ranking = results["ranking"]
    clubs.execute(
        club_id,
        CloseEvent(
            event_id=event_id,
            places={row["player_id"]: row["place"] for row in ranking},
            points={row["player_id"]: row["points"] for row in ranking},
            prizes={row["player_id"]: row["cents"] for row in ranking},
            entries=results["entries"],
            tournament_id=tournament_id,
        ),
    )
    _issue_seat_tickets(clubs, club_id, tournament_id, results)


def _issue_seat_tickets(
    clubs: ClubService, club_id: str, tournament_id: str, results: dict[str, Any]
) -> None:
    """A satellite's seat winners who are members get their ticket (club/tickets.py), worth
    the seat; issued once (a ticket already there is left as it is)."""
    satellite = results.get("satellite")
    if not satellite:
        return
    members = clubs.read(club_id, lambda club: set(club.members))
    for award in satellite["awards"]:
        ticket_id = f"{tournament_id}-{award['player_id']}"
        if not award["seat"] or award["player_id"] not in members:
            continue
        with contextlib.suppress(PokerfloorError):  # CLUB_TICKET_EXISTS: issued before
            clubs.execute(
                club_id,
                IssueTicket(
                    ticket_id=ticket_id,
                    member_id=award["player_id"],
                    value_cents=satellite["seat_cents"],
                    source=tournament_id,
                ),
            )
