"""Satellites and flights for the tests: deep-stack with a ``[satellite]`` or ``[flight]``."""

from __future__ import annotations

import random

from pokerfloor.tournament.state import Tournament
from pokerfloor.tournament.structure import Structure, dump_structure, load_structure


def format_structure(table: str, buy_in: int = 5000, fee: int = 500) -> Structure:
    text = dump_structure(load_structure("deep-stack"))
    text = text.replace("buy_in_cents = 5000", f"buy_in_cents = {buy_in}")
    text = text.replace("fee_cents = 500", f"fee_cents = {fee}")
    return load_structure(text + "\n" + table)


def started(tid: str, structure: Structure, players: list[str]) -> Tournament:
    tournament = Tournament.create(tid, "tda-2024", structure, 9)
    for player in players:
        tournament.register(player, player, 0)
    rng = random.Random(7)
    tournament.draw_seats(rng)
    tournament.place_buttons(rng)
    tournament.start_clock(0)
    return tournament


def bust_highest(tournament: Tournament, at_ms: int) -> None:
    """Bust the player of the highest id in play (reported without a hand)."""
    player = max(tournament.in_play(), key=lambda p: p.player_id)
    assert player.seat is not None
    tournament.busts.report(player.seat.table_no, [player.player_id], {}, at_ms)
