"""``pokerfloor hand run FILE``: play a hand scenario and print the ruling as JSON."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from pokerfloor.cli._file_commands import invalid_file, print_ruling, read_file
from pokerfloor.errors import PokerfloorError
from pokerfloor.hand.scenario import check_expect, load_scenario, run_scenario

hand_app = typer.Typer(
    help="Une main, ses actions et la décision / one hand, its actions and the ruling.",
    no_args_is_help=True,
)


@hand_app.command("run")
def run(
    file: Annotated[Path, typer.Argument(help="Scénario YAML ou JSON / YAML or JSON scenario")],
) -> None:
    """Joue un scénario de main / play a hand scenario (exit 1: expect not met, 2: invalid)."""
    text = read_file(file)
    try:
        scenario = load_scenario(text)
        output = run_scenario(scenario)
    except PokerfloorError as error:
        invalid_file(file, error.message)
    failures = check_expect(scenario.expect, output) if scenario.expect is not None else []
    if scenario.expect is None and output["error"] is not None:
        failures = [{"key": "error", "expected": None, "actual": output["error"]}]
    if scenario.expect is not None:
        output["expect_failures"] = failures
    print_ruling(output, failures)
