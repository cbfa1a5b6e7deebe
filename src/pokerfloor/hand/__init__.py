"""One hand of No-Limit Hold'em, played by a rule profile: actions in, events out.

See docs/engine.md for the API and a runnable example.

``ENGINE`` says which modules play: "compiled" (mypyc's build, made by ``uv sync`` where a C
compiler exists, used while it matches the sources) or "pure" (``pokerfloor/_native.py``);
one build with the PHH reader's modules, so always the same as ``pokerfloor.formats.READER``.
"""

from pokerfloor._native import use_compiled

ENGINE = use_compiled(__path__)  # before the engine's modules are imported

from pokerfloor.hand._engine import Hand, HandError  # noqa: E402
from pokerfloor.hand._irregularities import (  # noqa: E402
    BoardIrregularity,
    ExposeCard,
    FouledDeck,
    Irregularity,
    KillHand,
    Misdeal,
)
from pokerfloor.hand._model import (  # noqa: E402
    ACTION_KINDS,
    SHOWDOWN_KINDS,
    Acted,
    Action,
    ActionKind,
    BetReturned,
    BoardDealt,
    CardsShown,
    Committed,
    DealCorrected,
    Event,
    FloorStep,
    HandEnded,
    HandKilled,
    HandMucked,
    HandSetup,
    HandsShown,
    HandStarted,
    HandVoided,
    HolesDealt,
    LegalActions,
    LiveAction,
    Misdealt,
    Noted,
    Posted,
    PotAwarded,
    Reason,
    Ruling,
    Seat,
    ShowdownAction,
    ShowdownKind,
    ShowdownOpened,
    Street,
    Timeout,
)
from pokerfloor.hand._pots import build_pots, split_pot  # noqa: E402
from pokerfloor.hand._timeout import TimeoutRuling, timeout_reason, timeout_ruling  # noqa: E402

__all__ = [
    "ACTION_KINDS",
    "ENGINE",
    "SHOWDOWN_KINDS",
    "Acted",
    "Action",
    "ActionKind",
    "BetReturned",
    "BoardDealt",
    "BoardIrregularity",
    "CardsShown",
    "Committed",
    "DealCorrected",
    "Event",
    "ExposeCard",
    "FloorStep",
    "FouledDeck",
    "Hand",
    "HandEnded",
    "HandError",
    "HandKilled",
    "HandMucked",
    "HandSetup",
    "HandStarted",
    "HandVoided",
    "HandsShown",
    "HolesDealt",
    "Irregularity",
    "KillHand",
    "LegalActions",
    "LiveAction",
    "Misdeal",
    "Misdealt",
    "Noted",
    "Posted",
    "PotAwarded",
    "Reason",
    "Ruling",
    "Seat",
    "ShowdownAction",
    "ShowdownKind",
    "ShowdownOpened",
    "Street",
    "Timeout",
    "TimeoutRuling",
    "build_pots",
    "split_pot",
    "timeout_reason",
    "timeout_ruling",
]
