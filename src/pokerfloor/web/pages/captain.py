"""The table captains' pages (dealerless clubs): a phone page per table, reached by a signed
link, to report the end of a hand, busts, to call the floor and, at a colour-up, to race the
table's odd chips; and the TD's list of those links with the open floor calls.

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

from pokerfloor.app.commands import MAX_CHIPS
from pokerfloor.app.public_view import public_seating_chart
from pokerfloor.web import i18n
from pokerfloor.web.pages._common import (
    PageError,
    Pages,
    captain_key,
    flash,
    locale_of,
    pages_of,
    render,
    render_fragment,
    require_td,
    run,
    tournament_service,
)
from pokerfloor.web.pages._floor_calls import (
    FloorCall,
    floor_calls,
    minutes_waited,
    open_calls,
)
from pokerfloor.web.pages._forms import ascii_digits, whole_number
from pokerfloor.web.pages._live import LiveView, live_view
from pokerfloor.web.pages.chiprace import captain_chip_race, odd_chips_from_form, race_done_text
from pokerfloor.web.qr import venue_url

__all__ = ["FloorCall", "captain_url", "open_calls", "router"]

router = APIRouter()

TableNoPath = Annotated[int, Path(ge=1, le=10_000)]
MAX_REASON = 200
# Thousands separators a phone keyboard or a habit may put in a stack (12.000, 12,000), besides
# spaces.
_SEPARATORS = ".,'_"

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
    if pages.service.tournament(tournament_id).finished is not None:
        return False
    return hmac.compare_digest(key.encode(), captain_key(pages, tournament_id, table_no).encode())


def _captain_pages(request: Request, tournament_id: str, table_no: int, key: str) -> Pages:
    """The pages' state once the key is checked (403 on a wrong or missing key)."""
    pages = pages_of(request)
    service = tournament_service(request, tournament_id)  # 404 for a tournament that is not
    if service.tournament(tournament_id).finished is not None:
        raise PageError(403, LINK_ENDED)
    if not _key_fits(pages, tournament_id, table_no, key):
        raise PageError(403, BAD_KEY)
    return pages


def captain_url(base_url: str, pages: Pages, tournament_id: str, table_no: int) -> str:
    """The full link of a table's captain page."""
    key = captain_key(pages, tournament_id, table_no)
    return f"{base_url.rstrip('/')}/t/{tournament_id}/table/{table_no}?key={key}"


def _fingerprint(html: str) -> str:
    """A live section's ``data-state``: the page leaves a section whose fingerprint did not
    change alone (templates/captain_keep.html), so a form being filled is not reset."""
    return hashlib.sha256(str(html).encode()).hexdigest()[:16]


# ---- the captain's page --------------------------------------------------------------------


def _table_of(chart: dict[str, Any], table_no: int) -> dict[str, Any] | None:
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
    table = _table_of(chart, table_no)
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
        "fingerprint": _fingerprint,
        # "Bust + rebuy" is offered while a rebuy is possible at the table's level.
        "rebuys_open": _rebuys_open(pages, tournament_id, seats),
        "chip_race": captain_chip_race(service, tournament_id, table_no),
    }


def _rebuys_open(pages: Pages, tournament_id: str, seats: list[dict[str, Any]]) -> bool:
    if not seats:
        return False
    tournament = pages.service.tournament(tournament_id)
    now = pages.service.clock()
    return tournament.rebuy_period(seats[0]["player_id"], now) == "rebuy" and bool(
        tournament.structure.entry.rebuy_chips
    )


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


def _parse_chips(text: str) -> int | None:
    """A count of chips typed by hand; None when it is not one."""
    value = whole_number(text, separators=_SEPARATORS)
    return value if value is not None and value <= MAX_CHIPS else None


def _seats_of(pages: Pages, tournament_id: str) -> list[dict[str, Any]]:
    return pages.service.players_list(tournament_id)["players"]  # type: ignore[no-any-return]


def _next_button(pages: Pages, tournament_id: str, table_no: int) -> dict[str, Any] | None:
    table = _table_of(pages.service.seating_chart(tournament_id), table_no)
    return table["next_hand"] if table else None


@router.post("/t/{tournament_id}/table/{table_no}/hand")
def hand_finished(
    request: Request,
    tournament_id: str,
    table_no: TableNoPath,
    hand_no: Annotated[str, Form(max_length=20)],
    button_seat: Annotated[str, Form(max_length=20)],
    player: Annotated[list[str] | None, Form()] = None,
    stack: Annotated[list[str] | None, Form()] = None,
    key: str = "",
) -> Response:
    """Record the table's next hand. Stacks the captain left empty are sent unchanged (the
    stacks at the start of the hand): a dealerless table does not count chips every hand."""
    pages = _captain_pages(request, tournament_id, table_no, key)
    with i18n.use_locale(locale_of(request)):
        if not (ascii_digits(hand_no) and ascii_digits(button_seat) and int(hand_no) >= 1):
            return flash(request, error=i18n.gettext("Invalid entry: %(detail)s", detail="?"))
        reported, seat = int(hand_no), int(button_seat)
        table = _table_of(pages.service.seating_chart(tournament_id), table_no)
        plan = table["next_hand"] if table else None
        if table is None or plan is None:
            return flash(request, error=i18n.gettext(NO_HAND))
        if reported == table["hands_played"]:
            # A second tap on the same report (the page had not refreshed yet): done already.
            return flash(request, done=_recorded_text(reported, plan))
        if reported == plan["hand_no"] and seat != plan["button_seat"]:
            return _button_elsewhere(request, tournament_id, table_no, reported, seat, plan)
        final_stacks = {
            s["player_id"]: s["stack"]
            for s in table["seats"]
            if s["seat_no"] not in plan["waiting"]
        }
        names = {s["player_id"]: s["name"] for s in table["seats"]}
        for player_id, text in zip(player or [], stack or [], strict=False):
            if not text.strip() or player_id not in final_stacks:
                continue
            chips = _parse_chips(text)
            if chips is None:
                return flash(
                    request,
                    error=i18n.gettext(
                        "The stack of %(name)s is not a number of chips.",
                        name=names[player_id],
                    ),
                )
            final_stacks[player_id] = chips
        error = run(
            request,
            tournament_id,
            "record_hand",
            table_no=table_no,
            hand_no=reported,
            final_stacks=final_stacks,
            button_seat=seat,
        )
        if error is not None:
            return flash(request, error=error)
        return flash(
            request, done=_recorded_text(reported, _next_button(pages, tournament_id, table_no))
        )


def _button_elsewhere(
    request: Request,
    tournament_id: str,
    table_no: int,
    hand_no: int,
    seat: int,
    plan: dict[str, Any],
) -> Response:
    """The captain says the button was on another seat: the TD is called to confirm it (a
    correction of the positions is the TD's ruling); the hand waits for that."""
    reason = i18n.gettext(
        "Hand %(hand)s: the button was on seat %(given)s, pokerfloor expected seat %(expected)s.",
        hand=hand_no,
        given=seat,
        expected=plan["button_seat"],
    )
    error = run(
        request, tournament_id, "call_floor",
        table_no=table_no, reason=reason, button_seat=seat, hand_no=hand_no,
    )  # fmt: skip
    done = i18n.gettext(
        "The TD is called to confirm the button on seat %(given)s (pokerfloor expected "
        "seat %(expected)s). Once confirmed, report hand %(hand)s again.",
        given=seat,
        expected=plan["button_seat"],
        hand=hand_no,
    )
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
    busted: Annotated[list[str] | None, Form()] = None,
    stack_player: Annotated[list[str] | None, Form()] = None,
    start_stack: Annotated[list[str] | None, Form()] = None,
    then: Annotated[str, Form(max_length=20)] = "",
    key: str = "",
) -> Response:
    """Busts of the last hand reported at the table; the starting stacks rank them when the
    captain gives them all (else they tie, as the profile says). ``then`` ``rebuy`` ("bust +
    rebuy"): the ticked players rebuy at once and keep their seats."""
    pages = _captain_pages(request, tournament_id, table_no, key)
    with i18n.use_locale(locale_of(request)):
        players = list(dict.fromkeys(busted or []))
        if not players:
            return flash(request, error=i18n.gettext("Tick the players who busted."))
        starting: dict[str, int] = {}
        for player_id, text in zip(stack_player or [], start_stack or [], strict=False):
            if player_id in players and text.strip():
                chips = _parse_chips(text)
                if chips is None:
                    return flash(
                        request,
                        error=i18n.gettext("A starting stack is not a number of chips."),
                    )
                starting[player_id] = chips
        error = run(
            request,
            tournament_id,
            "bust_players",
            table_no=table_no,
            players=players,
            starting_stacks=starting,
            rebuys=players if then == "rebuy" else [],
        )
        if error is not None:
            return flash(request, error=error)
        if then == "rebuy":
            names = {p["player_id"]: p["name"] for p in _seats_of(pages, tournament_id)}
            return flash(
                request,
                done=i18n.gettext(
                    "Bust and rebuy recorded: %(names)s keep(s) the seat.",
                    names=", ".join(names.get(p, p) for p in players),
                ),
            )
        listed = pages.service.players_list(tournament_id)["players"]
        places = {p["player_id"]: (p["name"], p["place"]) for p in listed}
        ranked = [
            i18n.gettext("%(name)s (place %(place)s)", name=name, place=place)
            for name, place in (places[player_id] for player_id in players)
        ]
        return flash(
            request, done=i18n.gettext("Bust recorded: %(players)s.", players=", ".join(ranked))
        )


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
            "chip_race",
            table_no=table_no,
            removed=race["removed"],
            next_chip=race["next_chip"],
            odd_chips=counts,
        )
        if error is not None:
            return flash(request, error=error)
        done = captain_chip_race(service, tournament_id, table_no)
        event = done["race"]["event"] if done and done["race"] else None
        return flash(request, done=race_done_text(event, names) if event else "")


@router.post("/t/{tournament_id}/table/{table_no}/call")
def call_floor(
    request: Request,
    tournament_id: str,
    table_no: TableNoPath,
    reason: Annotated[str, Form(max_length=2000)] = "",
    key: str = "",
) -> Response:
    pages = _captain_pages(request, tournament_id, table_no, key)
    already = any(call.table_no == table_no for call in open_calls(pages.service, tournament_id))
    error = run(
        request,
        tournament_id,
        "call_floor",
        table_no=table_no,
        reason=" ".join(reason.split())[:MAX_REASON],
    )
    with i18n.use_locale(locale_of(request)):
        if error is not None:
            return flash(request, error=error)
        if already:
            return flash(
                request, done=i18n.gettext("The floor is already called: the TD sees your call.")
            )
        return flash(request, done=i18n.gettext("The floor is called: the TD sees your call."))


# ---- the TD's list of links and calls ------------------------------------------------------


def _tables_with_links(pages: Pages, tournament_id: str, base_url: str) -> list[dict[str, Any]]:
    chart = pages.service.seating_chart(tournament_id)
    return [
        {
            "table_no": table["table_no"],
            "players": len(table["seats"]),
            "url": captain_url(base_url, pages, tournament_id, table["table_no"]),
        }
        for table in chart["tables"]
        if table["seats"]
    ]


def _captains_context(pages: Pages, tournament_id: str, base_url: str) -> dict[str, Any]:
    tables = _tables_with_links(pages, tournament_id, base_url)
    return {
        "tournament_id": tournament_id,
        "tables": tables,
        "floor": floor_calls(pages.service, tournament_id),
        "fingerprint": _fingerprint,
    }


def _safe_base(text: str) -> str:
    """The site's address the TD's page was opened with (only used to write the links)."""
    fits = text.startswith(("http://", "https://")) and len(text) <= 300
    return text if fits else ""


def _render_captains_live(
    pages: Pages, tournament_id: str, language: str, params: dict[str, str]
) -> str:
    context = _captains_context(pages, tournament_id, _safe_base(params.get("base", "")))
    return render_fragment("captains_live.html", language, pages, **context)


live_view("captains", LiveView(render=_render_captains_live, td_only=True, every_second=True))


@router.get("/t/{tournament_id}/captains")
def captains_page(request: Request, tournament_id: str) -> Response:
    tournament_service(request, tournament_id, td_only=True)
    pages = pages_of(request)
    base_url = venue_url(request)  # the address the phones reach (qr.py)
    context = _captains_context(pages, tournament_id, base_url)
    return render(request, "captains.html", base_url=base_url, **context)


@router.post("/t/{tournament_id}/captains/calls/{call_id}/button")
def confirm_button(
    request: Request,
    tournament_id: str,
    call_id: Annotated[int, Path(ge=1)],
    seat_no: Annotated[str, Form(max_length=20)] = "",
) -> Response:
    """The TD confirms the button a captain reported: the table's hand is dealt from it."""
    require_td(request)
    with i18n.use_locale(locale_of(request)):
        if not ascii_digits(seat_no):
            return flash(request, error=i18n.gettext("Invalid entry: %(detail)s", detail="?"))
        reason = i18n.gettext("Button confirmed by the TD after the captain's call.")
        error = run(
            request, tournament_id, "move_button",
            table_no=call_id, seat_no=int(seat_no), reason=reason,
        )  # fmt: skip
        done = i18n.gettext(
            "Table %(table)s: the button is on seat %(seat)s.", table=call_id, seat=seat_no
        )
        return flash(request, error, done)


@router.post("/t/{tournament_id}/captains/calls/{call_id}/answer")
def answer_call(
    request: Request, tournament_id: str, call_id: Annotated[int, Path(ge=1)]
) -> Response:
    require_td(request)
    error = run(request, tournament_id, "answer_floor_call", table_no=call_id)
    with i18n.use_locale(locale_of(request)):
        if error is not None:
            return flash(request, error=i18n.gettext("This call is already answered."))
        return flash(
            request,
            done=i18n.gettext("Call of table %(table)s answered.", table=call_id),
        )


@router.post("/t/{tournament_id}/captains/{table_no}/renew")
def renew_link(
    request: Request, tournament_id: str, table_no: Annotated[int, Path(ge=1, le=10_000)]
) -> Response:
    """A new captain's link for the table (a lost phone, a new captain): the old key stops
    opening the table; the page shows the new link at once (its live update)."""
    require_td(request)
    error = run(request, tournament_id, "renew_captain_key", table_no=table_no)
    with i18n.use_locale(locale_of(request)):
        if error is not None:
            return flash(request, error=error)
        return flash(
            request,
            done=i18n.gettext(
                "Table %(table)s has a new captain's link: the old one no longer works.",
                table=table_no,
            ),
        )
