"""Where the chips without a known owner go when players change tables.

A bust reported without stacks leaves the busted player's chips at the table with nobody known
to hold them (``Tournament.unknown_chips``, per table) until a report gives the real stacks. A
balancing move leaves them at that table: the players who stay are counted there. When a table
breaks, nobody stays: its unknown chips go with its players, to the table that receives most of
them (the lowest number on a tie), whose stacks are then not known either. Should the chips
have gone with a player seated elsewhere, that table's count is refused with the totals it
accepts, and the TD counts both tables (docs/tournament.md).
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from collections.abc import Mapping, Sequence

    from pokerfloor.tournament.types import Move, Table


def carry_unknown_chips(
    unknown: Mapping[int, int], tables: Mapping[int, Table], moves: Sequence[Move]
) -> dict[int, int]:
    """The unknown chips per table once ``moves`` are made (``tables``: after the moves)."""
    carried = dict(unknown)
    for table_no in sorted({move.source.table_no for move in moves}):
        chips = carried.get(table_no, 0)
        left = tables.get(table_no)
        if not chips or (left is not None and left.seats):
            continue
        received = Counter(m.target.table_no for m in moves if m.source.table_no == table_no)
        target = min(received, key=lambda number: (-received[number], number))
        del carried[table_no]
        carried[target] = carried.get(target, 0) + chips
    return carried
