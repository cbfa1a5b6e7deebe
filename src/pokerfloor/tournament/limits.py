"""The bounds of what a tournament accepts, defined once.

A structure is checked against them however it arrives (the TOML text of ``create_tournament``
or of a file, the set-up page's table, the generator), and the commands bound their fields with
the same numbers (``pokerfloor.app.commands``), so a value one way accepts is never refused
another way. Each bound is far above any real tournament: it is there so that a hostile or
mistyped number is refused with the bound named, instead of reaching the arithmetic.
"""

from __future__ import annotations

from pokerfloor.errors import PokerfloorError

__all__ = [
    "BREAK_MINUTES_MAX",
    "LATE_REGISTRATION_MINUTES_MAX",
    "LEVEL_MINUTES_MAX",
    "MAX_CENTS",
    "MAX_CHIPS",
    "MAX_CLUB_NAME_LENGTH",
    "MAX_DENOMINATIONS",
    "MAX_ENTRIES_PER_PLAYER",
    "MAX_LEVELS",
    "MAX_LOGO_BYTES",
    "MAX_SCREEN_MESSAGE_LENGTH",
    "MAX_TABLE_SIZE",
    "MAX_TEXT_LENGTH",
    "MIN_TABLE_SIZE",
    "UNDO_OFFERED_MS",
    "UNDO_WINDOW_MS",
    "check_table_size",
    "check_undo_window",
]

# A count of chips: a chip's value, a blind, an ante, a stack.
MAX_CHIPS = 10**12
# An amount of money, in cents: a buy-in, a fee, a prize pool.
MAX_CENTS = 10**12
# Levels of a structure (``jump_to_level`` takes a 0-based index below it).
MAX_LEVELS = 100
# Chip denominations of a structure.
MAX_DENOMINATIONS = 100
LEVEL_MINUTES_MAX = 240
BREAK_MINUTES_MAX = 240
# Late registration by the clock: no later than the end of the longest structure.
LATE_REGISTRATION_MINUTES_MAX = MAX_LEVELS * LEVEL_MINUTES_MAX
# ``max_rebuys``, ``max_reentries``: a limit above this is no limit.
MAX_ENTRIES_PER_PLAYER = 1000
# A structure's name and its chips' colours.
MAX_TEXT_LENGTH = 100
# A reason the TD writes down (a seat change, a correction, a penalty...).
MAX_REASON_LENGTH = 500
# The room's screen (a TV read from across the room): the club's name on one line, the TD's
# message on two at most, a logo small enough to travel in its event (base64 in the log).
MAX_CLUB_NAME_LENGTH = 60
MAX_SCREEN_MESSAGE_LENGTH = 120
MAX_LOGO_BYTES = 256 * 1024

# The quick undo of a bust, a rebuy or an add-on just recorded (the console's "Undo"): offered
# for ``UNDO_OFFERED_MS``, accepted until ``UNDO_WINDOW_MS`` after it was recorded (a click on
# the offer's last second still counts, whatever the network's delay); later, the corrections
# page takes over (``correct_bust``, ``correct_rebuy``), which asks for the stack. pokerfloor's
# own limit: no rulebook times a desk's correction.
UNDO_OFFERED_MS = 30_000
UNDO_WINDOW_MS = 60_000

# Seats at a table: heads-up to a full ten-handed table (the most any rulebook's dealer
# position and seat-draw articles contemplate).
MIN_TABLE_SIZE = 2
MAX_TABLE_SIZE = 10


def check_undo_window(done_at_ms: int, now_ms: int) -> None:
    """Refuse a quick undo more than ``UNDO_WINDOW_MS`` after what it undoes was recorded
    (``UNDO_TOO_LATE``, the seconds passed and the limit)."""
    if now_ms - done_at_ms > UNDO_WINDOW_MS:
        raise PokerfloorError(
            "UNDO_TOO_LATE",
            {"seconds": (now_ms - done_at_ms) // 1000, "limit": UNDO_WINDOW_MS // 1000},
        )


def check_table_size(table_size: int) -> None:
    """Refuse a number of seats per table outside ``MIN_TABLE_SIZE``..``MAX_TABLE_SIZE``."""
    if not MIN_TABLE_SIZE <= table_size <= MAX_TABLE_SIZE:
        raise PokerfloorError(
            "BAD_TABLE_SIZE",
            {"table_size": table_size, "least": MIN_TABLE_SIZE, "most": MAX_TABLE_SIZE},
        )
