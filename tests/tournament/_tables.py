"""Tables for the tournament tests: players named after their table and seat (``T1S4``)."""

from __future__ import annotations

from collections.abc import Iterable

from pokerfloor.tournament.types import Table


def table(
    table_no: int,
    seats: Iterable[int],
    *,
    size: int = 9,
    button: int | None = None,
    small_blind: int | None = None,
    big_blind: int | None = None,
) -> Table:
    return Table(
        table_no,
        size,
        {seat: f"T{table_no}S{seat}" for seat in seats},
        button_seat=button,
        big_blind_seat=big_blind,
        small_blind_seat=small_blind,
    )
