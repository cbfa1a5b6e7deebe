"""What the rules call for at the tables now, as advice for the TD's console.

The console used to work this out from the seating chart in the page (issue 30: a rule decided
outside the core); it is a query of the tables here, with the same procedures the commands use
(``balancing``), so the advice and what ``balance``/``propose_break_table`` would do never
differ. Nothing is recorded: the TD decides.

- ``halted``: tables ``balancing.halt_when_short_by`` players short of the fullest (tda-2024
  R11), where play stops until the tables are balanced;
- ``final``: the players left fit at the final table (``final_table.size`` by the event's
  format, tda-2024 RP-9) while more than one table plays: propose the redraw;
- ``break``: the players left fit at fewer tables; the table due to break first, by the house's
  predetermined order (highest number first: tda-2024 R10 for breaking, R11 for the
  predetermined procedure, docs/seating-balancing.md);
- ``balance``: the fullest and the shortest tables differ by the gap that calls for a move
  (``balancing.threshold``, at most 2 with few tables or hand-for-hand).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from pokerfloor.rules import RuleProfile
from pokerfloor.tournament import balancing
from pokerfloor.tournament.table_map import TableMap

__all__ = ["BREAK_ORDER_CITATIONS", "Hint", "console_hints"]

# "bubble": a satellite one bust from its seats (_satellite_play.py), to play hand-for-hand.
HintKind = Literal["halted", "final", "break", "balance", "bubble", "flight_stop"]

# The order tables break in is the house's predetermined procedure (documented in
# docs/seating-balancing.md); these are the articles that ask for one.
BREAK_ORDER_CITATIONS = ("tda-2024 R10", "tda-2024 R11")


@dataclass(frozen=True)
class Hint:
    """One piece of advice: its kind, the numbers the console words it with, its articles.

    ``tables``: the halted tables; ``short_by``: how many players short of the fullest table
    halts one; ``table``: the table due to break; ``players``: players seated; ``size``: the
    final table's seats; ``needed``: tables the players fit at; ``gap``: players between the
    fullest and the shortest table."""

    kind: HintKind
    citations: tuple[str, ...]
    tables: tuple[int, ...] = ()
    table: int | None = None
    players: int | None = None
    size: int | None = None
    needed: int | None = None
    gap: int | None = None
    short_by: int | None = None


def console_hints(
    tables: TableMap,
    profile: RuleProfile,
    table_size: int,
    hand_for_hand: bool,
    halted: list[int],
) -> tuple[Hint, ...]:
    """The advice for these tables (``halted``: the aggregate's ``halted_tables()``); at most
    one of ``final``, ``break``, ``balance``, in that order of precedence."""
    hints: list[Hint] = []
    if halted:
        key = "balancing.halt_when_short_by"
        short_by = profile.int_value(key)
        hints.append(
            Hint("halted", profile.citations(key), tables=tuple(halted), short_by=short_by)
        )
    live = tables.live_count
    seated = tables.seated
    final_size = balancing.final_table_size(profile, table_size)
    if live > 1 and seated <= final_size:
        cited = profile.citations("final_table.size")
        hints.append(Hint("final", cited, players=seated, size=final_size))
        return tuple(hints)
    due = balancing.tables_to_break_now(tables, table_size)
    if due:
        needed = live - len(due)
        hints.append(
            Hint("break", BREAK_ORDER_CITATIONS, table=due[0], players=seated, needed=needed)
        )
        return tuple(hints)
    if live > 1:
        limit = balancing.balance_gap_limit(profile, live, hand_for_hand)
        gap = tables.gap()
        if gap >= limit:
            hints.append(Hint("balance", profile.citations("balancing.threshold"), gap=gap))
    return tuple(hints)
