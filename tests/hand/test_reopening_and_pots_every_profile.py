"""Reopening and pot assignment under every bundled profile.

A review found two one-character changes to the engine that no test caught: a raise of exactly
the minimum no longer counting as a full raise (``hand/_apply.py``), and folded chips above the
highest live level going to the main pot instead of the last one (``hand/_pots.py``). These
tests play both situations under each profile; ``scripts/mutate.py`` applies the two changes
and checks that these tests fail.

A full raise reopens the betting for a player who already acted (tda-2024 R47, tda-2010 R31,
heavenpoker 9.23, allinouest's reopening rule); chips of a dead hand stay in the pot
(tda-2024 R30) and, above every live player's total, can only be won by those who matched
the highest live total (tda-2024 R21: each side pot is its own).
"""

from __future__ import annotations

from typing import Any

import pytest

from pokerfloor.hand import build_pots
from pokerfloor.hand.scenario import load_scenario, run_scenario
from pokerfloor.rules import bundled_profile_ids

PROFILES = bundled_profile_ids()


def play(profile: str, seats: dict[str, int], actions: list[str]) -> dict[str, Any]:
    """A hand started on the flop (pot of 300, blinds 50/100, the last seat on the button)."""
    lines = [f"profile: {profile}", "blinds: [50, 100]", f"button: {len(seats)}"]
    lines += ["start: flop", "pot: 300", "seats:"]
    lines += [
        f"  {number}: {{name: {name}, stack: {stack}}}"
        for number, (name, stack) in enumerate(seats.items(), start=1)
    ]
    lines += ["actions:", *(f"  - {action}" for action in actions)]
    return run_scenario(load_scenario("\n".join(lines) + "\n"))


FOUR_DEEP = {"A": 5000, "B": 5000, "C": 5000, "D": 5000}


def test_every_bundled_profile_is_exercised() -> None:
    assert set(PROFILES) >= {"tda-2024", "tda-2010", "ropta", "allinouest", "heavenpoker"}


@pytest.mark.parametrize("profile", PROFILES)
def test_a_reraise_of_exactly_the_minimum_is_a_full_raise_that_reopens_the_betting(
    profile: str,
) -> None:
    # A bets 100, B raises to 300 (by 200), C re-raises to 500: by exactly 200, the minimum.
    # That is a full raise, so B, who already acted, may raise again, by at least 200.
    output = play(profile, FOUR_DEEP, ["A: bet 100", "B: raise 300", "C: raise 500", "D: fold"])
    assert output["error"] is None
    output = play(
        profile, FOUR_DEEP, ["A: bet 100", "B: raise 300", "C: raise 500", "D: fold", "A: fold"]
    )
    assert output["to_act"] == "B"
    assert "raise" in output["options"]
    assert output["min_raise_to"] == 700


@pytest.mark.parametrize("profile", PROFILES)
def test_a_raise_of_exactly_the_minimum_over_the_opening_bet_reopens_for_the_bettor(
    profile: str,
) -> None:
    # A bets 200, B raises to 400 (by exactly 200): A may raise again, to 600 at least.
    output = play(profile, FOUR_DEEP, ["A: bet 200", "B: raise 400", "C: fold", "D: fold"])
    assert output["to_act"] == "A"
    assert "raise" in output["options"]
    assert output["min_raise_to"] == 600


@pytest.mark.parametrize("profile", PROFILES)
def test_a_raise_one_chip_below_the_minimum_is_refused(profile: str) -> None:
    # The other side of the boundary: 499 is not a raise over 300 by at least 200.
    output = play(profile, FOUR_DEEP, ["A: bet 100", "B: raise 300", "C: raise 499"])
    assert output["error_code"] is not None
    assert output["to_act"] == "C"


@pytest.mark.parametrize("profile", PROFILES)
def test_a_dead_hand_s_chips_above_every_live_total_go_to_the_last_side_pot(
    profile: str,
) -> None:
    # A is all in for 300, B for 500; C raises to 2000 and his hand is then killed (the muck
    # touched it and it can no longer be told apart: tda-2024 R65 keeps an identifiable one).
    # What C put in above 500 is either given back (a profile that returns an uncalled raise)
    # or stays with the last side pot, which only B and D can win: never in the main pot,
    # which A can win.
    seats = {"A": 300, "B": 500, "C": 5000, "D": 5000}
    actions = [
        "A: allin",
        "B: allin",
        "C: raise 2000",
        "'C': {dead_hand: touched_by_muck, identifiable: false}",
    ]
    output = play(profile, seats, actions)
    assert output["error"] is None, output["error"]
    pots = output["pots"]
    assert pots[0] == {"amount": 300 + 3 * 300, "eligible": ["A", "B", "D"]}
    assert all("A" not in pot["eligible"] for pot in pots[1:])
    returned = 5000 - output["stacks"]["C"]
    assert sum(pot["amount"] for pot in pots) == 300 + 300 + 500 + returned


def test_folded_chips_above_the_highest_live_level_join_the_last_pot() -> None:
    # A all in for 300, B all in for 500, C folded after putting in 2000, D put in 500 and
    # has chips behind: C's 1500 above 500 belong to the pot B and D contest.
    pots = build_pots(
        [300, 500, 2000, 500],
        [True, True, False, True],
        [True, True, False, False],
        dead_money=300,
    )
    assert pots == [(300 + 4 * 300, (0, 1, 3)), (3 * 200 + 1500, (1, 3))]


def test_folded_chips_above_the_only_level_stay_in_the_single_pot() -> None:
    pots = build_pots([300, 900, 300], [True, False, True], [True, False, True])
    assert pots == [(1500, (0, 2))]
