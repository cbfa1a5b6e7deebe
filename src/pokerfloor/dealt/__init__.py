"""Software-dealt tables: a table's hands as events, the shuffle's commitment, who sees what.

Pure like the rest of the core: the deck order and the secret come in with the deal command
(``pokerfloor.app.shuffle`` draws them), the time with every command. See docs/dealt.md.
"""

from pokerfloor.dealt.commitment import check_deck, commitment, matches
from pokerfloor.dealt.events import (
    ActionTimedOut,
    CardsProven,
    DealtEvent,
    HandDealt,
    HandFinished,
    HandRevealed,
    HandStep,
    HandVoided,
    PlayerAway,
    PlayerBack,
    SeatLeft,
    SeatTaken,
    TablePaused,
    TableResumed,
)
from pokerfloor.dealt.table import ActInHand, ComeBack, DealHand, DealtTable, TimeSettings

__all__ = [
    "ActInHand",
    "ActionTimedOut",
    "CardsProven",
    "ComeBack",
    "DealHand",
    "DealtEvent",
    "DealtTable",
    "HandDealt",
    "HandFinished",
    "HandRevealed",
    "HandStep",
    "HandVoided",
    "PlayerAway",
    "PlayerBack",
    "SeatLeft",
    "SeatTaken",
    "TablePaused",
    "TableResumed",
    "TimeSettings",
    "check_deck",
    "commitment",
    "matches",
]
