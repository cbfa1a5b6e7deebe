"""The tournament's events: what happened, in the past tense, with stable snake_case tags.

They are the event log of ``pokerfloor simulate --events FILE.jsonl`` (docs/events.md) and the
stream a live tournament stores. Each records an outcome (the seat a player drew, every move of
a table break, the cards of a chip race), never an intention, so an outside checker can verify
every rule from the log alone.
"""

from __future__ import annotations

from typing import Any

import msgspec

from pokerfloor.tournament._flight_events import Day2Origin, FlightStopped
from pokerfloor.tournament.clock import ClockEvent
from pokerfloor.tournament.ranking import BustInfo
from pokerfloor.tournament.satellites import SatelliteAward
from pokerfloor.tournament.structure import Structure
from pokerfloor.tournament.types import Move, PlayerId


class SeatedPlayer(msgspec.Struct, frozen=True):
    player_id: PlayerId
    table_no: int
    seat_no: int


class TournamentCreated(msgspec.Struct, frozen=True, tag="tournament_created"):
    tournament_id: str
    profile: str
    structure_name: str
    table_size: int
    starting_stack: int
    at_ms: int
    max_players: int | None = None  # the field is full at this many: the rest wait
    structure: Structure | None = None  # the whole structure, so the log replays on its own
    # The championship points formula chosen at set-up: {"name": "sqrt", ...its parameters}.
    points: dict[str, Any] | None = None
    # The payout scheme chosen at set-up: {"name": "shares", "basis_points": [...]}, ...
    # (prizes.payout_scheme); none: the standard table.
    payouts: dict[str, Any] | None = None
    # The name people read ("Soirée du samedi — Deepstack"): the club event's title, or typed
    # at set-up; "" (and every log written before it): the pages show the id.
    display_name: str = ""
    # A Day 2: what it carries from its flights (flights.py); None on any other tournament.
    day2: Day2Origin | None = None


class PlayerRegistered(msgspec.Struct, frozen=True, tag="player_registered"):
    player_id: PlayerId
    name: str
    at_ms: int
    entry_no: int = 1  # 2 and more: a re-entry
    present: bool = True  # False: registered but not there yet (dealt in, blinds posted)
    # How the entry was paid when paid on the spot (a re-entry at the desk); "" = not yet.
    payment_method: str = ""


class WaitingListJoined(msgspec.Struct, frozen=True, tag="waiting_list_joined"):
    player_id: PlayerId
    name: str
    at_ms: int


class PlayerSeated(msgspec.Struct, frozen=True, tag="player_seated"):
    """A player seated after the draw: late registration, alternate, re-entry."""

    player_id: PlayerId
    table_no: int
    seat_no: int
    waits: bool  # between the small blind and the button: not dealt in until the button passes
    reason: str  # late_registration | alternate | reentry
    at_ms: int
    citations: tuple[str, ...] = ()


class PlayerArrived(msgspec.Struct, frozen=True, tag="player_arrived"):
    player_id: PlayerId
    at_ms: int


class AbsentSeatReleased(msgspec.Struct, frozen=True, tag="absent_seat_released"):
    """An absent player's seat goes to the waiting list (``player_id`` takes it with the
    ``stack`` left) or, with nobody waiting, the stack is removed (``chips_removed``)."""

    absent_player_id: PlayerId
    player_id: PlayerId | None
    name: str | None
    table_no: int
    seat_no: int
    stack: int
    chips_removed: int
    at_ms: int
    citations: tuple[str, ...] = ()


class SeatsDrawn(msgspec.Struct, frozen=True, tag="seats_drawn"):
    seats: tuple[SeatedPlayer, ...]
    tables: tuple[int, ...]
    citations: tuple[str, ...] = ()


class ButtonPlaced(msgspec.Struct, frozen=True, tag="button_placed"):
    table_no: int
    seat_no: int
    method: str  # seat_1 | high_card_draw | redraw
    cards: tuple[tuple[int, str], ...] = ()  # (seat, card) of the draw, in dealing order
    citations: tuple[str, ...] = ()


class HandPlayer(msgspec.Struct, frozen=True):
    player_id: PlayerId
    seat_no: int
    stack: int  # at the start of the hand
    final_stack: int
    dealt_in: bool = True


class HandPlayed(msgspec.Struct, frozen=True, tag="hand_played"):
    """One hand at one table, as the tournament sees it."""

    table_no: int
    hand_no: int  # per table, from 1
    at_ms: int
    level: int  # 1-based level number
    small_blind: int
    big_blind: int
    ante: int
    bb_ante: int
    button_seat: int
    small_blind_seat: int | None
    big_blind_seat: int
    players: tuple[HandPlayer, ...]
    waiting: tuple[int, ...] = ()  # seats not dealt in: between the small blind and the button
    hand_for_hand: bool = False
    citations: tuple[str, ...] = ()
    away: tuple[PlayerId, ...] = ()  # serving a penalty: dealt in, blinds posted, hand killed
    # When the hand began (its level is the one in force then); ``at_ms`` is when it was
    # reported. None in logs written before the field existed: the hand began at ``at_ms``.
    started_at_ms: int | None = None


class Placement(msgspec.Struct, frozen=True):
    player_id: PlayerId
    place: int
    tied_with: tuple[PlayerId, ...] = ()
    places_covered: tuple[int, ...] = ()


class BountyShare(msgspec.Struct, frozen=True):
    """What one collector got of a knockout's bounty: paid in cash, and added to their own
    head (a progressive knockout)."""

    player_id: PlayerId
    cash_cents: int
    head_cents: int


class Knockout(msgspec.Struct, frozen=True):
    """The bounty on a busted player's head and who collected it: the winner(s) of the pot
    holding the player's last chips, a split in the profile's odd-chip order. No shares: the
    bounty had no collector (a disqualification) and is forfeited to the prize pool."""

    player_id: PlayerId
    bounty_cents: int
    shares: tuple[BountyShare, ...] = ()
    citations: tuple[str, ...] = ()


class PlayersBusted(msgspec.Struct, frozen=True, tag="players_busted"):
    """Players ranked out. Hand-for-hand, ``round_no`` is the round of the hand they busted
    in; when busts of the same round at another table were ranked before, ``replaces_last`` is
    true and ``placements`` rank all of them together (the earlier group is replaced), so busts
    of one round share the places they cover whatever the table (tda-2024 RP-8)."""

    table_no: int
    hand_no: int
    at_ms: int
    placements: tuple[Placement, ...]
    hand_for_hand: bool = False
    citations: tuple[str, ...] = ()
    round_no: int = 0
    busts: tuple[BustInfo, ...] = ()  # what ranked them: table, hand and starting stack
    replaces_last: bool = False
    # A bounty tournament: the bounties of the players this event busts (not those of an
    # earlier group it ranks again), settled once. Empty in logs before bounties.
    knockouts: tuple[Knockout, ...] = ()


class PlayerRebought(msgspec.Struct, frozen=True, tag="player_rebought"):
    player_id: PlayerId
    chips: int
    paid_cents: int
    kind: str  # rebuy | addon | double_addon
    at_ms: int
    citations: tuple[str, ...] = ()
    # A rebuy at the bust: the player lost every chip (those still recorded in the stack went
    # to other players of the table, not counted yet) and buys the rebuy's chips at once.
    at_bust: bool = False
    # How it was paid on the spot; "" = not paid yet; None = logs before the cash book (paid).
    payment_method: str | None = None


class BustRebought(msgspec.Struct, frozen=True, tag="bust_rebought"):
    """A player busted during the rebuy period rebuys before the table's next hand: back at
    the seat with no chips (a ``player_rebought`` follows) and the bust's place is withdrawn."""

    player_id: PlayerId
    table_no: int
    seat_no: int
    at_ms: int
    citations: tuple[str, ...] = ()


class PlayersMoved(msgspec.Struct, frozen=True, tag="players_moved"):
    """Balancing moves, a table break or the final-table redraw."""

    reason: str  # balance | break | final_table
    moves: tuple[Move, ...]
    at_ms: int
    broken_table: int | None = None
    citations: tuple[str, ...] = ()


class MovesProposed(msgspec.Struct, frozen=True, tag="moves_proposed"):
    """Balancing instructions for the TD to carry out; nobody moves until each is confirmed."""

    moves: tuple[Move, ...]
    at_ms: int
    citations: tuple[str, ...] = ()


class SeatChanged(msgspec.Struct, frozen=True, tag="seat_changed"):
    """The TD put a player at a chosen free seat (one move) or swapped two players' seats (two
    moves, made at once), for special needs or another ``reason`` (tda-2024 R7). A moved
    player between the next button and small blind waits for the button, as after a move."""

    moves: tuple[Move, ...]  # each with reason "seat_change"
    reason: str
    at_ms: int
    citations: tuple[str, ...] = ()


class HandForHandChanged(msgspec.Struct, frozen=True, tag="hand_for_hand_changed"):
    active: bool
    players_left: int
    at_ms: int
    citations: tuple[str, ...] = ()
    clock_paused: bool = False  # hand-for-hand stopped a running clock (a clock_paused follows)


class ChipRaced(msgspec.Struct, frozen=True, tag="chip_raced"):
    """One table's chip race. ``odd_chips``: the chips of ``removed_chip`` counted for each
    seated player, in dealing order; ``dealer_seat``: the seat the race started left of (None
    from seat 1); ``given_not_raced_out``: players given a chip so nobody is raced out. Those
    three came with the counted race: older logs replay with their defaults."""

    table_no: int
    removed_chip: int
    next_chip: int
    cards: tuple[tuple[PlayerId, tuple[str, ...]], ...]
    winners: tuple[PlayerId, ...]
    stacks_before: tuple[tuple[PlayerId, int], ...]
    stacks_after: tuple[tuple[PlayerId, int], ...]
    at_ms: int
    citations: tuple[str, ...] = ()
    odd_chips: tuple[tuple[PlayerId, int], ...] = ()
    dealer_seat: int | None = None
    given_not_raced_out: tuple[PlayerId, ...] = ()


class PenaltyGiven(msgspec.Struct, frozen=True, tag="penalty_given"):
    player_id: PlayerId
    kind: str
    hands_to_miss: int
    reason: str
    at_ms: int
    chips_removed: int = 0
    citations: tuple[str, ...] = ()


class Prize(msgspec.Struct, frozen=True):
    player_id: PlayerId
    place: int
    cents: int
    points: int = 0  # championship points, in hundredths


class TournamentFinished(msgspec.Struct, frozen=True, tag="tournament_finished"):
    at_ms: int
    entries: int
    prize_pool_cents: int
    ranking: tuple[Placement, ...]
    prizes: tuple[Prize, ...]
    citations: tuple[str, ...] = ()
    # A satellite's awards: the seats won, the remainder's cash or credit (satellites.py).
    satellite: tuple[SatelliteAward, ...] = ()


class PlayerUnregistered(msgspec.Struct, frozen=True, tag="player_unregistered"):
    """A player leaves before the seat draw (or leaves the waiting list); the first player
    waiting, if any, takes the place by a ``player_registered`` recorded next."""

    player_id: PlayerId
    reason: str
    at_ms: int


class PaymentRecorded(msgspec.Struct, frozen=True, tag="payment_recorded"):
    player_id: PlayerId
    paid: bool
    method: str  # cash, card, transfer... as the desk names it
    at_ms: int
    # Money received (< 0: payments recorded by mistake taken back). None in logs before the
    # cash book: paid means paid in full at that moment.
    amount_cents: int | None = None


class CashRefunded(msgspec.Struct, frozen=True, tag="cash_refunded"):
    """Money given back to a player (an unregistration, a released no-show, a mistake)."""

    player_id: PlayerId
    amount_cents: int
    method: str
    reason: str
    at_ms: int


class PrizePoolBasisChosen(msgspec.Struct, frozen=True, tag="prize_pool_basis_chosen"):
    """The payouts count every entry, rebuy and add-on (``entries``) or only the money
    collected (``money``)."""

    basis: str
    at_ms: int


class BustCorrected(msgspec.Struct, frozen=True, tag="bust_corrected"):
    """A player wrongly recorded as busted is back at their seat with ``stack``; their last
    placement leaves the ranking history (the places recorded since move down by one)."""

    player_id: PlayerId
    table_no: int
    seat_no: int
    stack: int
    reason: str
    at_ms: int


class BustUndone(msgspec.Struct, frozen=True, tag="bust_undone"):
    """A bust recorded by mistake and undone at once (the console's "undo"): the player is
    back at the seat with the stack they had, taken back from the table's chips of unknown
    owner. A rebuy at that bust is cancelled first by a ``rebuy_corrected``."""

    player_id: PlayerId
    table_no: int
    seat_no: int
    stack: int
    reason: str
    at_ms: int


class RebuyCorrected(msgspec.Struct, frozen=True, tag="rebuy_corrected"):
    """The player's last rebuy or add-on is cancelled: its chips leave the stack, the counts
    and the prize pool go down."""

    player_id: PlayerId
    kind: str  # rebuy | addon
    chips: int
    paid_cents: int
    reason: str
    at_ms: int


class AddonWindowOpened(msgspec.Struct, frozen=True, tag="addon_window_opened"):
    """The TD opened the add-on window by hand (a correction of the structure's schedule),
    until the clock leaves the level or break in force (``period``: its timeline position)."""

    period: int
    reason: str
    at_ms: int


class HandCorrected(msgspec.Struct, frozen=True, tag="hand_corrected"):
    """The stacks of a table's last reported hand, corrected (the total is unchanged)."""

    table_no: int
    hand_no: int
    stacks_before: tuple[tuple[PlayerId, int], ...]
    stacks_after: tuple[tuple[PlayerId, int], ...]
    reason: str
    at_ms: int


class FloorCalled(msgspec.Struct, frozen=True, tag="floor_called"):
    """A table asks for the TD (a ruling, a dispute, a question)."""

    table_no: int
    reason: str
    at_ms: int
    # The captain says the button of hand ``hand_no`` was on ``button_seat``, not where
    # pokerfloor expects it: the TD confirms (``button_moved``) or answers the call.
    button_seat: int | None = None
    hand_no: int | None = None
    # The dealing irregularity the captain names (a ``pokerfloor.floor`` situation key, "" for
    # none) and the facts given, as text: the TD sees the suggested ruling next to the call.
    situation: str = ""
    facts: tuple[tuple[str, str], ...] = ()


class ButtonMoved(msgspec.Struct, frozen=True, tag="button_moved"):
    """The TD confirmed where the button really is: the table's next hand is dealt with the
    button on ``seat_no`` and the blinds after it, as at a table's first hand."""

    table_no: int
    seat_no: int
    reason: str
    at_ms: int
    citations: tuple[str, ...] = ()


class CaptainKeyRenewed(msgspec.Struct, frozen=True, tag="captain_key_renewed"):
    """The TD gave a table a new captain's link: the old key no longer opens the table (a
    lost phone, a captain replaced). ``renewal`` counts the table's renewals, from 1."""

    table_no: int
    renewal: int
    at_ms: int


class FloorCallAnswered(msgspec.Struct, frozen=True, tag="floor_call_answered"):
    table_no: int
    at_ms: int


class PlayerThinking(msgspec.Struct, frozen=True, tag="player_thinking"):
    """The table started timing a player who is thinking (the captain's phone or the TD): the
    clock may be called on them once ``clock.call_after_seconds`` have passed. ``hand_no``: the
    table's hand in play."""

    table_no: int
    seat_no: int
    player_id: PlayerId
    hand_no: int
    at_ms: int


class PlayerClockCalled(msgspec.Struct, frozen=True, tag="player_clock_called"):
    """A player is put on the clock: ``action_seconds`` to act, then a countdown of
    ``countdown_seconds`` (the profile's times, kept in the log as they applied);
    ``thinking_since_ms``: when the table started timing the player (None: not timed);
    ``by``: captain | td."""

    table_no: int
    seat_no: int
    player_id: PlayerId
    hand_no: int
    at_ms: int
    action_seconds: int
    countdown_seconds: int
    by: str
    thinking_since_ms: int | None = None
    citations: tuple[str, ...] = ()


class PlayerClockStopped(msgspec.Struct, frozen=True, tag="player_clock_stopped"):
    """The table's player clock (or its thinking timer) stops: ``reason`` acted (the player
    acted in time) | cancelled."""

    table_no: int
    reason: str
    at_ms: int


class PlayerClockExpired(msgspec.Struct, frozen=True, tag="player_clock_expired"):
    """Time ran out: the timeout ruling (hand/_timeout.py) on what the table said, facing a bet
    or not; ``decision`` check | dead, decided by the profile's ``setting``."""

    table_no: int
    seat_no: int
    player_id: PlayerId
    hand_no: int
    facing_bet: bool
    decision: str
    setting: str
    reason: str
    at_ms: int
    citations: tuple[str, ...] = ()


class DealShare(msgspec.Struct, frozen=True):
    player_id: PlayerId
    stack: int  # the chips the deal was computed from
    cents: int  # the player's share of the remaining prizes


class DealAgreed(msgspec.Struct, frozen=True, tag="deal_agreed"):
    """Every player in play agreed to share the prizes of places 1 to N (the TD confirms):
    ``payouts_cents`` are those prizes by the payout table at the deal, ``shares`` what each
    player takes instead (``method``: icm | chip_chop | custom); play goes on, and the finish
    pays the shares whatever the order. ``played_for_cents`` is kept out of the split: the
    winner takes it on top of their share."""

    method: str
    shares: tuple[DealShare, ...]
    payouts_cents: tuple[int, ...]
    total_cents: int  # sum(payouts_cents) = the shares + played_for_cents
    prize_pool_cents: int
    at_ms: int
    played_for_cents: int = 0
    citations: tuple[str, ...] = ()


class DealCancelled(msgspec.Struct, frozen=True, tag="deal_cancelled"):
    """The deal agreed is withdrawn before the finish; the payout table applies again."""

    reason: str
    at_ms: int


class RoomScreenSet(msgspec.Struct, frozen=True, tag="room_screen_set"):
    """What the TD puts on the room's screen besides the clock: the club's name and a message
    line ("Buffet à 21 h"); "" shows none. Public, like the screen."""

    club_name: str
    message: str
    at_ms: int


class RoomLogoSet(msgspec.Struct, frozen=True, tag="room_logo_set"):
    """The club's logo for the room's screen: the bytes of a PNG or JPEG image (base64 in
    JSON), checked when set; empty: the logo is removed."""

    logo: bytes
    at_ms: int


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
