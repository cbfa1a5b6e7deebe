"""The floor calculator's dealing irregularities (TD only): a situation of ``pokerfloor.floor``
picked from a short list, its facts (at most five selects and checkboxes), and the ruling on
top: the decision, the procedure step by step and the articles, then every bundled profile's
ruling side by side.

A plain GET form: it works without JavaScript (a new situation is shown with its defaults, its
ruling at once); with htmx a change rules again in place (``hx-select`` keeps the page's own
markup, the address follows with ``hx-push-url``). ``/t/{id}/floor/irregularities`` rules with
the tournament's profile (a house profile included); ``/floor/irregularities`` with the profile
the TD picks. Nothing is recorded. The form and the views are in ``_floor_situations.py``; the
betting disputes stay on ``/floor`` (``floor.py``).
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import Response

from pokerfloor.errors import PokerfloorError
from pokerfloor.floor import SITUATIONS, rule, rule_everywhere
from pokerfloor.rules import RuleProfile, bundled_profile_ids, load_profile
from pokerfloor.web import i18n
from pokerfloor.web.pages.common._common import (
    locale_of,
    render,
    require_td,
    rules_language,
    tournament_service,
)
from pokerfloor.web.pages.floor._floor_situations import (
    RulingView,
    bad_situation_text,
    fact_inputs,
    facts_from_form,
    refusal_of,
    situation_choices,
)

__all__ = ["router"]

router = APIRouter()


def _title(profile: RuleProfile) -> str:
    return profile.title(rules_language(i18n.current_locale()))


def _context(fields: dict[str, str], profile: RuleProfile, offered: list[str]) -> dict[str, Any]:
    """The form as sent and the rulings: the chosen profile's, then every bundled one's."""
    errors: list[str] = []
    situation = fields.get("situation", "")
    if situation not in SITUATIONS:
        if situation:
            errors.append(bad_situation_text(situation))
        situation = next(iter(SITUATIONS))
        fields = {}
    facts, refused = facts_from_form(situation, fields)
    errors += refused
    chosen: RulingView | None = None
    others: list[RulingView] = []
    if not errors:
        try:
            ruling = rule(profile, situation, facts)
            everywhere = rule_everywhere(situation, facts)
        except PokerfloorError as error:
            errors.append(refusal_of(error))
        else:
            chosen = RulingView(ruling, _title(profile))
            others = [
                RulingView(other, _title(load_profile(pid)), other.decision != ruling.decision)
                for pid, other in everywhere.items()
            ]
    return {
        "situation": situation,
        "situations": situation_choices(),
        "facts": fact_inputs(situation, facts),
        "profile": profile.id,
        "profile_title": _title(profile),
        "profiles": [{"id": pid, "title": _title(load_profile(pid))} for pid in offered],
        "errors": errors,
        "chosen": chosen,
        "rulings": others,
    }


@router.get("/floor/irregularities")
def irregularities_page(request: Request) -> Response:
    require_td(request)
    fields = dict(request.query_params)
    offered = bundled_profile_ids()
    profile_id = fields.get("profile", "")
    chosen = profile_id if profile_id in offered else offered[0]
    with i18n.use_locale(locale_of(request)):
        context = _context(fields, load_profile(chosen), offered)
        if profile_id and profile_id != chosen:
            context["errors"].insert(0, i18n.gettext("Choose one of the rule profiles."))
    return render(request, "floor_irregularities.html", **context)


@router.get("/t/{tournament_id}/floor/irregularities")
def tournament_irregularities_page(request: Request, tournament_id: str) -> Response:
    """With the tournament's own profile: a house profile is ruled as the event plays it."""
    service = tournament_service(request, tournament_id, td_only=True)
    profile = service.read(tournament_id, lambda t: t.profile)
    fields = dict(request.query_params)
    with i18n.use_locale(locale_of(request)):
        context = _context(fields, profile, [])
    return render(
        request,
        "floor_irregularities.html",
        tournament_id=tournament_id,
        **context,
    )
