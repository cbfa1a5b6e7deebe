"""``TournamentService.execute_batch`` (issue 32 item 5): several commands on one tournament
stored by one append, each refused alone; a batch overtaken by another process's append is
decided again on the tournament caught up. On a SQLite file (two stores stand for two
servers)."""

from __future__ import annotations

from pathlib import Path

from pokerfloor.app.commands import CreateTournament, RegisterPlayer
from pokerfloor.app.service import TournamentService
from pokerfloor.app.store import open_store
from pokerfloor.errors import PokerfloorError

NOW = 1_700_000_000_000


def test_commands_of_a_batch_are_stored_by_one_append_and_refused_alone(tmp_path: Path) -> None:
    store = open_store(tmp_path / "events.db")
    try:
        service = TournamentService(store, lambda: NOW)
        service.create(CreateTournament("t", "tda-2024", "club-evening"))
        before = store.stats

        outcomes = service.execute_batch(
            "t",
            [
                RegisterPlayer("p1", "Ann"),
                RegisterPlayer("p1", "Ann again"),  # refused: the same player id
                RegisterPlayer("p2", "Bob"),
            ],
        )

        assert outcomes[0] is None and outcomes[2] is None
        assert isinstance(outcomes[1], PokerfloorError)
        assert store.stats.appends == before.appends + 1  # one append for both players
        assert service.read("t", lambda t: sorted(t.players)) == ["p1", "p2"]
        stored = [item.type for item in store.read("tournament/t")]
        assert stored.count("player_registered") == 2
    finally:
        store.close()


def test_a_batch_overtaken_by_another_server_is_decided_again_caught_up(
    tmp_path: Path,
) -> None:
    first, second = open_store(tmp_path / "events.db"), open_store(tmp_path / "events.db")
    try:
        a = TournamentService(first, lambda: NOW)
        b = TournamentService(second, lambda: NOW)
        a.create(CreateTournament("t", "tda-2024", "club-evening"))
        a.read("t", lambda t: None)  # a holds the tournament
        b.execute("t", RegisterPlayer("p1", "Ann"))  # b's append: a is stale

        outcomes = a.execute_batch(
            "t", [RegisterPlayer("p1", "Ann on a"), RegisterPlayer("p2", "Bob")]
        )

        assert isinstance(outcomes[0], PokerfloorError)  # decided on the caught-up tournament
        assert outcomes[1] is None
        assert a.conflicts_retried == 1
        names = a.read("t", lambda t: {p: t.players[p].name for p in t.players})
        assert names == {"p1": "Ann", "p2": "Bob"}
    finally:
        first.close()
        second.close()


def test_issue30_tournament_service_has_no_mixin() -> None:
    # The batch is a function the service calls, not a mixin declaring the service's members.
    assert TournamentService.__mro__ == (TournamentService, object)
    assert "execute_batch" in vars(TournamentService)
