"""The club service (app/club_service.py): events durable before they are acknowledged, a
refusal stores nothing, a damaged club is isolated, subscribers get the durable events; and
the club's CSV files (app/club_csv.py) as untrusted input."""

from __future__ import annotations

import asyncio

import msgspec
import pytest

from pokerfloor.app.club_commands import ClubCommand, CreateClub, pin_digest
from pokerfloor.app.club_csv import MAX_CSV_BYTES, parse_members_csv, write_csv
from pokerfloor.app.club_service import ClubService, club_stream
from pokerfloor.app.memory_store import MemoryEventStore
from pokerfloor.errors import PokerfloorError

NOW = 1_790_000_000_000
KEY = b"k" * 32  # the server's secret's PIN key


def a_service() -> ClubService:
    service = ClubService(MemoryEventStore(), KEY, lambda: NOW)
    service.execute("hp", CreateClub(club_id="hp", name="Heaven"))
    return service


def run(service: ClubService, **body: object) -> None:
    service.execute("hp", msgspec.convert(body, ClubCommand))


def test_a_command_is_stored_with_the_servers_time() -> None:
    service = a_service()
    run(service, type="add_member", member_id="1", name="Ada")
    stored = service.store.read(club_stream("hp"))
    assert [item.type for item in stored] == ["club_created", "member_added"]
    assert service.club("hp").members["1"].added_at_ms == NOW


def test_a_refusal_stores_nothing_and_leaves_the_club_as_it_was() -> None:
    service = a_service()
    run(service, type="add_member", member_id="1", name="Ada")
    with pytest.raises(PokerfloorError):
        run(service, type="add_member", member_id="1", name="Ada again")
    assert service.version("hp") == 2
    assert service.club("hp").members["1"].name == "Ada"


def test_a_second_club_with_the_same_id_is_refused() -> None:
    service = a_service()
    with pytest.raises(PokerfloorError) as refused:
        service.execute("hp", CreateClub(club_id="hp", name="Other"))
    assert refused.value.code == "CLUB_EXISTS"


def test_an_unknown_club_and_a_damaged_one() -> None:
    service = a_service()
    with pytest.raises(PokerfloorError) as unknown:
        service.club("nope")
    assert unknown.value.code == "CLUB_NOT_FOUND"
    service.store.append(club_stream("broken"), 0, [("club_created", b'{"type":"nonsense"}')])
    with pytest.raises(PokerfloorError) as damaged:
        service.club("broken")
    assert damaged.value.code == "CLUB_DAMAGED"
    assert service.club("hp").club_id == "hp"  # the others keep working


def test_the_pin_is_never_stored_only_its_salted_digest() -> None:
    service = a_service()
    run(service, type="add_member", member_id="1", name="Ada")
    run(service, type="set_pin", member_id="1", pin="4321")
    stored = b"".join(item.data for item in service.store.read(club_stream("hp")))
    assert b"4321" not in stored
    club = service.club("hp")
    assert club.members["1"].pin_digest == pin_digest(club, "1", "4321", KEY)
    other = ClubService(MemoryEventStore(), KEY, lambda: NOW + 1)
    other.execute("hp", CreateClub(club_id="hp", name="Heaven"))
    other.execute(
        "hp", msgspec.convert({"type": "add_member", "member_id": "1", "name": "A"}, ClubCommand)
    )
    assert pin_digest(other.club("hp"), "1", "4321", KEY) != pin_digest(club, "1", "4321", KEY)
    # Without the server's key, the log's digest cannot be matched by trying every PIN.
    stolen = club.members["1"].pin_digest
    assert all(pin_digest(club, "1", f"{pin:04d}", b"") != stolen for pin in range(10_000))


def test_subscribers_receive_the_durable_events() -> None:
    async def scenario() -> list[str]:
        service = a_service()
        queue = service.subscribe("hp")
        run(service, type="add_member", member_id="1", name="Ada")
        item = await asyncio.wait_for(queue.get(), 5)
        return [item.type, str(item.seq)]

    assert asyncio.run(scenario()) == ["member_added", "2"]


def test_a_csv_file_is_bounded_and_checked_cell_by_cell() -> None:
    with pytest.raises(PokerfloorError) as too_large:
        parse_members_csv(b"name\n" + b"x" * MAX_CSV_BYTES)
    assert too_large.value.code == "CSV_INVALID"
    with pytest.raises(PokerfloorError) as unknown_column:
        parse_members_csv(b"name,password\nAda,x\n")
    assert unknown_column.value.params["column"] == "password"
    rows, errors = parse_members_csv(b"name,contact\nAda,\x07bell\nBob,ok,extra\n")
    assert not rows
    assert [(e.line, e.column) for e in errors] == [(2, "contact"), (3, "")]


def test_written_csv_cells_never_start_a_formula() -> None:
    text = write_csv(("name", "cents"), [["=HYPERLINK(1)", -500], ["@SUM", 10]])
    assert text.splitlines() == ["name,cents", "'=HYPERLINK(1),-500", "'@SUM,10"]
