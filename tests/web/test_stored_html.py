"""Issue 12, finding 1 (stored XSS): HTML stored in every free-text field the API accepts is
escaped on every page and every live fragment, for the TD and for the public.

The evening stores the same script in the names (registered, late, waiting), the structure's
name and chip colours, the payment and refund methods and reasons, an unregistration, a
penalty, a floor call, a button move, corrections and a cancelled deal. Every ``GET`` page of
the application is then fetched as the TD and as the public, and every live view is rendered:
the script never comes back as markup, and it is shown (escaped) where the data is.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from starlette.routing import Route

from pokerfloor.tournament.structure import dump_structure, load_structure
from pokerfloor.web.pages.common._common import captain_key
from pokerfloor.web.pages.common._live import VIEWS
from tests.web.pages.conftest import Venue

TID = "xss"
SCRIPT = "<script>pf()</script>"
RAW = re.compile(r"<script>pf\(\)", re.IGNORECASE)
ESCAPED = "&lt;script&gt;pf()"


def structure_with_html() -> str:
    text = dump_structure(load_structure("club-rebuy"))
    text = text.replace('name = "club-rebuy"', f'name = "{SCRIPT}"')
    return text.replace('colour_fr = "vert"', f'colour_fr = "{SCRIPT}"').replace(
        'colour_en = "green"', f'colour_en = "{SCRIPT}"'
    )


def store_html_everywhere(venue: Venue) -> None:
    run = venue.command
    run(TID, type="create_tournament", tournament_id=TID, structure=structure_with_html(),
        max_players=12)  # fmt: skip
    for number in range(1, 12):
        run(TID, type="register_player", player_id=f"p{number}", name=f"{SCRIPT} {number}")
    run(TID, type="register_player", player_id="gone", name=SCRIPT)
    run(TID, type="unregister", player_id="gone", reason=SCRIPT)
    run(TID, type="record_payment", player_id="p1", paid=True, method=SCRIPT)
    run(TID, type="record_payment", player_id="p2", paid=True, method="cash",
        amount_cents=5000)  # fmt: skip
    run(TID, type="refund", player_id="p2", reason=SCRIPT, method=SCRIPT)
    run(TID, type="draw_seats", seed=1)
    run(TID, type="place_buttons", seed=1)
    run(TID, type="start_clock")
    run(TID, type="register_late", player_id="late", name=f"{SCRIPT} late", seed=1)
    run(TID, type="register_late", player_id="wait", name=f"{SCRIPT} wait", seed=1)
    run(TID, type="register_late", player_id="wait2", name=f"{SCRIPT} wait2", seed=1)
    seat = venue.service.tournament(TID).players["p3"].seat
    assert seat is not None
    plan = venue.service.tournament(TID).hands.plan_next(seat.table_no, venue.clock())
    run(TID, type="record_hand", table_no=seat.table_no, hand_no=plan.hand_no,
        final_stacks={player: stack for _, player, stack in plan.seats})  # fmt: skip
    run(TID, type="bust_players", table_no=seat.table_no, players=["p3"])
    run(TID, type="rebuy", player_id="p3", method=SCRIPT)  # at the bust
    run(TID, type="penalize", player_id="p4", kind="warning", reason=SCRIPT)
    run(TID, type="call_floor", table_no=1, reason=SCRIPT)
    run(TID, type="move_button", table_no=2, seat_no=button_elsewhere(venue, 2), reason=SCRIPT)
    run(TID, type="correct_rebuy", player_id="p3", reason=SCRIPT)
    run(TID, type="set_room_screen", club_name=SCRIPT, message=SCRIPT)  # the room's TV


def button_elsewhere(venue: Venue, table_no: int) -> int:
    table = venue.service.tournament(TID).tables[table_no]
    return next(seat for seat in sorted(table.seats) if seat != table.button_seat)


def all_routes(routes: list[Any]) -> list[Any]:
    """The routes, those of included routers too (FastAPI wraps them)."""
    found = []
    for route in routes:
        included = getattr(route, "original_router", None)
        if included is not None:
            prefix = route.include_context.prefix
            for inner in all_routes(included.routes):
                if isinstance(inner, Route) and prefix:
                    inner = Route(prefix + inner.path, inner.endpoint, methods=inner.methods)
                found.append(inner)
        else:
            found.append(route)
    return found


def page_paths(venue: Venue) -> list[str]:
    """Every ``GET`` page of the application, with this tournament and its table 1."""
    key = captain_key(venue.td.app.state.pages, TID, 1)  # type: ignore[attr-defined]
    paths = []
    for route in all_routes(venue.td.app.routes):  # type: ignore[attr-defined]
        if not isinstance(route, Route) or "GET" not in (route.methods or ()):
            continue
        path = route.path
        if path.startswith(("/docs", "/openapi", "/redoc", "/static", "/api/")):
            continue
        names = set(re.findall(r"{(\w+)[^}]*}", path))
        if not names <= {"tournament_id", "table_no"}:
            continue
        path = path.replace("{tournament_id}", TID).replace("{table_no}", "1")
        paths.append(f"{path}?key={key}&lang=fr" if "/table/" in path else f"{path}?lang=fr")
    return paths


@pytest.fixture(scope="module")
def evening() -> Venue:
    venue = Venue()
    store_html_everywhere(venue)
    return venue


def test_finding_1_stored_html_is_escaped_on_every_page_for_td_and_public(
    evening: Venue,
) -> None:
    shown: dict[str, Any] = {}
    paths = page_paths(evening)
    assert len(paths) > 20, paths  # every page of the application, not a chosen few
    for client, who in ((evening.td, "td"), (evening.public, "public")):
        for path in paths:
            response = client.get(path)
            assert response.status_code < 500, (who, path, response.status_code)
            kind = response.headers.get("content-type", "")
            if not kind.startswith("text/html"):  # a download (CSV, TOML) is data, not a page
                assert kind.startswith(("text/plain", "text/csv", "application/")), (path, kind)
                continue
            assert not RAW.search(response.text), (who, path)
            if ESCAPED in response.text:
                shown[f"{who} {path.split('?')[0]}"] = True
    # The data is there, escaped: the desk, the cash book, the results, the console...
    for page in ("desk", "cash", "results", "console", "penalties", "captains"):
        assert f"td /t/{TID}/{page}" in shown, (page, sorted(shown))
    assert f"public /t/{TID}/table/1" in shown, sorted(shown)  # the captain's phone


def test_finding_1_stored_html_is_escaped_in_every_live_fragment(evening: Venue) -> None:
    pages = evening.td.app.state.pages  # type: ignore[attr-defined]
    params = {"table": "1", "key": captain_key(pages, TID, 1), "base": "http://venue"}
    rendered = 0
    for name, view in VIEWS.items():
        html = view.render(pages, TID, "fr", params)
        assert not RAW.search(html), name
        rendered += ESCAPED in html
    assert len(VIEWS) >= 5 and rendered >= 3


def test_finding_1_the_api_returns_stored_text_as_data_not_markup(evening: Venue) -> None:
    """JSON is not HTML: the API gives the names back exactly, with a JSON content type (the
    pages escape them)."""
    response = evening.public.get(f"/api/tournaments/{TID}/players")
    assert response.headers["content-type"].startswith("application/json")
    names = {p["name"] for p in response.json()["players"]}
    assert f"{SCRIPT} 1" in names
