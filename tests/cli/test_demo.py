"""``pokerfloor demo`` deals a hand and shows every hand's value in French and English."""

from __future__ import annotations

from typer.testing import CliRunner

from pokerfloor.cli.main import app


def test_demo_shows_each_seat_with_french_and_english_values() -> None:
    result = CliRunner().invoke(
        app, ["demo", "--players", "3", "--seed", "3"], env={"COLUMNS": "200"}
    )
    assert result.exit_code == 0, result.output
    for seat in (1, 2, 3):
        assert f"Seat {seat}" in result.output
    assert "Seat 4" not in result.output
    assert "gagne / wins" in result.output
    # seed 3 deals seat 2 a pair of sixes (the same deck order every time).
    assert "Paire de Six" in result.output
    assert "Pair, Sixes" in result.output


def test_demo_refuses_a_table_of_one() -> None:
    result = CliRunner().invoke(app, ["demo", "--players", "1"])
    assert result.exit_code == 2


def test_demo_then_plays_a_small_simulated_tournament() -> None:
    result = CliRunner().invoke(app, ["demo", "--seed", "4"], env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    assert "Classement / standings — 27 joueurs" in result.output
    assert "Prize pool" in result.output
