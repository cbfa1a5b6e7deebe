"""One hand of No-Limit Hold'em, played by a rule profile: actions in, events out.

See docs/engine.md for the API and a runnable example.
"""

from pokerfloor.hand._engine import Hand, HandError
from pokerfloor.hand._model import (
    ACTION_KINDS,
    Acted,
    Action,
    ActionKind,
    BetReturned,
    BoardDealt,
    Committed,
    Event,
    HandEnded,
    HandKilled,
    HandSetup,
    HandsShown,
    HandStarted,
    HandVoided,
    HolesDealt,
    LegalActions,
    LiveAction,
    Noted,
    Posted,
    PotAwarded,
    Ruling,
    Seat,
    Street,
    Timeout,
)
from pokerfloor.hand._pots import build_pots, split_pot

__all__ = [
    "ACTION_KINDS",
    "Acted",
    "Action",
    "ActionKind",
    "BetReturned",
    "BoardDealt",
    "Committed",
    "Event",
    "Hand",
    "HandEnded",
    "HandError",
    "HandKilled",
    "HandSetup",
    "HandStarted",
    "HandVoided",
    "HandsShown",
    "HolesDealt",
    "LegalActions",
    "LiveAction",
    "Noted",
    "Posted",
    "PotAwarded",
    "Ruling",
    "Seat",
    "Street",
    "Timeout",
    "build_pots",
    "split_pot",
]
