"""The shapes of a floor ruling on a dealing irregularity: situations, their facts, the ruling.

A situation (``SituationKind``) names at most five facts the floor asks about; ``rule`` turns a
profile and the facts into a ``FloorRuling``: a stable decision word, the procedure as steps in
order and the articles behind it. English texts live here; the French is in the gettext
catalogue ``web/locale/fr/floor_rules.po``, keyed by the English text and read by
``pokerfloor.web.floor_text``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import TYPE_CHECKING, Literal

if TYPE_CHECKING:
    from pokerfloor.floor._builder import RulingBuilder

FactKind = Literal["choice", "bool", "int"]
FactValue = str | bool | int

# Stable decision words (never renamed; new ones may be added) and their English meaning.
DECISIONS: Mapping[str, str] = MappingProxyType(
    {
        "misdeal": "Misdeal: the hand is void, every post goes back, the same button deals again",
        "no_misdeal": "No misdeal: play goes on",
        "card_replaced": (
            "The exposed or wrong card is set aside or becomes the burn; the next card takes "
            "its place"
        ),
        "card_kept": "The player keeps the exposed card and play goes on",
        "hand_dead": "That player's hand is dead; what it committed stays in the pot",
        "hand_live": "The hand stays live",
        "board_reshuffled": (
            "The board cards dealt wrongly go back into the stub, which is shuffled, and are "
            "dealt again (the steps say whether a card is burned)"
        ),
        "card_set_aside": (
            "The premature card is set aside and comes back into play as the rule says"
        ),
        "extra_card_removed": ("Four-card flop: one card taken at random becomes the next burn"),
        "burn_restored": "The order is known: the burn and the board are put back in order",
        "deck_replaced": "Fouled deck: the deck is replaced",
        "card_dealt": "The player short of a card is dealt the top card of the stub; play goes on",
        "flop_scrambled": (
            "Flop dealt without a burn: its three cards are scrambled face down, one drawn at "
            "random is the burn, the other two and the next card of the stub are the flop"
        ),
        "board_stands": "The board stands as dealt and play goes on",
    }
)


@dataclass(frozen=True, slots=True)
class Fact:
    """One question the floor asks about a situation.

    ``choices`` are the accepted values of a ``choice`` fact and ``choice_labels`` their English
    labels, in the same order; an ``int`` fact accepts ``minimum..maximum``.
    """

    key: str
    kind: FactKind
    label: str
    default: FactValue | None
    choices: tuple[str, ...] = ()
    choice_labels: tuple[str, ...] = ()
    minimum: int = 0
    maximum: int = 0

    def choice_label(self, value: str) -> str:
        return dict(zip(self.choices, self.choice_labels, strict=True)).get(value, value)

    def accepted(self) -> str:
        """What this fact accepts, in words, for error messages."""
        if self.kind == "choice":
            return "one of: " + ", ".join(self.choices)
        if self.kind == "bool":
            return "true or false"
        return f"a whole number from {self.minimum} to {self.maximum}"


@dataclass(frozen=True, slots=True)
class SituationKind:
    """A dealing irregularity the floor rules on, its facts (at most five) in asking order."""

    key: str
    title: str
    facts: tuple[Fact, ...]
    ruler: Callable[[RulingBuilder], None] = field(repr=False, compare=False)

    def fact(self, key: str) -> Fact | None:
        for fact in self.facts:
            if fact.key == key:
                return fact
        return None


@dataclass(frozen=True, slots=True)
class Step:
    """One step of the procedure: a stable key, its English text with ``params`` filled in.

    ``template`` is the English text before the params are filled in: the French catalogue is
    keyed by it.
    """

    key: str
    text: str
    params: Mapping[str, object] = field(hash=False)
    template: str


@dataclass(frozen=True, slots=True)
class FloorRuling:
    """The floor's ruling on one situation under one profile.

    ``settings`` are the profile settings the ruling read (or cited), ``citations`` the articles
    behind the decision and its steps.
    """

    situation: str
    profile: str
    decision: str
    steps: tuple[Step, ...]
    citations: tuple[str, ...]
    settings: tuple[str, ...]
    facts: Mapping[str, FactValue] = field(default_factory=dict, hash=False)


Facts = Mapping[str, FactValue]
