"""The floor rulings' texts in French or English (``pokerfloor.floor``'s English is the key).

The French of every situation title, fact label, choice label, decision meaning and step is in
``locale/fr/floor_rules.po``. A step is translated from its English template, then its params
(numbers) are filled in, so the French reads the same whatever the numbers.
"""

from __future__ import annotations

from pokerfloor.floor import DECISIONS, SITUATIONS, STEP_TEXTS, FloorRuling, Step
from pokerfloor.web import i18n

__all__ = ["decision_text", "floor_text", "floor_texts", "ruling_texts", "step_text"]


def floor_text(english: str, lang: str) -> str:
    """``english`` in ``lang`` (French from the catalogue; English, or a text without French,
    as it is)."""
    if lang == "en":
        return english
    found = i18n.catalogue(lang).get(english)
    return found if isinstance(found, str) else english


def step_text(step: Step, lang: str) -> str:
    return floor_text(step.template, lang).format(**step.params)


def decision_text(decision: str, lang: str) -> str:
    return floor_text(DECISIONS[decision], lang)


def ruling_texts(ruling: FloorRuling, lang: str) -> tuple[str, list[str]]:
    """The words of a ruling in ``lang``: its decision's meaning and its steps."""
    return decision_text(ruling.decision, lang), [step_text(step, lang) for step in ruling.steps]


def floor_texts() -> list[str]:
    """Every English text of the floor rulings, each once: what floor_rules.po translates."""
    texts: list[str] = []
    for kind in SITUATIONS.values():
        texts.append(kind.title)
        for fact in kind.facts:
            texts.append(fact.label)
            texts.extend(fact.choice_labels)
    texts.extend(DECISIONS.values())
    texts.extend(STEP_TEXTS.values())
    return list(dict.fromkeys(texts))
