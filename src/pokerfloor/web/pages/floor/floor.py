"""The floor calculator (TD only): a betting situation in, the ruling of the rulebook out.

The TD describes the table (blinds, stacks), the actions so far on the street and the disputed
action (what the player said, the chips pushed, out of turn or not); the hand engine plays the
situation with the chosen rule profile and the page shows its ruling, the amount the player is
bound to and the profile's articles. "Compare the rulebooks" plays the same situation with
every bundled profile, side by side. ``/t/{id}/floor`` starts from the tournament's profile
and current level; ``/floor`` from a profile the TD picks. Nothing is recorded.

The form and its validation are in ``_floor_form.py``, the presets in ``_floor_presets.py``,
the engine's rulings and their translation in ``_floor_rulings.py``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Request
from fastapi.responses import HTMLResponse, Response

from pokerfloor.rules import Lang, bundled_profile_ids, load_profile
from pokerfloor.web import i18n
from pokerfloor.web.i18n import N_
from pokerfloor.web.pages.common._common import (
    PageError,
    Pages,
    locale_of,
    pages_of,
    render,
    render_fragment,
    require_td,
)
from pokerfloor.web.pages.common._live import LiveView, live_view
from pokerfloor.web.pages.floor._floor_form import SEAT_ROWS, FormState, SeatRow, validate
from pokerfloor.web.pages.floor._floor_presets import PRESETS
from pokerfloor.web.pages.floor._floor_rulings import Situation, Verdict, rule

__all__ = ["PRESETS", "FormState", "Situation", "Verdict", "router", "rule"]

router = APIRouter()

KIND_LABELS = {
    "fold": N_("fold"), "check": N_("check"), "call": N_("call"),
    "bet": N_("bet"), "raise": N_("raise"), "allin": N_("all in"),
}  # fmt: skip
SAY_LABELS = {
    "": N_("Nothing (silent)"),
    "fold": N_("“Fold”"),
    "check": N_("“Check”"),
    "call": N_("“Call”"),
    "raise": N_("“Raise” (no amount)"),
    "raise_to": N_("“Raise to N” / “Bet N”"),
    "allin": N_("“All in”"),
}
STREET_LABELS = {
    "preflop": N_("Pre-flop"), "flop": N_("Flop"), "turn": N_("Turn"), "river": N_("River"),
}  # fmt: skip


async def read_fields(request: Request) -> dict[str, str]:
    """The posted form as a plain mapping, so that the handlers stay plain ``def``."""
    form = await request.form()
    return {key: value for key, value in form.items() if isinstance(value, str)}


Fields = Annotated[dict[str, str], Depends(read_fields)]


# ---- the pages ------------------------------------------------------------------------------


def _profiles(also: str) -> list[dict[str, str]]:
    """The profiles to choose from: the bundled ones, and a tournament's house profile."""
    lang: Lang = "en" if i18n.current_locale() == "en" else "fr"
    ids = bundled_profile_ids() + ([also] if also and also not in bundled_profile_ids() else [])
    return [{"id": pid, "title": load_profile(pid).title(lang)} for pid in ids]


def _tournament(pages: Pages, tournament_id: str) -> dict[str, Any]:
    """The tournament's profile, level now (at a break, the next) and chips in play."""
    service = pages.service
    if not service.exists(tournament_id):
        raise PageError(404, N_("There is no such tournament."))
    screen = service.clock_screen(tournament_id)
    level = screen["level"] or screen["next_level"]
    number = screen["level_number"]
    chips = service.read(tournament_id, lambda t: t.structure).chips_at(number)
    chip = min((c.value for c in chips), default=1)
    average = screen["average_stack"] or 100 * int(level["big_blind"] if level else 200)
    return {
        "id": tournament_id,
        "profile": service.summary(tournament_id)["profile"],
        "level": level,
        "level_number": number,
        "in_break": screen["in_break"],
        "chips": chips,
        "smallest_chip": chip,
        "stack": max(chip, average - average % chip),
    }


def _form_context(state: FormState, tournament: dict[str, Any] | None) -> dict[str, Any]:
    context: dict[str, Any] = {
        "state": state,
        "profiles": _profiles(state.profile),
        "presets": list(PRESETS.values()),
        "kinds": KIND_LABELS,
        "says": SAY_LABELS,
        "streets": STREET_LABELS,
        "seat_numbers": range(1, SEAT_ROWS + 1),
    }
    if tournament is not None:  # base.html shows the tournament's nav when this is set
        context.update(tournament_id=tournament["id"], tournament=tournament)
    return context


def _page(request: Request, state: FormState, tournament: dict[str, Any] | None) -> Response:
    with i18n.use_locale(locale_of(request)):
        context = _form_context(state, tournament)
    return render(request, "floor.html", **context)


def _form(request: Request, state: FormState, tournament: dict[str, Any] | None) -> Response:
    """The form alone (it replaces itself) and an emptied ruling: it was for another situation."""
    language = locale_of(request)
    with i18n.use_locale(language):
        context = _form_context(state, tournament)
    pages = pages_of(request)
    html = render_fragment("floor_form.html", language, pages, clear_result=True, **context)
    return HTMLResponse(html)


def _posted_tournament(request: Request, fields: Mapping[str, str]) -> dict[str, Any] | None:
    tournament_id = fields.get("tournament_id", "")
    pages = pages_of(request)
    return _tournament(pages, tournament_id) if pages.service.exists(tournament_id) else None


@router.get("/floor")
def floor_page(request: Request, profile: str = "") -> Response:
    require_td(request)
    chosen = profile if profile in bundled_profile_ids() else bundled_profile_ids()[0]
    state = FormState(chosen, seats=[SeatRow("", "20000") for _ in range(6)])
    return _page(request, state, None)


@router.get("/t/{tournament_id}/floor")
def tournament_floor_page(request: Request, tournament_id: str) -> Response:
    require_td(request)
    tournament = _tournament(pages_of(request), tournament_id)
    stacks = [SeatRow("", str(tournament["stack"])) for _ in range(6)]
    state = FormState(tournament["profile"], seats=stacks)
    state.use_level(tournament["level"], tournament["smallest_chip"])
    return _page(request, state, tournament)


@router.post("/floor/preset/{key}")
def floor_preset(request: Request, key: str, fields: Fields) -> Response:
    """The form filled with a preset; the profile and "compare" stay as the TD set them."""
    require_td(request)
    preset = PRESETS.get(key)
    if preset is None:
        raise PageError(404, N_("There is no such preset."))
    typed = FormState.from_fields(fields)
    tournament = _posted_tournament(request, fields)
    profile = typed.profile if _allowed(typed.profile, tournament) else "tda-2024"
    return _form(request, preset.state(profile, typed.compare), tournament)


@router.post("/t/{tournament_id}/floor/level")
def floor_use_level(request: Request, tournament_id: str, fields: Fields) -> Response:
    """The form as typed, with the blinds and smallest chip of the tournament's level now."""
    require_td(request)
    tournament = _tournament(pages_of(request), tournament_id)
    state = FormState.from_fields(fields)
    state.use_level(tournament["level"], tournament["smallest_chip"])
    return _form(request, state, tournament)


def _allowed(profile: str, tournament: dict[str, Any] | None) -> bool:
    """A bundled profile, or the tournament's own (a house profile): never a path typed in."""
    return profile in bundled_profile_ids() or (
        tournament is not None and tournament["profile"] == profile
    )


@router.post("/floor/ruling")
def floor_ruling(request: Request, fields: Fields) -> Response:
    """The ruling of the chosen profile (and of every bundled one when comparing)."""
    require_td(request)
    language = locale_of(request)
    state = FormState.from_fields(fields)
    tournament = _posted_tournament(request, fields)
    verdicts: list[Verdict] = []
    with i18n.use_locale(language):
        if not _allowed(state.profile, tournament):
            outcome: Situation | list[str] = [i18n.gettext("Choose one of the rule profiles.")]
        else:
            outcome = validate(state)
        if isinstance(outcome, Situation):
            others = [p for p in bundled_profile_ids() if p != state.profile]
            chosen = [state.profile] + (others if state.compare else [])
            verdicts = [rule(outcome, profile) for profile in chosen]
    html = render_fragment(
        "floor_result.html",
        language,
        pages_of(request),
        errors=[] if isinstance(outcome, Situation) else outcome,
        verdicts=verdicts,
        compare=state.compare,
        kinds=KIND_LABELS,
        streets=STREET_LABELS,
        start_street=state.street,
    )
    return HTMLResponse(html)


def _render_level(pages: Pages, tournament_id: str, language: str, params: dict[str, str]) -> str:
    with i18n.use_locale(language):
        tournament = _tournament(pages, tournament_id)
    return render_fragment("floor_level.html", language, pages, tournament=tournament)


# The level changes with the clock as well as with events: pushed every second.
live_view("floor", LiveView(render=_render_level, td_only=True, every_second=True))
