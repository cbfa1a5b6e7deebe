"""The captain's "call the floor": a note and, optionally, the dealing irregularity (a
``pokerfloor.floor`` situation) with its facts, so the TD sees the floor's suggested ruling
next to the call (``_floor_suggestion.py``). The routes are in ``captain.py``.

The phone's form names the facts ``f_<fact>`` and their situation ``facts_for``; picking a
situation fetches its facts (htmx, ``call_facts_fragment``). Without JavaScript the call goes
with the situation alone and the TD's suggestion uses the facts' defaults (the answer is then
the outcome's line alone, as for the captain's other forms).
"""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends, Request
from fastapi.responses import HTMLResponse, Response

from pokerfloor.app.commands import CallFloor
from pokerfloor.floor import SITUATIONS
from pokerfloor.web import i18n
from pokerfloor.web.pages.common._common import (
    Pages,
    flash,
    locale_of,
    pages_of,
    render_fragment,
    run_form,
)
from pokerfloor.web.pages.floor._floor_calls import open_calls
from pokerfloor.web.pages.floor._floor_situations import (
    bad_situation_text,
    fact_inputs,
    facts_from_form,
    situation_title,
)

__all__ = ["MAX_FIELD", "MAX_REASON", "Fields", "call_facts_fragment", "captain_call"]

MAX_REASON = 200
MAX_FIELD = 2000  # a posted field longer than this is cut: nothing we accept is that long


async def read_fields(request: Request) -> dict[str, str]:
    """The posted form as a plain mapping (its fields depend on the situation picked)."""
    form = await request.form()
    return {key: value[:MAX_FIELD] for key, value in form.items() if isinstance(value, str)}


Fields = Annotated[dict[str, str], Depends(read_fields)]


def captain_call(
    request: Request, pages: Pages, tournament_id: str, table_no: int, fields: dict[str, str]
) -> Response:
    already = any(call.table_no == table_no for call in open_calls(pages.service, tournament_id))
    reason = " ".join(fields.get("reason", "").split())[:MAX_REASON]
    situation = fields.get("situation", "")
    with i18n.use_locale(locale_of(request)):
        facts: dict[str, object] = {}
        if situation:
            if situation not in SITUATIONS:
                return flash(request, error=bad_situation_text(situation))
            facts, errors = facts_from_form(situation, fields)
            if errors:
                return flash(request, error=" ".join(errors))
        error = run_form(
            request, tournament_id, CallFloor,
            table_no=table_no, reason=reason, situation=situation, facts=facts,
        )  # fmt: skip
        if error is not None:
            return flash(request, error=error)
        if already:
            return flash(
                request, done=i18n.gettext("The floor is already called: the TD sees your call.")
            )
        if situation:
            return flash(
                request,
                done=i18n.gettext(
                    "The floor is called for “%(situation)s”: the TD sees your call with the "
                    "suggested ruling.",
                    situation=situation_title(situation),
                ),
            )
        return flash(request, done=i18n.gettext("The floor is called: the TD sees your call."))


def call_facts_fragment(request: Request, situation: str) -> Response:
    """The picked situation's facts as the phone's form fields (none for "not named")."""
    language = locale_of(request)
    with i18n.use_locale(language):
        facts = fact_inputs(situation, {}) if situation in SITUATIONS else []
    html = render_fragment(
        "captain_call_facts.html",
        language,
        pages_of(request),
        situation=situation if situation in SITUATIONS else "",
        facts=facts,
    )
    return HTMLResponse(html)
