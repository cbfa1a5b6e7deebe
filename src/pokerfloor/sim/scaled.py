"""A structure scaled to the field, so that tournaments of every size can be compared hand for
hand (``pokerfloor simulate --structure scaled``, ``bench/scale.py``).

The structure generator's blinds (``generate_structure``), with its target time chosen so the
big blind grows by the same ratio every level whatever the field: from 100 big blinds deep to a
big blind of a twentieth of all the chips (the generator's end point). The field halves about
as many levels after the first busts at every size, so each player plays about as many hands;
a bigger field only adds the levels its chips need. A 15-minute break every two hours colours
up the small chips; big blind antes from the fourth level; late registration until the end of
level 3; a buy-in of 200 and a fee of 15, as the record tournament's.
"""

from __future__ import annotations

import math

import msgspec

from pokerfloor.tournament.structure import Structure, generate_structure

__all__ = ["CHIPS", "scaled_structure"]

CHIPS = (25, 100, 500, 1_000, 5_000, 25_000, 100_000, 500_000, 1_000_000, 5_000_000, 25_000_000)
GROWTH = 1.5  # the big blind's growth a level
LEVEL_MINUTES = 20
STARTING_STACK = 20_000
BREAK_EVERY_MINUTES = 120
BREAK_MINUTES = 15
BUY_IN_CENTS, FEE_CENTS = 20_000, 1_500  # the record's 215: 200 to the prize pool, 15 fee


def scaled_structure(players: int) -> Structure:
    """The scaled structure for ``players`` entrants (2 or more)."""
    end_big_blind = max(players, 2) * STARTING_STACK / 20
    first_big_blind = STARTING_STACK / 100
    levels = 1 + math.ceil(math.log(end_big_blind / first_big_blind) / math.log(GROWTH))
    played = LEVEL_MINUTES * (levels - 1)
    # The moment the last planned level begins, breaks included.
    target = played + BREAK_MINUTES * (played // BREAK_EVERY_MINUTES) + 1
    structure = generate_structure(
        CHIPS,
        max(players, 2),
        max(target, LEVEL_MINUTES),
        LEVEL_MINUTES,
        STARTING_STACK,
        "bb_ante",
        name=f"scaled-{players}",
        break_every_minutes=BREAK_EVERY_MINUTES,
        break_minutes=BREAK_MINUTES,
    )
    entry = msgspec.structs.replace(
        structure.entry,
        late_registration_until_level=3,
        buy_in_cents=BUY_IN_CENTS,
        fee_cents=FEE_CENTS,
    )
    return msgspec.structs.replace(structure, entry=entry)
