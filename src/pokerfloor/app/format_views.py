"""The formats of issue 33 items 2-3 for the read models: a satellite's seats (the pool, the
seats it buys, the seats still to win, the stage; once finished, each player's award), a
flight's stop (the survivors' bagged stacks) and a Day 2's origin (its flights, carried pool
and entries, the Day 1 places). Nothing for the other tournaments.
"""

from __future__ import annotations

from typing import Any

import msgspec

from pokerfloor.tournament.state import Tournament
from pokerfloor.tournament.types import PlayerId

__all__ = ["day1_names", "formats_part", "player_award"]


def formats_part(tournament: Tournament, now_ms: int | None = None) -> dict[str, Any]:
    """``satellite``, ``flight`` and ``day2`` where the tournament is one; with ``now_ms``,
    the flight's ``stop_reached`` (the core's ``Flights.may_stop_now``: the phones say to bag
    the chips, never deciding it themselves)."""
    part: dict[str, Any] = {}
    status = tournament.satellite.status()
    if status is not None:
        part["satellite"] = msgspec.to_builtins(status) | {
            "awards": [
                msgspec.to_builtins(award)
                for award in (tournament.finished.satellite if tournament.finished else ())
            ],
            # Who may be ticked as already holding a seat at the finish: the players left
            # first, then the others by their place.
            "entrants": [
                {"player_id": p.player_id, "name": p.name}
                for p in sorted(
                    (p for p in tournament.players.values() if not p.withdrawn),
                    key=lambda p: (p.place or 0, p.player_id),
                )
            ]
            if status.stage == "stop" and tournament.finished is None
            else [],
        }
    rules = tournament.structure.flight
    if rules is not None:
        stopped = tournament.flights.stopped
        part["flight"] = msgspec.to_builtins(rules) | {
            "stopped": stopped is not None,
            "survivors": [] if stopped is None else msgspec.to_builtins(stopped.survivors),
            "level_number": None if stopped is None else stopped.level_number,
            "stop_reached": now_ms is not None and tournament.flights.may_stop_now(now_ms),
        }
    origin = tournament.created.day2
    if origin is not None:
        part["day2"] = {
            "flights": list(origin.flights),
            "entries": origin.entries,
            "pool_cents": origin.pool_cents,
            "carry": origin.carry,
            "day1_ranking": origin.day1_ranking,
            "carried": msgspec.to_builtins(origin.carried),
            "day1_players": len(origin.day1),
        }
    return part


def player_award(tournament: Tournament, player_id: PlayerId) -> dict[str, Any]:
    """A satellite player's seat and credit once finished; nothing for the others."""
    finished = tournament.finished
    if finished is None or not finished.satellite:
        return {}
    for award in finished.satellite:
        if award.player_id == player_id:
            return {"seat": award.seat, "credit_cents": award.credit_cents}
    return {"seat": False, "credit_cents": 0}


def day1_names(tournament: Tournament) -> dict[PlayerId, str]:
    """A Day 2's players out on Day 1, by id (they are not among its players)."""
    origin = tournament.created.day2
    return {} if origin is None else {place.player_id: place.name for place in origin.day1}
