"""The TD's console for dealt tables (on the TD's dealt page ``/t/{id}/dealt``, 1366x768).

Every table's hand in progress (hand, street, pot, whose turn, the time left; paused, waiting
for a move, hand-for-hand waiting for the round), refreshed every two seconds; pause or resume
one table or all (a paused table plays nothing, its action clock stops); move a player (made
between hands: a move asked mid-hand waits for both tables' hands to end); the log of every
look at the hole cards (who, when). Built from the public view: no hole card on this page;
the TD's view of a table (``/t/{id}/dealt/table/{n}/td``) shows them and is logged. A
dispute ruled as a correction of a hand's stacks with its reason (``dealt/dispute``), and the
list of rulings.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Form, Request
from fastapi.responses import Response

from pokerfloor.app._dealt_floor import MISDEAL_CAUSES
from pokerfloor.app.dealt_service import DealtService
from pokerfloor.dealt import HandStep
from pokerfloor.dealt.disputes import DisputeRuled, DisputeSettled
from pokerfloor.dealt.mode import MoveAsked
from pokerfloor.dealt.views import public_view
from pokerfloor.errors import PokerfloorError
from pokerfloor.hand import Misdealt
from pokerfloor.web import i18n
from pokerfloor.web.floor_text import ruling_steps
from pokerfloor.web.pages.common._common import (
    flash,
    locale_of,
    render,
    require_td,
    tournament_service,
)
from pokerfloor.web.pages.common._refusals import explain

__all__ = ["disputes_context", "hands_context", "router"]

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
            {no: t.hands.round_waits_for(no) for no in t.tables},
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
        "disputes": disputes_context(dealt, tournament_id, names)[:20],
        "dispute_lines": DISPUTE_LINES,
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
        wrong = _wrong_seat(request, tournament_id, int(numbers[0]), int(numbers[1]))
        if wrong:
            return flash(request, wrong)
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


def _wrong_seat(request: Request, tournament_id: str, table_no: int, seat_no: int) -> str:
    """Why the seat cannot take a player, said at once: a move to a table or a seat that does
    not exist was accepted as waiting for the hands' end, then dropped without a word."""
    tables, names = tournament_service(request, tournament_id).read(
        tournament_id,
        lambda t: (
            {no: (table.size, dict(table.seats)) for no, table in t.tables.items()},
            {p.player_id: p.name for p in t.players.values()},
        ),
    )
    if table_no not in tables:
        return i18n.gettext(
            "There is no table %(table)s: the tables in play are %(tables)s.",
            table=table_no,
            tables=", ".join(str(no) for no in sorted(tables)),
        )
    size, seats = tables[table_no]
    if seat_no > size:
        return i18n.gettext("Table %(table)s has seats 1 to %(size)s.", table=table_no, size=size)
    if seat_no in seats:
        taken = seats[seat_no]
        return i18n.gettext(
            "Seat %(seat)s at table %(table)s is taken (%(name)s): choose a free seat.",
            seat=seat_no,
            table=table_no,
            name=names.get(taken, taken),
        )
    return ""


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
        rulings = [
            event.event.ruling
            for event in events
            if isinstance(event, HandStep) and isinstance(event.event, Misdealt)
        ]
        done = i18n.gettext(
            "Misdeal at table %(table)s: the hand is void, every chip goes back, the same "
            "button deals again (%(citations)s).",
            table=table_no,
            citations=", ".join(c for ruling in rulings for c in ruling.citations),
        )
        # The floor's steps, rebuilt in the page's language from their stored keys.
        lang = i18n.current_locale()
        done = " ".join([done, *(text for r in rulings for text in ruling_steps(r, lang))])
        return flash(request, None, done, trigger="dealt-changed")


DISPUTE_LINES = 4  # players a ruling names at most on the form (a split pot, a side pot)


@router.post("/t/{tournament_id}/dealt/dispute")
async def dispute(request: Request, tournament_id: str) -> Response:
    """Rule on a dispute: chips moved between players' stacks for a hand, with the reason
    (``DealtService.rule_dispute``; the hand in progress needs the table paused)."""
    tournament_service(request, tournament_id, td_only=True)
    require_td(request)
    form = await request.form()

    def field(name: str) -> str:
        value = form.get(name, "")
        return value.strip() if isinstance(value, str) else ""

    with i18n.use_locale(locale_of(request)):
        table_no, hand_no = field("table_no"), field("hand_no")
        if not (table_no.isascii() and table_no.isdigit() and 0 < int(table_no) < 1000):
            return flash(request, i18n.gettext("Type the table's number."))
        if hand_no and not (hand_no.isascii() and hand_no.isdigit() and len(hand_no) < 9):
            return flash(request, i18n.gettext("Type the hand's number, or leave it empty."))
        transfers: dict[str, int] = {}
        for line in range(1, DISPUTE_LINES + 1):
            player, chips = field(f"player_{line}"), field(f"chips_{line}").replace(" ", "")
            if not player or not chips:
                continue
            digits = chips.removeprefix("+").removeprefix("-")
            if not (digits.isascii() and digits.isdigit() and len(digits) < 13):
                return flash(request, i18n.gettext("Type the chips as +150 or -150."))
            transfers[player] = transfers.get(player, 0) + int(chips.removeprefix("+"))
        dealt = _dealt(request)
        client = request.client
        by = f"TD ({client.host if client else '?'})"
        try:
            number = int(hand_no) if hand_no else dealt.table(tournament_id, int(table_no)).hand_no
            ruling = dealt.rule_dispute(
                tournament_id, int(table_no), number, transfers, field("reason"), by
            )
        except PokerfloorError as error:
            return flash(request, str(explain(error)))
        if ruling.applied:
            done = i18n.gettext(
                "Ruling recorded for hand %(hand)s at table %(table)s: the stacks are "
                "corrected (%(citations)s).",
                hand=ruling.hand_no,
                table=ruling.table_no,
                citations=", ".join(ruling.citations),
            )
        else:
            done = i18n.gettext(
                "Ruling recorded for hand %(hand)s at table %(table)s: the stacks are corrected "
                "once the hand is over (%(citations)s).",
                hand=ruling.hand_no,
                table=ruling.table_no,
                citations=", ".join(ruling.citations),
            )
        return flash(request, None, done, trigger="dealt-changed")


def disputes_context(
    dealt: DealtService, tournament_id: str, names: dict[str, str]
) -> list[dict[str, Any]]:
    """The rulings on disputes, newest first, with how those made during a hand settled."""
    events = dealt.disputes(tournament_id)
    settled = {(e.table_no, e.hand_no): e for e in events if isinstance(e, DisputeSettled)}
    rows = []
    for event in reversed(events):
        if not isinstance(event, DisputeRuled):
            continue
        outcome = settled.get((event.table_no, event.hand_no))
        state = (
            "applied"
            if event.applied or (outcome is not None and outcome.applied)
            else "waiting"
            if outcome is None
            else "refused"
        )
        rows.append(
            {
                "table_no": event.table_no,
                "hand_no": event.hand_no,
                "transfers": [
                    (names.get(player, player), chips) for player, chips in event.transfers
                ],
                "reason": event.reason,
                "by": event.by,
                "at_ms": event.at_ms,
                "citations": ", ".join(event.citations),
                "state": state,
                "code": outcome.code if outcome is not None else "",
            }
        )
    return rows
