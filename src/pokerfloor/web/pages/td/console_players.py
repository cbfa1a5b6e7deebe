"""The console's player actions (TD only): a player's dialog opened from the table grid (bust,
bust + rebuy, rebuy, add-on, penalty: only what the rules allow now), the add-ons at the break
ticked at once, and the "undo" of the bust, rebuy or add-on just recorded.

Undo is a reversing event with a reason (``undo_bust``, ``correct_rebuy``): the log only grows.
The page offers it for 30 s and accepts it for a minute after the action (time for a slow
click); after that, and whenever a hand was reported at the table since, the corrections page
asks the TD for the facts instead.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, Response

from pokerfloor.app.commands import (
    Addon,
    Addons,
    BustPlayers,
    CorrectRebuy,
    OpenAddonWindow,
    Rebuy,
    UndoBust,
)
from pokerfloor.app.service import TournamentService
from pokerfloor.tournament.limits import UNDO_OFFERED_MS
from pokerfloor.web import i18n
from pokerfloor.web.i18n import N_
from pokerfloor.web.pages.common._bounty_form import eliminated_by
from pokerfloor.web.pages.common._common import (
    PageError,
    flash,
    locale_of,
    player_name,
    refuse,
    render,
    run,
    say,
    seat_order,
    tournament_service,
)
from pokerfloor.web.pages.common._forms import whole_number
from pokerfloor.web.pages.common._refusals import reason_text, refusal_names
from pokerfloor.web.pages.td.console import REFRESH, Text, TextList

__all__ = ["router"]

router = APIRouter()

UNDO_REASON = N_("Undone from the console right after it was recorded")


def _player(service: TournamentService, tournament_id: str, player_id: str) -> dict[str, Any]:
    """The player as the players list has them (404 for an unknown one)."""
    for player in service.players_list(tournament_id)["players"]:
        if player["player_id"] == player_id:
            return dict(player)
    raise PageError(404, N_("There is no such player."))


def _entry_note(service: TournamentService, tournament_id: str, player_id: str) -> str:
    """Why neither a rebuy nor an add-on is possible now, in the page's language."""
    now = service.clock()
    refusal = service.read(
        tournament_id, lambda t: t.add_ons.rebuy_or_addon_refusal(player_id, now)
    )
    if refusal is None:
        return ""
    return reason_text(refusal, refusal_names(service, tournament_id))


@router.get("/t/{tournament_id}/console/player/{player_id}")
def player_dialog(request: Request, tournament_id: str, player_id: str) -> Response:
    """The actions for one player, opened from the table grid."""
    service = tournament_service(request, tournament_id, td_only=True)
    player = _player(service, tournament_id, player_id)
    busted_rebuyer = player["status"] == "busted" and player["may_rebuy"]
    if player["status"] != "playing" and not busted_rebuyer:
        raise PageError(404, N_("There is no such player."))
    # "Bust + rebuy" is judged as a rebuy at the bust: the rebuy period and the limit only,
    # whatever the stack now (the engine decides again when it is recorded).
    now = service.clock()
    player["may_bust_rebuy"] = bool(player["table_no"]) and service.read(
        tournament_id,
        lambda t: t.desk.rebuy_refusal(player_id, now, hand_recorded=True, at_bust=True) is None,
    )
    others = []
    if player["table_no"]:
        chart = service.seating_chart(tournament_id)
        table = next(t for t in chart["tables"] if t["table_no"] == player["table_no"])
        others = [seat for seat in table["seats"] if seat["player_id"] != player_id]
    return render(
        request,
        "console_player.html",
        tournament_id=tournament_id,
        player=player,
        others=others,
        entry_note=_entry_note(service, tournament_id, player_id),
    )


def _stacks(names: list[str], typed: list[str]) -> dict[str, int] | None:
    """The starting stacks typed next to the players (empty boxes skipped); None when one is
    not a whole number."""
    stacks: dict[str, int] = {}
    for player_id, text in zip(names, typed, strict=False):
        if not text.strip():
            continue
        chips = whole_number(text, signed=True)
        if chips is None or chips < 0:
            return None
        stacks[player_id] = chips
    return stacks


def _done(
    request: Request, tournament_id: str, done: str, kind: str, players: list[str], at_ms: int
) -> HTMLResponse:
    """The confirmation with its "undo" button; the tables and lists reload."""
    # Offered as long as the core says (tournament/limits.py), which refuses it after its window.
    undo = {"kind": kind, "players": players, "at_ms": at_ms, "seconds": UNDO_OFFERED_MS // 1000}
    response = render(
        request, "_flash.html", error=None, done=done, undo=undo, tournament_id=tournament_id
    )
    response.headers["HX-Trigger"] = REFRESH
    return response


@router.post("/t/{tournament_id}/console/bust")
def bust(
    request: Request,
    tournament_id: str,
    table_no: Text = "",
    player: TextList = None,
    stack_for: TextList = None,
    stack: TextList = None,
    then: Text = "",
    knockout: TextList = None,
) -> Response:
    """One or several players of a table busted in the same hand, with their starting stacks
    when known (the bigger ranks higher; without them they tie). A stack typed for a player
    not ticked is passed on, so the service refuses it rather than ignoring a slip. ``then``
    ``rebuy`` ("bust + rebuy"): the ticked players rebuy at once and keep their seats.
    ``knockout``: a bounty tournament's collectors of each bust (_bounty_form.py)."""
    service = tournament_service(request, tournament_id, td_only=True)
    table = whole_number(table_no, signed=True)
    if table is None:
        return refuse(request, N_("Choose a table."))
    busted = list(dict.fromkeys(player or []))
    if not busted:
        return refuse(request, N_("Tick at least one busted player."))
    stacks = _stacks(stack_for or [], stack or [])
    if stacks is None:
        return refuse(request, N_("A starting stack is a whole number of chips."))
    at_ms = service.clock()
    error = run(
        request,
        tournament_id,
        BustPlayers(
            table_no=table,
            players=tuple(busted),
            starting_stacks=stacks,
            rebuys=tuple(busted) if then == "rebuy" else (),
            eliminated_by=eliminated_by(knockout, busted, busted if then == "rebuy" else []),
        ),
    )
    if error is not None:
        return flash(request, error)
    if then == "rebuy":
        names = ", ".join(player_name(service, tournament_id, p) for p in busted)
        done = say(request, N_("Bust and rebuy recorded: %(names)s keep(s) the seat."), names=names)
        return _done(request, tournament_id, done, "bust", busted, at_ms)
    places = {row["player_id"]: row["place"] for row in service.results(tournament_id)["ranking"]}
    names = ", ".join(
        say(
            request,
            N_("%(name)s (place %(place)s)"),
            name=player_name(service, tournament_id, player_id),
            place=places.get(player_id, "?"),
        )
        for player_id in busted
    )
    done = say(
        request, N_("Bust recorded at table %(table)s: %(names)s."), table=table, names=names
    )
    return _done(request, tournament_id, done, "bust", busted, at_ms)


ENTRY_DONE = {
    "rebuy": N_("Rebuy recorded for %(name)s."),
    "addon": N_("Add-on recorded for %(name)s."),
}


def _entry(request: Request, tournament_id: str, player_id: str, kind: str) -> Response:
    service = tournament_service(request, tournament_id, td_only=True)
    if not player_id:
        return refuse(request, N_("Choose a player."))
    at_ms = service.clock()
    command = Rebuy(player_id=player_id) if kind == "rebuy" else Addon(player_id=player_id)
    error = run(request, tournament_id, command)
    if error is not None:
        return flash(request, error)
    name = player_name(service, tournament_id, player_id)
    done = say(request, ENTRY_DONE[kind], name=name)
    return _done(request, tournament_id, done, kind, [player_id], at_ms)


@router.post("/t/{tournament_id}/console/rebuy")
def rebuy(request: Request, tournament_id: str, player_id: Text = "") -> Response:
    return _entry(request, tournament_id, player_id, "rebuy")


@router.post("/t/{tournament_id}/console/addon")
def addon(request: Request, tournament_id: str, player_id: Text = "") -> Response:
    return _entry(request, tournament_id, player_id, "addon")


@router.get("/t/{tournament_id}/console/addons")
def addons_dialog(request: Request, tournament_id: str) -> Response:
    """Every player who may take an add-on now, to tick at the break; why the others may not
    (the window not open yet or closed since, the add-on taken, the double add-on's limit),
    and, while the window is shut, the TD's way to open it by hand with a reason."""
    service = tournament_service(request, tournament_id, td_only=True)
    listed = service.players_list(tournament_id)["players"]
    players = sorted((p for p in listed if p["may_addon"]), key=seat_order)
    now = service.clock()
    names = refusal_names(service, tournament_id)
    in_play = sorted((p for p in listed if p["status"] == "playing"), key=seat_order)
    asked = [p["player_id"] for p in in_play if not p["may_addon"]]
    refusals = service.read(
        tournament_id, lambda t: {player: t.add_ons.refusal(player, now) for player in asked}
    )
    window = None
    refused: list[dict[str, str]] = []
    with i18n.use_locale(locale_of(request)):
        for player in in_play:
            refusal = refusals.get(player["player_id"])
            if refusal is None:
                continue
            if refusal.params.get("reason") in ("not_open", "closed"):
                window = window or reason_text(refusal, names)
            else:
                refused.append({"name": player["name"], "why": reason_text(refusal, names)})
    return render(
        request, "console_addons.html", tournament_id=tournament_id, players=players,
        window_note=window, refused=refused,
    )  # fmt: skip


@router.post("/t/{tournament_id}/console/addons/open")
def open_addon_window(request: Request, tournament_id: str, reason: Text = "") -> Response:
    """The TD opens the add-on window by hand (a correction, with its reason)."""
    tournament_service(request, tournament_id, td_only=True)
    if not reason.strip():
        return refuse(request, N_("Say why the add-on window is opened by hand."))
    error = run(request, tournament_id, OpenAddonWindow(reason=reason.strip()))
    done = say(request, N_("The add-on window is open until the end of this level or break."))
    return flash(request, error, done, trigger=REFRESH)


@router.post("/t/{tournament_id}/console/addons")
def addons(request: Request, tournament_id: str, player: TextList = None) -> Response:
    """The add-ons ticked at the break, all or none (one refused: nothing is recorded)."""
    tournament_service(request, tournament_id, td_only=True)
    ticked = list(dict.fromkeys(player or []))
    if not ticked:
        return refuse(request, N_("Tick at least one player for an add-on."))
    error = run(request, tournament_id, Addons(players=tuple(ticked)))
    with i18n.use_locale(locale_of(request)):
        done = i18n.ngettext(
            "Add-on recorded for %(num)s player.", "Add-ons recorded for %(num)s players.",
            len(ticked),
        )  # fmt: skip
    return flash(request, error, done, trigger=REFRESH)


UNDONE = {
    "bust": N_("Bust undone: %(names)s back at the seat."),
    "rebuy": N_("Rebuy undone for %(names)s."),
    "addon": N_("Add-on undone for %(names)s."),
}


@router.post("/t/{tournament_id}/console/undo")
def undo(
    request: Request,
    tournament_id: str,
    kind: Text = "",
    at_ms: Text = "",
    player: TextList = None,
) -> Response:
    """Undo the bust, rebuy or add-on the console just recorded (a reversing event with its
    reason); the core refuses it once its window has passed (``UNDO_TOO_LATE``: the
    corrections page takes over)."""
    service = tournament_service(request, tournament_id, td_only=True)
    players = list(dict.fromkeys(player or []))
    done_at = whole_number(at_ms, signed=True)
    if kind not in UNDONE or not players or done_at is None or done_at < 0:
        return refuse(request, N_("Nothing to undo."))
    reason = say(request, UNDO_REASON)
    if kind == "bust":
        command = UndoBust(players=tuple(players), reason=reason, done_at_ms=done_at)
        error = run(request, tournament_id, command)
    else:
        error = None
        for player_id in players:
            undone = CorrectRebuy(player_id=player_id, reason=reason, done_at_ms=done_at)
            error = run(request, tournament_id, undone)
            if error is not None:
                break
    names = ", ".join(player_name(service, tournament_id, p) for p in players)
    return flash(request, error, say(request, UNDONE[kind], names=names), trigger=REFRESH)
