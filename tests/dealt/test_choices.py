"""What a phone offers at a player's turn: the engine's options and bounds, the sizes within
them; at the showdown, show or muck."""

from __future__ import annotations

from pokerfloor.dealt import ActInHand, DealHand, DealtTable
from pokerfloor.dealt.choices import action_choices
from pokerfloor.hand import Action, Street, Timeout
from tests.dealt._helpers import DECK, SECRET, setup


def _table(manual: bool = False) -> DealtTable:
    table = DealtTable()
    table.deal(DealHand(setup(stacks=(1000, 1000, 1000), manual=manual), DECK, SECRET, 0))
    return table


def test_the_sizes_are_within_the_engine_s_bounds_and_only_the_player_to_act_has_choices() -> None:
    table = _table()
    seat = table.to_act_seat()
    choices = action_choices(table, seat)
    assert choices is not None
    legal = table.hand().legal_actions()
    assert choices.options == legal.options
    assert (choices.min_to, choices.max_to, choices.to_call) == (
        legal.min_to, legal.max_to, legal.to_call
    )  # fmt: skip
    assert choices.min_to <= choices.half_pot_to <= choices.pot_to <= choices.max_to
    # Facing the big blind (20) with 30 in the pot: call 20, then raise by the 50 there is.
    assert choices.pot_to == 20 + (30 + 20)
    others = [s for s in (1, 2, 3) if s != seat]
    assert all(action_choices(table, other) is None for other in others)


def test_at_the_showdown_the_player_shows_or_mucks_and_a_timeout_tables_the_hand() -> None:
    table = _table(manual=True)
    while table.hand().street is not Street.SHOWDOWN:
        legal = table.hand().legal_actions().options
        table.act(ActInHand(table.to_act_seat(), Action("check" if "check" in legal else "call"),
                            at_ms=1))  # fmt: skip
    seat = table.to_act_seat()
    choices = action_choices(table, seat)
    assert choices is not None and choices.options == () and "show" in choices.showdown
    events = table.act(ActInHand(seat, Timeout(), at_ms=2))
    shown = [e.event for e in events if type(e).__name__ == "HandStep"]
    assert any(type(event).__name__ == "CardsShown" for event in shown)
