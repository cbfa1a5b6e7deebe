"""When the clock entered a period (a break, a level), from its history: what the add-ons'
window (``_addons.py``) and a hand reported during a break (``_hands.py``) ask of the clock.
Kept apart from clock.py, which decides and folds the clock's events; pure like it.
"""

from __future__ import annotations

from pokerfloor.tournament._structure_model import Structure
from pokerfloor.tournament.clock import ClockState, _advance, _check_structure

__all__ = ["break_began_at", "entered_at"]


def entered_at(state: ClockState, position: int, now_ms: int) -> int | None:
    """When the clock entered the timeline's ``position`` (the last time, after a jump back),
    as of ``now_ms``; None when it has not been entered."""
    if state.last_at_ms is not None:
        now_ms = max(now_ms, state.last_at_ms)
    found: int | None = None
    for entry in _advance(state, now_ms).entered:
        if entry.period == position and entry.at_ms <= now_ms:
            found = entry.at_ms
    return found


def break_began_at(state: ClockState, structure: Structure, at_ms: int) -> int | None:
    """When the break that ``at_ms`` falls in began; None when ``at_ms`` is not in a break."""
    _check_structure(state, structure)
    if state.status == "not_started":
        return None
    current = _advance(state, max(at_ms, state.last_at_ms or at_ms))
    position, began = current.entered[0].period, current.entered[0].at_ms
    for entry in current.entered:
        if entry.at_ms > at_ms:
            break
        position, began = entry.period, entry.at_ms
    return began if current.timeline[position].kind == "break" else None
