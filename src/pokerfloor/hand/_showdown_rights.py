"""A showdown the players play (``HandSetup.manual_showdown``): who is to show, what a player
may do, each showdown action ruled, and the awards among the hands tabled.

The functions read a ``HandState`` and decide; they record nothing. ``next_to_show`` is also
what ``_apply`` asks after each showdown event (it reads the state only, so a replay is exact).

Rulings (each cites the profile's articles):

- a hand shown early or mucked early is taken as done: showing first is always allowed
  (allinouest, heavenpoker 14.5), a hand thrown face down is dead;
- a hand must be tabled with both cards to win a contested pot where the profile says so
  (``showdown.show_both_cards_to_win``: tda-2024 R19, heavenpoker 8.11 and 14.4); a pot every
  other hand of which was mucked goes to the last live hand without showing;
- a tabled hand cannot be killed (``showdown.tabled_hand``: tda-2024 R13, tda-2010 R10,
  heavenpoker 14.4 c): throwing it away afterwards leaves it live;
- cards shown to one player are shown to all (``showdown.shown_to_one_player``: heavenpoker
  14.4, allinouest);
- a river caller still holding cards may ask to see the last aggressor's hand
  (``showdown.may_ask_to_see``: tda-2024 R18, ropta 4.1; forbidden by heavenpoker 3.2 f); a
  mucked hand so asked for is live again or stays dead (``showdown.asked_hand_after_muck``:
  ropta 4.1 against the others).
"""

from __future__ import annotations

from pokerfloor.cards import Card, rank7
from pokerfloor.hand._model import (
    CardsShown,
    Event,
    HandMucked,
    Noted,
    PotAwarded,
    Reason,
    Ruling,
    ShowdownAction,
    ShowdownKind,
    ruled,
)
from pokerfloor.hand._pots import build_pots, split_pot
from pokerfloor.hand._rules import HandRules
from pokerfloor.hand._state import ALL_IN, FOLDED, HandError, HandState

__all__ = [
    "award_order",
    "next_to_show",
    "rule_showdown_action",
    "showdown_awards",
    "showdown_options",
    "split_ruling",
]


def tabled(state: HandState, player: int) -> bool:
    """Whether the hand is face up enough to compete: both cards, or one where the profile
    does not ask for both."""
    shown = len(state.exposed.get(player, ()))
    return shown == 2 or (shown == 1 and not state.rules.show_both_cards_to_win)


def next_to_show(state: HandState) -> int:
    """The player whose showdown action is awaited (-1: the showdown is settled).

    With two hands or more still held, the first in the showdown order not yet tabled. A lone
    hand left wins without showing, unless the profile brings a mucked hand asked for back
    into play and this player may still ask for it (ropta 4.1): then they decide.
    """
    mucked = state.mucked
    holding = [player for player in state.showdown_order if player not in mucked]
    if len(holding) >= 2:
        return next((player for player in holding if not tabled(state, player)), -1)
    if len(holding) == 1 and not tabled(state, holding[0]) and _may_revive(state, holding[0]):
        return holding[0]
    return -1


def _may_revive(state: HandState, player: int) -> bool:
    rules = state.rules
    aggressor = state.aggressor
    return (
        rules.asked_hand_after_muck == "live_again"
        and aggressor in state.mucked
        and _ask_refusal(state, player, aggressor) is None
    )


def showdown_options(state: HandState, player: int) -> tuple[ShowdownKind, ...]:
    """What ``player`` may do at the showdown now (empty when they have no hand in it)."""
    if player not in state.showdown_order or state.to_act < 0:
        return ()
    options: list[ShowdownKind] = []
    if player not in state.mucked:
        exposed = state.exposed.get(player, ())
        if len(exposed) < 2:
            options.append("show")
        if not tabled(state, player):
            options.append("muck")
        if not exposed:
            options.append("show_one")
    aggressor = state.aggressor
    if (
        aggressor >= 0
        and len(state.exposed.get(aggressor, ())) < 2
        and _ask_refusal(state, player, aggressor) is None
    ):
        options.append("ask")
    return tuple(options)


def rule_showdown_action(state: HandState, player: int, action: ShowdownAction) -> list[Event]:
    """The events of one showdown action (refused with ``HandError``, nothing recorded)."""
    name = state.names[player]
    if player not in state.showdown_order:
        raise HandError("NOT_IN_SHOWDOWN", {"player": name})
    for target in (action.of, action.to):
        if target is not None and not (0 <= target < state.count and target != player):
            raise HandError("BAD_SHOWDOWN_TARGET", {"player": name, "target": target})
    if action.kind == "ask":
        return [_ask(state, player, state.aggressor if action.of is None else action.of)]
    if player in state.mucked:
        citations = ", ".join(state.rules.cite("showdown.asked_hand_after_muck"))
        raise HandError("HAND_MUCKED", {"player": name, "citations": citations})
    if action.kind == "muck":
        return [_muck(state, player)]
    return [_show(state, player, action)]


def _muck(state: HandState, player: int) -> Event:
    cite = state.rules.cite
    if tabled(state, player):
        reason = Reason("TABLED_STAYS_LIVE")
        return Noted(player, ruled("stays_live", reason, cite("showdown.tabled_hand")))
    reason = Reason("MUCKED_DEAD") if player == state.to_act else Reason("MUCKED_EARLY_DEAD")
    return HandMucked(player, ruled("muck", reason, cite("showdown.asked_hand_after_muck")))


def _show(state: HandState, player: int, action: ShowdownAction) -> Event:
    rules = state.rules
    cite = rules.cite
    name = state.names[player]
    holes = state.holes[player]
    wanted: tuple[int, ...] = holes
    if action.kind == "show_one":
        one = action.card
        if one is None or one not in holes:
            card = "no card" if one is None else str(Card(one))
            raise HandError("CARD_NOT_HELD", {"player": name, "card": card})
        wanted = (one,)
    already = state.exposed.get(player, ())
    cards = tuple(card for card in wanted if card not in already)
    if not cards:
        raise HandError("ALREADY_TABLED", {"player": name})
    if action.to is not None:
        reason = Reason("SHOWN_TO_ALL")
        ruling = ruled("shown_to_all", reason, cite("showdown.shown_to_one_player"))
    elif len(already) + len(cards) < 2:
        reason = (
            Reason("ONE_CARD_NOT_ENOUGH")
            if rules.show_both_cards_to_win
            else Reason("ONE_CARD_ENOUGH")
        )
        ruling = ruled("one_card", reason, cite("showdown.show_both_cards_to_win"))
    elif player != state.to_act:
        reason = Reason("TABLED_EARLY")
        order = cite("showdown.first_with_bet") + cite("showdown.first_without_bet")
        ruling = ruled("show", reason, tuple(dict.fromkeys(order)))
    else:
        reason = Reason("BOTH_CARDS_TABLED")
        ruling = ruled("show", reason, cite("showdown.show_both_cards_to_win"))
    return CardsShown(player, cards, ruling)


def _ask_refusal(state: HandState, asker: int, target: int) -> Ruling | None:
    """Why ``asker`` has no right to see ``target``'s hand, or None when they have it."""
    rules = state.rules
    cite = rules.cite("showdown.may_ask_to_see")
    aggressor = state.aggressor
    if rules.may_ask_to_see == "not_allowed":
        reason = Reason("ASK_FORBIDDEN")
        return ruled("ask_refused", reason, cite)
    if aggressor < 0:
        reason = Reason("ASK_NO_BET")
        return ruled("ask_refused", reason, cite)
    if target != aggressor or asker == aggressor:
        reason = Reason("ASK_NOT_AGGRESSOR")
        return ruled("ask_refused", reason, cite)
    if asker in state.mucked:
        reason = Reason("ASK_AFTER_MUCK")
        return ruled("ask_refused", reason, cite)
    if state.committed[asker] == 0:
        reason = Reason("ASK_NOT_CALLER")
        return ruled("ask_refused", reason, cite)
    return None


def _ask(state: HandState, asker: int, target: int) -> Event:
    rules = state.rules
    refusal = _ask_refusal(state, asker, target)
    if refusal is not None:
        return Noted(asker, refusal)
    already = state.exposed.get(target, ())
    cards = tuple(card for card in state.holes[target] if card not in already)
    cite = rules.cite("showdown.may_ask_to_see")
    if not cards:
        reason = Reason("ASK_ALREADY_FACE_UP")
        return Noted(asker, ruled("ask_refused", reason, cite))
    if target not in state.mucked:
        reason = Reason("SHOWN_ON_REQUEST")
        return CardsShown(target, cards, ruled("shown_on_request", reason, cite), asker)
    cite = rules.cite("showdown.asked_hand_after_muck") + cite
    if rules.asked_hand_after_muck == "live_again":
        reason = Reason("MUCKED_LIVE_AGAIN")
        ruling = ruled("live_again", reason, tuple(dict.fromkeys(cite)))
        return CardsShown(target, cards, ruling, asker, revived=True)
    reason = Reason("MUCKED_SHOWN_DEAD")
    ruling = ruled("shown_dead", reason, tuple(dict.fromkeys(cite)))
    return CardsShown(target, cards, ruling, asker)


def award_order(rules: HandRules, pots: list[tuple[int, tuple[int, ...]]]) -> list[int]:
    """The indices of the pots someone may win, in the order the profile awards them
    (``pots.award_order``: the main pot first, or the side pots first)."""
    indices = [index for index, (_amount, eligible) in enumerate(pots) if eligible]
    return indices[::-1] if rules.award_order == "side_pots_first" else indices


def split_ruling(rules: HandRules, ways: int, chip: int) -> Ruling:
    """A pot split ``ways`` ways: each side pot on its own, odd chips of ``chip`` one each
    from the first seat left of the button."""
    cite = rules.cite
    return ruled(
        "split",
        Reason("SPLIT_POT", {"ways": ways, "chip": chip}),
        cite("pots.odd_chip")
        + cite("pots.odd_chip_unit")
        + cite("pots.side_pots_split_separately"),
    )


def showdown_awards(state: HandState) -> list[PotAwarded]:
    """The pots of a settled showdown: among the hands tabled the best wins (cards speak); a
    pot every other hand of which was mucked goes to the last live hand without showing, or,
    when every hand in it was mucked, to the last one thrown (it was uncontested by then)."""
    rules = state.rules
    cite = rules.cite
    mucked = state.mucked
    throws = list(mucked)
    # The pots as they stood when the showdown began: a hand mucked since still shapes them.
    status = [mucked.get(player, value) for player, value in enumerate(state.status)]
    pots = build_pots(
        state.contributed,
        [value != FOLDED for value in status],
        [value == ALL_IN for value in status],
        state.dead_money,
    )
    chip = state.setup.smallest_chip
    awards = []
    for pot_index in award_order(rules, pots):
        amount, eligible = pots[pot_index]
        contenders = [player for player in eligible if player not in mucked]
        if len(contenders) >= 2:
            board = state.board
            strength = {player: rank7(*state.holes[player], *board) for player in contenders}
            best = min(strength.values())
            winners = tuple(player for player in contenders if strength[player] == best)
            ruling = ruled(
                "best_hand",
                Reason("BEST_HAND"),
                cite("showdown.cards_speak") + cite("showdown.show_both_cards_to_win"),
            )
            if len(winners) > 1:
                ruling = split_ruling(rules, len(winners), chip)
        elif contenders:
            winners = (contenders[0],)
            reason = Reason("LAST_LIVE_HAND")
            ruling = ruled("uncontested", reason, cite("showdown.show_both_cards_to_win"))
        else:
            winners = (max(eligible, key=throws.index),)
            reason = Reason("ALL_MUCKED_LAST_THROWN")
            ruling = ruled("uncontested", reason, cite("showdown.show_both_cards_to_win"))
        awards.append(
            PotAwarded(pot_index, amount, winners, split_pot(amount, winners, chip), ruling)
        )
    return awards
