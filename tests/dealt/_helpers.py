"""Small builders shared by the dealt-table tests."""

from __future__ import annotations

from pokerfloor.dealt import DealHand, DealtTable
from pokerfloor.hand import HandSetup, Seat

SECRET = "00112233445566778899aabbccddeeff" * 2
DECK = tuple(range(52))


def setup(
    profile: str = "tda-2024", stacks: tuple[int, ...] = (1000, 1000, 1000), manual: bool = False
) -> HandSetup:
    seats = tuple(
        Seat(seat_no, f"P{seat_no}", stack) for seat_no, stack in enumerate(stacks, start=1)
    )
    return HandSetup(profile, seats, 1, 10, 20, manual_showdown=manual)


def dealt_table(
    deck: tuple[int, ...] = DECK, profile: str = "tda-2024", manual: bool = False
) -> DealtTable:
    table = DealtTable()
    table.deal(DealHand(setup(profile, manual=manual), deck, SECRET, at_ms=1_000))
    return table
