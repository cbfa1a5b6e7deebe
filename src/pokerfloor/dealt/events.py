"""A dealt table's events, with stable snake_case tags (docs/events.md).

The table's stream holds its hands: the deal (with the commitment), every event of the hand
engine wrapped with its hand number and time, the hand's summary for the tournament, then the
reveal of the deck order and secret. The deal event also stores the order and the secret so a
restarted server can go on and reveal them; the projections (``views.py``) decide who reads
what, and only the TD's view holds them before ``hand_revealed``.
"""

from __future__ import annotations

import msgspec

from pokerfloor.hand import Event as HandEvent


class HandDealt(msgspec.Struct, frozen=True, tag="hand_dealt"):
    """A hand dealt from ``deck``; ``commitment`` (public) is sha256(deck bytes + secret)."""

    hand_no: int
    commitment: str
    deck: tuple[int, ...]  # private until hand_revealed
    secret: str  # hexadecimal; private until hand_revealed
    at_ms: int
    # The action clock of this hand (docs/dealt.md): each player has ``action_ms`` to act, then
    # draws on a time bank of ``bank_ms`` for the whole stream; ``away_after`` timeouts in a row
    # mark the player away (0: never). 0 ms: no clock (a table driven by hand, the tests).
    action_ms: int = 0
    bank_ms: int = 0
    away_after: int = 0
    # One commitment per card (commitment.card_commitments), public from the deal: the cards
    # everyone saw are proven one by one after the hand (``cards_proven``).
    card_commitments: tuple[str, ...] = ()


class HandStep(msgspec.Struct, frozen=True, tag="hand_step"):
    """One event of the hand engine (``pokerfloor.hand``), with its rulings and citations."""

    hand_no: int
    event: HandEvent
    at_ms: int


class HandFinished(msgspec.Struct, frozen=True, tag="hand_finished"):
    """What the tournament needs from the hand: each seat's final stack and the seats busted
    (no chips left), in seat-number order."""

    hand_no: int
    stacks: tuple[tuple[int, int], ...]  # (seat_no, chips)
    busted: tuple[int, ...]  # seat numbers
    at_ms: int


class CardsProven(msgspec.Struct, frozen=True, tag="cards_proven"):
    """After the hand, for every card everyone saw (the board, the hands shown): its place in
    the deck, the card and its salt, to check against ``hand_dealt.card_commitments``. Public:
    the salts say nothing about the cards that stay hidden."""

    hand_no: int
    proofs: tuple[tuple[int, int, str], ...]  # (position, card, salt hex)
    at_ms: int


class HandRevealed(msgspec.Struct, frozen=True, tag="hand_revealed"):
    """After the hand: the deck order and secret, so anyone holding them can recompute the
    commitment published at the deal."""

    hand_no: int
    commitment: str
    deck: tuple[int, ...]
    secret: str
    at_ms: int


class ActionTimedOut(msgspec.Struct, frozen=True, tag="action_timed_out"):
    """The player at ``seat_no`` let the action clock run out; the engine's ruling follows
    (``hand_step``: a check when nothing is to call, else the hand is dead)."""

    hand_no: int
    seat_no: int
    deadline_ms: int
    at_ms: int


class PlayerAway(msgspec.Struct, frozen=True, tag="player_away"):
    """``missed`` timeouts in a row: the player is away, dealt in with a dead hand (blinds and
    antes posted) until they come back (tda-2024 R30: absent players are dealt in)."""

    seat_no: int
    missed: int
    at_ms: int


class PlayerBack(msgspec.Struct, frozen=True, tag="player_back"):
    """The player tapped "I'm back": dealt a live hand from the next deal on."""

    seat_no: int
    at_ms: int


class HandVoided(msgspec.Struct, frozen=True, tag="hand_voided"):
    """The TD killed the hand by the irregularity engine's ruling (a misdeal: the hand is void,
    every chip posted or bet goes back, ``refunds`` by seat; the ruling's decision and
    citations in the ``hand_step`` before). The tournament records no hand: the same button
    deals again, and the table's next hand is the tournament's same hand number."""

    hand_no: int
    refunds: tuple[tuple[int, int], ...]  # (seat_no, chips)
    at_ms: int


class SeatLeft(msgspec.Struct, frozen=True, tag="seat_left"):
    """The player at ``seat_no`` left the table between hands (busted, or moved to another
    table): the seat's clock (bank spent, timeouts in a row, away) is no longer theirs."""

    seat_no: int
    at_ms: int


class SeatTaken(msgspec.Struct, frozen=True, tag="seat_taken"):
    """A player moved in at ``seat_no`` between hands, with the clock they had at their old
    table: the bank spent, the timeouts in a row, away or not (the state follows the
    player, not the seat)."""

    seat_no: int
    bank_used_ms: int
    missed: int
    away: bool
    at_ms: int


class TablePaused(msgspec.Struct, frozen=True, tag="table_paused"):
    """The TD paused the table: no action is taken, no hand dealt, the action clock stops."""

    at_ms: int


class TableResumed(msgspec.Struct, frozen=True, tag="table_resumed"):
    """The TD resumed the table: the player to act gets back the time they had left."""

    at_ms: int


DealtEvent = (
    HandDealt
    | HandStep
    | HandFinished
    | CardsProven
    | HandRevealed
    | ActionTimedOut
    | PlayerAway
    | PlayerBack
    | HandVoided
    | SeatLeft
    | SeatTaken
    | TablePaused
    | TableResumed
)

__all__ = [
    "ActionTimedOut",
    "CardsProven",
    "DealtEvent",
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
]
