"""``pokerfloor demo``: deal a hand to a few seats and show each hand's value."""

from __future__ import annotations

import secrets
from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table

from pokerfloor.cards import Deck, compare, evaluate, format_cards
from pokerfloor.cli.simulate import simulate_command


def demo(
    players: Annotated[
        int, typer.Option(min=2, max=10, help="Joueurs de la main / players in the hand")
    ] = 4,
    seed: Annotated[
        int | None, typer.Option(help="Graine / seed (default: the OS's randomness)")
    ] = None,
    tournament: Annotated[
        int, typer.Option(min=0, help="Joueurs du tournoi simulé (0: aucun) / simulated field")
    ] = 27,
) -> None:
    """Une main puis un petit tournoi simulé / a hand, then a small simulated tournament."""
    console = Console()
    show_hand(console, players, seed)
    if tournament:
        console.print()
        simulate_command(
            players=tournament,
            profile="tda-2024",
            seed=seed if seed is not None else secrets.randbelow(2**31),
            structure="club-evening",
            table_size=9,
            events=None,
            quiet=True,
            points="sqrt",
        )


def show_hand(console: Console, players: int, seed: int | None) -> None:
    """Deal a hand to a few seats and show each hand's value in French and English."""
    deck = Deck.shuffled(seed)
    holes = {f"Siège {seat} / Seat {seat}": deck.deal(2) for seat in range(1, players + 1)}
    deck.burn()
    board = deck.deal(3)
    deck.burn()
    board += deck.deal(1)
    deck.burn()
    board += deck.deal(1)
    winners = compare(holes, board)
    table = Table(title=f"Tableau / Board: {format_cards(board, ' ')}")
    table.add_column("Joueur / Player")
    table.add_column("Cartes / Cards")
    table.add_column("Main (FR)")
    table.add_column("Hand (EN)")
    table.add_column("Meilleures cinq / Best five")
    table.add_column("")
    for name, hole in holes.items():
        value = evaluate(hole + board)
        table.add_row(
            name,
            format_cards(hole, " "),
            value.describe("fr"),
            value.describe("en"),
            format_cards(value.best_five, " "),
            "gagne / wins" if name in winners else "",
        )
    console.print(table)
