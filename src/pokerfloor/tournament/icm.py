"""Deals: the ICM (Malmuth-Harville) equity of each stack, a chip chop, whether deals are allowed.

Malmuth-Harville: a player wins with the probability ``stack / total chips``; once the first
``k`` places are taken, each remaining player takes place ``k + 1`` with the probability
``stack / chips left among the remaining players``. A player's equity is the sum over the paid
places of the payout times the chance of finishing there.

The calculation is a dynamic programme over the sets of players who take the first places, never
over permutations: with ``n`` players and ``m`` paid places it visits every set of fewer than
``m`` players once, ``sum(k * C(n, k) for k < m)`` terms in all (about two million for 20
players and 9 paid places). The sets of each size are kept in colexicographic order, so every
step is a slice, a gather or an element-wise product over whole lists; no Python loop runs per
set.

Equities are returned in whole cents that sum exactly to the payouts (largest remainder: every
player gets the floor of their equity, and the cents left go one each to the largest fractional
parts, the earlier player in the list first on a tie). Floats are used inside the calculation
only, never in a result.

Rule: heavenpoker 8.14 forbids any deal between players; the profile setting ``deals.allowed``
says whether a deal may be proposed, and ``propose_deal`` (or any calculator given the profile)
refuses with ``DEALS_FORBIDDEN`` citing it.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import repeat
from math import comb, floor
from operator import add, itemgetter, mul, sub, truediv

import msgspec

from pokerfloor.errors import PokerfloorError
from pokerfloor.rules import RuleProfile

__all__ = [
    "MAX_ICM_PLAYERS",
    "DealProposal",
    "chip_chop",
    "deal_allowed",
    "icm_equities",
    "propose_deal",
]

MAX_ICM_PLAYERS = 20


class DealProposal(msgspec.Struct, frozen=True):
    """What the floor shows the players before a deal: both splits, side by side.

    ``icm_cents`` and ``chip_chop_cents`` follow the order of the stacks given; each sums to
    ``total_cents``. ``citations`` name the rule that allows the deal.
    """

    stacks: tuple[int, ...]
    payouts_cents: tuple[int, ...]
    icm_cents: tuple[int, ...]
    chip_chop_cents: tuple[int, ...]
    total_cents: int
    citations: tuple[str, ...]


def deal_allowed(profile: RuleProfile) -> tuple[bool, tuple[str, ...]]:
    """Whether the profile lets the remaining players agree a deal, and the article(s) behind it.

    Rule: heavenpoker 8.14 (deals forbidden); the TDA-based profiles allow them.
    """
    return profile.bool_value("deals.allowed"), profile.citations("deals.allowed")


def propose_deal(
    stacks: Sequence[int], payouts_cents: Sequence[int], profile: RuleProfile
) -> DealProposal:
    """The ICM split and the chip chop of the remaining payouts, if the profile allows deals.

    Raises ``DEALS_FORBIDDEN`` (with the profile's citations) when it does not.
    """
    citations = _require_deals_allowed(profile)
    icm = icm_equities(stacks, payouts_cents)
    chop = chip_chop(stacks, payouts_cents)
    return DealProposal(
        stacks=tuple(stacks),
        payouts_cents=tuple(payouts_cents),
        icm_cents=icm,
        chip_chop_cents=chop,
        total_cents=sum(payouts_cents),
        citations=citations,
    )


def icm_equities(
    stacks: Sequence[int],
    payouts_cents: Sequence[int],
    *,
    profile: RuleProfile | None = None,
) -> tuple[int, ...]:
    """Each player's Malmuth-Harville equity of the remaining payouts, in cents.

    ``stacks`` are the chip counts of the players still in (1 to 20 players, each above 0);
    ``payouts_cents`` the prizes still to be awarded, best place first (non-increasing, no more
    places than players; missing places pay nothing). The result follows the order of
    ``stacks`` and sums exactly to the payouts. Given a ``profile`` that forbids deals, it
    refuses with ``DEALS_FORBIDDEN``.
    """
    if profile is not None:
        _require_deals_allowed(profile)
    _check_stacks(stacks, limit=MAX_ICM_PLAYERS)
    _check_payouts(payouts_cents, players=len(stacks))
    total = sum(payouts_cents)
    paid = list(payouts_cents)
    while paid and paid[-1] == 0:
        paid.pop()
    if not paid:
        return (0,) * len(stacks)
    equities = _harville(list(stacks), paid)
    return _largest_remainder(equities, total)


def chip_chop(
    stacks: Sequence[int],
    payouts_cents: Sequence[int],
    *,
    guarantee_last_payout: bool = False,
    profile: RuleProfile | None = None,
) -> tuple[int, ...]:
    """The remaining payouts split in proportion to the stacks, in cents summing exactly.

    With ``guarantee_last_payout`` (and every remaining player paid), each player first gets
    the smallest remaining payout and only the rest is split by chips: a short stack then never
    gets less than the place it is sure of. Cents left by the proportional split go one each to
    the largest remainders, the earlier player in the list first on a tie.
    """
    if profile is not None:
        _require_deals_allowed(profile)
    _check_stacks(stacks, limit=None)
    _check_payouts(payouts_cents, players=len(stacks))
    total = sum(payouts_cents)
    floor_each = 0
    if guarantee_last_payout and len(payouts_cents) == len(stacks):
        floor_each = payouts_cents[-1]
    to_split = total - floor_each * len(stacks)
    chips = sum(stacks)
    quotients = [to_split * stack // chips for stack in stacks]
    remainders = [to_split * stack % chips for stack in stacks]
    left = to_split - sum(quotients)
    order = sorted(range(len(stacks)), key=lambda index: (-remainders[index], index))
    for index in order[:left]:
        quotients[index] += 1
    return tuple(floor_each + share for share in quotients)


# Checks


def _require_deals_allowed(profile: RuleProfile) -> tuple[str, ...]:
    allowed, citations = deal_allowed(profile)
    if not allowed:
        raise PokerfloorError(
            "DEALS_FORBIDDEN", {"profile": profile.id, "citations": list(citations)}
        )
    return citations


def _check_stacks(stacks: Sequence[int], *, limit: int | None) -> None:
    if not stacks:
        raise PokerfloorError("ICM_NO_PLAYERS", {"players": 0})
    if limit is not None and len(stacks) > limit:
        raise PokerfloorError("ICM_TOO_MANY_PLAYERS", {"players": len(stacks), "max": limit})
    for index, stack in enumerate(stacks):
        if isinstance(stack, bool) or not isinstance(stack, int) or stack <= 0:
            raise PokerfloorError("ICM_BAD_STACK", {"index": index, "stack": repr(stack)})


def _check_payouts(payouts: Sequence[int], *, players: int) -> None:
    for index, amount in enumerate(payouts):
        if isinstance(amount, bool) or not isinstance(amount, int) or amount < 0:
            raise PokerfloorError("ICM_BAD_PAYOUTS", {"place": index + 1, "amount": repr(amount)})
        if index and amount > payouts[index - 1]:
            raise PokerfloorError("ICM_BAD_PAYOUTS", {"place": index + 1, "amount": amount})
    if len(payouts) > players:
        raise PokerfloorError("ICM_TOO_MANY_PAYOUTS", {"payouts": len(payouts), "players": players})


# The calculation


def _harville(stacks: list[int], payouts: list[int]) -> list[float]:
    """Malmuth-Harville equities (floats) of ``payouts`` (no trailing zero) for ``stacks``.

    Layer ``k`` holds every set ``T`` of ``k`` players, in colexicographic order (by largest
    member, then recursively), with ``g(T) = P(T takes the first k places) / (chips outside T)``.
    Player ``i`` outside ``T`` then takes place ``k + 1`` with probability ``stack_i * g(T)``,
    and ``P(U) = sum(stack_j * g(U - j) for j in U)``.

    Block ``top`` of layer ``k + 1`` is layer ``k``'s first ``C(top, k)`` sets (those inside
    ``0..top-1``) each joined by ``top``, so ``U - top`` is a plain slice; for another member
    ``j``, ``(T - j) + top`` sits at ``C(top, k)`` plus the index of ``T - j`` in layer
    ``k - 1``. The index lists ``removed[j]`` (index of the set minus its ``j``-th smallest
    member) and ``member_stack[j]`` (that member's stack) grow block by block from the previous
    layer's.
    """
    count = len(stacks)
    chips = float(sum(stacks))
    floats = [float(stack) for stack in stacks]
    layers: list[list[float]] = [[1.0 / chips]]
    set_chips: list[float] = [0.0]
    removed: list[list[int]] = []
    member_stack: list[list[float]] = []
    for size in range(len(payouts) - 1):  # layer size + 1 from layer size
        blocks = [(top, comb(top, size)) for top in range(size, count)]
        previous = layers[-1]
        next_removed: list[list[int]] = []
        next_member_stack: list[list[float]] = []
        for position in range(size):
            indices: list[int] = []
            member: list[float] = []
            for _top, length in blocks:
                indices += map(add, removed[position][:length], repeat(length))
                member += member_stack[position][:length]
            next_removed.append(indices)
            next_member_stack.append(member)
        top_removed: list[int] = []
        top_stack: list[float] = []
        top_terms: list[float] = []
        next_set_chips: list[float] = []
        for top, length in blocks:
            top_removed += range(length)
            top_stack += repeat(floats[top], length)
            top_terms += map(mul, previous[:length], repeat(floats[top]))
            next_set_chips += map(add, set_chips[:length], repeat(floats[top]))
        terms: list[Iterator[float]] = [
            map(mul, stack_at, _gather(previous, at))
            for stack_at, at in zip(next_member_stack, next_removed, strict=True)
        ]
        terms.append(iter(top_terms))
        probabilities = map(sum, zip(*terms, strict=True))
        left = map(sub, repeat(chips), next_set_chips)
        layers.append(list(map(truediv, probabilities, left)))
        removed = [*next_removed, top_removed]
        member_stack = [*next_member_stack, top_stack]
        set_chips = next_set_chips

    # Equity of i = stack_i * sum_k payout_k * (sum of g over layer k - sum over sets holding i).
    # The second sum, weighted by the payouts, runs from the largest layer down: block sums by
    # largest member, then each block folds onto the layer below, whose sets it extends.
    weighted_total = sum(payout * sum(layer) for payout, layer in zip(payouts, layers, strict=True))
    holding = [0.0] * count
    carry: list[float] = []
    for size in range(len(payouts) - 1, 0, -1):
        weights = map(mul, layers[size], repeat(float(payouts[size])))
        carry = list(weights) if not carry else list(map(add, carry, weights))
        folded = [0.0] * comb(count, size - 1)
        for top in range(size - 1, count):
            start, end = comb(top, size), comb(top + 1, size)
            block = carry[start:end]
            holding[top] += sum(block)
            folded[: end - start] = map(add, folded[: end - start], block)
        carry = folded
    return [stack * (weighted_total - held) for stack, held in zip(floats, holding, strict=True)]


def _gather(values: list[float], indices: list[int]) -> tuple[float, ...]:
    if len(indices) == 1:
        return (values[indices[0]],)
    result: tuple[float, ...] = itemgetter(*indices)(values)
    return result


def _largest_remainder(values: Sequence[float], total: int) -> tuple[int, ...]:
    """Whole numbers summing to ``total``, each the floor of its value or one more.

    Fractions are compared to nine decimals so that equal values computed along different float
    paths rank as equal; the earlier value in the list wins a tie.
    """
    floors = [max(0, floor(value)) for value in values]
    left = total - sum(floors)
    if left < 0:  # cannot happen with values summing to total, up to float noise
        raise AssertionError("ICM equities exceed the payouts")
    order = sorted(
        range(len(values)), key=lambda index: (-round(values[index] - floors[index], 9), index)
    )
    for step in range(left):
        floors[order[step % len(order)]] += 1
    return tuple(floors)
