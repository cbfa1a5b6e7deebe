"""Rule profiles as data: the schema of every setting and the bundled and house profiles.

Code asks a profile for a setting (``profile.value("betting.short_allin_reopens")``) and the
article behind it (``profile.citations(...)``), never for the profile's name.
"""

from pokerfloor.rules._catalogue import SCHEMA, SCHEMA_BY_KEY, SECTIONS, setting_spec
from pokerfloor.rules._profile import (
    HOUSE_RULE,
    RuleProfile,
    Setting,
    SettingDiff,
    bundled_profile_ids,
    diff_profiles,
    load_profile,
)
from pokerfloor.rules._schema import (
    Choice,
    Lang,
    SettingKind,
    SettingSpec,
    SettingValue,
    format_value,
)

__all__ = [
    "HOUSE_RULE",
    "SCHEMA",
    "SCHEMA_BY_KEY",
    "SECTIONS",
    "Choice",
    "Lang",
    "RuleProfile",
    "Setting",
    "SettingDiff",
    "SettingKind",
    "SettingSpec",
    "SettingValue",
    "bundled_profile_ids",
    "diff_profiles",
    "format_value",
    "load_profile",
    "setting_spec",
]
