"""The big clock screen (public): for a TV in the room, readable from ten metres.

Everything on it comes from the server: the page shows the screen as rendered now, then the
``clock`` live view pushes it again every second and after every event, so the time is always
the server's (right after a reconnect or a server restart, never a drifting browser timer).
``static/clock.js`` only signals a level change (a flash and a short tone) and drives the
fullscreen and sound buttons. Nothing on this screen is hidden information.

The payouts shown are what each paid place would get if the prize pool stopped growing now,
by the scheme chosen at set-up (the read model's ``payouts_cents``): being part of the pushed
screen, they follow every late registration, rebuy and add-on.

The TD's view: with the TD's sign-in, the bar also shows the open floor calls' badge (how many,
the newest table; no reason) from its own live view, ``clock-calls``, which closes for anyone
else: the public screen and its ``clock`` view never carry a floor call.

The room's screen (issue 13, item 6): the club's name or logo and the TD's message line
(tournament events, ``set_room_screen`` / ``set_room_logo``: they survive a restart), set from
the TD's "Room screen" panel in the bar; the time of day (the server's clock and time zone);
the chips in play at the current level, by colour and value (``_room_screen.py``), with their
total. ``clock.js`` plays ``sounds/level-change.wav`` at a new level or break and
``sounds/one-minute.wav`` a minute before it, once each per period, after "Enable sound".
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, File, Request, UploadFile
from fastapi.responses import Response

from pokerfloor.app.commands import SetRoomLogo, SetRoomScreen
from pokerfloor.tournament.chiprace import chip_race_due
from pokerfloor.tournament.limits import (
    MAX_CLUB_NAME_LENGTH,
    MAX_LOGO_BYTES,
    MAX_SCREEN_MESSAGE_LENGTH,
)
from pokerfloor.tournament.structure import ChipDenomination, Structure
from pokerfloor.web.i18n import N_
from pokerfloor.web.pages.common._common import (
    Pages,
    flash,
    is_td,
    pages_of,
    refuse,
    render,
    render_fragment,
    run,
    say,
    tournament_service,
)
from pokerfloor.web.pages.common._forms import FormText
from pokerfloor.web.pages.common._live import LiveView, live_view, panel_view
from pokerfloor.web.pages.floor._floor_calls import floor_calls
from pokerfloor.web.pages.screens._room_screen import chips_in_play, logo_url

__all__ = ["chip_race_announcement", "clock_screen", "payouts_panel", "router"]

router = APIRouter()

# Amounts listed on the payouts line: read from ten metres, it must stay about one line.
SHOWN_PAYOUTS = 4


def _chips(chips: tuple[ChipDenomination, ...]) -> list[dict[str, Any]]:
    return [
        {"value": chip.value, "colour_fr": chip.colour_fr, "colour_en": chip.colour_en}
        for chip in chips
    ]


def chip_race_announcement(screen: dict[str, Any], structure: Structure) -> dict[str, Any] | None:
    """The chip race to announce, if any, as the core decides it (``chiprace.chip_race_due``,
    tda-2024 R24, ropta 4.2): ``when`` ``"now"``, ``"break"`` or ``"level_end"``, ``chips``
    the denominations that leave play."""
    if screen["status"] == "finished":
        return None
    due = chip_race_due(structure, int(screen["level_number"]), bool(screen["in_break"]))
    if due is None:
        return None
    when, leaving = due
    return {"when": when, "chips": _chips(leaving)}


def payouts_panel(payouts_cents: list[int], finished: bool) -> dict[str, Any] | None:
    """The payouts line: how many places are paid and the amounts of the first ones. With more
    places than fit, the first ones and the last paid place (the smallest prize, what most
    players want to reach). None when nothing is paid yet (an empty prize pool), and once the
    tournament is over: the results page then has what was really paid."""
    if finished or not payouts_cents:
        return None
    numbered = [
        {"place": place, "cents": cents} for place, cents in enumerate(payouts_cents, start=1)
    ]
    if len(numbered) <= SHOWN_PAYOUTS:
        return {"places": len(numbered), "first": numbered, "last": None}
    return {"places": len(numbered), "first": numbered[: SHOWN_PAYOUTS - 1], "last": numbered[-1]}


def clock_screen(pages: Pages, tournament_id: str) -> dict[str, Any]:
    """The read model of the clock screen with what the page adds from the structure."""
    service = pages.service
    screen = dict(service.clock_screen(tournament_id))
    structure = service.read(tournament_id, lambda t: t.structure)
    entry = structure.entry
    screen["chip_race"] = chip_race_announcement(screen, structure)
    screen["has_rebuys"] = bool(entry.rebuy_until_level or screen["rebuys"])
    screen["has_addons"] = bool(entry.addon_chips or screen["addons"])
    screen["structure_name"] = structure.name
    screen["payouts"] = payouts_panel(screen["payouts_cents"], screen["status"] == "finished")
    # During a break, level_number is the level after it: the chips it is played with.
    finished = screen["status"] == "finished"
    screen["chips"] = [] if finished else chips_in_play(structure.chips_at(screen["level_number"]))
    screen["logo_url"] = logo_url(tournament_id, screen["logo_at_ms"])
    # What clock.js compares to signal a change: a new level, or a break beginning or ending.
    screen["period_key"] = f"{screen['level_number']}:{'break' if screen['in_break'] else 'level'}"
    if screen["podium_before_finish"] is not None:  # the core names the winner
        _winner_before_the_finish(screen)
    if screen["status"] in ("finished", "won"):
        screen["period_key"] = "over"  # no level change to flash or sound after the end
    return screen


def _winner_before_the_finish(screen: dict[str, Any]) -> None:
    """The aggregate names the winner before the TD's "Finish" (``winner_before_finish``): the
    screen shows the winner and the prizes the payout scheme gives each place (the read model's
    ``podium_before_finish``), never the clock of a level nobody plays any more."""
    screen["status"], screen["running"], screen["payouts"] = "won", False, None
    screen["chips"] = []  # nothing is played any more
    screen["podium"] = screen["podium_before_finish"]


def _render_live(pages: Pages, tournament_id: str, language: str, params: dict[str, str]) -> str:
    return render_fragment(
        "clock_screen.html",
        language,
        pages,
        tournament_id=tournament_id,
        screen=clock_screen(pages, tournament_id),
    )


live_view("clock", LiveView(render=_render_live, every_second=True))
live_view(
    "clock-calls",
    panel_view(
        "clock_floor_calls.html",
        lambda service, tournament_id: {
            "tournament_id": tournament_id,
            "floor": floor_calls(service, tournament_id),
        },
        td_only=True,
        every_second=True,
    ),
)


@router.get("/t/{tournament_id}/clock")
def clock_page(request: Request, tournament_id: str) -> Response:
    service = tournament_service(request, tournament_id)
    pages = pages_of(request)
    return render(
        request,
        "clock.html",
        tournament_id=tournament_id,
        screen=clock_screen(pages, tournament_id),
        floor=floor_calls(service, tournament_id) if is_td(request) else None,
        limits={
            "club_name": MAX_CLUB_NAME_LENGTH,
            "message": MAX_SCREEN_MESSAGE_LENGTH,
            "logo_kb": MAX_LOGO_BYTES // 1024,
        },
    )


# ---- the room's screen: the TD's panel -------------------------------------------------------


@router.post("/t/{tournament_id}/clock/room")
def set_room_screen(
    request: Request, tournament_id: str, club_name: FormText = "", message: FormText = ""
) -> Response:
    """The club's name and the message line ("" clears one)."""
    tournament_service(request, tournament_id, td_only=True)
    error = run(request, tournament_id, SetRoomScreen(club_name=club_name, message=message))
    return flash(request, error, say(request, N_("The room's screen is updated.")))


@router.post("/t/{tournament_id}/clock/logo")
def set_room_logo(
    request: Request, tournament_id: str, logo: Annotated[UploadFile | None, File()] = None
) -> Response:
    """The club's logo, PNG or JPEG, 256 KB at most: one byte more is read than allowed, so a
    bigger file is refused by its size without being read whole."""
    tournament_service(request, tournament_id, td_only=True)
    data = logo.file.read(MAX_LOGO_BYTES + 1) if logo is not None else b""
    if not data:
        return refuse(
            request,
            N_("Choose the logo's file first: a PNG or JPEG image of at most %(max_kb)s KB."),
            max_kb=MAX_LOGO_BYTES // 1024,
        )
    error = run(request, tournament_id, SetRoomLogo(logo=data))
    return flash(request, error, say(request, N_("The logo is on the room's screen.")))


@router.post("/t/{tournament_id}/clock/logo/remove")
def remove_room_logo(request: Request, tournament_id: str) -> Response:
    tournament_service(request, tournament_id, td_only=True)
    error = run(request, tournament_id, SetRoomLogo(logo=b""))
    return flash(request, error, say(request, N_("The logo is removed from the screen.")))
