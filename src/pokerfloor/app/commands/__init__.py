"""The commands of a live tournament, as they arrive from the API or the command line.

Each command is a msgspec Struct with a stable snake_case ``type`` tag (imperative: the TD asks
for something; the events say what happened). Every field is bounded here, at the edge, so a
hostile request is refused with the path of the bad field before the tournament sees it. Time
never travels in a command: the service stamps it from its clock. Randomness comes as an
optional ``seed`` (the service draws one when it is missing); the outcome (seats, cards) is
recorded in the events, so a replay never needs the seed.

The commands live in one module per area (``_setup``, ``_clock``, ``_play``, ``_money``,
``_moves``, ``_floor``, ``_corrections``, their base in ``_base``); this package re-exports
every name and holds their union (``TournamentCommand``, in the order the API's schema lists
them), the decoders and ``command_type``.
"""

from __future__ import annotations

import msgspec

from pokerfloor.app._command_fields import ID_PATTERN, MAX_ID_LENGTH, is_valid_id
from pokerfloor.app.commands._clock import (
    AdjustClock,
    JumpToLevel,
    PauseClock,
    ResumeClock,
    StartClock,
)
from pokerfloor.app.commands._corrections import CorrectBust, CorrectHand, CorrectRebuy, UndoBust
from pokerfloor.app.commands._floor import (
    AnswerFloorCall,
    CallFloor,
    CallPlayerClock,
    ExpirePlayerClock,
    MoveButton,
    Penalize,
    RenewCaptainKey,
    SetRoomLogo,
    SetRoomScreen,
    StopPlayerClock,
    TimePlayer,
)
from pokerfloor.app.commands._money import (
    Addon,
    Addons,
    ChoosePrizePoolBasis,
    OpenAddonWindow,
    Rebuy,
    RecordPayment,
    Refund,
)
from pokerfloor.app.commands._moves import (
    Balance,
    CancelMoves,
    ChangeSeat,
    ConfirmMove,
    ConfirmMoves,
    ProposeBreakTable,
    ProposeFinalTable,
    ProposeMoves,
)
from pokerfloor.app.commands._play import (
    AgreeDeal,
    BustPlayers,
    CancelDeal,
    ChipRace,
    Finish,
    HandForHandRound,
    RecordHand,
    SetHandForHand,
    StopFlight,
)
from pokerfloor.app.commands._setup import (
    Arrive,
    CreateTournament,
    DrawSeats,
    PlaceButtons,
    Reenter,
    RegisterLate,
    RegisterPlayer,
    ReleaseAbsentSeats,
    SeatAlternates,
    Unregister,
)
from pokerfloor.tournament.limits import MAX_CENTS, MAX_CHIPS

__all__ = [
    "COMMAND_DECODER",
    "CREATE_DECODER",
    "ID_PATTERN",
    "MAX_CENTS",
    "MAX_CHIPS",
    "MAX_ID_LENGTH",
    "Addon",
    "Addons",
    "AdjustClock",
    "AgreeDeal",
    "AnswerFloorCall",
    "Arrive",
    "Balance",
    "BustPlayers",
    "CallFloor",
    "CallPlayerClock",
    "CancelDeal",
    "CancelMoves",
    "ChangeSeat",
    "ChipRace",
    "ChoosePrizePoolBasis",
    "Command",
    "ConfirmMove",
    "ConfirmMoves",
    "CorrectBust",
    "CorrectHand",
    "CorrectRebuy",
    "CreateTournament",
    "DrawSeats",
    "ExpirePlayerClock",
    "Finish",
    "HandForHandRound",
    "JumpToLevel",
    "MoveButton",
    "OpenAddonWindow",
    "PauseClock",
    "Penalize",
    "PlaceButtons",
    "ProposeBreakTable",
    "ProposeFinalTable",
    "ProposeMoves",
    "Rebuy",
    "RecordHand",
    "RecordPayment",
    "Reenter",
    "Refund",
    "RegisterLate",
    "RegisterPlayer",
    "ReleaseAbsentSeats",
    "RenewCaptainKey",
    "ResumeClock",
    "SeatAlternates",
    "SetHandForHand",
    "SetRoomLogo",
    "SetRoomScreen",
    "StartClock",
    "StopFlight",
    "StopPlayerClock",
    "TimePlayer",
    "TournamentCommand",
    "UndoBust",
    "Unregister",
    "command_type",
    "is_valid_id",
]

TournamentCommand = (
    ProposeMoves
    | ConfirmMove
    | ProposeBreakTable
    | ProposeFinalTable
    | ConfirmMoves
    | CancelMoves
    | ChangeSeat
    | CorrectHand
    | CallFloor
    | AnswerFloorCall
    | TimePlayer
    | CallPlayerClock
    | StopPlayerClock
    | ExpirePlayerClock
    | RenewCaptainKey
    | RegisterPlayer
    | RegisterLate
    | SeatAlternates
    | DrawSeats
    | PlaceButtons
    | StartClock
    | PauseClock
    | ResumeClock
    | AdjustClock
    | JumpToLevel
    | RecordHand
    | BustPlayers
    | Rebuy
    | Addon
    | Addons
    | Reenter
    | Arrive
    | ReleaseAbsentSeats
    | SetHandForHand
    | HandForHandRound
    | Balance
    | ChipRace
    | Penalize
    | Finish
    | SetRoomScreen
    | SetRoomLogo
    | AgreeDeal
    | CancelDeal
    | Unregister
    | RecordPayment
    | MoveButton
    | Refund
    | ChoosePrizePoolBasis
    | CorrectBust
    | CorrectRebuy
    | OpenAddonWindow
    | UndoBust
    | StopFlight
)
Command = CreateTournament | TournamentCommand

COMMAND_DECODER = msgspec.json.Decoder(TournamentCommand)
CREATE_DECODER = msgspec.json.Decoder(CreateTournament)


def command_type(command: Command) -> str:
    """The stable tag of a command (``register_player``)."""
    return str(type(command).__struct_config__.tag)
