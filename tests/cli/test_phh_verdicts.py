"""Verdicts that can fail (issue 29): ``phh replay --check`` and ``phh check`` exit 1 for an
incomplete hand, a refused action, a stack or winnings mismatch, a rake over the room's limit
and a pot the file pays to nobody of those the replay pays; a showdown whose cards the file
does not give is counted apart ("result from the file, cards unknown"), never drawn to fit.

Each file of tests/data/phh-verdicts/fail changes one thing of pass/known-showdown.phh.
"""

from __future__ import annotations

import json
from decimal import Decimal
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pokerfloor.cli.main import app
from pokerfloor.formats._phh_rake import RakeRule, rake_limit
from pokerfloor.formats.phh import load_phh, replay_phh

DATA = Path(__file__).parents[1] / "data" / "phh-verdicts"
FAILING = {
    "incomplete.phh": ["incomplete"],
    "refused.phh": ["refused"],
    "finishing-stacks.phh": ["finishing_stacks: differs"],
    "rake-over-limit.phh": ["winnings: rake_over_limit"],
    "cards-unknown-over-limit.phh": ["winnings: rake_over_limit"],
    "paid-nothing.phh": ["winnings: paid_nothing_by_file"],
}
ENGINES = {"fast path": [], "full engine": ["--full-engine"]}


def phh(*args: str) -> tuple[int, list[dict[str, object]], str]:
    result = CliRunner().invoke(app, ["phh", *args])
    lines = [json.loads(line) for line in result.stdout.splitlines() if line.startswith("{")]
    return result.exit_code, lines, result.stderr


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("name", FAILING)
def test_each_failing_file_makes_replay_check_exit_1_with_its_kind(name: str, engine: str) -> None:
    code, lines, errors = phh("replay", "--check", *ENGINES[engine], str(DATA / "fail" / name))
    assert code == 1, errors
    assert lines[0]["match"] is False
    assert lines[0]["failures"] == FAILING[name]
    assert name in errors


@pytest.mark.parametrize("engine", ENGINES)
def test_the_control_hands_pass(engine: str) -> None:
    files = sorted(str(path) for path in (DATA / "pass").glob("*.phh"))
    code, lines, errors = phh("replay", "--check", *ENGINES[engine], *files)
    assert code == 0, errors
    assert [line["failures"] for line in lines] == [[], []]


def test_an_incomplete_hand_says_so_in_the_replay() -> None:
    _code, lines, errors = phh("replay", "--check", str(DATA / "fail" / "incomplete.phh"))
    assert lines[0]["complete"] is False and lines[0]["legal"] is True
    assert "incomplete hand" in errors and "main inachevée" in errors


def test_phh_check_counts_failures_by_kind_and_the_unknown_showdowns_apart() -> None:
    code, lines, _ = phh("check", "--json", "--quiet", str(DATA))
    assert code == 1
    summary = lines[0]
    assert summary["failed"] == {
        "incomplete": 1,
        "refused": 1,
        "finishing_stacks: differs": 1,
        "winnings: rake_over_limit": 2,
        "winnings: paid_nothing_by_file": 1,
    }
    assert summary["apart"] == {"cards_unknown": 2}
    assert summary["winnings"]["cards_unknown"] == 1 and "agree" not in summary["winnings"]


def test_phh_check_of_the_control_hands_exits_0_and_lists_the_unknown_showdown() -> None:
    code, lines, _ = phh("check", "--json", "--quiet", str(DATA / "pass"))
    assert code == 0
    assert lines[0]["failed"] == {} and lines[0]["apart"] == {"cards_unknown": 1}
    assert lines[0]["winnings"] == {"raked": 1, "cards_unknown": 1}


def test_phh_check_prints_the_failures_by_kind_in_french_and_english() -> None:
    result = CliRunner().invoke(app, ["phh", "check", "--quiet", str(DATA)], env={"COLUMNS": "200"})
    assert result.exit_code == 1
    assert "Échecs / failed: incomplete" in result.stdout
    assert "apart: result from the file, cards unknown" in result.stdout


def test_unknown_cards_are_drawn_once_whatever_the_file_says_the_winner_is() -> None:
    hand = load_phh(DATA / "pass" / "cards-unknown.phh")
    as_file = replay_phh(hand)
    other = replay_phh(hand.__class__(**{**_fields(hand), "winnings": (0, 135, 0)}))
    assert as_file.finishing_stacks == other.finishing_stacks  # no redraw to fit the file
    assert as_file.unknown_showdown == other.unknown_showdown == {0, 1}
    assert as_file.winnings_check.status == "cards_unknown"
    # p2 collecting in the file is as consistent (the cards are unknown): apart, not agreeing
    assert other.winnings_check.status == "cards_unknown" and other.match


def test_a_showdown_of_known_cards_is_settled_by_the_replay_not_taken_from_the_file() -> None:
    hand = load_phh(DATA / "pass" / "known-showdown.phh")
    wrong = hand.__class__(**{**_fields(hand), "winnings": (0, 135, 0), "finishing_stacks": None})
    replay = replay_phh(wrong)
    assert not replay.unknown_showdown
    assert replay.winnings_check.status == "mismatch" and not replay.match


def test_the_rake_limit_is_the_rooms_published_cap_else_a_conservative_default() -> None:
    stars = load_phh(DATA / "pass" / "known-showdown.phh")
    assert rake_limit(stars, 70) == 4  # 5 % of 70, rounded up
    assert rake_limit(stars, 140) == 5  # PokerStars' highest cap, 5 (whole dollars here)
    anonymous = load_phh(DATA / "fail" / "paid-nothing.phh")
    assert rake_limit(anonymous, 20) == 1 + 10  # 5 % rounded up, plus a big blind of 10
    assert rake_limit(anonymous, 100_000) == 50  # never more than 5 big blinds


def test_a_rake_rule_rounds_up_and_adds_its_fixed_drop_under_its_cap() -> None:
    absolute = RakeRule("Absolute Poker", False, Decimal(5), Decimal("3.50"), Decimal("0.50"))
    assert absolute.limit(500, 100, 100) == 25 + 50
    assert absolute.limit(501, 100, 100) == 26 + 50
    assert absolute.limit(1_000_000, 100, 100) == 350


def _fields(hand: object) -> dict[str, object]:
    return {name: getattr(hand, name) for name in hand.__slots__}  # type: ignore[attr-defined]
