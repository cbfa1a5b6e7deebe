"""The console's deal panel (TD only): at the final table, each player's stack with the ICM
split and the chip chop of the remaining prizes, a button to record the split every player
agreed to, the agreed deal with a button to cancel it; where the rule profile forbids deals
(heavenpoker 8.14), the rule and its citation instead.

The panel is part of the console's live view (``console.board`` adds ``deal_panel``), so the
amounts follow every hand reported. Each button posts the amounts it showed: a hand reported
in between makes the core refuse them as stale (``DEAL_STALE``) rather than record a split
nobody saw. Custom amounts and an amount played for are the API's (docs/api.md).
"""

from __future__ import annotations

from typing import Annotated, Any
from urllib.parse import unquote

from fastapi import APIRouter, Form, Request
from fastapi.responses import Response

from pokerfloor.app.commands import AgreeDeal, CancelDeal, CorrectHand
from pokerfloor.app.service import TournamentService
from pokerfloor.errors import PokerfloorError
from pokerfloor.web.i18n import N_
from pokerfloor.web.pages.common._citations import citations_text
from pokerfloor.web.pages.common._common import flash, refuse, run, say, tournament_service
from pokerfloor.web.pages.common._forms import whole_number
from pokerfloor.web.pages.common._refusals import explain

__all__ = ["deal_panel", "router"]

router = APIRouter()

Text = Annotated[str, Form(max_length=500)]
TextList = Annotated[list[str] | None, Form(max_length=100)]
METHODS = {"icm": N_("ICM"), "chip_chop": N_("chip chop"), "custom": N_("custom amounts")}


def deal_panel(service: TournamentService, tournament_id: str) -> dict[str, Any]:
    """The panel's context (``deal_panel`` None: no panel): shown while the core offers a
    deal (``Deals.offered``), until the finish (the results page shows the deal then)."""
    results = service.results(tournament_id)
    # The core says when (tda-2024 RP-9: once the players left fit the final table).
    if not service.read(tournament_id, lambda t: t.deals.offered()):
        return {"deal_panel": None}
    panel: dict[str, Any] = {"agreed": results["deal"], "proposal": None, "refusal": None}
    if results["deal"] is not None:
        panel["agreed"] = {**results["deal"], "method_label": METHODS[results["deal"]["method"]]}
        return {"deal_panel": panel}
    try:
        proposal = service.deal_proposal(tournament_id)
    except PokerfloorError as error:
        if error.code == "DEAL_STACKS_UNKNOWN":
            panel["count"] = _count_form(service, tournament_id, error.params["table_no"])
        panel["refusal"] = {
            "code": error.code,
            "citations": ", ".join(citations_text(error.params.get("citations", ()))),
            "text": explain(error),
        }
        return {"deal_panel": panel}
    proposal["places"] = len(proposal["payouts_cents"])  # the places paid among them
    panel["proposal"] = proposal
    return {"deal_panel": panel}


def _count_form(service: TournamentService, tournament_id: str, table_no: int) -> dict[str, Any]:
    """What the panel asks for when a bust was reported without stacks: each player's chips,
    counted at the table, adding up to the chips recorded there and those with no known owner
    (``correct_hand`` of the table's last hand records them; then comes the proposal)."""
    chart = service.seating_chart(tournament_id)
    table = next(t for t in chart["tables"] if t["table_no"] == table_no)
    recorded = sum(seat["stack"] for seat in table["seats"])
    return {
        "table_no": table_no,
        "hand_no": table["hands_played"],
        "seats": table["seats"],
        "total": recorded + table["unknown_chips"],
    }


@router.post("/t/{tournament_id}/console/deal/stacks")
def count_stacks(
    request: Request,
    tournament_id: str,
    table_no: Text = "",
    hand_no: Text = "",
    player: TextList = None,
    stack: TextList = None,
) -> Response:
    """The chips counted at the final table for the deal, recorded as a correction of the
    table's last hand (the total must be the chips recorded plus those with no known owner)."""
    tournament_service(request, tournament_id, td_only=True)
    stacks: dict[str, int] = {}
    for player_id, text in zip(player or [], stack or [], strict=False):
        chips = whole_number(text, separators=" .\u202f\u00a0")
        if chips is None or chips < 1:
            return refuse(
                request,
                N_("Enter each player's chips as a whole number of 1 or more, not “%(value)s”."),
                value=text.strip()[:40],
            )
        stacks[player_id] = chips
    table, hand = whole_number(table_no), whole_number(hand_no)
    if not stacks or table is None or hand is None:
        return refuse(request, N_("Enter each player's chips."))
    error = run(
        request,
        tournament_id,
        CorrectHand(
            table_no=table,
            hand_no=hand,
            stacks=stacks,
            reason=say(request, N_("Chips counted at the final table for the deal")),
        ),
    )
    return flash(request, error, say(request, N_("Stacks recorded: the deal proposal follows.")))


@router.post("/t/{tournament_id}/console/deal/agree")
def agree(
    request: Request,
    tournament_id: str,
    method: Text = "",
    player: TextList = None,
    amount: TextList = None,
) -> Response:
    """Record the split the TD showed and every player agreed to (the TD confirmed it in a
    dialogue): ``player`` and ``amount`` are the split as shown, checked again by the core."""
    tournament_service(request, tournament_id, td_only=True)
    if method not in ("icm", "chip_chop"):
        return refuse(request, N_("Choose the ICM split or the chip chop."))
    amounts: dict[str, int] = {}
    for player_id, text in zip(player or [], amount or [], strict=False):
        cents = whole_number(text)
        if cents is None:
            return refuse(request, N_("An amount is a whole number of cents."))
        amounts[player_id] = cents
    error = run(request, tournament_id, AgreeDeal(method=method, amounts_cents=amounts or None))
    done = say(
        request,
        N_("Deal recorded (%(method)s): play goes on, and the finish pays each player's share."),
        method=say(request, METHODS[method]),
    )
    return flash(request, error, done)


@router.post("/t/{tournament_id}/console/deal/cancel")
def cancel(request: Request, tournament_id: str, reason: Text = "") -> Response:
    """Withdraw the deal; the reason comes from the button's prompt (``HX-Prompt``) or a
    form field."""
    tournament_service(request, tournament_id, td_only=True)
    prompted = request.headers.get("HX-Prompt", "")
    if request.headers.get("HX-Prompt-URI-AutoEncoded") == "true":
        # htmx encodes a reason a header cannot carry as such (a euro sign, a curly quote).
        prompted = unquote(prompted)
    given = (prompted or reason).strip()[:500]
    if not given:
        return refuse(request, N_("Say why the deal is cancelled."))
    error = run(request, tournament_id, CancelDeal(reason=given))
    return flash(request, error, say(request, N_("Deal cancelled: the payout table applies.")))
