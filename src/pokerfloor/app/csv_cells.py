"""One rule for the text of every cell a CSV export writes, and for the text a person types
(issue 27).

- ``safe_cell``: a spreadsheet runs a cell as a formula when it starts with ``=``, ``+``,
  ``-`` or ``@`` (or their full-width forms, which some spreadsheets fold), also behind
  leading blanks or control characters that it drops on reading (a NUL, a tab, a carriage
  return). Such a cell is written with a leading apostrophe: the spreadsheet shows it as
  text. Every export (the club's files, the results, the cash book) writes through it.
- ``CONTROL_CHARACTERS``: the characters no name, nickname or contact may hold (C0 controls
  and DEL): the API, the pages' forms and the CSV import refuse them alike.
"""

from __future__ import annotations

import re

__all__ = ["CONTROL_CHARACTERS", "NO_CONTROL_PATTERN", "has_control_character", "safe_cell"]

CONTROL_CHARACTERS = "\x00-\x1f\x7f"
# A whole text without them (msgspec searches a pattern: anchored with \A and \Z).
NO_CONTROL_PATTERN = rf"\A[^{CONTROL_CHARACTERS}]*\Z"
_CONTROL = re.compile(f"[{CONTROL_CHARACTERS}]")
_FORMULA_START = frozenset("=+-@\uff1d\uff0b\uff0d\uff20")
_DROPPED_BEFORE = " " + "".join(chr(code) for code in range(32)) + "\x7f\u00a0\u3000"


def has_control_character(text: str) -> bool:
    return _CONTROL.search(text) is not None


def safe_cell(value: object) -> str:
    """``value`` as a CSV cell's text that a spreadsheet will not run (see above)."""
    text = "" if value is None else str(value)
    if not text:
        return text
    if text[0] in _DROPPED_BEFORE[1:] or text.lstrip(_DROPPED_BEFORE)[:1] in _FORMULA_START:
        return "'" + text
    return text
