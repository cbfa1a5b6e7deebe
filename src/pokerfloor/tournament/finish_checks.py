"""The amounts a finish pays, checked before anything is recorded.

The prize pool defaults to the pool collected (or, when the payouts are given, to their sum);
the payouts default to the scheme chosen at set-up. A finish that would pay more than the pool
is refused; one whose given payouts leave part of the pool unpaid is refused unless the TD
confirms it (``below_pool``), with the amount left unpaid. These checks used to sit in the API's
dispatcher, so the simulator's finish skipped them (issue 30); the results page's preview asks
``proposed_finish`` rather than repeating them.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from pokerfloor.errors import PokerfloorError

__all__ = ["finish_amounts", "proposed_finish"]


def proposed_finish(
    payouts: Sequence[int] | None,
    prize_pool_cents: int | None,
    collected_cents: Callable[[], int],
    default_payouts: Callable[[int], Sequence[int]],
    below_pool: bool = False,
) -> tuple[tuple[int, ...], int, PokerfloorError | None]:
    """``(payouts, prize pool, refusal)`` of a finish: the defaults filled, and why a finish
    with them would be refused (None: it would not)."""
    pool = prize_pool_cents
    if pool is None:
        pool = collected_cents() if payouts is None else sum(payouts)
    paid = tuple(default_payouts(pool) if payouts is None else payouts)
    total = sum(paid)
    refusal = None
    if total > pool:
        refusal = PokerfloorError(
            "PAYOUTS_EXCEED_POOL", {"payouts": total, "prize_pool_cents": pool}
        )
    elif payouts is not None and total < pool and not below_pool:
        refusal = PokerfloorError(
            "PAYOUTS_BELOW_POOL",
            {"payouts": total, "prize_pool_cents": pool, "unpaid": pool - total},
        )
    return paid, pool, refusal


def finish_amounts(
    payouts: Sequence[int] | None,
    prize_pool_cents: int | None,
    collected_cents: Callable[[], int],
    default_payouts: Callable[[int], Sequence[int]],
    below_pool: bool = False,
) -> tuple[tuple[int, ...], int]:
    """``proposed_finish``'s amounts, its refusal raised."""
    paid, pool, refusal = proposed_finish(
        payouts, prize_pool_cents, collected_cents, default_payouts, below_pool
    )
    if refusal is not None:
        raise refusal
    return paid, pool
