"""How a message is written in the catalogue: ``N_`` marks a sentence, ``Np_`` a sentence with a
count (a singular and a plural, ``ngettext`` picks the form). Babel's extractor finds both
(``web/catalogue_check.py``), so a sentence written here without its French fails the tests."""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["N_", "Message", "Np_", "Plural"]


@dataclass(frozen=True)
class Plural:
    """A sentence with a count and a noun, translated with ``ngettext``; ``count`` names the
    param whose number (or list's length) picks the form."""

    singular: str
    plural: str
    count: str


def N_(message: str) -> str:
    """Mark ``message`` for translation where it is written; translate it where it is shown."""
    return message


def Np_(singular: str, plural: str, count: str) -> Plural:
    """Mark a plural message for translation where it is written."""
    return Plural(singular, plural, count)


Message = str | Plural
