"""The state of one hand: what ``Hand`` holds, and the read-only questions every layer asks
(who is to act next, the pots). The layers of ``Hand`` build on it in one line:
``HandState`` -> ``HandApplying`` (events applied) -> ``HandLegality`` (what a player may do)
-> ``HandShowdown`` (uncalled bets, showdown, awards) -> ``HandOutOfTurn`` (actions out of
turn) -> ``HandIrregularities`` (dealing irregularities) -> ``Hand`` (``_engine.py``: start,
act, the flow of streets).

Players are indexed in dealing order: index 0 is the first seat left of the button, the button
(when a player sits there) is last.
"""

from __future__ import annotations

from pokerfloor.errors import PokerfloorError

# The statuses are the betting functions' own; named here too for the modules that read them
# with the state.
from pokerfloor.hand._betting import ACTIVE as ACTIVE
from pokerfloor.hand._betting import ALL_IN as ALL_IN
from pokerfloor.hand._betting import FOLDED as FOLDED
from pokerfloor.hand._betting import highest_other, next_to_act
from pokerfloor.hand._model import (
    ActionKind,
    Event,
    HandSetup,
    HandStarted,
    LegalActions,
    LiveAction,
    PotAwarded,
    Street,
)
from pokerfloor.hand._pots import build_pots
from pokerfloor.hand._rules import HandRules, hand_rules


class HandError(PokerfloorError):
    """An action the rules refuse; the hand is unchanged."""


class HandState:
    """What a hand holds; ``Hand`` adds the behaviour."""

    def __init__(self, started: HandStarted, source: HandState | None = None) -> None:
        """The state at ``started``; with ``source`` (``Hand.copy``), a copy of that state
        (of the same hand) instead."""
        if source is not None:
            source._copy_into(self)
            return
        setup = started.setup
        self.setup = setup
        self.rules: HandRules = hand_rules(setup.profile)
        self.players: tuple[int, ...] = started.players  # seat numbers by index
        by_seat = {seat.seat_no: seat for seat in setup.seats}
        seats = [by_seat[seat_no] for seat_no in self.players]
        self.names: tuple[str, ...] = tuple(seat.name for seat in seats)
        count = len(seats)
        self.count = count
        self.starting_stacks: tuple[int, ...] = tuple(seat.stack for seat in seats)
        self.stacks: list[int] = list(self.starting_stacks)
        self.committed: list[int] = [0] * count
        self.contributed: list[int] = [0] * count
        self.status: list[int] = [ACTIVE] * count
        self.acted: list[int] = [-1] * count  # the bet each player last acted at; -1: not yet
        self.holes: list[tuple[int, int]] = []
        self.board: list[int] = []
        self.deck: tuple[int, ...] = started.deck
        self.deck_position = 0
        self.street = Street.PREFLOP
        # The street is COMPLETE (set with it by HandEnded, the only event that ends a hand): an
        # attribute rather than a property, read after every action.
        self.is_complete = False
        self.current_bet = 0
        self.increment = setup.big_blind  # size of the last full bet or raise
        self.full_raise_level = 0  # the bet reached by the last full bet or raise
        self.aggressor = -1
        self.previous_aggressor = -1
        self.to_act = -1
        self.dead_money = setup.dead_money
        self.ante_posted: list[int] = [0] * count  # big blind antes (dead money), by player
        self.small_blind_index, self.big_blind_index = _blind_indices(setup, self.players)
        self.restricted: dict[int, tuple[ActionKind, ...]] = {}
        # Out-of-turn actions waiting: the action, the bet it faced, whether it was a raise.
        self.held: dict[int, tuple[LiveAction, int, bool]] = {}
        self.held_order: list[int] = []
        # Who acted out of turn (folds included) while ``skipped`` was the player to act.
        self.skipped = -1
        self.acted_after_skipped: list[int] = []
        self.posted_chips: tuple[tuple[int, ...], ...] = tuple(seat.posted_chips for seat in seats)
        self.shown: tuple[int, ...] = ()
        # A showdown the players play (manual_showdown): its order, the hole cards turned up at
        # it by player, the hands thrown (in order) with the status each had before.
        self.showdown_order: tuple[int, ...] = ()
        self.exposed: dict[int, tuple[int, ...]] = {}
        self.mucked: dict[int, int] = {}
        self.awards: list[PotAwarded] = []
        # Dealing irregularities (``_irregularities.py``): streets still to be dealt without a
        # burn, the cards exposed during the deal and how many were replaced, the cards the
        # table saw out of play, and a misdeal (the same button deals again).
        self.no_burn: tuple[int, ...] = ()
        self.exposed_in_deal = 0
        self.replaced_in_deal = 0
        self.seen: tuple[int, ...] = ()
        self.misdealt = False
        self.events: list[Event] = [started]
        self._legal_cache: LegalActions | None = None

    def _copy_into(self, twin: HandState) -> None:
        """Every field of this state into ``twin``, a new object (``Hand.copy``): what
        ``__init__`` sets, the lists and dicts copied so that neither changes the other; the
        tuples, events and settings shared (immutable). Written out field by field: a hand
        compiled by mypyc has no ``__dict__`` (``tests/hand/test_hand_copy.py`` checks that
        no field is left out)."""
        twin.setup = self.setup
        twin.rules = self.rules
        twin.players = self.players
        twin.names = self.names
        twin.count = self.count
        twin.starting_stacks = self.starting_stacks
        twin.stacks = self.stacks.copy()
        twin.committed = self.committed.copy()
        twin.contributed = self.contributed.copy()
        twin.status = self.status.copy()
        twin.acted = self.acted.copy()
        twin.holes = self.holes.copy()
        twin.board = self.board.copy()
        twin.deck = self.deck
        twin.deck_position = self.deck_position
        twin.street = self.street
        twin.is_complete = self.is_complete
        twin.current_bet = self.current_bet
        twin.increment = self.increment
        twin.full_raise_level = self.full_raise_level
        twin.aggressor = self.aggressor
        twin.previous_aggressor = self.previous_aggressor
        twin.to_act = self.to_act
        twin.dead_money = self.dead_money
        twin.ante_posted = self.ante_posted.copy()
        twin.small_blind_index = self.small_blind_index
        twin.big_blind_index = self.big_blind_index
        twin.restricted = self.restricted.copy()
        twin.held = self.held.copy()
        twin.held_order = self.held_order.copy()
        twin.skipped = self.skipped
        twin.acted_after_skipped = self.acted_after_skipped.copy()
        twin.posted_chips = self.posted_chips
        twin.shown = self.shown
        twin.showdown_order = self.showdown_order
        twin.exposed = self.exposed.copy()
        twin.mucked = self.mucked.copy()
        twin.awards = self.awards.copy()
        twin.no_burn = self.no_burn
        twin.exposed_in_deal = self.exposed_in_deal
        twin.replaced_in_deal = self.replaced_in_deal
        twin.seen = self.seen
        twin.misdealt = self.misdealt
        twin.events = self.events.copy()
        twin._legal_cache = self._legal_cache

    def index_of(self, name: str) -> int:
        try:
            return self.names.index(name)
        except ValueError:
            raise PokerfloorError("UNKNOWN_PLAYER", {"player": name}) from None

    def snapshot(self) -> dict[str, object]:
        """The whole state as plain data, to compare a replay with the original."""
        return {
            "street": int(self.street),
            "stacks": list(self.stacks),
            "committed": list(self.committed),
            "contributed": list(self.contributed),
            "status": list(self.status),
            "acted": list(self.acted),
            "holes": list(self.holes),
            "board": list(self.board),
            "deck_position": self.deck_position,
            "current_bet": self.current_bet,
            "increment": self.increment,
            "full_raise_level": self.full_raise_level,
            "aggressor": self.aggressor,
            "previous_aggressor": self.previous_aggressor,
            "to_act": self.to_act,
            "dead_money": self.dead_money,
            "ante_posted": list(self.ante_posted),
            "restricted": dict(self.restricted),
            "held": dict(self.held),
            "held_order": list(self.held_order),
            "skipped": self.skipped,
            "acted_after_skipped": list(self.acted_after_skipped),
            "shown": self.shown,
            "showdown_order": self.showdown_order,
            "exposed": dict(self.exposed),
            "mucked": list(self.mucked.items()),
            "awards": list(self.awards),
            "deck": self.deck,
            "no_burn": self.no_burn,
            "exposed_in_deal": self.exposed_in_deal,
            "replaced_in_deal": self.replaced_in_deal,
            "seen": self.seen,
            "misdealt": self.misdealt,
        }

    def pots(self) -> list[tuple[int, tuple[int, ...]]]:
        """Main pot first: (amount, eligible player indices), this street's bets included."""
        live = [status != FOLDED for status in self.status]
        all_in = [status == ALL_IN for status in self.status]
        return build_pots(self.contributed, live, all_in, self.dead_money)

    def acted_after(self, skipped: int) -> list[int]:
        """The players who acted out of turn (folds included) while ``skipped`` was to act."""
        return self.acted_after_skipped if self.skipped == skipped else []

    def _highest_other(self, player: int) -> int:
        """The largest street commitment among the other players still in the hand."""
        return highest_other(player, self.status, self.committed)

    def _next_to_act(self, after: int) -> int:
        return next_to_act(after, self.status, self.committed, self.acted, self.current_bet)


def _blind_indices(setup: HandSetup, players: tuple[int, ...]) -> tuple[int, int]:
    """Indices of the small and big blinds (-1 when there is none)."""
    if setup.start_street is not Street.PREFLOP:
        return -1, -1
    if setup.small_blind_seat is not None or setup.big_blind_seat is not None:
        small = players.index(setup.small_blind_seat) if setup.small_blind_seat else -1
        big = players.index(setup.big_blind_seat) if setup.big_blind_seat else -1
        return small, big
    if len(players) == 2:
        # Heads-up: the button posts the small blind (tda-2024 R34).
        return (1, 0) if players[1] == setup.button_seat else (0, 1)
    return 0, 1
