"""A month of a club in the core alone (issue 16's "done when", without the pages): a season,
three evenings, members registering themselves, one cancelling late (a reminder), then again (a
fine, collected at the next check-in), then a no-show (refused at the next registration), an
under-18 refused, a full evening with a waiting list and a deposit, the standings with best N.
"""

from __future__ import annotations

import pytest

from pokerfloor.club import Club, decode_event, encode_event
from pokerfloor.errors import PokerfloorError
from tests.club._club import DAY, DAY0, EVENING, HOUR, member, new_club

WEEK = 7 * DAY


def test_a_month_of_a_club() -> None:
    club = new_club()
    club.create_season("s", "Printemps", {"name": "table", "points": [10, 6, 4, 2]}, DAY0, 2)
    for number, name in enumerate(("Anne", "Bob", "Chloé", "Dan", "Eve", "Fred"), start=1):
        member(club, str(number), name)
        club.set_pin(str(number), f"digest-{number}", DAY0)
    member(club, "7", "Jeune", birth="2010-06-01")
    club.set_pin("7", "digest-7", DAY0)
    starts = [EVENING + week * WEEK for week in range(3)]
    for index, start in enumerate(starts, start=1):
        club.schedule_event(
            f"e{index}", f"Mardi {index}", "tournament", start, 4, DAY0, buy_in_cents=3000,
            season_id="s",
        )  # fmt: skip

    def self_register(event_id: str, number: str, at: int = DAY0) -> None:
        club.register(event_id, number, at, by="member", pin_digest=f"digest-{number}")

    # Evening 1 (4 places): the young one is refused; full, Eve waits on the spot with a
    # deposit of 20.-; Fred cancels 2 h before (late: a written reminder), Eve gets his place.
    for number in "1236":
        self_register("e1", number)
    with pytest.raises(PokerfloorError) as young:
        self_register("e1", "7")
    assert young.value.code == "UNDER_AGE"
    with pytest.raises(PokerfloorError) as away:
        self_register("e1", "5")
    assert away.value.code == "WAITING_LIST_NEEDS_PRESENCE"
    assert club.register("e1", "5", DAY0, present=True, deposit_cents=2000).waiting
    club.cancel_registration("e1", "6", starts[0] - 2 * HOUR, by="member", pin_digest="digest-6")
    assert club.reminder_letter("6").step == "reminder"
    assert [r.member_id for r in club.registrations("e1")] == ["1", "2", "3", "5"]
    eve = club.check_in("e1", "5", starts[0] - HOUR, method="cash")
    assert (eve.entry_paid_cents, eve.deposit_counted_cents) == (1000, 2000)
    for number in "123":
        club.check_in("e1", number, starts[0] - HOUR, method="cash")
    club.close_event("e1", starts[0] + 5 * HOUR, places={"1": 1, "2": 2, "3": 3, "5": 4})

    # Evening 2: Fred cancels late again: a fine, due at his next check-in.
    for number in "1246":
        self_register("e2", number)
    club.cancel_registration("e2", "6", starts[1] - HOUR)
    assert club.member_record("6").fine_due_cents == 5000
    for number in "124":
        club.check_in("e2", number, starts[1] - HOUR)
    club.close_event("e2", starts[1] + 5 * HOUR, places={"2": 1, "1": 2, "4": 3})

    # Evening 3: Fred pays the fine with his entry; Chloé never comes (her first offence).
    for number in "1236":
        self_register("e3", number)
    fred = club.check_in("e3", "6", starts[2] - HOUR)
    assert (fred.entry_paid_cents, fred.fine_cents) == (3000, 5000)
    for number in "12":
        club.check_in("e3", number, starts[2] - HOUR)
    club.close_event("e3", starts[2] + 5 * HOUR, places={"6": 1, "1": 2, "2": 3})
    assert [(o.kind, o.step) for o in club.offences["3"]] == [("no_show", "reminder")]

    # Fred's third offence, a no-show at an extra evening: refused at the next registration.
    club.schedule_event("e4", "Extra", "sit_and_go", starts[2] + 2 * DAY, 6, DAY0)
    self_register("e4", "6")
    club.close_event("e4", starts[2] + 2 * DAY + 5 * HOUR, places={})
    club.schedule_event("e5", "Suivant", "tournament", starts[2] + WEEK, 6, DAY0)
    with pytest.raises(PokerfloorError) as excluded:
        self_register("e5", "6")
    assert excluded.value.code == "MEMBER_EXCLUDED"

    # The standings, best 2 of 3 (10, 6, 4, 2 points): Anne 10 + 6 (+ 6), Bob 10 + 6 (+ 4)
    # tied on points, best result and evenings: they share the rank, listed by name.
    rows = club.season_standings("s")
    assert [(r.rank, r.name, r.points) for r in rows] == [
        (1, "Anne", 1600),
        (1, "Bob", 1600),
        (3, "Fred", 1000),
        (4, "Chloé", 400),
        (4, "Dan", 400),
        (6, "Eve", 200),
    ]
    # The money: Eve's deposit counted in her entry, the entries, Fred's fine.
    totals = club.cash_totals()
    assert totals.by_kind["fine"] == 5000
    assert totals.deposits_held_cents == 0
    assert totals.entry_fees_cents == (4 + 3 + 3) * 3000
    again = Club.replay(decode_event(encode_event(event)) for event in club.events)
    assert again.season_standings("s") == rows
