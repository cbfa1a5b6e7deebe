"""Finds English on a French page: the rendered text of a page (its text nodes and the words a
screen reader or a tooltip says: ``aria-label``, ``title``, ``alt``, ``placeholder``) is
matched against the English messages (msgids) of the catalogues.

A msgid whose French reads the same ("Add-on", "Chip race", "BTN", "Table", "Pause") is no
leak; a message with variables is matched by its literal parts between them. A part is matched
as whole words, case-sensitive, so "Seat" is found and "Seats" inside a French sentence is not
mistaken for it. Used by the page tests (test client) and, where cheap, the browser tests.
"""

from __future__ import annotations

import re
from functools import cache
from html.parser import HTMLParser

from pokerfloor.web.i18n import catalogue

__all__ = ["english_leaks", "page_text"]

SPOKEN_ATTRIBUTES = ("aria-label", "title", "alt", "placeholder")
# Shorter literal parts are too common to mean anything ("%(n)s of %(m)s" → "of").
MIN_PART = 4
# English words that are French too, or that the French pages keep on purpose: a leak must be
# more than one of these.
SHARED_WORDS = frozenset(
    (
        *("add-on", "add-ons", "chip", "race", "bubble", "buy-in", "buy-ins", "heads-up"),
        *("re-entry", "re-entries", "table", "tables", "pause", "ante", "tapis", "poker"),
        *("ok", "tv", "td", "csv", "pdf", "qr", "pin", "total", "minimum", "maximum", "max"),
        *("min", "type", "code", "note", "notes", "message", "place", "places", "structure"),
        *("standard", "bonus", "dealer"),
    )
)
# Proper names shown as they are written (a rulebook's title), and addresses.
PROPER_NAMES = ("Tournament Directors Association",)
_ADDRESS = re.compile(r"https?://\S+")
_PLACEHOLDER = re.compile(r"%\([a-z_]+\)[sd]|%[sd]|\{[a-z_]+\}")


class _Text(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self._skip = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("script", "style", "template"):
            self._skip += 1
        for name, value in attrs:
            if name in SPOKEN_ATTRIBUTES and value:
                self.parts.append(value)

    def handle_endtag(self, tag: str) -> None:
        if tag in ("script", "style", "template") and self._skip:
            self._skip -= 1

    def handle_data(self, data: str) -> None:
        if not self._skip:
            self.parts.append(data)


def page_text(html: str) -> str:
    """What a person reads or hears on the page, one line per text node."""
    parser = _Text()
    parser.feed(html)
    return "\n".join(" ".join(part.split()) for part in parser.parts if part.strip())


@cache
def _patterns() -> tuple[tuple[str, re.Pattern[str]], ...]:
    """One pattern per English message that reads differently in French."""
    found: list[tuple[str, re.Pattern[str]]] = []
    for msgid, french in catalogue("fr").items():
        first = french if isinstance(french, str) else french[0]
        if first == msgid:
            continue
        for part in _PLACEHOLDER.split(msgid):
            part = " ".join(part.split()).strip(" .,:;·—-()…")
            words = re.findall(r"[A-Za-z][A-Za-z'-]*", part)
            if len(part) < MIN_PART or all(word.lower() in SHARED_WORDS for word in words):
                continue
            if not any(word.lower() not in SHARED_WORDS for word in words):
                continue
            # A part that is a French word or phrase too is no evidence.
            if part in _french_words():
                continue
            found.append((msgid, re.compile(rf"(?<![\w-]){re.escape(part)}(?![\w-])")))
    return tuple(found)


@cache
def _french_words() -> frozenset[str]:
    """Every word and phrase of the French translations (a part of an English message that a
    French translation also uses is not English evidence)."""
    words: set[str] = set()
    for french in catalogue("fr").values():
        for text in (french,) if isinstance(french, str) else french:
            for part in _PLACEHOLDER.split(text):
                words.add(" ".join(part.split()).strip(" .,:;·—-()…"))
                words.update(re.findall(r"[A-Za-zÀ-ÿ][A-Za-zÀ-ÿ'-]*", part))
    return frozenset(words)


def english_leaks(html: str, allowed: tuple[str, ...] = ()) -> list[str]:
    """The English messages found in the rendered text of ``html`` (a French page), each
    with the line it was found in; ``allowed`` are texts of the page that are data, not
    messages (a player's or a club's name)."""
    text = _ADDRESS.sub(" ", page_text(html))
    for data in (*PROPER_NAMES, *allowed):
        text = text.replace(data, " ")
    leaks: list[str] = []
    for msgid, pattern in _patterns():
        match = pattern.search(text)
        if match:
            line = text[text.rfind("\n", 0, match.start()) + 1 : text.find("\n", match.end())]
            leaks.append(f"{msgid!r} in {line[:160]!r}")
    return leaks
