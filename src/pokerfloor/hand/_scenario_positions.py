"""The scenario format's addition for a hand that follows another: ``previous_hand`` says where
the button and the blinds were and who busted, and the next hand's button and blinds are
derived by the profile (dead button, missing small blind, heads-up transitions), as the
tournament derives them between hands (``pokerfloor.tournament.positions``).

    previous_hand: {button: 3, small_blind: 4, big_blind: 5, busted: [5]}
    table_size: 9          # optional; default: the highest seat named

The output gains ``positions``: the derived button, blinds, dealer, and the rulings and
articles behind them; ``expect`` may check it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from pokerfloor.errors import PokerfloorError
from pokerfloor.hand._model import Seat
from pokerfloor.rules import load_profile

PREVIOUS_KEYS = ("button", "small_blind", "big_blind", "busted")

Integer = Callable[[Any, str, int], int]
Fail = Callable[[str, str], PokerfloorError]


@dataclass(frozen=True)
class NextHand:
    """The next hand's positions as ``HandSetup`` takes them (``small_blind_seat`` 0: none)."""

    button_seat: int
    small_blind_seat: int
    big_blind_seat: int
    output: dict[str, Any]


def next_hand(
    profile_id: str,
    seats: tuple[Seat, ...],
    previous: Any,
    table_size: Any,
    integer: Integer,
    fail: Fail,
) -> NextHand:
    """The positions of the hand after ``previous`` under the profile; a previous hand the
    table cannot have had is refused naming the field."""
    # Imported here: the tournament layer imports the hand engine.
    from pokerfloor.tournament.positions import next_hand_positions
    from pokerfloor.tournament.types import Table

    if not isinstance(previous, Mapping):
        raise fail("give {button, big_blind, small_blind, busted}", "previous_hand")
    for key in previous:
        if key not in PREVIOUS_KEYS:
            raise fail(
                f"unknown key {key!r}; accepted: {', '.join(PREVIOUS_KEYS)}", "previous_hand"
            )
    for required in ("button", "big_blind"):
        if required not in previous:
            raise fail(f"the field {required!r} is required", f"previous_hand.{required}")
    button = integer(previous["button"], "previous_hand.button", 1)
    big_blind = integer(previous["big_blind"], "previous_hand.big_blind", 1)
    small_raw = previous.get("small_blind")
    small_blind = None if small_raw is None else integer(small_raw, "previous_hand.small_blind", 1)
    busted_raw = previous.get("busted", [])
    if not isinstance(busted_raw, list):
        raise fail("busted lists the seats whose players busted", "previous_hand.busted")
    busted = {integer(seat, "previous_hand.busted", 1) for seat in busted_raw}
    seated = {seat.seat_no: seat.name for seat in seats}
    if busted & set(seated):
        raise fail(
            f"seat(s) {sorted(busted & set(seated))} busted: leave them out of seats",
            "previous_hand.busted",
        )
    for field, seat in (("big_blind", big_blind), ("small_blind", small_blind)):
        if seat is not None and seat not in seated and seat not in busted:
            raise fail(
                f"seat {seat} posted the {field.replace('_', ' ')}: it is in seats or in busted",
                f"previous_hand.{field}",
            )
    named = [*seated, *busted, button, big_blind, small_blind or 1, 2]
    size = max(named) if table_size is None else integer(table_size, "table_size", 2)
    if size < max(named):
        raise fail(f"table_size {size} is below seat {max(named)}", "table_size")
    table = Table(
        1, size, seated, button_seat=button, big_blind_seat=big_blind, small_blind_seat=small_blind
    )
    try:
        positions = next_hand_positions(table, load_profile(profile_id))
    except PokerfloorError as refused:
        raise fail(refused.message, "previous_hand") from None
    output = {
        "button": positions.button_seat,
        "small_blind": positions.small_blind_seat,
        "big_blind": positions.big_blind_seat,
        "dealer": positions.dealer_seat,
        "dead_button": positions.dead_button,
        "heads_up": positions.heads_up,
        "rulings": list(positions.rulings),
        "citations": list(positions.citations),
    }
    return NextHand(
        positions.button_seat, positions.small_blind_seat or 0, positions.big_blind_seat, output
    )
