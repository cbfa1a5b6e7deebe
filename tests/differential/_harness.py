"""Play one hand in pokerfloor and in pokerkit side by side and compare them at every step.

The hand is driven by pokerfloor: at each decision a seeded policy picks one of OUR legal actions,
after checking that pokerkit offers the same kinds of action with the same call amount and the
same bounds for a bet or a raise. The same cards are dealt in both: pokerfloor deals from the
deck order it is given; pokerkit gets the hole cards and the board explicitly and its own deck is
replaced by the same order, so that its automated card burning burns the same cards.

pokerkit automates the antes, blinds, bet collection, burning, showing or mucking, hand killing
and chips pushing/pulling. Known rule differences (docs/differences-pokerkit.md) are either kept
out of the generated hands (a short big blind, equal blinds heads-up) or tolerated exactly and
nothing more: the odd chips of a split (``compare_results``), a short all-in that pokerkit
lets reopen the betting (``is_first_short_allin_reopening``) or close it again
(``is_cumulative_reopening_forgotten``), a check pokerkit asks of the
only player left with chips (``skip_lone_checks``).
"""

from __future__ import annotations

import random
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import ClassVar

from pokerkit import Automation, ChipsPushing, NoLimitTexasHoldem, StandardHighHand, State
from pokerkit import Card as PokerkitCard
from pokerkit import Hand as PokerkitHand
from pokerkit.utilities import CardsLike

from pokerfloor.cards import Card, format_cards, parse_cards, rank7
from pokerfloor.hand import (
    Action,
    ActionKind,
    BoardDealt,
    Hand,
    HandSetup,
    LegalActions,
    PotAwarded,
    Seat,
)

PROFILE = "tda-2024"

AUTOMATIONS = (
    Automation.ANTE_POSTING,
    Automation.BET_COLLECTION,
    Automation.BLIND_OR_STRADDLE_POSTING,
    Automation.CARD_BURNING,
    Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
    Automation.HAND_KILLING,
    Automation.CHIPS_PUSHING,
    Automation.CHIPS_PULLING,
)

POKERKIT_CARDS: tuple[PokerkitCard, ...] = tuple(
    next(iter(PokerkitCard.parse(str(Card(number))))) for number in range(52)
)


class _RememberedHighHand(StandardHighHand):
    """pokerkit's own high hand, remembered per set of cards: pokerkit evaluates the same seven
    cards many times per showdown (each player, each pot, each hand-killing check), which was
    four fifths of the test's time. The evaluation itself is pokerkit's."""

    _seen: ClassVar[dict[frozenset[PokerkitCard], PokerkitHand | None]] = {}

    @classmethod
    def from_game(cls, hole_cards: CardsLike, board_cards: CardsLike = ()) -> PokerkitHand:
        hole, board = PokerkitCard.clean(hole_cards), PokerkitCard.clean(board_cards)
        key = frozenset((*hole, *board))
        if key not in cls._seen:
            if len(cls._seen) > 100_000:
                cls._seen.clear()
            try:
                cls._seen[key] = super().from_game(hole, board)
            except ValueError:
                cls._seen[key] = None
        hand = cls._seen[key]
        if hand is None:
            raise ValueError("no hand can be made from these cards")
        return hand


class _Oracle(NoLimitTexasHoldem):
    hand_types = (_RememberedHighHand,)


class Mismatch(AssertionError):
    """pokerfloor and pokerkit disagree; the message holds a full reproduction."""


# ---- the hands ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Case:
    """One generated hand: the set-up, the deck order and the stacks by player index (dealing
    order: first seat left of the button first; pokerkit numbers its players the same way)."""

    setup: HandSetup
    deck: tuple[int, ...]
    stacks: tuple[int, ...]

    @property
    def count(self) -> int:
        return len(self.stacks)

    def holes(self) -> list[tuple[int, int]]:
        """One card at a time from the first seat left of the button, twice around."""
        count = self.count
        return [(self.deck[index], self.deck[index + count]) for index in range(count)]


_BIG_BLINDS = (2, 3, 4, 7, 10, 15, 20, 25, 50, 100, 150, 200, 400, 1000)


def _stack(rng: random.Random, big: int) -> int:
    roll = rng.random()
    if roll < 0.45:
        return big * rng.randint(20, 250) + rng.randint(0, big)
    if roll < 0.85:
        return big * rng.randint(2, 20) + rng.randint(0, big)
    return rng.randint(1, 3 * big)


def _broadway_board(rng: random.Random) -> list[int]:
    """A-K-Q-J-T of mixed suits: every live hand plays the board, so every pot is split."""
    suits = [*rng.sample(range(4), 4), rng.randrange(4)]
    rng.shuffle(suits)
    return [(rank - 2) * 4 + suit for rank, suit in zip((14, 13, 12, 11, 10), suits, strict=True)]


def random_case(rng: random.Random) -> Case:
    """A random hand: 2 to 9 players, random stacks, blinds, antes, sometimes a big blind ante.

    The big blind always covers the big blind plus any ante: a short big blind is a known rule
    difference (tda-2024: the others still call the full big blind; pokerkit: the posted amount)
    compared in its own test, and so is the order of a short big blind ante (RP-11).
    """
    count = rng.randint(2, 9)
    chip = 5 if rng.random() < 0.15 else 1
    big = rng.choice(_BIG_BLINDS) * chip
    roll = rng.random()
    if roll < 0.7:
        small = max(chip, big // 2 // chip * chip)
    elif roll < 0.97:
        small = rng.randint(1, big // chip) * chip
    else:
        small = 0
    if count == 2 and small == big:
        # pokerkit picks the first to act heads-up by the larger blind, the later seat on a tie:
        # with equal blinds the big blind would act first (docs/differences-pokerkit.md).
        small = big - chip
    ante = bb_ante = 0
    roll = rng.random()
    if roll < 0.3:
        ante = rng.randint(1, max(1, big // 2 // chip)) * chip
    elif roll < 0.5:
        bb_ante = big if rng.random() < 0.7 else rng.randint(1, 2 * big // chip) * chip
    stacks = [max(chip, _stack(rng, big) // chip * chip) for _ in range(count)]
    big_blind_index = 0 if count == 2 else 1
    stacks[big_blind_index] = max(stacks[big_blind_index], big + ante + bb_ante)
    seat_numbers = sorted(rng.sample(range(1, 10), count))
    # The button is the last seat in dealing order: pick where the order starts.
    start = rng.randrange(count)
    ordered = seat_numbers[start:] + seat_numbers[:start]
    button = ordered[-1]
    seats = tuple(
        Seat(seat_no, f"P{index}", stacks[index]) for index, seat_no in enumerate(ordered)
    )
    deck = list(range(52))
    rng.shuffle(deck)
    if rng.random() < 0.08:
        board = _broadway_board(rng)
        rest = [card for card in deck if card not in board]
        first = 2 * count
        # burn, flop, burn, turn, burn, river
        deck = [*rest[:first], rest[first], *board[:3], rest[first + 1], board[3]]
        deck += [rest[first + 2], board[4], *rest[first + 3 :]]
    setup = HandSetup(
        profile=PROFILE,
        seats=tuple(sorted(seats, key=lambda seat: seat.seat_no)),
        button_seat=button,
        small_blind=small,
        big_blind=big,
        ante=ante,
        bb_ante=bb_ante,
        smallest_chip=chip,
    )
    return Case(setup, tuple(deck), tuple(stacks))


def fixed_case(
    stacks: Sequence[int],
    blinds: tuple[int, int],
    *,
    ante: int = 0,
    bb_ante: int = 0,
    holes: Sequence[str] = (),
    board: str = "",
    smallest_chip: int = 1,
) -> Case:
    """A hand for a focused test: seats 1..N, the button on seat N (so seat i is index i - 1),
    the given hole cards (one string of two cards per player, from index 0) and board; the
    other cards in a fixed order."""
    count = len(stacks)
    hole_cards = [parse_cards(cards) for cards in holes]
    board_cards_ = list(parse_cards(board))
    used = {int(card) for cards in hole_cards for card in cards} | {int(c) for c in board_cards_}
    rest = iter(card for card in range(52) if card not in used)
    firsts = [int(cards[0]) if cards else next(rest) for cards in hole_cards]
    firsts += [next(rest) for _ in range(count - len(firsts))]
    seconds = [int(cards[1]) if cards else next(rest) for cards in hole_cards]
    seconds += [next(rest) for _ in range(count - len(seconds))]
    streets = [int(card) for card in board_cards_] or [next(rest) for _ in range(5)]
    deck = [*firsts, *seconds, next(rest), *streets[:3], next(rest), streets[3], next(rest)]
    deck += [streets[4], *rest]
    seats = tuple(Seat(index + 1, f"P{index}", stack) for index, stack in enumerate(stacks))
    setup = HandSetup(
        profile=PROFILE,
        seats=seats,
        button_seat=count,
        small_blind=blinds[0],
        big_blind=blinds[1],
        ante=ante,
        bb_ante=bb_ante,
        smallest_chip=smallest_chip,
    )
    return Case(setup, tuple(deck), tuple(stacks))


# ---- the policy --------------------------------------------------------------------------


def choose_action(rng: random.Random, legal: LegalActions, chip: int = 1) -> Action:
    """A random legal action: often a call or a check, sometimes a fold, a raise or all in."""
    options = legal.options
    roll = rng.random()
    if "fold" in options and roll < 0.18:
        return Action("fold")
    raising: ActionKind | None = (
        "bet" if "bet" in options else "raise" if "raise" in options else None
    )
    if raising is not None and roll < 0.48:
        assert legal.min_to is not None and legal.max_to is not None
        low, high = legal.min_to, legal.max_to
        pick = rng.random()
        if pick < 0.35:
            amount = low
        elif pick < 0.45:
            amount = high
        else:
            amount = min(high, low + int((high - low) * rng.random() ** 3))
            if low < amount < high:
                amount = max(low, amount // chip * chip)
        return Action(raising, amount)
    if "allin" in options and roll < 0.56:
        return Action("allin")
    if "check" in options:
        return Action("check")
    if "call" in options:
        return Action("call")
    return Action(options[0])


# ---- pokerkit ----------------------------------------------------------------------------


def pokerkit_state(setup: HandSetup, stacks: Sequence[int]) -> State:
    """pokerkit's state for the set-up; ``stacks`` in our player index order (= pokerkit's).

    A per-player ante is a contribution like any bet in both engines (pokerkit: ante trimming
    on). A big blind ante is dead money in the main pot in both (ropta 4.2; pokerkit: ante
    trimming off). pokerkit swaps blinds and antes heads-up, as we do (tda-2024 R34).
    """
    if setup.bb_ante:
        antes: int | dict[int, int] = {1: setup.bb_ante}
        trimming = False
    else:
        antes = setup.ante
        trimming = True
    return _Oracle.create_state(
        AUTOMATIONS,
        trimming,
        antes,
        (setup.small_blind, setup.big_blind),
        setup.big_blind,
        tuple(stacks),
        len(stacks),
    )


def board_cards(deck: Sequence[int], count: int) -> list[int]:
    """Flop, turn and river in the order our engine deals them (a burn before each street)."""
    first = 2 * count
    return [*deck[first + 1 : first + 4], deck[first + 5], deck[first + 7]]


def drive_pokerkit_dealing(state: State, deck: Sequence[int], count: int) -> None:
    """Deal what pokerkit waits for (hole cards, board) until a player acts or the hand ends."""
    board = board_cards(deck, count)
    while state.status and state.actor_index is None:
        if state.can_deal_hole():
            dealt = sum(len(cards) for cards in state.hole_cards)
            state.deal_hole((POKERKIT_CARDS[deck[dealt]],), dealt % count)
        elif state.can_deal_board():
            position = len(state.board_cards)
            size = 3 if position == 0 else 1
            cards = board[position : position + size]
            state.deal_board(tuple(POKERKIT_CARDS[card] for card in cards))
        else:
            raise Mismatch("pokerkit waits for an operation the harness does not drive")


def start_pokerkit(case: Case) -> State:
    setup, deck = case.setup, case.deck
    state = pokerkit_state(setup, case.stacks)
    # pokerkit shuffles its own deck; use ours so that automated burns burn our burn cards.
    state.deck_cards.clear()
    state.deck_cards.extend(POKERKIT_CARDS[card] for card in deck)
    drive_pokerkit_dealing(state, deck, len(case.stacks))
    return state


@dataclass(frozen=True)
class View:
    """What one engine allows at a decision, in terms both engines share."""

    player: int
    kinds: frozenset[str]
    to_call: int
    min_to: int | None
    max_to: int | None


def our_view(legal: LegalActions) -> View:
    raising = "bet" in legal.options or "raise" in legal.options
    return View(
        legal.player,
        frozenset(legal.options),
        legal.to_call,
        legal.min_to if raising else None,
        legal.max_to if raising else None,
    )


def pokerkit_view(state: State) -> View:
    player = state.actor_index
    assert player is not None
    kinds: set[str] = set()
    if state.can_fold():
        kinds.add("fold")
    to_call = 0
    if state.can_check_or_call():
        amount = state.checking_or_calling_amount
        assert amount is not None
        to_call = amount
        kinds.add("call" if amount else "check")
    min_to = max_to = None
    if state.can_complete_bet_or_raise_to():
        kinds.add("bet" if max(state.bets) == 0 else "raise")
        min_to = state.min_completion_betting_or_raising_to_amount
        max_to = state.max_completion_betting_or_raising_to_amount
        kinds.add("allin")
    elif to_call and to_call == state.stacks[player]:
        kinds.add("allin")  # calling puts the player all in
    return View(player, frozenset(kinds), to_call, min_to, max_to)


def apply_to_pokerkit(state: State, legal: LegalActions, action: Action) -> None:
    """Apply our action (legal in our engine) to pokerkit.

    All in is a raise when the player may raise (the stack then covers the call), else a call.
    """
    kind = action.kind
    if kind == "fold":
        state.fold()
    elif kind in ("check", "call"):
        state.check_or_call()
    elif kind in ("bet", "raise"):
        assert action.amount is not None
        state.complete_bet_or_raise_to(action.amount)
    elif legal.max_to is not None:
        state.complete_bet_or_raise_to(legal.max_to)
    else:
        state.check_or_call()


# ---- one hand ----------------------------------------------------------------------------


@dataclass
class Played:
    case: Case
    hand: Hand
    state: State
    actions: list[Action] = field(default_factory=list)
    lone_checks: int = 0
    pokerkit_reopened: int = 0
    pokerkit_closed: int = 0

    def reproduction(self) -> str:
        setup = self.case.setup
        lines = [
            f"setup: {setup!r}",
            f"deck: {format_cards(self.case.deck)}",
            f"deck numbers: {list(self.case.deck)}",
            f"actions: {[(a.kind, a.amount) for a in self.actions]}",
            f"ours: stacks {self.hand.stacks}, awards {self.hand.awards}",
            f"pokerkit: stacks {list(self.state.stacks)}",
        ]
        return "\n".join(lines)


def is_first_short_allin_reopening(hand: Hand, state: State, ours: View, theirs: View) -> bool:
    """Known difference: pokerkit measures a street's first raise against 0, not against the
    big blind, so a short all-in raise (or bet below the big blind) that is the first of its
    street reopens the betting in pokerkit for players who already acted. tda-2024 R47 (the
    2010 edition's R31): it does not. Ours then offers fold/call only; pokerkit also a raise."""
    return (
        ours.player == theirs.player
        and theirs.kinds - ours.kinds in ({"raise", "allin"}, {"raise"})
        and ours.kinds <= theirs.kinds
        and ours.to_call == theirs.to_call
        and state.completion_betting_or_raising_amount < hand.setup.big_blind
    )


def is_cumulative_reopening_forgotten(state: State, ours: View, theirs: View) -> bool:
    """Known difference: pokerkit adds up consecutive short all-ins and, once they make a full
    raise, starts the count again from the next one; a later short all-in then closes the
    betting again for a player who already acted, although that player faces at least a full
    raise in all. tda-2024 R47: the betting is reopened for a player facing at least a full
    raise when the action comes back. Ours then also offers a raise; pokerkit only call/fold."""
    player = ours.player
    shorts = state.consecutive_short_all_in_amounts
    full = state.completion_betting_or_raising_amount
    return (
        player == theirs.player
        and ours.kinds - theirs.kinds in ({"raise", "allin"}, {"raise"})
        and theirs.kinds <= ours.kinds
        and ours.to_call == theirs.to_call
        and player in state.acted_player_indices
        and 0 < sum(shorts) < full
        and max(state.bets) - state.bets[player] >= full
    )


def skip_lone_checks(state: State, hand: Hand, deck: Sequence[int]) -> int:
    """pokerkit still asks a player to act when every other live player is all in and nothing
    is to call (e.g. the big blind after the others fold to an all-in small blind); we close the
    betting (docs/differences-pokerkit.md, "a check nobody can answer"). Check for pokerkit."""
    checks = 0
    while state.status and state.actor_index is not None:
        player = state.actor_index
        if not hand.is_complete and hand.legal_actions().player == player:
            break
        if pokerkit_view(state).kinds != {"check"}:
            break
        state.check_or_call()
        checks += 1
        drive_pokerkit_dealing(state, deck, len(hand.setup.seats))
    return checks


def play_case(case: Case, policy: random.Random) -> Played:
    """Play the case in both engines, comparing the legal actions at every decision."""
    setup = case.setup
    hand = Hand.start(setup, case.deck)
    state = start_pokerkit(case)
    played = Played(case, hand, state)
    while True:
        played.lone_checks += skip_lone_checks(state, hand, case.deck)
        if hand.is_complete:
            break
        if not state.status or state.actor_index is None:
            raise Mismatch(
                f"pokerkit has no player to act, ours has {hand.legal_actions()}\n"
                f"{played.reproduction()}"
            )
        legal = hand.legal_actions()
        ours, theirs = our_view(legal), pokerkit_view(state)
        if ours != theirs and is_first_short_allin_reopening(hand, state, ours, theirs):
            played.pokerkit_reopened += 1
        elif ours != theirs and is_cumulative_reopening_forgotten(state, ours, theirs):
            played.pokerkit_closed += 1
            kept = tuple(kind for kind in legal.options if kind in theirs.kinds)
            legal = LegalActions(legal.player, kept, legal.to_call, None, None)
        elif ours != theirs:
            raise Mismatch(
                f"legal actions differ\nours:     {ours}\npokerkit: {theirs}\n"
                f"{played.reproduction()}"
            )
        action = choose_action(policy, legal, setup.smallest_chip)
        apply_to_pokerkit(state, legal, action)
        hand.act(action)
        played.actions.append(action)
        drive_pokerkit_dealing(state, case.deck, len(setup.seats))
    if state.status:
        raise Mismatch(f"our hand is over, pokerkit's is not\n{played.reproduction()}")
    compare_results(played)
    return played


# ---- the results -------------------------------------------------------------------------


def odd_chip_shares(amount: int, winners: Sequence[int], chip: int) -> list[int]:
    """tda-2024 R20, written independently of the engine: the odd amount is broken down to the
    smallest chip and one chip each goes to the winners from the first seat left of the button
    (``winners`` ascending by player index, which is that order)."""
    shares = [amount // len(winners) // chip * chip] * len(winners)
    position = 0
    while amount - sum(shares) >= chip:
        shares[position] += chip
        position += 1
    shares[0] += amount - sum(shares)
    return shares


def check_our_split(award: PotAwarded, chip: int) -> str | None:
    if list(award.players) != sorted(award.players):
        return f"pot {award.pot}: winners {award.players} not in order from left of the button"
    if list(award.shares) != odd_chip_shares(award.amount, award.players, chip):
        expected = odd_chip_shares(award.amount, award.players, chip)
        return f"pot {award.pot}: shares {award.shares}, R20 gives {expected}"
    return None


def compare_results(played: Played) -> None:
    """Same burns and final stacks; where a pot was split, only the odd chips may differ.

    pokerkit gives a split pot's remainder to the first winner; we give one smallest chip each
    from the first seat left of the button (tda-2024 R20). pokerkit also merges pots once the
    losers have mucked, so its pot boundaries can differ from ours. Both engines must therefore
    agree on (1) every player's stack before the pots are pushed, (2) how many chips go to each
    set of tied winners, and (3) our split must follow R20; when no pot is split, the final
    stacks must be equal.
    """
    hand, state = played.hand, played.state
    case = played.case
    count = case.count

    def fail(what: str) -> Mismatch:
        return Mismatch(f"{what}\n{played.reproduction()}")

    our_burns = [e.burn for e in hand.events if isinstance(e, BoardDealt) and e.burn >= 0]
    pokerkit_burns = [POKERKIT_CARDS.index(card) for card in state.burn_cards]
    if our_burns != pokerkit_burns:
        raise fail(f"burn cards differ: ours {our_burns}, pokerkit {pokerkit_burns}")
    final_ours, final_pokerkit = list(hand.stacks), list(state.stacks)
    if sum(final_ours) != sum(case.stacks):
        raise fail("our chips are not conserved")
    split = any(len(award.players) > 1 for award in hand.awards)
    if not split:
        if final_ours != final_pokerkit:
            raise fail(f"final stacks differ: ours {final_ours}, pokerkit {final_pokerkit}")
        return
    chip = hand.setup.smallest_chip
    for award in hand.awards:
        problem = check_our_split(award, chip)
        if problem:
            raise fail(f"our split breaks tda-2024 R20: {problem}")
    won_ours = [0] * count
    by_winners_ours: dict[tuple[int, ...], int] = defaultdict(int)
    for award in hand.awards:
        by_winners_ours[tuple(award.players)] += award.amount
        for player, share in zip(award.players, award.shares, strict=True):
            won_ours[player] += share
    board = board_cards(case.deck, count)  # a split pot means the hand went to the river
    strength = {index: rank7(*hole, *board) for index, hole in enumerate(case.holes())}
    pots = list(state.pots)
    won_pokerkit = [0] * count
    by_winners_pokerkit: dict[tuple[int, ...], int] = defaultdict(int)
    for operation in state.operations:
        if not isinstance(operation, ChipsPushing):
            continue
        eligible = pots[operation.pot_index].player_indices
        best = min(strength[index] for index in eligible)
        winners = tuple(index for index in eligible if strength[index] == best)
        by_winners_pokerkit[winners] += sum(operation.amounts)
        for player, amount in enumerate(operation.amounts):
            won_pokerkit[player] += amount
    before_ours = [s - w for s, w in zip(final_ours, won_ours, strict=True)]
    before_pokerkit = [s - w for s, w in zip(final_pokerkit, won_pokerkit, strict=True)]
    if before_ours != before_pokerkit:
        raise fail(f"stacks before the pots differ: ours {before_ours}, pokerkit {before_pokerkit}")
    if dict(by_winners_ours) != dict(by_winners_pokerkit):
        raise fail(
            f"chips per set of winners differ: ours {dict(by_winners_ours)}, "
            f"pokerkit {dict(by_winners_pokerkit)}"
        )
