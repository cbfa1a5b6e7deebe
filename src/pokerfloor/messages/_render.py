"""Which sentence of the catalogue a refusal takes, and its English text for logs, the command
line and the API.

Under a code (or ``CODE:reason``, after the refusal's ``reason`` param) the sentences come the
most precise first: a refusal takes the first one whose placeholders are all among its params
(a param missing, empty, or a 0 that means "none" rules a sentence out). The pages fill the same
sentence in their language with Babel's formats (``web/pages/_refusals.py``); here numbers are
written plainly, as the core has no locale.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from pokerfloor.messages._marks import Message, Plural

__all__ = ["choose", "count_of", "english", "fill", "placeholders", "plain", "present"]

_PLACEHOLDER = re.compile(r"%\((\w+)\)s")
# Params where 0 means "none": the sentence without them is taken.
_NONE_IF_ZERO = frozenset({"unknown_chips", "extra_hands"})


def placeholders(message: Message) -> set[str]:
    """The params a sentence needs."""
    if isinstance(message, Plural):
        found = {*_PLACEHOLDER.findall(message.singular), *_PLACEHOLDER.findall(message.plural)}
        return found | {message.count}
    return set(_PLACEHOLDER.findall(message))


def present(code: str, params: Mapping[str, Any]) -> dict[str, Any]:
    """The params a sentence may use: none that is missing, empty or a "none" 0."""
    kept = {
        key: value
        for key, value in params.items()
        if value is not None
        and value != [] and value != () and value != {}
        and not (key in _NONE_IF_ZERO and value == 0)
    }  # fmt: skip
    if code == "REBUY_NOT_ALLOWED" and params.get("threshold") not in (None, "below_big_blind"):
        kept.pop("big_blind", None)  # the profile allows a rebuy with no chips left only
    return kept


def choose(
    catalogue: Mapping[str, tuple[Message, ...]], code: str, params: Mapping[str, Any]
) -> list[Message]:
    """The sentences of ``code`` that its params fill, the most precise first (the pages try
    the next one when a translation does not fit)."""
    kept = present(code, params)
    reason = kept.get("reason")
    keys = (f"{code}:{reason}", code) if isinstance(reason, str) else (code,)
    return [
        message
        for key in keys
        for message in catalogue.get(key, ())
        if placeholders(message) <= kept.keys()
    ]


def count_of(value: Any) -> int:
    """The number that picks a plural's form: a number, or the length of a list."""
    if isinstance(value, list | tuple | dict):
        return len(value)
    return value if isinstance(value, int) and not isinstance(value, bool) else 2


def fill(message: Message, values: Mapping[str, Any], count: int) -> str:
    """``message`` in English with ``values`` (already written as text)."""
    if isinstance(message, Plural):
        text = message.singular if count == 1 else message.plural
        return text % dict(values, num=count)
    return message % dict(values)


def plain(key: str, value: Any) -> str:
    """A param as plain English text, as the engine's texts always wrote it: 12345 chips, 12.50
    for cents, lists joined."""
    if isinstance(value, list | tuple):
        return ", ".join(plain(key, item) for item in value)
    if isinstance(value, dict):
        return ", ".join(f"{item}: {plain('', amount)}" for item, amount in value.items())
    if isinstance(value, bool) or value is None:
        return str(value)
    if isinstance(value, int):
        if key.endswith("_cents"):
            sign = "-" if value < 0 else ""
            units, cents = divmod(abs(value), 100)
            return f"{sign}{units}.{cents:02d}"
        return str(value)
    return str(value)


def english(
    catalogue: Mapping[str, tuple[Message, ...]], code: str, params: Mapping[str, Any]
) -> str | None:
    """The refusal's sentence in English, its params written plainly; None when the catalogue
    has none that its params fill."""
    for message in choose(catalogue, code, params):
        values = {key: plain(key, value) for key, value in params.items()}
        count = count_of(params[message.count]) if isinstance(message, Plural) else 0
        try:
            return fill(message, values, count)
        except (KeyError, TypeError, ValueError):
            continue
    return None
