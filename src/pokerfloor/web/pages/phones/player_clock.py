"""The player clock's actions, from the table captain's phone and from the TD's console: time
a player who is thinking, call the clock, the player acted in time ("a agi"), cancel, and, once
time ran out, the ruling with the fact only the table knows: was a bet facing the player?

The commands are ``time_player``, ``call_player_clock`` (``by`` captain or td: a captain's
call before the profile's thinking time is refused, the TD's is not), ``stop_player_clock``
and ``expire_player_clock`` (tournament/_player_clock.py). What the pages show is built by
``_player_clock_view.py`` and worded by ``templates/_player_clock.html``; the console's list is
the live view ``console-player-clocks`` (every second).
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from fastapi import APIRouter, Form, Path, Request
from fastapi.responses import Response

from pokerfloor.app.commands import CallPlayerClock, ExpirePlayerClock, StopPlayerClock, TimePlayer
from pokerfloor.app.service import TournamentService
from pokerfloor.web import i18n
from pokerfloor.web.i18n import N_
from pokerfloor.web.pages.common._citations import citations_text
from pokerfloor.web.pages.common._common import (
    PageError,
    flash,
    locale_of,
    refuse,
    run,
    say,
    tournament_service,
)
from pokerfloor.web.pages.common._forms import whole_number
from pokerfloor.web.pages.common._live import live_view, panel_view
from pokerfloor.web.pages.floor._floor_rulings import reason_words
from pokerfloor.web.pages.phones._player_clock_view import clocks, table_clock
from pokerfloor.web.pages.phones.captain import _captain_pages

__all__ = ["router"]

router = APIRouter()

TableNoPath = Annotated[int, Path(ge=1, le=10_000)]
Text = Annotated[str, Form(max_length=20)]
ACTIONS = ("think", "call", "acted", "cancel", "expire")
NO_SUCH_PAGE = N_("There is no such page.")


def _console_clocks(service: TournamentService, tournament_id: str) -> dict[str, Any]:
    return {"tournament_id": tournament_id, "pclocks": clocks(service, tournament_id)}


live_view(
    "console-player-clocks",
    panel_view("console_player_clocks_live.html", _console_clocks, td_only=True, every_second=True),
)


def console_player_clocks(service: TournamentService, tournament_id: str) -> dict[str, Any]:
    """The console's context for its player-clock panel."""
    return _console_clocks(service, tournament_id)


# ---- one action -----------------------------------------------------------------------------


def _number(text: str, top: int) -> int | None:
    """A seat or table number from 1 to ``top`` typed in a form, else None."""
    number = whole_number(text)
    return number if number is not None and 1 <= number <= top else None


def _act(
    request: Request,
    tournament_id: str,
    table_no: int | None,
    action: str,
    seat_text: str,
    facing: str,
    by: Literal["captain", "td"],
) -> Response:
    """Run one action of the table's clock and say what it did, in the request's language
    (an unknown action is no page; ``table_no`` None: the console's table was not given)."""
    if action not in ACTIONS:
        raise PageError(404, NO_SUCH_PAGE)
    if table_no is None:
        return refuse(request, N_("Choose a table."))
    service = tournament_service(request, tournament_id)
    view = table_clock(service, tournament_id, table_no)
    current = view["clock"]
    if action in ("think", "call"):
        seat_no = _number(seat_text, 10)
        if seat_no is None:
            return refuse(request, N_("Choose the seat of the player who is thinking."))
        # A second tap on "Call the clock": the clock runs already.
        again = current and current["seat_no"] == seat_no and current["phase"] != "thinking"
        if action == "call" and again:
            return flash(request, None, _called_text(request, view["times"], seat_no))
        command = (
            TimePlayer(table_no=table_no, seat_no=seat_no)
            if action == "think"
            else CallPlayerClock(table_no=table_no, seat_no=seat_no, by=by)
        )
        error = run(request, tournament_id, command)
        said = _timed_text if action == "think" else _called_text
        return flash(request, error, said(request, view["times"], seat_no))
    if action in ("acted", "cancel"):
        reason: Literal["acted", "cancelled"] = "acted" if action == "acted" else "cancelled"
        error = run(request, tournament_id, StopPlayerClock(table_no=table_no, reason=reason))
        if action == "acted":
            done = say(request, N_("Clock stopped: the player acted in time."))
        else:
            done = say(request, N_("Clock cancelled."))
        return flash(request, error, done)
    if facing not in ("bet", "none"):
        return refuse(request, N_("Say whether the player was facing a bet."))
    error = run(
        request, tournament_id, ExpirePlayerClock(table_no=table_no, facing_bet=facing == "bet")
    )
    ruled = table_clock(service, tournament_id, table_no)["ruling"]
    return flash(request, error, _ruling_text(request, ruled) if ruled else "")


def _timed_text(request: Request, times: dict[str, Any], seat_no: int) -> str:
    with i18n.use_locale(locale_of(request)):
        if not times["call_after_s"]:
            return i18n.gettext(
                "Seat %(seat)s is timed: the clock may be called once the floor judges the "
                "time reasonable.",
                seat=seat_no,
            )
        return i18n.gettext(
            "Seat %(seat)s is timed: the clock may be called after %(time)s of thinking.",
            seat=seat_no,
            time=i18n.format_duration(times["call_after_s"] * 1000),
        )


def _called_text(request: Request, times: dict[str, Any], seat_no: int) -> str:
    return say(
        request,
        N_("Seat %(seat)s is on the clock: %(action)s s, then a countdown of %(countdown)s s."),
        seat=seat_no,
        action=times["action_s"],
        countdown=times["countdown_s"],
    )


def _ruling_text(request: Request, ruling: dict[str, Any]) -> str:
    with i18n.use_locale(locale_of(request)):
        cited = ", ".join(citations_text(ruling["citations"]))
        return i18n.gettext(
            "Hand %(hand)s, seat %(seat)s (%(name)s): %(ruling)s (%(citations)s).",
            hand=ruling["hand_no"],
            seat=ruling["seat_no"],
            name=ruling["name"],
            # In the request's language, from the ruling's reason code.
            ruling=reason_words(ruling["why"]),
            citations=cited,
        )


# ---- the captain's phone --------------------------------------------------------------------


@router.post("/t/{tournament_id}/table/{table_no}/player-clock/{action}")
def captain_action(
    request: Request,
    tournament_id: str,
    table_no: TableNoPath,
    action: str,
    seat_no: Text = "",
    facing: Text = "",
    key: str = "",
) -> Response:
    """The captain times a player, calls the clock (refused before the profile's thinking
    time), stops or cancels it, or gives the ruling once time ran out."""
    _captain_pages(request, tournament_id, table_no, key)
    return _act(request, tournament_id, table_no, action, seat_no, facing, "captain")


# ---- the TD's console -----------------------------------------------------------------------


@router.post("/t/{tournament_id}/console/player-clock/{action}")
def console_action(
    request: Request,
    tournament_id: str,
    action: str,
    table_no: Text = "",
    seat_no: Text = "",
    facing: Text = "",
) -> Response:
    """The TD's clock at any table (the floor judges the time: never refused as early)."""
    tournament_service(request, tournament_id, td_only=True)
    table = _number(table_no, 10_000)
    return _act(request, tournament_id, table, action, seat_no, facing, "td")
