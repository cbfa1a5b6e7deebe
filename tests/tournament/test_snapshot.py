"""A snapshot plus the events after it gives exactly the state a full replay gives, for whole
simulated tournaments cut anywhere, and no attribute of the state is left out."""

from __future__ import annotations

import random

import msgspec
import pytest

from pokerfloor.errors import PokerfloorError
from pokerfloor.sim.tournament import simulate
from pokerfloor.tournament._parts import Part
from pokerfloor.tournament.snapshot import NOT_IN_SNAPSHOT, TournamentSnapshot
from pokerfloor.tournament.state import PlayerState, Tournament
from pokerfloor.tournament.structure import load_structure

# A part's state under the snapshot's name for it (the names the aggregate had before parts).
SNAPSHOT_NAMES = {
    ("floor", "open_calls"): "floor_calls",
    ("floor", "captain_keys"): "captain_keys",
    ("table_clocks", "by_table"): "player_clocks",
    ("deals", "agreed"): "deal",
    ("screen", "shown"): "room_screen",
    ("clock_history", "state"): "clock",
    ("clock_history", "started_at"): "clock_started_at",
    ("cash", "lines"): "cash_lines",
    ("cash", "basis"): "pool_basis",
    ("add_ons", "opened"): "addon_window",
    ("moves", "proposed"): "proposed",
    ("bounties", "ledger"): "bounty_ledger",
    ("flights", "stopped"): "flight_stopped",
    ("desk", "waiting_list"): "waiting_list",
    ("desk", "absent_ids"): "absent_ids",
    ("hands", "table_ready_at"): "table_ready_at",
    ("hands", "table_started_at"): "table_started_at",
    ("hands", "round_no"): "round_no",
    ("hands", "round_played"): "round_played",
    ("hands", "round_of_hand"): "round_of_hand",
    ("hands", "hand_for_hand_paused"): "hand_for_hand_paused",
    ("busts", "last"): "last_busts",
    ("busts", "last_round"): "last_bust_round",
    ("busts", "last_at"): "last_bust_at",
}


def attributes(tournament: Tournament) -> dict[str, object]:
    """The aggregate's attributes, each part's state in place of the part (under the
    snapshot's name), without the event table (the constructor builds it)."""
    result: dict[str, object] = {}
    for name, value in vars(tournament).items():
        if name == "_appliers":
            continue
        if not isinstance(value, Part):
            result[name] = value
            continue
        slots = [s for k in type(value).__mro__ for s in getattr(k, "__slots__", ())]
        for slot in slots:
            if slot != "host":
                result[SNAPSHOT_NAMES.get((name, slot), f"{name}.{slot}")] = getattr(value, slot)
    return result


def state(tournament: Tournament) -> dict[str, object]:
    """Every attribute but the events, players as plain tuples."""
    result: dict[str, object] = {}
    for name, value in attributes(tournament).items():
        if name in ("events", "profile"):
            continue
        if name == "players":
            value = {
                pid: tuple(getattr(p, slot) for slot in PlayerState.__slots__)
                for pid, p in value.items()
            }
        result[name] = value
    return result


def test_every_attribute_of_the_tournament_is_in_the_snapshot() -> None:
    tournament = simulate(12, "tda-2024", load_structure("club-evening"), 1).tournament
    stored = set(TournamentSnapshot.__struct_fields__) - {"format"}
    assert set(attributes(tournament)) - NOT_IN_SNAPSHOT == stored


@pytest.mark.parametrize(
    ("profile", "structure"),
    [("tda-2024", "club-evening"), ("allinouest", "club-rebuy"), ("heavenpoker", "club-rebuy")],
)
def test_snapshot_then_later_events_equals_a_full_replay(profile: str, structure: str) -> None:
    events = simulate(70, profile, load_structure(structure), 5, penalty_rate=0.02).events
    full = Tournament.replay(events)
    rng = random.Random(7)
    for cut in [*sorted(rng.sample(range(1, len(events)), 6)), len(events)]:
        partial = Tournament.replay(events[:cut])
        restored = Tournament.from_snapshot(partial.to_snapshot())
        assert state(restored) == state(partial)
        for event in events[cut:]:
            restored.apply_stored(event)
        assert state(restored) == state(full)
        assert restored.to_snapshot() == full.to_snapshot()


def test_a_damaged_snapshot_is_refused() -> None:
    with pytest.raises(PokerfloorError) as caught:
        Tournament.from_snapshot(b'{"format": 1}')
    assert caught.value.code == "BAD_SNAPSHOT"
    data = msgspec.json.decode(
        simulate(10, "ropta", load_structure("turbo"), 2).tournament.to_snapshot()
    )
    data["format"] = 99
    with pytest.raises(PokerfloorError):
        Tournament.from_snapshot(msgspec.json.encode(data))
