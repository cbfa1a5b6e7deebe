"""The floor calculator's rulings: a validated situation played by the hand engine, and the
engine's rulings and refusals in the page's language (the page itself is ``floor.py``).

The engine explains a ruling in English prose (``Ruling.reason``); ``_REASONS`` lists every
reason it writes, each message being both the pattern that recognises the reason and the
msgid of its French. A reason we do not know is shown as the engine wrote it, never hidden.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from typing import Any

import msgspec
import yaml

from pokerfloor.cards import shuffled_order
from pokerfloor.errors import PokerfloorError
from pokerfloor.hand import Acted, Action, Committed, Event, Hand, HandSetup, LiveAction, Noted
from pokerfloor.rules import Lang, load_profile
from pokerfloor.web import i18n
from pokerfloor.web.i18n import N_
from pokerfloor.web.pages._citations import citations_text
from pokerfloor.web.pages._refusals import explain

__all__ = [
    "HEADLINES",
    "REFUSALS",
    "RulingView",
    "Situation",
    "Verdict",
    "refusal_text",
    "rule",
    "translate_reason",
]

# The cards play no part in a ruling on chips and words; a fixed order keeps a ruling the same
# from one click to the next.
DECK = shuffled_order(0)


@dataclass(frozen=True)
class Situation:
    """A validated form: the engine's set-up (any profile) and the actions by seat number."""

    setup: HandSetup
    before: tuple[tuple[int, Action], ...]
    player: int
    disputed: LiveAction
    after: tuple[tuple[int, Action], ...]

    def name_of(self, seat_no: int) -> str:
        return next(seat.name for seat in self.setup.seats if seat.seat_no == seat_no)

    def scenario(self, profile: str) -> str:
        """The situation as a hand scenario file (``pokerfloor hand run``), to keep or share."""
        setup = self.setup

        def software(seat_no: int, action: Action) -> dict[str, str]:
            words = action.kind if action.amount is None else f"{action.kind} {action.amount}"
            return {self.name_of(seat_no): words}

        live = {
            key: list(value) if isinstance(value, tuple) else value
            for key, value in msgspec.structs.asdict(self.disputed).items()
            if value not in (None, (), False)
        }
        data: dict[str, Any] = {
            "profile": profile,
            "blinds": [setup.small_blind, setup.big_blind],
            "ante": setup.ante,
            "bb_ante": setup.bb_ante,
            "button": setup.button_seat,
            "smallest_chip": setup.smallest_chip,
            "start": setup.start_street.key,
            "pot": setup.dead_money,
            "seats": {s.seat_no: {"name": s.name, "stack": s.stack} for s in setup.seats},
            "actions": [software(s, a) for s, a in self.before]
            + [{self.name_of(self.player): live}]
            + [software(s, a) for s, a in self.after],
        }
        data = {key: value for key, value in data.items() if value != 0}  # no ante, no pot
        return yaml.safe_dump(data, sort_keys=False, allow_unicode=True, default_flow_style=None)


# ---- the engine's rulings, in words ---------------------------------------------------------

_REASONS = (
    N_("fold declared"),
    N_("all in declared"),
    N_("check declared"),
    N_("'call' with no bet to call is a check"),
    N_("call declared: the full call is owed"),
    N_("raise to %(amount)s declared"),
    N_("bet to %(amount)s declared"),
    N_("raise declared with a single chip and no amount: the raise is what the chip allows"),
    N_("raise declared, chips pushed: the raise is what the chips make"),
    N_("'raise' with no bet is a minimum bet"),
    N_("raise declared without an amount: the minimum raise"),
    N_("every chip pushed: all in"),
    N_("a single chip with no bet to face is a bet of its value"),
    N_("chips pushed with no bet to face: a bet of their total"),
    N_("a single chip without a word, nothing to call: a check"),
    N_("a single oversized chip without a declaration is a call"),
    N_("a single oversized chip, his last one, without a declaration is a call"),
    N_("his last chips, every one needed to call, without a declaration: a call"),
    N_("his last chips, not every one needed to call: all in"),
    N_("'check' declared facing a bet of %(bet)s: call or fold, no raise"),
    N_("an amount said with no bet to face: a bet of that amount"),
    N_("his whole stack said: all in"),
    N_(
        "a conditional statement: the player still has to act; the TD may hold him to it or "
        "penalise it"
    ),
    N_("a conditional statement is forbidden: the player still has to act and may be penalised"),
    N_(
        "skipped while substantial action was taken after them: the floor may declare the hand "
        "dead or limit it to non-aggressive action"
    ),
    N_("every chip pushed was needed to call: a call"),
    N_("chips make at least %(percent)s%% of a raise"),
    N_("chips make less than %(percent)s%% of a raise: a call, the extra is returned"),
    N_(
        "chips make less than %(percent)s%% of a raise and there is nothing to call: a check, "
        "the chips go back"
    ),
    N_("chips added to a blind posted with a %(chip)s chip: the total is a raise"),
    N_("chips pushed over the line are committed: folding leaves them in the pot"),
    N_("a single chip worth less than the call, several players in: call or fold"),
    N_("a single chip worth less than the call, heads-up: a call"),
    N_("a single chip worth less than the call: the call is completed"),
    N_("%(pushed)s pushed facing %(to_call)s to call: more than half, the call must be completed"),
    N_("%(pushed)s pushed facing %(to_call)s to call: half or less, call or fold"),
    N_("%(pushed)s pushed facing %(to_call)s to call: heads-up: a full call"),
    N_("%(pushed)s pushed facing %(to_call)s to call: facing the opening bet: a full call"),
    N_(
        "%(pushed)s pushed facing %(to_call)s to call: the TD may rule otherwise; the engine "
        "applies a full call"
    ),
    N_("%(pushed)s pushed facing %(to_call)s to call: the call is completed"),
    N_("a fold out of turn is binding"),
    N_(
        "acted out of turn: the action goes back to the player to act; it binds if the action "
        "to this player does not change"
    ),
    N_("substantial action behind a silent player: the out-of-turn action stands"),
    N_("skipped while substantial action was taken after them: call or fold only"),
    N_("players acted after this player and the pot was open"),
    N_("players acted after this player: no bet allowed"),
    N_("the out-of-turn action binds: the action to this player did not change"),
    N_("the out-of-turn action cannot stand (%(why)s): the player acts"),
    N_("the out-of-turn announcement stands as chips in the pot: folding now forfeits them"),
    N_("the raise before him was no larger than his out-of-turn announcement: it stands"),
    N_(
        "the action changed since the out-of-turn action: the player may call or fold but not raise"
    ),
    N_(
        "the action changed since the out-of-turn action: it does not bind and the player has "
        "their options"
    ),
    # What the engine appends to a reason when it corrects a bet or a raise (_live._raise_to).
    N_("%(base)s; a raise is not allowed here, so it counts as a call"),
    N_("%(base)s; a raise is not allowed here, so it counts as a check"),
    N_("%(base)s; %(total)s is short of the minimum, completed to %(minimum)s"),
    N_("%(base)s: raise to %(total)s"),
    N_("%(base)s: bet to %(total)s"),
    N_("%(base)s: all in"),
    # Rulings the calculator does not show today (timeouts, the deal, the showdown, duties),
    # translated all the same: tests/web/pages/test_refusal_catalogue.py finds every reason.
    N_("last to act on the river with the nuts: the player had to raise"),
    N_("time ran out facing a bet: the hand is checked"),
    N_("time ran out not facing a bet: the hand is checked"),
    N_("time ran out facing a bet: the hand is dead"),
    N_("time ran out not facing a bet: the hand is dead"),
    N_(
        "not at the seat when the first card of the deal was dealt: hand killed, posted chips "
        "stay in the pot"
    ),
    N_(
        "not at the seat when the last card of the deal was dealt: hand killed, posted chips "
        "stay in the pot"
    ),
    N_("betting is over with a player all in: every hand is turned up"),
    N_("no hand is live (every player was away): the hand is void, posts are returned"),
    N_(
        "split %(ways)s ways; odd chips of %(chip)s go one each from the first seat left of the "
        "button"
    ),
    N_("the last aggressor shows first, then clockwise"),
    N_("no bet on the last street: the profile's first player shows first"),
    # A showdown the players play (manual_showdown): hand/_showdown_rights.py.
    N_("a tabled hand cannot be killed: it stays live and is read by its cards"),
    N_("mucked at the showdown: the hand is dead"),
    N_("mucked before their turn: the hand is dead all the same"),
    N_("shown to one player: every player may see them, so they are shown to all"),
    N_("one card shown: both cards must be tabled to win"),
    N_("one card shown: enough to claim the pot, the hand is read with both cards"),
    N_("tabled before their turn: a player may always show a hand early"),
    N_("both cards tabled: the hand competes for the pot"),
    N_(
        "asking to see a hand is forbidden at the showdown: nothing is shown, and the "
        "request may be penalised"
    ),
    N_("no bet on the last street: nobody paid to see a hand, nothing is shown"),
    N_("only the last aggressor's hand may be asked for: nothing is shown"),
    N_("a player who mucked has given up the right to ask: nothing is shown"),
    N_("only a player who called on the last street may ask: nothing is shown"),
    N_("the hand asked for is already face up"),
    N_("a river caller asked to see the last aggressor's hand: it is turned face up"),
    N_("a mucked hand taken back at a river caller's request is live again and may win"),
    N_("the hand was mucked before the request: it is shown but stays dead"),
    N_("the tabled hands are read by their cards: the best one takes the pot"),
    N_("every other hand in this pot was mucked: the last live hand takes it"),
    N_("every hand in this pot was mucked: it goes to the last one thrown"),
)
# Why an out-of-turn action cannot stand when its turn comes: the engine's refusal of it.
_WHY = (N_("'check' declared facing a bet of %(bet)s: call, raise or fold"),)
_WHY_OTHER = N_("the action as made is not allowed at this point")
_TEXTS = ("base", "why")  # the other variables are numbers of chips, or the percentage


def _pattern(message: str) -> re.Pattern[str]:
    def group(match: re.Match[str]) -> str:
        return f"(?P<{match[1]}>{'.+' if match[1] in _TEXTS else '[0-9]+'})"

    escaped = re.escape(message.replace("%%", "%"))
    return re.compile(re.sub(r"%\\\(([a-z_]+)\\\)s", group, escaped))


_REASON_PATTERNS = tuple((_pattern(message), message) for message in _REASONS)
_WHY_PATTERNS = tuple((_pattern(message), message) for message in _WHY)


def _why(text: str) -> str:
    """The engine's refusal of an out-of-turn action, in the current language: in English as
    the engine wrote it, else its translation, or a general sentence (never English)."""
    if i18n.current_locale() == "en":
        return text
    for pattern, message in _WHY_PATTERNS:
        match = pattern.fullmatch(text)
        if match is not None:
            values = {name: i18n.format_chips(int(v)) for name, v in match.groupdict().items()}
            return i18n.gettext(message, **values)
    return i18n.gettext(_WHY_OTHER)


def translate_reason(reason: str) -> str:
    """The engine's reason in the current language; as written when it is not one we know."""
    for pattern, message in _REASON_PATTERNS:
        match = pattern.fullmatch(reason)
        if match is None:
            continue
        values: dict[str, object] = {}
        for name, value in match.groupdict().items():
            if name == "base":
                values[name] = translate_reason(value)
            elif name == "why":
                values[name] = _why(value)
            else:
                plain = name in _TEXTS or name == "percent"
                values[name] = value if plain else i18n.format_chips(int(value))
        return i18n.gettext(message, **values)
    return reason


HEADLINES = {
    "fold": N_("Fold"),
    "check": N_("Check"),
    "call": N_("Call"),
    "bet": N_("Bet of %(amount)s"),
    "raise": N_("Raise to %(amount)s"),
    "allin": N_("All in for %(amount)s"),
    "held": N_("Out of turn: on hold"),
    "restricted": N_("Call or fold only"),
    "options": N_("Not binding: every option"),
    "committed": N_("Announced chips stay in: %(amount)s"),
    "dead": N_("Hand dead"),
    "refused": N_("Refused"),
}
# A refusal's message, by the engine's stable code and params (hand/_engine.py, hand/_live.py).
REFUSALS = {
    "NOT_YOUR_TURN": N_(
        "%(player)s is not to act: it is %(to_act)s's turn. Tick “out of turn” if the player "
        "acted before their turn."
    ),
    "CANNOT_CHECK": N_("Cannot check: %(to_call)s to call."),
    "NOTHING_TO_CALL": N_("Nothing to call: this is a check."),
    "BET_ALREADY_OPEN": N_("There is already a bet: raise instead."),
    "NO_BET_TO_RAISE": N_("There is no bet to raise: bet instead."),
    "RAISE_BELOW_MINIMUM": N_("Raise to %(amount)s is below the minimum raise to %(min)s."),
    "BET_BELOW_MINIMUM": N_("Bet of %(amount)s is below the minimum bet of %(min)s."),
    "ABOVE_STACK": N_("%(amount)s is more than the player has: at most %(max)s (all in)."),
    "BETTING_NOT_REOPENED": N_(
        "The player has acted and the all-in since was not a full raise: call or fold only."
    ),
    "NOT_IN_CHIPS": N_("%(amount)s cannot be made with chips of %(chip)s."),
    "NOT_ENOUGH_CHIPS": N_("%(pushed)s pushed, but the player has only %(stack)s behind."),
    "NOT_IN_HAND": N_("%(player)s is no longer in the hand (folded or all in)."),
    "ALREADY_HELD": N_("%(player)s already acted out of turn: wait for the action."),
    "HAND_OVER": N_("The hand is over: no more actions."),
}
# The settings that the engine's text of these refusals cites.
REFUSAL_SETTINGS = {
    "RAISE_BELOW_MINIMUM": "betting.minimum_raise",
    "BET_BELOW_MINIMUM": "betting.minimum_raise",
    "BETTING_NOT_REOPENED": "betting.short_allin_reopens",
}


def refusal_text(error: PokerfloorError) -> str:
    message = REFUSALS.get(error.code)
    values = {
        key: i18n.format_chips(value) if isinstance(value, int) else value
        for key, value in error.params.items()
    }
    try:
        if message is not None:
            return i18n.gettext(message, **values)
    except (KeyError, TypeError, ValueError):
        pass  # params not as expected: the pages' explanation of the code below
    return explain(error)


@dataclass(frozen=True)
class RulingView:
    player: str
    decision: str
    headline: str
    reason: str
    citations: tuple[str, ...]

    @classmethod
    def of(
        cls, player: str, decision: str, reason: str, cites: tuple[str, ...], amount: int
    ) -> RulingView:
        headline = HEADLINES.get(decision, decision)
        shown = i18n.gettext(headline, amount=i18n.format_chips(amount))
        return cls(player, decision, shown, translate_reason(reason), citations_text(cites))


@dataclass(frozen=True)
class Verdict:
    """One profile's answer: the rulings from the disputed action on, and what follows."""

    profile: str
    title: str
    player: str
    scenario: str
    rulings: tuple[RulingView, ...] = ()
    problem: str | None = None  # the situation itself cannot be played: no ruling
    bound: int | None = None  # the disputed player's total this round, once ruled
    behind: int | None = None
    next_player: str | None = None
    options: tuple[str, ...] = ()
    to_call: int | None = None
    min_to: int | None = None
    street: str = ""
    notes: tuple[str, ...] = ()

    @property
    def final(self) -> RulingView | None:
        """The last ruling on the disputed player: what the TD announces."""
        mine = [ruling for ruling in self.rulings if ruling.player == self.player]
        return mine[-1] if mine else (self.rulings[-1] if self.rulings else None)

    @property
    def key(self) -> tuple[object, ...]:
        """What must match for two rulebooks to rule the same (their articles aside)."""
        final = self.final
        decision = final.decision if final else None
        return (self.problem, decision, self.bound, self.options, self.to_call)


def rule(situation: Situation, profile: str) -> Verdict:
    """Play the situation with ``profile`` and collect the engine's rulings."""
    loaded = load_profile(profile)
    lang: Lang = "en" if i18n.current_locale() == "en" else "fr"
    name = situation.name_of(situation.player)
    base = Verdict(profile, loaded.title(lang), name, situation.scenario(profile))
    try:
        hand = Hand.start(msgspec.structs.replace(situation.setup, profile=profile), DECK)
    except PokerfloorError as error:
        return replace(base, problem=refusal_text(error))
    index = {seat_no: position for position, seat_no in enumerate(hand.players)}
    for number, (seat_no, action) in enumerate(situation.before, start=1):
        try:
            hand.act(action, index[seat_no])
        except PokerfloorError as error:
            where = i18n.gettext("Action %(n)s so far", n=number)
            return replace(base, problem=f"{where}: {refusal_text(error)}")
    player = index[situation.player]
    disputed = situation.disputed
    if disputed.say == "raise" and disputed.amount is not None and hand.current_bet == 0:
        disputed = msgspec.structs.replace(disputed, say="bet")  # "bet N": the engine's words
    try:
        events: list[Event] = list(hand.act(disputed, player))
    except PokerfloorError as error:
        setting = REFUSAL_SETTINGS.get(error.code)
        cites = citations_text(loaded.citations(setting)) if setting else ()
        headline = HEADLINES["refused"]
        refused = RulingView(name, "refused", i18n.gettext(headline), refusal_text(error), cites)
        return replace(base, rulings=(refused,), **_next(hand, player))
    notes = []
    for number, (seat_no, action) in enumerate(situation.after, start=1):
        try:
            events += hand.act(action, index[seat_no])
        except PokerfloorError as error:
            where = i18n.gettext("Next action %(n)s", n=number)
            notes.append(f"{where}: {refusal_text(error)}")
            break
    rulings, bound = [], None
    for event in events:
        if not isinstance(event, Acted | Noted | Committed):
            continue
        amount = 0 if isinstance(event, Noted) else event.to
        if event.player == player and not isinstance(event, Noted):
            bound = amount
        ruling = event.ruling
        # A "duty" is about the cards held, which the calculator does not know.
        if ruling is not None and ruling.decision != "duty":
            who = hand.names[event.player]
            rulings.append(
                RulingView.of(who, ruling.decision, ruling.reason, ruling.citations, amount)
            )
    return replace(
        base, rulings=tuple(rulings), bound=bound, notes=tuple(notes), **_next(hand, player)
    )


def _next(hand: Hand, player: int) -> dict[str, Any]:
    """Where the hand stands once the rulings apply: who acts next, and how."""
    # What the player has left of their own chips: at a showdown the stacks would also hold
    # pots won with cards the calculator made up.
    put_in = hand.contributed[player] + hand.ante_posted[player]
    behind = hand.starting_stacks[player] - put_in
    state: dict[str, Any] = {"behind": behind, "street": hand.street.key}
    if hand.to_act >= 0:
        legal = hand.legal_actions()
        state.update(
            next_player=hand.names[legal.player],
            options=legal.options,
            to_call=legal.to_call,
            min_to=legal.min_to,
        )
    return state
