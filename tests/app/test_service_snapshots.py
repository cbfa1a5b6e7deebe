"""The service snapshots a long tournament every SNAPSHOT_EVERY events; a restarted service
loads the latest snapshot plus the later events and serves exactly the same state."""

from __future__ import annotations

from pathlib import Path

from pokerfloor.app.commands import (
    CreateTournament,
    DrawSeats,
    PlaceButtons,
    RegisterPlayer,
    StartClock,
)
from pokerfloor.app.service import SNAPSHOT_EVERY, TournamentService, stream_id
from pokerfloor.app.store import open_store

NOW = 1_700_000_000_000


def test_a_restarted_service_loads_the_snapshot_and_serves_the_same_state(tmp_path: Path) -> None:
    store = open_store(str(tmp_path / "snap.db"))
    service = TournamentService(store, lambda: NOW)
    service.execute("big", CreateTournament("big", "tda-2024", "club-evening"))
    for number in range(1, SNAPSHOT_EVERY + 50):
        service.execute("big", RegisterPlayer(f"P{number:04d}", f"Player {number}"))
    service.execute("big", DrawSeats(seed=3))
    service.execute("big", PlaceButtons(seed=4))
    service.execute("big", StartClock())
    snapshot = store.load_snapshot(stream_id("big"))
    assert snapshot is not None and snapshot.seq >= SNAPSHOT_EVERY

    restarted = TournamentService(store, lambda: NOW)
    for view in ("clock_screen", "seating_chart", "players_list", "results"):
        assert getattr(restarted, view)("big") == getattr(service, view)("big")
    assert restarted.version("big") == service.version("big") == store.version(stream_id("big"))
    store.close()
