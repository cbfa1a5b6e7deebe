"""When a table's hand begins (the level it is played at follows from it), pure like the clock.

Rule: tda-2024 R23 (a new level applies to the next hand; a hand begins at the first riffle);
``hand.begins_at`` says which moment each profile takes, with its articles. Kept apart from
``_hands.py``, which records the hands.
"""

from __future__ import annotations

from pokerfloor.tournament._clock_history import break_began_at
from pokerfloor.tournament._structure_model import Structure
from pokerfloor.tournament.clock import ClockState, play_resumes_at

__all__ = ["SHUFFLE_MS", "hand_begins"]

# From the pot being pushed to the first riffle of the next hand (profiles whose hand begins
# at the shuffle or the riffle): a hand reported in the last seconds of a level is followed by
# one at the next level.
SHUFFLE_MS = 20_000


def hand_begins(
    clock: ClockState, structure: Structure, shuffles: bool, table_free_ms: int, now_ms: int
) -> int:
    """When a hand begins at a table free from ``table_free_ms`` (the previous pot pushed): at
    once, or at the shuffle (``SHUFFLE_MS`` later) when ``shuffles``, and never during a break
    (then when the break ends; but a table free before the break began its hand just before
    it); never after ``now_ms``."""
    begins = table_free_ms + (SHUFFLE_MS if shuffles else 0)
    begins = min(begins, now_ms)
    resumes = play_resumes_at(clock, structure, begins, now_ms)
    if resumes != begins:
        # The shuffle was under way when the break came (a level ending then, or ended early
        # by the TD): a report made during that break proves the table's hand began before
        # it, so it is played at the level in force then (tda-2024 R23). A report after the
        # break is the hand dealt when play resumed.
        break_began = break_began_at(clock, structure, begins)
        still_on = break_began_at(clock, structure, now_ms) == break_began
        if break_began is not None and table_free_ms < break_began and still_on:
            return break_began - 1
    return max(table_free_ms, resumes)
