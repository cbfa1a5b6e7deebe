"""Many PHH hands in one file (``.phhs``): a TOML table per hand, ``[1]``, ``[2]``...

A ``.phhs`` file is what the PHH corpora ship (uoftcprg/phh-dataset, pokerkit's
``HandHistory.dumps_all``). Each table is read on its own, so a hand that is not valid TOML or
not valid PHH is reported with its table name and field and the hands after it are still read.
A ``.phh`` file is one hand with no table header.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

from pokerfloor.formats._phh_parse import PhhError, read_phh_text
from pokerfloor.formats._phh_read import read_phh
from pokerfloor.formats._phh_records import PhhItem, new_item

_HEADER = re.compile(r"^\[[ \t]*([^\[\]\n]+?)[ \t]*\][ \t]*(?:#[^\n]*)?$", re.MULTILINE)
MULTI_SUFFIX = ".phhs"


def parse_phhs(text: str) -> Iterator[PhhItem]:
    """The hands of a ``.phhs`` text, in file order; one bad hand does not stop the others."""
    headers = _headers(text)
    preamble = text[: headers[0].start()] if headers else text
    if _has_content(preamble):
        yield new_item(
            None,
            1,
            error=PhhError(
                "PHH_BAD_TOML",
                "a .phhs file is a TOML table per hand ([1], [2], ...); text comes before the "
                "first table",
                None,
            ),
        )
    seen: set[str] = set()
    line = 1 + text.count("\n", 0, headers[0].start()) if headers else 1
    for index, header in enumerate(headers):
        end = headers[index + 1].start() if index + 1 < len(headers) else len(text)
        key = header.group(1).strip("\"'")
        body = text[header.end() : end]
        if key in seen:
            yield new_item(
                key,
                line,
                error=PhhError("PHH_BAD_TOML", f"table [{key}] is defined twice", None, table=key),
            )
        else:
            seen.add(key)
            try:  # _item, written out: once per hand
                hand = read_phh(body)
            except PhhError as error:
                yield new_item(key, line, error=error)
            else:
                yield new_item(key, line, hand)
        line += text.count("\n", header.start(), end)


def _headers(text: str) -> list[re.Match[str]]:
    """``_HEADER.finditer(text)``: only the lines that begin with ``[`` are tried."""
    match = _HEADER.match
    headers = []
    start = 0 if text.startswith("[") else text.find("\n[") + 1 or -1
    while start >= 0:
        header = match(text, start)
        if header is not None:
            headers.append(header)
        start = text.find("\n[", start) + 1 or -1
    return headers


def _item(key: str | None, line: int, body: str) -> PhhItem:
    try:
        return new_item(key, line, read_phh(body))
    except PhhError as error:
        return new_item(key, line, error=error)


def _has_content(text: str) -> bool:
    return any(line.strip() and not line.lstrip().startswith("#") for line in text.splitlines())


def load_phhs(path: str | Path) -> Iterator[PhhItem]:
    """The hands of a ``.phhs`` file (an unreadable file raises ``PhhError``)."""
    return parse_phhs(read_phh_text(path))


def iter_phh_file(path: str | Path) -> Iterator[PhhItem]:
    """The hands of a ``.phh`` (one, ``key`` None) or ``.phhs`` file, by its suffix."""
    text = read_phh_text(path)
    if Path(path).suffix.lower() == MULTI_SUFFIX:
        return parse_phhs(text)
    return iter((_item(None, 1, text),))
