"""Bounty tournaments for the tests: deep-stack with a ``[bounty]`` table."""

from __future__ import annotations

import random

from pokerfloor.tournament.state import Tournament
from pokerfloor.tournament.structure import Structure, dump_structure, load_structure


def bounty_structure(
    cents: int = 2500,
    percent: int = 50,
    rounding: int = 1,
    last: str = "winner",
    buy_in: int = 5000,
) -> Structure:
    text = dump_structure(load_structure("deep-stack")).replace(
        "buy_in_cents = 5000", f"buy_in_cents = {buy_in}"
    )
    text += (
        f"\n[bounty]\ncents = {cents}\nprogressive_percent = {percent}\n"
        f'rounding_cents = {rounding}\nlast_bounty = "{last}"\n'
    )
    return load_structure(text)


def bounty_tournament(
    players: int,
    table_size: int = 9,
    cents: int = 2500,
    percent: int = 50,
    rounding: int = 1,
    last: str = "winner",
) -> Tournament:
    """A started bounty tournament of ``players`` (P01, P02...), seats drawn, buttons placed."""
    structure = bounty_structure(cents, percent, rounding, last)
    tournament = Tournament.create("pko", "tda-2024", structure, table_size)
    for number in range(1, players + 1):
        tournament.register(f"P{number:02d}", f"P{number:02d}", 0)
    rng = random.Random(7)
    tournament.draw_seats(rng)
    tournament.place_buttons(rng)
    tournament.start_clock(0)
    return tournament


def seated(tournament: Tournament, table_no: int = 1) -> list[str]:
    """The players of a table, from the first seat left of the button in dealing order."""
    table = tournament.tables[table_no]
    button = table.button_seat or 0
    seats = sorted(table.seats, key=lambda seat: (seat - button - 1) % table.size)
    return [table.seats[seat] for seat in seats]


def even_hand(tournament: Tournament, table_no: int, at_ms: int) -> None:
    plan = tournament.hands.plan(table_no, at_ms)
    tournament.hands.record(plan, {player: stack for _, player, stack in plan.seats}, at_ms)
