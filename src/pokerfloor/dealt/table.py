"""A software-dealt table as an aggregate: commands in, events out, state by folding events.

``decide_deal`` and ``decide_act`` check a command against the state and return the events it
produces, without changing anything; ``apply`` folds one event in and never refuses what a
``decide`` produced; ``replay`` rebuilds the table from its stream. ``deal`` and ``act`` do both.

The betting is the hand engine's (``pokerfloor.hand.Hand``): this module translates seat
numbers to the engine's player indices and wraps its events, it never rules on an action.

The live hand is a cached value (issue 32 item 5: it was rebuilt from its events three times
per action). The table holds the hand as of its recorded events, built once at the deal and
never changed afterwards, so a page may read it while the dealer works. A decision tries the
command on a copy (``Hand.copy``): a refusal leaves the table as it was, and an accepted one
keeps its copy aside; when its events are folded in, one by one, that copy becomes the
table's hand. Events folded in from elsewhere (another server's, a stored stream) advance a
copy of the hand by those events when it is next read (``Hand.followed``); a table replayed
from its stream builds its hand once, from the events, at its first read, so a table
replayed after a crash resumes at the same action.
"""

from __future__ import annotations

from collections.abc import Iterable

import msgspec

from pokerfloor.dealt.commitment import (
    card_commitments,
    card_salt,
    check_deck,
    commitment,
    secret_bytes,
)
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
from pokerfloor.errors import PokerfloorError
from pokerfloor.hand import (
    Acted,
    Action,
    CardsShown,
    FouledDeck,
    Hand,
    HandSetup,
    HandsShown,
    HandStarted,
    Misdeal,
    Misdealt,
    ShowdownAction,
    Street,
    Timeout,
)
from pokerfloor.hand import Event as HandEvent

__all__ = ["ActInHand", "ComeBack", "DealHand", "DealtTable", "TimeSettings"]


class TimeSettings(msgspec.Struct, frozen=True):
    """The action clock a hand is dealt with (recorded in ``hand_dealt``): ``action_ms`` per
    action, a time bank of ``bank_ms`` drawn on past it, ``away_after`` timeouts in a row
    mark the player away (0: never). All 0: no clock."""

    action_ms: int = 0
    bank_ms: int = 0
    away_after: int = 0


class DealHand(msgspec.Struct, frozen=True):
    """Deal the next hand. ``deck`` and ``secret`` come from the application's shuffle
    (``pokerfloor.app.shuffle``): the core draws no random number."""

    setup: HandSetup
    deck: tuple[int, ...]
    secret: str  # hexadecimal
    at_ms: int
    time: TimeSettings = TimeSettings()


class ActInHand(msgspec.Struct, frozen=True):
    """The player at ``seat_no`` acts; ``Timeout`` is the server's command at the deadline,
    ruled by the profile (a check when nothing is to call, else a fold)."""

    seat_no: int
    action: Action | Timeout | ShowdownAction
    at_ms: int


class ComeBack(msgspec.Struct, frozen=True):
    """The away player at ``seat_no`` is back (one tap): a live hand from the next deal."""

    seat_no: int
    at_ms: int


class DealtTable:
    """One table's hands. Build it empty, or with ``DealtTable.replay(events)``."""

    # What a copy for readers on other threads shares or leaves out (``app/_dealt_slots.py``):
    # the kept hand is replaced by the next one, never changed in place; a decision's hand is
    # the dealer's alone until its events are folded in.
    KEPT_WHOLE = frozenset({"_hand"})
    DEALER_ONLY = frozenset({"_pending", "_pending_dealt"})

    def __init__(self) -> None:
        self.events: list[DealtEvent] = []
        self.hand_no = 0
        self.dealt: HandDealt | None = None  # the hand in progress or the last one
        self.hand_events: list[HandEvent] = []
        # The hand as of ``hand_events`` (None: built at the next read); a decision's hand,
        # ahead of them by its events, becomes it once they are folded in (``_pending``).
        self._hand: Hand | None = None
        self._pending: Hand | None = None
        self._pending_dealt: HandDealt | None = None
        self.finished: HandFinished | None = None
        self.revealed: HandRevealed | None = None
        self.proven: CardsProven | None = None
        # The action clock, derived from the recorded times only (a restarted server finds
        # the same deadline): when the player to act got the turn, each seat's bank spent,
        # timeouts in a row, the seats away.
        self.seats_by_index: tuple[int, ...] = ()
        self.turn_started_ms = 0
        self.bank_used: dict[int, int] = {}
        self.missed: dict[int, int] = {}
        self.away: set[int] = set()
        self._timed_out_seat = 0
        self.paused_at_ms: int | None = None  # the TD paused the table (the clock stops)
        self.voided = 0  # hands the TD killed as void: the tournament recorded none of them
        # Values derived from the table, kept by its projections with the number of events
        # they were made at (``views.py``: the TD's and the public view of this version).
        self.memo: dict[str, tuple[int, object]] = {}

    @classmethod
    def replay(cls, events: Iterable[DealtEvent]) -> DealtTable:
        table = cls()
        for event in events:
            table.apply(event)
        return table

    @property
    def played_no(self) -> int:
        """The tournament's number of the current (or last) hand: the table's own number less
        the hands voided (a misdeal is dealt again under the same number)."""
        return self.hand_no - self.voided

    @property
    def in_hand(self) -> bool:
        """A hand is dealt and not yet revealed."""
        return self.dealt is not None and self.revealed is None

    def to_act_seat(self) -> int:
        """The seat whose turn it is in the hand in progress; 0: nobody."""
        if not self.in_hand:
            return 0
        hand = self.hand()
        return hand.players[hand.to_act] if hand.to_act >= 0 else 0

    def bank_left(self, seat_no: int) -> int:
        bank = self.dealt.bank_ms if self.dealt is not None else 0
        return max(0, bank - self.bank_used.get(seat_no, 0))

    def deadline_ms(self, seat_no: int) -> int | None:
        """When the turn of ``seat_no`` (to act now) times out: its action time from when the
        turn began, then its bank; None without a clock."""
        if self.dealt is None or self.dealt.action_ms <= 0:
            return None
        return self.turn_started_ms + self.dealt.action_ms + self.bank_left(seat_no)

    def hand(self) -> Hand:
        """The current (or last) hand, as of the recorded events: read it, do not change it
        (to try a command, ``copy()`` it). Built once, then kept while no event comes."""
        events = self.hand_events
        hand = self._hand
        # The same hand (its first event), up to the same event: the common case.
        if hand is not None and len(hand.events) == len(events) and hand.events[0] is events[0]:
            return hand
        if not events:
            raise PokerfloorError("NO_HAND")
        if hand is not None and len(hand.events) < len(events) and hand.events[0] is events[0]:
            hand = hand.followed(events[len(hand.events) :])  # events from elsewhere
        else:
            hand = Hand.replay(events)  # a table read back from its stream
        self._hand = hand
        return hand

    # ---- decisions ----------------------------------------------------------------------

    def decide_deal(self, command: DealHand) -> list[DealtEvent]:
        self._check_not_paused()
        if self.in_hand:
            raise PokerfloorError("HAND_IN_PROGRESS", {"hand_no": self.hand_no})
        deck = check_deck(command.deck)
        secret_bytes(command.secret)
        hand_no = self.hand_no + 1
        hand = Hand.start(command.setup, deck)
        time = command.time
        dealt = HandDealt(
            hand_no,
            commitment(deck, command.secret),
            deck,
            command.secret,
            command.at_ms,
            time.action_ms,
            time.bank_ms,
            time.away_after,
            card_commitments(deck, command.secret),
        )
        events = [dealt, *self._steps(hand_no, hand, hand.events, dealt, command.at_ms)]
        self._pending, self._pending_dealt = hand, dealt
        return events

    def decide_act(self, command: ActInHand) -> list[DealtEvent]:
        self._check_not_paused()
        if not self.in_hand or self.dealt is None:
            raise PokerfloorError("NO_HAND")
        current = self.hand()
        if command.seat_no not in current.players:
            raise PokerfloorError(
                "SEAT_NOT_IN_HAND", {"seat_no": command.seat_no, "seats": list(current.players)}
            )
        player = current.players.index(command.seat_no)
        action = command.action
        if isinstance(action, Timeout) and current.street is Street.SHOWDOWN:
            # The clock ran out at a showdown the players play: the hand is tabled and the
            # cards speak (tda-2024 R12, R13 C): a software dealer never kills a hand unread.
            action = ShowdownAction("show")
        hand = current.copy()
        new = hand.act(action, player)  # HandError when refused: the copy is dropped
        steps = self._steps(self.hand_no, hand, new, self.dealt, command.at_ms)
        self._pending = hand
        if not isinstance(command.action, Timeout) or self.dealt.action_ms <= 0:
            return steps  # a table without a clock: the timeout is the engine's ruling only
        seat_no = command.seat_no
        deadline = self.deadline_ms(seat_no) or command.at_ms
        missed = self.missed.get(seat_no, 0) + 1
        timed_out: list[DealtEvent] = [
            ActionTimedOut(self.hand_no, seat_no, deadline, command.at_ms)
        ]
        away_after = self.dealt.away_after
        if away_after > 0 and missed >= away_after and seat_no not in self.away:
            timed_out.append(PlayerAway(seat_no, missed, command.at_ms))
        return [*timed_out, *steps]

    def decide_come_back(self, command: ComeBack) -> list[DealtEvent]:
        if command.seat_no not in self.away:
            raise PokerfloorError("NOT_AWAY", {"seat_no": command.seat_no})
        return [PlayerBack(command.seat_no, command.at_ms)]

    def decide_irregularity(
        self, irregularity: Misdeal | FouledDeck, at_ms: int
    ) -> list[DealtEvent]:
        """The TD calls a dealing irregularity (a misdeal, a fouled deck): the hand engine asks
        the floor's rules of the profile (``pokerfloor.floor``) and applies the ruling, with its
        citations (refused, e.g. ``MISDEAL_TOO_LATE`` after substantial action, it changes
        nothing). A hand ruled void ends at once (``hand_voided``, every chip back)."""
        if not self.in_hand or self.dealt is None:
            raise PokerfloorError("NO_HAND")
        hand = self.hand().copy()
        new = hand.apply_irregularity(irregularity)  # refused: the copy is dropped
        self._pending = hand
        if not hand.redeal:
            return self._steps(self.hand_no, hand, new, self.dealt, at_ms)
        steps: list[DealtEvent] = [HandStep(self.hand_no, event, at_ms) for event in new]
        refunds = next(e.refunds for e in new if isinstance(e, Misdealt))
        by_seat = tuple(sorted((hand.players[player], chips) for player, chips in refunds))
        dealt = self.dealt
        return [
            *steps,
            HandVoided(self.hand_no, by_seat, at_ms),
            HandRevealed(self.hand_no, dealt.commitment, dealt.deck, dealt.secret, at_ms),
        ]

    def _check_not_paused(self) -> None:
        if self.paused_at_ms is not None:
            raise PokerfloorError("TABLE_PAUSED", {"hand_no": self.hand_no})

    def decide_pause(self, at_ms: int) -> list[DealtEvent]:
        """The TD pauses the table: no action until resumed, the action clock stopped."""
        if self.paused_at_ms is not None:
            raise PokerfloorError("TABLE_PAUSED", {"hand_no": self.hand_no})
        return [TablePaused(at_ms)]

    def decide_resume(self, at_ms: int) -> list[DealtEvent]:
        """The TD resumes the table: the player to act has the time left at the pause."""
        if self.paused_at_ms is None:
            raise PokerfloorError("TABLE_NOT_PAUSED", {"hand_no": self.hand_no})
        return [TableResumed(max(at_ms, self.paused_at_ms))]

    def decide_seat_left(self, seat_no: int, at_ms: int) -> list[DealtEvent]:
        """The seat's player left between hands (a bust, a move): their clock leaves with them
        (``seat_clock`` reads it first, for the table they go to)."""
        if self.in_hand and seat_no in self.hand().players:
            raise PokerfloorError("HAND_IN_PROGRESS", {"hand_no": self.hand_no})
        return [SeatLeft(seat_no, at_ms)]

    def seat_clock(self, seat_no: int) -> tuple[int, int, bool]:
        """The clock of the seat's player: bank spent (ms), timeouts in a row, away."""
        return (
            self.bank_used.get(seat_no, 0),
            self.missed.get(seat_no, 0),
            seat_no in self.away,
        )

    def seats_with_clock(self) -> set[int]:
        """The seats whose player has a clock state here (bank spent, timeouts, away)."""
        spent = {seat for seat, used in self.bank_used.items() if used}
        missed = {seat for seat, count in self.missed.items() if count}
        return spent | missed | self.away

    def decide_seat_taken(
        self, seat_no: int, clock: tuple[int, int, bool], at_ms: int
    ) -> list[DealtEvent]:
        """A player moved in at ``seat_no`` between hands, with their clock (``seat_clock``
        at the table they left)."""
        if self.in_hand and seat_no in self.hand().players:
            raise PokerfloorError("HAND_IN_PROGRESS", {"hand_no": self.hand_no})
        bank_used, missed, away = clock
        return [SeatTaken(seat_no, bank_used, missed, away, at_ms)]

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
            proofs = _proofs(hand, dealt) if dealt.card_commitments else ()
            if proofs:  # a hand won before the flop showed no card: nothing to prove
                steps.append(CardsProven(hand_no, proofs, at_ms))
            steps.append(HandRevealed(hand_no, dealt.commitment, dealt.deck, dealt.secret, at_ms))
        return steps

    # ---- applying -----------------------------------------------------------------------

    def apply(self, event: DealtEvent) -> None:
        self._fold(event)
        # Recorded last: the number of events is the table's version, which a page reading
        # the table from another thread sees (``views.py`` keeps its views by it) only once
        # the state is the event's.
        self.events.append(event)

    def _fold(self, event: DealtEvent) -> None:
        if isinstance(event, HandDealt):
            self.hand_no = event.hand_no
            self.dealt = event
            self.hand_events = []
            self._hand = None
            if self._pending_dealt is not event and self._pending_dealt != event:
                self._pending = None  # another deal than the one decided here
            self._pending_dealt = None
            self.finished = None
            self.revealed = None
            self.proven = None
            self.turn_started_ms = event.at_ms
        elif isinstance(event, HandStep):
            self._hand_step(event.event)
            self._clock_step(event)
        elif isinstance(event, HandFinished):
            self.finished = event
        elif isinstance(event, HandRevealed):
            self.revealed = event
        elif isinstance(event, CardsProven):
            self.proven = event
        elif isinstance(event, ActionTimedOut):
            self.missed[event.seat_no] = self.missed.get(event.seat_no, 0) + 1
            self._timed_out_seat = event.seat_no
        elif isinstance(event, PlayerAway):
            self.away.add(event.seat_no)
        elif isinstance(event, PlayerBack):
            self.away.discard(event.seat_no)
            self.missed[event.seat_no] = 0
        elif isinstance(event, HandVoided):
            self.voided += 1
        elif isinstance(event, SeatLeft):
            self.away.discard(event.seat_no)
            self.missed.pop(event.seat_no, None)
            self.bank_used.pop(event.seat_no, None)
        elif isinstance(event, SeatTaken):
            self.bank_used[event.seat_no] = event.bank_used_ms
            self.missed[event.seat_no] = event.missed
            if event.away:
                self.away.add(event.seat_no)
            else:
                self.away.discard(event.seat_no)
        elif isinstance(event, TablePaused):
            self.paused_at_ms = event.at_ms
        else:
            # The paused time is given back: the turn (and its deadline) shifts by it.
            if self.paused_at_ms is not None:
                self.turn_started_ms += event.at_ms - self.paused_at_ms
            self.paused_at_ms = None

    def _hand_step(self, event: HandEvent) -> None:
        """Record one of the hand's events; the decision's hand becomes the table's once all
        its events are in (in order: any other event drops it)."""
        events = self.hand_events
        events.append(event)
        pending = self._pending
        if pending is None:
            return
        recorded = len(events)
        ahead = pending.events
        if len(ahead) < recorded or (
            ahead[recorded - 1] is not event and ahead[recorded - 1] != event
        ):
            self._pending = None  # not this decision's events
        elif len(ahead) == recorded:
            self._hand = pending  # the decision is in: its hand is the table's
            self._pending = None

    def _clock_step(self, step: HandStep) -> None:
        """An action spends the actor's bank past the action time; a turn begins."""
        event = step.event
        if isinstance(event, HandStarted):
            self.seats_by_index = event.players
        elif isinstance(event, Acted) and self.dealt is not None:
            seat_no = self.seats_by_index[event.player]
            over = step.at_ms - self.turn_started_ms - self.dealt.action_ms
            if self.dealt.action_ms > 0 and over > 0:
                spent = min(over, self.bank_left(seat_no))
                self.bank_used[seat_no] = self.bank_used.get(seat_no, 0) + spent
            if self._timed_out_seat != seat_no:
                self.missed[seat_no] = 0  # acted in time: the count starts again
            self._timed_out_seat = 0
        self.turn_started_ms = step.at_ms

    def deal(self, command: DealHand) -> list[DealtEvent]:
        events = self.decide_deal(command)
        for event in events:
            self.apply(event)
        return events

    def come_back(self, command: ComeBack) -> list[DealtEvent]:
        events = self.decide_come_back(command)
        for event in events:
            self.apply(event)
        return events

    def run(self, events: Iterable[DealtEvent]) -> list[DealtEvent]:
        """Fold in events a ``decide_*`` produced; returns them."""
        done = list(events)
        for event in done:
            self.apply(event)
        return done

    def act(self, command: ActInHand) -> list[DealtEvent]:
        events = self.decide_act(command)
        for event in events:
            self.apply(event)
        return events


def _proofs(hand: Hand, dealt: HandDealt) -> tuple[tuple[int, int, str], ...]:
    """The cards everyone saw (the board, the hole cards turned face up), each with its place
    in the deck and its salt; never a burnt card, a folded or a mucked hand."""
    seen = set(hand.board)
    holes = hand.holes  # as dealt, or as a deal correction left them
    for event in hand.events:
        if isinstance(event, HandsShown):
            for player in event.order:
                seen.update(holes[player])
        elif isinstance(event, CardsShown):
            seen.update(event.cards)
    place = {card: position for position, card in enumerate(dealt.deck)}
    return tuple(
        (place[card], card, card_salt(dealt.secret, place[card]).hex())
        for card in sorted(seen, key=place.__getitem__)
    )
