"""``pokerfloor rules list|show|diff``: French and English, citations, exit code 2 on a bad id."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from pokerfloor.cli.main import app
from pokerfloor.rules import SCHEMA

WIDE = {"COLUMNS": "200"}


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(app, ["rules", *args], env=WIDE)
    return result.exit_code, result.output


def test_rules_list_shows_every_bundled_id_with_its_titles() -> None:
    code, output = run("list")
    assert code == 0, output
    for profile_id in ("tda-2024", "tda-2010", "ropta", "allinouest", "heavenpoker"):
        assert profile_id in output
    assert "Règlement Officiel du Poker de Tournoi en Association" in output


def test_rules_show_prints_every_setting_in_both_languages_with_citations() -> None:
    code, output = run("show", "heavenpoker")
    assert code == 0, output
    for spec in SCHEMA:
        assert spec.key in output
    assert "Un tapis inférieur à une relance complète" in output  # French label
    assert "Does an all-in below a full raise reopen" in output  # English label
    assert "heavenpoker 9.23" in output
    assert "complete_if_over_half" in output
    assert "plus de la moitié du suivi" in output and "more than half of the call" in output


def test_rules_show_lang_en_prints_only_english() -> None:
    code, output = run("show", "ropta", "--lang", "en")
    assert code == 0, output
    assert "When a hand begins" in output
    assert "Moment où commence une main" not in output
    assert "ropta 3.2" in output


def test_rules_show_lang_fr_prints_only_french() -> None:
    code, output = run("show", "tda-2024", "--lang", "fr")
    assert code == 0, output
    assert "Moment où commence une main" in output
    assert "When a hand begins" not in output


def test_rules_show_accepts_a_house_profile_path(tmp_path: Path) -> None:
    path = tmp_path / "club.toml"
    path.write_text('extends = "tda-2024"\n[clock]\naction_seconds = 40\n', encoding="utf-8")
    code, output = run("show", str(path))
    assert code == 0, output
    assert "extends: tda-2024" in output
    assert "house rule" in output


def test_rules_diff_shows_only_differing_settings_with_both_values_and_citations() -> None:
    code, output = run("diff", "tda-2024", "tda-2010")
    assert code == 0, output
    assert "betting.short_allin_reopens" in output
    assert "cumulative_full_raise" in output and "never" in output
    assert "tda-2024 R47" in output and "tda-2010 R31" in output
    assert "hand.begins_at" not in output  # both begin at the first riffle


def test_rules_diff_of_a_profile_with_itself_says_no_difference() -> None:
    code, output = run("diff", "ropta", "ropta")
    assert code == 0
    assert "no difference" in output


def test_rules_show_of_an_unknown_id_exits_2_with_a_clear_message() -> None:
    code, output = run("show", "tda-2042")
    assert code == 2
    assert "PROFILE_NOT_FOUND" in output
    assert "tda-2042" in output and "tda-2024" in output


def test_rules_diff_with_an_invalid_house_profile_exits_2_naming_the_setting(
    tmp_path: Path,
) -> None:
    path = tmp_path / "bad.toml"
    path.write_text('extends = "tda-2024"\n[clock]\naction_seconds = "long"\n', encoding="utf-8")
    code, output = run("diff", "tda-2024", str(path))
    assert code == 2
    assert "clock.action_seconds" in output
    assert "PROFILE_BAD_VALUE" in output
