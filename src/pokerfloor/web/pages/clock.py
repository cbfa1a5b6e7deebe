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
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import Response

from pokerfloor.tournament.structure import ChipDenomination, Structure
from pokerfloor.web.pages._common import (
    Pages,
    is_td,
    pages_of,
    render,
    render_fragment,
    tournament_service,
)
from pokerfloor.web.pages._floor_calls import floor_calls
from pokerfloor.web.pages._live import LiveView, live_view, panel_view

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
    """The chip race to announce, if any: ``when`` is ``"now"`` (during the break that races
    the chips off), ``"break"`` (at the break that follows the current level) or
    ``"level_end"`` (a colour-up between two levels, without a pause); ``chips`` are the
    denominations that leave play (tda-2024 R24, ropta 4.2)."""
    if screen["status"] == "finished":
        return None
    level_number: int = screen["level_number"]
    if screen["in_break"]:
        # During a break, level_number is the level that follows it.
        before, when = level_number - 1, "now"
    else:
        before = level_number
        following = structure.break_after(level_number)
        when = "break" if following is not None and following.minutes > 0 else "level_end"
    if before < 1 or before >= len(structure.levels):
        return None
    staying = {chip.value for chip in structure.chips_at(before + 1)}
    leaving = tuple(chip for chip in structure.chips_at(before) if chip.value not in staying)
    if not leaving:
        return None
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
    structure = service.tournament(tournament_id).structure
    entry = structure.entry
    screen["chip_race"] = chip_race_announcement(screen, structure)
    screen["has_rebuys"] = bool(entry.rebuy_until_level or screen["rebuys"])
    screen["has_addons"] = bool(entry.addon_chips or screen["addons"])
    screen["structure_name"] = structure.name
    screen["payouts"] = payouts_panel(screen["payouts_cents"], screen["status"] == "finished")
    # What clock.js compares to signal a change: a new level, or a break beginning or ending.
    screen["period_key"] = f"{screen['level_number']}:{'break' if screen['in_break'] else 'level'}"
    return screen


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
    )
