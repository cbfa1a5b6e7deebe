"""Every scenario file under tests/scenarios/ runs through ``pokerfloor hand run`` and meets
its ``expect`` block (exit code 0); invalid files exit 2 naming the field."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pokerfloor.cli.main import app

SCENARIOS_DIR = Path(__file__).parents[1] / "scenarios"
SCENARIOS = sorted(SCENARIOS_DIR.glob("*.yaml"))


def run(path: Path) -> tuple[int, str]:
    result = CliRunner().invoke(app, ["hand", "run", str(path)])
    return result.exit_code, result.output


@pytest.mark.parametrize("path", SCENARIOS, ids=[path.stem for path in SCENARIOS])
def test_scenario_meets_its_expectations(path: Path) -> None:
    assert "expect:" in path.read_text(encoding="utf-8"), "a scenario must check something"
    code, output = run(path)
    assert code == 0, output


def test_there_are_at_least_80_scenarios() -> None:
    assert len(SCENARIOS) >= 80


def test_unmet_expectation_exits_1_and_names_the_key(tmp_path: Path) -> None:
    source = (
        Path(__file__).parents[1]
        / "scenarios"
        / "tda-2024-r45-multiple-chips-50-percent-raise.yaml"
    )
    text = source.read_text(encoding="utf-8").replace("min_raise_to: 2300", "min_raise_to: 2200")
    wrong = tmp_path / "wrong.yaml"
    wrong.write_text(text, encoding="utf-8")
    code, output = run(wrong)
    assert code == 1
    failures = json.loads(output)["expect_failures"]
    assert failures == [{"key": "min_raise_to", "expected": 2200, "actual": 2300}]


HEAD = "profile: tda-2024\nblinds: [1, 2]\nbutton: 1\n"
TWO = "seats: {1: {name: A, stack: 9}, 2: {name: B, stack: 9}}\n"


@pytest.mark.parametrize(
    ("text", "named"),
    [
        (HEAD + "seats: {1: {name: A, stack: 10}}\ncolour: red\n", "colour"),
        (HEAD, "seats"),
        (HEAD + "seats: {1: {name: A, stack: -5}}\n", "seats.1.stack"),
        (HEAD + TWO + "actions:\n  - A: jump\n", "actions[0]"),
        (HEAD + TWO + "hole: {A: AsAs}\n", "hole"),
        (HEAD.replace("tda-2024", "nope") + TWO, "nope"),
        ("[1, 2", "YAML"),
        # Blinds must be whole numbers of the smallest chip in play (the format's rule).
        (HEAD.replace("[1, 2]", "[50, 100]") + TWO + "smallest_chip: 100\n", "small_blind"),
        # previous_hand replaces button; its seats must be seated or busted.
        (HEAD + TWO + "previous_hand: {button: 1, big_blind: 2}\n", "button"),
        (
            HEAD.replace("button: 1\n", "") + TWO + "previous_hand: {button: 1, big_blind: 7}\n",
            "previous_hand.big_blind",
        ),
        (HEAD + TWO + "table_size: 9\n", "table_size"),
    ],
)
def test_invalid_file_exits_2_naming_the_field(tmp_path: Path, text: str, named: str) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text(text, encoding="utf-8")
    code, output = run(bad)
    assert code == 2, output
    assert named in output


def test_refused_action_is_reported_and_exits_1_unless_expected(tmp_path: Path) -> None:
    base = (
        "profile: tda-2024\nblinds: [100, 200]\nbutton: 3\n"
        "seats: {1: {name: A, stack: 5000}, 2: {name: B, stack: 5000}, 3: {name: C, stack: 5000}}\n"
        "actions:\n  - C: raise 300\n"
    )
    plain = tmp_path / "plain.yaml"
    plain.write_text(base, encoding="utf-8")
    code, output = run(plain)
    assert code == 1
    assert (
        "Raise to 300 is below the minimum raise to 400 (tda-2024 R43)"
        in json.loads(output)["error"]
    )
    expected = tmp_path / "expected.yaml"
    expected.write_text(base + "expect: {error: true, to_act: C}\n", encoding="utf-8")
    assert run(expected)[0] == 0


def test_actions_after_a_refused_one_are_not_played(tmp_path: Path) -> None:
    """The format's rule: the run stops at the first refused action; the output is the state
    before it, and the actions after it are not played."""
    text = (
        "profile: tda-2024\nblinds: [100, 200]\nbutton: 3\n"
        "seats: {1: {name: A, stack: 5000}, 2: {name: B, stack: 5000}, 3: {name: C, stack: 5000}}\n"
        "actions:\n  - C: raise 300\n  - C: fold\n"
        "expect: {error: true, to_act: C, committed: {C: 0}}\n"
    )
    path = tmp_path / "stops.yaml"
    path.write_text(text, encoding="utf-8")
    assert run(path)[0] == 0
