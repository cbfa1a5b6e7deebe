"""The TD's console for dealt tables (on the TD's dealt page ``/t/{id}/dealt``, 1366x768).

Every table's hand in progress (hand, street, pot, whose turn, the time left; paused, waiting
for a move, hand-for-hand waiting for the round), refreshed every two seconds; pause or resume
one table or all (a paused table plays nothing, its action clock stops); move a player (made
between hands: a move asked mid-hand waits for both tables' hands to end); the log of every
look at the hole cards (who, when). Built from the public view: no hole card on this page;
the TD's view of a table (``/t/{id}/dealt/table/{n}/td``) shows them and is logged.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Form, Request
from fastapi.responses import Response

from pokerfloor.app._dealt_floor import MISDEAL_CAUSES
from pokerfloor.app.dealt_service import DealtService
from pokerfloor.dealt import HandStep
from pokerfloor.dealt.mode import MoveAsked
from pokerfloor.dealt.views import public_view
from pokerfloor.errors import PokerfloorError
from pokerfloor.hand import Misdealt
from pokerfloor.web import i18n
from pokerfloor.web.pages.common._common import (
    flash,
    locale_of,
    render,
    require_td,
    tournament_service,
)
from pokerfloor.web.pages.common._refusals import explain

__all__ = ["hands_context", "router"]

router = APIRouter()

_STREETS = {
    "preflop": i18n.N_("preflop"),
    "flop": i18n.N_("flop"),
    "turn": i18n.N_("turn"),
    "river": i18n.N_("river"),
    "showdown": i18n.N_("showdown"),
    "complete": i18n.N_("hand over"),
}


def hands_context(dealt: DealtService, tournament_id: str, now_ms: int) -> dict[str, Any]:
    """What the console shows of every table's hand, the moves asked and the hole-card log."""
    names, seats, h4h, waits = dealt.tournaments.read(
        tournament_id,
        lambda t: (
            {p.player_id: p.name for p in t.players.values()},
            {no: dict(table.seats) for no, table in t.tables.items()},
            t.hand_for_hand,
            {no: t.round_waits_for(no) for no in t.tables},
        ),
    )
    asked = dealt.asked_moves(tournament_id)
    moving = {no for move in asked for no in (move.table_no, _table_of(seats, move.player_id))}
    rows = []
    for table_no, seated in sorted(seats.items()):
        table = dealt.table(tournament_id, table_no)
        view = public_view(table)
        to_act = table.to_act_seat()
        deadline = table.deadline_ms(to_act) if to_act else None
        paused = table.paused_at_ms is not None
        # A paused table's clock stopped at the pause.
        at = table.paused_at_ms if table.paused_at_ms is not None else now_ms
        left = None if deadline is None else deadline - at
        rows.append(
            {
                "table_no": table_no,
                "hand_no": table.hand_no,
                "in_hand": table.in_hand,
                "street": _STREETS.get(view.street, view.street) if table.in_hand else "",
                "pot": view.pot if table.in_hand else 0,
                "to_act": names.get(seated.get(to_act, ""), "") if to_act else "",
                "seconds_left": None if left is None else max(0, left // 1000),
                "paused": paused,
                "moving": table_no in moving,
                "waiting_for": waits.get(table_no, []),
                "players": len(seated),
            }
        )
    players = sorted(
        (
            {"player_id": player, "name": names.get(player, player), "table_no": no, "seat_no": s}
            for no, seated in seats.items()
            for s, player in seated.items()
        ),
        key=lambda p: (str(p["name"]).casefold(), str(p["player_id"])),
    )
    return {
        "causes": misdeal_causes(),
        "rows": rows,
        "hand_for_hand": h4h,
        "asked": [_asked(m, names) for m in asked],
        "seen": [
            {"table_no": s.table_no, "hand_no": s.hand_no, "by": s.by, "at_ms": s.at_ms}
            for s in reversed(dealt.hole_card_log(tournament_id)[-20:])
        ],
        "seated": players,
    }


def _asked(move: MoveAsked, names: dict[str, str]) -> dict[str, Any]:
    return {
        "name": names.get(move.player_id, move.player_id),
        "table_no": move.table_no,
        "seat_no": move.seat_no,
        "reason": move.reason,
    }


def _table_of(seats: dict[int, dict[int, str]], player_id: str) -> int:
    for table_no, seated in seats.items():
        if player_id in seated.values():
            return table_no
    return 0


def _dealt(request: Request) -> DealtService:
    dealt: DealtService = request.app.state.dealt
    return dealt


@router.get("/t/{tournament_id}/dealt/hands")
def hands(request: Request, tournament_id: str) -> Response:
    """The console's fragment, polled every two seconds."""
    service = tournament_service(request, tournament_id, td_only=True)
    context = hands_context(_dealt(request), tournament_id, service.clock())
    return render(request, "_dealt_hands.html", tournament_id=tournament_id, **context)


@router.post("/t/{tournament_id}/dealt/pause")
def pause(
    request: Request,
    tournament_id: str,
    table_no: Annotated[str, Form()] = "",
    resume: Annotated[str, Form()] = "",
) -> Response:
    """Pause (or ``resume``) one table, or every table when ``table_no`` is empty."""
    tournament_service(request, tournament_id, td_only=True)
    require_td(request)
    dealt = _dealt(request)
    number = int(table_no) if table_no.isascii() and table_no.isdigit() else None
    with i18n.use_locale(locale_of(request)):
        try:
            if resume:
                count = dealt.resume_table(tournament_id, number)
            else:
                count = dealt.pause_table(tournament_id, number)
        except PokerfloorError as error:
            return flash(request, str(explain(error)))
        if resume:
            done = i18n.ngettext("%(num)s table resumed.", "%(num)s tables resumed.", count)
        else:
            done = i18n.ngettext("%(num)s table paused.", "%(num)s tables paused.", count)
        return flash(request, None, done, trigger="dealt-changed")


@router.post("/t/{tournament_id}/dealt/move")
def move(
    request: Request,
    tournament_id: str,
    player_id: Annotated[str, Form()] = "",
    table_no: Annotated[str, Form()] = "",
    seat_no: Annotated[str, Form()] = "",
    reason: Annotated[str, Form()] = "",
) -> Response:
    """Move a player to a free seat: now between hands, else at the end of the hands."""
    tournament_service(request, tournament_id, td_only=True)
    require_td(request)
    with i18n.use_locale(locale_of(request)):
        numbers = [text.strip() for text in (table_no, seat_no)]
        if not all(text.isascii() and text.isdigit() and 0 < int(text) < 1000 for text in numbers):
            return flash(request, i18n.gettext("Type the table's number and the seat's number."))
        if not reason.strip():
            return flash(request, i18n.gettext("Say why the player moves."))
        try:
            made = _dealt(request).move_player(
                tournament_id, player_id, int(numbers[0]), int(numbers[1]), reason
            )
        except PokerfloorError as error:
            return flash(request, str(explain(error)))
        done = (
            i18n.gettext("The player moved.")
            if made
            else i18n.gettext("The player moves when the hands of both tables are over.")
        )
        return flash(request, None, done, trigger="dealt-changed")


_CAUSES = {
    "button_wrong": i18n.N_("the button was wrong"),
    "player_skipped": i18n.N_("a player was left out"),
    "empty_seat": i18n.N_("a card was dealt to an empty seat"),
    "wrong_order": i18n.N_("the cards were dealt in the wrong order"),
}


def misdeal_causes() -> list[tuple[str, str]]:
    """The misdeals the TD may call from the console, with their words (``MISDEAL_CAUSES``)."""
    return [(cause, i18n.gettext(_CAUSES[cause])) for cause in MISDEAL_CAUSES]


@router.post("/t/{tournament_id}/dealt/kill")
def kill(
    request: Request,
    tournament_id: str,
    table_no: Annotated[str, Form()] = "",
    cause: Annotated[str, Form()] = "",
) -> Response:
    """Kill a table's hand by the irregularity engine's ruling on a misdeal (its refunds)."""
    tournament_service(request, tournament_id, td_only=True)
    require_td(request)
    with i18n.use_locale(locale_of(request)):
        if not (table_no.isascii() and table_no.isdigit()):
            return flash(request, i18n.gettext("Type the table's number and the seat's number."))
        try:
            events = _dealt(request).kill_hand(tournament_id, int(table_no), cause)
        except PokerfloorError as error:
            return flash(request, str(explain(error)))
        citations = [
            citation
            for event in events
            if isinstance(event, HandStep) and isinstance(event.event, Misdealt)
            for citation in event.event.ruling.citations
        ]
        done = i18n.gettext(
            "Misdeal at table %(table)s: the hand is void, every chip goes back, the same "
            "button deals again (%(citations)s).",
            table=table_no,
            citations=", ".join(citations),
        )
        return flash(request, None, done, trigger="dealt-changed")
