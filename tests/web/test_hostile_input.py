"""Hostile input, the security review's findings 7 and 8 (issue 12).

Finding 7, "errors that are 5xx or hang": invalid UTF-8 in a JSON body, a structure TOML nested
100,000 deep, ``inf``, ``nan`` and ``1e308`` where a number goes, ``after_seq=10**30``, a locked
or a full database. Each answers a 4xx (503 and 507 for the database) with the API's error
body ``{code, params, message}``, quickly, and changes nothing.

Finding 8, "input accepted that should not be": ids with a trailing newline (``$`` matches
before it), digits of other scripts and ``1_0`` in the pages' number fields (``int()`` reads
them), structures beyond the bounds the commands keep. The same bounds hold however a
structure arrives: TOML text, the set-up page's table, an imported file.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator
from contextlib import closing
from html import unescape
from pathlib import Path
from typing import Any

import pytest
from starlette.websockets import WebSocketDisconnect

from pokerfloor.app.commands import is_valid_id
from pokerfloor.app.memory_store import MemoryEventStore
from pokerfloor.app.service import TournamentService, stream_id
from pokerfloor.app.store import SqlEventStore, open_store
from pokerfloor.cli.serve import import_events
from pokerfloor.errors import PokerfloorError
from pokerfloor.tournament.limits import (
    MAX_CHIPS,
    MAX_LEVELS,
    MAX_TEXT_LENGTH,
)
from pokerfloor.tournament.structure import dump_structure, load_structure
from pokerfloor.web import create_app, i18n
from pokerfloor.web.pages.common._forms import whole_number
from pokerfloor.web.pages.floor._floor_form import FormState, SeatRow, validate
from tests.web.pages.conftest import Venue, sign_in
from tests.web.pages.test_setup import create, import_file, new_form
from tests.web.test_api import AUTH, TOKEN, FakeClock, TestClient, make_client, seated_tournament

HTMX = {"HX-Request": "true"}
BASE_TOML = dump_structure(load_structure("club-evening"))


def error_body(response: Any, status: int, code: str) -> dict[str, Any]:
    """The API's error body, with this status and code."""
    assert response.status_code == status, response.text
    body: dict[str, Any] = response.json()
    assert set(body) == {"code", "params", "message"}
    assert body["code"] == code, body
    return body


def create_with(client: TestClient, tournament_id: str, structure: str) -> Any:
    return client.post(
        "/api/tournaments",
        json={"tournament_id": tournament_id, "structure": structure},
        headers=AUTH,
    )


def send(client: TestClient, body: dict[str, Any], tournament_id: str = "friday") -> Any:
    return client.post(f"/api/tournaments/{tournament_id}/commands", json=body, headers=AUTH)


def stored(store: SqlEventStore | MemoryEventStore, tournament_id: str = "friday") -> list[Any]:
    return [(e.seq, e.type, e.data) for e in store.read(stream_id(tournament_id))]


class SqliteEvening:
    """A tournament served from a real SQLite file, its writes waiting 200 ms for a lock."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.store = open_store(path, busy_timeout_ms=200)
        self.service = TournamentService(self.store, FakeClock())
        self.client = TestClient(create_app(self.service, TOKEN))
        sign_in(self.client, TOKEN)  # the pages too, as the TD
        seated_tournament(self.client)


@pytest.fixture
def evening(tmp_path: Path) -> Iterator[SqliteEvening]:
    served = SqliteEvening(tmp_path / "pokerfloor.db")
    yield served
    served.store.close()


# ---- finding 7: errors that are 5xx or hang --------------------------------------------------


def test_finding_7_invalid_utf8_in_a_json_string_is_a_422_invalid_json() -> None:
    client, service = make_client()
    seated_tournament(client)
    before = service.event_lines("friday")
    bodies = [
        b'{"type": "register_late", "player_id": "P99", "name": "Ann\xff\xfe"}',
        b'{"type": "penalize", "player_id": "P01", "kind": "warning", "reason": "\xc3("}',
        b'{"type": "arrive", "player_id": "P0\xed\xa0\x80"}',  # a surrogate, encoded
    ]
    for body in bodies:
        response = client.post("/api/tournaments/friday/commands", content=body, headers=AUTH)
        error_body(response, 422, "INVALID_JSON")
    response = client.post(
        "/api/tournaments", content=b'{"tournament_id": "caf\xe9"}', headers=AUTH
    )
    error_body(response, 422, "INVALID_JSON")
    assert service.event_lines("friday") == before
    assert service.tournament_ids() == ["friday"]


DEEP_STRUCTURES = {
    "arrays": "x = " + "[" * 40_000 + "]" * 40_000 + "\n",
    "inline tables": "x = " + "{a = " * 16_000 + "1" + "}" * 16_000 + "\n",
    "dotted keys": "x" + ".x" * 45_000 + " = 1\n",
    "a table header": "[" + ".".join(["x"] * 45_000) + "]\n",
    "arrays in a level": BASE_TOML.replace("levels = [", "levels = [" + "[" * 30_000, 1),
}


def test_finding_7_a_deeply_nested_structure_toml_is_refused_by_its_depth() -> None:
    client, service = make_client()
    for number, (what, text) in enumerate(DEEP_STRUCTURES.items()):
        assert len(text) <= 100_000, what  # within create_tournament's structure text
        body = error_body(create_with(client, f"deep{number}", text), 422, "STRUCTURE_TOO_DEEP")
        assert body["params"]["most"] == 20
        assert body["params"]["nesting"] > 20
    # 100,000 nested arrays do not fit in a structure text at all.
    hundred_thousand = "x = " + "[" * 100_000 + "]" * 100_000
    error_body(create_with(client, "deeper", hundred_thousand), 422, "INVALID_COMMAND")
    assert service.tournament_ids() == []


def test_finding_7_a_deeply_nested_structure_file_is_refused_on_the_setup_page_in_french() -> None:
    venue = Venue()
    for what, text in DEEP_STRUCTURES.items():
        answer = import_file(venue, text, "profond.toml")
        assert answer.status_code == 200, what
        assert "profond.toml est refusé : Le fichier imbrique" in answer.text, what
        assert 'refusal-code">(STRUCTURE_TOO_DEEP)<' in answer.text, what
        assert "une structure en imbrique au plus 20" in answer.text, what
    plain = venue.td.post(
        "/new/import", files={"structure_file": ("profond.toml", DEEP_STRUCTURES["arrays"])}
    )
    assert plain.status_code == 422
    assert "STRUCTURE_TOO_DEEP" in plain.text
    assert venue.service.tournament_ids() == []


@pytest.mark.parametrize("number", ["inf", "-inf", "nan", "1e308", "-1e308", "1e309", "Infinity"])
def test_finding_7_inf_nan_and_1e308_are_a_422_in_commands_and_structure_toml(number: str) -> None:
    client, service = make_client()
    seated_tournament(client)
    before = service.event_lines("friday")
    for command in (
        f'{{"type": "adjust_clock", "delta_ms": {number}}}',
        f'{{"type": "jump_to_level", "level_index": {number}}}',
        f'{{"type": "finish", "prize_pool_cents": {number}}}',
        f'{{"type": "correct_bust", "player_id": "P01", "stack": {number}, "reason": "x"}}',
    ):
        response = client.post(
            "/api/tournaments/friday/commands", content=command.encode(), headers=AUTH
        )
        assert response.status_code == 422, command
        assert response.json()["code"] in ("INVALID_JSON", "INVALID_COMMAND"), command
    toml_number = {"Infinity": "+inf", "1e309": "1e309"}.get(number, number)
    for text in (
        BASE_TOML.replace("level_minutes = 20", f"level_minutes = {toml_number}"),
        BASE_TOML.replace("starting_stack = 20000", f"starting_stack = {toml_number}"),
        BASE_TOML.replace("big_blind = 200 }", f"big_blind = {toml_number} }}", 1),
        BASE_TOML.replace('name = "club-evening"', f"name = {toml_number}"),
    ):
        body = error_body(create_with(client, "floats", text), 422, "STRUCTURE_BAD_VALUE")
        assert body["params"]["accepted"] in ("a whole number", "a text")
    huge = BASE_TOML.replace("level_minutes = 20", "level_minutes = " + "9" * 5000)
    error_body(create_with(client, "huge", huge), 422, "STRUCTURE_INVALID")
    assert service.tournament_ids() == ["friday"]
    assert service.event_lines("friday") == before


def test_finding_7_inf_nan_and_1e308_typed_in_page_forms_are_refused_in_french() -> None:
    venue = Venue()
    venue.evening("club")
    before = venue.service.event_lines("club")
    for typed in ("1e308", "-1e308", "inf", "nan", "1e3", "1_0", "١٠", "1441"):
        answer = venue.td.post("/t/club/console/adjust", data={"minutes": typed}, headers=HTMX)
        assert answer.status_code == 200, typed
        assert "Saisissez les minutes à ajouter, de −1440 à 1440" in answer.text, typed
    for typed in ("1e999999999", "inf", "nan", "1e308"):
        answer = venue.td.post("/t/club/results/preview", data={"pool": typed}, headers=HTMX)
        assert answer.status_code == 200, typed
        assert "Montant ou nombre invalide" in answer.text, typed
    form = new_form(venue)
    with i18n.use_locale("fr"):
        maximum = i18n.format_number(MAX_CHIPS)  # 1 000 000 000 000, narrow spaces
    for typed in ("1e308", "inf", "nan"):
        changed = {**form, "big_blind": [typed, *form["big_blind"][1:]]}
        answer = create(venue, changed, "soir", htmx=True)
        assert f"saisissez un nombre entier de 1 à {maximum}, pas « {typed} »" in answer.text
    for field, typed in (("payouts_exponent", "inf"), ("payouts_exponent", "1e308")):
        changed = {**form, "payouts_name": ["power"], field: [typed]}
        answer = create(venue, changed, "soir", htmx=True)
        assert f"pas « {typed} »" in answer.text
    assert venue.service.event_lines("club") == before
    assert venue.service.tournament_ids() == ["club"]


def test_finding_7_after_seq_and_limit_beyond_their_bounds_are_refused(
    evening: SqliteEvening,
) -> None:
    client = evening.client
    before = stored(evening.store)
    for query in (
        f"after_seq={10**30}",
        f"after_seq={2**63}",
        "after_seq=-1",
        "after_seq=1e308",
        "after_seq=inf",
        f"limit={10**30}",
        "limit=0",
        "limit=nan",
    ):
        response = client.get(f"/api/tournaments/friday/events?{query}")
        error_body(response, 422, "INVALID_REQUEST")
    for played_for in (f"{10**30}", "1e308", "inf", "-1"):
        response = client.get(f"/api/tournaments/friday/deal?played_for_cents={played_for}")
        error_body(response, 422, "INVALID_REQUEST")
    for after_seq in (f"{10**30}", f"{2**63}", f"{2**53 + 1}", "-5", "1e308", "inf", "١٠", "x"):
        path = f"/ws/tournaments/friday?after_seq={after_seq}"
        with client.websocket_connect(path) as socket:
            body = json.loads(socket.receive_text())
            with pytest.raises(WebSocketDisconnect) as closed:
                socket.receive_text()
        assert closed.value.code == 4422, after_seq
        assert body["code"] == "INVALID_REQUEST"
        assert body["params"]["errors"][0]["loc"] == ["query", "after_seq"]
        assert str(2**53) in body["message"]
    assert evening.service.subscriber_count("friday") == 0
    # The largest after_seq accepted resumes after the whole log: nothing to send back.
    version = evening.service.version("friday")
    with client.websocket_connect(f"/ws/tournaments/friday?after_seq={2**53}") as socket:
        send(client, {"type": "pause_clock"})
        assert json.loads(socket.receive_text())["seq"] == version + 1
    assert stored(evening.store)[: len(before)] == before


def test_finding_7_a_locked_database_answers_503_store_busy_and_loses_nothing(
    evening: SqliteEvening,
) -> None:
    client, service = evening.client, evening.service
    acknowledged = stored(evening.store)
    screen = service.clock_screen("friday")
    with closing(sqlite3.connect(evening.path, isolation_level=None)) as other:
        other.execute("BEGIN EXCLUSIVE")  # another process holds the write lock
        body = error_body(send(client, {"type": "pause_clock"}), 503, "STORE_BUSY")
        assert "database is locked" in body["params"]["reason"]
        created = create_with(client, "other", "club-evening")
        error_body(created, 503, "STORE_BUSY")
        # The pages say it in French, and the reads still work (WAL: readers never wait).
        page = client.post("/t/friday/console/clock/pause", headers=HTMX)
        assert 'refusal-code">(STORE_BUSY)<' in page.text
        assert "La base de données est occupée" in page.text
        assert service.clock_screen("friday") == screen
        other.execute("ROLLBACK")
    assert stored(evening.store) == acknowledged
    assert service.clock_screen("friday") == screen  # not half-applied
    assert service.tournament_ids() == ["friday"]
    accepted = send(client, {"type": "pause_clock"})
    assert accepted.status_code == 200, accepted.text
    assert [event["type"] for event in accepted.json()["events"]] == ["clock_paused"]
    assert stored(evening.store)[: len(acknowledged)] == acknowledged
    assert service.clock_screen("friday")["status"] == "paused"


def _fill_the_database(store: SqlEventStore, pages: int | None) -> None:
    """``PRAGMA max_page_count`` on the store's writer connection (a per-connection limit):
    the database file cannot grow past its current size (or past ``pages``)."""
    with store._writer_engine.connect() as connection:  # the one connection the writer uses
        size = connection.exec_driver_sql("PRAGMA page_count").scalar()
        connection.exec_driver_sql(f"PRAGMA max_page_count = {pages or size}")
        connection.commit()


def test_finding_7_a_full_database_answers_507_store_full_and_loses_nothing(
    evening: SqliteEvening,
) -> None:
    client, service = evening.client, evening.service
    _fill_the_database(evening.store, None)
    acknowledged = stored(evening.store)
    refused = None
    for number in range(200):
        body = {"type": "penalize", "player_id": "P01", "kind": "warning", "reason": "x" * 500}
        response = send(client, body)
        if response.status_code != 200:
            refused = response
            break
        assert number < 199, "the database never filled up"
        acknowledged += [(event["seq"], event["type"], None) for event in response.json()["events"]]
    assert refused is not None
    body = error_body(refused, 507, "STORE_FULL")
    assert "full" in body["params"]["reason"]
    # A short event may still fit where a long one did not (the free bytes of the last page
    # move with every event's size): fill them with the clock's own pauses and resumes, so
    # the page's clock action below finds no room either.
    action = "pause"
    for _ in range(500):
        response = send(client, {"type": f"{action}_clock"})
        if response.status_code != 200:
            error_body(response, 507, "STORE_FULL")
            break
        acknowledged += [(event["seq"], event["type"], None) for event in response.json()["events"]]
        action = "resume" if action == "pause" else "pause"
    # Every acknowledged event is stored, the refused command's are not, and the state served
    # is a replay of what is stored.
    now = stored(evening.store)
    assert [(seq, kind) for seq, kind, _ in now] == [(seq, kind) for seq, kind, _ in acknowledged]
    fresh = TournamentService(evening.store, service.clock)
    assert service.players_list("friday") == fresh.players_list("friday")
    page = client.post(f"/t/friday/console/clock/{action}", headers=HTMX)
    assert 'refusal-code">(STORE_FULL)<' in page.text
    assert "La base de données est pleine" in page.text
    _fill_the_database(evening.store, 1_000_000)  # room again
    accepted = send(client, {"type": f"{action}_clock"})
    assert accepted.status_code == 200, accepted.text
    assert accepted.json()["events"][0]["seq"] == now[-1][0] + 1


# ---- finding 8: input accepted that should not be ------------------------------------------


def test_finding_8_ids_with_a_trailing_newline_are_refused() -> None:
    client, service = make_client()
    for tournament_id in ("nl\n", "nl\r\n", "\nnl", "n\nl"):
        body = error_body(
            client.post("/api/tournaments", json={"tournament_id": tournament_id}, headers=AUTH),
            422,
            "INVALID_COMMAND",
        )
        assert "$.tournament_id" in body["params"]["detail"]
    created = client.post("/api/tournaments", json={"tournament_id": "nl"}, headers=AUTH)
    assert created.status_code == 201
    before = service.event_lines("nl")
    for player_id in ("P99\n", "P99\r\n", "\nP99"):
        for body in (
            {"type": "register_player", "player_id": player_id, "name": "Anne"},
            {"type": "record_payment", "player_id": player_id, "paid": True},
            {"type": "chip_race", "table_no": 1, "removed": 25, "next_chip": 100,
             "odd_chips": {player_id: 1}},
        ):  # fmt: skip
            answer = error_body(send(client, body, "nl"), 422, "INVALID_COMMAND")
            assert "$.player_id" in answer["params"]["detail"] or "odd_chips" in str(answer)
    assert service.event_lines("nl") == before
    assert is_valid_id("P99") and not is_valid_id("P99\n") and not is_valid_id("x" * 65)
    # The OpenAPI schema keeps a JSON Schema pattern (ECMA-262 has no \A, \Z).
    schema = client.get("/openapi.json").json()["components"]["schemas"]["RegisterPlayer"]
    assert schema["properties"]["player_id"]["pattern"] == r"^[A-Za-z0-9][A-Za-z0-9_.\-]*$"


def _exported(tournament_id: str = "friday") -> list[dict[str, Any]]:
    client, service = make_client()
    seated_tournament(client, tournament_id, players=4)
    return [json.loads(line) for _seq, _type, line in service.event_lines(tournament_id)]


def test_finding_8_event_log_import_refuses_ids_with_a_trailing_newline() -> None:
    log = _exported()
    bad_tournament = [dict(line) for line in log]
    bad_tournament[0]["tournament_id"] = "friday\n"
    bad_player = [dict(line) for line in log]
    registration = next(i for i, line in enumerate(log) if line["type"] == "player_registered")
    bad_player[registration]["player_id"] += "\n"
    for lines, field in ((bad_tournament, "tournament_id"), (bad_player, "player_id")):
        store = MemoryEventStore()
        text = "\n".join(json.dumps(line) for line in lines) + "\n"
        with pytest.raises(PokerfloorError) as refused:
            import_events(store, text)
        assert refused.value.code == "BAD_EVENT_LOG"
        assert field in refused.value.message  # named, whichever check of the log refused it
        assert store.streams() == []
    store = MemoryEventStore()
    assert import_events(store, "\n".join(json.dumps(line) for line in log)) == "friday"


@pytest.mark.parametrize("typed", ["١٠", "۱۰", "१०", "1_0", "１０", "²", "10²"])
def test_finding_8_page_number_fields_take_ascii_digits_only(typed: str) -> None:
    assert whole_number(typed) is None
    assert whole_number(typed, separators=".,'_") in (None, 10)  # "_" groups where allowed
    venue = Venue()
    venue.evening("club")
    before = venue.service.event_lines("club")
    answer = venue.td.post("/t/club/console/jump", data={"level_index": typed}, headers=HTMX)
    assert "Choisissez un niveau" in answer.text
    answer = venue.td.post("/t/club/results/preview", data={"pool": typed}, headers=HTMX)
    assert "Montant ou nombre invalide" in answer.text
    form = new_form(venue)
    changed = {**form, "small_blind": [typed, *form["small_blind"][1:]]}
    answer = create(venue, changed, "soir", htmx=True)
    assert f"pas « {typed} »" in answer.text
    changed = {**form, "payouts_name": ["shares"], "payouts_shares": [f"{typed} 50 40"]}
    answer = create(venue, changed, "soir", htmx=True)
    assert f"« {typed} » n'est pas un pourcentage" in unescape(answer.text)
    # The structure editor's "remove row" button, sent by hand.
    editor = venue.td.post("/new/editor", data={**form, "remove_level": typed}, headers=HTMX)
    assert editor.status_code == 200
    assert editor.text.count('name="small_blind"') == len(form["small_blind"])
    # The floor calculator.
    seats = [SeatRow("A", "10000"), SeatRow("B", "10000")]
    problems = validate(FormState(profile="tda-2024", big_blind=typed, seats=seats))
    assert isinstance(problems, list)
    with i18n.use_locale("en"):
        problems = validate(FormState(profile="tda-2024", big_blind=typed, seats=seats))
    assert isinstance(problems, list) and any("Big blind" in item for item in problems)
    assert venue.service.event_lines("club") == before
    assert venue.service.tournament_ids() == ["club"]


@pytest.mark.parametrize("typed", ["١", "1e-999999", "0.5e1", "1_0", "inf", " nan "])
def test_finding_8_payout_curves_sent_as_text_take_plain_ascii_decimals(typed: str) -> None:
    client, service = make_client()
    for spec in ({"name": "power", "exponent": typed}, {"name": "geometric", "ratio": typed}):
        body = {"tournament_id": "curve", "payouts": spec}
        answer = client.post("/api/tournaments", json=body, headers=AUTH)
        error_body(answer, 422, "PAYOUT_BAD_CURVE")
    accepted = {"tournament_id": "curve", "payouts": {"name": "power", "exponent": "1.25"}}
    assert client.post("/api/tournaments", json=accepted, headers=AUTH).status_code == 201
    assert service.tournament_ids() == ["curve"]


def test_finding_8_structure_bounds_are_the_same_from_toml_the_setup_form_and_commands() -> None:
    client, service = make_client()
    # The last level's big blind, a multiple of its 5000 chip: only the bound refuses it.
    too_big = MAX_CHIPS + 5000
    last = "small_blind = 50000, big_blind = 100000, bb_ante = 100000 }"
    over = BASE_TOML.replace(last, f"small_blind = 50000, big_blind = {too_big} }}")
    assert over != BASE_TOML
    body = error_body(create_with(client, "big", over), 422, "STRUCTURE_BAD_VALUE")
    assert body["params"]["field"] == "levels.16.big_blind"
    assert body["params"]["maximum"] == MAX_CHIPS
    name = "x" * (MAX_TEXT_LENGTH + 1)
    long_name = BASE_TOML.replace('name = "club-evening"', f'name = "{name}"')
    body = error_body(create_with(client, "long", long_name), 422, "STRUCTURE_BAD_VALUE")
    assert body["params"]["most"] == MAX_TEXT_LENGTH

    def levels(count: int) -> str:
        rows = (
            f"  {{ small_blind = {25 * n}, big_blind = {50 * n} }}," for n in range(1, count + 1)
        )
        head = BASE_TOML.split("levels = [")[0]
        return head + "levels = [\n" + "\n".join(rows) + "\n]\n\n[entry]\nstarting_stack = 20000\n"

    body = error_body(
        create_with(client, "many", levels(MAX_LEVELS + 1)), 422, "STRUCTURE_BAD_VALUE"
    )
    assert body["params"]["most"] == MAX_LEVELS
    # At the bound itself, accepted: a structure of MAX_LEVELS levels, the last one reachable.
    assert create_with(client, "most", levels(MAX_LEVELS)).status_code == 201
    jump = send(client, {"type": "jump_to_level", "level_index": MAX_LEVELS - 1}, "most")
    assert jump.status_code == 200, jump.text
    too_far = send(client, {"type": "jump_to_level", "level_index": MAX_LEVELS}, "most")
    error_body(too_far, 422, "INVALID_COMMAND")
    assert service.tournament_ids() == ["most"]

    # The set-up page: the same bound, said in French with the number; an imported file too.
    venue = Venue()
    form = new_form(venue)
    with i18n.use_locale("fr"):
        maximum = i18n.format_number(MAX_CHIPS)  # 1 000 000 000 000, narrow spaces
        too_big_shown = i18n.format_number(too_big)
    changed = {**form, "big_blind": [*form["big_blind"][:-1], str(too_big)]}
    answer = create(venue, changed, "soir", htmx=True)
    assert "Niveau 16, grosse blind" in answer.text
    assert f"saisissez un nombre entier de 1 à {maximum}, pas « {too_big} »" in answer.text
    changed = {**form, "starting_stack": [str(too_big)]}
    answer = create(venue, changed, "soir", htmx=True)
    assert f"de 1 à {maximum}, pas « {too_big} »" in answer.text
    imported = unescape(import_file(venue, over, "gros.toml").text)
    assert "gros.toml est refusé : levels.16.big_blind vaut" in imported
    assert 'refusal-code">(STRUCTURE_BAD_VALUE)<' in imported
    accepted = f"une structure accepte un nombre entier de 1 à {maximum}"
    assert f"levels.16.big_blind vaut {too_big_shown} ; {accepted}" in imported
    assert venue.service.tournament_ids() == []
