"""The aggregate's ``_apply`` is a table from event type to the one handler that folds it
(issue 30 item 4): every event of ``events.py`` has exactly one, among the aggregate and its
parts."""

from __future__ import annotations

from collections import Counter
from typing import get_args

import pytest

from pokerfloor.tournament._parts import DuplicateHandler, applies, event_table, handled_types
from pokerfloor.tournament.events import TournamentEvent
from pokerfloor.tournament.state import Tournament
from pokerfloor.tournament.structure import load_structure


def _tournament() -> Tournament:
    return Tournament.create("t", "tda-2024", load_structure("club-evening"))


def _owners(tournament: Tournament) -> list[object]:
    return [tournament, *(p for p in vars(tournament).values() if hasattr(p, "host"))]


def test_issue30_every_event_type_has_exactly_one_handler() -> None:
    tournament = _tournament()
    counts = Counter(
        event_type for owner in _owners(tournament) for event_type, _ in handled_types(type(owner))
    )
    events = set(get_args(TournamentEvent))
    assert len(events) > 40  # the union read as its members, the clock's events included
    assert set(counts) == events
    assert [name for name, count in counts.items() if count != 1] == []
    assert set(tournament._appliers) == events


def test_issue30_a_second_handler_for_an_event_type_is_refused_at_once() -> None:
    class First:
        @applies(int)
        def one(self, event: int) -> None: ...

    class Second:
        @applies(int)
        def other(self, event: int) -> None: ...

    with pytest.raises(DuplicateHandler, match="int"):
        event_table(First(), Second())


def test_issue30_parts_are_composed_not_inherited() -> None:
    tournament = _tournament()
    parts = {
        "table_clocks": "PlayerClocks",
        "floor": "FloorCalls",
        "deals": "Deals",
        "screen": "Screen",
        "chip_races": "ChipRaces",
        "penalties": "Penalties",
        "corrections": "Corrections",
        "clock_history": "ClockHistory",
        "core_events": "CoreEvents",
        "cash": "Cash",
        "add_ons": "AddOns",
        "moves": "Moves",
        "seat_changes": "SeatChanges",
        "bounties": "Bounties",
        "satellite": "Satellite",
        "flights": "Flights",
        "desk": "Desk",
        "hands": "Hands",
        "busts": "Busts",
    }
    for attribute, class_name in parts.items():
        part = getattr(tournament, attribute)
        assert type(part).__name__ == class_name and part.host is tournament
        assert not isinstance(tournament, type(part))


def test_issue30_no_mixin_is_left() -> None:
    # Every piece of the aggregate is a part, reached as an attribute (tournament.desk,
    # tournament.hands...): Tournament inherits from nothing but object.
    assert Tournament.__mro__ == (Tournament, object)
    assert Tournament.__bases__ == (object,)


def test_issue30_the_hands_call_the_parts_not_delegations() -> None:
    # The delegations kept on the aggregate for the hands mixin are gone: the hands and busts
    # parts call the desk, the bounties, the satellite, the flights and the corrections.
    for name in ("rebuy_refusal", "_rebuy", "_knockouts", "check_format_plays", "_reinstate"):
        assert not hasattr(Tournament, name), name
    tournament = _tournament()
    for name in ("record_hand", "plan_hand", "bust_players", "settle_busts", "current_places"):
        assert not hasattr(tournament, name), name


def test_issue30_the_split_packages_export_every_command_and_event() -> None:
    # app/commands/ and tournament/events/ are packages by area; their __init__ re-exports each
    # member of the unions, so ``from pokerfloor.app.commands import X`` works as it did.
    from pokerfloor.app import commands
    from pokerfloor.tournament import events

    for package, union in (
        (commands, commands.TournamentCommand),
        (events, events.TournamentEvent),
    ):
        members = [m for m in get_args(union) if m.__module__.startswith(package.__name__)]
        assert len(members) >= 40
        assert sorted(m.__name__ for m in members if m.__name__ not in package.__all__) == []
        assert all(getattr(package, m.__name__) is m for m in members)
        assert all(m.__module__ != package.__name__ for m in members)  # each in its area
