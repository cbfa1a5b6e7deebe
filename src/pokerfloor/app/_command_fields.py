"""The bounded field types of the service's commands: ids (the whole text must match), names,
chips, cents, times, points and payout specs, floor facts. Every command module builds its
fields from these, so a hostile request is refused with the path of the bad field."""

from __future__ import annotations

import re
from typing import Annotated

import msgspec

from pokerfloor.app.csv_cells import NO_CONTROL_PATTERN
from pokerfloor.tournament.limits import MAX_CENTS, MAX_CHIPS, MAX_REASON_LENGTH

DAY_MS = 24 * 60 * 60_000
MAX_ID_LENGTH = 64
# A tournament or player id: letters, digits, ``_.-``, starting with a letter or a digit. The
# whole text must match: msgspec searches the pattern (``re.search``) and ``$`` matches before
# a final newline too ("P01\n"), so the anchors are ``\A`` and ``\Z``.
ID_PATTERN = r"\A[A-Za-z0-9][A-Za-z0-9_.\-]*\Z"
_ID = re.compile(ID_PATTERN)


def is_valid_id(text: str) -> bool:
    """Whether ``text`` is a valid tournament or player id (the commands' rule)."""
    return len(text) <= MAX_ID_LENGTH and _ID.search(text) is not None


TournamentIdText = Annotated[
    str, msgspec.Meta(min_length=1, max_length=MAX_ID_LENGTH, pattern=ID_PATTERN)
]
PlayerIdText = Annotated[
    str, msgspec.Meta(min_length=1, max_length=MAX_ID_LENGTH, pattern=ID_PATTERN)
]
# A name has no control character: the API, the forms and the imports refuse them alike
# (app/csv_cells.py).
NameText = Annotated[str, msgspec.Meta(min_length=1, max_length=100, pattern=NO_CONTROL_PATTERN)]
Chips = Annotated[int, msgspec.Meta(ge=0, le=MAX_CHIPS)]
ChipValue = Annotated[int, msgspec.Meta(ge=1, le=MAX_CHIPS)]
Cents = Annotated[int, msgspec.Meta(ge=0, le=MAX_CENTS)]
Seed = Annotated[int, msgspec.Meta(ge=0, le=2**63 - 1)]
TableNo = Annotated[int, msgspec.Meta(ge=1, le=10_000)]
SeatNo = Annotated[int, msgspec.Meta(ge=1, le=10)]
HandNo = Annotated[int, msgspec.Meta(ge=1, le=10_000_000)]
TimeMs = Annotated[int, msgspec.Meta(ge=0, le=2**53)]
DeltaMs = Annotated[int, msgspec.Meta(ge=-DAY_MS, le=DAY_MS)]


ReasonText = Annotated[str, msgspec.Meta(min_length=1, max_length=MAX_REASON_LENGTH)]
MethodText = Annotated[str, msgspec.Meta(max_length=40)]  # cash, card, transfer...
PointsValue = Annotated[int, msgspec.Meta(ge=0, le=MAX_CENTS)]
# A formula's name (``name``) or one of its parameters (whole numbers, or a table of them).
PointsParam = (
    Annotated[str, msgspec.Meta(max_length=40)]
    | PointsValue
    | Annotated[tuple[PointsValue, ...], msgspec.Meta(max_length=1000)]
)
PointsKey = Annotated[str, msgspec.Meta(max_length=40)]
PointsSpec = Annotated[dict[PointsKey, PointsParam], msgspec.Meta(max_length=20)]
# A payout scheme has the same shape: a name and whole-number or text parameters.
PayoutSpec = PointsSpec
# A floor situation's key or one of its facts' keys, and a fact's value (pokerfloor.floor).
FloorKey = Annotated[str, msgspec.Meta(max_length=40)]
FloorFactValue = bool | Annotated[int, msgspec.Meta(ge=0, le=1000)] | FloorKey

# A bounty tournament: for each busted player, who won the pot holding their last chips and
# collects the bounty (several: a split pot). Without it, the only other player of the table;
# else the bust is refused (BOUNTY_COLLECTOR_MISSING). Ignored without bounties.
Eliminations = Annotated[
    dict[
        PlayerIdText, Annotated[tuple[PlayerIdText, ...], msgspec.Meta(min_length=1, max_length=9)]
    ],
    msgspec.Meta(max_length=10),
]
