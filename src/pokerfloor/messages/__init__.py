"""The one message catalogue: every refusal code and every ruling reason, one English sentence
each (a template with named params), translated in the French gettext catalogues
(``web/locale/fr/refusals.po``, ``floor.po``).

The core raises a code and params (``PokerfloorError(code, params)``) and records a ruling as a
reason code and params (``hand.Ruling``); nothing here reads English back. The English text of
logs, the command line and the API comes from these sentences (``english``); the pages fill the
same sentences in the page's language with Babel's number formats (``web/pages/_refusals.py``).
``tests/messages/test_catalogue.py`` fails on a code the source raises, or a reason the engine
records, without its sentence here and its French.

Split by meaning, each module under 600 lines: the tournament's play and its money, the hand
engine, the floor, the club, the dealt tables, the tournament formats (bounties,
satellites), the hand histories, the application.

Adding a refusal: raise ``PokerfloorError("NEW_CODE", {"param": value})``, write its sentence
under ``"NEW_CODE"`` in the module of its area, then its French in ``refusals.po``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pokerfloor.messages._club import MESSAGES as _CLUB
from pokerfloor.messages._dealt import MESSAGES as _DEALT
from pokerfloor.messages._floor import MESSAGES as _FLOOR
from pokerfloor.messages._formats import MESSAGES as _FORMATS
from pokerfloor.messages._hand import MESSAGES as _HAND
from pokerfloor.messages._marks import N_, Message, Np_, Plural
from pokerfloor.messages._phh import MESSAGES as _PHH
from pokerfloor.messages._render import (
    choose,
    count_of,
    english,
    fill,
    placeholders,
    plain,
    present,
)
from pokerfloor.messages._rulings import REASONS
from pokerfloor.messages._service import MESSAGES as _SERVICE
from pokerfloor.messages._tournament_money import MESSAGES as _TOURNAMENT_MONEY
from pokerfloor.messages._tournament_play import MESSAGES as _TOURNAMENT_PLAY

__all__ = [
    "MESSAGES",
    "N_",
    "REASONS",
    "Message",
    "Np_",
    "Plural",
    "choose",
    "count_of",
    "fill",
    "placeholders",
    "plain",
    "present",
    "reason_english",
    "refusal_english",
]


def _merged(*parts: dict[str, tuple[Message, ...]]) -> dict[str, tuple[Message, ...]]:
    merged: dict[str, tuple[Message, ...]] = {}
    for part in parts:
        twice = merged.keys() & part.keys()
        if twice:  # one sentence per code: a code written in two modules is a mistake
            raise RuntimeError(f"codes in two message modules: {sorted(twice)}")
        merged.update(part)
    return merged


# The refusals' sentences, by code (or ``CODE:reason``).
MESSAGES = _merged(
    _TOURNAMENT_PLAY, _TOURNAMENT_MONEY, _FORMATS, _HAND, _FLOOR, _CLUB, _DEALT, _PHH, _SERVICE
)


def refusal_english(code: str, params: Mapping[str, Any]) -> str | None:
    """A refusal's sentence in English (for logs, the command line, the API); None when no
    sentence of the catalogue fits its params."""
    return english(MESSAGES, code, params)


def reason_english(code: str, params: Mapping[str, Any], base: str | None = None) -> str:
    """A ruling's reason in English: its sentence with its params and, as ``%(base)s`` (or
    ``%(why)s``), the English of the reason or refusal it builds on. A code that is not a
    reason is a refusal's (the out-of-turn action that cannot stand holds one)."""
    template = REASONS.get(code)
    if template is None:  # a refusal's sentence, inside the reason: without its full stop
        return (refusal_english(code, params) or code).rstrip(".")
    values = {key: plain(key, value) for key, value in params.items()}
    if base is not None:
        values["base"] = values["why"] = base
    return template % values
