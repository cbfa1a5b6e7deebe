"""The commands of a live tournament, as they arrive from the API or the command line.

Each command is a msgspec Struct with a stable snake_case ``type`` tag (imperative: the TD asks
for something; the events say what happened). Every field is bounded here, at the edge, so a
hostile request is refused with the path of the bad field before the tournament sees it. Time
never travels in a command: the service stamps it from its clock. Randomness comes as an
optional ``seed`` (the service draws one when it is missing); the outcome (seats, cards) is
recorded in the events, so a replay never needs the seed.
"""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec

from pokerfloor.app._command_fields import (
    ID_PATTERN,
    MAX_ID_LENGTH,
    Cents,
    Chips,
    ChipValue,
    DeltaMs,
    Eliminations,
    FloorFactValue,
    FloorKey,
    HandNo,
    MethodText,
    NameText,
    PayoutSpec,
    PlayerIdText,
    PointsSpec,
    ReasonText,
    SeatNo,
    Seed,
    TableNo,
    TimeMs,
    TournamentIdText,
    is_valid_id,
)
from pokerfloor.tournament.flights import FlightRules
from pokerfloor.tournament.limits import MAX_CENTS, MAX_CHIPS, MAX_LEVELS
from pokerfloor.tournament.satellites import SatelliteRules
from pokerfloor.tournament.structure import BountyRules

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
    "StopPlayerClock",
    "TimePlayer",
    "TournamentCommand",
    "UndoBust",
    "Unregister",
    "command_type",
    "is_valid_id",
]


class _Command(msgspec.Struct, frozen=True, forbid_unknown_fields=True, tag_field="type"):
    """Base of the commands: unknown fields are refused (a typo is not silently ignored)."""


class CreateTournament(_Command, frozen=True, tag="create_tournament"):
    """A new tournament: a bundled rule profile, and a bundled structure template by name or
    the TOML text of a structure (docs/structure.md); never a file path. ``points``: the
    championship points formula of the evening, if any."""

    tournament_id: TournamentIdText
    profile: Annotated[str, msgspec.Meta(max_length=64)] = "tda-2024"
    structure: Annotated[str, msgspec.Meta(min_length=1, max_length=100_000)] = "club-evening"
    table_size: Annotated[int, msgspec.Meta(ge=2, le=10)] = 9
    max_players: Annotated[int, msgspec.Meta(ge=2, le=100_000)] | None = None
    # The championship points formula chosen at set-up (as ``finish.points``); ``finish``
    # uses it unless it names another.
    points: PointsSpec | None = None
    # The payout scheme (pokerfloor.tournament.prizes.payout_scheme): ``finish`` without
    # amounts pays the pool by it; none: the standard table.
    payouts: PayoutSpec | None = None
    # The name the pages show (the club event's title, or typed at set-up); "": the id.
    name: Annotated[str, msgspec.Meta(max_length=100)] = ""
    # A bounty or progressive knockout evening on the structure chosen (its ``[bounty]``
    # replaced): ``{"cents": 2500, "progressive_percent": 50, "rounding_cents": 100,
    # "last_bounty": "winner"}`` (docs/prizes.md).
    bounty: BountyRules | None = None
    # A satellite: ``{"target_buy_in_cents": 21500, "remainder": "next_place", "double_seat":
    # "cash"}``; a flight of a multi-day event: ``{"stop_players": 30, "stop_after_level": 0,
    # "carry": "best", "day1_ranking": "players_left"}`` (the structure's ``[satellite]`` or
    # ``[flight]`` replaced; docs/tournament.md, docs/prizes.md).
    satellite: SatelliteRules | None = None
    flight: FlightRules | None = None
    # A Day 2: the ids of its stopped flights, in the order played. Its structure is the
    # flights' (entries already paid, no rebuys); its players the survivors with their carried
    # stacks, seated by a fresh draw from ``seed`` (app/flights.py).
    day2_of: Annotated[tuple[TournamentIdText, ...], msgspec.Meta(max_length=20)] = ()
    seed: int | None = None


class RegisterPlayer(_Command, frozen=True, tag="register_player"):
    """Register before the seat draw (``present``: false when not there yet)."""

    player_id: PlayerIdText
    name: NameText
    present: bool = True


class RegisterLate(_Command, frozen=True, tag="register_late"):
    """Register after the draw: seated at once, or on the waiting list when full."""

    player_id: PlayerIdText
    name: NameText
    seed: Seed | None = None


class SeatAlternates(_Command, frozen=True, tag="seat_alternates"):
    """Seat the players of the waiting list while there is room."""

    seed: Seed | None = None


class DrawSeats(_Command, frozen=True, tag="draw_seats"):
    seed: Seed | None = None


class PlaceButtons(_Command, frozen=True, tag="place_buttons"):
    """The first button of every table that has none (start, final table)."""

    seed: Seed | None = None


class StartClock(_Command, frozen=True, tag="start_clock"):
    pass


class PauseClock(_Command, frozen=True, tag="pause_clock"):
    pass


class ResumeClock(_Command, frozen=True, tag="resume_clock"):
    pass


class AdjustClock(_Command, frozen=True, tag="adjust_clock"):
    """Add (> 0) or take off (< 0) time on the current level or break."""

    delta_ms: DeltaMs


class JumpToLevel(_Command, frozen=True, tag="jump_to_level"):
    """Go to a level with its full time; ``break_before``: to the break just before it."""

    level_index: Annotated[int, msgspec.Meta(ge=0, le=MAX_LEVELS - 1)]  # 0-based
    break_before: bool = False


class RecordHand(_Command, frozen=True, tag="record_hand"):
    """ "Hand finished" at a table, as the table captain reports it.

    ``final_stacks`` names every player dealt in. The positions are optional: when given they
    must be the ones the service derived (dead button), so a table that moved the button
    wrongly is told at once. ``started_at_ms`` (optional) is when the hand began, for a hand
    that finished after the level changed or during a break. Players left at 0 in ``rebuys``
    rebuy at once when allowed; the others are busted and ranked.

    ``busted``: players who busted in this hand, reported without stacks (a dealerless table
    does not count chips), as ``bust_players`` would right after the report, ranked with
    ``starting_stacks`` (all or none) together with any player left at 0; those of them in
    ``rebuys`` rebuy at the bust. The hand and its busts are recorded together or not at all.
    """

    table_no: TableNo
    hand_no: HandNo
    final_stacks: Annotated[dict[PlayerIdText, Chips], msgspec.Meta(min_length=2, max_length=10)]
    button_seat: SeatNo | msgspec.UnsetType = msgspec.UNSET
    small_blind_seat: SeatNo | msgspec.UnsetType | None = msgspec.UNSET
    big_blind_seat: SeatNo | msgspec.UnsetType = msgspec.UNSET
    rebuys: Annotated[tuple[PlayerIdText, ...], msgspec.Meta(max_length=10)] = ()
    busted: Annotated[tuple[PlayerIdText, ...], msgspec.Meta(max_length=10)] = ()
    starting_stacks: Annotated[dict[PlayerIdText, Chips], msgspec.Meta(max_length=10)] = {}
    started_at_ms: TimeMs | None = None
    eliminated_by: Eliminations = {}
    # Players seated at the table with no cards in this hand (a dealt table names them: seated
    # after the deal, a late entrant or a re-entry, or waiting for the button); they keep
    # their seats and are dealt in from a next hand (tda-2024 R8, R10 A).
    not_dealt_in: Annotated[tuple[PlayerIdText, ...], msgspec.Meta(max_length=10)] = ()


class BustPlayers(_Command, frozen=True, tag="bust_players"):
    """The players of one table who busted in its last hand (dealerless clubs report busts
    without stacks). ``starting_stacks``: the stacks of all of them at the start of the hand,
    when known (the bigger ranks higher, as the profile says); without them they tie.
    ``rebuys``: those of them who rebuy at once ("bust + rebuy"): they keep their seat with
    the rebuy's chips and get no place; refused with the reason when a rebuy is not allowed."""

    table_no: TableNo
    players: Annotated[tuple[PlayerIdText, ...], msgspec.Meta(min_length=1, max_length=10)]
    starting_stacks: Annotated[dict[PlayerIdText, Chips], msgspec.Meta(max_length=10)] = {}
    rebuys: Annotated[tuple[PlayerIdText, ...], msgspec.Meta(max_length=10)] = ()
    eliminated_by: Eliminations = {}


class Rebuy(_Command, frozen=True, tag="rebuy"):
    """A rebuy between hands; for a player busted in the table's last hand, the rebuy at the
    bust (back at the seat, the place withdrawn) until the table's next hand is reported.
    ``method``: how it was paid on the spot; "" when not paid yet (the cash book shows it)."""

    player_id: PlayerIdText
    method: MethodText = "cash"


class Addon(_Command, frozen=True, tag="addon"):
    player_id: PlayerIdText
    method: MethodText = "cash"


class Addons(_Command, frozen=True, tag="addons"):
    """Add-ons for several players at once (the break): a refusal for one records none."""

    players: Annotated[tuple[PlayerIdText, ...], msgspec.Meta(min_length=1, max_length=10_000)]
    method: MethodText = "cash"


class Reenter(_Command, frozen=True, tag="reenter"):
    player_id: PlayerIdText
    seed: Seed | None = None
    method: MethodText = "cash"


class Arrive(_Command, frozen=True, tag="arrive"):
    player_id: PlayerIdText


class ReleaseAbsentSeats(_Command, frozen=True, tag="release_absent_seats"):
    """Give absent players' seats to the waiting list when the profile allows it."""


class SetHandForHand(_Command, frozen=True, tag="set_hand_for_hand"):
    active: bool


class HandForHandRound(_Command, frozen=True, tag="hand_for_hand_round"):
    """One hand-for-hand round was played: the profile's time comes off the clock."""


class ProposeMoves(_Command, frozen=True, tag="propose_moves"):
    """Balancing moves as instructions for the TD; nobody moves until confirmed."""

    seed: Seed | None = None


class ConfirmMove(_Command, frozen=True, tag="confirm_move"):
    """The TD confirms that a player moved as instructed."""

    player_id: PlayerIdText


class ProposeBreakTable(_Command, frozen=True, tag="propose_break_table"):
    """Break a table: its players' new seats as instructions for the TD. Without
    ``table_no``, the table the predetermined procedure breaks next."""

    table_no: TableNo | None = None
    seed: Seed | None = None


class ProposeFinalTable(_Command, frozen=True, tag="propose_final_table"):
    """The final-table redraw as instructions; confirmed as a whole (``confirm_moves``)."""

    seed: Seed | None = None


class ConfirmMoves(_Command, frozen=True, tag="confirm_moves"):
    """The TD confirms the named moves (all the proposed ones when ``player_ids`` is empty),
    made at the same instant; a new final table then draws its first button."""

    player_ids: Annotated[tuple[PlayerIdText, ...], msgspec.Meta(max_length=100)] = ()
    seed: Seed | None = None


class CancelMoves(_Command, frozen=True, tag="cancel_moves"):
    """Drop the moves waiting for confirmation."""


class ChangeSeat(_Command, frozen=True, tag="change_seat"):
    """The TD puts a player at a chosen free seat (``table_no`` and ``seat_no``) or swaps
    their seat with ``swap_with``'s (special needs, tda-2024 R7); the reason is required."""

    player_id: PlayerIdText
    reason: ReasonText
    table_no: TableNo | None = None
    seat_no: SeatNo | None = None
    swap_with: PlayerIdText | None = None


class CallFloor(_Command, frozen=True, tag="call_floor"):
    """A table asks for the TD (from the table captain's page). ``button_seat``: the captain
    says the button of hand ``hand_no`` was there, not where pokerfloor expects it."""

    table_no: TableNo
    reason: Annotated[str, msgspec.Meta(max_length=200)] = ""
    button_seat: SeatNo | None = None
    hand_no: HandNo | None = None
    # A dealing irregularity (``pokerfloor.floor`` situation key) and its facts: optional.
    situation: FloorKey = ""
    facts: Annotated[dict[FloorKey, FloorFactValue], msgspec.Meta(max_length=5)] = {}


class MoveButton(_Command, frozen=True, tag="move_button"):
    """The TD confirms where a table's button really is: its next hand is dealt from there."""

    table_no: TableNo
    seat_no: SeatNo
    reason: ReasonText


class AnswerFloorCall(_Command, frozen=True, tag="answer_floor_call"):
    table_no: TableNo


class TimePlayer(_Command, frozen=True, tag="time_player"):
    """The table starts timing the player of a seat who is thinking: the clock may be called
    on them once the profile's ``clock.call_after_seconds`` have passed."""

    table_no: TableNo
    seat_no: SeatNo


class CallPlayerClock(_Command, frozen=True, tag="call_player_clock"):
    """Put the player of a seat on the clock with the profile's times; ``by`` captain (from
    the table captain's page: refused before the thinking time) or td."""

    table_no: TableNo
    seat_no: SeatNo
    by: Literal["captain", "td"] = "td"


class StopPlayerClock(_Command, frozen=True, tag="stop_player_clock"):
    """The player on the clock acted in time, or the clock (or the thinking timer) is
    cancelled."""

    table_no: TableNo
    reason: Literal["acted", "cancelled"] = "acted"


class ExpirePlayerClock(_Command, frozen=True, tag="expire_player_clock"):
    """Time ran out: record the profile's ruling, the player ``facing_bet`` or not."""

    table_no: TableNo
    facing_bet: bool


class RenewCaptainKey(_Command, frozen=True, tag="renew_captain_key"):
    """A new captain's link for the table: the old one stops opening it (a lost phone)."""

    table_no: TableNo


class Balance(_Command, frozen=True, tag="balance"):
    """Break tables no longer needed, redraw the final table, balance the others; then place
    the first button of a new final table."""

    seed: Seed | None = None


class ChipRace(_Command, frozen=True, tag="chip_race"):
    """``odd_chips``: for every player seated at the table, the chips of ``removed`` still
    held once changed up, as counted at the table (0 for none); without them the race is
    refused (``CHIP_RACE_NEEDS_COUNTS``)."""

    table_no: TableNo
    removed: ChipValue  # the denomination taken out of play
    next_chip: ChipValue  # the smallest denomination left
    seed: Seed | None = None
    odd_chips: Annotated[dict[PlayerIdText, Chips], msgspec.Meta(max_length=10)] | None = None


class Penalize(_Command, frozen=True, tag="penalize"):
    player_id: PlayerIdText
    kind: Annotated[str, msgspec.Meta(min_length=1, max_length=40)]
    reason: Annotated[str, msgspec.Meta(min_length=1, max_length=500)]


class Unregister(_Command, frozen=True, tag="unregister"):
    """A player leaves before the seat draw (or leaves the waiting list)."""

    player_id: PlayerIdText
    reason: ReasonText


class RecordPayment(_Command, frozen=True, tag="record_payment"):
    """Money received from a player: ``amount_cents`` (by default what they owe). ``paid``
    false takes back the payments recorded by mistake."""

    player_id: PlayerIdText
    paid: bool
    method: MethodText = ""
    amount_cents: Annotated[int, msgspec.Meta(ge=1, le=100_000_000)] | None = None


class Refund(_Command, frozen=True, tag="refund"):
    """Money given back to a player (by default their credit: paid beyond what they owe)."""

    player_id: PlayerIdText
    reason: ReasonText
    method: MethodText = "cash"
    amount_cents: Annotated[int, msgspec.Meta(ge=1, le=100_000_000)] | None = None


class ChoosePrizePoolBasis(_Command, frozen=True, tag="choose_prize_pool_basis"):
    """The payouts count every entry (``entries``) or only the money collected (``money``)."""

    basis: Literal["entries", "money"]


class CorrectBust(_Command, frozen=True, tag="correct_bust"):
    """A player wrongly recorded as busted goes back to their seat with ``stack``."""

    player_id: PlayerIdText
    stack: ChipValue
    reason: ReasonText


class UndoBust(_Command, frozen=True, tag="undo_bust"):
    """Undo a bust recorded by mistake while the table has played no hand since: the players
    go back with the stacks the bust took (a rebuy at that bust is cancelled first)."""

    players: Annotated[tuple[PlayerIdText, ...], msgspec.Meta(min_length=1, max_length=10)]
    reason: ReasonText


class OpenAddonWindow(_Command, frozen=True, tag="open_addon_window"):
    """The TD opens the add-on window by hand until the end of the level or break in force
    (a correction of the structure's schedule), with the reason."""

    reason: ReasonText


class CorrectRebuy(_Command, frozen=True, tag="correct_rebuy"):
    """Cancel the player's last rebuy or add-on."""

    player_id: PlayerIdText
    reason: ReasonText


class CorrectHand(_Command, frozen=True, tag="correct_hand"):
    """The stacks of a table's last reported hand were wrong: ``stacks`` gives the right
    ones for the players named (their total must not change: chips do not appear). Hand 0:
    the chips counted at a table that has reported no hand yet."""

    table_no: TableNo
    hand_no: Annotated[int, msgspec.Meta(ge=0, le=10_000_000)]
    stacks: Annotated[dict[PlayerIdText, Chips], msgspec.Meta(min_length=1, max_length=10)]
    reason: ReasonText


class AgreeDeal(_Command, frozen=True, tag="agree_deal"):
    """Every player in play agreed a deal on the remaining prizes (the TD confirms it).
    ``method``: ``icm`` or ``chip_chop`` (the split computed now; ``amounts_cents``, if given,
    must be the split the TD showed) or ``custom`` (``amounts_cents`` for every player in
    play). ``played_for_cents``: kept out of the split, for the winner."""

    method: Annotated[str, msgspec.Meta(min_length=1, max_length=20)]
    amounts_cents: Annotated[dict[PlayerIdText, Cents], msgspec.Meta(max_length=20)] | None = None
    played_for_cents: Cents = 0


class CancelDeal(_Command, frozen=True, tag="cancel_deal"):
    """Withdraw the deal agreed, before the finish."""

    reason: ReasonText


class Finish(_Command, frozen=True, tag="finish"):
    """Close the tournament. Without ``payouts_cents`` the prize pool is paid by the payout
    scheme chosen at set-up (the standard table if none); ``prize_pool_cents`` defaults to the
    pool collected. ``points``: a championship points formula, ``{"name": "sqrt", ...its
    parameters}`` (pokerfloor.tournament.points.points_formula); without it, the formula
    chosen at set-up.
    ``no_points``: score no championship points, even with a formula from the set-up.
    ``below_pool``: the TD knows the payouts given add up to less than the pool (without it,
    such a finish is refused with the amount left unpaid)."""

    payouts_cents: Annotated[tuple[Cents, ...], msgspec.Meta(max_length=1000)] | None = None
    prize_pool_cents: Cents | None = None
    points: PointsSpec | None = None
    no_points: bool = False
    below_pool: bool = False
    # A satellite: the players who already hold a seat to the target event (a seat won twice
    # is settled by the ``[satellite]`` rule).
    holding_seat: Annotated[tuple[PlayerIdText, ...], msgspec.Meta(max_length=1000)] = ()


class StopFlight(_Command, frozen=True, tag="stop_flight"):
    """A flight stops at its players or its level (``[flight]``): the survivors bag their
    chips. ``counted``: the stacks counted at the tables (every player left once, the same
    total); without it, the stacks recorded."""

    counted: Annotated[dict[PlayerIdText, Chips], msgspec.Meta(max_length=10_000)] | None = None


class SetRoomScreen(_Command, frozen=True, tag="set_room_screen"):
    """The club's name and the message line on the room's screen ("" for none); the core
    bounds their lengths (tournament/limits.py)."""

    club_name: Annotated[str, msgspec.Meta(max_length=500)] = ""
    message: Annotated[str, msgspec.Meta(max_length=500)] = ""


class SetRoomLogo(_Command, frozen=True, tag="set_room_logo"):
    """The club's logo on the room's screen: a PNG or JPEG image of at most 256 KB, base64
    in JSON (the core checks it); empty removes it."""

    # Bounded as a request body is (1 MB); the core refuses over 256 KB with the limit named.
    logo: Annotated[bytes, msgspec.Meta(max_length=1_000_000)] = b""


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
