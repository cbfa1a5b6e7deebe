"""The registration desk (TD only): add players, take payments, unregister, re-entries,
arrivals, the waiting list, the seat draw and the printed seat cards.

The list of players is filtered by a search box, a state the server's live socket does not
know; so the ``desk`` live view pushes no list but a small trigger (``#desk-refresh``) that
makes the page fetch ``/desk/players`` again with its own search, the side panels coming along
as out-of-band swaps. Going through an htmx request also keeps the keyboard focus on the button
the TD was on (htmx puts it back on the element with the same id). The forms that hold typed
text (add a player, the reason to unregister) sit outside the refreshed parts.
"""

from __future__ import annotations

import re
import unicodedata
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import Response

from pokerfloor.app import read_models
from pokerfloor.app.commands import (
    Arrive,
    DrawSeats,
    PlaceButtons,
    RecordPayment,
    Reenter,
    RegisterLate,
    RegisterPlayer,
    ReleaseAbsentSeats,
    SeatAlternates,
    Unregister,
)
from pokerfloor.app.service import TournamentService
from pokerfloor.tournament.state import Tournament
from pokerfloor.web import i18n
from pokerfloor.web.i18n import N_
from pokerfloor.web.pages.common._common import (
    flash,
    locale_of,
    player_name,
    refuse,
    render,
    run,
    say,
    tournament_service,
)
from pokerfloor.web.pages.common._forms import FormText
from pokerfloor.web.pages.common._live import live_view, panel_view

__all__ = [
    "PAYMENT_METHODS",
    "derive_player_id",
    "desk_state",
    "fold",
    "router",
    "seat_cards",
]

router = APIRouter()

DONE = "desk-done"  # the event (HX-Trigger) that clears a form once its action succeeded

PAYMENT_METHODS = {
    "cash": N_("Cash"),
    "card": N_("Card"),
    "transfer": N_("Transfer"),
    "other": N_("Other"),
}
_ID_LENGTH = 64
_NOT_ID = re.compile(r"[^A-Za-z0-9]+")


# ---- names and ids --------------------------------------------------------------------------


def fold(text: str) -> str:
    """``text`` without case or accents: what search and alphabetical order compare."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return "".join(char for char in decomposed if not unicodedata.combining(char))


def derive_player_id(name: str, taken: set[str]) -> str:
    """An id from the name that matches the commands' id pattern (``Émilie Dupont`` ->
    ``emilie-dupont``), with ``-2``, ``-3``... when taken. ``taken`` holds lower-case ids:
    ``Marie`` and ``marie`` would be two players the desk could not tell apart."""
    ascii_name = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode()
    base = _NOT_ID.sub("-", ascii_name).strip("-").lower()[: _ID_LENGTH - 8].strip("-")
    base = base or "player"
    candidate, number = base, 2
    while candidate in taken:
        candidate, number = f"{base}-{number}", number + 1
    return candidate


def _taken_ids(tournament: Tournament) -> set[str]:
    """Every id the tournament ever used: an unregistered player's id is not given again, so
    the event log never mixes two people under one id."""
    ids = set(tournament.players) | set(tournament.desk.waiting_list)
    for event in tournament.events:
        player_id = getattr(event, "player_id", None)
        if isinstance(player_id, str):
            ids.add(player_id)
    return {player_id.lower() for player_id in ids}


# ---- what the desk shows --------------------------------------------------------------------


def _status(player: dict[str, Any], drawn: bool) -> tuple[str, dict[str, Any]]:
    """The player's status as a message to translate and its values."""
    if player["status"] == "withdrawn":
        return N_("seat given away"), {}
    if player["status"] == "busted":
        return N_("busted, place %(place)s"), {"place": player["place"]}
    if not player["present"]:
        return N_("not here yet"), {}
    return (N_("playing"), {}) if drawn else (N_("registered"), {})


def desk_state(service: TournamentService, tournament_id: str) -> dict[str, Any]:
    """Everything the desk shows, as a template context (``rows``: every player and every
    waiting player, in alphabetical order), read in one view under the tournament's lock."""
    now = service.clock()
    return service.read(tournament_id, lambda tournament: _desk_state(tournament, now))


def _desk_state(tournament: Tournament, now: int) -> dict[str, Any]:
    tournament_id = tournament.created.tournament_id
    listed = read_models.players_list(tournament, now)
    drawn = bool(tournament.tables)
    finished = tournament.finished is not None
    entry = tournament.structure.entry
    unpaid = read_models.cash_book(tournament)["unpaid"]
    owed = {account["player_id"]: account["owed_cents"] for account in unpaid}
    rows: list[dict[str, Any]] = []
    for player in listed["players"]:
        status, values = _status(player, drawn)
        absent = player["status"] == "playing" and not player["present"]
        busted = player["status"] == "busted"
        rows.append(
            {
                **player,
                "status_text": status,
                "status_values": values,
                "waiting_rank": None,
                "owed_cents": owed.get(player["player_id"], 0),
                "can_pay": not finished,
                "can_unregister": not drawn and not finished,
                "can_arrive": not finished and absent,
                "can_reenter": not finished
                and busted
                and tournament.desk.reentry_refusal(player["player_id"], now) is None,
                "can_change_seat": not finished
                and player["status"] == "playing"
                and player["seat_no"] is not None,
            }
        )
    waiting = listed["waiting_list"]
    for rank, player in enumerate(waiting, start=1):
        rows.append(
            {
                **player,
                "status_text": N_("waiting list, %(rank)s"),
                "status_values": {"rank": rank},
                "waiting_rank": rank,
                "table_no": None,
                "seat_no": None,
                "paid": False,
                "payment_method": "",
                "owed_cents": 0,
                "entries": 0,
                "can_pay": False,
                "can_unregister": not finished,
                "can_arrive": False,
                "can_reenter": False,
                "can_change_seat": False,
            }
        )
    rows.sort(key=lambda row: (fold(row["name"]), row["player_id"]))
    players = listed["players"]
    in_play = [p for p in players if p["status"] == "playing"]
    rule = tournament.profile.enum_value("late_registration.absent_seat_released")
    unbuttoned = tournament.tables.awaiting_button()  # the core's query, as place_buttons
    return {
        "tournament_id": tournament_id,
        "rows": rows,
        "waiting": waiting,
        "drawn": drawn,
        "finished": finished,
        "registered": len(players),
        "in_play": len(in_play),
        "absent": sum(1 for p in in_play if not p["present"]),
        "paid": sum(1 for p in players if p["paid"]),
        "max_players": tournament.max_players,
        "tables": len([t for t in tournament.tables.values() if t.seats]),
        "late_open": drawn and not finished and tournament.desk.late_registration_open(now),
        "late_until_level": entry.late_registration_until_level,
        "late_minutes": entry.late_registration_minutes,
        "can_seat_waiting": drawn and not finished and bool(waiting),
        "can_release": not finished and tournament.desk.release_refusal() is None,
        "release_rule": rule,
        "unbuttoned": unbuttoned,
        "methods": PAYMENT_METHODS,
        "unpaid": unpaid,
    }


def matches(row: dict[str, Any], query: str) -> bool:
    """Whether a row answers the search: every word in the name or the id, without accents."""
    haystack = fold(f"{row['name']} {row['player_id']}")
    return all(word in haystack for word in fold(query).split())


def seat_cards(service: TournamentService, tournament_id: str, order: str) -> list[dict[str, Any]]:
    """Every seated player in play, by name or (``order="table"``) by table and seat."""
    seated = [
        player
        for player in service.players_list(tournament_id)["players"]
        if player["status"] == "playing" and player["seat_no"] is not None
    ]
    if order == "table":
        seated.sort(key=lambda p: (p["table_no"], p["seat_no"]))
    else:
        seated.sort(key=lambda p: (fold(p["name"]), p["player_id"]))
    return seated


def _trigger(service: TournamentService, tournament_id: str) -> dict[str, Any]:
    return {"tournament_id": tournament_id, "version": service.version(tournament_id)}


live_view("desk", panel_view("desk_refresh.html", _trigger, td_only=True))


# ---- pages ----------------------------------------------------------------------------------


@router.get("/t/{tournament_id}/desk")
def desk_page(request: Request, tournament_id: str, q: str = "") -> Response:
    service = tournament_service(request, tournament_id, td_only=True)
    state = desk_state(service, tournament_id)
    query = q[:200]
    shown = [row for row in state["rows"] if matches(row, query)]
    return render(request, "desk.html", query=query, shown=shown, **state)


@router.get("/t/{tournament_id}/desk/players")
def players_panel(request: Request, tournament_id: str, q: str = "") -> Response:
    """The players matching the search, with the side panels as out-of-band swaps."""
    service = tournament_service(request, tournament_id, td_only=True)
    state = desk_state(service, tournament_id)
    query = q[:200]
    shown = [row for row in state["rows"] if matches(row, query)]
    return render(request, "desk_panels.html", query=query, shown=shown, **state)


@router.get("/t/{tournament_id}/desk/unregister-form")
def unregister_form(request: Request, tournament_id: str, player_id: str = "") -> Response:
    service = tournament_service(request, tournament_id, td_only=True)
    return render(
        request,
        "desk_unregister.html",
        tournament_id=tournament_id,
        player_id=player_id,
        name=player_name(service, tournament_id, player_id),
    )


@router.get("/t/{tournament_id}/seat-cards")
def seat_cards_page(
    request: Request, tournament_id: str, order: str = "name", part: str = ""
) -> Response:
    """Printable: a big card per seated player, then the seating list by name for the wall
    (``part=cards`` or ``part=list`` prints only one of them)."""
    service = tournament_service(request, tournament_id, td_only=True)
    chosen = "table" if order == "table" else "name"
    return render(
        request,
        "seat_cards.html",
        tournament_id=tournament_id,
        order=chosen,
        part=part if part in ("cards", "list") else "",
        cards=seat_cards(service, tournament_id, chosen),
        by_name=seat_cards(service, tournament_id, "name"),
    )


# ---- actions --------------------------------------------------------------------------------


def _answer(request: Request, error: str | None, done: str = "") -> Response:
    """The flash: the refusal or the confirmation; on success the form that asked is told
    (``desk-done``) so that it clears itself."""
    return flash(request, error, done, trigger=DONE)


def _where(service: TournamentService, tournament_id: str, player_id: str) -> tuple[int, int]:
    def build(tournament: Tournament) -> tuple[int, int]:
        seat = tournament.players[player_id].seat
        return (seat.table_no, seat.seat_no) if seat else (0, 0)

    return service.read(tournament_id, build)


@router.post("/t/{tournament_id}/desk/add")
def add_player(
    request: Request,
    tournament_id: str,
    name: FormText = "",
    player_id: FormText = "",
    absent: FormText = "",
) -> Response:
    """Register before the draw, late registration after it (seated at once or on the
    waiting list when the field is full)."""
    service = tournament_service(request, tournament_id, td_only=True)
    name = " ".join(name.split())
    if not name:
        return refuse(request, N_("Enter the player's name."))
    taken, drawn = service.read(tournament_id, lambda t: (_taken_ids(t), bool(t.tables)))
    chosen = player_id.strip() or derive_player_id(name, taken)
    if drawn:
        error = run(request, tournament_id, RegisterLate(player_id=chosen, name=name))
    else:
        present = not absent
        error = run(
            request, tournament_id, RegisterPlayer(player_id=chosen, name=name, present=present)
        )
    if error is not None:
        return _answer(request, error)
    rank, present = service.read(tournament_id, lambda t: _added(t, chosen))
    if rank is not None:
        done = say(
            request,
            N_("The field is full: %(name)s (%(id)s) is on the waiting list, %(rank)s."),
            name=name,
            id=chosen,
            rank=rank,
        )
    elif drawn:
        table_no, seat_no = _where(service, tournament_id, chosen)
        done = say(
            request,
            N_("%(name)s registered (%(id)s): table %(table)s, seat %(seat)s."),
            name=name,
            id=chosen,
            table=table_no,
            seat=seat_no,
        )
    elif not present:
        done = say(request, N_("%(name)s registered (%(id)s), not here yet."), name=name, id=chosen)
    else:
        done = say(request, N_("%(name)s registered (%(id)s)."), name=name, id=chosen)
    return _answer(request, None, done)


def _added(tournament: Tournament, player_id: str) -> tuple[int | None, bool]:
    """The new player's rank on the waiting list (None: not on it), and whether present."""
    if player_id in tournament.desk.waiting_list:
        return list(tournament.desk.waiting_list).index(player_id) + 1, False
    return None, tournament.players[player_id].present


@router.post("/t/{tournament_id}/desk/pay")
def pay(
    request: Request,
    tournament_id: str,
    player_id: FormText = "",
    paid: FormText = "yes",
    method: FormText = "",
) -> Response:
    service = tournament_service(request, tournament_id, td_only=True)
    name = player_name(service, tournament_id, player_id)
    if paid != "yes":
        error = run(request, tournament_id, RecordPayment(player_id=player_id, paid=False))
        return _answer(request, error, say(request, N_("%(name)s: not paid."), name=name))
    if method not in PAYMENT_METHODS:
        return refuse(request, N_("Choose how the player paid."))
    error = run(
        request, tournament_id, RecordPayment(player_id=player_id, paid=True, method=method)
    )
    label = say(request, PAYMENT_METHODS[method])
    return _answer(
        request, error, say(request, N_("%(name)s: paid (%(method)s)."), name=name, method=label)
    )


@router.post("/t/{tournament_id}/desk/unregister")
def unregister(
    request: Request, tournament_id: str, player_id: FormText = "", reason: FormText = ""
) -> Response:
    """Before the draw (or off the waiting list at any time); the engine refuses after it."""
    service = tournament_service(request, tournament_id, td_only=True)
    reason = " ".join(reason.split())
    if not reason:
        return refuse(request, N_("Give the reason."))
    name = player_name(service, tournament_id, player_id)
    error = run(request, tournament_id, Unregister(player_id=player_id, reason=reason))
    return _answer(request, error, say(request, N_("%(name)s unregistered."), name=name))


@router.post("/t/{tournament_id}/desk/reenter")
def reenter(request: Request, tournament_id: str, player_id: FormText = "") -> Response:
    service = tournament_service(request, tournament_id, td_only=True)
    error = run(request, tournament_id, Reenter(player_id=player_id))
    if error is not None:
        return _answer(request, error)
    table_no, seat_no = _where(service, tournament_id, player_id)
    done = say(
        request,
        N_("Re-entry for %(name)s: table %(table)s, seat %(seat)s."),
        name=player_name(service, tournament_id, player_id),
        table=table_no,
        seat=seat_no,
    )
    return _answer(request, None, done)


@router.post("/t/{tournament_id}/desk/arrive")
def arrive(request: Request, tournament_id: str, player_id: FormText = "") -> Response:
    service = tournament_service(request, tournament_id, td_only=True)
    error = run(request, tournament_id, Arrive(player_id=player_id))
    name = player_name(service, tournament_id, player_id)
    return _answer(request, error, say(request, N_("%(name)s is here."), name=name))


@router.post("/t/{tournament_id}/desk/seat-waiting")
def seat_waiting(request: Request, tournament_id: str) -> Response:
    service = tournament_service(request, tournament_id, td_only=True)
    before = service.read(tournament_id, lambda t: list(t.desk.waiting_list))
    # Before the draw the core refuses (``SEATS_NOT_DRAWN``): nothing to seat them at.
    error = run(request, tournament_id, SeatAlternates())
    if error is not None:
        return _answer(request, error)
    seated = service.read(tournament_id, lambda t: [p for p in before if p in t.players])
    with i18n.use_locale(locale_of(request)):
        if seated:
            done = i18n.ngettext(
                "%(num)s player seated from the waiting list.",
                "%(num)s players seated from the waiting list.",
                len(seated),
            )
        else:
            done = i18n.gettext("Nobody seated: the field is full or late registration is over.")
    return _answer(request, None, done)


@router.post("/t/{tournament_id}/desk/release-absent")
def release_absent(request: Request, tournament_id: str) -> Response:
    service = tournament_service(request, tournament_id, td_only=True)
    absent = service.read(
        tournament_id, lambda t: [p.player_id for p in t.in_play() if not p.present]
    )
    error = run(request, tournament_id, ReleaseAbsentSeats())
    if error is not None:
        return _answer(request, error)
    released = service.read(
        tournament_id, lambda t: [player for player in absent if not t.players[player].in_play]
    )
    with i18n.use_locale(locale_of(request)):
        if released:
            done = i18n.ngettext(
                "%(num)s absent player's seat released.",
                "%(num)s absent players' seats released.",
                len(released),
            )
        else:
            done = i18n.gettext("No absent player's seat can be released yet.")
    return _answer(request, None, done)


@router.post("/t/{tournament_id}/desk/draw")
def draw(request: Request, tournament_id: str) -> Response:
    """The seat draw, then every table's first button."""
    service = tournament_service(request, tournament_id, td_only=True)
    error = run(request, tournament_id, DrawSeats()) or run(request, tournament_id, PlaceButtons())
    if error is not None:
        return _answer(request, error)
    tables, players = service.read(tournament_id, lambda t: (len(t.tables), len(t.players)))
    with i18n.use_locale(locale_of(request)):
        done = i18n.ngettext(
            "Seats drawn: %(players)s players at %(num)s table.",
            "Seats drawn: %(players)s players at %(num)s tables.",
            tables,
            players=players,
        )
    return _answer(request, None, done)


@router.post("/t/{tournament_id}/desk/buttons")
def buttons(request: Request, tournament_id: str) -> Response:
    """The first button of a table that has none (a table opened by late registration)."""
    tournament_service(request, tournament_id, td_only=True)
    error = run(request, tournament_id, PlaceButtons())
    return _answer(request, error, say(request, N_("First buttons drawn.")))
