"""The clock's timeline: a structure's levels and breaks in order of play (clock.py).

Built once per structure: every view of the clock checks the structure it is given against
its state's timeline, many times a hand in a simulation, and a structure never changes.
"""

from __future__ import annotations

from typing import Literal, TypeVar

import msgspec

from pokerfloor.tournament._structure_model import Structure

MINUTE_MS = 60_000
PeriodKind = Literal["level", "break"]
_KEPT = 32  # objects remembered by identity before the memory is cleared

K = TypeVar("K")
V = TypeVar("V")


class Period(msgspec.Struct, frozen=True):
    """One period of the timeline: a level (``index`` into ``structure.levels``) or a break
    (``index`` into ``structure.breaks``), and how long it lasts."""

    kind: PeriodKind
    index: int
    duration_ms: int


_TIMELINES: dict[int, tuple[Structure, tuple[Period, ...]]] = {}


def timeline(structure: Structure) -> tuple[Period, ...]:
    """The structure's levels and breaks in order of play (breaks of 0 minutes left out)."""
    known = _TIMELINES.get(id(structure))
    if known is not None and known[0] is structure:  # the very object, not a lookalike
        return known[1]
    periods: list[Period] = []
    breaks_after = {b.after_level: (index, b) for index, b in enumerate(structure.breaks)}
    for index, level in enumerate(structure.levels):
        periods.append(Period(kind="level", index=index, duration_ms=level.minutes * MINUTE_MS))
        found = breaks_after.get(level.number)
        if found is not None and found[1].minutes > 0:
            periods.append(
                Period(kind="break", index=found[0], duration_ms=found[1].minutes * MINUTE_MS)
            )
    built = tuple(periods)
    remember(_TIMELINES, id(structure), (structure, built))
    return built


def remember(memory: dict[K, V], key: K, value: V) -> None:
    """Keep ``value`` in a small memory keyed by an object's identity (the value holds the
    object, so the identity is not reused while it is kept)."""
    if len(memory) >= _KEPT:
        memory.clear()
    memory[key] = value
