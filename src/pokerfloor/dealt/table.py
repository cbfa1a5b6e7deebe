"""A software-dealt table as an aggregate: commands in, events out, state by folding events.

``decide_deal`` and ``decide_act`` check a command against the state and return the events it
produces, without changing anything; ``apply`` folds one event in and never refuses what a
``decide`` produced; ``replay`` rebuilds the table from its stream. ``deal`` and ``act`` do both.

The betting is the hand engine's (``pokerfloor.hand.Hand``): this module translates seat
numbers to the engine's player indices and wraps its events, it never rules on an action.
A decision works on a hand rebuilt from the recorded events, so a refusal leaves the table as
it was and a table replayed after a crash resumes at the same action.
"""

from __future__ import annotations

from collections.abc import Iterable

import msgspec

from pokerfloor.dealt.commitment import check_deck, commitment, secret_bytes
from pokerfloor.dealt.events import DealtEvent, HandDealt, HandFinished, HandRevealed, HandStep
from pokerfloor.errors import PokerfloorError
from pokerfloor.hand import Action, Hand, HandSetup, ShowdownAction, Street, Timeout
from pokerfloor.hand import Event as HandEvent

__all__ = ["ActInHand", "DealHand", "DealtTable"]


class DealHand(msgspec.Struct, frozen=True):
    """Deal the next hand. ``deck`` and ``secret`` come from the application's shuffle
    (``pokerfloor.app.shuffle``): the core draws no random number."""

    setup: HandSetup
    deck: tuple[int, ...]
    secret: str  # hexadecimal
    at_ms: int


class ActInHand(msgspec.Struct, frozen=True):
    """The player at ``seat_no`` acts; ``Timeout`` is the server's command at the deadline,
    ruled by the profile (a check when nothing is to call, else a fold)."""

    seat_no: int
    action: Action | Timeout | ShowdownAction
    at_ms: int


class DealtTable:
    """One table's hands. Build it empty, or with ``DealtTable.replay(events)``."""

    def __init__(self) -> None:
        self.events: list[DealtEvent] = []
        self.hand_no = 0
        self.dealt: HandDealt | None = None  # the hand in progress or the last one
        self.hand_events: list[HandEvent] = []
        self.finished: HandFinished | None = None
        self.revealed: HandRevealed | None = None

    @classmethod
    def replay(cls, events: Iterable[DealtEvent]) -> DealtTable:
        table = cls()
        for event in events:
            table.apply(event)
        return table

    @property
    def in_hand(self) -> bool:
        """A hand is dealt and not yet revealed."""
        return self.dealt is not None and self.revealed is None

    def hand(self) -> Hand:
        """The current (or last) hand, rebuilt from its events: a fresh object to read or to
        try a command on."""
        if not self.hand_events:
            raise PokerfloorError("NO_HAND")
        return Hand.replay(self.hand_events)

    # ---- decisions ----------------------------------------------------------------------

    def decide_deal(self, command: DealHand) -> list[DealtEvent]:
        if self.in_hand:
            raise PokerfloorError(
                "HAND_IN_PROGRESS",
                {"hand_no": self.hand_no},
            )
        deck = check_deck(command.deck)
        secret_bytes(command.secret)
        hand_no = self.hand_no + 1
        hand = Hand.start(command.setup, deck)
        dealt = HandDealt(
            hand_no, commitment(deck, command.secret), deck, command.secret, command.at_ms
        )
        return [dealt, *self._steps(hand_no, hand, hand.events, dealt, command.at_ms)]

    def decide_act(self, command: ActInHand) -> list[DealtEvent]:
        if not self.in_hand or self.dealt is None:
            raise PokerfloorError("NO_HAND")
        hand = self.hand()
        if command.seat_no not in hand.players:
            raise PokerfloorError(
                "SEAT_NOT_IN_HAND",
                {"seat_no": command.seat_no, "seats": list(hand.players)},
            )
        player = hand.players.index(command.seat_no)
        new = hand.act(command.action, player)  # HandError (state unchanged) when refused
        return self._steps(self.hand_no, hand, new, self.dealt, command.at_ms)

    def _steps(
        self,
        hand_no: int,
        hand: Hand,
        new: Iterable[HandEvent],
        dealt: HandDealt,
        at_ms: int,
    ) -> list[DealtEvent]:
        """The engine's new events wrapped; when they end the hand, its summary and reveal."""
        steps: list[DealtEvent] = [HandStep(hand_no, event, at_ms) for event in new]
        if hand.street is Street.COMPLETE:
            stacks = tuple(sorted(zip(hand.players, hand.stacks, strict=True)))
            busted = tuple(seat_no for seat_no, chips in stacks if chips == 0)
            steps.append(HandFinished(hand_no, stacks, busted, at_ms))
            steps.append(HandRevealed(hand_no, dealt.commitment, dealt.deck, dealt.secret, at_ms))
        return steps

    # ---- applying -----------------------------------------------------------------------

    def apply(self, event: DealtEvent) -> None:
        self.events.append(event)
        if isinstance(event, HandDealt):
            self.hand_no = event.hand_no
            self.dealt = event
            self.hand_events = []
            self.finished = None
            self.revealed = None
        elif isinstance(event, HandStep):
            self.hand_events.append(event.event)
        elif isinstance(event, HandFinished):
            self.finished = event
        else:
            self.revealed = event

    def deal(self, command: DealHand) -> list[DealtEvent]:
        events = self.decide_deal(command)
        for event in events:
            self.apply(event)
        return events

    def act(self, command: ActInHand) -> list[DealtEvent]:
        events = self.decide_act(command)
        for event in events:
            self.apply(event)
        return events
