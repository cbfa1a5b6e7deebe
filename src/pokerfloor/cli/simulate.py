"""``pokerfloor simulate``: a whole tournament played by bots, with its event log."""

from __future__ import annotations

import contextlib
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from pokerfloor.app.flights import with_formats
from pokerfloor.cli._flights_sim import run_flights
from pokerfloor.errors import PokerfloorError
from pokerfloor.sim.flights import default_flight_rules
from pokerfloor.sim.phh_hands import PhhHandsWriter
from pokerfloor.sim.scaled import scaled_structure
from pokerfloor.sim.tournament import EventWriter, SimulationResult, simulate
from pokerfloor.tournament.bounties import with_bounty
from pokerfloor.tournament.flights import FlightRules
from pokerfloor.tournament.points import format_points, points_formula
from pokerfloor.tournament.satellites import SatelliteRules
from pokerfloor.tournament.structure import BountyRules, load_structure


def write_events(result: SimulationResult, path: Path) -> None:
    """One JSON object a line: ``{"seq": n, "type": ..., ...}`` (docs/events.md), for a
    result that kept its events in memory (``simulate`` without ``events_out``)."""
    with path.open("wb") as out:
        EventWriter(out).write(result.events)


def simulate_command(
    players: Annotated[int, typer.Option(min=2, help="Joueurs / players")] = 50,
    profile: Annotated[str, typer.Option(help="Profil de règles / rule profile")] = "tda-2024",
    seed: Annotated[int, typer.Option(help="Graine / seed (same seed, same tournament)")] = 0,
    structure: Annotated[
        str,
        typer.Option(help="Structure: bundled name, TOML file, or 'scaled' (sized to the field)"),
    ] = "club-evening",
    table_size: Annotated[int, typer.Option(min=2, max=10, help="Places par table / seats")] = 9,
    events: Annotated[
        Path | None, typer.Option(help="Journal des événements / event log (JSON lines)")
    ] = None,
    quiet: Annotated[
        bool, typer.Option(help="Sans barre de progression / no progress bar")
    ] = False,
    points: Annotated[
        str, typer.Option(help="Points de championnat / championship points: none, sqrt, linear")
    ] = "none",
    workers: Annotated[
        int,
        typer.Option(
            min=1,
            help="Processus qui planifient et jouent les mains / processes planning and playing "
            "the hands (this one records them)",
        ),
    ] = 1,
    hands: Annotated[
        Path | None,
        typer.Option(help="Mains en PHH / every hand as PHH (.phhs), played in this process"),
    ] = None,
    bounty: Annotated[
        int,
        typer.Option(
            min=0, help="Prime par entrée en centimes / bounty per entry in cents (0: none)"
        ),
    ] = 0,
    pko: Annotated[
        int,
        typer.Option(
            min=0, max=90, help="Part ajoutée à la tête du gagnant / PKO share to the head (%)"
        ),
    ] = 0,
    satellite: Annotated[
        int,
        typer.Option(
            min=0,
            help="Satellite : valeur d'un siège en centimes / a satellite's seat value in cents "
            "(0: none)",
        ),
    ] = 0,
    remainder: Annotated[
        str,
        typer.Option(
            help="Satellite : reliquat / the remainder: next_place, shared or credit",
        ),
    ] = "next_place",
    flights: Annotated[
        int,
        typer.Option(
            min=0,
            max=20,
            help="Flights (Day 1A, 1B...) puis leur Day 2 / flights then their Day 2 (0: none)",
        ),
    ] = 0,
    flight_stop: Annotated[
        int,
        typer.Option(
            min=0,
            help="Flights : arrêt à N joueurs / a flight stops at N players left (0: a fifth "
            "of its share of the field)",
        ),
    ] = 0,
    carry: Annotated[
        str, typer.Option(help="Flights : tapis gardé / the stack carried: best, first, last")
    ] = "best",
) -> None:
    """Simule un tournoi complet avec des bots / simulate a whole tournament with bots."""
    console = Console()
    try:
        formula = None if points == "none" else points_formula(points)
        loaded = scaled_structure(players) if structure == "scaled" else load_structure(structure)
        if bounty:
            loaded = with_bounty(loaded, BountyRules(bounty, pko))
        if satellite:
            loaded = with_formats(loaded, SatelliteRules(satellite, remainder), None)
        if flights:
            if hands is not None or bounty or satellite:
                # One format at a time (FORMATS_COMBINED); the PHH writer plays one tournament.
                console.print("--flights: sans / without --hands, --bounty, --satellite")
                raise typer.Exit(2)
            stop = flight_stop or default_flight_rules(players, flights).stop_players
            rules = FlightRules(stop_players=stop, carry=carry)
            run_flights(
                console, players, flights, profile, loaded, seed, table_size, rules, formula,
                workers, events,
            )  # fmt: skip
            return
        with Progress(
            TextColumn("[bold]{task.description}"),
            BarColumn(),
            MofNCompleteColumn(),
            TextColumn("niveau/level {task.fields[level]} · mains/hands {task.fields[hands]}"),
            TimeElapsedColumn(),
            console=console,
            disable=quiet,
        ) as bar:
            task = bar.add_task("joueurs éliminés / busted", total=players - 1, level=1, hands=0)

            def report(left: int, level: int, hands: int) -> None:
                if hands % 50 == 0 or left <= 2:
                    bar.update(task, completed=players - left, level=level, hands=hands)

            with contextlib.ExitStack() as files:
                # The events go to the file as they happen: none is kept in memory.
                out = None if events is None else files.enter_context(events.open("wb"))
                writer = None
                if hands is not None:
                    text = files.enter_context(hands.open("w", encoding="utf-8"))
                    writer = PhhHandsWriter(text, event=f"pokerfloor simulate --seed {seed}")
                result = simulate(
                    players, profile, loaded, seed, table_size, progress=report,
                    points=formula, workers=workers, events_out=out, hands_by=writer,
                )  # fmt: skip
            bar.update(task, completed=players - 1)
    except PokerfloorError as error:
        console.print(f"[red]{error.code}[/red]: {error.message}")
        raise typer.Exit(2) from None
    finished = result.finished
    table = Table(
        title=f"Classement / standings — {players} joueurs, {result.hands} mains / hands, "
        f"{result.seconds_simulated // 3600} h {result.seconds_simulated % 3600 // 60:02d}",
    )
    table.add_column("Place", justify="right")
    table.add_column("Joueur / Player")
    table.add_column("Bot")
    table.add_column("Gain / Prize", justify="right")
    if formula is not None:
        table.add_column("Points", justify="right")
    prize_by_player = {prize.player_id: prize.cents for prize in finished.prizes}
    points_by_player = {prize.player_id: prize.points for prize in finished.prizes}
    seated = {award.player_id for award in finished.satellite if award.seat}
    for placement in finished.ranking[: max(10, len(finished.prizes), len(seated))]:
        cents = prize_by_player.get(placement.player_id, 0)
        row = [
            str(placement.place),
            placement.player_id,
            result.bots.get(placement.player_id, ""),
            f"{cents / 100:,.2f}"
            if cents
            else "siège / seat"
            if placement.player_id in seated
            else "",
        ]
        if formula is not None:
            row.append(format_points(points_by_player.get(placement.player_id, 0), "fr"))
        table.add_row(*row)
    console.print(table)
    console.print(
        f"Prize pool: {finished.prize_pool_cents / 100:,.2f} · entries {finished.entries} · "
        f"rebuys {result.tournament.rebuys} · add-ons {result.tournament.addons}"
    )
    if finished.satellite:
        seats = sum(award.seat for award in finished.satellite)
        cash = sum(award.cash_cents for award in finished.satellite)
        credit = sum(award.credit_cents for award in finished.satellite)
        value = seats * satellite + cash + credit
        adds_up = "= OK" if value == finished.prize_pool_cents else "!= MISMATCH"
        console.print(
            f"Satellite: {seats} sièges / seats x {satellite / 100:,.2f} + cash "
            f"{cash / 100:,.2f} + crédit / credit {credit / 100:,.2f} {adds_up} "
            f"{finished.prize_pool_cents / 100:,.2f}"
        )
    ledger = result.tournament.bounties.ledger
    if ledger is not None:
        adds_up = "= OK" if ledger.reconciles else "!= MISMATCH"
        console.print(
            f"Primes / bounties: {ledger.funded_cents / 100:,.2f} {adds_up} paid "
            f"{ledger.paid_cents / 100:,.2f} + first prize "
            f"{(ledger.first_prize_cents + ledger.forfeited_cents) / 100:,.2f}"
        )
    if events is not None:
        console.print(f"Événements / events: {events} ({result.event_count} lines)")
    if hands is not None:
        console.print(f"Mains / hands (PHH): {hands} ({result.hands} hands, --profile {profile})")
