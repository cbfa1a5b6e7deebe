"""Properties of every hand, for every profile: chips are conserved, no stack goes negative,
exactly one player is to act with at least one legal action while the hand is live, a refused
action changes nothing, and replaying the events rebuilds the same state. Half the hands are
started with ``manual_showdown``: their showdown takes show, muck, show one card and ask
actions from any player, in turn or not. Dealing irregularities (a misdeal, a dead hand, a
card exposed during the deal, a board dealt wrongly or too early) interleave with the actions,
ruled by the profile's floor rulings: applied or refused, the invariants hold, the deck stays a
permutation of the one dealt from and a misdeal gives every chip back."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from pokerfloor.cards import shuffled_order
from pokerfloor.errors import PokerfloorError
from pokerfloor.hand import (
    SHOWDOWN_KINDS,
    Action,
    BoardDealt,
    BoardIrregularity,
    ExposeCard,
    FouledDeck,
    Hand,
    HandSetup,
    HandStarted,
    Irregularity,
    KillHand,
    LiveAction,
    Misdeal,
    Seat,
    ShowdownAction,
    Street,
    Timeout,
)

PROFILES = ("tda-2024", "tda-2010", "ropta", "allinouest", "heavenpoker")
CHIPS = (25, 100, 500, 1000, 5000)


@st.composite
def setups(draw: st.DrawFn) -> tuple[HandSetup, int]:
    """A table where every amount is a whole number of the smallest chip (as at a real table),
    with odd numbers of chips so that all-ins, side pots and splits get awkward amounts."""
    count = draw(st.integers(2, 9))
    seat_numbers = sorted(
        draw(st.lists(st.integers(1, 10), min_size=count, max_size=count, unique=True))
    )
    chip = draw(st.sampled_from((1, 5, 25)))
    big = chip * draw(st.sampled_from((2, 4, 8, 20, 40)))
    stacks = draw(st.lists(st.integers(1, 400), min_size=count, max_size=count))
    ante_kind = draw(st.sampled_from(("none", "ante", "bb_ante")))
    seats = tuple(
        Seat(
            seat_no,
            f"P{seat_no}",
            chips * chip,
            absent=index > 1 and draw(st.integers(0, 3)) == 0,
            # A blind posted with one oversized chip (ropta 5.5 case 3, tda-2024 R46).
            posted_chips=(big * draw(st.sampled_from((5, 10))),) if draw(st.booleans()) else (),
        )
        for index, (seat_no, chips) in enumerate(zip(seat_numbers, stacks, strict=True))
    )
    setup = HandSetup(
        profile=draw(st.sampled_from(PROFILES)),
        seats=seats,
        button_seat=draw(st.sampled_from(seat_numbers)),
        small_blind=big // 2,
        big_blind=big,
        ante=chip if ante_kind == "ante" else 0,
        bb_ante=big if ante_kind == "bb_ante" else 0,
        smallest_chip=chip,
        manual_showdown=draw(st.booleans()),
    )
    return setup, draw(st.integers(0, 2**32))


def whole_chips(amount: int, low: int, high: int, chip: int) -> int:
    """A bet made of real chips: a multiple of the smallest chip, or the whole stack."""
    return high if amount >= high else max(low, amount // chip * chip)


class HandMachine(RuleBasedStateMachine):
    hand: Hand
    total: int

    @initialize(data=setups())
    def start(self, data: tuple[HandSetup, int]) -> None:
        setup, seed = data
        self.hand = Hand.start(setup, shuffled_order(seed))
        self.total = sum(seat.stack for seat in setup.seats) + setup.dead_money

    @precondition(lambda self: betting(self.hand))
    @rule(choice=st.integers(0, 10**6), fraction=st.floats(0, 1))
    def legal_action(self, choice: int, fraction: float) -> None:
        legal = self.hand.legal_actions()
        kind = legal.options[choice % len(legal.options)]
        amount = None
        if kind in ("bet", "raise"):
            assert legal.min_to is not None and legal.max_to is not None
            amount = whole_chips(
                legal.min_to + int((legal.max_to - legal.min_to) * fraction),
                legal.min_to,
                legal.max_to,
                self.hand.setup.smallest_chip,
            )
        self.hand.act(Action(kind, amount))

    @precondition(lambda self: not self.hand.is_complete)
    @rule(
        chips=st.lists(st.sampled_from(CHIPS), max_size=4),
        say=st.sampled_from((None, "call", "raise", "check", "bet", "fold", "allin")),
        amount=st.one_of(st.none(), st.integers(1, 100_000)),
        out_of_turn=st.booleans(),
        who=st.integers(0, 8),
        take_back=st.lists(st.sampled_from(CHIPS), max_size=1),
    )
    def live_action(
        self,
        chips: list[int],
        say: str | None,
        amount: int | None,
        out_of_turn: bool,
        who: int,
        take_back: list[int],
    ) -> None:
        """Live actions, in turn or out of turn (folds, all-ins, chips taken back from the
        blind, several players acting after a silent one): applied or refused; a refusal
        changes nothing."""
        player = who % self.hand.count if out_of_turn else self.hand.to_act
        action = LiveAction(  # type: ignore[arg-type]
            tuple(chips), say, amount, out_of_turn, tuple(take_back)
        )
        self.attempt(action, player)

    @precondition(lambda self: betting(self.hand))
    @rule()
    def clock_runs_out(self) -> None:
        self.hand.act(Timeout())

    @precondition(lambda self: self.hand.setup.manual_showdown and betting(self.hand))
    @rule()
    def check_or_call_down(self) -> None:
        """Every player checks or calls to the showdown (so that many hands reach one)."""
        hand = self.hand
        while betting(hand):
            options = hand.legal_actions().options
            passive = [kind for kind in ("check", "call", "allin", "fold") if kind in options]
            hand.act(Action(passive[0]))

    @precondition(lambda self: showing_down(self.hand))
    @rule(choice=st.integers(0, 10**6))
    def showdown_option(self, choice: int) -> None:
        """The player whose showdown action is awaited does one of the things offered."""
        hand = self.hand
        options = hand.showdown_options()
        kind = options[choice % len(options)]
        holes = hand.holes[hand.to_act]
        hand.act(ShowdownAction(kind, card=holes[choice % 2] if kind == "show_one" else None))

    @precondition(lambda self: not self.hand.is_complete)
    @rule(
        kind=st.sampled_from(SHOWDOWN_KINDS),
        who=st.integers(0, 8),
        card=st.integers(0, 52),
        of=st.one_of(st.none(), st.integers(0, 9)),
        to=st.one_of(st.none(), st.integers(0, 9)),
    )
    def any_showdown_action(
        self, kind: str, who: int, card: int, of: int | None, to: int | None
    ) -> None:
        """Any showdown action of any player, at any time: ruled or refused, never a crash
        (mucking out of order, asking without the right, showing a card one does not hold)."""
        player = who % self.hand.count
        if card < 52 and card % 3:
            card = self.hand.holes[player][card % 2]  # mostly a card the player holds
        action = ShowdownAction(kind, card=card, of=of, to=to)  # type: ignore[arg-type]
        self.attempt(action, player)

    @precondition(lambda self: not self.hand.is_complete)
    @rule(kind=st.sampled_from(("check", "call", "bet", "raise")), amount=st.integers(-5, 10**6))
    def maybe_illegal_action(self, kind: str, amount: int) -> None:
        """Any amount, legal or not (not in chips, below the minimum, above the stack)."""
        self.attempt(Action(kind, amount), self.hand.to_act)  # type: ignore[arg-type]

    @precondition(lambda self: not self.hand.is_complete)
    @rule(
        cause=st.sampled_from(
            ("wrong_order", "boxed_cards", "second_exposed", "extra_card", "wrong_count")
        ),
        first_seat=st.booleans(),
    )
    def misdeal(self, cause: str, first_seat: bool) -> None:
        """A misdeal called at any moment: void with every chip back, or refused (too late)."""
        self.attempt(Misdeal(cause, 1, first_seat), None)
        if self.hand.misdealt:
            assert list(self.hand.stacks) == list(self.hand.starting_stacks)

    @precondition(lambda self: not self.hand.is_complete)
    @rule(
        who=st.integers(0, 8),
        cause=st.integers(0, 3),
        voluntary=st.booleans(),
        protected=st.booleans(),
    )
    def kill_a_hand(self, who: int, cause: int, voluntary: bool, protected: bool) -> None:
        """A hand found dead (or a player's own deliberate act): only that hand is at stake."""
        causes = VOLUNTARY_CAUSES if voluntary else DEAD_HAND_CAUSES
        player = who % self.hand.count
        self.attempt(KillHand(player, causes[cause % len(causes)], voluntary, protected), None)

    @precondition(lambda self: betting(self.hand))
    @rule(
        error=st.sampled_from(("no_burn", "two_burns", "four_cards")),
        order_known=st.booleans(),
        seed=st.integers(0, 2**16),
    )
    def next_street_dealt_wrongly(self, error: str, order_known: bool, seed: int) -> None:
        """Everyone checks or calls until the next street is dealt, and it comes out wrongly:
        ruled and applied before anyone acts on it."""
        hand = self.hand
        street = hand.street
        while betting(hand) and hand.street is street:
            options = hand.legal_actions().options
            passive = [kind for kind in ("check", "call", "allin", "fold") if kind in options]
            hand.act(Action(passive[0]))
        if not board_just_dealt(hand):
            return
        last = self.hand.events[-1]
        assert isinstance(last, BoardDealt)
        if last.street is not Street.FLOP:
            error = "no_burn"
        command = BoardIrregularity(last.street, error, order_known, seed)  # type: ignore[arg-type]
        self.attempt(command, None)

    @precondition(lambda self: not self.hand.is_complete)
    @rule(
        who=st.integers(0, 8),
        card=st.sampled_from((1, 2)),
        by=st.sampled_from(("dealer", "player_accident", "player_deliberate")),
        how=st.sampled_from(("turned", "flashed", "off_table")),
        flags=st.lists(st.booleans(), min_size=4, max_size=4),
    )
    def expose_a_hole_card(self, who: int, card: int, by: str, how: str, flags: list[bool]) -> None:
        """A hole card turned up, flashed or off the table: replaced, kept, dead or misdeal."""
        command = ExposeCard(who % self.hand.count, card, by, how, *flags)  # type: ignore[arg-type]
        self.attempt(command, None)

    @precondition(lambda self: not self.hand.is_complete)
    @rule(
        defect=st.sampled_from(
            ("joker", "duplicate", "other_back", "face_up_in_deck", "missing_card")
        ),
        in_stub=st.booleans(),
        count=st.integers(1, 3),
        who=st.integers(0, 8),
        holder_acted=st.booleans(),
    )
    def fouled_deck(
        self, defect: str, in_stub: bool, count: int, who: int, holder_acted: bool
    ) -> None:
        """A fouled deck: the hand void with every chip back, a dead hand, or play going on.
        Most fouled decks void the hand: one draw in three only, so that hands go on."""
        if count == 1 and not holder_acted:
            return
        found = "in_stub" if in_stub else "in_play"
        command = FouledDeck(defect, found, count, who % self.hand.count, holder_acted)
        self.attempt(command, None)
        if self.hand.misdealt:
            assert list(self.hand.stacks) == list(self.hand.starting_stacks)

    @precondition(lambda self: not self.hand.is_complete)
    @rule(
        street=st.sampled_from((Street.FLOP, Street.TURN, Street.RIVER)),
        error=st.sampled_from(("no_burn", "two_burns", "four_cards", "premature")),
        order_known=st.booleans(),
        seed=st.integers(0, 2**16),
    )
    def board_dealt_wrongly(self, street: Street, error: str, order_known: bool, seed: int) -> None:
        """A board irregularity at any moment: ruled and applied when it can happen then (just
        after that street was dealt, or during the betting before it), refused otherwise."""
        command = BoardIrregularity(street, error, order_known, seed)  # type: ignore[arg-type]
        self.attempt(command, None)

    @precondition(lambda self: self.hand.is_complete)
    @rule()
    def a_finished_hand_refuses_actions(self) -> None:
        try:
            self.hand.act(Action("check"))
        except PokerfloorError as refused:
            assert refused.code == "HAND_OVER"
        else:  # pragma: no cover - the property is that this never happens
            raise AssertionError("a finished hand accepted an action")

    def attempt(
        self, action: Action | LiveAction | ShowdownAction | Irregularity, player: int | None
    ) -> None:
        before = self.hand.snapshot()
        events_before = len(self.hand.events)
        try:
            if isinstance(action, IRREGULARITIES):
                self.hand.apply_irregularity(action)
            else:
                self.hand.act(action, player)
        except PokerfloorError as refused:
            assert refused.code and refused.message
            if isinstance(action, IRREGULARITIES):
                assert refused.code in IRREGULARITY_REFUSALS, refused
            assert self.hand.snapshot() == before
            assert len(self.hand.events) == events_before

    @invariant()
    def chips_are_conserved(self) -> None:
        hand = self.hand
        in_pot = sum(hand.contributed) + hand.dead_money
        if hand.is_complete:
            assert sum(hand.stacks) == self.total
        else:
            assert sum(hand.stacks) + in_pot == self.total

    @invariant()
    def the_cards_stay_the_deck_dealt_from(self) -> None:
        hand = self.hand
        started = hand.events[0]
        assert isinstance(started, HandStarted)
        assert sorted(hand.deck) == sorted(started.deck)
        in_play = [card for hole in hand.holes for card in hole] + hand.board
        assert len(set(in_play)) == len(in_play)
        assert set(in_play) <= set(started.deck)

    @invariant()
    def no_stack_is_negative(self) -> None:
        assert min(self.hand.stacks) >= 0
        assert min(self.hand.committed) >= 0

    @invariant()
    def one_player_to_act_with_a_legal_action_while_live(self) -> None:
        hand = self.hand
        if hand.is_complete:
            assert hand.to_act == -1
        elif showing_down(hand):
            assert 0 <= hand.to_act < hand.count
            assert hand.showdown_options()
            assert hand.legal_actions().options == ()
        else:
            assert 0 <= hand.to_act < hand.count
            assert hand.legal_actions().options

    @invariant()
    def replaying_the_events_rebuilds_the_state(self) -> None:
        assert Hand.replay(self.hand.events).snapshot() == self.hand.snapshot()


IRREGULARITIES = (Misdeal, KillHand, ExposeCard, BoardIrregularity, FouledDeck)
DEAD_HAND_CAUSES = ("mixed_with_dead_card", "touched_by_muck", "outside_line", "wrong_count")
VOLUNTARY_CAUSES = ("wrong_count", "exposed", "mixed")
IRREGULARITY_REFUSALS = frozenset(
    {
        "MISDEAL_TOO_LATE",
        "NO_MISDEAL",
        "IRREGULARITY_NOT_NOW",
        "BAD_IRREGULARITY",
        "NOT_IN_HAND",
        "DECK_TOO_SHORT",
    }
)


def board_just_dealt(hand: Hand) -> bool:
    last = hand.events[-1]
    return not hand.is_complete and isinstance(last, BoardDealt) and last.burn >= 0


def betting(hand: Hand) -> bool:
    return not hand.is_complete and hand.street is not Street.SHOWDOWN


def showing_down(hand: Hand) -> bool:
    return not hand.is_complete and hand.street is Street.SHOWDOWN


HandMachine.TestCase.settings = settings(
    max_examples=300,
    stateful_step_count=40,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
TestHandMachine = HandMachine.TestCase


def test_random_hands_always_finish_and_pay_out_everything() -> None:
    rng = random.Random(7)
    for _ in range(300):
        count = rng.randint(2, 9)
        seats = tuple(Seat(n, f"P{n}", rng.randint(1, 400) * 25) for n in range(1, count + 1))
        setup = HandSetup(
            profile=rng.choice(PROFILES), seats=seats, button_seat=rng.randint(1, count),
            small_blind=50, big_blind=100, bb_ante=rng.choice((0, 100)), smallest_chip=25,
        )  # fmt: skip
        hand = Hand.start(setup, shuffled_order(rng.getrandbits(32)))
        steps = 0
        while not hand.is_complete:
            legal = hand.legal_actions()
            kind = rng.choice(legal.options)
            amount = None
            if kind in ("bet", "raise"):
                assert legal.min_to is not None and legal.max_to is not None
                wanted = rng.randint(legal.min_to, legal.max_to)
                amount = whole_chips(wanted, legal.min_to, legal.max_to, setup.smallest_chip)
            hand.act(Action(kind, amount))
            steps += 1
            assert steps < 200
        assert sum(hand.stacks) == sum(seat.stack for seat in seats)
        assert sum(award.amount for award in hand.awards) == sum(sum(a.shares) for a in hand.awards)
