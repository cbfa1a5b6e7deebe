"""The betting rules as functions of plain lists and numbers, in one place.

The engine (``HandState``, ``HandApplying``, ``HandLegality``, ``HandShowdown``) and the PHH
fast path (``formats/_phh_lean.py``, which replays a file's actions without the engine's
events) both call these, so a rule is written once: who acts next, what a player must call,
the least bet or raise and whether the betting was reopened for a player (tda-2024 R43, R47,
or what the profile says), a raise that counts as full, the uncalled bet returned (tda-2024
R30 for a dead hand). The side pots and the odd chips are in ``_pots.py``, shared the same way.

A player's status: ``ACTIVE`` (can still act), ``FOLDED``, ``ALL_IN``.
"""

from __future__ import annotations

from typing import Final

ACTIVE: Final = 0
FOLDED: Final = 1
ALL_IN: Final = 2


def highest_other(player: int, status: list[int], committed: list[int]) -> int:
    """The largest street commitment among the other players still in the hand."""
    highest = 0
    for index in range(len(status)):
        if index != player and status[index] != FOLDED and committed[index] > highest:
            highest = committed[index]
    return highest


def next_to_act(
    after: int, status: list[int], committed: list[int], acted: list[int], current: int
) -> int:
    """The first player from ``after``'s left able to act who has not acted at the current bet
    (``acted``: the bet each player last acted at, -1 not yet); -1 when the round is over.
    A player alone with chips acts only when someone else committed more."""
    able = status.count(ACTIVE)
    if able == 0:
        return -1
    if able == 1:
        only = status.index(ACTIVE)
        return only if committed[only] < highest_other(only, status, committed) else -1
    count = len(status)
    for step in range(1, count + 1):
        index = (after + step) % count
        if status[index] == ACTIVE and (acted[index] < 0 or committed[index] < current):
            return index
    return -1


def facing(player: int, status: list[int], committed: list[int], current: int) -> int:
    """The bet ``player`` faces: the current bet, or, when no one else can still act, what the
    others have in (a big blind all in for less than the blind cannot be raised or called
    beyond it)."""
    if status.count(ACTIVE) == 1:
        return min(current, highest_other(player, status, committed))
    return current


def amount_to_call(mine: int, stack: int, current: int) -> int:
    """What calling costs: the difference to the bet faced, at most the player's stack."""
    return min(current - mine, stack) if current > mine else 0


def someone_can_call_more(
    player: int, status: list[int], stacks: list[int], committed: list[int], current: int
) -> bool:
    """A bet or raise needs an opponent able to act who could put chips beyond ``current``."""
    for index in range(len(status)):
        if (
            index != player
            and status[index] == ACTIVE
            and committed[index] + stacks[index] > current
        ):
            return True
    return False


def reopened(
    acted_at: int,
    full_level: int,
    current: int,
    increment: int,
    short_allin_reopens: str,
    blind_may_raise: bool,
) -> bool:
    """The player may raise: they have not acted yet, or a full raise came since they acted
    (``full_level``: the bet the last full bet or raise reached), or the short all-ins since
    reopen the betting by the profile's ``betting.short_allin_reopens``; ``blind_may_raise``:
    the profile lets a blind raise after a short all-in preflop."""
    if acted_at < 0 or full_level > acted_at:
        return True
    if short_allin_reopens == "cumulative_full_raise" and current - acted_at >= increment:
        return True  # several short all-ins together made a full raise (tda-2024 R47)
    if short_allin_reopens == "doubled_bet" and acted_at > 0 and 2 * acted_at <= current:
        return True  # the all-ins doubled the player's own bet (allinouest)
    return blind_may_raise


def least_bet_or_raise(current: int, opening: int, increment: int, all_in_total: int) -> int:
    """The least street total of a bet (``current`` 0: ``opening``, the profile's minimum bet)
    or a raise (the current bet plus the last full bet or raise); all in when that is less."""
    least = opening if current == 0 else current + increment
    return least if least < all_in_total else all_in_total


def raised(to: int, current: int, increment: int, full_level: int) -> tuple[int, int, int]:
    """A bet or raise to ``to`` applied: (current bet, increment, full level). A raise at least
    as large as the last full one is full: it sets the increment and reopens the betting."""
    if to <= current:
        return current, increment, full_level
    if to - current >= increment:
        return to, to - current, to
    return to, increment, full_level


def uncalled_bet(contributed: list[int], status: list[int]) -> tuple[int, int]:
    """(player, chips) of the part of the largest contribution no one matched, (-1, 0) when
    there is none. A dead hand has no claim to its chips (tda-2024 R30)."""
    top = max(contributed)
    if contributed.count(top) != 1:
        return -1, 0
    holder = contributed.index(top)
    if status[holder] == FOLDED:
        return -1, 0
    second = 0
    for index in range(len(contributed)):
        if index != holder and contributed[index] > second:
            second = contributed[index]
    return (holder, top - second) if top > second else (-1, 0)
