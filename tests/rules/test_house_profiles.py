"""House profiles extend a bundled profile (or another file) and override any subset.

Every refusal is a ``PokerfloorError`` that names the file, the setting and what is accepted.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from pokerfloor.errors import PokerfloorError
from pokerfloor.rules import HOUSE_RULE, diff_profiles, load_profile


def write(folder: Path, name: str, text: str) -> Path:
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


def refusal(path: Path | str) -> PokerfloorError:
    with pytest.raises(PokerfloorError) as caught:
        load_profile(path)
    return caught.value


def test_house_profile_overrides_a_few_settings_and_keeps_the_rest_of_tda_2024(
    tmp_path: Path,
) -> None:
    path = write(
        tmp_path,
        "mon-club.toml",
        """
extends = "tda-2024"
title_fr = "Règles du club"
title_en = "Club rules"

[clock]
action_seconds = 45
countdown_seconds = { value = 10, cite = ["club art. 3"] }

[chip_race]
starts_at = { value = "left_of_dealer", cite = "club art. 9" }
""",
    )
    profile = load_profile(path)
    base = load_profile("tda-2024")
    assert profile.id == "mon-club"
    assert profile.extends == "tda-2024"
    assert profile.title_fr == "Règles du club"
    assert profile.value("clock.action_seconds") == 45
    assert profile.citations("clock.action_seconds") == (HOUSE_RULE,)
    assert profile.citations("clock.countdown_seconds") == ("club art. 3",)
    assert profile.citations("chip_race.starts_at") == ("club art. 9",)
    assert (
        profile.settings["betting.short_allin_reopens"]
        == base.settings["betting.short_allin_reopens"]
    )
    assert list(profile.settings) == list(base.settings)
    assert [d.key for d in diff_profiles(base, profile)] == [
        "clock.action_seconds",
        "clock.countdown_seconds",
        "chip_race.starts_at",
    ]


def test_house_profile_without_titles_gets_titles_naming_its_base(tmp_path: Path) -> None:
    path = write(tmp_path, "soiree.toml", 'id = "soiree"\nextends = "heavenpoker"\n')
    profile = load_profile(path)
    assert profile.id == "soiree"
    assert "Heavenpoker" in profile.title_fr and "Heavenpoker" in profile.title_en
    assert profile.settings == load_profile("heavenpoker").settings


def test_extends_chains_through_files_relative_to_the_extending_file(tmp_path: Path) -> None:
    (tmp_path / "bases").mkdir()
    write(
        tmp_path / "bases",
        "ligue.toml",
        'extends = "ropta"\n[clock]\nexpiry_not_facing_bet = "check"\n',
    )
    path = write(
        tmp_path,
        "club.toml",
        'extends = "bases/ligue.toml"\n[draw]\ntie_break = { value = "redraw", cite = ["x 1"] }\n',
    )
    profile = load_profile(str(path))
    assert profile.value("clock.expiry_not_facing_bet") == "check"
    assert profile.value("draw.tie_break") == "redraw"
    assert profile.value("hand.live_if_seated_at") == "first_card"  # from ropta 3.1


def test_profiles_that_extend_each_other_are_a_cycle_error(tmp_path: Path) -> None:
    a = write(tmp_path, "a.toml", 'extends = "b.toml"\n')
    write(tmp_path, "b.toml", 'extends = "a.toml"\n')
    error = refusal(a)
    assert error.code == "PROFILE_EXTENDS_CYCLE"
    assert "a.toml" in error.message and "b.toml" in error.message


def test_a_profile_extending_itself_is_a_cycle_error(tmp_path: Path) -> None:
    path = write(tmp_path, "self.toml", 'extends = "self.toml"\n')
    assert refusal(path).code == "PROFILE_EXTENDS_CYCLE"


def test_unknown_setting_is_refused_naming_it_and_the_settings_of_its_section(
    tmp_path: Path,
) -> None:
    path = write(
        tmp_path, "typo.toml", 'extends = "tda-2024"\n[betting]\nshort_allin_reopen = "never"\n'
    )
    error = refusal(path)
    assert error.code == "PROFILE_UNKNOWN_SETTING"
    assert "typo.toml" in error.message
    assert "betting.short_allin_reopen" in error.message
    assert "did you mean 'short_allin_reopens'" in error.message
    assert error.params["key"] == "betting.short_allin_reopen"


def test_unknown_section_is_refused_naming_the_sections(tmp_path: Path) -> None:
    path = write(tmp_path, "section.toml", 'extends = "tda-2024"\n[bettting]\nx = 1\n')
    error = refusal(path)
    assert error.code == "PROFILE_UNKNOWN_SETTING"
    assert "[bettting]" in error.message and "betting" in error.message


def test_bad_enum_value_is_refused_naming_the_file_setting_and_accepted_values(
    tmp_path: Path,
) -> None:
    path = write(
        tmp_path,
        "heavenpoker.toml",
        'extends = "tda-2024"\n[betting]\nshort_allin_reopens = "sometimes"\n',
    )
    error = refusal(path)
    assert error.code == "PROFILE_BAD_VALUE"
    assert error.message.endswith(
        "heavenpoker.toml: betting.short_allin_reopens = 'sometimes' is not accepted; "
        "use one of: never, cumulative_full_raise, doubled_bet"
    )
    assert error.params["accepted"] == ["never", "cumulative_full_raise", "doubled_bet"]


@pytest.mark.parametrize(
    ("line", "accepted"),
    [
        ("[clock]\naction_seconds = -5", "use a whole number from 1 to 3600"),
        ("[clock]\naction_seconds = true", "use a whole number from 1 to 3600"),
        ('[duties]\nlast_to_act_must_raise_nuts = "yes"', "use true or false"),
        ('[penalties]\nladder = ["warning", "jail"]', "non-empty list of distinct items"),
        ("[penalties]\nladder = []", "non-empty list of distinct items"),
    ],
)
def test_bad_integer_boolean_or_list_value_says_what_is_accepted(
    tmp_path: Path, line: str, accepted: str
) -> None:
    path = write(tmp_path, "bad.toml", f'extends = "tda-2024"\n{line}\n')
    error = refusal(path)
    assert error.code == "PROFILE_BAD_VALUE"
    assert accepted in error.message
    assert "bad.toml" in error.message


def test_profile_extending_nothing_must_set_every_setting_and_names_the_missing_ones(
    tmp_path: Path,
) -> None:
    path = write(tmp_path, "partial.toml", '[hand]\nbegins_at = "shuffle"\n')
    error = refusal(path)
    assert error.code == "PROFILE_MISSING_SETTING"
    assert "partial.toml" in error.message
    assert "hand.live_if_seated_at" in error.message
    assert "hand.begins_at" not in error.params["keys"]
    assert "hand_for_hand.seconds_off_per_hand" in error.params["keys"]


def test_a_complete_standalone_house_profile_loads_without_extends(tmp_path: Path) -> None:
    source = Path(__file__).parents[2] / "src/pokerfloor/rules/profiles/allinouest.toml"
    text = source.read_text(encoding="utf-8").replace('id = "allinouest"', 'id = "copie"')
    profile = load_profile(write(tmp_path, "copie.toml", text))
    assert profile.id == "copie"
    assert profile.extends is None
    assert diff_profiles(profile, "allinouest") == []


def test_extends_naming_nothing_is_a_not_found_error_listing_bundled_ids(tmp_path: Path) -> None:
    path = write(tmp_path, "lost.toml", 'extends = "tda-2042"\n')
    error = refusal(path)
    assert error.code == "PROFILE_NOT_FOUND"
    assert "lost.toml" in error.message and "tda-2042" in error.message
    assert "tda-2024" in error.message


def test_unknown_profile_id_is_a_not_found_error() -> None:
    error = refusal("pokerstars")
    assert error.code == "PROFILE_NOT_FOUND"
    assert "heavenpoker" in error.message


def test_invalid_toml_is_refused_naming_the_file(tmp_path: Path) -> None:
    error = refusal(write(tmp_path, "broken.toml", "extends = \n"))
    assert error.code == "PROFILE_INVALID"
    assert "broken.toml" in error.message


@pytest.mark.parametrize(
    "text",
    [
        'extends = "tda-2024"\ntitel = "x"\n',
        "extends = 2024\n",
        'extends = "tda-2024"\nclock = 3\n',
        'extends = "tda-2024"\n[clock]\naction_seconds = { value = 30, source = "x" }\n',
        'extends = "tda-2024"\n[clock]\naction_seconds = { cite = ["x"] }\n',
        'extends = "tda-2024"\n[clock]\naction_seconds = { value = 30, cite = [] }\n',
        'id = "tda-2024"\nextends = "tda-2010"\n',
    ],
)
def test_malformed_profile_is_refused_as_invalid(tmp_path: Path, text: str) -> None:
    error = refusal(write(tmp_path, "malformed.toml", text))
    assert error.code == "PROFILE_INVALID"
    assert "malformed.toml" in error.message


def test_a_house_file_is_read_again_each_time(tmp_path: Path) -> None:
    path = write(tmp_path, "live.toml", 'extends = "tda-2024"\n[clock]\naction_seconds = 40\n')
    assert load_profile(path).value("clock.action_seconds") == 40
    write(tmp_path, "live.toml", 'extends = "tda-2024"\n[clock]\naction_seconds = 50\n')
    assert load_profile(path).value("clock.action_seconds") == 50
