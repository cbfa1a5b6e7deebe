"""The add-on window on the captain's phone (issue 26): while the add-on is offered, the
captain sees that it is open, when it closes (the end of the break or level in force) and who
at the table may still take one, so the table can call the desk at the right moment.

The tournament decides who may take one (``addon_refusal``: the window, the add-on already
taken, the double add-on's limit); this module only gathers it for the table's seats.
"""

from __future__ import annotations

from typing import Any

from pokerfloor.app.service import TournamentService
from pokerfloor.tournament.state import Tournament

__all__ = ["captain_addons"]


def captain_addons(
    service: TournamentService,
    tournament_id: str,
    seats: list[dict[str, Any]],
    clock: dict[str, Any],
) -> dict[str, Any] | None:
    """``{"closes_at_ms", "players"}`` while the add-on window is open (``closes_at_ms``:
    None while the clock is paused; ``players``: the table's seats whose player may still take
    one, in seat order), or None when the add-on is not offered now."""
    if not seats or clock.get("status") == "finished":
        return None
    now = service.clock()

    def may_take(tournament: Tournament) -> dict[str, Any] | None:
        if not tournament.structure.entry.addon_chips or not tournament.add_ons.window_open(now):
            return None
        players = [
            seat
            for seat in sorted(seats, key=lambda seat: int(seat["seat_no"]))
            if tournament.add_ons.refusal(seat["player_id"], now) is None
        ]
        return {"closes_at_ms": tournament.add_ons.window_closes_at(now), "players": players}

    return service.read(tournament_id, may_take)
