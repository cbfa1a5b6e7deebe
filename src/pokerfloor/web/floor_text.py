"""The floor rulings' texts in French or English (``pokerfloor.floor``'s English is the key).

The French of every situation title, fact label, choice label, decision meaning and step is in
``locale/fr/floor_rules.po``. A step is translated from its English template, then its params
(numbers) are filled in, so the French reads the same whatever the numbers.
"""

from __future__ import annotations

from pokerfloor.floor import DECISIONS, SITUATIONS, STEP_TEXTS, FloorRuling, Step, step_english
from pokerfloor.hand import FloorStep, Ruling
from pokerfloor.web import i18n

__all__ = [
    "decision_text",
    "floor_text",
    "floor_texts",
    "ruling_steps",
    "ruling_texts",
    "step_text",
    "stored_step_text",
]


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


def stored_step_text(step: FloorStep, lang: str) -> str:
    """A step as a hand's event stores it (its key and params) in ``lang``: its English
    template translated, then filled; a key this version does not know is shown as it is."""
    template = STEP_TEXTS.get(step.key)
    if template is None:
        return step.key
    try:
        return floor_text(template, lang).format(**step.params)
    except (KeyError, IndexError, ValueError):
        return step_english(step.key, step.params)


def ruling_steps(ruling: Ruling, lang: str) -> list[str]:
    """The steps of a hand's stored ruling on a dealing irregularity in ``lang``; a ruling
    stored before issue 30 (its steps as English text in ``reason``) keeps that text."""
    if ruling.steps:
        return [stored_step_text(step, lang) for step in ruling.steps]
    return [ruling.said] if ruling.said else []
