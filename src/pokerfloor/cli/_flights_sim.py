"""``pokerfloor simulate --flights N``: the flights and their Day 2 played by bots, the combined
ranking and the money's check printed (sim/flights.py plays them)."""

from __future__ import annotations

from pathlib import Path

from rich.console import Console
from rich.table import Table

from pokerfloor.sim.flights import FlightsResult, simulate_flights
from pokerfloor.sim.tournament import EventWriter
from pokerfloor.tournament.flights import FlightRules
from pokerfloor.tournament.points import PointsFormula, format_points
from pokerfloor.tournament.structure import Structure

__all__ = ["run_flights"]


def run_flights(
    console: Console,
    players: int,
    flights: int,
    profile: str,
    structure: Structure,
    seed: int,
    table_size: int,
    rules: FlightRules | None,
    points: PointsFormula | None,
    workers: int,
    events: Path | None,
) -> FlightsResult:
    """Play and print; ``events``: each tournament's log beside it (``name-1a.jsonl``...)."""
    result = simulate_flights(
        players, flights, profile, structure, seed, table_size, rules,
        points=points, workers=workers,
    )  # fmt: skip
    for flight, stop in zip(result.flights, result.stops, strict=True):
        console.print(
            f"{flight.display_name} : {stop.entries} entrées / entries, {stop.players_left} "
            f"qualifiés / through (niveau / level {stop.level_number}), "
            f"cagnotte / pool {stop.pool_cents / 100:,.2f}"
        )
    day2 = result.day2
    finished = day2.finished
    table = Table(
        title=f"Day 2 — classement de l'épreuve / the event's ranking: "
        f"{len(finished.ranking)} joueurs / players, {result.hands} mains / hands",
    )
    for column in ("Place", "Joueur / Player", "Bot", "Gain / Prize"):
        table.add_column(column, justify="left" if column != "Place" else "right")
    if points is not None:
        table.add_column("Points", justify="right")
    prizes = {prize.player_id: prize for prize in finished.prizes}
    for placement in finished.ranking[: max(10, len(finished.prizes))]:
        prize = prizes.get(placement.player_id)
        row = [
            str(placement.place),
            placement.player_id,
            day2.bots.get(placement.player_id, ""),
            f"{prize.cents / 100:,.2f}" if prize and prize.cents else "",
        ]
        if points is not None:
            row.append(format_points(prize.points if prize else 0, "fr"))
        table.add_row(*row)
    console.print(table)
    pool = sum(stop.pool_cents for stop in result.stops)
    paid = sum(prize.cents for prize in finished.prizes)
    ranked = {placement.player_id for placement in finished.ranking}
    money = "= OK" if paid == pool == finished.prize_pool_cents else "!= MISMATCH"
    everyone = "= OK" if ranked == result.entrants else "!= MISMATCH"
    console.print(
        f"Cagnottes des flights / the flights' pools {pool / 100:,.2f} {money} gains / "
        f"prizes {paid / 100:,.2f} · classés / ranked {len(ranked)} {everyone} "
        f"{len(result.entrants)} inscrits / entrants"
    )
    if events is not None:
        for tournament in [*result.flights, day2.tournament]:
            suffix = tournament.created.tournament_id.rsplit("-", 1)[-1]
            path = events.with_name(f"{events.stem}-{suffix}{events.suffix}")
            with path.open("wb") as out:
                EventWriter(out).write(tournament.events)
            console.print(f"Événements / events: {path} ({len(tournament.events)} lines)")
    return result
