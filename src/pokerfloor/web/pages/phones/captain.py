"""The table captains' pages (dealerless clubs): a phone page per table, reached by a signed
link, to report the end of a hand, busts, to call the floor and, at a colour-up, to race the
table's odd chips (the TD's list of those links with the open floor calls: td/captains.py).

The captain's link carries ``captain_key`` (an HMAC of the tournament and the table): it opens
that table only, whoever holds it (a captain moved to another table keeps the link of the table
they captain). Floor calls are events (``call_floor``, ``answer_floor_call``); the TD's pages
share their badge and list (_floor_calls.py, templates/_floor_calls.html).
"""

from __future__ import annotations

import hashlib
import hmac
from typing import Annotated, Any

from fastapi import APIRouter, Form, Path, Request
from fastapi.responses import Response

from pokerfloor.app.commands import (
    BustPlayers,
    CallFloor,
    ChipRace,
    RecordHand,
)
from pokerfloor.app.public_view import public_seating_chart
from pokerfloor.errors import PokerfloorError
from pokerfloor.web import i18n
from pokerfloor.web.pages.common._bounty_form import eliminated_by
from pokerfloor.web.pages.common._common import (
    PageError,
    Pages,
    captain_key,
    flash,
    locale_of,
    pages_of,
    render,
    render_fragment,
    run,
    tournament_service,
)
from pokerfloor.web.pages.common._forms import ascii_digits
from pokerfloor.web.pages.common._live import LiveView, live_view
from pokerfloor.web.pages.floor._floor_calls import (
    FloorCall,
    minutes_waited,
    open_calls,
)
from pokerfloor.web.pages.floor._floor_situations import situation_choices
from pokerfloor.web.pages.phones._captain_addons import captain_addons
from pokerfloor.web.pages.phones._captain_call import Fields, call_facts_fragment, captain_call
from pokerfloor.web.pages.phones._captain_report import (
    bad_hand_number,
    bad_seat_number,
    bust_done_text,
    hand_report,
    starting_stacks,
)
from pokerfloor.web.pages.phones._player_clock_view import table_clock
from pokerfloor.web.pages.td.chiprace import captain_chip_race, odd_chips_from_form, race_done_text

__all__ = [
    "MAX_SEATS",
    "FloorCall",
    "captain_url",
    "fingerprint",
    "open_calls",
    "router",
    "table_of",
]

router = APIRouter()

TableNoPath = Annotated[int, Path(ge=1, le=10_000)]
MAX_SEATS = 10  # the most seats a table has (commands.SeatNo)

BAD_KEY = i18n.N_(
    "This captain link is not valid for this table. Ask the TD for the link of your table."
)
LINK_ENDED = i18n.N_("The tournament is over: the captains' links no longer open the tables.")
NO_CHIP_RACE = i18n.N_("No chip race now: the chip race is done during the break of a colour-up.")
NO_HAND = i18n.N_(
    "There is no hand to report at this table now (break, table closed, or no button yet)."
)


# ---- keys and links ------------------------------------------------------------------------


def _key_fits(pages: Pages, tournament_id: str, table_no: int, key: str) -> bool:
    """The table's current key, while the tournament is on (a finished tournament's links
    open nothing any more)."""
    if not key or not pages.service.exists(tournament_id):
        return False
    if pages.service.read(tournament_id, lambda t: t.finished is not None):
        return False
    return hmac.compare_digest(key.encode(), captain_key(pages, tournament_id, table_no).encode())


def _captain_pages(request: Request, tournament_id: str, table_no: int, key: str) -> Pages:
    """The pages' state once the key is checked (403 on a wrong or missing key)."""
    pages = pages_of(request)
    service = tournament_service(request, tournament_id)  # 404 for a tournament that is not
    if service.read(tournament_id, lambda t: t.finished is not None):
        raise PageError(403, LINK_ENDED)
    if not _key_fits(pages, tournament_id, table_no, key):
        raise PageError(403, BAD_KEY)
    return pages


def captain_url(base_url: str, pages: Pages, tournament_id: str, table_no: int) -> str:
    """The full link of a table's captain page."""
    key = captain_key(pages, tournament_id, table_no)
    return f"{base_url.rstrip('/')}/t/{tournament_id}/table/{table_no}?key={key}"


def fingerprint(html: str) -> str:
    """A live section's ``data-state``: the page leaves a section whose fingerprint did not
    change alone (templates/captain_keep.html), so a form being filled is not reset."""
    return hashlib.sha256(str(html).encode()).hexdigest()[:16]


# ---- the captain's page --------------------------------------------------------------------


def table_of(chart: dict[str, Any], table_no: int) -> dict[str, Any] | None:
    for table in chart["tables"]:
        if table["table_no"] == table_no and table["seats"]:
            found: dict[str, Any] = table
            return found
    return None


def _captain_context(pages: Pages, tournament_id: str, table_no: int) -> dict[str, Any]:
    service = pages.service
    clock = service.clock_screen(tournament_id)
    # The captain's link is passed around the table: the public chart (no floor call's text).
    chart = public_seating_chart(service.seating_chart(tournament_id))
    table = table_of(chart, table_no)
    next_hand = table["next_hand"] if table else None
    seats = table["seats"] if table else []
    roles: dict[int, list[str]] = {}
    if next_hand is not None:
        for role, seat in (
            ("button", next_hand["button_seat"]),
            ("small_blind", next_hand["small_blind_seat"]),
            ("big_blind", next_hand["big_blind_seat"]),
        ):
            if seat is not None:
                roles.setdefault(seat, []).append(role)
    dealt_in = [s for s in seats if next_hand and s["seat_no"] not in next_hand["waiting"]]
    call = next(
        (
            FloorCall(c["table_no"], c["table_no"], c["at_ms"], c["reason"])
            for c in chart["floor_calls"]
            if c["table_no"] == table_no
        ),
        None,
    )
    return {
        "tournament_id": tournament_id,
        "table_no": table_no,
        "key": captain_key(pages, tournament_id, table_no),
        "clock": clock,
        "now_ms": clock["now_ms"],
        "finished": clock["status"] == "finished",
        "table": table,
        "seats": seats,
        "next_hand": next_hand,
        "roles": roles,
        "dealt_in": dealt_in,
        # The button the TD can confirm sits with a player (move_button refuses an empty seat).
        "other_seats": sorted(
            s["seat_no"]
            for s in (table["seats"] if table else [])
            if next_hand is None or s["seat_no"] != next_hand["button_seat"]
        ),
        "halted": table_no in chart["halted_tables"],
        "moves": [
            move
            for move in chart["moves_to_confirm"]
            if table_no in (move["from_table"], move["to_table"])
        ],
        "call": call,
        "call_minutes": minutes_waited(clock["now_ms"], call.at_ms) if call else 0,
        "fingerprint": fingerprint,
        # "Bust + rebuy" is offered while a rebuy is possible at the table's level.
        "rebuys_open": _rebuys_open(pages, tournament_id, seats),
        "chip_race": captain_chip_race(service, tournament_id, table_no),
        "pc": table_clock(service, tournament_id, table_no),  # the player clock
        "addons": captain_addons(service, tournament_id, seats, clock),  # the add-on window
        "call_situations": situation_choices,  # called while rendering: in its language
    }


def _rebuys_open(pages: Pages, tournament_id: str, seats: list[dict[str, Any]]) -> bool:
    if not seats:
        return False
    now = pages.service.clock()
    player_id = seats[0]["player_id"]
    return pages.service.read(tournament_id, lambda t: t.desk.rebuys_open(player_id, now))


def _render_captain_live(
    pages: Pages, tournament_id: str, language: str, params: dict[str, str]
) -> str:
    table_no = _table_param(params)
    context = _captain_context(pages, tournament_id, table_no)
    return render_fragment("captain_live.html", language, pages, **context)


def _table_param(params: dict[str, str]) -> int:
    text = params.get("table", "")
    fits = ascii_digits(text) and len(text) <= 5
    return int(text) if fits and 1 <= int(text) <= 10_000 else 0


def _captain_allowed(pages: Pages, tournament_id: str, params: dict[str, str]) -> bool:
    table_no = _table_param(params)
    return table_no > 0 and _key_fits(pages, tournament_id, table_no, params.get("key", ""))


live_view(
    "captain",
    LiveView(render=_render_captain_live, every_second=True, allowed=_captain_allowed),
)


@router.get("/t/{tournament_id}/table/{table_no}")
def captain_page(
    request: Request, tournament_id: str, table_no: TableNoPath, key: str = ""
) -> Response:
    pages = _captain_pages(request, tournament_id, table_no, key)
    context = _captain_context(pages, tournament_id, table_no)
    return render(request, "captain.html", **context)


def _next_button(pages: Pages, tournament_id: str, table_no: int) -> dict[str, Any] | None:
    table = table_of(pages.service.seating_chart(tournament_id), table_no)
    return table["next_hand"] if table else None


FormList = Annotated[list[str] | None, Form()]


@router.post("/t/{tournament_id}/table/{table_no}/hand")
def hand_finished(
    request: Request,
    tournament_id: str,
    table_no: TableNoPath,
    hand_no: Annotated[str, Form(max_length=20)] = "",
    button_seat: Annotated[str, Form(max_length=20)] = "",
    shown_button: Annotated[str, Form(max_length=20)] = "",
    player: FormList = None,
    stack: FormList = None,
    busted: FormList = None,
    stack_player: FormList = None,
    start_stack: FormList = None,
    then: Annotated[str, Form(max_length=20)] = "",
    key: str = "",
    knockout: FormList = None,
) -> Response:
    """Record the table's next hand with the players who busted in it, in one step. Stacks
    the captain left empty are sent unchanged (the stacks at the start of the hand): a
    dealerless table does not count chips every hand. ``busted`` the players ticked, with
    ``start_stack`` their chips at the start of the hand when several bust; ``then``
    ``rebuy``: "bust + rebuy". The button is the one the page showed unless the captain
    chose another seat (``button_seat``)."""
    pages = _captain_pages(request, tournament_id, table_no, key)
    with i18n.use_locale(locale_of(request)):
        table = table_of(pages.service.seating_chart(tournament_id), table_no)
        plan = table["next_hand"] if table else None
        if table is None or plan is None:
            return flash(request, error=i18n.gettext(NO_HAND))
        if not (ascii_digits(hand_no) and len(hand_no) <= 6 and int(hand_no) >= 1):
            return flash(request, error=bad_hand_number(hand_no, plan))
        seat_text = button_seat or shown_button
        wrong_seat = bad_seat_number(seat_text, table["size"])
        if wrong_seat is not None:
            return flash(request, error=wrong_seat)
        reported, seat = int(hand_no), int(seat_text)
        # What the aggregate makes of the button the captain names (tournament/_hand_report.py).
        now = pages.service.clock()
        try:
            check = pages.service.read(
                tournament_id, lambda t: t.hands.button_check(table_no, reported, seat, now)
            )
        except PokerfloorError:
            return flash(request, error=i18n.gettext(NO_HAND))
        if check.verdict == "recorded":
            # A second tap on the same report (the page had not refreshed yet): done already.
            return flash(request, done=_recorded_text(reported, plan))
        ticked = busted or []
        if check.verdict == "button_elsewhere":
            return _button_elsewhere(
                request, tournament_id, table_no, reported, seat, check.expected_button,
                bool(ticked),
            )  # fmt: skip
        report = hand_report(
            table,
            plan,
            (player or [], stack or []),
            ticked,
            (stack_player or [], start_stack or []),
            rebuy=then == "rebuy",
        )
        if isinstance(report, str):
            return flash(request, error=report)
        error = run(
            request,
            tournament_id,
            RecordHand(
                table_no=table_no,
                hand_no=reported,
                final_stacks=report.final_stacks,
                button_seat=seat,
                busted=tuple(report.busted),
                starting_stacks=report.starting_stacks,
                rebuys=tuple(report.rebuys),
                eliminated_by=eliminated_by(knockout, report.ticked, report.rebuys),
            ),
        )
        if error is not None:
            return flash(request, error=error)
        done = _recorded_text(reported, _next_button(pages, tournament_id, table_no))
        if report.ticked:
            players = pages.service.players_list(tournament_id)["players"]
            done += " " + bust_done_text(players, report.ticked, rebuy=bool(report.rebuys))
        return flash(request, done=done)


def _button_elsewhere(
    request: Request,
    tournament_id: str,
    table_no: int,
    hand_no: int,
    seat: int,
    expected: int,
    with_busts: bool,
) -> Response:
    """The captain says the button was on another seat: the TD is called to confirm it (a
    correction of the positions is the TD's ruling); the hand, and its busts, wait for that."""
    reason = i18n.gettext(
        "Hand %(hand)s: the button was on seat %(given)s, pokerfloor expected seat %(expected)s.",
        hand=hand_no,
        given=seat,
        expected=expected,
    )
    error = run(
        request,
        tournament_id,
        CallFloor(table_no=table_no, reason=reason, button_seat=seat, hand_no=hand_no),
    )
    done = i18n.gettext(
        "The TD is called to confirm the button on seat %(given)s (pokerfloor expected "
        "seat %(expected)s). Once confirmed, report hand %(hand)s again.",
        given=seat,
        expected=expected,
        hand=hand_no,
    )
    if with_busts:
        done += " " + i18n.gettext("The busts ticked are not recorded yet: tick them again then.")
    return flash(request, error, done)


def _recorded_text(hand_no: int, next_hand: dict[str, Any] | None) -> str:
    if next_hand is None:
        return i18n.gettext("Hand %(hand)s recorded.", hand=hand_no)
    return i18n.gettext(
        "Hand %(hand)s recorded. The button moves to seat %(seat)s.",
        hand=hand_no,
        seat=next_hand["button_seat"],
    )


@router.post("/t/{tournament_id}/table/{table_no}/bust")
def report_bust(
    request: Request,
    tournament_id: str,
    table_no: TableNoPath,
    busted: FormList = None,
    stack_player: FormList = None,
    start_stack: FormList = None,
    then: Annotated[str, Form(max_length=20)] = "",
    key: str = "",
    knockout: FormList = None,
) -> Response:
    """Busts of the last hand reported at the table, forgotten when it was reported; the
    starting stacks rank them when the captain gives them all (else they tie, as the profile
    says). ``then`` ``rebuy`` ("bust + rebuy"): the ticked players rebuy at once and keep
    their seats."""
    pages = _captain_pages(request, tournament_id, table_no, key)
    with i18n.use_locale(locale_of(request)):
        players = list(dict.fromkeys(busted or []))
        if not players:
            return flash(request, error=i18n.gettext("Tick the players who busted."))
        starting = starting_stacks(players, stack_player or [], start_stack or [])
        if isinstance(starting, str):
            return flash(request, error=starting)
        error = run(
            request,
            tournament_id,
            BustPlayers(
                table_no=table_no,
                players=tuple(players),
                starting_stacks=starting,
                rebuys=tuple(players) if then == "rebuy" else (),
                eliminated_by=eliminated_by(knockout, players, players if then == "rebuy" else []),
            ),
        )
        if error is not None:
            return flash(request, error=error)
        listed = pages.service.players_list(tournament_id)["players"]
        return flash(request, done=bust_done_text(listed, players, rebuy=then == "rebuy"))


@router.post("/t/{tournament_id}/table/{table_no}/chip-race")
def chip_race(
    request: Request,
    tournament_id: str,
    table_no: TableNoPath,
    player: Annotated[list[str] | None, Form()] = None,
    odd: Annotated[list[str] | None, Form()] = None,
    key: str = "",
) -> Response:
    """The table's chip race, during the break of a colour-up, with the odd chips the captain
    counted (tda-2024 R24, heavenpoker 9.24, allinouest §Le chip race). The chips raced are
    the structure's colour-up, never chosen on the phone; a second tap finds it done."""
    pages = _captain_pages(request, tournament_id, table_no, key)
    service = pages.service
    with i18n.use_locale(locale_of(request)):
        race = captain_chip_race(service, tournament_id, table_no)
        if race is None:
            return flash(request, error=i18n.gettext(NO_CHIP_RACE))
        names = {s["player_id"]: s["name"] for s in race["table"]["seats"]}
        if race["race"] is not None:
            return flash(request, done=race_done_text(race["race"]["event"], names))
        counts = odd_chips_from_form(race["table"]["seats"], player or [], odd or [])
        if isinstance(counts, str):
            return flash(request, error=counts)
        error = run(
            request,
            tournament_id,
            ChipRace(
                table_no=table_no,
                removed=race["removed"],
                next_chip=race["next_chip"],
                odd_chips=counts,
            ),
        )
        if error is not None:
            return flash(request, error=error)
        done = captain_chip_race(service, tournament_id, table_no)
        event = done["race"]["event"] if done and done["race"] else None
        return flash(request, done=race_done_text(event, names) if event else "")


@router.post("/t/{tournament_id}/table/{table_no}/call")
def call_floor(
    request: Request, tournament_id: str, table_no: TableNoPath, fields: Fields, key: str = ""
) -> Response:
    """The table calls the TD, with an optional note and, optionally, the dealing
    irregularity and its facts (``_captain_call.py``)."""
    pages = _captain_pages(request, tournament_id, table_no, key)
    return captain_call(request, pages, tournament_id, table_no, fields)


@router.get("/t/{tournament_id}/table/{table_no}/call/facts")
def call_facts(
    request: Request, tournament_id: str, table_no: TableNoPath, situation: str = "", key: str = ""
) -> Response:
    """The facts of the situation the captain picked (htmx swaps them into the call's form;
    without JavaScript the call goes with the situation alone, its facts at their defaults)."""
    _captain_pages(request, tournament_id, table_no, key)
    return call_facts_fragment(request, situation)
