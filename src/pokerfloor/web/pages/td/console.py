"""The TD console (TD only): the clock's controls, every table at a glance, busts, rebuys and
add-ons, the moves to carry out (balancing, a table to break, the final-table redraw) and
hand-for-hand.

Three live views keep it current: ``console-clock`` (the clock line, every second),
``console`` (tables, hints, moves to confirm, on every event) and ``console-calls`` (the open
floor calls' badge by the clock line and their list, every second: _floor_calls.py). The
forms are never pushed over the WebSocket: a push would wipe the boxes the TD is ticking.
Instead the live view carries a key of who sits where (``#console-roster``); the page's
script reloads a form's player list when the key changes and the TD is not using that form,
and a console action that moves or busts players asks for the reload itself
(``HX-Trigger: console-refresh``).
"""

from __future__ import annotations

import hashlib
from typing import Annotated, Any

from fastapi import APIRouter, Form, Request
from fastapi.responses import Response

from pokerfloor.app.commands import (
    AdjustClock,
    CancelMoves,
    ConfirmMove,
    ConfirmMoves,
    HandForHandRound,
    JumpToLevel,
    PauseClock,
    ProposeBreakTable,
    ProposeFinalTable,
    ProposeMoves,
    ResumeClock,
    SetHandForHand,
    StartClock,
)
from pokerfloor.app.service import TournamentService
from pokerfloor.tournament.clock import timeline
from pokerfloor.tournament.limits import UNDO_OFFERED_MS
from pokerfloor.tournament.structure import Structure
from pokerfloor.web import i18n
from pokerfloor.web.i18n import N_
from pokerfloor.web.pages.common._common import (
    PageError,
    flash,
    locale_of,
    player_name,
    refuse,
    render,
    run,
    say,
    tournament_service,
)
from pokerfloor.web.pages.common._forms import decimal_number, whole_number
from pokerfloor.web.pages.common._live import live_view, panel_view
from pokerfloor.web.pages.floor._floor_calls import floor_calls
from pokerfloor.web.pages.phones.player_clock import console_player_clocks
from pokerfloor.web.pages.td.deal import deal_panel

__all__ = ["board", "roster_key", "router"]

router = APIRouter()

# Form fields arrive as text and are converted here: a bad entry becomes a message in the
# flash (htmx does not swap a 422 answer, so FastAPI's own validation would show nothing).
Text = Annotated[str, Form(max_length=200)]
TextList = Annotated[list[str] | None, Form(max_length=200)]
REFRESH = "console-refresh"
MINUTE_MS = 60_000
MAX_ADJUSTMENT_MINUTES = 24 * 60  # adjust_clock takes a day at most either way


# ---- what the console shows -----------------------------------------------------------------


def roster_key(chart: dict[str, Any]) -> str:
    """A short key of who sits where: it changes when a player busts, moves or is seated."""
    seated = ";".join(
        f"{table['table_no']}:{seat['seat_no']}:{seat['player_id']}"
        for table in chart["tables"]
        for seat in table["seats"]
    )
    return hashlib.sha256(seated.encode()).hexdigest()[:16]


def _tables_in_play(chart: dict[str, Any]) -> list[dict[str, Any]]:
    return [table for table in chart["tables"] if table["seats"]]


def _table_card(table: dict[str, Any], halted: set[int]) -> dict[str, Any]:
    """One table's seats 1..size with the next hand's markers (the last button before the
    first hand, when no hand can be planned yet)."""
    plan = table["next_hand"]
    button = plan["button_seat"] if plan else table["button_seat"]
    small_blind = plan["small_blind_seat"] if plan else None
    big_blind = plan["big_blind_seat"] if plan else None
    waiting = set(plan["waiting"]) if plan else set()
    by_seat = {seat["seat_no"]: seat for seat in table["seats"]}
    rows = []
    for seat_no in range(1, max(table["size"], max(by_seat, default=0)) + 1):
        seat = by_seat.get(seat_no)
        rows.append(
            {
                "seat_no": seat_no,
                "player": seat,
                "button": seat_no == button,
                "small_blind": seat_no == small_blind,
                "big_blind": seat_no == big_blind,
                "waits": seat is not None and (seat["waits"] or seat_no in waiting),
            }
        )
    return {
        "table_no": table["table_no"],
        "size": table["size"],
        "count": len(table["seats"]),
        "hands_played": table["hands_played"],
        "stacks_known": table["stacks_known"],
        "unknown_chips": table["unknown_chips"],
        "next_hand_no": plan["hand_no"] if plan else None,
        "has_button": button is not None,
        "halted": table["table_no"] in halted,
        "rows": rows,
    }


def _hints(service: TournamentService, tournament_id: str) -> list[dict[str, Any]]:
    """What the rules call for now (the core's ``console_hints``), as the values the template
    words."""
    now = service.clock()
    hints = service.read(tournament_id, lambda t: t.console_hints(now))
    return [
        {
            "kind": hint.kind,
            "tables": ", ".join(map(str, hint.tables)),
            "table": hint.table,
            "players": hint.players,
            "size": hint.size,
            "needed": hint.needed,
            "gap": hint.gap,
            "short_by": hint.short_by,
            "citations": hint.citations,
        }
        for hint in hints
    ]


def board(service: TournamentService, tournament_id: str) -> dict[str, Any]:
    """Everything the live part of the console shows (a template context)."""
    chart = service.seating_chart(tournament_id)
    clock = service.clock_screen(tournament_id)
    halted = set(chart["halted_tables"])
    moves = chart["moves_to_confirm"]
    return {
        "tournament_id": tournament_id,
        "clock": clock,
        "tables": [_table_card(table, halted) for table in _tables_in_play(chart)],
        "halted_tables": chart["halted_tables"],
        "moves": moves,
        "redraw": any(move["reason"] == "final_table" for move in moves),
        "waiting_list": chart["waiting_list"],
        # Busted in their table's last hand, still in time for a rebuy at the bust.
        "rebuy_at_bust": [
            player
            for player in service.players_list(tournament_id)["players"]
            if player["status"] == "busted" and player["may_rebuy"]
        ],
        "hints": _hints(service, tournament_id),
        "roster": roster_key(chart),
        **deal_panel(service, tournament_id),
    }


def _pickers(
    service: TournamentService, tournament_id: str, table_no: int | None = None
) -> dict[str, Any]:
    """The context of the form that lists the tables to break (reloaded as the roster
    changes); ``table_no`` is the choice to keep."""
    chart = service.seating_chart(tournament_id)
    return {
        "tournament_id": tournament_id,
        "roster": roster_key(chart),
        "table_numbers": [table["table_no"] for table in _tables_in_play(chart)],
        "selected_table": table_no,
    }


def _clock(service: TournamentService, tournament_id: str) -> dict[str, Any]:
    return {"clock": service.clock_screen(tournament_id)}


live_view(
    "console-clock", panel_view("console_clock.html", _clock, td_only=True, every_second=True)
)
live_view("console", panel_view("console_live.html", board, td_only=True))


def _floor(service: TournamentService, tournament_id: str) -> dict[str, Any]:
    return {"tournament_id": tournament_id, "floor": floor_calls(service, tournament_id)}


# The floor calls' badge and list: every second, for the minutes they have waited.
live_view(
    "console-calls",
    panel_view("console_floor_calls.html", _floor, td_only=True, every_second=True),
)


# ---- pages and fragments ----------------------------------------------------------------


@router.get("/t/{tournament_id}/console")
def console_page(request: Request, tournament_id: str) -> Response:
    service = tournament_service(request, tournament_id, td_only=True)
    structure, profile = service.read(tournament_id, lambda t: (t.structure, t.profile))
    return render(
        request,
        "console.html",
        jump_targets=jump_targets(structure),
        has_addon=bool(structure.entry.addon_chips),
        seconds_off=profile.int_value("hand_for_hand.seconds_off_per_hand"),
        undo_seconds=UNDO_OFFERED_MS // 1000,
        **{
            **board(service, tournament_id),
            **_pickers(service, tournament_id),
            **_floor(service, tournament_id),
            **console_player_clocks(service, tournament_id),
        },
    )


PICKERS = {"break": "console_break_tables.html"}


@router.get("/t/{tournament_id}/console/picker/{name}")
def picker(request: Request, tournament_id: str, name: str, table_no: str = "") -> Response:
    """One form's list of tables, fresh (after a bust, a move, a table change)."""
    service = tournament_service(request, tournament_id, td_only=True)
    template = PICKERS.get(name)
    if template is None:
        raise PageError(404, N_("There is no such page."))
    context = _pickers(service, tournament_id, _whole(table_no))
    return render(request, template, **context)


# ---- actions ----------------------------------------------------------------------------


def _whole(text: str) -> int | None:
    """A whole number typed by the TD (spaces of thousands allowed, a sign too), else None."""
    return whole_number(text, signed=True)


CLOCK_ACTIONS: dict[str, tuple[StartClock | PauseClock | ResumeClock, str]] = {
    "start": (StartClock(), N_("Clock started.")),
    "pause": (PauseClock(), N_("Clock paused.")),
    "resume": (ResumeClock(), N_("Clock resumed.")),
}


@router.post("/t/{tournament_id}/console/clock/{action}")
def clock_action(request: Request, tournament_id: str, action: str) -> Response:
    tournament_service(request, tournament_id, td_only=True)
    found = CLOCK_ACTIONS.get(action)
    if found is None:
        raise PageError(404, N_("There is no such page."))
    command, done = found
    return flash(request, run(request, tournament_id, command), say(request, done))


def _minutes_ms(text: str) -> int | None:
    """Minutes typed by the TD (``2``, ``-1.5``, ``0,5``) in milliseconds, else None; a day at
    most either way (``adjust_clock``'s bound)."""
    minutes = decimal_number(text, signed=True)
    if minutes is None or abs(minutes) > MAX_ADJUSTMENT_MINUTES:
        return None
    return round(minutes * MINUTE_MS)


@router.post("/t/{tournament_id}/console/adjust")
def adjust(
    request: Request, tournament_id: str, minutes: Text = "", delta_ms: Text = ""
) -> Response:
    """+1 / -1 minute (``delta_ms``) or the minutes the TD typed, on the current level."""
    tournament_service(request, tournament_id, td_only=True)
    delta = _whole(delta_ms) if delta_ms else _minutes_ms(minutes)
    if not delta:
        return refuse(
            request,
            N_(
                "Enter the minutes to add, from −%(most)s to %(most)s (negative to take time "
                "off), not “%(value)s”."
            ),
            most=MAX_ADJUSTMENT_MINUTES,
            value=(minutes or delta_ms).strip()[:40],
        )
    error = run(request, tournament_id, AdjustClock(delta_ms=delta))
    shown = ("+" if delta > 0 else "\u2212") + i18n.format_duration(abs(delta))
    return flash(request, error, say(request, N_("Clock adjusted: %(delta)s."), delta=shown))


def jump_targets(structure: Structure) -> list[dict[str, Any]]:
    """Where the clock's jump may land, in order of play: each level, and each break (by the
    level after it: ``b5`` is the break before level index 5)."""
    targets: list[dict[str, Any]] = []
    for period in timeline(structure):
        if period.kind == "level":
            level = structure.levels[period.index]
            targets.append({"value": str(period.index), "level": level})
        else:
            pause = structure.breaks[period.index]
            targets.append({"value": f"b{pause.after_level}", "break": pause})
    return targets


@router.post("/t/{tournament_id}/console/jump")
def jump(request: Request, tournament_id: str, level_index: Text = "") -> Response:
    tournament_service(request, tournament_id, td_only=True)
    to_break = level_index.strip().startswith("b")
    index = _whole(level_index.strip().removeprefix("b"))
    if index is None:
        return refuse(request, N_("Choose a level or a break."))
    error = run(request, tournament_id, JumpToLevel(level_index=index, break_before=to_break))
    done = (
        say(request, N_("Break after level %(number)s started."), number=index)
        if to_break
        else say(request, N_("Level %(number)s started."), number=index + 1)
    )
    return flash(request, error, done)


def _proposal(
    request: Request,
    tournament_id: str,
    command: ProposeMoves | ProposeBreakTable | ProposeFinalTable,
) -> Response:
    """Run a proposal and say how many moves there are to carry out (none: nothing to do)."""
    service = tournament_service(request, tournament_id, td_only=True)
    error = run(request, tournament_id, command)
    if error is not None:
        return flash(request, error)
    moves = service.seating_chart(tournament_id)["moves_to_confirm"]
    with i18n.use_locale(locale_of(request)):
        if not moves:
            return flash(request, None, i18n.gettext("No move needed: the tables are balanced."))
        count = i18n.ngettext(
            "%(num)s move to carry out.", "%(num)s moves to carry out.", len(moves)
        )
        if isinstance(command, ProposeFinalTable):
            then = i18n.gettext("Seat every player, then confirm the redraw as a whole.")
        else:
            then = i18n.gettext("Confirm each one once it is done, or all at once.")
    return flash(request, None, f"{count} {then}")


@router.post("/t/{tournament_id}/console/moves/propose")
def propose_moves(request: Request, tournament_id: str) -> Response:
    return _proposal(request, tournament_id, ProposeMoves())


@router.post("/t/{tournament_id}/console/moves/break")
def propose_break(request: Request, tournament_id: str, table_no: Text = "") -> Response:
    """Without a table number: the table the predetermined procedure breaks next."""
    table = _whole(table_no) if table_no.strip() else None
    if table_no.strip() and table is None:
        tournament_service(request, tournament_id, td_only=True)
        return refuse(request, N_("Choose a table."))
    return _proposal(request, tournament_id, ProposeBreakTable(table_no=table))


@router.post("/t/{tournament_id}/console/moves/final")
def propose_final(request: Request, tournament_id: str) -> Response:
    return _proposal(request, tournament_id, ProposeFinalTable())


@router.post("/t/{tournament_id}/console/moves/confirm")
def confirm_move(request: Request, tournament_id: str, player_id: Text = "") -> Response:
    service = tournament_service(request, tournament_id, td_only=True)
    if not player_id:
        return refuse(request, N_("Choose a player."))
    error = run(request, tournament_id, ConfirmMove(player_id=player_id))
    name = player_name(service, tournament_id, player_id)
    done = say(request, N_("Move done: %(name)s."), name=name)
    return flash(request, error, done, trigger=REFRESH)


@router.post("/t/{tournament_id}/console/moves/confirm-all")
def confirm_all(request: Request, tournament_id: str) -> Response:
    service = tournament_service(request, tournament_id, td_only=True)
    count = len(service.seating_chart(tournament_id)["moves_to_confirm"])
    error = run(request, tournament_id, ConfirmMoves())
    done = say(request, N_("Moves confirmed: %(count)s."), count=count)
    return flash(request, error, done, trigger=REFRESH)


@router.post("/t/{tournament_id}/console/moves/cancel")
def cancel_moves(request: Request, tournament_id: str) -> Response:
    tournament_service(request, tournament_id, td_only=True)
    error = run(request, tournament_id, CancelMoves())
    return flash(request, error, say(request, N_("Moves cancelled: nobody moves.")))


@router.post("/t/{tournament_id}/console/hand-for-hand")
def hand_for_hand(request: Request, tournament_id: str, active: Text = "") -> Response:
    tournament_service(request, tournament_id, td_only=True)
    if active not in ("on", "off"):
        return refuse(request, N_("Choose on or off."))
    error = run(request, tournament_id, SetHandForHand(active=active == "on"))
    done = N_("Hand-for-hand is on.") if active == "on" else N_("Hand-for-hand is off.")
    return flash(request, error, say(request, done))


@router.post("/t/{tournament_id}/console/hand-for-hand/round")
def hand_for_hand_round(request: Request, tournament_id: str) -> Response:
    service = tournament_service(request, tournament_id, td_only=True)
    profile = service.read(tournament_id, lambda t: t.profile)
    taken = i18n.format_duration(profile.int_value("hand_for_hand.seconds_off_per_hand") * 1000)
    error = run(request, tournament_id, HandForHandRound())
    done = say(request, N_("Hand-for-hand round recorded: %(time)s off the clock."), time=taken)
    return flash(request, error, done)
