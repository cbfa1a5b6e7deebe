"""The structure editor of the set-up page: its fields (the entry terms, then the levels and
the chips as a table of parallel columns), the table's rows added and removed, and the
conversion between the table and a ``Structure``, both ways.

The table is the single source: ``structure_of`` turns what the TD typed into a ``Structure``,
or raises a ``Refusal`` that names the entry that is wrong, in the page's language; a structure
read from a template, an earlier tournament or a file fills the table with ``fields_from``.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Annotated, Any, TypeVar

from pydantic import BaseModel, Field

from pokerfloor.errors import PokerfloorError
from pokerfloor.tournament.limits import (
    BREAK_MINUTES_MAX,
    LATE_REGISTRATION_MINUTES_MAX,
    LEVEL_MINUTES_MAX,
    MAX_CENTS,
    MAX_CHIPS,
    MAX_DENOMINATIONS,
    MAX_ENTRIES_PER_PLAYER,
    MAX_LEVELS,
    MAX_TEXT_LENGTH,
)
from pokerfloor.tournament.structure import (
    Break,
    ChipDenomination,
    EntryRules,
    Level,
    Structure,
)
from pokerfloor.web import i18n
from pokerfloor.web.i18n import N_
from pokerfloor.web.pages.common._forms import ascii_digits, compact, whole_number
from pokerfloor.web.pages.common._refusals import RefusalText, reason_text

__all__ = [
    "CHIP_COLUMNS",
    "ENTRY_FIELDS",
    "LEVEL_COLUMNS",
    "MAX_ROWS",
    "EntryField",
    "Refusal",
    "Short",
    "StructureFields",
    "collect",
    "edited",
    "editor_context",
    "fields_from",
    "money_text",
    "optional_field",
    "rows_of",
    "structure_of",
    "whole_field",
]

# Rows of the levels' or the chips' table: the structure's own bounds (tournament.limits),
# so that any structure a TOML file or the API may hold fills the table.
MAX_ROWS = max(MAX_LEVELS, MAX_DENOMINATIONS)
_GROUPING = "'"  # besides spaces, what may group thousands in a number typed here (1'000)
_MONEY = re.compile(r"([0-9][0-9.,]{0,15}?)(?:[.,]([0-9]{1,2}))?")

Short = Annotated[str, Field(max_length=MAX_TEXT_LENGTH)]
Column = Annotated[list[Short], Field(max_length=MAX_ROWS)]


class StructureFields(BaseModel):
    """The structure editor's inputs as typed (text, so a wrong entry comes back as it was
    typed). Levels and chips are parallel columns: item ``i`` of each is row ``i + 1``."""

    structure_name: Short = ""
    starting_stack: Short = ""
    buy_in: Short = ""
    fee: Short = ""
    late_registration_until_level: Short = ""
    late_registration_minutes: Short = ""
    rebuy_until_level: Short = ""
    rebuy_chips: Short = ""
    rebuy_price: Short = ""
    max_rebuys: Short = ""
    addon_chips: Short = ""
    addon_price: Short = ""
    double_addon: Short = ""
    addon_break_after_level: Short = ""
    reentry_until_level: Short = ""
    max_reentries: Short = ""
    # A bounty or progressive knockout evening (_bounty_setup.py): blank bounty, none.
    bounty: Short = ""
    bounty_percent: Short = ""
    bounty_unit: Short = ""
    last_bounty: Short = ""
    # A satellite or a flight (_format_setup.py): ``fmt`` "", "satellite" or "flight".
    fmt: Short = ""
    seat_value: Short = ""
    remainder: Short = ""
    double_seat: Short = ""
    flight_stop_players: Short = ""
    flight_stop_level: Short = ""
    carry: Short = ""
    day1_ranking: Short = ""
    level_minutes: Column = []
    small_blind: Column = []
    big_blind: Column = []
    ante: Column = []
    bb_ante: Column = []
    break_minutes: Column = []
    colour_up: Column = []
    chip_value: Column = []
    chip_colour_fr: Column = []
    chip_colour_en: Column = []
    # The editor's buttons (``/new/editor``): which one was pressed.
    add_level: Short = ""
    remove_level: Short = ""
    add_chip: Short = ""
    remove_chip: Short = ""


@dataclass(frozen=True)
class EntryField:
    name: str  # the form field
    label: str  # English source, translated in the template
    kind: str  # chips, money, level, minutes, optional, flag
    target: str  # the EntryRules field


# The set-up page's choices for the champion's own bounty (_bounty_setup.py, setup_bounty.html).
LAST_BOUNTY_LABELS = {
    "winner": N_("paid to the winner, as a bounty"),
    "first_prize": N_("added to the first prize"),
}

ENTRY_FIELDS = (
    EntryField("starting_stack", N_("Starting stack"), "chips", "starting_stack"),
    EntryField("buy_in", N_("Buy-in"), "money", "buy_in_cents"),
    EntryField("fee", N_("Fee (kept by the organiser)"), "money", "fee_cents"),
    EntryField(
        "late_registration_until_level",
        N_("Late registration until the end of level"),
        "level",
        "late_registration_until_level",
    ),
    EntryField(
        "late_registration_minutes",
        N_("Late registration: minutes after the start"),
        "minutes",
        "late_registration_minutes",
    ),
    EntryField(
        "rebuy_until_level", N_("Rebuys until the end of level"), "level", "rebuy_until_level"
    ),
    EntryField("rebuy_chips", N_("Rebuy chips"), "chips", "rebuy_chips"),
    EntryField("rebuy_price", N_("Rebuy price"), "money", "rebuy_cents"),
    EntryField("max_rebuys", N_("Rebuys per player, at most"), "optional", "max_rebuys"),
    EntryField("addon_chips", N_("Add-on chips"), "chips", "addon_chips"),
    EntryField("addon_price", N_("Add-on price"), "money", "addon_cents"),
    EntryField("double_addon", N_("Double add-on allowed"), "flag", "double_addon"),
    EntryField(
        "addon_break_after_level",
        N_("Add-ons at the break after level (blank: when the rebuy period ends)"),
        "level",
        "addon_break_after_level",
    ),
    EntryField(
        "reentry_until_level",
        N_("Re-entries until the end of level"),
        "level",
        "reentry_until_level",
    ),
    EntryField("max_reentries", N_("Re-entries per player, at most"), "optional", "max_reentries"),
)
LEVEL_COLUMNS = (
    ("level_minutes", N_("Minutes")),
    ("small_blind", N_("Small blind")),
    ("big_blind", N_("Big blind")),
    ("ante", N_("Ante")),
    ("bb_ante", N_("Big blind ante")),
    ("break_minutes", N_("Break after it (minutes)")),
    ("colour_up", N_("Chips removed at the break")),
)
CHIP_COLUMNS = (
    ("chip_value", N_("Value")),
    ("chip_colour_fr", N_("Colour (French)")),
    ("chip_colour_en", N_("Colour (English)")),
)


class Refusal(Exception):
    """An entry of the form that cannot be used; ``message`` is already translated."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


# ---- the table <-> a structure ------------------------------------------------------------


def money_text(cents: int, language: str) -> str:
    """Cents as the TD types money: 20,00 in French, 20.00 in English (no grouping)."""
    separator = "," if language == "fr" else "."
    return f"{cents // 100}{separator}{cents % 100:02d}"


def fields_from(structure: Structure, language: str) -> dict[str, Any]:
    """The editor's inputs filled with ``structure``."""
    entry = structure.entry
    values: dict[str, Any] = {"structure_name": structure.name}
    for field in ENTRY_FIELDS:
        value = getattr(entry, field.target)
        if field.kind == "money":
            values[field.name] = money_text(value, language)
        elif field.kind == "flag":
            values[field.name] = "on" if value else ""
        else:
            values[field.name] = "" if value is None else str(value)
    breaks = {break_.after_level: break_ for break_ in structure.breaks}
    rows = []
    for level in structure.levels:
        break_ = breaks.get(level.number)
        rows.append(
            [
                str(level.minutes),
                str(level.small_blind),
                str(level.big_blind),
                str(level.ante) if level.ante else "",
                str(level.bb_ante) if level.bb_ante else "",
                "" if break_ is None else str(break_.minutes),
                "" if break_ is None else ", ".join(str(v) for v in break_.colour_up),
            ]
        )
    values |= _columns(LEVEL_COLUMNS, rows)
    chips = [[str(chip.value), chip.colour_fr, chip.colour_en] for chip in structure.chips]
    return values | _columns(CHIP_COLUMNS, chips)


def _columns(columns: tuple[tuple[str, str], ...], rows: list[list[str]]) -> dict[str, Any]:
    return {name: [row[index] for row in rows] for index, (name, _label) in enumerate(columns)}


def rows_of(fields: StructureFields, columns: tuple[tuple[str, str], ...]) -> list[list[str]]:
    """The table's rows (a column sent short, by a hand-made request, reads as blank)."""
    lists = [getattr(fields, name) for name, _label in columns]
    count = max((len(items) for items in lists), default=0)
    return [[items[i] if i < len(items) else "" for items in lists] for i in range(count)]


Fields = TypeVar("Fields", bound=StructureFields)


def edited(fields: Fields) -> Fields:
    """The form after the editor's button that was pressed (add or remove a row)."""
    levels = rows_of(fields, LEVEL_COLUMNS)
    chips = rows_of(fields, CHIP_COLUMNS)
    if fields.add_level and len(levels) < MAX_LEVELS:
        # A new level usually lasts as long as the one before it.
        levels.append([levels[-1][0] if levels else "20", "", "", "", "", "", ""])
    if fields.add_chip and len(chips) < MAX_DENOMINATIONS:
        chips.append(["", "", ""])
    for rows, pressed in ((levels, fields.remove_level), (chips, fields.remove_chip)):
        if ascii_digits(pressed) and 1 <= int(pressed) <= len(rows):
            del rows[int(pressed) - 1]
    update = _columns(LEVEL_COLUMNS, levels) | _columns(CHIP_COLUMNS, chips)
    update |= {"add_level": "", "remove_level": "", "add_chip": "", "remove_chip": ""}
    return fields.model_copy(update=update)


def _clean(text: str) -> str:
    return compact(text, _GROUPING)


def whole_field(
    text: str, what: str, *, required: bool = False, minimum: int = 0, maximum: int = MAX_CHIPS
) -> int:
    """The whole number typed for ``what`` (a translated label), from ``minimum`` to
    ``maximum`` (the structure's bounds, ``tournament.limits``); blank is 0 unless
    ``required``."""
    if not _clean(text):
        if required:
            raise Refusal(i18n.gettext("%(what)s is missing.", what=what))
        return 0
    number = whole_number(text, separators=_GROUPING)
    if number is None or not minimum <= number <= maximum:
        raise Refusal(
            i18n.gettext(
                "%(what)s: enter a whole number from %(minimum)s to %(maximum)s, not “%(value)s”.",
                what=what,
                minimum=i18n.format_number(minimum),
                maximum=i18n.format_number(maximum),
                value=text.strip()[:40],
            )
        )
    return number


def optional_field(
    text: str, what: str, *, minimum: int = 0, maximum: int = MAX_CHIPS
) -> int | None:
    """The whole number typed for ``what``, or None when left blank (no limit)."""
    if not _clean(text):
        return None
    return whole_field(text, what, minimum=minimum, maximum=maximum)


def cents_field(text: str, what: str) -> int:
    """An amount of money typed for ``what`` (20 or 12,50), in cents; blank is 0."""
    return _cents(text, what)


def _cents(text: str, what: str) -> int:
    cleaned = _clean(text)
    if not cleaned:
        return 0
    match = _MONEY.fullmatch(cleaned)
    if match is None:
        raise Refusal(
            i18n.gettext(
                "%(what)s: enter an amount such as 20 or 12,50, not “%(value)s”.",
                what=what,
                value=text,
            )
        )
    # Any "." or "," left of the cents groups thousands (1.000,50 and 1,000.50 both work).
    units = int(re.sub(r"[.,]", "", match.group(1)))
    cents = units * 100 + int((match.group(2) or "0").ljust(2, "0"))
    if cents > MAX_CENTS:
        raise Refusal(
            i18n.gettext(
                "%(what)s: enter an amount of at most %(maximum)s, not “%(value)s”.",
                what=what,
                maximum=i18n.format_cents(MAX_CENTS),
                value=text.strip()[:40],
            )
        )
    return cents


# The bounds of each kind of entry field (tournament.limits); "level" is checked against the
# structure's own levels by the structure itself.
_ENTRY_BOUNDS = {
    "chips": (0, MAX_CHIPS),
    "level": (0, MAX_LEVELS),
    "minutes": (0, LATE_REGISTRATION_MINUTES_MAX),
    "optional": (1, MAX_ENTRIES_PER_PLAYER),
}


def _entry(fields: StructureFields) -> EntryRules:
    """The entry rules typed; a ``Refusal`` names every wrong entry at once."""
    values: dict[str, Any] = {}
    wrong: list[str] = []
    for field in ENTRY_FIELDS:
        try:
            values[field.target] = _entry_value(field, getattr(fields, field.name))
        except Refusal as refusal:
            wrong.append(refusal.message)
    if wrong:
        raise Refusal(" ".join(wrong))
    return EntryRules(**values)


def _entry_value(field: EntryField, text: str) -> Any:
    what = i18n.gettext(field.label)
    if field.kind == "money":
        return _cents(text, what)
    if field.kind == "flag":
        return bool(text)
    low, high = _ENTRY_BOUNDS[field.kind]
    if field.kind == "optional":
        return optional_field(text, what, minimum=low, maximum=high)
    required = field.name == "starting_stack"
    return whole_field(text, what, required=required, minimum=1 if required else low, maximum=high)


def collect(*steps: Callable[[], Any]) -> tuple[list[Any], list[str]]:
    """Run each step, keeping its result or its refusal: a form names every wrong part at
    once (a refused step's result is None)."""
    results: list[Any] = []
    wrong: list[str] = []
    for step in steps:
        try:
            results.append(step())
        except Refusal as refusal:
            results.append(None)
            wrong.append(refusal.message)
    return results, wrong


def _levels(fields: StructureFields) -> tuple[list[Level], list[Break]]:
    rows = rows_of(fields, LEVEL_COLUMNS)
    # Rows left empty at the end (the minutes aside) are rows added and not used.
    while rows and not any(cell.strip() for cell in rows[-1][1:]):
        rows.pop()
    levels: list[Level] = []
    breaks: list[Break] = []
    for number, row in enumerate(rows, start=1):
        cells = dict(zip((name for name, _label in LEVEL_COLUMNS), row, strict=True))

        def what(column: str, number: int = number) -> str:
            label = dict(LEVEL_COLUMNS)[column]
            return i18n.gettext(
                "Level %(n)s, %(column)s", n=number, column=i18n.gettext(label).lower()
            )

        levels.append(
            Level(
                number=number,
                small_blind=whole_field(
                    cells["small_blind"], what("small_blind"), required=True, minimum=1
                ),
                big_blind=whole_field(
                    cells["big_blind"], what("big_blind"), required=True, minimum=1
                ),
                ante=whole_field(cells["ante"], what("ante")),
                bb_ante=whole_field(cells["bb_ante"], what("bb_ante")),
                minutes=whole_field(
                    cells["level_minutes"],
                    what("level_minutes"),
                    required=True,
                    minimum=1,
                    maximum=LEVEL_MINUTES_MAX,
                ),
            )
        )
        if cells["break_minutes"].strip() or cells["colour_up"].strip():
            removed = [value for value in re.split(r"[,;\s]+", cells["colour_up"]) if value]
            breaks.append(
                Break(
                    after_level=number,
                    minutes=whole_field(
                        cells["break_minutes"],
                        what("break_minutes"),
                        required=True,
                        maximum=BREAK_MINUTES_MAX,
                    ),
                    colour_up=tuple(
                        whole_field(value, what("colour_up"), minimum=1) for value in removed
                    ),
                )
            )
    return levels, breaks


def _chips(fields: StructureFields) -> list[ChipDenomination]:
    chips = []
    for position, (value, colour_fr, colour_en) in enumerate(
        rows_of(fields, CHIP_COLUMNS), start=1
    ):
        if not (value.strip() or colour_fr.strip() or colour_en.strip()):
            continue  # a chip row added and left empty
        what = i18n.gettext("Chip %(n)s, value", n=position)
        chips.append(
            ChipDenomination(
                whole_field(value, what, required=True, minimum=1),
                colour_fr.strip(),
                colour_en.strip(),
            )
        )
    return chips


def structure_of(fields: StructureFields) -> Structure:
    """The structure the table describes; a ``Refusal`` names every entry that is wrong (the
    levels, the chips and the entry rules each; then the structure as a whole)."""
    (levels_and_breaks, chips, entry), wrong = collect(
        lambda: _levels(fields), lambda: _chips(fields), lambda: _entry(fields)
    )
    if wrong:
        raise Refusal(" ".join(wrong))
    levels, breaks = levels_and_breaks
    try:
        return Structure(
            name=fields.structure_name.strip(),
            chips=tuple(chips),
            levels=tuple(levels),
            breaks=tuple(breaks),
            entry=entry,
        )
    except PokerfloorError as error:
        sentence = i18n.gettext("The structure is refused: %(message)s", message=reason_text(error))
        raise Refusal(RefusalText(sentence, error.code)) from None


# ---- the editor as the template shows it -------------------------------------------------


def editor_context(fields: StructureFields, editor_error: str | None = None) -> dict[str, Any]:
    entry = [(field, getattr(fields, field.name)) for field in ENTRY_FIELDS]
    return {
        "fields": fields,
        "entry_fields": entry,
        "level_columns": LEVEL_COLUMNS,
        "chip_columns": CHIP_COLUMNS,
        "level_rows": _cells(fields, LEVEL_COLUMNS),
        "chip_rows": _cells(fields, CHIP_COLUMNS),
        "editor_error": editor_error,
        "max_rows": MAX_ROWS,
        "last_bounty_labels": LAST_BOUNTY_LABELS,
        "format_labels": _format_labels(),
    }


def _cells(
    fields: StructureFields, columns: tuple[tuple[str, str], ...]
) -> list[list[tuple[str, str, str]]]:
    """Each row's cells as (field name, column label, value), for the template."""
    return [
        [(name, label, value) for (name, label), value in zip(columns, row, strict=True)]
        for row in rows_of(fields, columns)
    ]


def _format_labels() -> dict[str, dict[str, str]]:
    """The satellite's and flight's choices (imported here: _format_setup imports this)."""
    from pokerfloor.web.pages.td._format_setup import FORMAT_LABELS

    return FORMAT_LABELS
