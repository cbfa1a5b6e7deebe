"""TOML for PHH: one hand's text to a dict, quickly, with decimals read exactly.

PHH files are TOML, and real corpora (millions of hands) are written one ``key = value`` per
line with single-line arrays. Those lines are read here by a small scanner; anything else
(multi-line arrays, escapes, inline tables, dates...) goes to ``tomllib``, so the result is
always what ``tomllib.loads(text, parse_float=Decimal)`` gives. Numbers with a fraction and
``inf``/``nan`` are ``Decimal``s, never floats: ``0.10`` stays exactly a dime.
"""

from __future__ import annotations

import datetime
import re
import tomllib
from decimal import Decimal
from typing import Any

TomlError = tomllib.TOMLDecodeError

_KEY_VALUE = re.compile(r"([A-Za-z0-9_-]+)[ \t]*=[ \t]*(.*?)[ \t]*(?:#[^'\"]*)?\Z")
_BARE_KEY = re.compile(r"[A-Za-z0-9_-]+\Z")
_INTEGER = re.compile(r"[+-]?(?:0|[1-9][0-9]*)\Z")
_DECIMAL = re.compile(r"[+-]?(?:0|[1-9][0-9]*)\.[0-9]+\Z")
_SPECIAL = {"inf": "Infinity", "+inf": "Infinity", "-inf": "-Infinity", "nan": "NaN"}
_TIME = re.compile(r"([01][0-9]|2[0-3]):([0-5][0-9]):([0-5][0-9])\Z")
_SEPARATOR = re.compile(r"[ \t]*,[ \t]*\Z")
_SCALARS: dict[str, Any] = {}  # number and time words seen, parsed (immutable values only)
_KEYS: set[str] = set()  # bare keys seen
_CACHE_LIMIT = 50_000


class _NotSimple(Exception):
    """A line the scanner leaves to tomllib."""


def loads(text: str) -> dict[str, Any]:
    """Parse TOML ``text`` (one hand, no table headers); raise ``TomlError`` when invalid."""
    try:
        return _scan(text)
    except _NotSimple:
        return tomllib.loads(text, parse_float=Decimal)


def _scan(text: str) -> dict[str, Any]:
    data: dict[str, Any] = {}
    for raw in text.split("\n"):
        line = raw.strip()
        if not line or line[0] == "#":
            continue
        key, equals, value = line.partition("=")
        if not equals:
            raise _NotSimple
        key = key.rstrip()
        value = value.lstrip()
        if key not in _KEYS:
            if not _BARE_KEY.match(key):
                raise _NotSimple
            if len(_KEYS) < _CACHE_LIMIT:
                _KEYS.add(key)
        if "#" in value:
            match = _KEY_VALUE.match(line)  # a comment after the value, or a # in a string
            if match is None:
                raise _NotSimple
            value = match.group(2)
        if key in data or not value:
            raise _NotSimple  # tomllib says which key is defined twice, or what is missing
        data[key] = _array(value[1:-1]) if value[0] == "[" and value[-1] == "]" else _scalar(value)
    return data


def _array(inside: str) -> list[Any]:
    inside = inside.strip()
    if not inside:
        return []
    quote = inside[0]
    if quote == "'" or quote == '"':
        if quote == '"' and "\\" in inside:
            raise _NotSimple
        parts = inside.split(quote)
        # A string of this kind holds no such quote: the parts alternate between the strings
        # and what separates them.
        if parts[0] or len(parts) % 2 == 0 or parts[-1].strip() not in ("", ","):
            raise _NotSimple
        for separator in parts[2:-1:2]:
            if separator != ", " and not _SEPARATOR.match(separator):
                raise _NotSimple
        strings = parts[1::2]
        if any("\n" in string for string in strings):
            raise _NotSimple
        return strings
    words = inside.split(",")
    if not words[-1].strip():
        words.pop()  # a trailing comma
    return [_scalar(word.strip()) for word in words]


def _scalar(text: str) -> Any:
    known = _SCALARS.get(text)
    if known is not None:
        return known
    first = text[0] if text else ""
    if first == "'":
        if len(text) < 2 or text[-1] != "'" or "'" in text[1:-1]:
            raise _NotSimple
        return text[1:-1]
    if first == '"':
        if len(text) < 2 or text[-1] != '"' or '"' in text[1:-1] or "\\" in text:
            raise _NotSimple
        return text[1:-1]
    value: Any
    if _INTEGER.match(text):
        value = int(text)
    elif _DECIMAL.match(text):
        value = Decimal(text)
    elif text in _SPECIAL:
        value = Decimal(_SPECIAL[text])
    elif text == "true":
        value = True
    elif text == "false":
        value = False
    else:
        match = _TIME.match(text)
        if match is None:
            raise _NotSimple
        value = datetime.time(int(match.group(1)), int(match.group(2)), int(match.group(3)))
    if len(_SCALARS) < _CACHE_LIMIT:
        _SCALARS[text] = value
    return value
