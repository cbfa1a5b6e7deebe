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
from typing import Final

from pokerfloor.formats._phh_parse import NEW_RECORD, PhhError, parse_phh, read_phh_text
from pokerfloor.formats._phh_read import quick_read, read_phh
from pokerfloor.formats._phh_records import PhhItem, new_item

_RECORD: Final = NEW_RECORD  # a C static once compiled (mypyc), not a look-up in the globals
_ITEM: Final = PhhItem
_HEADER: Final = re.compile(r"^\[[ \t]*([^\[\]\n]+?)[ \t]*\][ \t]*(?:#[^\n]*)?$", re.MULTILINE)
MULTI_SUFFIX = ".phhs"


def parse_phhs(text: str) -> Iterator[PhhItem]:
    """The hands of a ``.phhs`` text, in file order; one bad hand does not stop the others.

    The whole file is read in one pass: split into lines once, each table's lines are a slice
    of them, read by ``_phh_read.quick_read`` (the lines every hand repeats, a table's shape,
    the actions at their positions are kept across hands), and only a hand it leaves out has
    its text rebuilt for ``parse_phh``: the same hands and errors as reading each table's text
    (``read_phh``) alone."""
    lines = text.split("\n")
    starts = _header_lines(lines)
    preamble = "\n".join(lines[: starts[0][0]]) if starts else text
    if _has_content(preamble):
        yield NEW_RECORD(
            PhhItem,
            (
                None,
                1,
                None,
                PhhError(
                    "PHH_BAD_TOML",
                    "a .phhs file is a TOML table per hand ([1], [2], ...); text comes before "
                    "the first table",
                    None,
                ),
            ),
        )
    seen: set[str] = set()
    last = len(starts) - 1
    for index, (start, key) in enumerate(starts):
        stop = starts[index + 1][0] if index < last else len(lines)
        line = start + 1
        if key in seen:
            error = PhhError("PHH_BAD_TOML", f"table [{key}] is defined twice", None, table=key)
            yield _RECORD(_ITEM, (key, line, None, error))
            continue
        seen.add(key)
        body = lines[start + 1 : stop]
        hand = quick_read(body)
        if hand is None:
            try:  # the table's text as a slice of the file's: from its header's line end
                hand = parse_phh("\n" + "\n".join(body) + ("\n" if index < last else ""))
            except PhhError as error:
                yield _RECORD(_ITEM, (key, line, None, error))
                continue
        yield _RECORD(_ITEM, (key, line, hand, None))


def _header_lines(lines: list[str]) -> list[tuple[int, str]]:
    """(index, table name) of each line that is a table header (``_HEADER``)."""
    match = _HEADER.match
    found = []
    for index in range(len(lines)):
        line = lines[index]
        if line.startswith("["):
            header = match(line)
            if header is not None:
                found.append((index, header.group(1).strip("\"'")))
    return found


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
