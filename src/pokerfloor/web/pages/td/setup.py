"""The tournament set-up page (TD only): ``/new`` creates a tournament, and
``/t/{id}/structure.toml`` gives any tournament's structure as a file.

The TD picks a rule profile (the panel beside it shows what the profile decides for the event,
each setting with its citation), starts the structure from a bundled template, an earlier
tournament or an imported TOML file, edits the entry terms and the levels in a table, and
creates the tournament. The table is the single source: the page turns it into a
``Structure`` (so a mistake is refused with the field named, before anything is sent), writes
it as TOML with ``dump_structure`` and sends ``create_tournament`` with that text.

The evening's championship points formula (none by default) is chosen here and sent as
``create_tournament.points``; its fields are the finish form's (``_points_form``). The payout
scheme is chosen here too (``_payouts_form``: the standard table, the club's grid of
percentages, a power or a geometric curve, and the rounding) and sent as
``create_tournament.payouts``, always named (``{"name": "standard"}`` too). The amounts come
from the prize pool collected at the end, and the TD can still enter others when finishing; the
page shows what the scheme would pay for an example field at the table's buy-in. That preview
follows the form: htmx posts it to ``/new/payouts``, which answers with the whole page, and
keeps the preview only (docs/pages/setup.md).
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Annotated, Any

from fastapi import APIRouter, File, Form, Request, UploadFile
from fastapi.responses import Response

from pokerfloor.app.commands import CreateTournament, is_valid_id
from pokerfloor.errors import PokerfloorError
from pokerfloor.rules import bundled_profile_ids, load_profile, setting_spec
from pokerfloor.tournament import prizes
from pokerfloor.tournament.limits import check_table_size
from pokerfloor.tournament.structure import (
    Structure,
    bundled_structures,
    dump_structure,
    load_structure,
)
from pokerfloor.web import i18n
from pokerfloor.web.i18n import N_
from pokerfloor.web.pages.common._citations import citations_text
from pokerfloor.web.pages.common._common import (
    PageError,
    flash,
    locale_of,
    pages_of,
    redirect,
    render,
    require_td,
    rules_language,
    run,
)
from pokerfloor.web.pages.common._dealt_common import choose_dealt_play
from pokerfloor.web.pages.common._forms import FormError
from pokerfloor.web.pages.common._refusals import RefusalText, explain, reason_text
from pokerfloor.web.pages.td._format_setup import (
    day2_flights,
    fields_with_formats,
    structure_with_formats,
)
from pokerfloor.web.pages.td._payouts_form import PayoutsForm
from pokerfloor.web.pages.td._points_form import PointsForm
from pokerfloor.web.pages.td._structure_form import (
    Refusal,
    Short,
    StructureFields,
    collect,
    edited,
    editor_context,
    optional_field,
    whole_field,
)

__all__ = ["router"]

router = APIRouter()

DEFAULT_TEMPLATE = "club-evening"
DEFAULT_PROFILE = "tda-2024"
REFERENCE_PROFILE = "tda-2024"  # the rulebook the others are compared with on the panel
FROM_TOURNAMENT = "tournament:"  # a template choice that copies an earlier tournament
MAX_TOML_BYTES = 100_000  # create_tournament accepts a structure text this long
PREVIEW_ENTRIES = 30  # the example field of the payouts preview (fewer if the maximum is lower)

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


class SetupFields(StructureFields, PointsForm, PayoutsForm):
    """The whole set-up form."""

    tournament_id: Short = ""
    name: Short = ""  # the display name (optional: the id otherwise)
    profile: Short = DEFAULT_PROFILE
    table_size: Short = "9"
    max_players: Short = ""
    template: Short = DEFAULT_TEMPLATE
    dealing: Short = "live"  # or "pokerfloor": cards dealt by pokerfloor (docs/dealt.md)
    day2_of: Short = ""  # a Day 2: its stopped flights' ids (_format_setup.py)


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
        sentence = i18n.gettext(
            "%(file)s is refused: %(message)s", file=filename or "?", message=reason_text(error)
        )
        raise Refusal(RefusalText(sentence, error.code)) from None


# ---- what the page shows ------------------------------------------------------------------


@dataclass(frozen=True)
class ProfileRow:
    label: str
    meaning: str
    citations: tuple[str, ...]
    differs: bool  # from the reference rulebook


def profile_context(profile_id: str, language: str) -> dict[str, Any]:
    lang = rules_language(language)
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
                citations_text(setting.citations),
                profile.id != reference.id and setting.value != reference.setting(key).value,
            )
        )
    return {
        "profile_id": profile.id,
        "profile_title": profile.title(lang),
        "reference_title": reference.title(lang),
        "profile_rows": rows,
    }


def source_structure(request: Request, choice: str) -> Structure:
    """A bundled template, or the structure of an earlier tournament (``tournament:<id>``)."""
    if choice.startswith(FROM_TOURNAMENT):
        service = pages_of(request).service
        tournament_id = choice.removeprefix(FROM_TOURNAMENT)
        with contextlib.suppress(PokerfloorError):  # unknown (or unreadable): said below
            return service.read(tournament_id, lambda t: t.structure)
    elif choice in bundled_structures():
        return load_structure(choice)
    raise Refusal(i18n.gettext("There is no structure “%(name)s”.", name=choice))


def payouts_preview(fields: SetupFields) -> dict[str, Any]:
    """What the chosen scheme would pay for an example field at the table's buy-in (before
    rebuys and add-ons): nothing while the table cannot be read or the pool is empty (a
    freeroll), the refusal when the scheme is wrong. Call it with the page's locale set."""
    try:
        spec = fields.payouts_spec()
        scheme, rounding = prizes.payout_scheme(spec)
    except FormError as error:
        return {"preview_error": error.message}
    except PokerfloorError as error:
        return {"preview_error": explain(error)}
    try:
        structure = structure_with_formats(fields)
        entry = structure.entry
        most = optional_field(fields.max_players, i18n.gettext("Maximum players"))
    except Refusal:
        return {}
    entries = PREVIEW_ENTRIES if most is None or most < 2 else min(PREVIEW_ENTRIES, most)
    # A bounty evening: the bounties are out of the prize pool.
    to_pool = entry.buy_in_cents - (structure.bounty.cents if structure.bounty else 0)
    pool = prizes.prize_pool(entries, 0, 0, to_pool, 0, 0, entry.fee_cents)
    if not pool.total_cents:
        return {}
    return {
        "preview": {
            "entries": entries,
            "buy_in_cents": entry.buy_in_cents,
            "pool_cents": pool.total_cents,
            "amounts": prizes.payout_table(entries, pool.total_cents, scheme, rounding),
        }
    }


def page(
    request: Request, fields: SetupFields, error: str | None = None, status: int = 200
) -> Response:
    language = locale_of(request)
    lang = rules_language(language)
    service = pages_of(request).service
    with i18n.use_locale(language):
        profiles = [(pid, load_profile(pid).title(lang)) for pid in bundled_profile_ids()]
        context = profile_context(fields.profile, language) | editor_context(fields)
        context |= payouts_preview(fields)
    return render(
        request,
        "setup.html",
        status=status,
        error=error,
        profiles=profiles,
        templates=bundled_structures(),
        earlier=service.tournament_ids(),
        from_tournament=FROM_TOURNAMENT,
        points_values=fields.values(),
        payouts_values=fields.payouts_values(),
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
    fields = SetupFields(
        template=template, profile=profile, **fields_with_formats(structure, language)
    )
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
            fields = StructureFields(
                **fields_with_formats(source_structure(request, template), language)
            )
            error = None
        except Refusal as refusal:
            fields, error = StructureFields(), refusal.message
    return render(request, "setup_editor.html", **editor_context(fields, error))


@router.post("/new/editor")
def edit_table(request: Request, fields: Annotated[SetupFields, Form()]) -> Response:
    require_td(request)
    return render(request, "setup_editor.html", **editor_context(edited(fields)))


@router.post("/new/payouts")
def preview_payouts(request: Request, fields: Annotated[SetupFields, Form()]) -> Response:
    """The page as the form stands; htmx keeps only the payouts preview of it."""
    require_td(request)
    return page(request, fields)


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
        fields = SetupFields(template="", **fields_with_formats(structure, language))
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
    if error is None and fields.dealing == "pokerfloor":
        # Cards dealt by pokerfloor, with the profile's times (the TD's dealt page shows them).
        error = choose_dealt_play(request, tournament_id)
    if error is None:
        desk = f"/t/{tournament_id}/desk"
        # htmx follows HX-Redirect with a full page load; a plain form post follows the 303.
        return Response(headers={"HX-Redirect": desk}) if htmx else redirect(desk)
    if htmx:
        return flash(request, error)
    return page(request, fields, error, status=422)


def _create(request: Request, tournament_id: str, fields: SetupFields) -> str | None:
    """Create the tournament, or say what is wrong: every wrong field at once."""
    if fields.day2_of.strip():
        return _create_day2(request, tournament_id, fields)
    (_, table_size, max_players, points, payouts, structure), wrong = collect(
        lambda: _check_id(request, tournament_id),
        lambda: _table_size(fields),
        lambda: _max_players(fields),
        lambda: _form_step(fields.spec),
        lambda: _form_step(fields.payouts_spec),
        lambda: structure_with_formats(fields),
    )
    if wrong:
        return " ".join(wrong)
    text = dump_structure(structure)
    if len(text.encode()) > MAX_TOML_BYTES:
        return i18n.gettext("This structure is too large.")
    return run(
        request,
        tournament_id,
        CreateTournament(
            tournament_id=tournament_id,
            profile=fields.profile,
            structure=text,
            table_size=table_size,
            max_players=max_players,
            points=points,
            payouts=payouts,
            name=fields.name.strip(),
        ),
    )


def _create_day2(request: Request, tournament_id: str, fields: SetupFields) -> str | None:
    """A Day 2 from its flights: their structure and profile, the survivors seated."""
    (_, table_size, points, payouts), wrong = collect(
        lambda: _check_id(request, tournament_id),
        lambda: _table_size(fields),
        lambda: _form_step(fields.spec),
        lambda: _form_step(fields.payouts_spec),
    )
    if wrong:
        return " ".join(wrong)
    return run(
        request,
        tournament_id,
        CreateTournament(
            tournament_id=tournament_id,
            day2_of=tuple(day2_flights(fields.day2_of)[:20]),
            table_size=table_size,
            points=points,
            payouts=payouts,
            name=fields.name.strip(),
        ),
    )


def _check_id(request: Request, tournament_id: str) -> None:
    if not is_valid_id(tournament_id):
        raise Refusal(
            i18n.gettext(
                "The tournament id is 1 to 64 letters, digits, dashes, underscores or dots, "
                "starting with a letter or a digit."
            )
        )
    if pages_of(request).service.exists(tournament_id):
        raise Refusal(
            i18n.gettext(
                "There is already a tournament “%(id)s”: choose another id.", id=tournament_id
            )
        )


def _table_size(fields: SetupFields) -> int:
    table_size = whole_field(fields.table_size, i18n.gettext("Seats per table"), required=True)
    try:
        check_table_size(table_size)
    except PokerfloorError as error:
        raise Refusal(explain(error)) from None
    return table_size


def _max_players(fields: SetupFields) -> int | None:
    max_players = optional_field(fields.max_players, i18n.gettext("Maximum players"))
    if max_players is not None and max_players < 2:
        raise Refusal(i18n.gettext("The maximum number of players is at least 2 (or blank)."))
    return max_players


def _form_step(step: Callable[[], Any]) -> Any:
    """A sub-form's value; its ``FormError`` as a ``Refusal``, to be named with the others."""
    try:
        return step()
    except FormError as error:
        raise Refusal(error.message) from None


@router.get("/t/{tournament_id}/structure.toml")
def structure_file(request: Request, tournament_id: str) -> Response:
    """Public: the structure is what the clock screen shows anyway."""
    service = pages_of(request).service
    try:
        structure = service.read(tournament_id, lambda t: t.structure)
    except PokerfloorError:
        raise PageError(404, N_("There is no such tournament.")) from None
    # The id passed the id pattern at creation: safe inside the header.
    disposition = f'attachment; filename="{tournament_id}-structure.toml"'
    return Response(
        dump_structure(structure),
        media_type="application/toml; charset=utf-8",
        headers={"Content-Disposition": disposition},
    )
