"""A club satellite's seats become its members' tickets (issue 33 item 2): the event's
tournament (a structure with ``[satellite]``) played to its seats and finished, the event
closed; each seat winner holds a ticket worth the seat, spent at the desk on the target
event's entry, which the check-in then does not collect."""

from __future__ import annotations

from typing import Any

import msgspec

from pokerfloor.app import club_link
from pokerfloor.app.club_commands import ClubCommand, CreateClub
from pokerfloor.app.club_service import ClubService
from pokerfloor.app.commands import TournamentCommand
from pokerfloor.app.memory_store import MemoryEventStore
from pokerfloor.app.service import TournamentService
from pokerfloor.tournament.structure import dump_structure, load_structure

START = 1_790_000_000_000
SATELLITE = dump_structure(load_structure("club-evening")) + (
    "\n[satellite]\ntarget_buy_in_cents = 3000\n"
)


def test_a_satellites_seats_are_tickets_spent_on_the_target_events_entry() -> None:
    now = [START - 30 * 60_000]
    store = MemoryEventStore()
    clubs = ClubService(store, b"k" * 32, lambda: now[0])
    tournaments = TournamentService(store, lambda: now[0])

    def club(**body: Any) -> None:
        clubs.execute("hp", msgspec.convert(body, ClubCommand))

    clubs.execute("hp", CreateClub(club_id="hp", name="Heaven"))
    for number in range(1, 5):
        club(type="add_member", member_id=str(number), name=f"J{number}", birth_date="1980-01-01")
        club(type="issue_card", card_id=f"c{number}", member_id=str(number), card_type="saphir")
    for event_id, buy_in, structure in (("sat", 2000, SATELLITE), ("main", 3000, "")):
        club(type="schedule_event", event_id=event_id, name=event_id, kind="tournament",
             start_ms=START, capacity=20, buy_in_cents=buy_in, structure=structure)  # fmt: skip
    for number in range(1, 5):
        club(type="register", event_id="sat", member_id=str(number))
        club(type="check_in", event_id="sat", member_id=str(number), method="cash",
             identity_by="TD")  # fmt: skip
    tid = club_link.start_tournament(clubs, tournaments, "hp", "sat")
    now[0] = START

    def command(**body: Any) -> None:
        tournaments.execute(tid, msgspec.convert(body, TournamentCommand))

    command(type="draw_seats", seed=7)
    command(type="place_buttons", seed=7)
    command(type="start_clock")
    for loser in ("4", "3"):  # 4 x 20 € = 80 €: 2 seats of 30 € and 20 € left
        command(type="bust_players", table_no=1, players=[loser])
    command(type="finish")
    club_link.close_event(clubs, tournaments, "hp", "sat")
    held = clubs.read("hp", lambda c: {m: c.member_tickets(m) for m in "1234"})
    assert {m for m, tickets in held.items() if tickets} == {"1", "2"}
    ticket = held["1"][0]
    assert ticket.value_cents == 3000 and ticket.source == tid
    club(type="register", event_id="main", member_id="1")
    club(type="use_ticket", ticket_id=ticket.ticket_id, event_id="main", member_id="1")
    club(type="check_in", event_id="main", member_id="1", method="ticket", identity_by="TD")
    paid = clubs.read("hp", lambda c: c.member_tickets("1")[0].used_for)
    assert paid == "main"
    due = clubs.read("hp", lambda c: c.entry_due("main", "1").buy_in_cents)
    assert due == 0
