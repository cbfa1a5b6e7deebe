"""Each bundled profile loads, sets every setting of the schema and cites an article for each."""

from __future__ import annotations

import re
import tomllib
from dataclasses import FrozenInstanceError
from importlib import resources

import pytest

from pokerfloor.errors import PokerfloorError
from pokerfloor.rules import (
    SCHEMA,
    RuleProfile,
    bundled_profile_ids,
    load_profile,
)

BUNDLED = ["tda-2024", "tda-2010", "ropta", "allinouest", "heavenpoker"]
# A citation starts with a rulebook of ../shared/rulebooks and an article or a topic.
CITATION = re.compile(
    r"^(tda-2024 (R\d+|RP-\d+)|tda-2010 R\d+|ropta \d+\.\d+|ropta-2025 \S+|allinouest §\S+"
    r"|heavenpoker \d+(\.\d+)?|roberts 3\.7)\b"
)


def test_the_five_rulebooks_are_bundled_tda_2024_first() -> None:
    assert bundled_profile_ids() == BUNDLED


@pytest.mark.parametrize("profile_id", BUNDLED)
def test_bundled_profile_sets_every_schema_setting_with_a_citation(profile_id: str) -> None:
    profile = load_profile(profile_id)
    assert profile.id == profile_id
    assert profile.extends is None
    assert list(profile.settings) == [spec.key for spec in SCHEMA]
    for spec in SCHEMA:
        setting = profile.settings[spec.key]
        assert setting.citations, f"{profile_id}: {spec.key} has no citation"
        assert spec.is_valid(list(setting.value) if spec.kind == "list" else setting.value)


@pytest.mark.parametrize("profile_id", BUNDLED)
def test_every_citation_names_a_rulebook_and_an_article(profile_id: str) -> None:
    profile = load_profile(profile_id)
    for key, setting in profile.settings.items():
        for citation in setting.citations:
            assert CITATION.match(citation), f"{profile_id}: {key}: {citation!r}"


@pytest.mark.parametrize("profile_id", BUNDLED)
def test_bundled_toml_writes_every_setting_explicitly_with_cite(profile_id: str) -> None:
    """The file itself (not a base) holds each value and its ``cite`` list."""
    text = resources.files("pokerfloor.rules").joinpath(f"profiles/{profile_id}.toml")
    data = tomllib.loads(text.read_text(encoding="utf-8"))
    assert data["id"] == profile_id
    assert data["title_fr"] and data["title_en"]
    for spec in SCHEMA:
        entry = data[spec.section][spec.name]
        assert set(entry) == {"value", "cite"}, spec.key
        assert entry["cite"], spec.key


def test_a_silent_rulebook_cites_the_rulebook_it_follows() -> None:
    """allinouest and ropta follow TDA; where silent, the TDA article is cited and says so."""
    allinouest = load_profile("allinouest")
    assert allinouest.citations("betting.bb_ante_order") == (
        "tda-2024 RP-11 (allinouest silent; it follows TDA)",
    )
    ropta = load_profile("ropta")
    assert ropta.citations("betting.short_allin_reopens") == (
        "tda-2024 R47 (ropta silent; it follows TDA)",
    )


def test_bundled_profiles_are_cached_and_immutable() -> None:
    profile = load_profile("tda-2024")
    assert load_profile("tda-2024") is profile
    with pytest.raises(FrozenInstanceError):
        profile.id = "other"  # type: ignore[misc]
    with pytest.raises(TypeError):
        profile.settings["hand.begins_at"] = profile.settings["hand.live_if_seated_at"]  # type: ignore[index]


def test_typed_accessors_return_the_setting_in_its_own_type() -> None:
    profile: RuleProfile = load_profile("tda-2024")
    assert profile.value("clock.action_seconds") == 25
    assert profile.int_value("clock.action_seconds") == 25
    assert profile.enum_value("betting.short_allin_reopens") == "cumulative_full_raise"
    assert profile.bool_value("showdown.show_both_cards_to_win") is True
    assert profile.list_value("penalties.ladder")[0] == "warning"
    assert profile.citations("betting.short_allin_reopens") == ("tda-2024 R47",)


def test_asking_an_unknown_setting_names_it_and_suggests_the_closest() -> None:
    with pytest.raises(PokerfloorError) as refusal:
        load_profile("tda-2024").value("betting.short_allin_reopen")
    assert refusal.value.code == "PROFILE_UNKNOWN_SETTING"
    assert "betting.short_allin_reopens" in refusal.value.message


def test_a_list_setting_is_read_with_list_value_and_a_kind_mismatch_is_refused() -> None:
    profile = load_profile("allinouest")
    with pytest.raises(PokerfloorError) as refusal:
        profile.value("penalties.ladder")
    assert refusal.value.code == "PROFILE_SETTING_IS_LIST"
    with pytest.raises(PokerfloorError) as mismatch:
        profile.int_value("betting.under_call")
    assert mismatch.value.code == "PROFILE_SETTING_KIND"


def test_every_bundled_toml_file_is_a_package_resource_shipped_in_the_wheel() -> None:
    names = sorted(
        entry.name
        for entry in resources.files("pokerfloor.rules").joinpath("profiles").iterdir()
        if entry.name.endswith(".toml")
    )
    assert names == sorted(f"{profile_id}.toml" for profile_id in BUNDLED)
