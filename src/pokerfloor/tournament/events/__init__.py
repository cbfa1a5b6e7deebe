"""The tournament's events: what happened, in the past tense, with stable snake_case tags.

They are the event log of ``pokerfloor simulate --events FILE.jsonl`` (docs/events.md) and the
stream a live tournament stores. Each records an outcome (the seat a player drew, every move of
a table break, the cards of a chip race), never an intention, so an outside checker can verify
every rule from the log alone.

The events live in one module per area (``_entries``, ``_play``, ``_money``, ``_moves``,
``_floor``, ``_corrections``; the clock's in ``clock.py``, a flight's in
``_flight_events.py``); this package re-exports every name and holds their union,
``TournamentEvent``.
"""

from __future__ import annotations

from pokerfloor.tournament._flight_events import Day2Origin, FlightStopped
from pokerfloor.tournament.clock import ClockEvent
from pokerfloor.tournament.events._corrections import (
    BustCorrected,
    BustUndone,
    HandCorrected,
    RebuyCorrected,
)
from pokerfloor.tournament.events._entries import (
    AbsentSeatReleased,
    ButtonPlaced,
    PlayerArrived,
    PlayerRegistered,
    PlayerSeated,
    PlayerUnregistered,
    SeatedPlayer,
    SeatsDrawn,
    TournamentCreated,
    WaitingListJoined,
)
from pokerfloor.tournament.events._floor import (
    ButtonMoved,
    CaptainKeyRenewed,
    FloorCallAnswered,
    FloorCalled,
    PenaltyGiven,
    PlayerClockCalled,
    PlayerClockExpired,
    PlayerClockStopped,
    PlayerThinking,
    RoomLogoSet,
    RoomScreenSet,
)
from pokerfloor.tournament.events._money import (
    AddonWindowOpened,
    CashRefunded,
    PaymentRecorded,
    PlayerRebought,
    PrizePoolBasisChosen,
)
from pokerfloor.tournament.events._moves import MovesProposed, PlayersMoved, SeatChanged
from pokerfloor.tournament.events._play import (
    BountyShare,
    BustRebought,
    ChipRaced,
    DealAgreed,
    DealCancelled,
    DealShare,
    HandForHandChanged,
    HandPlayed,
    HandPlayer,
    Knockout,
    Placement,
    PlayersBusted,
    Prize,
    TournamentFinished,
)
from pokerfloor.tournament.ranking import BustInfo
from pokerfloor.tournament.satellites import SatelliteAward
from pokerfloor.tournament.structure import Structure
from pokerfloor.tournament.types import Move, PlayerId

__all__ = [
    "AbsentSeatReleased",
    "AddonWindowOpened",
    "BountyShare",
    "BustCorrected",
    "BustInfo",
    "BustRebought",
    "BustUndone",
    "ButtonMoved",
    "ButtonPlaced",
    "CaptainKeyRenewed",
    "CashRefunded",
    "ChipRaced",
    "ClockEvent",
    "Day2Origin",
    "DealAgreed",
    "DealCancelled",
    "DealShare",
    "FlightStopped",
    "FloorCallAnswered",
    "FloorCalled",
    "HandCorrected",
    "HandForHandChanged",
    "HandPlayed",
    "HandPlayer",
    "Knockout",
    "Move",
    "MovesProposed",
    "PaymentRecorded",
    "PenaltyGiven",
    "Placement",
    "PlayerArrived",
    "PlayerClockCalled",
    "PlayerClockExpired",
    "PlayerClockStopped",
    "PlayerId",
    "PlayerRebought",
    "PlayerRegistered",
    "PlayerSeated",
    "PlayerThinking",
    "PlayerUnregistered",
    "PlayersBusted",
    "PlayersMoved",
    "Prize",
    "PrizePoolBasisChosen",
    "RebuyCorrected",
    "RoomLogoSet",
    "RoomScreenSet",
    "SatelliteAward",
    "SeatChanged",
    "SeatedPlayer",
    "SeatsDrawn",
    "Structure",
    "TournamentCreated",
    "TournamentEvent",
    "TournamentFinished",
    "WaitingListJoined",
]

TournamentEvent = (
    TournamentCreated
    | FlightStopped
    | PlayerRegistered
    | WaitingListJoined
    | PlayerSeated
    | PlayerArrived
    | AbsentSeatReleased
    | SeatsDrawn
    | ButtonPlaced
    | HandPlayed
    | PlayersBusted
    | PlayerRebought
    | BustRebought
    | PlayersMoved
    | MovesProposed
    | SeatChanged
    | HandForHandChanged
    | ChipRaced
    | PenaltyGiven
    | TournamentFinished
    | PlayerUnregistered
    | PaymentRecorded
    | CashRefunded
    | PrizePoolBasisChosen
    | BustCorrected
    | BustUndone
    | RebuyCorrected
    | AddonWindowOpened
    | HandCorrected
    | FloorCalled
    | FloorCallAnswered
    | PlayerThinking
    | PlayerClockCalled
    | PlayerClockStopped
    | PlayerClockExpired
    | CaptainKeyRenewed
    | ButtonMoved
    | DealAgreed
    | DealCancelled
    | RoomScreenSet
    | RoomLogoSet
    | ClockEvent
)
