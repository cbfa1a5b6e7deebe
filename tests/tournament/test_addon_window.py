"""When the add-on is offered: at the end of the rebuy period with the profile's extra hands
(allinouest §Recaves et add-ons), or during a break the structure names (the bundled
``club-rebuy``: rebuys until level 4, add-ons at the break after it); why a player may not take
one now; the TD opening the window by hand, with the reason."""

from __future__ import annotations

import pytest

from pokerfloor.errors import PokerfloorError
from pokerfloor.tournament.clock import JumpToLevel
from pokerfloor.tournament.events import AddonWindowOpened
from pokerfloor.tournament.structure import load_structure
from tests.tournament.test_corrections import replayed
from tests.tournament.test_entries import play_even_hand, started

MINUTE = 60_000
BREAK_STARTS = 4 * 20 * MINUTE  # club-rebuy: levels of 20 minutes, the break after level 4
IN_THE_BREAK = BREAK_STARTS + 5 * MINUTE
AFTER_THE_BREAK = BREAK_STARTS + 15 * MINUTE + 1


def reason(tournament: object, at_ms: int, player_id: str = "P01") -> object:
    refusal = tournament.add_ons.refusal(player_id, at_ms)  # type: ignore[attr-defined]
    return None if refusal is None else refusal.params["reason"]


def test_club_rebuy_takes_its_add_ons_at_the_break_that_ends_the_rebuy_period() -> None:
    structure = load_structure("club-rebuy")
    assert structure.entry.rebuy_until_level == 4
    assert structure.breaks[0].after_level == 4
    assert structure.entry.addon_break_after_level == 4


def test_the_add_on_is_offered_during_the_break_only() -> None:
    tournament, _ = started(12)
    assert reason(tournament, BREAK_STARTS - 1) == "not_open"
    assert reason(tournament, IN_THE_BREAK) is None
    refusal = tournament.add_ons.refusal("P01", AFTER_THE_BREAK)
    assert refusal is not None and refusal.params["reason"] == "closed"
    assert refusal.params["closed_at_ms"] == BREAK_STARTS + 15 * MINUTE
    assert refusal.params["break_after_level"] == 4


def test_the_break_ends_the_rebuy_period_even_with_allinouest_extra_hands() -> None:
    tournament, _ = started(12, "allinouest")
    tournament.players["P01"].stack = 0
    rebuy = tournament.desk.rebuy_refusal("P01", IN_THE_BREAK)
    assert rebuy is not None and rebuy.params["reason"] == "period_over"
    tournament.players["P01"].stack = 20_000
    tournament.add_ons.take("P01", IN_THE_BREAK)
    assert tournament.players["P01"].addons == 1


def test_allinouest_add_on_at_the_end_of_the_rebuy_period_after_two_extra_hands() -> None:
    tournament, _ = started(12, "allinouest", addon_break_after_level=0)
    after_period = 4 * 20 * MINUTE + 16 * MINUTE  # level 5, after the break
    refusal = tournament.add_ons.refusal("P01", after_period)
    assert refusal is not None and refusal.params["reason"] == "not_open"
    assert refusal.params["extra_hands"] == 2
    assert refusal.params["citations"] == [
        "allinouest §Recaves et add-ons (deux coups supplémentaires)"
    ]
    table_no = tournament.players["P01"].seat.table_no  # type: ignore[union-attr]
    play_even_hand(tournament, table_no, after_period)
    play_even_hand(tournament, table_no, after_period)
    assert reason(tournament, after_period) is None


def test_a_second_add_on_needs_the_double_add_on_rule() -> None:
    single, _ = started(12, double_addon=False)
    single.add_ons.take("P01", IN_THE_BREAK)
    refusal = single.add_ons.refusal("P01", IN_THE_BREAK)
    assert refusal is not None and refusal.code == "NO_ADDON"
    assert (refusal.params["reason"], refusal.params["limit"]) == ("already_taken", 1)
    double, _ = started(12)
    double.add_ons.take("P01", IN_THE_BREAK)
    double.add_ons.take("P01", IN_THE_BREAK)
    refusal = double.add_ons.refusal("P01", IN_THE_BREAK)
    assert refusal is not None and refusal.params["reason"] == "double_taken"
    assert refusal.params["limit"] == 2


def test_the_td_opens_the_add_on_window_by_hand_until_the_level_ends() -> None:
    tournament, _ = started(12)
    during_level_5 = AFTER_THE_BREAK + MINUTE
    assert reason(tournament, during_level_5) == "closed"
    with pytest.raises(PokerfloorError) as caught:
        tournament.add_ons.open_window("  ", during_level_5)
    assert caught.value.code == "ADDON_WINDOW_REASON"
    tournament.add_ons.open_window("the break was taken late", during_level_5)
    opened = tournament.events[-1]
    assert isinstance(opened, AddonWindowOpened) and opened.reason == "the break was taken late"
    assert reason(tournament, during_level_5) is None
    tournament.add_ons.take("P01", during_level_5)
    with pytest.raises(PokerfloorError) as again:
        tournament.add_ons.open_window("twice", during_level_5)
    assert again.value.code == "ADDON_WINDOW_OPEN"
    level_6 = BREAK_STARTS + 15 * MINUTE + 20 * MINUTE + 1
    assert reason(tournament, level_6, "P02") == "closed"
    replayed(tournament)


def test_a_jump_onto_the_break_opens_the_add_ons() -> None:
    tournament, _ = started(12)
    at = 30 * MINUTE  # level 2
    tournament.clock_command(JumpToLevel(4, at, break_before=True))  # the break before level 5
    assert tournament.add_ons.refusal("P01", at + 1) is None
    tournament.add_ons.take("P01", at + 1)
    replayed(tournament)


def test_a_break_that_is_not_in_the_structure_is_refused_for_the_add_on() -> None:
    with pytest.raises(PokerfloorError) as caught:
        started(4, addon_break_after_level=6)
    assert caught.value.params["field"] == "entry.addon_break_after_level"
    assert caught.value.params["accepted"] == "0 or 4 or 10"
