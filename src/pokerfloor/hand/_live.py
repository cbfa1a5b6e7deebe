"""The floor's reading of what a player physically did: chips pushed, words said.

``interpret_live`` turns a ``LiveAction`` into the software action it counts as, with the ruling
and its articles, or into a restriction (the player must now call or fold). The articles come
from the hand's profile; the logic is the same for every profile, the settings differ.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pokerfloor.errors import PokerfloorError
from pokerfloor.hand._model import Action, ActionKind, LiveAction, Noted, Reason, Ruling, ruled

if TYPE_CHECKING:
    from pokerfloor.hand._legality import HandLegality

Outcome = tuple[Action, Ruling | None] | Noted


def interpret_live(hand: HandLegality, player: int, live: LiveAction) -> Outcome:
    if any(chip <= 0 for chip in live.chips + live.take_back):
        raise PokerfloorError("BAD_CHIPS", {"chips": list(live.chips)})
    if live.amount is not None and live.amount <= 0:
        raise PokerfloorError("BAD_AMOUNT", {"amount": live.amount})
    if live.say is not None:
        return _declared(hand, player, live)
    if live.amount is not None and not live.chips:
        return _spoken_amount(hand, player, live.amount)
    if not live.chips:
        raise PokerfloorError("EMPTY_ACTION", {})
    return _silent(hand, player, live)


def _spoken_amount(hand: HandLegality, player: int, amount: int) -> Outcome:
    """An amount said alone ("fourteen hundred") is read as that many chips pushed silently
    (tda-2024 R40 C): the 50% standard decides call or raise (R43 A), with no chip to read as
    an overchip. More than the player has is his whole stack."""
    stack = hand.stacks[player]
    pushed = min(amount, stack)
    return _silent_chips(hand, player, (pushed,), (), "betting.spoken_amount", spoken=True)


def _ruling(hand: HandLegality, decision: str, reason: Reason, *keys: str) -> Ruling:
    citations: tuple[str, ...] = ()
    for key in keys:
        citations += hand.rules.cite(key)
    return ruled(decision, reason, citations)


def _raise_to(hand: HandLegality, player: int, total: int, reason: Reason, *keys: str) -> Outcome:
    """A bet or raise to ``total``, corrected up to the minimum and down to the all-in."""
    legal = hand._legal(player)
    kind: ActionKind = "bet" if hand.current_bet == 0 else "raise"
    if kind not in legal.options:
        # The player may not raise (betting not reopened, or nothing behind): it is a call.
        decision: ActionKind = "call" if legal.to_call else "check"
        return Action(decision), _ruling(
            hand,
            decision,
            Reason(f"RAISE_NOT_ALLOWED_{decision.upper()}", base=reason),
            "betting.short_allin_reopens",
        )
    assert legal.min_to is not None and legal.max_to is not None
    if total >= legal.max_to:
        return Action("allin"), _ruling(hand, "allin", Reason("THEN_ALLIN", base=reason), *keys)
    if total < legal.min_to:
        short = {"total": total, "minimum": legal.min_to}
        reason = Reason("SHORT_OF_MINIMUM", short, reason)
        keys = (*keys, "betting.under_raise")
        total = legal.min_to
    then = Reason(f"THEN_{kind.upper()}_TO", {"total": total}, reason)
    return Action(kind, total), _ruling(hand, kind, then, *keys)


def _declared(hand: HandLegality, player: int, live: LiveAction) -> Outcome:
    say = live.say
    committed = hand.committed[player]
    to_call = hand.current_bet - committed
    pushed_total = committed + sum(live.chips) - sum(live.take_back)
    if say == "conditional":
        # An "if you bet, I raise" statement binds nothing by itself: the player still acts.
        forbidden = hand.rules.profile.value("betting.conditional_statement") == "forbidden"
        reason = Reason("CONDITIONAL_FORBIDDEN") if forbidden else Reason("CONDITIONAL_STATEMENT")
        return Noted(player, _ruling(hand, "conditional", reason, "betting.conditional_statement"))
    if say == "fold":
        return Action("fold"), _ruling(
            hand, "fold", Reason("FOLD_DECLARED"), "betting.verbal_binding"
        )
    if say == "allin":
        return Action("allin"), _ruling(
            hand, "allin", Reason("ALLIN_DECLARED"), "betting.verbal_binding"
        )
    if say == "check":
        if to_call > 0:
            # tda-2024 R55: the word stands; it takes away the raise, not the call or the fold.
            return Noted(
                player,
                _ruling(
                    hand,
                    "restricted",
                    Reason("CHECK_FACING_BET", {"bet": hand.current_bet}),
                    "betting.check_facing_bet",
                ),
            )
        return Action("check"), _ruling(
            hand, "check", Reason("CHECK_DECLARED"), "betting.verbal_binding"
        )
    if say == "call":
        if to_call <= 0:
            return Action("check"), _ruling(
                hand, "check", Reason("CALL_WITHOUT_BET"), "betting.call_without_bet"
            )
        return Action("call"), _ruling(
            hand, "call", Reason("CALL_DECLARED"), "betting.verbal_binding"
        )
    # bet or raise declared
    if live.amount is not None:
        return _raise_to(
            hand,
            player,
            live.amount,
            Reason(f"{say or 'raise'}_TO_DECLARED".upper(), {"amount": live.amount}),
            "betting.verbal_binding",
        )
    if live.chips:
        reason = (
            Reason("RAISE_SINGLE_CHIP") if len(live.chips) == 1 else Reason("RAISE_CHIPS_PUSHED")
        )
        return _raise_to(hand, player, pushed_total, reason, "betting.oversized_chip_facing_bet")
    if hand.current_bet == 0:
        return _raise_to(hand, player, 0, Reason("RAISE_WITHOUT_BET"), "betting.raise_without_bet")
    return _raise_to(
        hand,
        player,
        0,
        Reason("RAISE_WITHOUT_AMOUNT"),
        "betting.minimum_raise",
    )


def _silent(hand: HandLegality, player: int, live: LiveAction) -> Outcome:
    posted = hand.posted_chips[player]
    committed = hand.committed[player]
    if posted and hand.street == 0 and hand.acted[player] < 0 and sum(posted) > committed > 0:
        return _added_to_oversized_blind(hand, player, live, posted)
    return _silent_chips(hand, player, live.chips, live.take_back)


def _added_to_oversized_blind(
    hand: HandLegality, player: int, live: LiveAction, posted: tuple[int, ...]
) -> Outcome:
    """A big blind posted with one oversized chip (change still in front of the player) adds
    chips: ropta 5.5 case 3 reads a raise to the total; tda-2024 R46 counts the blind's chips
    with the chips added and reads them all by the usual rules."""
    committed = hand.committed[player]
    pushed = sum(live.chips) - sum(live.take_back)
    total = sum(posted) + pushed
    key = "betting.chips_added_to_oversized_blind"
    if hand.rules.chips_added_to_oversized_blind == "raise_to_total" and total > hand.current_bet:
        reason = Reason("CHIPS_ADDED_TO_BLIND", {"chip": sum(posted)})
        return _raise_to(hand, player, total, reason, key)
    # The chips of the blind count again: take back what the blind stands for.
    return _silent_chips(hand, player, posted + live.chips, (*live.take_back, committed), key)


def reads_as_raise(hand: HandLegality, player: int, live: LiveAction, level: int) -> bool:
    """Was this out-of-turn action a raise (or an opening bet) over ``level``, by its words or
    by its chips read as the silent-chip rules read them (allinouest: such a player keeps the
    right to re-raise)."""
    committed = hand.committed[player]
    all_in_total = committed + hand.stacks[player]
    if live.say in ("bet", "raise") or live.amount is not None:
        return True
    if live.say == "allin":
        return all_in_total > level
    if live.say is not None or not live.chips:
        return False
    pushed = sum(live.chips) - sum(live.take_back)
    total = committed + pushed
    if total <= level:
        return False
    if level == 0:
        return True
    # The chip rules come before the last-chips rule (tda-2024 R44, R45 A then B2).
    if len(live.chips) == 1 and not live.take_back:
        return False  # a single oversized chip facing a bet is a call, even the last one
    if _every_chip_needed(hand, live.chips, total, level):
        return False
    if total == all_in_total:
        return True
    return (total - level) * 100 >= hand.increment * hand.rules.raise_completion_percent


def _every_chip_needed(hand: HandLegality, chips: tuple[int, ...], total: int, bet: int) -> bool:
    """Removing one of the smallest chips would leave less than the bet (tda-2024 R45); under
    tda-2010 R33 the test holds only for chips of one denomination."""
    if hand.rules.multiple_chips_facing_bet == "call_if_every_same_chip_needed" and (
        len(set(chips)) > 1
    ):
        return False
    return total - min(chips) < bet


def _silent_chips(
    hand: HandLegality,
    player: int,
    chips: tuple[int, ...],
    take_back: tuple[int, ...],
    *extra_keys: str,
    spoken: bool = False,
) -> Outcome:
    """Chips pushed without a word; ``spoken``: an amount said alone, read as chips of no
    particular denomination (no overchip, no every-chip-needed reading)."""
    rules = hand.rules
    committed = hand.committed[player]
    pushed = sum(chips) - sum(take_back)
    stack = hand.stacks[player]
    if pushed > stack:
        raise PokerfloorError("NOT_ENOUGH_CHIPS", {"pushed": pushed, "stack": stack})
    total = committed + pushed
    to_call = hand.current_bet - committed
    if pushed == stack:
        if spoken:
            return Action("allin"), _ruling(
                hand, "allin", Reason("SPOKEN_STACK_ALLIN"), "betting.silent_chips", *extra_keys
            )
        return _last_chips(hand, chips, take_back, total, to_call, extra_keys)
    single_chip = len(chips) == 1 and not take_back and not spoken
    if to_call <= 0:
        if hand.current_bet == 0:
            if spoken:
                reason = Reason("SPOKEN_AMOUNT_BET")
                return _raise_to(hand, player, total, reason, *extra_keys)
            kind_reason = Reason("SINGLE_CHIP_BET") if len(chips) == 1 else Reason("CHIPS_BET")
            return _raise_to(hand, player, total, kind_reason, "betting.oversized_chip_facing_bet")
        if single_chip:
            return Action("check"), _ruling(
                hand,
                "check",
                Reason("SINGLE_CHIP_CHECK"),
                "betting.oversized_chip_facing_bet",
            )
    if single_chip:
        if chips[0] >= to_call:
            return Action("call"), _ruling(
                hand,
                "call",
                Reason("OVERSIZED_CHIP_CALL"),
                "betting.oversized_chip_facing_bet",
            )
        return _short_chip(hand, player, chips[0], to_call)
    if pushed < to_call:
        return _under_call(hand, player, pushed, to_call)
    if to_call > 0 and not spoken and _every_chip_needed(hand, chips, total, hand.current_bet):
        return Action("call"), _ruling(
            hand,
            "call",
            Reason("EVERY_CHIP_NEEDED_CALL"),
            "betting.multiple_chips_facing_bet",
            *extra_keys,
        )
    if to_call > 0 and not spoken:  # several chips facing a bet: sent to the 50% standard
        extra_keys = (*extra_keys, "betting.multiple_chips_facing_bet")
    raise_part = total - hand.current_bet
    if raise_part * 100 >= hand.increment * rules.raise_completion_percent:
        return _raise_to(
            hand,
            player,
            total,
            Reason("RAISE_COMPLETION_REACHED", {"percent": rules.raise_completion_percent}),
            "betting.raise_completion_percent",
            *extra_keys,
        )
    if to_call <= 0:
        # The big blind's option, say: what would be a call is a check, the chips go back.
        return Action("check"), _ruling(
            hand,
            "check",
            Reason("RAISE_COMPLETION_SHORT_CHECK", {"percent": rules.raise_completion_percent}),
            "betting.raise_completion_percent",
            "betting.call_without_bet",
        )
    return Action("call"), _ruling(
        hand,
        "call",
        Reason("RAISE_COMPLETION_SHORT_CALL", {"percent": rules.raise_completion_percent}),
        "betting.raise_completion_percent",
        *extra_keys,
    )


def _last_chips(
    hand: HandLegality,
    chips: tuple[int, ...],
    take_back: tuple[int, ...],
    total: int,
    to_call: int,
    extra_keys: tuple[str, ...],
) -> Outcome:
    """A player's last chips pushed without a word. The books ask the chip rules first: facing
    a bet, a single oversized chip is a call even when it is the last one (tda-2024 R44), and so
    are last chips that are all needed to call (R45 A, example 2); only last chips that are not
    all needed make an all-in, whatever part of a raise they are (R45 B2)."""
    if to_call > 0 and total > hand.current_bet:
        if len(chips) == 1 and not take_back:
            return Action("call"), _ruling(
                hand,
                "call",
                Reason("LAST_OVERSIZED_CHIP_CALL"),
                "betting.oversized_chip_facing_bet",
                *extra_keys,
            )
        if _every_chip_needed(hand, chips, total, hand.current_bet):
            return Action("call"), _ruling(
                hand,
                "call",
                Reason("LAST_CHIPS_CALL"),
                "betting.multiple_chips_facing_bet",
                *extra_keys,
            )
        return Action("allin"), _ruling(
            hand,
            "allin",
            Reason("LAST_CHIPS_ALLIN"),
            "betting.multiple_chips_facing_bet",
            "betting.silent_chips",
            *extra_keys,
        )
    return Action("allin"), _ruling(
        hand, "allin", Reason("EVERY_CHIP_ALLIN"), "betting.silent_chips", *extra_keys
    )


def _short_chip(hand: HandLegality, player: int, chip: int, to_call: int) -> Outcome:
    rule = hand.rules.lower_chip_facing_bet
    if rule == "as_under_call":
        return _under_call(hand, player, chip, to_call)
    if rule == "call_heads_up_else_call_or_fold":
        live_players = sum(1 for status in hand.status if status != 1)
        if live_players > 2:
            return _restrict(hand, player, Reason("SHORT_CHIP_CALL_OR_FOLD"))
        return Action("call"), _ruling(
            hand, "call", Reason("SHORT_CHIP_HEADS_UP_CALL"), "betting.lower_chip_facing_bet"
        )
    return Action("call"), _ruling(
        hand, "call", Reason("SHORT_CHIP_COMPLETED"), "betting.lower_chip_facing_bet"
    )


def _restrict(hand: HandLegality, player: int, reason: Reason) -> Noted:
    return Noted(player, _ruling(hand, "restricted", reason, "betting.lower_chip_facing_bet"))


def _under_call(hand: HandLegality, player: int, pushed: int, to_call: int) -> Outcome:
    rule = hand.rules.under_call
    what = {"pushed": pushed, "to_call": to_call}
    if rule == "complete_if_over_half":
        if pushed * 2 > to_call:
            return Action("call"), _ruling(
                hand,
                "call",
                Reason("UNDER_CALL_COMPLETED", what),
                "betting.under_call",
            )
        return Noted(
            player,
            _ruling(
                hand, "restricted", Reason("UNDER_CALL_CALL_OR_FOLD", what), "betting.under_call"
            ),
        )
    if rule == "full_call_heads_up_or_opener":
        heads_up = sum(1 for status in hand.status if status != 1) == 2
        # Only the opening bet has been made when no raise followed it (preflop: the big blind).
        opening = hand.setup.big_blind if hand.street == 0 else hand.increment
        facing_opener = hand.current_bet == opening
        code = (
            "UNDER_CALL_HEADS_UP"
            if heads_up
            else "UNDER_CALL_OPENER"
            if facing_opener
            else "UNDER_CALL_TD_DISCRETION"
        )
        return Action("call"), _ruling(hand, "call", Reason(code, what), "betting.under_call")
    return Action("call"), _ruling(
        hand, "call", Reason("UNDER_CALL_COMPLETED_ALWAYS", what), "betting.under_call"
    )
