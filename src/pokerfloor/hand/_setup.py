"""Checks on a hand's set-up and the dealing order of its seats."""

from __future__ import annotations

from collections.abc import Sequence

from pokerfloor.errors import PokerfloorError
from pokerfloor.hand._model import HandSetup


def deal_order(setup: HandSetup) -> tuple[int, ...]:
    """Seat numbers clockwise from the first seat left of the button (the button last)."""
    button = setup.button_seat
    return tuple(sorted((seat.seat_no for seat in setup.seats), key=lambda s: (s <= button, s)))


def board_positions(player_count: int, start_street: int) -> tuple[int, ...]:
    """Where the five board cards lie in the deck, in dealing order.

    Hole cards go one at a time around the table twice (deck[i] and deck[i + n] for player i).
    Each street burns a card first, except the streets dealt at once when a hand starts after
    the flop (a scenario or a floor question that begins on a later street).
    """
    position = 2 * player_count
    positions: list[int] = []
    for street, size in ((1, 3), (2, 1), (3, 1)):
        if street > start_street or start_street == 0:
            position += 1  # burn
        positions.extend(range(position, position + size))
        position += size
    return tuple(positions)


def _bad(code: str, **params: object) -> PokerfloorError:
    return PokerfloorError(code, params)


def check_setup(setup: HandSetup, deck: Sequence[int]) -> None:
    """Refuse an impossible set-up with a message naming the field and what is accepted."""
    seats = setup.seats
    if len(seats) < 2:
        raise _bad("TOO_FEW_PLAYERS", count=len(seats))
    seat_numbers = [seat.seat_no for seat in seats]
    if len(set(seat_numbers)) != len(seat_numbers):
        raise _bad("SEAT_TAKEN", seats=seat_numbers)
    names = [seat.name for seat in seats]
    if len(set(names)) != len(names):
        raise _bad("DUPLICATE_NAME", names=names)
    for seat in seats:
        if seat.seat_no < 1:
            raise _bad("BAD_SEAT", seat=seat.seat_no)
        if seat.stack <= 0:
            raise _bad(
                "BAD_STACK",
                player=seat.name,
                stack=seat.stack,
            )
    if setup.big_blind <= 0 or not 0 <= setup.small_blind <= setup.big_blind:
        raise _bad(
            "BAD_BLINDS",
            small_blind=setup.small_blind,
            big_blind=setup.big_blind,
        )
    if setup.ante < 0 or setup.bb_ante < 0:
        raise _bad("BAD_ANTE", ante=setup.ante, bb_ante=setup.bb_ante)
    if setup.ante and setup.bb_ante:
        raise _bad("BAD_ANTE")
    if setup.smallest_chip < 1:
        raise _bad("BAD_CHIP", chip=setup.smallest_chip)
    chip = setup.smallest_chip
    amounts = (
        ("small_blind", setup.small_blind),
        ("big_blind", setup.big_blind),
        ("ante", setup.ante),
        ("bb_ante", setup.bb_ante),
        ("dead_money", setup.dead_money),
    )
    for field, amount in amounts:
        if amount % chip:
            raise _bad("NOT_IN_CHIPS", field=field, amount=amount, chip=chip)
    if chip > 1:
        for seat in seats:
            if seat.stack % chip:
                field = f"stack of {seat.name}"
                raise _bad("NOT_IN_CHIPS", field=field, amount=seat.stack, chip=chip)
    if setup.dead_money < 0:
        raise _bad("BAD_POT", pot=setup.dead_money)
    if setup.button_seat < 1:
        raise _bad("BAD_BUTTON")
    for field in ("small_blind_seat", "big_blind_seat"):
        value = getattr(setup, field)
        if value and value not in seat_numbers:
            raise _bad(
                "BAD_BLIND_SEAT",
                field=field,
                seat=value,
            )
    needed = 2 * len(seats) + 8
    if len(deck) < needed or len(set(deck)) != len(deck) or min(deck) < 0 or max(deck) > 51:
        raise _bad(
            "BAD_DECK",
            size=len(deck),
        )
