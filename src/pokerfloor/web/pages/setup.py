"""The tournament set-up page (TD only): ``/new`` creates a tournament, and
``/t/{id}/structure.toml`` gives any tournament's structure as a file.

The TD picks a rule profile (the panel beside it shows what the profile decides for the event,
each setting with its citation), starts the structure from a bundled template, an earlier
tournament or an imported TOML file, edits the entry terms and the levels in a table, and
creates the tournament. The table is the single source: the page turns it into a
``Structure`` (so a mistake is refused with the field named, before anything is sent), writes
it as TOML with ``dump_structure`` and sends ``create_tournament`` with that text.

Payouts are not chosen here: a structure file has no prize section (an unknown key is refused)
and ``create_tournament`` has no field for them, so a choice made here could not be stored; the
``finish`` command takes them at the end (docs/pages/setup.md).
"""

from __future__ import annotations

import contextlib
import re
from dataclasses import dataclass
from typing import Annotated, Any, cast

from fastapi import APIRouter, File, Form, Request, UploadFile
from fastapi.responses import Response
from pydantic import BaseModel, Field

from pokerfloor.errors import PokerfloorError
from pokerfloor.rules import Lang, bundled_profile_ids, load_profile, setting_spec
from pokerfloor.tournament.structure import (
    Break,
    ChipDenomination,
    EntryRules,
    Level,
    Structure,
    bundled_structures,
    dump_structure,
    load_structure,
)
from pokerfloor.web import i18n
from pokerfloor.web.i18n import N_
from pokerfloor.web.pages._common import (
    PageError,
    locale_of,
    pages_of,
    redirect,
    render,
    require_td,
    run,
)

__all__ = ["router"]

router = APIRouter()

DEFAULT_TEMPLATE = "club-evening"
DEFAULT_PROFILE = "tda-2024"
REFERENCE_PROFILE = "tda-2024"  # the rulebook the others are compared with on the panel
FROM_TOURNAMENT = "tournament:"  # a template choice that copies an earlier tournament
MAX_ROWS = 100  # levels or chips; far above any real structure, well under the form limits
MAX_TOML_BYTES = 100_000  # create_tournament accepts a structure text this long
_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.\-]{0,63}")
_WHOLE = re.compile(r"\d{1,15}")
_MONEY = re.compile(r"(\d[\d.,]{0,15}?)(?:[.,](\d{1,2}))?")
_SPACES = re.compile(r"[\s\u00a0\u202f']")

# The profile's settings a TD needs before the start, in the order a TD meets them.
PROFILE_KEYS = (
    "final_table.size",
    "balancing.threshold",
    "balancing.halt_when_short_by",
    "balancing.moved_player",
    "balancing.destination_seat",
    "busts.same_table",
    "busts.hand_for_hand_tables",
    "hand_for_hand.seconds_off_per_hand",
    "late_registration.until_end_of_level",
    "late_registration.until_minutes_after_start",
    "late_registration.absent_seat_released",
    "seating.late_entrant_seat",
    "seating.first_button",
    "rebuy.stack_threshold",
    "rebuy.declaration_binding",
    "rebuy.extra_hands_after_period",
    "chip_race.starts_at",
    "chip_race.rounding",
    "chip_race.max_chips_per_player",
    "chip_race.cannot_be_raced_out",
    "tournament.heads_up_transition",
    "hand.begins_at",
    "penalties.ladder",
    "deals.allowed",
)

Short = Annotated[str, Field(max_length=100)]
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
    reentry_until_level: Short = ""
    max_reentries: Short = ""
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


class SetupFields(StructureFields):
    """The whole set-up form."""

    tournament_id: Short = ""
    profile: Short = DEFAULT_PROFILE
    table_size: Short = "9"
    max_players: Short = ""
    template: Short = DEFAULT_TEMPLATE


@dataclass(frozen=True)
class EntryField:
    name: str  # the form field
    label: str  # English source, translated in the template
    kind: str  # chips, money, level, minutes, optional, flag
    target: str  # the EntryRules field


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


def edited(fields: SetupFields) -> SetupFields:
    """The form after the editor's button that was pressed (add or remove a row)."""
    levels = rows_of(fields, LEVEL_COLUMNS)
    chips = rows_of(fields, CHIP_COLUMNS)
    if fields.add_level and len(levels) < MAX_ROWS:
        # A new level usually lasts as long as the one before it.
        levels.append([levels[-1][0] if levels else "20", "", "", "", "", "", ""])
    if fields.add_chip and len(chips) < MAX_ROWS:
        chips.append(["", "", ""])
    for rows, pressed in ((levels, fields.remove_level), (chips, fields.remove_chip)):
        if pressed.isdigit() and 1 <= int(pressed) <= len(rows):
            del rows[int(pressed) - 1]
    update = _columns(LEVEL_COLUMNS, levels) | _columns(CHIP_COLUMNS, chips)
    update |= {"add_level": "", "remove_level": "", "add_chip": "", "remove_chip": ""}
    return fields.model_copy(update=update)


def _clean(text: str) -> str:
    return _SPACES.sub("", text)


def _whole(text: str, what: str, *, required: bool = False) -> int:
    cleaned = _clean(text)
    if not cleaned:
        if required:
            raise Refusal(i18n.gettext("%(what)s is missing.", what=what))
        return 0
    if not _WHOLE.fullmatch(cleaned):
        raise Refusal(
            i18n.gettext("%(what)s: enter a whole number, not “%(value)s”.", what=what, value=text)
        )
    return int(cleaned)


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
    return units * 100 + int((match.group(2) or "0").ljust(2, "0"))


def _entry(fields: StructureFields) -> EntryRules:
    values: dict[str, Any] = {}
    for field in ENTRY_FIELDS:
        text: str = getattr(fields, field.name)
        what = i18n.gettext(field.label)
        if field.kind == "money":
            values[field.target] = _cents(text, what)
        elif field.kind == "flag":
            values[field.target] = bool(text)
        elif field.kind == "optional":
            values[field.target] = _whole(text, what) if _clean(text) else None
        else:
            values[field.target] = _whole(text, what, required=field.name == "starting_stack")
    return EntryRules(**values)


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
                small_blind=_whole(cells["small_blind"], what("small_blind"), required=True),
                big_blind=_whole(cells["big_blind"], what("big_blind"), required=True),
                ante=_whole(cells["ante"], what("ante")),
                bb_ante=_whole(cells["bb_ante"], what("bb_ante")),
                minutes=_whole(cells["level_minutes"], what("level_minutes"), required=True),
            )
        )
        if cells["break_minutes"].strip() or cells["colour_up"].strip():
            removed = [value for value in re.split(r"[,;\s]+", cells["colour_up"]) if value]
            breaks.append(
                Break(
                    after_level=number,
                    minutes=_whole(cells["break_minutes"], what("break_minutes"), required=True),
                    colour_up=tuple(_whole(value, what("colour_up")) for value in removed),
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
                _whole(value, what, required=True), colour_fr.strip(), colour_en.strip()
            )
        )
    return chips


def structure_of(fields: StructureFields) -> Structure:
    """The structure the table describes; a ``Refusal`` names the entry that is wrong."""
    levels, breaks = _levels(fields)
    try:
        return Structure(
            name=fields.structure_name.strip(),
            chips=tuple(_chips(fields)),
            levels=tuple(levels),
            breaks=tuple(breaks),
            entry=_entry(fields),
        )
    except PokerfloorError as error:
        raise Refusal(
            i18n.gettext(
                "The structure is refused (%(code)s): %(message)s",
                code=error.code,
                message=error.message,
            )
        ) from None


def parse_structure_file(data: bytes, filename: str) -> Structure:
    """An uploaded structure file; a ``Refusal`` quotes the parser's reason."""
    if not data.strip():
        raise Refusal(i18n.gettext("Choose a structure file (.toml) first."))
    if len(data) > MAX_TOML_BYTES:
        raise Refusal(
            i18n.gettext("%(file)s is too large for a structure file.", file=filename or "?")
        )
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise Refusal(
            i18n.gettext("%(file)s is not a text file (UTF-8).", file=filename or "?")
        ) from None
    try:
        # Never a template name or a path: with a line break load_structure reads it as TOML.
        return load_structure(text if "\n" in text else text + "\n")
    except PokerfloorError as error:
        raise Refusal(
            i18n.gettext(
                "%(file)s is refused (%(code)s): %(message)s",
                file=filename or "?",
                code=error.code,
                message=error.message,
            )
        ) from None


# ---- what the page shows ------------------------------------------------------------------


@dataclass(frozen=True)
class ProfileRow:
    label: str
    meaning: str
    citations: tuple[str, ...]
    differs: bool  # from the reference rulebook


def profile_context(profile_id: str, language: str) -> dict[str, Any]:
    lang = cast(Lang, language)
    profile = load_profile(profile_id) if profile_id in bundled_profile_ids() else None
    if profile is None:
        return {
            "profile_error": i18n.gettext(
                "There is no rule profile “%(profile)s”.", profile=profile_id
            )
        }
    reference = load_profile(REFERENCE_PROFILE)
    rows = []
    for key in PROFILE_KEYS:
        spec = setting_spec(key)
        setting = profile.setting(key)
        rows.append(
            ProfileRow(
                spec.label(lang),
                spec.explain(setting.value, lang),
                setting.citations,
                profile.id != reference.id and setting.value != reference.setting(key).value,
            )
        )
    return {
        "profile_id": profile.id,
        "profile_title": profile.title(lang),
        "reference_title": reference.title(lang),
        "profile_rows": rows,
    }


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
    }


def _cells(
    fields: StructureFields, columns: tuple[tuple[str, str], ...]
) -> list[list[tuple[str, str, str]]]:
    """Each row's cells as (field name, column label, value), for the template."""
    return [
        [(name, label, value) for (name, label), value in zip(columns, row, strict=True)]
        for row in rows_of(fields, columns)
    ]


def source_structure(request: Request, choice: str) -> Structure:
    """A bundled template, or the structure of an earlier tournament (``tournament:<id>``)."""
    if choice.startswith(FROM_TOURNAMENT):
        service = pages_of(request).service
        tournament_id = choice.removeprefix(FROM_TOURNAMENT)
        with contextlib.suppress(PokerfloorError):  # unknown (or unreadable): said below
            return service.tournament(tournament_id).structure
    elif choice in bundled_structures():
        return load_structure(choice)
    raise Refusal(i18n.gettext("There is no structure “%(name)s”.", name=choice))


def page(
    request: Request, fields: SetupFields, error: str | None = None, status: int = 200
) -> Response:
    language = locale_of(request)
    lang = cast(Lang, language)
    service = pages_of(request).service
    with i18n.use_locale(language):
        profiles = [(pid, load_profile(pid).title(lang)) for pid in bundled_profile_ids()]
        context = profile_context(fields.profile, language) | editor_context(fields)
    return render(
        request,
        "setup.html",
        status=status,
        error=error,
        profiles=profiles,
        templates=bundled_structures(),
        earlier=service.tournament_ids(),
        from_tournament=FROM_TOURNAMENT,
        **context,
    )


# ---- routes -------------------------------------------------------------------------------


@router.get("/new")
def new_tournament(
    request: Request, template: str = DEFAULT_TEMPLATE, profile: str = DEFAULT_PROFILE
) -> Response:
    require_td(request)
    language = locale_of(request)
    error = None
    # The form's fields are bounded; a longer choice is no template or profile anyway.
    template, profile = template[:100], profile[:100]
    with i18n.use_locale(language):
        try:
            structure = source_structure(request, template)
        except Refusal as refusal:
            error, template = refusal.message, DEFAULT_TEMPLATE
            structure = load_structure(DEFAULT_TEMPLATE)
    fields = SetupFields(template=template, profile=profile, **fields_from(structure, language))
    return page(request, fields, error)


@router.get("/new/profile")
def profile_panel(request: Request, profile: str = DEFAULT_PROFILE) -> Response:
    require_td(request)
    language = locale_of(request)
    with i18n.use_locale(language):
        context = profile_context(profile, language)
    return render(request, "setup_profile.html", **context)


@router.get("/new/template")
def template_editor(request: Request, template: str = DEFAULT_TEMPLATE) -> Response:
    require_td(request)
    language = locale_of(request)
    with i18n.use_locale(language):
        try:
            fields = StructureFields(**fields_from(source_structure(request, template), language))
            error = None
        except Refusal as refusal:
            fields, error = StructureFields(), refusal.message
    return render(request, "setup_editor.html", **editor_context(fields, error))


@router.post("/new/editor")
def edit_table(request: Request, fields: Annotated[SetupFields, Form()]) -> Response:
    require_td(request)
    return render(request, "setup_editor.html", **editor_context(edited(fields)))


@router.post("/new/import")
def import_structure(
    request: Request, structure_file: Annotated[UploadFile | None, File()] = None
) -> Response:
    require_td(request)
    language = locale_of(request)
    filename = (structure_file.filename or "") if structure_file else ""
    data = structure_file.file.read(MAX_TOML_BYTES + 1) if structure_file else b""
    with i18n.use_locale(language):
        try:
            structure = parse_structure_file(data, filename)
        except Refusal as refusal:
            if request.headers.get("HX-Request") != "true":
                return page(request, SetupFields(), refusal.message, status=422)
            return render(request, "setup_import.html", import_error=refusal.message)
        fields = SetupFields(template="", **fields_from(structure, language))
        done = i18n.gettext(
            "Imported “%(file)s”: check the table below, then create the tournament.",
            file=filename,
        )
    if request.headers.get("HX-Request") != "true":
        return page(request, fields)
    return render(request, "setup_import.html", import_done=done, **editor_context(fields))


@router.post("/new")
def create_tournament(request: Request, fields: Annotated[SetupFields, Form()]) -> Response:
    require_td(request)
    htmx = request.headers.get("HX-Request") == "true"
    tournament_id = fields.tournament_id.strip()
    with i18n.use_locale(locale_of(request)):
        try:
            error = _create(request, tournament_id, fields)
        except Refusal as refusal:
            error = refusal.message
    if error is None:
        desk = f"/t/{tournament_id}/desk"
        # htmx follows HX-Redirect with a full page load; a plain form post follows the 303.
        return Response(headers={"HX-Redirect": desk}) if htmx else redirect(desk)
    if htmx:
        return render(request, "_flash.html", error=error)
    return page(request, fields, error, status=422)


def _create(request: Request, tournament_id: str, fields: SetupFields) -> str | None:
    if not _ID.fullmatch(tournament_id):
        return i18n.gettext(
            "The tournament id is 1 to 64 letters, digits, dashes, underscores or dots, "
            "starting with a letter or a digit."
        )
    if pages_of(request).service.exists(tournament_id):
        return i18n.gettext(
            "There is already a tournament “%(id)s”: choose another id.", id=tournament_id
        )
    table_size = _whole(fields.table_size, i18n.gettext("Seats per table"), required=True)
    if not 2 <= table_size <= 10:
        return i18n.gettext("A table has 2 to 10 seats.")
    max_players = None
    if _clean(fields.max_players):
        max_players = _whole(fields.max_players, i18n.gettext("Maximum players"))
        if max_players < 2:
            return i18n.gettext("The maximum number of players is at least 2 (or blank).")
    text = dump_structure(structure_of(fields))
    if len(text.encode()) > MAX_TOML_BYTES:
        return i18n.gettext("This structure is too large.")
    return run(
        request,
        tournament_id,
        "create_tournament",
        tournament_id=tournament_id,
        profile=fields.profile,
        structure=text,
        table_size=table_size,
        max_players=max_players,
    )


@router.get("/t/{tournament_id}/structure.toml")
def structure_file(request: Request, tournament_id: str) -> Response:
    """Public: the structure is what the clock screen shows anyway."""
    service = pages_of(request).service
    try:
        structure = service.tournament(tournament_id).structure
    except PokerfloorError:
        raise PageError(404, N_("There is no such tournament.")) from None
    # The id passed the id pattern at creation: safe inside the header.
    disposition = f'attachment; filename="{tournament_id}-structure.toml"'
    return Response(
        dump_structure(structure),
        media_type="application/toml; charset=utf-8",
        headers={"Content-Disposition": disposition},
    )
