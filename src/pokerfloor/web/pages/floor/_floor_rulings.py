"""The floor calculator's rulings: a validated situation played by the hand engine, and the
engine's rulings and refusals in the page's language (the page itself is ``floor.py``).

The engine records why it ruled as a reason code and params (``Ruling.why``); the message
catalogue (``pokerfloor.messages.REASONS``) holds each reason's English sentence, whose French
is in ``locale/fr/floor.po``. Nothing reads the English back: a ruling recorded before reasons
had codes is shown with the English it was recorded with.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

import msgspec
import yaml

from pokerfloor.cards import shuffled_order
from pokerfloor.errors import PokerfloorError
from pokerfloor.hand import (
    Acted,
    Action,
    Committed,
    Event,
    Hand,
    HandSetup,
    LiveAction,
    Noted,
    Reason,
    Ruling,
)
from pokerfloor.messages import REASONS
from pokerfloor.rules import Lang, load_profile
from pokerfloor.web import i18n
from pokerfloor.web.floor_text import ruling_steps
from pokerfloor.web.i18n import N_
from pokerfloor.web.pages.common._citations import citations_text
from pokerfloor.web.pages.common._refusals import explain, reason_text

__all__ = [
    "HEADLINES",
    "RulingView",
    "Situation",
    "Verdict",
    "reason_words",
    "refusal_text",
    "rule",
    "ruling_words",
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


def reason_words(why: Reason) -> str:
    """A ruling's reason in the current language, from its code and params (the catalogue's
    ``REASONS``): chips in the page's number format, the reason it builds on translated too. A
    code that is not a reason is the refusal an out-of-turn action met: its own sentence."""
    template = REASONS.get(why.code)
    if template is None:  # inside the reason: without its full stop
        return reason_text(PokerfloorError(why.code, why.params)).rstrip(".")
    values: dict[str, object] = {
        key: i18n.format_chips(value)
        if isinstance(value, int) and not isinstance(value, bool) and key != "percent"
        else value
        for key, value in why.params.items()
    }
    if why.base is not None:
        values["base"] = values["why"] = reason_words(why.base)
    return i18n.gettext(template, **values)


def ruling_words(ruling: Ruling) -> str:
    """The ruling's reason in the current language: its reason's code, or the floor's steps on
    a dealing irregularity rebuilt from their keys; a ruling recorded before reasons had codes
    (``why`` None, no steps) keeps the English it was recorded with."""
    if ruling.why is not None:
        return reason_words(ruling.why)
    if ruling.steps:
        return " ".join(ruling_steps(ruling, i18n.current_locale()))
    return ruling.said


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
# The hand's refusals of an action: the calculator shows them as its ruling, without the code.
_ACTION_REFUSALS = frozenset(
    {
        "NOT_YOUR_TURN",
        "CANNOT_CHECK",
        "NOTHING_TO_CALL",
        "BET_ALREADY_OPEN",
        "NO_BET_TO_RAISE",
        "RAISE_BELOW_MINIMUM",
        "BET_BELOW_MINIMUM",
        "ABOVE_STACK",
        "BETTING_NOT_REOPENED",
        "NOT_IN_CHIPS",
        "NOT_ENOUGH_CHIPS",
        "NOT_IN_HAND",
        "ALREADY_HELD",
        "HAND_OVER",
    }
)
# What the calculator's form offers for an action before its turn.
_OUT_OF_TURN_HINT = N_("Tick “out of turn” if the player acted before their turn.")
# The settings that the engine's text of these refusals cites.
REFUSAL_SETTINGS = {
    "RAISE_BELOW_MINIMUM": "betting.minimum_raise",
    "BET_BELOW_MINIMUM": "betting.minimum_raise",
    "BETTING_NOT_REOPENED": "betting.short_allin_reopens",
}


def refusal_text(error: PokerfloorError) -> str:
    """The engine's refusal in the page's language: the catalogue's sentence (its code after
    it, but for the refusals of an action, which the calculator shows as its ruling)."""
    if error.code not in _ACTION_REFUSALS:
        return explain(error)
    text = reason_text(error)
    if error.code == "NOT_YOUR_TURN":
        text = f"{text} {i18n.gettext(_OUT_OF_TURN_HINT)}"
    return text


@dataclass(frozen=True)
class RulingView:
    player: str
    decision: str
    headline: str
    reason: str
    citations: tuple[str, ...]

    @classmethod
    def of(cls, player: str, ruling: Ruling, amount: int) -> RulingView:
        decision = ruling.decision
        headline = HEADLINES.get(decision, decision)
        shown = i18n.gettext(headline, amount=i18n.format_chips(amount))
        cites = citations_text(ruling.citations)
        return cls(player, decision, shown, ruling_words(ruling), cites)


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
        # The articles are shown beside the ruling: not a second time in its sentence.
        bare = PokerfloorError(error.code, {**error.params, "citations": None})
        refused = RulingView(name, "refused", i18n.gettext(headline), refusal_text(bare), cites)
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
            rulings.append(RulingView.of(who, ruling, amount))
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
