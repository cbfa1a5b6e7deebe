"""A refusal sentence with a count: ``Np_`` marks it for the catalogue, ``ngettext`` picks the
form on the page (``_refusals.py``)."""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["Message", "Np_", "Plural"]


@dataclass(frozen=True)
class Plural:
    """A sentence with a count and a noun, translated with ``ngettext``; ``count`` names the
    param whose number (or list's length) picks the form."""

    singular: str
    plural: str
    count: str


def Np_(singular: str, plural: str, count: str) -> Plural:
    """Mark a plural message for translation where it is written (``catalogue_check``)."""
    return Plural(singular, plural, count)


Message = str | Plural
