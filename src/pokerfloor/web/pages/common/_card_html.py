"""The dealt pages' cards as HTML (the ``dealt_cards`` filter, ``_dealt_cards.html``'s macro):
made in Python once per set of cards and language, not by a Jinja loop at each render (issue
31's measure: the table's part of a 9-seat table asked for eleven sets per render, a fifth of
its time). The same text as the macro made: each card's rank and suit sign, the suit's class
for its colour, its name for screen readers; ``back`` cards face down."""

from __future__ import annotations

import functools
from collections.abc import Iterable, Mapping

from markupsafe import Markup, escape

from pokerfloor.web import i18n

__all__ = ["cards_html"]

_Face = tuple[str, str, str, str]  # suit, text, rank, symbol


def cards_html(faces: Iterable[Mapping[str, str]], back: int = 0) -> Markup:
    """``faces`` (``_dealt_common.card_faces``) then ``back`` cards face down, in the current
    language (the face-down card's label)."""
    key = tuple((face["suit"], face["text"], face["rank"], face["symbol"]) for face in faces)
    return _cards(key, int(back), i18n.current_locale())


@functools.lru_cache(maxsize=8192)
def _cards(faces: tuple[_Face, ...], back: int, language: str) -> Markup:
    parts = ['<span class="dealt-cards">']
    for suit, text, rank, symbol in faces:
        parts.append(
            f'<span class="dealt-card dealt-{escape(suit)}" aria-label="{escape(text)}">'
            f'{escape(rank)}<span aria-hidden="true">{escape(symbol)}</span></span>'
        )
    if back > 0:
        with i18n.use_locale(language):
            label = Markup(i18n.gettext("face down"))  # a translation, trusted as the macro did
        parts.extend([f'<span class="dealt-card dealt-back" aria-label="{label}"></span>'] * back)
    parts.append("</span>")
    return Markup("".join(parts))
