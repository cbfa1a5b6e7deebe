"""The club's own settings page (issue 26, docs/club.md): card types (name, fees, validities,
events admitted) or no cards at all, the cancellation deadline, the sanction ladder and the
fine, the waiting-list deposit, the desk and late-entry times, the minimum age, the currency
and the time zone. One form; a refused form names every wrong field and keeps what was typed;
a change is one ``club_settings_changed`` with the old and new values, listed below the form.
"""

from __future__ import annotations

from typing import Any

import msgspec
from fastapi import APIRouter, Request
from fastapi.responses import Response
from starlette.concurrency import run_in_threadpool
from starlette.datastructures import FormData

from pokerfloor.app.club_commands import ChangeSettings
from pokerfloor.club.events import ClubSettingsChanged, SettingChange
from pokerfloor.club.settings import (
    CARD_PERIODS,
    CURRENCIES,
    EVENT_KINDS,
    LADDER_STEPS,
    RULEBOOKS,
    SETTING_BOUNDS,
    CardType,
    ClubSettings,
    settings_problems,
)
from pokerfloor.rules import bundled_profile_ids
from pokerfloor.web import i18n
from pokerfloor.web.i18n import N_
from pokerfloor.web.pages.club._club_common import back, club_of, club_render, club_run
from pokerfloor.web.pages.club._club_forms import WHOLE, Fields
from pokerfloor.web.pages.club.club import KIND_LABELS
from pokerfloor.web.pages.club.club_members import STEP_LABELS
from pokerfloor.web.pages.common._common import locale_of

__all__ = ["router"]

router = APIRouter()

LABELS = {
    "name": N_("Club name"),
    "currency": N_("Currency"),
    "time_zone": N_("Time zone"),
    "minimum_age": N_("Minimum age"),
    "cancellation_deadline_hours": N_("Cancellation deadline (hours before the start)"),
    "ladder": N_("Sanction ladder"),
    "fine": N_("Fine"),
    "waiting_deposit": N_("Waiting-list deposit"),
    "desk_opens_minutes": N_("Cash desk opens (minutes before the start)"),
    "validations_close_minutes": N_("Validations close (minutes before the start)"),
    "late_entry_minutes": N_("Late entries (minutes after the start)"),
    "event_hours": N_("An event lasts (hours)"),
    "cards": N_("Card types"),
    "rulebook": N_("Rulebook cited"),
    "event_profile": N_("Rule profile of new events"),
}
# The rulebooks a club may cite ("": its own rules, no article).
RULEBOOK_LABELS = {
    "": N_("none: the club's own rules"),
    "heavenpoker": N_("Heavenpoker (rulebook 002)"),
}
CHOICE = N_("one of the choices offered")
ACCEPTED = N_("accepted: %(accepted)s")
CHANGE = N_("%(setting)s: %(old)s → %(new)s")
CARD_ROW = N_(
    "card %(row)s: a code of letters, digits, “.”, “_” or “-” and a name of 1 to 60 characters"
)
CARD_PERIOD_NEEDED = N_("card %(row)s: tick at least one validity")
LADDER_NEEDED = N_("at least one step")
CURRENCY_CHOICE = N_("one of %(accepted)s")
PERIOD_LABELS = {"year": N_("calendar year"), "half_year": N_("six months")}
# Time zones offered (any IANA name is accepted).
ZONES = (
    "Europe/Paris", "Europe/Zurich", "Europe/Brussels", "Europe/Luxembourg", "Europe/Monaco",
    "Europe/London", "America/Montreal", "Indian/Reunion", "America/Martinique",
    "America/Guadeloupe", "America/Cayenne", "Pacific/Noumea", "Pacific/Tahiti",
)  # fmt: skip
LADDER_SLOTS = 5
MAX_CARD_ROWS = 20
_WHOLE_FIELDS = (
    "minimum_age", "cancellation_deadline_hours", "desk_opens_minutes",
    "validations_close_minutes", "late_entry_minutes", "event_hours",
)  # fmt: skip


def _amount_text(cents: int) -> str:
    return f"{cents // 100},{cents % 100:02d}" if cents % 100 else str(cents // 100)


def form_of(settings: ClubSettings) -> dict[str, Any]:
    """The form's values from the club's settings (what the page shows first)."""
    values: dict[str, Any] = {name: str(getattr(settings, name)) for name in _WHOLE_FIELDS}
    values.update(
        name=settings.name,
        currency=settings.currency,
        time_zone=settings.time_zone,
        rulebook=settings.rulebook,
        event_profile=settings.event_profile,
        fine=_amount_text(settings.fine_cents),
        waiting_deposit=_amount_text(settings.waiting_deposit_cents),
        waiting_list_needs_presence=settings.waiting_list_needs_presence,
        cards_required=settings.cards_required,
        ladder=list(settings.ladder)[:LADDER_SLOTS],
        cards=[
            {
                "code": c.code, "name": c.name, "yearly": _amount_text(c.yearly_fee_cents),
                "half": _amount_text(c.half_year_fee_cents), "periods": list(c.periods),
                "admits": list(c.admits),
            }
            for c in settings.card_types
        ],
    )  # fmt: skip
    return values


def _typed(form: FormData) -> dict[str, Any]:
    """The form's values as typed (shown again after a refusal)."""
    values: dict[str, Any] = {
        name: str(form.get(name, ""))[:200]
        for name in (
            "name",
            "currency",
            "time_zone",
            "fine",
            "waiting_deposit",
            *_WHOLE_FIELDS,
        )
    }
    for name in ("rulebook", "event_profile"):  # a form without them keeps the club's
        values[name] = str(form[name])[:64] if name in form else None
    values["waiting_list_needs_presence"] = form.get("waiting_list_needs_presence") == "yes"
    values["cards_required"] = form.get("cards_required") == "yes"
    values["ladder"] = [str(form.get(f"step_{i}", "")) for i in range(LADDER_SLOTS)]
    cards = []
    for i in range(MAX_CARD_ROWS + 1):
        code = str(form.get(f"card_code_{i}", "")).strip()[:40]
        name = str(form.get(f"card_name_{i}", "")).strip()[:100]
        if not code and not name:
            continue
        cards.append(
            {
                "code": code, "name": name,
                "yearly": str(form.get(f"card_yearly_{i}", ""))[:40],
                "half": str(form.get(f"card_half_{i}", ""))[:40],
                "periods": [str(p) for p in form.getlist(f"card_periods_{i}")],
                "admits": [str(k) for k in form.getlist(f"card_admits_{i}")],
                "remove": form.get(f"card_remove_{i}") == "yes",
            }
        )  # fmt: skip
    values["cards"] = cards
    return values


def _settings_of(typed: dict[str, Any], old: ClubSettings, fields: Fields) -> ClubSettings:
    """The settings the form asks for; what cannot be read is noted in ``fields``."""
    currency = typed["currency"] if typed["currency"] in CURRENCIES else old.currency
    if typed["currency"] not in CURRENCIES:
        fields.fail("currency", i18n.gettext(CURRENCY_CHOICE, accepted=", ".join(CURRENCIES)))
    whole = {name: fields.whole(name, typed[name], *SETTING_BOUNDS[name]) for name in _WHOLE_FIELDS}
    high = SETTING_BOUNDS["fine_cents"][1]
    fine = fields.amount("fine", typed["fine"], high, currency)
    deposit = fields.amount("waiting_deposit", typed["waiting_deposit"], high, currency)
    rulebook = old.rulebook if typed["rulebook"] is None else typed["rulebook"]
    if rulebook not in RULEBOOKS:
        fields.fail("rulebook", i18n.gettext(CHOICE))
        rulebook = old.rulebook
    profile = old.event_profile if typed["event_profile"] is None else typed["event_profile"]
    if profile not in bundled_profile_ids():
        fields.fail("event_profile", i18n.gettext(CHOICE))
        profile = old.event_profile
    ladder = tuple(step for step in typed["ladder"] if step)
    if not ladder:
        fields.fail("ladder", i18n.gettext(LADDER_NEEDED))
    cards: list[CardType] = []
    for row, card in enumerate(typed["cards"], start=1):
        if card["remove"]:
            continue
        yearly = fields.amount("cards", card["yearly"], high, currency)
        half = fields.amount("cards", card["half"], high, currency)
        if not card["periods"]:
            fields.fail("cards", i18n.gettext(CARD_PERIOD_NEEDED, row=row))
        cards.append(
            CardType(
                card["code"], card["name"], yearly, half, tuple(card["admits"]),
                tuple(card["periods"]) or CARD_PERIODS,
            )
        )  # fmt: skip
    return ClubSettings(
        name=fields.text("name", typed["name"], 100, required=True),
        card_types=tuple(cards),
        cards_required=typed["cards_required"],
        ladder=ladder or old.ladder,
        fine_cents=fine,
        waiting_deposit_cents=deposit,
        waiting_list_needs_presence=typed["waiting_list_needs_presence"],
        utc_offset_minutes=old.utc_offset_minutes,
        currency=currency,
        time_zone=typed["time_zone"].strip(),
        rulebook=rulebook,
        event_profile=profile,
        **whole,
    )


# The label of each setting in the list of changes (the form's, or its own).
CHANGE_LABELS = {
    **LABELS,
    "fine_cents": LABELS["fine"],
    "waiting_deposit_cents": LABELS["waiting_deposit"],
    "card_types": LABELS["cards"],
    "cards_required": N_("Card needed"),
    "waiting_list_needs_presence": N_("Presence for the waiting list"),
    "utc_offset_minutes": N_("Offset from UTC (minutes)"),
}
YES, NO = N_("yes"), N_("no")


def _change_text(change: SettingChange, currency: str) -> str:
    """One setting changed, in the page's language: its label, the old and the new value."""
    label = i18n.gettext(CHANGE_LABELS.get(change.field, change.field))
    return i18n.gettext(
        CHANGE, setting=label, old=_value_text(change.field, change.old, currency),
        new=_value_text(change.field, change.new, currency),
    )  # fmt: skip


def _value_text(field: str, text: str, currency: str) -> str:
    """A setting's value (as ``club_settings_changed`` keeps it) as the page shows it."""
    if field == "rulebook" and text in RULEBOOK_LABELS:
        return i18n.gettext(RULEBOOK_LABELS[text])
    if field.endswith("_cents") and text.lstrip("-").isdigit():
        return i18n.format_cents(int(text), currency)  # the club's currency now
    if text in ("true", "false"):
        answer = YES if text == "true" else NO
        return i18n.gettext(answer)
    if field in ("ladder", "card_types"):
        try:
            items = msgspec.json.decode(text)
        except msgspec.DecodeError:
            return text
        if field == "ladder":
            return ", ".join(i18n.gettext(STEP_LABELS.get(str(s), str(s))) for s in items)
        return ", ".join(str(card.get("name", "")) for card in items if isinstance(card, dict))
    return text


def _problem_field(field: str) -> str:
    """The form's field of a core setting's name."""
    if field.startswith("card_types"):
        return "cards"
    return {"fine_cents": "fine", "waiting_deposit_cents": "waiting_deposit"}.get(field, field)


def _check(typed: dict[str, Any], old: ClubSettings) -> tuple[ClubSettings, Fields]:
    fields = Fields(LABELS)
    new = _settings_of(typed, old, fields)
    for row, card in enumerate(new.card_types, start=1):
        problems = settings_problems(ClubSettings("x", card_types=(card,)))
        if any(
            p.field.endswith((".name", ".code")) or p.field == "card_types.code" for p in problems
        ):
            fields.fail("cards", i18n.gettext(CARD_ROW, row=row))
    for problem in settings_problems(new):
        name = _problem_field(problem.field)
        if problem.low is not None and problem.high is not None:
            message = i18n.gettext(WHOLE, low=problem.low, high=problem.high, value=problem.value)
        else:
            message = i18n.gettext(ACCEPTED, accepted=problem.accepted)
        fields.fail(name, message)
    return new, fields


def _page(
    request: Request,
    club_id: str,
    error: str | None = None,
    values: dict[str, Any] | None = None,
    field_errors: dict[str, str] | None = None,
) -> Response:
    club = club_of(request, club_id).club(club_id)
    shown = values or form_of(club.settings)
    changed = [e for e in club.events if isinstance(e, ClubSettingsChanged)][-10:]
    with i18n.use_locale(locale_of(request)):
        changes = [
            (event.at_ms, [_change_text(c, club.settings.currency) for c in event.changes])
            for event in reversed(changed)
        ]
    return club_render(
        request, "club_settings.html", club, error, values=shown,
        field_errors=field_errors or {}, currencies=CURRENCIES, zones=ZONES,
        ladder_steps=LADDER_STEPS, step_labels=STEP_LABELS, ladder_slots=LADDER_SLOTS,
        kinds=[(kind, KIND_LABELS[kind]) for kind in EVENT_KINDS],
        periods=PERIOD_LABELS, labels=LABELS, changes=changes,
        rulebooks=RULEBOOK_LABELS, profiles=bundled_profile_ids(),
    )  # fmt: skip


@router.get("/club/{club_id}/settings")
def settings_page(request: Request, club_id: str) -> Response:
    return _page(request, club_id)


@router.post("/club/{club_id}/settings")
async def change_settings(request: Request, club_id: str) -> Response:
    form = await request.form(max_files=0, max_fields=400)
    typed = _typed(form)
    return await run_in_threadpool(_change, request, club_id, typed)


def _change(request: Request, club_id: str, typed: dict[str, Any]) -> Response:
    clubs = club_of(request, club_id)
    old = clubs.read(club_id, lambda club: club.settings)
    with i18n.use_locale(locale_of(request)):
        new, fields = _check(typed, old)
        if fields.errors:
            return _page(request, club_id, fields.summary(), typed, fields.errors)
    error = club_run(request, club_id, ChangeSettings, settings=msgspec.to_builtins(new))
    if error:
        return _page(request, club_id, error, typed)
    return back(f"/club/{club_id}/settings", "settings")
