"""What the player to act may choose, with the amounts a phone offers as buttons.

The bounds are the hand engine's (``Hand.legal_actions``: the minimum raise, the all-in);
the buttons are sizes within them: the minimum, half the pot, the pot (a raise by the pot
after calling, as rooms count it), all-in. The engine rules on whatever is sent; these are
suggestions, never a second set of betting rules.
"""

from __future__ import annotations

import msgspec

from pokerfloor.dealt.table import DealtTable

__all__ = ["ActionChoices", "action_choices"]


class ActionChoices(msgspec.Struct, frozen=True):
    seat_no: int
    options: tuple[str, ...]  # the engine's: fold, check, call, bet, raise, allin
    to_call: int  # chips to add to call
    min_to: int  # a bet or raise to at least this street total (0: none allowed)
    max_to: int  # and at most this one (all-in)
    half_pot_to: int  # within [min_to, max_to]
    pot_to: int
    committed: int  # the player's chips already in front of him this street
    showdown: tuple[str, ...] = ()  # at the showdown instead: show, muck (the profile's rights)


def action_choices(table: DealtTable, seat_no: int) -> ActionChoices | None:
    """The choices of ``seat_no`` when it is their turn (to bet, or to show or muck at the
    showdown); None otherwise."""
    if table.to_act_seat() != seat_no:
        return None
    hand = table.hand()
    legal = hand.legal_actions()
    if not legal.options:  # a showdown the players play: show or muck, as the profile allows
        kinds = tuple(k for k in hand.showdown_options() if k in ("show", "muck"))
        return ActionChoices(seat_no, (), 0, 0, 0, 0, 0, 0, kinds)
    player = hand.players.index(seat_no)
    committed = hand.committed[player]
    low, high = legal.min_to or 0, legal.max_to or 0
    pot = sum(hand.contributed) + hand.setup.dead_money
    facing = committed + legal.to_call  # the street total to match

    def sized(fraction_num: int, fraction_den: int) -> int:
        if not low:
            return 0
        # Call first, then raise by the fraction of the pot that call makes.
        target = facing + (pot + legal.to_call) * fraction_num // fraction_den
        return min(high, max(low, target))

    return ActionChoices(
        seat_no,
        tuple(legal.options),
        legal.to_call,
        low,
        high,
        sized(1, 2),
        sized(1, 1),
        committed,
    )
