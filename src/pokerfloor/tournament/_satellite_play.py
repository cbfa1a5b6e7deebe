"""A satellite on the aggregate (issue 33 item 2): the seats the prize pool buys so far, play
stopped once as many players remain as there are seats, and the finish's awards.

A part of ``Tournament`` (``tournament.satellite``, _parts.py), with no state of its own; the
rules themselves are ``satellites.py`` (pure). The bubble (one more player than seats) is
played hand-for-hand by the existing mechanism: the console's hint asks for it
(``satellite.status().stage``) and the TD turns it on; busts of one hand-for-hand round share
their places (tda-2024 RP-8). The survivors share places 1 to N (each wins a seat); the players
out are ranked as usual; the awards follow the ``[satellite]`` rules. The rulebooks of
../shared/rulebooks say nothing on a satellite's seats and remainder (tda-2024 R7 only draws
its seats at random like any tournament's): the finish cites the house's published choice,
``house satellite``.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import TYPE_CHECKING

import msgspec

from pokerfloor.errors import PokerfloorError
from pokerfloor.tournament import points, ranking
from pokerfloor.tournament._parts import Part
from pokerfloor.tournament.advice import Hint
from pokerfloor.tournament.events import Placement, Prize, TournamentFinished
from pokerfloor.tournament.satellites import (
    SatelliteRules,
    satellite_awards,
    satellite_seats,
    satellite_stage,
)
from pokerfloor.tournament.types import PlayerId

if TYPE_CHECKING:
    from pokerfloor.tournament.points import PointsFormula

__all__ = ["Satellite", "SatelliteStatus"]

CITATION = "house satellite"


class SatelliteStatus(msgspec.Struct, frozen=True):
    """Where a satellite stands now: the pool, the seats it buys and their value, what is
    left over, the players in play, the seats still to win (players to go before the stop)
    and the stage (``play``, ``hand_for_hand`` on the bubble, ``stop``)."""

    pool_cents: int
    seat_cents: int
    seats: int
    remainder_cents: int
    players_left: int
    to_go: int
    stage: str
    remainder_rule: str
    double_seat_rule: str


class Satellite(Part):
    """A satellite's queries and finish: ``tournament.satellite`` (no state of its own)."""

    __slots__ = ()

    def status(self) -> SatelliteStatus | None:
        """The satellite's seats and stage now; None when the tournament is no satellite."""
        rules = self.host.structure.satellite
        if rules is None:
            return None
        pool = self.host.prize_pool().total_cents
        seats, remainder = satellite_seats(pool, rules)
        left = len(self.host.in_play())
        return SatelliteStatus(
            pool,
            rules.target_buy_in_cents,
            seats,
            remainder,
            left,
            max(left - seats, 0) if seats else max(left - 1, 0),
            satellite_stage(left, seats),
            rules.remainder,
            rules.double_seat,
        )

    def hints(self) -> tuple[Hint, ...]:
        """On a satellite's bubble and not yet hand-for-hand: play hand-for-hand, busts of one
        round sharing the seat (tda-2024 RP-8)."""
        status = self.status()
        if status is None or status.stage != "hand_for_hand" or self.host.hand_for_hand:
            return ()
        return (Hint("bubble", ("tda-2024 RP-8",), players=status.players_left, size=status.seats),)

    def check_plays(self) -> None:
        """No hand once the players left all win a seat (``SATELLITE_SEATS_REACHED``)."""
        status = self.status()
        if status is not None and status.stage == "stop" and status.seats:
            raise PokerfloorError(
                "SATELLITE_SEATS_REACHED",
                {"players_left": status.players_left, "seats": status.seats},
            )

    def finish(
        self,
        rules: SatelliteRules,
        at_ms: int,
        holding_seat: Collection[PlayerId],
        points_formula: PointsFormula | None,
    ) -> TournamentFinished:
        """Close a satellite stopped at its seats: the survivors share the first places (by
        stack in the list), the others keep their bust order; the awards by the rules."""
        status = self.status()
        assert status is not None
        if status.stage != "stop":
            raise PokerfloorError("NOT_FINISHED", {"left": status.players_left})
        unknown = sorted(set(holding_seat) - set(self.host.players))
        if unknown:
            raise PokerfloorError("RANKING_UNKNOWN_PLAYER", {"player_id": unknown[0]})
        alive = sorted(self.host.in_play(), key=lambda p: (-p.stack, p.player_id))
        ids = [p.player_id for p in alive]
        covered = tuple(range(1, len(ids) + 1))
        ranked = [
            Placement(player, 1, tuple(o for o in ids if o != player), covered) for player in ids
        ]
        below = ranking.provisional_places(self.host.bust_history, ids)
        ranked += [
            Placement(p.player_id, p.place, p.tied_with, p.places_covered)
            for p in sorted(below.values(), key=lambda p: (p.place, p.player_id))
            if not self.host.players[p.player_id].withdrawn
        ]
        order = ids + [p.player_id for p in ranked[len(ids) :]]
        awards = satellite_awards(order, status.pool_cents, rules, frozenset(holding_seat))
        place_of = {p.player_id: p.place for p in ranked}  # the survivors share place 1
        awards = tuple(
            msgspec.structs.replace(award, place=place_of[award.player_id]) for award in awards
        )
        scored: dict[PlayerId, int] = {}
        if points_formula is not None:
            groups: dict[tuple[int, ...], list[PlayerId]] = {}
            for placement in ranked:
                key = placement.places_covered or (placement.place,)
                groups.setdefault(key, []).append(placement.player_id)
            scored = points.award_points(
                points_formula,
                list(groups.values()),
                self.host.entries,
                self.host.structure.entry.buy_in_cents,
            )
        cash = {award.player_id: award.cash_cents for award in awards}
        prizes_won = tuple(
            Prize(p.player_id, p.place, cash.get(p.player_id, 0), scored.get(p.player_id, 0))
            for p in ranked
            if cash.get(p.player_id, 0) or scored.get(p.player_id, 0)
        )
        event = TournamentFinished(
            at_ms,
            self.host.entries,
            status.pool_cents,
            tuple(ranked),
            prizes_won,
            (CITATION,),
            satellite=awards,
        )
        self.host._stop_clock(at_ms)
        self.host._record(event)
        return event
