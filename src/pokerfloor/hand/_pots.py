"""Pots: main and side pots from what each player put in, and the split of a pot.

Rules: each side pot is split on its own (tda-2024 R21); a split breaks the odd amount down to
the smallest chip in play and gives one such chip per player, starting from the first seat left
of the button (tda-2024 R20; the profile names its article).
"""

from __future__ import annotations

from collections.abc import Sequence

from pokerfloor.errors import PokerfloorError


def build_pots(
    contributed: Sequence[int],
    live: Sequence[bool],
    all_in: Sequence[bool],
    dead_money: int = 0,
) -> list[tuple[int, tuple[int, ...]]]:
    """Return ``(amount, eligible player indices)`` for each pot, main pot first.

    ``live`` marks players still in the hand, ``all_in`` those with no chips behind. Each
    all-in total makes a level: its player is eligible only for what everyone matched up to it;
    a live player with chips behind is eligible for every pot (they can still match it). Dead
    money (the big blind ante, chips from an earlier street) belongs to the main pot.
    """
    count = len(contributed)
    if len(live) != count or len(all_in) != count:
        raise ValueError("build_pots: contributed, live and all_in differ in length")
    top = 0
    all_in_levels: set[int] = set()
    for index in range(count):
        if live[index]:
            chips = contributed[index]
            if chips > top:
                top = chips
            if all_in[index]:
                all_in_levels.add(chips)
    if not all_in_levels:
        # Nobody live is all in: one pot, every live player eligible (the usual hand).
        eligible = tuple(index for index in range(count) if live[index])
        return [(sum(contributed) + dead_money, eligible)]
    levels = sorted(all_in_levels)
    if levels[-1] < top:
        levels.append(top)
    pots: list[tuple[int, tuple[int, ...]]] = []
    previous = 0
    for level in levels:
        amount = 0  # what each player put in between the previous level and this one
        for chips in contributed:
            if chips > previous:
                amount += (chips if chips < level else level) - previous
        eligible = tuple(
            [
                index
                for index in range(count)
                if live[index] and (contributed[index] >= level or not all_in[index])
            ]
        )
        if pots and pots[-1][1] == eligible:
            pots[-1] = (pots[-1][0] + amount, eligible)
        elif amount or not pots:
            pots.append((amount, eligible))
        previous = level
    # Chips above the highest live level (from players who folded) join the last pot.
    leftover = sum([chips - previous for chips in contributed if chips > previous])
    last_amount, last_eligible = pots[-1]
    pots[-1] = (last_amount + leftover, last_eligible)
    main_amount, main_eligible = pots[0]
    pots[0] = (main_amount + dead_money, main_eligible)
    return pots


def split_pot(amount: int, winners: Sequence[int], smallest_chip: int) -> tuple[int, ...]:
    """Shares of ``amount`` for ``winners`` given in odd-chip order (the first gets the first
    odd chip). Every share is a whole number of smallest chips; the odd chips go one each."""
    if not winners:
        raise PokerfloorError("NO_WINNER")
    if smallest_chip <= 0:
        raise PokerfloorError("BAD_CHIP", {"chip": smallest_chip})
    count = len(winners)
    base = amount // count // smallest_chip * smallest_chip
    shares = [base] * count
    odd = amount - base * count
    position = 0
    while odd >= smallest_chip:
        shares[position] += smallest_chip
        odd -= smallest_chip
        position += 1
    # Less than one smallest chip can remain only if the pot itself is not a whole number of
    # chips; it goes with the first odd chip.
    shares[0] += odd
    return tuple(shares)
