"""``pokerfloor simulate --hands FILE.phhs`` writes every hand of the simulated tournament as
PHH, and each one replays to its finishing stacks with the tournament's profile."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from pokerfloor.cli.main import app
from pokerfloor.formats.phh import load_phhs, replay_phh


def test_simulate_writes_every_hand_as_phh_that_replays_the_same(tmp_path: Path) -> None:
    hands = tmp_path / "tournament.phhs"
    result = CliRunner().invoke(
        app,
        ["simulate", "--players", "50", "--seed", "7", "--quiet", "--hands", str(hands)],
        env={"COLUMNS": "200"},
    )
    assert result.exit_code == 0, result.output
    items = list(load_phhs(hands))
    assert f"({len(items)} hands, --profile tda-2024)" in result.output
    assert [item.key for item in items] == [str(number) for number in range(1, len(items) + 1)]
    dead = 0
    for item in items:
        assert item.hand is not None, item.error
        dead += "_dead_hands" in item.hand.metadata
        replay = replay_phh(item.hand, profile="tda-2024", strict=True)
        assert replay.match and replay.legal, (item.key, replay.as_dict())
    assert dead  # the players away at the start are dealt in and their hands killed
