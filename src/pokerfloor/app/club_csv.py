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
import secrets
from collections.abc import Callable, Collection, Iterable, Sequence
from dataclasses import dataclass

from pokerfloor.app.club_commands import EnrolMember
from pokerfloor.app.club_service import ClubService
from pokerfloor.app.csv_cells import has_control_character, safe_cell
from pokerfloor.club.members import (
    COLUMN_ALIASES,
    GENERATE_PIN,
    IMPORT_COLUMNS,
    MEMBER_COLUMNS,
    MemberRow,
    RowError,
    members_from_rows,
)
from pokerfloor.errors import PokerfloorError

__all__ = [
    "IMPORTED_BY",
    "MAX_CSV_BYTES",
    "MAX_CSV_ROWS",
    "MEMBER_COLUMNS",
    "ImportedMember",
    "MemberRow",
    "RowError",
    "import_members",
    "new_pin",
    "numbered",
    "parse_members_csv",
    "write_csv",
]

MAX_CSV_BYTES = 2_000_000
MAX_CSV_ROWS = 20_000
MAX_CELL = 200
_REQUIRED = ("name",)  # without a member_id column, members are numbered in order


def _invalid(line: int, column: str, problem: str, english: str) -> PokerfloorError:
    # ``reason`` picks the refusal's sentence in the page's language (pokerfloor.messages).
    return PokerfloorError(
        "CSV_INVALID",
        f"line {line}, column {column!r}: {english}",
        {
            "line": line, "column": column, "problem": problem, "reason": problem,
            "accepted": ", ".join(IMPORT_COLUMNS), "max_rows": MAX_CSV_ROWS,
            "max_bytes": MAX_CSV_BYTES,
        },
    )  # fmt: skip


def parse_members_csv(
    data: bytes, existing: Iterable[str] = (), card_types: Collection[str] = ()
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
                header = [COLUMN_ALIASES.get(name, name) for name in header]
                for name in _REQUIRED:
                    if name not in header:
                        raise _invalid(1, name, "missing_column", "a required column is missing")
                for name in header:
                    if name not in IMPORT_COLUMNS:
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
        good, found = members_from_rows([row], line, seen, card_types)
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


# Who saw the identity document of a member imported with ``identity_checked`` yes.
IMPORTED_BY = "import"


def new_pin() -> str:
    """A PIN of 6 digits drawn by the operating system's generator (the application's
    randomness: the core never draws)."""
    return f"{secrets.randbelow(10**6):06d}"


@dataclass(frozen=True, slots=True)
class ImportedMember:
    member_id: str
    name: str
    pin: str  # the PIN drawn for the member ("generate"), else ""


def import_members(
    clubs: ClubService, club_id: str, data: bytes, draw_pin: Callable[[], str] = new_pin
) -> tuple[list[ImportedMember], list[RowError]]:
    """Enrol every member of a CSV file, or none: the members added (with the PINs drawn
    for them, to print once: only their digests are kept), or the file's errors by line and
    column and nothing added. A file that is not CSV at all: ``CSV_INVALID``."""
    existing, card_types = clubs.read(
        club_id, lambda club: (list(club.members), [c.code for c in club.settings.card_types])
    )
    rows, errors = parse_members_csv(data, existing, card_types)
    if errors:
        return [], errors
    first = int(clubs.read(club_id, lambda club: club.next_member_id()))
    added: list[ImportedMember] = []
    for number, row in numbered(rows, existing, first):
        pin = draw_pin() if row.pin == GENERATE_PIN[0] else row.pin
        clubs.execute(
            club_id,
            EnrolMember(
                member_id=number, name=row.name, nickname=row.nickname,
                birth_date=row.birth_date, contact=row.contact, card_type=row.card, pin=pin,
                identity_by=IMPORTED_BY if row.identity_checked else "",
            ),
        )  # fmt: skip
        added.append(ImportedMember(number, row.name, pin if row.pin == GENERATE_PIN[0] else ""))
    return added, []


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
