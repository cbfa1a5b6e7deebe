"""The French of a catalogue's sentence, and what is wrong with it (a test helper)."""

from __future__ import annotations

import re

from pokerfloor.messages import Plural
from pokerfloor.web import i18n

__all__ = ["PLACEHOLDER", "french", "translation_problems"]

# A French sentence may read as its English one when its words are the same in both.
IDENTICAL_BY_NATURE = frozenset({"points", "prize pool", "structure", "table"})
PLACEHOLDER = re.compile(r"%\((\w+)\)s")


def french(message: str) -> str | tuple[str, ...] | None:
    """The French of ``message`` (merged catalogues; none when missing, empty or fuzzy)."""
    return i18n.catalogue("fr").get(message)


def translation_problems(message: str | Plural) -> list[str]:
    """What is wrong with the French of one sentence: missing, fuzzy, untranslated, or with
    other placeholders than the English."""
    english = (message.singular, message.plural) if isinstance(message, Plural) else (message,)
    found = french(english[0])
    if found is None:
        return [f"no French (missing, empty or fuzzy): {english[0]!r}"]
    forms = (found,) if isinstance(found, str) else found
    if len(forms) != len(english):
        return [f"{len(forms)} French form(s) for {len(english)}: {english[0]!r}"]
    problems = []
    wanted = {name for text in english for name in PLACEHOLDER.findall(text)}
    for form in forms:
        if form in english and english[0] not in IDENTICAL_BY_NATURE:
            problems.append(f"French is the English: {english[0]!r}")
        if isinstance(message, str) and set(PLACEHOLDER.findall(form)) != wanted:
            problems.append(f"other placeholders in French: {english[0]!r} -> {form!r}")
        if isinstance(message, Plural) and not set(PLACEHOLDER.findall(form)) <= wanted:
            problems.append(f"unknown placeholder in French: {english[0]!r} -> {form!r}")
    return problems
