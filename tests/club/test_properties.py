"""Properties over random sequences of the desk's commands: the log replays to the same club,
a refusal changes nothing, the waiting list is promoted in order, the money adds up."""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pokerfloor.club import Club
from pokerfloor.club.events import RegistrationPromoted, decode_event, encode_event
from pokerfloor.errors import PokerfloorError
from tests.club._club import DAY, DAY0, EVENING, HOUR, MINUTE, member, new_club
from tests.examples import examples

MEMBERS = ("1", "2", "3", "4", "5", "6")
EVENTS = ("e1", "e2", "e3")
TIMES = (
    DAY0,
    EVENING - 5 * HOUR,
    EVENING - 2 * HOUR,
    EVENING - 30 * MINUTE,
    EVENING - 10 * MINUTE,
    EVENING + 30 * MINUTE,
    EVENING + 2 * HOUR,
    EVENING + 7 * HOUR,
)


def base_club() -> Club:
    club = new_club()
    for number in MEMBERS[:-1]:
        card = {"4": "saphir", "5": "rubis"}.get(number, "diamant")
        member(club, number, f"Joueur {number}", card=card)
        club.set_pin(number, f"pin-{number}", DAY0)
    club.add_member("6", "Mineur", DAY0, birth_date="2012-01-01")
    club.create_season("s", "Saison", {"name": "linear"}, DAY0, best_n=2)
    club.schedule_event(
        "e1", "E1", "tournament", EVENING, 2, DAY0, buy_in_cents=4000, season_id="s"
    )
    club.schedule_event("e2", "E2", "training", EVENING + 3 * HOUR, 2, DAY0, buy_in_cents=2000)
    club.schedule_event("e3", "E3", "sit_and_go", EVENING + DAY, 3, DAY0, season_id="s")
    # Full events with a waiting list to start from, so cancellations and check-ins happen.
    club.register("e1", "1", DAY0)
    club.register("e1", "2", DAY0)
    club.register("e1", "3", DAY0, present=True, deposit_cents=2000)
    club.register("e1", "4", DAY0, present=True)
    club.register("e3", "5", DAY0)
    club.register("e3", "4", DAY0 + 1, by="member", pin_digest="pin-4")
    return club


# Each command is a kind and every argument any kind may take; the kinds are weighted by
# repeating them, so a sequence fills events, then cancels, checks in and closes them.
KINDS = (
    *["register"] * 8,
    *["cancel"] * 3,
    *["check_in"] * 3,
    *["presence"] * 2,
    "no_show",
    "close",
    "pay",
    "ban",
    "waive",
    "card",
    "merge",
    "refund_deposit",
    "capacity",
)
commands = st.tuples(
    st.sampled_from(KINDS),
    st.sampled_from(EVENTS),
    st.sampled_from(MEMBERS),
    st.sampled_from(MEMBERS),
    st.sampled_from(TIMES),
    st.booleans(),
    st.sampled_from((0, 0, 0, 1000, 2000)),
    st.sampled_from(("td", "td", "member")),
    st.integers(-3000, 3000),
)
Command = tuple[str, str, str, str, int, bool, int, str, int]


def run(club: Club, command: Command, step: int) -> None:
    kind, event_id, member_id, other_id, at, flag, deposit, by, number = command
    if kind in ("cancel", "presence", "check_in", "no_show", "refund_deposit"):
        # Most of the time one of the event's players, so these commands do happen.
        listed = [r.member_id for r in club.calendar[event_id].registrations.values()]
        if listed and number != 1:
            member_id = listed[number % len(listed)]
    pin = "wrong" if number == 13 else f"pin-{member_id}"
    if kind == "register":
        full = club.calendar[event_id].is_full
        club.register(
            event_id, member_id, at, by=by, pin_digest=pin, present=flag,
            deposit_cents=deposit if full or number == 9 else 0,
        )  # fmt: skip
    elif kind == "cancel":
        club.cancel_registration(event_id, member_id, at, by=by, pin_digest=pin)
    elif kind == "presence":
        club.set_waiting_presence(event_id, member_id, flag, at)
    elif kind == "check_in":
        club.check_in(event_id, member_id, at, identity_by="desk")
    elif kind == "no_show":
        club.mark_no_show(event_id, member_id, at)
    elif kind == "close":
        event = club.event(event_id)
        checked = [r.member_id for r in event.registrations.values() if r.status == "checked_in"]
        club.close_event(event_id, at, places={m: i + 1 for i, m in enumerate(checked)})
    elif kind == "pay":
        if number >= 0:
            club.pay(number, at, note="p")
        else:
            club.refund(-number, at, note="r")
    elif kind == "ban":
        day = "2026-03-10" if flag else "2026-03-11"
        club.ban(f"b{step}", member_id, day, "conduct", "td", DAY0, until_date="2026-03-10")
    elif kind == "waive":
        club.waive_offence(member_id, number % 4, "forgiven", DAY0)
    elif kind == "card":
        club.issue_card(f"k{step}", member_id, ("saphir", "rubis", "diamant")[number % 3], DAY0)
    elif kind == "merge":
        club.merge_members(member_id, other_id, "duplicate", DAY0)
    elif kind == "capacity":
        club.update_event(event_id, at, capacity=2 + number % 4)
    else:
        club.refund_deposit(event_id, member_id, at)


def state(club: Club) -> tuple[Any, ...]:
    return (
        club.settings, club.members, club.cards, club.calendar, club.offences, club.bans,
        club.seasons, club.cash_lines,
    )  # fmt: skip


def play(sequence: list[Command], check_refusals: bool = False) -> Club:
    club = base_club()
    for step, command in enumerate(sequence):
        before = len(club.events)
        snapshot = repr(state(club)) if check_refusals else ""
        try:
            run(club, command, step)
        except PokerfloorError:
            assert len(club.events) == before
            if check_refusals:
                assert repr(state(club)) == snapshot
    return club


sequences = st.lists(commands, min_size=5, max_size=50)
fast = settings(
    max_examples=examples(150), deadline=None, suppress_health_check=[HealthCheck.too_slow]
)


@fast
@given(sequences)
def test_replay_equals_state(sequence: list[Command]) -> None:
    club = play(sequence)
    again = Club.replay(decode_event(encode_event(event)) for event in club.events)
    assert state(again) == state(club)


@settings(max_examples=examples(60), deadline=None)
@given(sequences)
def test_a_refusal_changes_nothing(sequence: list[Command]) -> None:
    play(sequence, check_refusals=True)


@fast
@given(sequences)
def test_the_waiting_list_promotes_in_order(sequence: list[Command]) -> None:
    club = play(sequence)
    folded = Club.replay(club.events[:1])
    for event in club.events[1:]:
        if isinstance(event, RegistrationPromoted):
            present = [r.member_id for r in folded.calendar[event.event_id].waiting if r.present]
            assert present and present[0] == event.member_id
        folded.apply_stored(event)
    for calendar_event in club.calendar.values():
        if calendar_event.status == "scheduled" and not calendar_event.is_full:
            assert not [r for r in calendar_event.waiting if r.present]


@fast
@given(sequences)
def test_money_is_conserved_in_the_cash_book(sequence: list[Command]) -> None:
    club = play(sequence)
    totals = club.cash_totals()
    assert totals.balance_cents == sum(line.cents for line in club.cash_lines)
    assert totals.balance_cents == totals.received_cents - totals.paid_out_cents
    held = sum(
        r.deposit_cents for e in club.calendar.values() for r in e.registrations.values()
    ) + sum(r.deposit_cents for e in club.calendar.values() for r in e.cancelled)
    assert totals.deposits_held_cents == held >= 0
    checked_in = sum(
        e.scheduled.buy_in_cents
        for e in club.calendar.values()
        for r in e.registrations.values()
        if r.status == "checked_in"
    )
    assert totals.entry_fees_cents == checked_in
    fines = sum(
        o.fine_cents for offences in club.offences.values() for o in offences if o.fine_paid
    )
    assert totals.by_kind["fine"] == fines
    cards = sum(card.fee_cents for card in club.cards.values())
    assert totals.by_kind["card_fee"] == cards
    assert (
        totals.by_kind["card_fee"] + totals.by_kind["card_refund"] + totals.by_kind["fine"]
        + totals.entry_fees_cents + totals.deposits_held_cents + totals.by_kind["other"]
        + totals.by_kind["refund"]
        == totals.balance_cents
    )  # fmt: skip
