"""pokerfloor against pokerkit: 10,000 random hands, then one test per known rule difference.

The random hands (2 to 9 players, random stacks, blinds, antes, sometimes a big blind ante,
sometimes a smallest chip of 5) are played with random legal actions picked from our
``legal_actions()``; at every decision pokerkit must offer the same kinds of action, the same
call and the same bounds for a bet or a raise, and every hand must end with the same stacks,
except for the odd chips of a split pot (tda-2024 R20). docs/differences-pokerkit.md lists each
difference and the test below that shows both behaviours.
"""

from __future__ import annotations

import random

import pytest
from pokerkit import AntePosting, BlindOrStraddlePosting, NoLimitTexasHoldem

from pokerfloor.hand import Action, Hand, Posted
from tests.differential._harness import (
    AUTOMATIONS,
    Case,
    Mismatch,
    Played,
    View,
    apply_to_pokerkit,
    compare_results,
    drive_pokerkit_dealing,
    fixed_case,
    our_view,
    play_case,
    pokerkit_view,
    random_case,
    start_pokerkit,
)

CHUNKS = 20
HANDS_PER_CHUNK = 500  # 10,000 hands in all


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_random_hands_end_with_the_same_stacks_as_pokerkit(chunk: int) -> None:
    splits = odd_chip_differences = side_pots = big_blind_antes = heads_up = 0
    for seed in range(chunk * HANDS_PER_CHUNK, (chunk + 1) * HANDS_PER_CHUNK):
        rng = random.Random(seed)
        played = play_case(random_case(rng), rng)  # raises Mismatch with a reproduction
        awards = played.hand.awards
        splits += any(len(award.players) > 1 for award in awards)
        odd_chip_differences += list(played.hand.stacks) != list(played.state.stacks)
        side_pots += len(awards) > 1
        big_blind_antes += played.case.setup.bb_ante > 0
        heads_up += played.case.count == 2
    # The generator must keep reaching the situations that matter (about 1 in 7 hands is split).
    assert splits >= 25
    assert odd_chip_differences >= 3
    assert side_pots >= 200
    assert big_blind_antes >= 50
    assert heads_up >= 25


def test_the_comparison_catches_a_one_chip_difference() -> None:
    rng = random.Random(7)
    played = play_case(random_case(rng), rng)
    played.state.stacks[0] += 1
    played.state.stacks[1] -= 1
    with pytest.raises(Mismatch):
        compare_results(played)


# ---- helpers for the focused tests -------------------------------------------------------


def play_both(case: Case, actions: list[Action]) -> Played:
    """Play scripted actions in both engines (legal in both), then finish the hand's dealing."""
    hand = Hand.start(case.setup, case.deck)
    state = start_pokerkit(case)
    for action in actions:
        legal = hand.legal_actions()
        apply_to_pokerkit(state, legal, action)
        hand.act(action)
        drive_pokerkit_dealing(state, case.deck, case.count)
    return Played(case, hand, state, actions)


def views(case: Case, actions: list[Action]) -> tuple[View, View]:
    played = play_both(case, actions)
    return our_view(played.hand.legal_actions()), pokerkit_view(played.state)


CHECK, CALL, FOLD, ALLIN = Action("check"), Action("call"), Action("fold"), Action("allin")


# ---- (a) odd chips -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("smallest_chip", "ours", "pokerkit"),
    [
        (1, [950, 1017, 1017, 1016], [950, 1018, 1016, 1016]),
        (5, [950, 1020, 1015, 1015], [950, 1018, 1016, 1016]),
    ],
)
def test_odd_chips_go_one_each_from_the_first_seat_left_of_the_button(
    smallest_chip: int, ours: list[int], pokerkit: list[int]
) -> None:
    """tda-2024 R20: a split breaks the odd amount down to the smallest chip in play and gives
    one such chip per player from the first seat left of the button. pokerkit divides to the
    unit and gives the whole remainder to the first winner.

    Blinds 50/100, 4 players: UTG and the button limp, the small blind folds, the big blind
    checks, all check down on A-K-Q-J-T: a 350 pot split 3 ways (big blind, UTG, button)."""
    case = fixed_case(
        [1000] * 4,
        (50, 100),
        holes=["2c3d", "4c5d", "2h3h", "4s6d"],
        board="AsKdQhJcTc",
        smallest_chip=smallest_chip,
    )
    played = play_both(case, [CALL, CALL, FOLD, CHECK] + [CHECK] * 9)
    assert played.hand.is_complete and not played.state.status
    assert played.hand.stacks == ours
    assert list(played.state.stacks) == pokerkit
    compare_results(played)  # the tolerance of the random test accepts exactly this


# ---- (b) the big blind ante --------------------------------------------------------------


def test_a_short_big_blind_posts_the_blind_before_the_big_blind_ante() -> None:
    """tda-2024 RP-11: the big blind ante comes after the big blind ("big blind first"), so a
    big blind with 150 posts the blind of 100 and 50 of the ante, and the call stays a full big
    blind. pokerkit posts the ante first (100) and a blind of 50, which the others call."""
    case = fixed_case([5000, 150, 5000], (50, 100), bb_ante=100)
    hand = Hand.start(case.setup, case.deck)
    posted = [(e.player, e.kind, e.amount) for e in hand.events if isinstance(e, Posted)]
    assert posted == [(0, "small_blind", 50), (1, "big_blind", 100), (1, "bb_ante", 50)]
    state = start_pokerkit(case)
    operations = [
        (type(op).__name__, op.player_index, op.amount)
        for op in state.operations
        if isinstance(op, AntePosting | BlindOrStraddlePosting)
    ]
    assert operations == [
        ("AntePosting", 1, 100),
        ("BlindOrStraddlePosting", 0, 50),
        ("BlindOrStraddlePosting", 1, 50),
    ]
    ours, theirs = views(case, [])
    assert (ours.to_call, ours.min_to) == (100, 200)
    assert (theirs.to_call, theirs.min_to) == (50, 150)


def test_the_big_blind_ante_is_dead_money_in_the_main_pot() -> None:
    """ropta 4.2 (and our tda-2024 profile): the big blind ante is dead money in the main pot,
    which every player, the all-in big blind included, can win. pokerkit agrees with its ante
    trimming off (the setting the random test uses). With ante trimming on, pokerkit trims the
    lone big blind ante down to the second largest ante, nothing, and gives it back.

    Blinds 50/100, ante 100, the big blind has exactly 200 and wins with aces: main pot
    100 (ante) + 3 x 100 = 400; the side pot of 2 x 900 goes to the better of the others."""
    case = fixed_case(
        [5000, 200, 5000],
        (50, 100),
        bb_ante=100,
        holes=["2c7d", "AsAh", "3c8d"],
        board="KdQs9h5c4d",
    )
    played = play_both(case, [Action("raise", 1000), CALL] + [CHECK] * 6)
    assert played.hand.stacks == [4000, 400, 5800]
    assert list(played.state.stacks) == [4000, 400, 5800]  # pokerkit, ante trimming off
    trimmed = NoLimitTexasHoldem.create_state(
        AUTOMATIONS, True, {1: 100}, (50, 100), 100, case.stacks, case.count
    )
    assert trimmed.stacks[1] == 100  # ante returned: the big blind is not even all in
    assert list(trimmed.bets) == [50, 100, 0]


# ---- (c) other rule differences ----------------------------------------------------------


def test_a_short_big_blind_is_still_called_for_a_full_big_blind() -> None:
    """allinouest, "Les actions et les relances" (the live rule every profile follows): a big
    blind all in for less than the blind still counts as a full big blind: the others call 100
    and raise to at least 200. pokerkit makes them call the 60 posted and raise to 160."""
    case = fixed_case([5000, 60, 5000, 5000], (50, 100))
    ours, theirs = views(case, [])
    assert ours == View(2, frozenset({"fold", "call", "raise", "allin"}), 100, 200, 5000)
    assert theirs == View(2, frozenset({"fold", "call", "raise", "allin"}), 60, 160, 5000)


def test_a_first_short_allin_raise_does_not_reopen_the_betting_before_the_flop() -> None:
    """tda-2024 R47: an all-in raise of less than a full raise does not reopen the betting for a
    player who already acted. Blinds 200/400: the button limps, the small blind goes all in for
    720 (a raise of 320), the big blind calls: the button may only call or fold. pokerkit
    measures the street's first raise against 0 instead of the big blind, counts the 320 as a
    full raise and lets the button raise."""
    case = fixed_case([720, 90233, 4228], (200, 400))
    ours, theirs = views(case, [CALL, ALLIN, CALL])
    assert ours == View(2, frozenset({"fold", "call"}), 320, None, None)
    assert theirs == View(2, frozenset({"fold", "call", "raise", "allin"}), 320, 1120, 4228)


def test_a_checked_player_facing_an_allin_below_the_big_blind_may_only_call() -> None:
    """tda-2024 R47 after the flop: the small blind checks, the button goes all in for 30 (less
    than a full bet of 100): the small blind, who already acted, may call 30 or fold; pokerkit
    also lets them raise (to 130, as allinouest's example would for a player yet to act)."""
    case = fixed_case([5000, 5000, 130], (50, 100))
    ours, theirs = views(case, [CALL, CALL, CHECK, CHECK, CHECK, ALLIN])
    assert ours == View(0, frozenset({"fold", "call"}), 30, None, None)
    assert theirs == View(0, frozenset({"fold", "call", "raise", "allin"}), 30, 130, 4900)


def test_short_allins_that_reopened_the_betting_keep_it_open_after_one_more() -> None:
    """tda-2024 R47: a player who already acted may raise again when the all-ins since add up
    to a full raise facing them. Blinds 50/100: UTG raises to 300 (a raise of 200), then three
    short all-ins to 400, 550 and 600; the small blind folds, the big blind calls. UTG faces
    300 more, a full raise:
    reopened. pokerkit adds up the short all-ins until they make a full raise (100 + 150), then
    starts again from the next (50) and refuses UTG a raise."""
    case = fixed_case([5000, 5000, 5000, 400, 550, 600], (50, 100))
    ours, theirs = views(case, [Action("raise", 300), ALLIN, ALLIN, ALLIN, FOLD, CALL])
    assert ours == View(2, frozenset({"fold", "call", "raise", "allin"}), 300, 800, 5000)
    assert theirs == View(2, frozenset({"fold", "call"}), 300, None, None)


def test_heads_up_the_button_acts_first_even_with_equal_blinds() -> None:
    """tda-2024 R34: heads-up, the small blind is on the button and acts first before the flop.
    With blinds 100/100 pokerkit picks the first to act by the larger blind, the later seat on a
    tie, and has the big blind act first."""
    case = fixed_case([1000, 1000], (100, 100))
    ours, theirs = views(case, [])
    assert ours.player == 1
    assert theirs.player == 0


def test_a_player_alone_with_chips_and_nothing_to_call_is_not_asked_to_act() -> None:
    """When every other live player is all in and nothing is to call, the betting is over: the
    small blind is all in for 50, the button folds, the big blind has nothing to answer. Ours
    runs the board out and ends the hand; pokerkit still asks the big blind to check."""
    case = fixed_case([50, 1000, 1000], (50, 100))
    played = play_both(case, [FOLD])
    assert played.hand.is_complete
    assert played.state.status and played.state.actor_index == 1
    assert pokerkit_view(played.state).kinds == {"check"}
    played.state.check_or_call()
    drive_pokerkit_dealing(played.state, case.deck, case.count)
    assert not played.state.status
    compare_results(played)  # after that check, the same stacks
