"""Every setting of the schema, in display order, and look-ups by key and section."""

from __future__ import annotations

import difflib
from collections.abc import Iterable
from types import MappingProxyType

from pokerfloor.errors import PokerfloorError
from pokerfloor.rules._schema import SettingSpec
from pokerfloor.rules._settings_event import EVENT_SETTINGS
from pokerfloor.rules._settings_irregularities import IRREGULARITIES
from pokerfloor.rules._settings_play import PLAY_SETTINGS

SCHEMA: tuple[SettingSpec, ...] = PLAY_SETTINGS + IRREGULARITIES + EVENT_SETTINGS
SCHEMA_BY_KEY = MappingProxyType({spec.key: spec for spec in SCHEMA})
SECTIONS: tuple[str, ...] = tuple(dict.fromkeys(spec.section for spec in SCHEMA))

assert len(SCHEMA_BY_KEY) == len(SCHEMA), "duplicate setting key in the schema"


def setting_spec(key: str) -> SettingSpec:
    """The schema entry of ``key``; an unknown key is a ``PROFILE_UNKNOWN_SETTING`` error."""
    spec = SCHEMA_BY_KEY.get(key)
    if spec is None:
        raise PokerfloorError(
            "PROFILE_UNKNOWN_SETTING",
            f"unknown setting {key!r}{did_you_mean(key, SCHEMA_BY_KEY)}",
            {"key": key},
        )
    return spec


def did_you_mean(word: str, candidates: Iterable[str]) -> str:
    """`` (did you mean 'x'?)`` when a candidate is close to ``word``, else an empty string."""
    close = difflib.get_close_matches(word, list(candidates), n=1)
    return f" (did you mean {close[0]!r}?)" if close else ""
