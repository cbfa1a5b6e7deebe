"""Issue 12, finding 10: the public reads (the API without the TD token, the public WebSocket,
the clock and results pages, a captain's page) never show the desk's money (how and whether a
player paid, refunds) nor the notes typed by the TD or a captain; the TD sees them all."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import msgspec
import pytest

from pokerfloor import tournament as tournament_package
from pokerfloor.app.public_view import (
    EMPTIED_AS,
    HIDDEN_EVENT_TYPES,
    TD_ONLY_FIELDS,
    public_event,
    public_line,
)
from pokerfloor.app.service import EVENT_DECODER, event_line, event_type
from pokerfloor.tournament.clock import ClockPaused
from pokerfloor.tournament.events import (
    AddonWindowOpened,
    BustCorrected,
    ButtonMoved,
    CashRefunded,
    DealCancelled,
    FloorCalled,
    HandCorrected,
    PaymentRecorded,
    PenaltyGiven,
    PlayerRebought,
    PlayerRegistered,
    PlayerUnregistered,
    RebuyCorrected,
    SeatChanged,
    TournamentEvent,
)
from pokerfloor.tournament.types import Move, SeatRef
from pokerfloor.web.pages.common._common import captain_key
from tests.web.pages.conftest import TOKEN, Venue

TID = "secrets"
AUTH = {"Authorization": f"Bearer {TOKEN}"}

# One marker per secret, each written once by the TD, the desk or a captain.
SECRETS = {
    "payment_method": "mk-pay-method-1f3a",
    "refund_method": "mk-refund-method-2b7c",
    "refund_reason": "mk-refund-reason-3d9e",
    "unregister_payment": "mk-unreg-pay-4e1f",
    "unregister_reason": "mk-unregister-reason-5a2b",
    "penalty_reason": "mk-penalty-reason-6c3d",
    "floor_reason": "mk-floor-reason-7e4f",
    "button_reason": "mk-button-reason-8a5b",
    "hand_reason": "mk-hand-reason-9c6d",
    "bust_reason": "mk-bust-reason-0e7f",
    "rebuy_method": "mk-rebuy-method-1a8b",
    "rebuy_reason": "mk-rebuy-reason-2c9d",
    "reentry_method": "mk-reentry-method-3e0f",
}
PUBLIC_API = ("", "/clock", "/seating", "/players", "/results", "/deal", "/events?limit=10000")


def _structure() -> str:
    """club-rebuy with re-entries too (a re-entry is paid at the desk, with a method)."""
    path = Path(tournament_package.__file__).parent / "structures" / "club-rebuy.toml"
    return path.read_text() + "reentry_until_level = 4\n"


def _no_secret(text: str, where: str) -> None:
    shown = [name for name, marker in SECRETS.items() if marker in text]
    assert not shown, f"{where} shows {shown}"


@pytest.fixture
def evening() -> Venue:
    """Payments with methods, a refund, an unregistration, a penalty, an open floor call, a
    button moved, a corrected hand, bust and rebuy, a re-entry: each with its marker."""
    venue = Venue()

    def run(**body: Any) -> None:
        venue.command(TID, **body)

    run(type="create_tournament", tournament_id=TID, structure=_structure())
    for number in range(1, 13):
        run(type="register_player", player_id=f"P{number:02d}", name=f"Joueur {number}")
    run(type="record_payment", player_id="P01", paid=True, method=SECRETS["payment_method"])
    run(type="record_payment", player_id="P02", paid=True, method="cash", amount_cents=5000)
    run(
        type="refund",
        player_id="P02",
        reason=SECRETS["refund_reason"],
        method=SECRETS["refund_method"],
    )
    run(type="record_payment", player_id="P12", paid=True, method=SECRETS["unregister_payment"])
    run(type="unregister", player_id="P12", reason=SECRETS["unregister_reason"])
    run(type="draw_seats", seed=7)
    run(type="place_buttons", seed=8)
    run(type="start_clock")
    first, second = venue.service.seating_chart(TID)["tables"]
    run(type="penalize", player_id="P03", kind="warning", reason=SECRETS["penalty_reason"])
    run(type="call_floor", table_no=1, reason=SECRETS["floor_reason"])
    seat = next(
        s["seat_no"] for s in second["seats"] if s["seat_no"] != second["next_hand"]["button_seat"]
    )
    run(type="move_button", table_no=2, seat_no=seat, reason=SECRETS["button_reason"])
    plan = first["next_hand"]
    stacks = {s["player_id"]: s["stack"] for s in first["seats"]}
    run(type="record_hand", table_no=1, hand_no=plan["hand_no"], final_stacks=stacks)
    fixed = dict(stacks)
    fixed["P07"], fixed["P08"] = fixed["P07"] - 100, fixed["P08"] + 100
    run(
        type="correct_hand",
        table_no=1,
        hand_no=plan["hand_no"],
        stacks=fixed,
        reason=SECRETS["hand_reason"],
    )
    run(type="bust_players", table_no=2, players=["P04"])
    run(type="correct_bust", player_id="P04", stack=20000, reason=SECRETS["bust_reason"])
    run(type="bust_players", table_no=1, players=["P05"])
    run(type="rebuy", player_id="P05", method=SECRETS["rebuy_method"])
    run(type="correct_rebuy", player_id="P05", reason=SECRETS["rebuy_reason"])
    run(type="bust_players", table_no=1, players=["P06"])
    run(type="reenter", player_id="P06", method=SECRETS["reentry_method"], seed=3)
    stored = b"\n".join(line for _, _, line in venue.service.event_lines(TID)).decode()
    assert all(marker in stored for marker in SECRETS.values())  # the set-up wrote them all
    return venue


def test_finding_10_public_api_reads_show_no_payment_nor_td_note(evening: Venue) -> None:
    for view in PUBLIC_API:
        response = evening.public.get(f"/api/tournaments/{TID}{view}")
        assert response.status_code in (200, 409), response.text  # /deal: not the final table
        _no_secret(response.text, f"GET {view or '/'}")
    players = evening.public.get(f"/api/tournaments/{TID}/players").json()["players"]
    assert {(p["paid"], p["payment_method"]) for p in players} == {(None, "")}
    calls = evening.public.get(f"/api/tournaments/{TID}/seating").json()["floor_calls"]
    assert [(call["table_no"], call["reason"]) for call in calls] == [(1, "")]  # still called


def _emptied(field: str) -> object:
    """A TD-only field as the public JSON shows it: "" for a text, [] for the facts."""
    empty = EMPTIED_AS.get(field, "")
    return list(empty) if isinstance(empty, tuple) else empty


def test_finding_10_the_public_log_keeps_the_events_and_their_schema(evening: Venue) -> None:
    """Every event but the desk's money is in the public log, with its TD-only fields
    emptied, and still decodes as the same event type."""
    stored = evening.td.get(f"/api/tournaments/{TID}/events?limit=10000", headers=AUTH).json()
    shown = evening.public.get(f"/api/tournaments/{TID}/events?limit=10000").json()
    assert shown["version"] == stored["version"]
    kept = [event for event in stored["events"] if event["type"] not in HIDDEN_EVENT_TYPES]
    assert [event["seq"] for event in shown["events"]] == [event["seq"] for event in kept]
    for before, after in zip(kept, shown["events"], strict=True):
        emptied = TD_ONLY_FIELDS.get(before["type"], ())
        assert after == {key: _emptied(key) if key in emptied else v for key, v in before.items()}
        decoded = EVENT_DECODER.decode(json.dumps({k: v for k, v in after.items() if k != "seq"}))
        assert event_type(decoded) == before["type"]
    penalty = next(event for event in shown["events"] if event["type"] == "penalty_given")
    assert (penalty["player_id"], penalty["kind"], penalty["reason"]) == ("P03", "warning", "")
    # Paged: ``limit`` counts the public events shown, not the desk's money events skipped.
    hidden = [event["seq"] for event in stored["events"] if event["type"] in HIDDEN_EVENT_TYPES]
    assert hidden == [14, 15, 16, 17, 19]
    page = evening.public.get(f"/api/tournaments/{TID}/events?after_seq=13&limit=2").json()
    assert [event["seq"] for event in page["events"]] == [18, 20]


def test_finding_10_the_td_reads_everything_with_the_token(evening: Venue) -> None:
    log = evening.td.get(f"/api/tournaments/{TID}/events?limit=10000", headers=AUTH)
    assert all(marker in log.text for marker in SECRETS.values())
    players = evening.td.get(f"/api/tournaments/{TID}/players", headers=AUTH).json()["players"]
    methods = {p["player_id"]: (p["paid"], p["payment_method"]) for p in players}
    assert methods["P01"] == (True, SECRETS["payment_method"])
    calls = evening.td.get(f"/api/tournaments/{TID}/seating", headers=AUTH).json()["floor_calls"]
    assert [call["reason"] for call in calls] == [SECRETS["floor_reason"]]
    wrong = {"Authorization": "Bearer not-the-td-token-at-all"}
    for view in ("/players", "/seating", "/events"):
        response = evening.public.get(f"/api/tournaments/{TID}{view}", headers=wrong)
        assert response.status_code == 401, view
        assert response.json()["code"] == "UNAUTHORIZED"


def test_finding_10_the_public_websocket_streams_the_events_without_td_notes(
    evening: Venue,
) -> None:
    version = evening.service.version(TID)
    public_count = sum(
        kind not in HIDDEN_EVENT_TYPES for _, kind, _ in evening.service.event_lines(TID)
    )
    with evening.public.websocket_connect(f"/ws/tournaments/{TID}?after_seq=0") as public:
        backlog = [public.receive_text() for _ in range(public_count)]
        assert json.loads(backlog[-1])["seq"] == version
        _no_secret("\n".join(backlog), "the public WebSocket's backlog")
        # Live: a new note reaches the public emptied, a payment not at all.
        note = "mk-live-penalty-4b1c"
        evening.command(TID, type="record_payment", player_id="P07", paid=True, method=note)
        evening.command(TID, type="penalize", player_id="P07", kind="warning", reason=note)
        received = json.loads(public.receive_text())
        assert (received["type"], received["reason"]) == ("penalty_given", "")
        assert received["seq"] == version + 2
    with evening.td.websocket_connect(f"/ws/tournaments/{TID}?after_seq=0", headers=AUTH) as td:
        everything = [td.receive_text() for _ in range(version + 2)]
    text = "\n".join(everything)
    assert all(marker in text for marker in SECRETS.values()) and note in text


def test_finding_10_public_pages_show_no_payment_nor_td_note(evening: Venue) -> None:
    key = captain_key(evening.td.app.state.pages, TID, 1)  # type: ignore[attr-defined]
    for path in (
        f"/t/{TID}/clock",
        f"/t/{TID}/results",
        f"/t/{TID}/results?print=1",
        f"/t/{TID}/results.csv",
        f"/t/{TID}/table/1?key={key}",  # the captain of the table that called the floor
    ):
        response = evening.public.get(path)
        assert response.status_code == 200, path
        _no_secret(response.text, path)
    for view in ("clock", "results", f"captain&table=1&key={key}"):
        with evening.public.websocket_connect(f"/t/{TID}/live?view={view}") as live:
            _no_secret(live.receive_text(), f"the live view {view}")
    # The TD's pages show them: the floor call's message, the cash book's methods and notes.
    captains = evening.td.get(f"/t/{TID}/captains").text
    assert SECRETS["floor_reason"] in captains
    cash = evening.td.get(f"/t/{TID}/cash").text
    assert SECRETS["payment_method"] in cash and SECRETS["refund_reason"] in cash


def _every_td_only_event() -> list[TournamentEvent]:
    return [
        PlayerRegistered("P1", "Anne", 1, entry_no=2, payment_method="card"),
        PlayerRebought("P1", 20000, 2000, "rebuy", 1, payment_method="card"),
        PlayerUnregistered("P1", "note", 1),
        PenaltyGiven("P1", "warning", 0, "note", 1),
        BustCorrected("P1", 1, 2, 20000, "note", 1),
        RebuyCorrected("P1", "rebuy", 20000, 2000, "note", 1),
        HandCorrected(2, 3, (("P1", 10),), (("P1", 10),), "note", 1),
        FloorCalled(1, "note", 1, 3, 4, "misdeal_claim", (("cause", "wrong_order"),)),
        ButtonMoved(1, 3, "note", 1),
        DealCancelled("note", 1),
        SeatChanged((Move("P1", SeatRef(1, 2), SeatRef(2, 3), "seat_change"),), "note", 1),
        AddonWindowOpened(4, "note", 1),
    ]


def test_finding_10_every_td_only_field_is_emptied_and_the_line_agrees() -> None:
    events = _every_td_only_event()
    assert {event_type(event) for event in events} == set(TD_ONLY_FIELDS)
    for seq, event in enumerate(events, start=1):
        kind = event_type(event)
        line = event_line(seq, msgspec.json.encode(event))
        shown = public_event(event)
        assert shown is not None and type(shown) is type(event)
        for field in TD_ONLY_FIELDS[kind]:
            assert getattr(shown, field) == EMPTIED_AS.get(field, "")
        assert public_line(kind, line) == event_line(seq, msgspec.json.encode(shown))
        # Every other field is as stored.
        kept = {
            k: v for k, v in msgspec.structs.asdict(event).items() if k not in TD_ONLY_FIELDS[kind]
        }
        assert kept.items() <= msgspec.structs.asdict(shown).items()


def test_finding_10_the_desk_money_events_are_not_public_and_the_rest_passes_untouched() -> None:
    for event in (PaymentRecorded("P1", True, "card", 1, 2000), CashRefunded("P1", 5, "c", "n", 1)):
        assert public_event(event) is None
        assert public_line(event_type(event), event_line(1, msgspec.json.encode(event))) is None
    paused = ClockPaused(1)
    line = event_line(1, msgspec.json.encode(paused))
    assert public_event(paused) is paused
    assert public_line(event_type(paused), line) is line  # not decoded: nothing to hide
