"""Issue 30 item 1: which chips leave play next, and when the race is announced, is the core's
answer (``chiprace.chip_race_due``, tda-2024 R24, ropta 4.2), which the clock screen shows."""

from __future__ import annotations

from pokerfloor.tournament.chiprace import chip_race_due
from pokerfloor.tournament.structure import load_structure

# The 25s leave between levels 2 and 3 without a pause, the 100s at a break after level 3.
STRUCTURE = """
name = "Deux couleurs"
level_minutes = 15
chips = [
  { value = 25, colour_fr = "vert", colour_en = "green" },
  { value = 100, colour_fr = "noir", colour_en = "black" },
  { value = 500, colour_fr = "violet", colour_en = "purple" },
]
levels = [
  { small_blind = 25, big_blind = 50 },
  { small_blind = 50, big_blind = 100, ante = 25 },
  { small_blind = 100, big_blind = 200, ante = 100 },
  { small_blind = 500, big_blind = 1000 },
]
breaks = [
  { after_level = 2, minutes = 0, colour_up = [25] },
  { after_level = 3, minutes = 10, colour_up = [100] },
]
[entry]
starting_stack = 5000
buy_in_cents = 1000
"""


def _values(due: object) -> tuple[str, list[int]] | None:
    if due is None:
        return None
    when, chips = due  # type: ignore[misc]
    return when, [chip.value for chip in chips]


def test_issue_30_item_1_the_chip_race_due_at_each_level_and_break() -> None:
    structure = load_structure(STRUCTURE)
    assert _values(chip_race_due(structure, 1, False)) is None  # nothing leaves after level 1
    assert _values(chip_race_due(structure, 2, False)) == ("level_end", [25])  # no pause
    assert _values(chip_race_due(structure, 3, False)) == ("break", [100])
    assert _values(chip_race_due(structure, 4, True)) == ("now", [100])  # the break before 4
    assert _values(chip_race_due(structure, 4, False)) is None  # the last level
