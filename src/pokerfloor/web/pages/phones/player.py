"""A player's own page (public): what a player who scans the QR code of their seat card, or
the room's code, sees on a phone. The clock (level, blinds, time left, the next level), their
table and seat, their stack as last reported, their status (playing, not here yet, on the
waiting list, busted and their place, the winner), and the payouts. Nothing on it is hidden
information: it is the clock screen and the seating list, for one player. Pushed again every
second by the ``player`` live view.

Without a player (``/t/{id}/me``) the page lists the players to choose from: the room's QR code
on the console leads there.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import Response

from pokerfloor.web import i18n
from pokerfloor.web.pages.common._common import (
    PageError,
    Pages,
    pages_of,
    render,
    render_fragment,
    tournament_service,
)
from pokerfloor.web.pages.common._live import LiveView, live_view
from pokerfloor.web.pages.screens.clock import clock_screen
from pokerfloor.web.pages.td.desk import fold

__all__ = ["player_view", "router"]

router = APIRouter()
NO_PLAYER = i18n.N_("There is no such player in this tournament.")


def player_view(pages: Pages, tournament_id: str, player_id: str) -> dict[str, Any] | None:
    """What the player's page shows; None when the player is not in the tournament."""
    listed = pages.service.players_list(tournament_id)
    found = next((p for p in listed["players"] if p["player_id"] == player_id), None)
    waiting = [w["player_id"] for w in listed["waiting_list"]]
    if found is None and player_id not in waiting:
        return None
    player: dict[str, Any]
    if found is None:
        name = next(w["name"] for w in listed["waiting_list"] if w["player_id"] == player_id)
        player = {"player_id": player_id, "name": name, "status": "waiting",
                  "waiting_rank": waiting.index(player_id) + 1}  # fmt: skip
    else:
        # Only what the room may see: never the payment or the TD's notes.
        keep = ("player_id", "name", "status", "stack", "table_no", "seat_no", "present", "place",
                "missed_hands")  # fmt: skip
        player = {key: found[key] for key in keep}
        player["rebuys"], player["addons"] = found["rebuys"], found["addons"]
        player["may_addon"] = found["may_addon"]  # the add-ons are open and one is left
        for key in ("bounty_cents", "bounty_won_cents"):  # a bounty tournament
            if key in found:
                player[key] = found[key]
    return {"player": player, "screen": clock_screen(pages, tournament_id)}


def _render_live(pages: Pages, tournament_id: str, language: str, params: dict[str, str]) -> str:
    view = player_view(pages, tournament_id, params.get("player", ""))
    if view is None:
        return ""
    return render_fragment("player_live.html", language, pages, tournament_id=tournament_id,
                           **view)  # fmt: skip


live_view("player", LiveView(render=_render_live, every_second=True))


@router.get("/t/{tournament_id}/me")
def choose_player(request: Request, tournament_id: str) -> Response:
    """The players to choose from (the room's QR code leads here)."""
    service = tournament_service(request, tournament_id)
    listed = service.players_list(tournament_id)
    names = sorted(
        [(p["name"], p["player_id"]) for p in listed["players"] if p["status"] != "withdrawn"]
        + [(w["name"], w["player_id"]) for w in listed["waiting_list"]],
        key=lambda pair: (fold(pair[0]), pair[1]),
    )
    return render(request, "player_choose.html", tournament_id=tournament_id, names=names)


@router.get("/t/{tournament_id}/me/{player_id}")
def player_page(request: Request, tournament_id: str, player_id: str) -> Response:
    tournament_service(request, tournament_id)
    view = player_view(pages_of(request), tournament_id, player_id)
    if view is None:
        raise PageError(404, NO_PLAYER)
    return render(request, "player.html", tournament_id=tournament_id, **view)
