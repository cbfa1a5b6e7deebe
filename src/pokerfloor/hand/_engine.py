"""One hand of No-Limit Hold'em as a state machine: actions in, events out.

``Hand.start`` posts, deals and opens the betting; ``Hand.act`` checks an action against the
rules, records what happened as events and applies them; ``Hand.replay`` folds a recorded event
list back into the same state. Every event is applied by ``_apply`` alone, which never decides
anything: the decisions (is this legal, what does this chip placement mean, who wins) are made
before an event exists, so a refused action leaves the state untouched.

Players are indexed in dealing order: index 0 is the first seat left of the button, the button
(when a player sits there) is last.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterable, Iterator, Sequence

from pokerfloor.errors import PokerfloorError
from pokerfloor.hand._irregularities import HandIrregularities, Irregularity
from pokerfloor.hand._live import interpret_live
from pokerfloor.hand._model import (
    Acted,
    Action,
    ActionKind,
    BoardDealt,
    Event,
    HandKilled,
    HandSetup,
    HandStarted,
    HolesDealt,
    LegalActions,
    LiveAction,
    Noted,
    Posted,
    Reason,
    Seat,
    ShowdownAction,
    Street,
    Timeout,
    ruled,
)
from pokerfloor.hand._setup import check_setup, deal_order
from pokerfloor.hand._state import ACTIVE, FOLDED, HandError, HandState
from pokerfloor.hand._timeout import timeout_ruling

_BOARD_SIZES = {Street.FLOP: 3, Street.TURN: 1, Street.RIVER: 1}
# Read on every action: a module constant is several times faster than an enum member's
# attribute look-up on Python 3.11.
_SHOWDOWN = Street.SHOWDOWN
_COMPLETE = Street.COMPLETE
_NEXT_STREET = (Street.FLOP, Street.TURN, Street.RIVER)  # by the street being closed

__all__ = ["Hand", "HandError"]


class Hand(HandIrregularities):
    """The state of one hand. Build it with ``Hand.start`` or ``Hand.replay``."""

    @classmethod
    def start(cls, setup: HandSetup, deck: Sequence[int]) -> Hand:
        """Start a hand: post antes and blinds, deal, kill absent hands, open the betting.

        ``deck`` is the shuffled order (52 distinct card numbers, or at least enough to deal).
        """
        check_setup(setup, deck)
        hand = cls(HandStarted(setup, tuple(deck), deal_order(setup)))
        hand._post_and_deal()
        hand._advance()
        return hand

    @classmethod
    def replay(cls, events: Iterable[Event]) -> Hand:
        """Rebuild a hand by folding its recorded events."""
        iterator = iter(events)
        first = next(iterator, None)
        if not isinstance(first, HandStarted):
            raise PokerfloorError("BAD_EVENT_LOG")
        hand = cls(first)
        for event in iterator:
            hand._record(event)
        return hand

    def copy(self) -> Hand:
        """An independent copy of this hand, to try a command on while this one stays as it
        is: the state ``Hand.replay(self.events)`` would give, at a fraction of its cost."""
        started = self.events[0]
        assert isinstance(started, HandStarted)
        return Hand(started, self)

    def followed(self, events: Iterable[Event]) -> Hand:
        """A copy of this hand with ``events``, recorded after its own, folded in (as
        ``replay`` folds them); this hand is unchanged."""
        twin = self.copy()
        for event in events:
            twin._record(event)
        return twin

    def legal_actions(self) -> LegalActions:
        """What the player to act may do, with the bounds of a bet or a raise."""
        player = self.to_act
        if player < 0:
            raise HandError("NO_ONE_TO_ACT")
        if self.street is _SHOWDOWN:  # no betting: see showdown_options()
            return LegalActions(player, (), 0, None, None)
        cached = self._legal_cache  # what _legal does, written out
        if cached is not None and cached.player == player:
            return cached
        cached = self._legal_cache = self._compute_legal(player)
        return cached

    def act(
        self, action: Action | LiveAction | Timeout | ShowdownAction, player: int | None = None
    ) -> list[Event]:
        """Apply one action of ``player`` (default: the player to act); return its events.

        At a showdown the players play (``HandSetup.manual_showdown``), ``ShowdownAction``s
        are taken from any player in the hand, in turn or not, and ruled.

        Raises ``HandError`` (state unchanged) when the rules refuse it.
        """
        if self.street is _COMPLETE:
            raise HandError("HAND_OVER")
        actor = self.to_act if player is None else player
        if not 0 <= actor < self.count:
            raise HandError("UNKNOWN_PLAYER", {"player": actor})
        first_new = len(self.events)
        # What _undone_if_refused does, written out: this is the path of every action, and a
        # generator-based context manager costs more than the rest of a simple check or call.
        try:
            if type(action) is Action and actor == self.to_act and self.street is not _SHOWDOWN:
                # The common case first: a software action of the player to act.
                self._record_action(self._checked(actor, action, None))
            elif self.street is _SHOWDOWN:
                self._showdown_action(actor, action)
            elif type(action) is ShowdownAction:
                raise self._no_showdown()
            elif actor != self.to_act:
                if not (isinstance(action, LiveAction) and action.out_of_turn):
                    expected = self.names[self.to_act] if self.to_act >= 0 else "nobody"
                    raise HandError(
                        "NOT_YOUR_TURN", {"player": self.names[actor], "to_act": expected}
                    )
                self._out_of_turn(actor, action)
            elif isinstance(action, Timeout):
                self._timeout(actor)
            elif isinstance(action, LiveAction):
                self._live(actor, action)
            else:
                self._record_action(self._checked(actor, action, None))
            self._advance()
        except PokerfloorError:
            if len(self.events) > first_new:
                self._restore(first_new)
            raise
        return self.events[first_new:]

    def apply_irregularity(self, command: Irregularity) -> list[Event]:
        """Apply a dealing irregularity (``Misdeal``, ``KillHand``, ``ExposeCard``,
        ``BoardIrregularity``, ``FouledDeck``) as the profile's floor ruling says (asked of
        ``pokerfloor.floor.rule`` with the facts of the state); return its events.

        Raises ``HandError`` (state unchanged) when it cannot happen now or is refused by the
        rule (``MISDEAL_TOO_LATE`` after substantial action, with the articles).
        """
        if self.street is Street.COMPLETE:
            raise HandError("HAND_OVER")
        first_new = len(self.events)
        with self._undone_if_refused(first_new):
            self._irregularity(command)
            self._advance()
        return self.events[first_new:]

    @property
    def redeal(self) -> bool:
        """A misdeal voided the hand: every post went back and the same button deals again
        (the table reports no hand, so the tournament keeps the button and the blinds)."""
        return self.misdealt

    @contextlib.contextmanager
    def _undone_if_refused(self, first_new: int) -> Iterator[None]:
        """A refusal raised in the block takes back the events it recorded from ``first_new``
        on: an action or an irregularity applies whole or not at all."""
        try:
            yield
        except PokerfloorError:
            if len(self.events) > first_new:
                self._restore(first_new)
            raise

    def _restore(self, length: int) -> None:
        """Undo a partly applied action: rebuild the state from the events before it.

        Folded back into this same object (as ``replay`` folds them into a new one) rather than
        copied from a rebuilt hand's ``__dict__``: a hand compiled by mypyc has no
        ``__dict__``."""
        events = self.events[:length]
        first = events[0]
        assert isinstance(first, HandStarted)
        HandState.__init__(self, first)
        for event in events[1:]:
            self._record(event)

    def _live(self, player: int, live: LiveAction) -> None:
        outcome = interpret_live(self, player, live)
        if isinstance(outcome, Noted):
            self._record_live_outcome(player, live, outcome)
            return
        action, ruling = outcome
        self._record_action(self._checked(player, action, ruling))

    def _timeout(self, player: int) -> None:
        """The clock ran out: the profile's ruling, the same as the tournament's player clock."""
        facing = self.current_bet > self.committed[player]
        ruling = timeout_ruling(self.rules.profile, facing).ruling
        kind: ActionKind = "check" if ruling.decision == "check" else "fold"
        self._record_action(Acted(player, kind, self.committed[player], ruling))

    def _post_and_deal(self) -> None:
        setup = self.setup
        rules = self.rules
        preflop = setup.start_street is Street.PREFLOP
        if preflop:
            self._post_blinds_and_antes()
        cards = self.deck
        count = self.count
        holes = tuple((cards[index], cards[index + count]) for index in range(count))
        self._record(HolesDealt(holes))
        for index, seat in enumerate(self._seats_by_index()):
            dead = seat.absent or (
                seat.arrived_during_deal and rules.live_if_seated_at == "first_card"
            )
            if dead and self.status[index] != FOLDED:
                when = "FIRST" if rules.live_if_seated_at == "first_card" else "LAST"
                ruling = ruled(
                    "dead",
                    Reason(f"ABSENT_AT_{when}_CARD"),
                    rules.cite("hand.live_if_seated_at"),
                )
                self._record(HandKilled(index, ruling))
        for street in (Street.FLOP, Street.TURN, Street.RIVER):
            if street > setup.start_street:
                break
            self._deal_board(street, burn=preflop)

    def _seats_by_index(self) -> list[Seat]:
        by_seat = {seat.seat_no: seat for seat in self.setup.seats}
        return [by_seat[seat_no] for seat_no in self.players]

    def _post_blinds_and_antes(self) -> None:
        setup = self.setup
        rules = self.rules
        if setup.ante:
            for index in range(self.count):
                amount = min(setup.ante, self.stacks[index])
                if amount:
                    self._record(Posted(index, "ante", amount))
        posts: list[tuple[int, str, int]] = []
        small, big = self.small_blind_index, self.big_blind_index
        if small >= 0:
            posts.append((small, "small_blind", setup.small_blind))
        if big >= 0:
            stack = self.stacks[big]
            if setup.bb_ante and rules.bb_ante_order == "ante_first":
                ante = min(setup.bb_ante, stack)
                posts.append((big, "bb_ante", ante))
                posts.append((big, "big_blind", min(setup.big_blind, stack - ante)))
            else:
                blind = min(setup.big_blind, stack)
                posts.append((big, "big_blind", blind))
                if setup.bb_ante:
                    covers = stack > setup.big_blind
                    if covers or rules.bb_ante_if_short == "blind_first_ante_from_rest":
                        posts.append((big, "bb_ante", min(setup.bb_ante, stack - blind)))
        for index, kind, amount in posts:
            amount = min(amount, self.stacks[index])
            if amount or kind == "big_blind":
                cite = self.rules.cite("betting.bb_ante_order") if kind == "bb_ante" else ()
                if kind == "small_blind" and self.count == 2:
                    cite = self.rules.cite("blinds.heads_up")  # the button posts it
                self._record(Posted(index, kind, amount, cite))  # type: ignore[arg-type]

    def _deal_board(self, street: Street, burn: bool = True) -> None:
        position = self.deck_position
        burn = burn and street not in self.no_burn  # a burn already used by an irregularity
        burn_card = self.deck[position] if burn else -1
        if burn:
            position += 1
        size = _BOARD_SIZES[street]
        cards = self.deck[position : position + size]
        self._record(BoardDealt(street, burn_card, cards))

    def _advance(self) -> None:
        """After an action: apply held out-of-turn actions, close rounds, deal, show down."""
        while self.street is not _COMPLETE:
            to_act = self.to_act
            if to_act >= 0 and self.status.count(FOLDED) < self.count - 1:
                if self.held and to_act in self.held:
                    self._release_held(to_act)
                    continue
                return
            if self.street is _SHOWDOWN:
                return  # a showdown the players play: their own actions settle it
            live = [index for index in range(self.count) if self.status[index] != FOLDED]
            if not live:
                self._void()
                return
            if len(live) == 1:
                self._return_uncalled()
                self._win_without_showdown(live[0])
                return
            self._return_uncalled()
            can_act = sum(1 for status in self.status if status == ACTIVE)
            if can_act <= 1 and not self.shown and self.street < Street.RIVER:
                self._turn_up_all_in(live)
            if self.street >= Street.RIVER:
                self._showdown(live)
                return
            self._deal_board(_NEXT_STREET[self.street])
