"""The builder a situation's ruler fills in: facts asked, settings read, steps, the decision.

Every setting a ruler reads goes through ``enum_value``/``bool_value``/``int_value`` (or
``cite`` for a setting with a single meaning), so the ruling lists the settings it read and
carries their citations from the profile: a house profile's override is cited as it is written.
"""

from __future__ import annotations

from collections.abc import Mapping

from pokerfloor.floor._model import DECISIONS, FactValue, FloorRuling, Step
from pokerfloor.floor._texts import STEP_TEXTS
from pokerfloor.rules import RuleProfile


class RulingBuilder:
    """What one ruler call collects; ``ruling()`` freezes it."""

    def __init__(self, situation: str, profile: RuleProfile, facts: Mapping[str, FactValue]):
        self.situation = situation
        self.profile = profile
        self.facts = dict(facts)
        self._steps: list[Step] = []
        self._citations: list[str] = []
        self._settings: list[str] = []
        self._decision: str | None = None

    # Facts

    def choice(self, key: str) -> str:
        return str(self.facts[key])

    def flag(self, key: str) -> bool:
        return bool(self.facts[key])

    def number(self, key: str) -> int:
        value = self.facts[key]
        assert isinstance(value, int)
        return value

    # Settings (each read is recorded with its citations)

    def enum_value(self, key: str) -> str:
        self.cite(key)
        return self.profile.enum_value(key)

    def bool_value(self, key: str) -> bool:
        self.cite(key)
        return self.profile.bool_value(key)

    def int_value(self, key: str) -> int:
        self.cite(key)
        return self.profile.int_value(key)

    def cite(self, key: str) -> None:
        """Record a setting the ruling applies and its citations."""
        if key not in self._settings:
            self._settings.append(key)
        for citation in self.profile.citations(key):
            if citation not in self._citations:
                self._citations.append(citation)

    # The ruling

    def step(self, key: str, **params: object) -> None:
        """Add the step ``key`` of ``STEP_TEXTS``, its ``{name}`` placeholders filled."""
        template = STEP_TEXTS[key]
        self._steps.append(Step(key, template.format(**params), dict(params), template))

    def decide(self, decision: str) -> None:
        assert decision in DECISIONS, decision
        self._decision = decision

    def ruling(self) -> FloorRuling:
        assert self._decision is not None, f"{self.situation}: no decision"
        assert self._steps, f"{self.situation}: no steps"
        assert self._citations, f"{self.situation}: no citations"
        return FloorRuling(
            situation=self.situation,
            profile=self.profile.id,
            decision=self._decision,
            steps=tuple(self._steps),
            citations=tuple(self._citations),
            settings=tuple(self._settings),
            facts=dict(self.facts),
        )
