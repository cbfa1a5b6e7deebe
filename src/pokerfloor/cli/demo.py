"""``pokerfloor demo``: deal a hand to a few seats and show each hand's value."""

from __future__ import annotations

import typer
from rich.console import Console
from rich.table import Table

from pokerfloor.cards import Deck, compare, evaluate, format_cards


def demo(
    players: int = typer.Option(4, min=2, max=10, help="Nombre de joueurs / number of players"),
    seed: int | None = typer.Option(None, help="Graine du mélange / shuffle seed (default: OS)"),
) -> None:
    """Distribue une main et montre la valeur de chaque jeu / deal a hand and show each value."""
    console = Console()
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
