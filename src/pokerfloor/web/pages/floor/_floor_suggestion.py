"""The floor's suggested ruling next to a captain's call that names a dealing irregularity:
the situation and its facts as the captain gave them, the ruling under the tournament's own
profile (its decision, steps and articles) and the calculator's address with the same facts,
where the TD changes one. Shown on the TD's pages only (the console, the captains' page).
"""

from __future__ import annotations

from dataclasses import dataclass

from pokerfloor.errors import PokerfloorError
from pokerfloor.floor import rule
from pokerfloor.rules import RuleProfile
from pokerfloor.web.pages.floor._floor_situations import (
    RulingView,
    fact_lines,
    facts_from_text,
    irregularity_url,
    situation_title,
)

__all__ = ["Suggestion", "suggest"]


@dataclass(frozen=True)
class Suggestion:
    """A call's situation and the floor's ruling on it (``ruling`` None: the facts stored
    no longer rule, e.g. a situation the core dropped; the call still shows its title)."""

    situation: str
    facts: tuple[tuple[str, str], ...]
    ruling: RulingView | None
    url: str

    @property
    def title(self) -> str:
        return situation_title(self.situation)

    @property
    def fact_words(self) -> list[tuple[str, str]]:
        """The facts that tell this call apart: its choices, and what is not the default."""
        typed, _errors = facts_from_text(self.situation, dict(self.facts))
        return fact_lines(self.situation, typed, brief=True)


def suggest(
    tournament_id: str, profile: RuleProfile, situation: str, facts: dict[str, str]
) -> Suggestion | None:
    """The suggestion for a call (None when the call names no situation)."""
    if not situation:
        return None
    typed, errors = facts_from_text(situation, facts)
    view: RulingView | None = None
    if not errors:
        try:
            view = RulingView(rule(profile, situation, typed))
        except PokerfloorError:
            view = None
    url = irregularity_url(tournament_id, situation, facts)
    return Suggestion(situation, tuple(facts.items()), view, url)
