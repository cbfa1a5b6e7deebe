"""The floor's reading of what a player physically did: chips pushed, words said.

``interpret_live`` turns a ``LiveAction`` into the software action it counts as, with the ruling
and its articles, or into a restriction (the player must now call or fold). The articles come
from the hand's profile; the logic is the same for every profile, the settings differ.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pokerfloor.errors import PokerfloorError
from pokerfloor.hand._model import Action, ActionKind, LiveAction, Noted, Ruling

if TYPE_CHECKING:
    from pokerfloor.hand._legality import HandLegality

Outcome = tuple[Action, Ruling | None] | Noted


def interpret_live(hand: HandLegality, player: int, live: LiveAction) -> Outcome:
    if any(chip <= 0 for chip in live.chips + live.take_back):
        raise PokerfloorError(
            "BAD_CHIPS", "chip denominations must be positive numbers", {"chips": list(live.chips)}
        )
    if live.amount is not None and live.amount <= 0:
        raise PokerfloorError(
            "BAD_AMOUNT", f"declared amount {live.amount} must be positive", {"amount": live.amount}
        )
    if live.say is not None:
        return _declared(hand, player, live)
    if live.amount is not None and not live.chips:
        return _spoken_amount(hand, player, live.amount)
    if not live.chips:
        raise PokerfloorError(
            "EMPTY_ACTION", "a live action needs chips pushed or a declaration (say)", {}
        )
    return _silent(hand, player, live)


def _spoken_amount(hand: HandLegality, player: int, amount: int) -> Outcome:
    """An amount said alone ("fourteen hundred") is read as that many chips pushed silently
    (tda-2024 R40 C): the 50% standard decides call or raise (R43 A), with no chip to read as
    an overchip. More than the player has is his whole stack."""
    stack = hand.stacks[player]
    pushed = min(amount, stack)
    return _silent_chips(hand, player, (pushed,), (), "betting.spoken_amount", spoken=True)


def _ruling(hand: HandLegality, decision: str, reason: str, *keys: str) -> Ruling:
    citations: tuple[str, ...] = ()
    for key in keys:
        citations += hand.rules.cite(key)
    return Ruling(decision, reason, citations)


def _raise_to(hand: HandLegality, player: int, total: int, reason: str, *keys: str) -> Outcome:
    """A bet or raise to ``total``, corrected up to the minimum and down to the all-in."""
    legal = hand._legal(player)
    kind: ActionKind = "bet" if hand.current_bet == 0 else "raise"
    if kind not in legal.options:
        # The player may not raise (betting not reopened, or nothing behind): it is a call.
        decision: ActionKind = "call" if legal.to_call else "check"
        return Action(decision), _ruling(
            hand,
            decision,
            f"{reason}; a raise is not allowed here, so it counts as a {decision}",
            "betting.short_allin_reopens",
        )
    assert legal.min_to is not None and legal.max_to is not None
    if total >= legal.max_to:
        return Action("allin"), _ruling(hand, "allin", f"{reason}: all in", *keys)
    if total < legal.min_to:
        reason = f"{reason}; {total} is short of the minimum, completed to {legal.min_to}"
        keys = (*keys, "betting.under_raise")
        total = legal.min_to
    return Action(kind, total), _ruling(hand, kind, f"{reason}: {kind} to {total}", *keys)


def _declared(hand: HandLegality, player: int, live: LiveAction) -> Outcome:
    say = live.say
    committed = hand.committed[player]
    to_call = hand.current_bet - committed
    pushed_total = committed + sum(live.chips) - sum(live.take_back)
    if say == "conditional":
        # An "if you bet, I raise" statement binds nothing by itself: the player still acts.
        forbidden = hand.rules.profile.value("betting.conditional_statement") == "forbidden"
        reason = (
            "a conditional statement is forbidden: the player still has to act and may be penalised"
            if forbidden
            else "a conditional statement: the player still has to act; the TD may hold him to "
            "it or penalise it"
        )
        return Noted(player, _ruling(hand, "conditional", reason, "betting.conditional_statement"))
    if say == "fold":
        return Action("fold"), _ruling(hand, "fold", "fold declared", "betting.verbal_binding")
    if say == "allin":
        return Action("allin"), _ruling(hand, "allin", "all in declared", "betting.verbal_binding")
    if say == "check":
        if to_call > 0:
            # tda-2024 R55: the word stands; it takes away the raise, not the call or the fold.
            return Noted(
                player,
                _ruling(
                    hand,
                    "restricted",
                    f"'check' declared facing a bet of {hand.current_bet}: call or fold, no raise",
                    "betting.check_facing_bet",
                ),
            )
        return Action("check"), _ruling(hand, "check", "check declared", "betting.verbal_binding")
    if say == "call":
        if to_call <= 0:
            return Action("check"), _ruling(
                hand, "check", "'call' with no bet to call is a check", "betting.call_without_bet"
            )
        return Action("call"), _ruling(
            hand, "call", "call declared: the full call is owed", "betting.verbal_binding"
        )
    # bet or raise declared
    if live.amount is not None:
        return _raise_to(
            hand, player, live.amount, f"{say} to {live.amount} declared", "betting.verbal_binding"
        )
    if live.chips:
        reason = (
            "raise declared with a single chip and no amount: the raise is what the chip allows"
            if len(live.chips) == 1
            else "raise declared, chips pushed: the raise is what the chips make"
        )
        return _raise_to(hand, player, pushed_total, reason, "betting.oversized_chip_facing_bet")
    if hand.current_bet == 0:
        return _raise_to(
            hand, player, 0, "'raise' with no bet is a minimum bet", "betting.raise_without_bet"
        )
    return _raise_to(
        hand,
        player,
        0,
        "raise declared without an amount: the minimum raise",
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
        reason = f"chips added to a blind posted with a {sum(posted)} chip: the total is a raise"
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
        raise PokerfloorError(
            "NOT_ENOUGH_CHIPS",
            f"{hand.names[player]} pushed {pushed} but has only {stack} behind",
            {"pushed": pushed, "stack": stack},
        )
    total = committed + pushed
    to_call = hand.current_bet - committed
    if pushed == stack:
        if spoken:
            return Action("allin"), _ruling(
                hand, "allin", "his whole stack said: all in", "betting.silent_chips", *extra_keys
            )
        return _last_chips(hand, chips, take_back, total, to_call, extra_keys)
    single_chip = len(chips) == 1 and not take_back and not spoken
    if to_call <= 0:
        if hand.current_bet == 0:
            if spoken:
                reason = "an amount said with no bet to face: a bet of that amount"
                return _raise_to(hand, player, total, reason, *extra_keys)
            kind_reason = (
                "a single chip with no bet to face is a bet of its value"
                if len(chips) == 1
                else "chips pushed with no bet to face: a bet of their total"
            )
            return _raise_to(hand, player, total, kind_reason, "betting.oversized_chip_facing_bet")
        if single_chip:
            return Action("check"), _ruling(
                hand,
                "check",
                "a single chip without a word, nothing to call: a check",
                "betting.oversized_chip_facing_bet",
            )
    if single_chip:
        if chips[0] >= to_call:
            return Action("call"), _ruling(
                hand,
                "call",
                "a single oversized chip without a declaration is a call",
                "betting.oversized_chip_facing_bet",
            )
        return _short_chip(hand, player, chips[0], to_call)
    if pushed < to_call:
        return _under_call(hand, player, pushed, to_call)
    if to_call > 0 and not spoken and _every_chip_needed(hand, chips, total, hand.current_bet):
        return Action("call"), _ruling(
            hand,
            "call",
            "every chip pushed was needed to call: a call",
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
            f"chips make at least {rules.raise_completion_percent}% of a raise",
            "betting.raise_completion_percent",
            *extra_keys,
        )
    if to_call <= 0:
        # The big blind's option, say: what would be a call is a check, the chips go back.
        return Action("check"), _ruling(
            hand,
            "check",
            f"chips make less than {rules.raise_completion_percent}% of a raise and there is "
            "nothing to call: a check, the chips go back",
            "betting.raise_completion_percent",
            "betting.call_without_bet",
        )
    return Action("call"), _ruling(
        hand,
        "call",
        f"chips make less than {rules.raise_completion_percent}% of a raise: a call, "
        "the extra is returned",
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
                "a single oversized chip, his last one, without a declaration is a call",
                "betting.oversized_chip_facing_bet",
                *extra_keys,
            )
        if _every_chip_needed(hand, chips, total, hand.current_bet):
            return Action("call"), _ruling(
                hand,
                "call",
                "his last chips, every one needed to call, without a declaration: a call",
                "betting.multiple_chips_facing_bet",
                *extra_keys,
            )
        return Action("allin"), _ruling(
            hand,
            "allin",
            "his last chips, not every one needed to call: all in",
            "betting.multiple_chips_facing_bet",
            "betting.silent_chips",
            *extra_keys,
        )
    return Action("allin"), _ruling(
        hand, "allin", "every chip pushed: all in", "betting.silent_chips", *extra_keys
    )


def _short_chip(hand: HandLegality, player: int, chip: int, to_call: int) -> Outcome:
    what = "a single chip worth less than the call"
    rule = hand.rules.lower_chip_facing_bet
    if rule == "as_under_call":
        return _under_call(hand, player, chip, to_call)
    if rule == "call_heads_up_else_call_or_fold":
        live_players = sum(1 for status in hand.status if status != 1)
        if live_players > 2:
            return _restrict(hand, player, f"{what}, several players in: call or fold")
        return Action("call"), _ruling(
            hand, "call", f"{what}, heads-up: a call", "betting.lower_chip_facing_bet"
        )
    return Action("call"), _ruling(
        hand, "call", f"{what}: the call is completed", "betting.lower_chip_facing_bet"
    )


def _restrict(hand: HandLegality, player: int, reason: str) -> Noted:
    return Noted(player, _ruling(hand, "restricted", reason, "betting.lower_chip_facing_bet"))


def _under_call(hand: HandLegality, player: int, pushed: int, to_call: int) -> Outcome:
    rule = hand.rules.under_call
    what = f"{pushed} pushed facing {to_call} to call"
    if rule == "complete_if_over_half":
        if pushed * 2 > to_call:
            return Action("call"), _ruling(
                hand,
                "call",
                f"{what}: more than half, the call must be completed",
                "betting.under_call",
            )
        return Noted(
            player,
            _ruling(
                hand, "restricted", f"{what}: half or less, call or fold", "betting.under_call"
            ),
        )
    if rule == "full_call_heads_up_or_opener":
        heads_up = sum(1 for status in hand.status if status != 1) == 2
        # Only the opening bet has been made when no raise followed it (preflop: the big blind).
        opening = hand.setup.big_blind if hand.street == 0 else hand.increment
        facing_opener = hand.current_bet == opening
        why = (
            "heads-up: a full call"
            if heads_up
            else "facing the opening bet: a full call"
            if facing_opener
            else "the TD may rule otherwise; the engine applies a full call"
        )
        return Action("call"), _ruling(hand, "call", f"{what}: {why}", "betting.under_call")
    return Action("call"), _ruling(
        hand, "call", f"{what}: the call is completed", "betting.under_call"
    )
