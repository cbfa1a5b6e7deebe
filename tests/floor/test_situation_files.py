"""Every situation file under tests/floor/situations/ runs through ``pokerfloor floor rule`` and
meets its ``expect`` block (exit 0); an unmet expectation exits 1 naming the key; an invalid
file exits 2 naming the field."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from typer.testing import CliRunner

from pokerfloor.cli.main import app
from pokerfloor.floor import DECISIONS, SITUATIONS
from pokerfloor.rules import bundled_profile_ids

SITUATIONS_DIR = Path(__file__).parent / "situations"
FILES = sorted(SITUATIONS_DIR.glob("*.yaml"))


def run(path: Path, *options: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(app, ["floor", "rule", str(path), *options])
    return result.exit_code, result.stdout, result.stderr


@pytest.mark.parametrize("path", FILES, ids=[path.stem for path in FILES])
def test_situation_file_meets_its_expectations(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    data = yaml.safe_load(text)
    assert data.get("expect"), "a situation file must check something"
    books = {"tda-2010": ("tda-2010", "tda-2024"), "ropta": ("ropta", "tda-2024")}
    opening = tuple(f"# {book} " for book in books.get(data["profile"], (data["profile"],)))
    assert text.startswith(opening), "a situation file opens with the article it applies"
    assert path.stem.startswith(f"{data['profile']}-"), "named <profile>-<article>-<what>"
    code, output, errors = run(path)
    assert code == 0, output + errors
    result = json.loads(output)
    assert result["decision"] in DECISIONS
    assert result["steps"] and result["citations"]
    assert set(result["profiles"]) == set(bundled_profile_ids())


def test_there_are_at_least_40_files_covering_every_profile_and_situation() -> None:
    assert len(FILES) >= 40
    read = [yaml.safe_load(path.read_text(encoding="utf-8")) for path in FILES]
    assert {data["profile"] for data in read} == set(bundled_profile_ids())
    assert {data["situation"]["kind"] for data in read} == set(SITUATIONS)
    assert {data["expect"]["decision"] for data in read} == set(DECISIONS)


def test_the_french_output_reads_the_steps_in_french(tmp_path: Path) -> None:
    path = SITUATIONS_DIR / "heavenpoker-15.6-premature-turn-set-aside.yaml"
    code, output, _ = run(path, "--lang", "fr")
    assert code == 0
    result = json.loads(output)
    assert result["steps"][0] == "Mettre le tournant prématuré de côté, face visible."
    assert result["meaning"].startswith("La carte prématurée est mise de côté")


def test_an_unmet_expectation_exits_1_and_names_the_key(tmp_path: Path) -> None:
    source = SITUATIONS_DIR / "allinouest-la-donne-dealer-own-card-kept.yaml"
    wrong = tmp_path / "wrong.yaml"
    text = source.read_text(encoding="utf-8").replace("decision: card_kept", "decision: misdeal")
    wrong.write_text(text.replace("tda-2024: card_replaced", "tda-2024: card_kept"), "utf-8")
    code, output, _ = run(wrong)
    assert code == 1
    failures = json.loads(output)["expect_failures"]
    assert failures == [
        {"key": "decision", "expected": "misdeal", "actual": "card_kept"},
        {"key": "profiles.tda-2024", "expected": "card_kept", "actual": "card_replaced"},
    ]


SITUATION = "situation: {kind: premature_card, street: turn}\n"


@pytest.mark.parametrize(
    ("text", "named"),
    [
        ("profile: [\n", "file"),
        ("- a list\n", "file"),
        (SITUATION, "profile"),
        ("profile: no-such-book\n" + SITUATION, "profile"),
        ("profile: ropta\n", "situation"),
        ("profile: ropta\nsituation: {street: turn}\n", "situation.kind"),
        ("profile: ropta\nsituation: {kind: premature_cards}\n", "situation.kind"),
        ("profile: ropta\nsituation: {kind: premature_card, street: sky}\n", "situation.street"),
        (
            "profile: ropta\nsituation: {kind: premature_card, cards_seen: 9}\n",
            "situation.cards_seen",
        ),
        ("profile: ropta\nsituation: {kind: premature_card, colour: red}\n", "situation.colour"),
        ("profile: ropta\n" + SITUATION + "colour: red\n", "colour"),
        ("profile: ropta\n" + SITUATION + "expect: {decision: void}\n", "expect.decision"),
        ("profile: ropta\n" + SITUATION + "expect: {verdict: misdeal}\n", "expect.verdict"),
        ("profile: ropta\n" + SITUATION + "expect: [misdeal]\n", "expect"),
    ],
)
def test_an_invalid_file_exits_2_naming_the_field(tmp_path: Path, text: str, named: str) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text(text, encoding="utf-8")
    code, output, errors = run(path)
    assert code == 2
    assert output == ""
    assert re.search(rf": {re.escape(named)}: ", errors), errors


def test_a_json_file_is_read_too(tmp_path: Path) -> None:
    path = tmp_path / "situation.json"
    situation = {"kind": "misdeal_claim", "cause": "boxed_cards", "cards": 2}
    path.write_text(json.dumps({"profile": "tda-2010", "situation": situation}), "utf-8")
    code, output, _ = run(path)
    assert code == 0
    assert json.loads(output)["decision"] == "misdeal"


def test_a_missing_file_exits_2(tmp_path: Path) -> None:
    code, _, errors = run(tmp_path / "nowhere.yaml")
    assert code == 2
    assert "cannot read the file" in errors


def test_the_installed_command_rules_a_file() -> None:
    """The real entry point, once, in its own process (the others use Typer's runner)."""
    path = SITUATIONS_DIR / "tda-2024-r38-four-card-flop-random-burn.yaml"
    command = [sys.executable, "-m", "pokerfloor.cli.main", "floor", "rule", str(path)]
    done = subprocess.run(command, capture_output=True, text=True, check=False, timeout=120)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["decision"] == "extra_card_removed"
