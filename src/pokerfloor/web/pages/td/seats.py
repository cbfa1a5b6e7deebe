"""Seats by hand and the printed move slips (TD only).

From the desk, « Changer de place » opens a small form for one seated player: a free seat of a
table in play, or another player to swap seats with, and the reason (``change_seat``, tda-2024
R7: special needs). The slips page prints one slip per move waiting for the TD (balancing, a
table break's players together, the final-table redraw) or per seat change, for the player to
carry to the new seat: the name, where from, where to, why and when.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, Response

from pokerfloor.app.commands import ChangeSeat
from pokerfloor.app.service import TournamentService
from pokerfloor.tournament.events import MovesProposed, SeatChanged
from pokerfloor.tournament.limits import MAX_REASON_LENGTH
from pokerfloor.tournament.state import Tournament
from pokerfloor.tournament.types import Move
from pokerfloor.web.i18n import N_
from pokerfloor.web.pages.common._common import (
    events_of,
    flash_fragment,
    locale_of,
    pages_of,
    player_names,
    refuse,
    render,
    render_fragment,
    run_form,
    say,
    tournament_service,
)
from pokerfloor.web.pages.common._forms import FormText
from pokerfloor.web.pages.td.desk import fold

__all__ = ["REASONS", "router", "slips"]

router = APIRouter()
RECENT_CHANGES = 20  # seat changes listed on the slips page, the latest first

# A move's kind as the slip names it (``Move.reason``).
REASONS = {
    "balance": N_("balancing"),
    "break": N_("table break"),
    "final_table": N_("final-table redraw"),
    "seat_change": N_("seat change"),
}


# ---- the form -----------------------------------------------------------------------------------


def _choices(service: TournamentService, tournament_id: str, player_id: str) -> dict[str, Any]:
    """The free seats of the tables in play and the seated players to swap with."""
    return service.read(tournament_id, lambda tournament: _seat_choices(tournament, player_id))


def _seat_choices(tournament: Tournament, player_id: str) -> dict[str, Any]:
    free = [
        {"value": f"seat:{table.table_no}:{seat_no}", "table": table.table_no, "seat": seat_no}
        for table in sorted(tournament.tables.values(), key=lambda t: t.table_no)
        if table.seats
        for seat_no in table.free_seats()
    ]
    others = sorted(
        (p for p in tournament.in_play() if p.seat is not None and p.player_id != player_id),
        key=lambda p: (fold(p.name), p.player_id),
    )
    swaps = [
        {
            "value": f"swap:{p.player_id}",
            "name": p.name,
            "table": p.seat.table_no if p.seat else 0,
            "seat": p.seat.seat_no if p.seat else 0,
        }
        for p in others
    ]
    return {"free": free, "swaps": swaps}


@router.get("/t/{tournament_id}/desk/seat-form")
def seat_form(request: Request, tournament_id: str, player_id: str = "") -> Response:
    """The seat change form for one seated player, shown above the list."""
    service = tournament_service(request, tournament_id, td_only=True)

    def seated(tournament: Tournament) -> tuple[str, int, int] | None:
        """The player's name, table and seat; None unless seated and in play."""
        player = tournament.players.get(player_id)
        if player is None or player.seat is None or not player.in_play:
            return None
        return player.name, player.seat.table_no, player.seat.seat_no

    found = service.read(tournament_id, seated)
    if found is None:
        # The form would go where the dialog sits: the refusal goes to the flash instead.
        response = refuse(request, N_("Only a seated player in play can change seats."))
        response.headers["HX-Retarget"] = "#flash"
        response.headers["HX-Reswap"] = "outerHTML"
        return response
    return render(
        request,
        "desk_seat_change.html",
        tournament_id=tournament_id,
        player_id=player_id,
        name=found[0],
        table_no=found[1],
        seat_no=found[2],
        max_reason=MAX_REASON_LENGTH,
        **_choices(service, tournament_id, player_id),
    )


def _target(choice: str) -> dict[str, Any] | None:
    """``seat:2:5`` or ``swap:p7`` as the command's fields; None for anything else."""
    kind, _, rest = choice.partition(":")
    if kind == "swap" and rest:
        return {"swap_with": rest}
    table, _, seat = rest.partition(":")
    if kind == "seat" and all(_small_number(text) for text in (table, seat)):
        return {"table_no": int(table), "seat_no": int(seat)}
    return None


def _small_number(text: str) -> bool:
    """ASCII digits, short enough for the command's bounds to refuse it by its value."""
    return text.isascii() and text.isdigit() and len(text) <= 6


@router.post("/t/{tournament_id}/desk/change-seat")
def change_seat(
    request: Request,
    tournament_id: str,
    player_id: FormText = "",
    target: FormText = "",
    reason: FormText = "",
) -> Response:
    service = tournament_service(request, tournament_id, td_only=True)
    fields = _target(target)
    if fields is None:
        return refuse(request, N_("Choose a free seat or a player to swap with."))
    reason = " ".join(reason.split())
    if not reason:
        return refuse(request, N_("Give the reason for the seat change."))
    error = run_form(
        request, tournament_id, ChangeSeat, player_id=player_id, reason=reason, **fields
    )
    if error is not None:
        return HTMLResponse(flash_fragment(request, error))
    # This player's latest change: another desk may have recorded one since.
    changes = events_of(service, tournament_id, "seat_changed")
    number, moves = next(
        (index, change.moves)
        for index, change in reversed(list(enumerate(changes, start=1)))
        if isinstance(change, SeatChanged) and change.moves[0].player_id == player_id
    )
    names = player_names(service, tournament_id)
    done = " ".join(
        say(
            request,
            N_("%(name)s: table %(table)s, seat %(seat)s."),
            name=names.get(move.player_id, move.player_id),
            table=move.target.table_no,
            seat=move.target.seat_no,
        )
        for move in moves
    )
    panel = render_fragment(
        "desk_seat_changed.html",
        locale_of(request),
        pages_of(request),
        tournament_id=tournament_id,
        number=number,
    )
    return HTMLResponse(flash_fragment(request, None, done) + panel)


# ---- the slips ----------------------------------------------------------------------------------


def _slip(move: Move, names: dict[str, str], at_ms: int) -> dict[str, Any]:
    return {
        "player_id": move.player_id,
        "name": names.get(move.player_id, move.player_id),
        "from_table": move.source.table_no,
        "from_seat": move.source.seat_no,
        "to_table": move.target.table_no,
        "to_seat": move.target.seat_no,
        "reason": REASONS.get(move.reason, move.reason),
        "at_ms": at_ms,
    }


def _group(heading: str, slips: list[dict[str, Any]], **values: object) -> dict[str, Any]:
    """Slips printed together under a heading (a message and its values, worded by the
    template in the page's language)."""
    return {"heading": heading, "values": values, "slips": slips}


def slips(
    service: TournamentService, tournament_id: str, seat_change: int | None = None
) -> list[dict[str, Any]]:
    """The slips to print, in groups: the moves waiting for the TD (each broken table's
    players together, then the final-table redraw, then balancing), or the players of the
    ``seat_change``-th seat change (from 1)."""
    names = player_names(service, tournament_id)
    if seat_change is not None:
        changes = events_of(service, tournament_id, "seat_changed")
        if not 1 <= seat_change <= len(changes):
            return []
        change = changes[seat_change - 1]
        assert isinstance(change, SeatChanged)
        moved = [_slip(move, names, change.at_ms) for move in change.moves]
        return [_group(N_("Seat change"), moved)]
    proposals = events_of(service, tournament_id, "moves_proposed")
    last = proposals[-1] if proposals else None
    at_ms = last.at_ms if isinstance(last, MovesProposed) else 0
    pending = service.read(tournament_id, lambda t: list(t.moves.proposed.values()))
    groups: list[dict[str, Any]] = []
    for table_no in sorted({m.source.table_no for m in pending if m.reason == "break"}):
        broken = [m for m in pending if m.reason == "break" and m.source.table_no == table_no]
        moved = [_slip(move, names, at_ms) for move in broken]
        groups.append(_group(N_("Table %(table)s breaks"), moved, table=table_no))
    for reason, heading in (
        ("final_table", N_("Final-table redraw")),
        ("balance", N_("Balancing")),
    ):
        moved = [_slip(move, names, at_ms) for move in pending if move.reason == reason]
        if moved:
            groups.append(_group(heading, moved))
    return groups


@router.get("/t/{tournament_id}/moves/slips")
def slips_page(request: Request, tournament_id: str, seat_change: str = "") -> Response:
    """Printable: one slip per move waiting for the TD, or per player of one seat change
    (``?seat_change=N``); the latest seat changes are listed to print theirs."""
    service = tournament_service(request, tournament_id, td_only=True)
    number = int(seat_change[:9]) if seat_change.isascii() and seat_change.isdigit() else None
    names = player_names(service, tournament_id)
    changes = events_of(service, tournament_id, "seat_changed")
    recent = [
        {
            "number": number_of,
            "names": [names.get(move.player_id, move.player_id) for move in change.moves],
            "at_ms": change.at_ms,
        }
        for number_of, change in enumerate(changes, start=1)
        if isinstance(change, SeatChanged)
    ][::-1][:RECENT_CHANGES]
    return render(
        request,
        "moves_slips.html",
        tournament_id=tournament_id,
        groups=slips(service, tournament_id, number),
        seat_change=number,
        recent=recent,
    )
