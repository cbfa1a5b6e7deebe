"""The club's CSV files: members in and out, the season's standings, the cash book.

An imported file is untrusted: its size, its number of lines and every cell are bounded, a
date must be an ISO date, and a refusal names the line and the column (``CSV_INVALID`` with
``line``, ``column``, ``problem``) so the TD can fix the spreadsheet. Nothing is imported
unless the whole file is good. Written files neutralise cells a spreadsheet would run as a
formula (a leading ``=``, ``+``, ``-``, ``@``: OWASP's CSV injection advice).
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Sequence

from pokerfloor.app.csv_cells import has_control_character, safe_cell
from pokerfloor.club.members import MEMBER_COLUMNS, MemberRow, RowError, members_from_rows
from pokerfloor.errors import PokerfloorError

__all__ = [
    "MAX_CSV_BYTES",
    "MAX_CSV_ROWS",
    "MEMBER_COLUMNS",
    "MemberRow",
    "RowError",
    "numbered",
    "parse_members_csv",
    "write_csv",
]

MAX_CSV_BYTES = 2_000_000
MAX_CSV_ROWS = 20_000
MAX_CELL = 200
_REQUIRED = ("name",)  # without a member_id column, members are numbered in order


def _invalid(line: int, column: str, problem: str, english: str) -> PokerfloorError:
    return PokerfloorError(
        "CSV_INVALID",
        f"line {line}, column {column!r}: {english}",
        {"line": line, "column": column, "problem": problem},
    )


def parse_members_csv(
    data: bytes, existing: Iterable[str] = ()
) -> tuple[list[MemberRow], list[RowError]]:
    """The members of a CSV file (UTF-8, a header line naming the columns, comma or semicolon
    separated): the good rows and every error by line and column (the core's
    ``members_from_rows`` checks the cells). A file that cannot be read as CSV at all is
    refused (``CSV_INVALID``)."""
    if len(data) > MAX_CSV_BYTES:
        raise _invalid(0, "", "too_large", f"the file is over {MAX_CSV_BYTES} bytes")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        line = data[: error.start].count(b"\n") + 1
        raise _invalid(line, "", "not_utf8", "the file is not UTF-8 text") from error
    if "\x00" in text:
        line = text[: text.index("\x00")].count("\n") + 1
        raise _invalid(line, "", "binary", "the file holds a NUL byte")
    first = text.split("\n", 1)[0]
    delimiter = ";" if first.count(";") > first.count(",") else ","
    reader = csv.reader(io.StringIO(text), delimiter=delimiter, strict=True)
    header: list[str] | None = None
    rows: list[dict[str, str]] = []
    lines: list[int] = []
    errors: list[RowError] = []
    try:
        for cells in reader:
            line = reader.line_num
            if header is None:
                header = [cell.strip().lower() for cell in cells]
                for name in _REQUIRED:
                    if name not in header:
                        raise _invalid(1, name, "missing_column", "a required column is missing")
                for name in header:
                    if name not in MEMBER_COLUMNS:
                        raise _invalid(1, name[:40], "unknown_column", "an unknown column")
                continue
            if not any(cell.strip() for cell in cells):
                continue
            if len(rows) >= MAX_CSV_ROWS:
                raise _invalid(line, "", "too_many_rows", f"over {MAX_CSV_ROWS} members")
            if len(cells) != len(header):
                errors.append(
                    RowError(line, "", "CSV_CELL_COUNT", f"{len(cells)} cells, not {len(header)}")
                )
                continue
            cut = [cell[:MAX_CELL] for cell in cells]
            for column, cell in zip(header, cells, strict=True):
                if has_control_character(cell):
                    errors.append(RowError(line, column, "CSV_CONTROL", "a control character"))
            rows.append(dict(zip(header, cut, strict=True)))
            lines.append(line)
    except csv.Error as error:
        raise _invalid(reader.line_num, "", "malformed", f"malformed CSV ({error})") from error
    if header is None:
        raise _invalid(1, "", "empty", "the file is empty")
    valid: list[MemberRow] = []
    bad_lines = {error.line for error in errors}
    seen = list(existing)
    for line, row in zip(lines, rows, strict=True):
        # One row at a time so that each row keeps its physical line (quoted cells may hold
        # line breaks); ``seen`` carries the numbers taken so far.
        good, found = members_from_rows([row], line, seen)
        errors.extend(found)
        for member in good:
            if member.line not in bad_lines:
                valid.append(member)
                if member.member_id:
                    seen.append(member.member_id)
    errors.sort(key=lambda error: error.line)
    return valid, errors


def numbered(
    rows: Sequence[MemberRow], existing: Iterable[str], first: int
) -> list[tuple[str, MemberRow]]:
    """Each row with its member number: its own, or the next free one from ``first`` (the
    club's ``next_member_id``), skipping the numbers the club or the file's other rows hold, so
    that adding the rows in order never meets a number already taken."""
    taken = set(existing) | {row.member_id for row in rows if row.member_id}
    number = first
    result: list[tuple[str, MemberRow]] = []
    for row in rows:
        if row.member_id:
            result.append((row.member_id, row))
            continue
        while str(number) in taken:
            number += 1
        taken.add(str(number))
        result.append((str(number), row))
    return result


def write_csv(header: Sequence[str], rows: Iterable[Sequence[object]]) -> str:
    """A CSV text (comma separated, a header line), every cell made safe for spreadsheets;
    numbers are written as they are (a negative amount stays a number)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(header)
    for row in rows:
        writer.writerow(
            [
                cell if isinstance(cell, int) and not isinstance(cell, bool) else safe_cell(cell)
                for cell in row
            ]
        )
    return out.getvalue()
