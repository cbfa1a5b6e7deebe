"""Rule profiles: one TOML file per rulebook, plus house profiles that extend one.

A bundled profile (``profiles/<id>.toml``, shipped in the wheel) sets every setting of the
schema, each with its citation(s). A house profile names a base with ``extends`` (a bundled id
or a path, relative to the house file) and overrides any subset; an override without ``cite``
is cited as a house rule. Every refusal is a ``PokerfloorError`` naming the file, the setting
and what would be accepted.
"""

from __future__ import annotations

import functools
import os
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path
from types import MappingProxyType
from typing import Any

from pokerfloor.errors import PokerfloorError
from pokerfloor.rules._catalogue import SCHEMA, SCHEMA_BY_KEY, SECTIONS, did_you_mean, setting_spec
from pokerfloor.rules._schema import Lang, SettingSpec, SettingValue

HOUSE_RULE = "house rule"
# Display order of the bundled profiles; any other bundled file comes after, by name.
_PREFERRED_ORDER = ("tda-2024", "tda-2010", "ropta", "allinouest", "heavenpoker")
_TOP_LEVEL_KEYS = ("id", "title_fr", "title_en", "extends")
_ENTRY_KEYS = ("value", "cite")


@dataclass(frozen=True, slots=True)
class Setting:
    """A setting's value in one profile and the article(s) behind it."""

    value: SettingValue
    citations: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class RuleProfile:
    """An immutable, complete rule profile: every schema setting has a value and citations.

    ``settings`` is ordered like the schema. ``extends`` is the base as written in a house
    profile (``None`` for a bundled one); ``source`` says where it was read from.
    """

    id: str
    title_fr: str
    title_en: str
    extends: str | None
    settings: Mapping[str, Setting] = field(hash=False, repr=False)
    source: str = ""

    def title(self, lang: Lang) -> str:
        return self.title_fr if lang == "fr" else self.title_en

    def setting(self, key: str) -> Setting:
        setting_spec(key)  # an unknown key is a clear error, not a KeyError
        return self.settings[key]

    def value(self, key: str) -> str | int | bool:
        """The value of a scalar setting (enum, integer or boolean)."""
        value = self.setting(key).value
        if isinstance(value, tuple):
            raise PokerfloorError(
                "PROFILE_SETTING_IS_LIST",
                f"{key} holds a list; read it with list_value()",
                {"key": key},
            )
        return value

    def citations(self, key: str) -> tuple[str, ...]:
        return self.setting(key).citations

    def enum_value(self, key: str) -> str:
        return str(self._typed(key, "enum"))

    def int_value(self, key: str) -> int:
        value = self._typed(key, "int")
        assert isinstance(value, int)
        return value

    def bool_value(self, key: str) -> bool:
        return self._typed(key, "bool") is True

    def list_value(self, key: str) -> tuple[str, ...]:
        value = self._typed(key, "list")
        assert isinstance(value, tuple)
        return value

    def _typed(self, key: str, kind: str) -> SettingValue:
        spec = setting_spec(key)
        if spec.kind != kind:
            raise PokerfloorError(
                "PROFILE_SETTING_KIND",
                f"{key} is a {spec.kind} setting, not a {kind} one",
                {"key": key, "kind": spec.kind},
            )
        return self.settings[key].value


@dataclass(frozen=True, slots=True)
class SettingDiff:
    """One setting on which two profiles disagree."""

    key: str
    spec: SettingSpec
    a: Setting
    b: Setting


def bundled_profile_ids() -> list[str]:
    """The ids of the profiles shipped with pokerfloor, TDA 2024 first."""
    return list(_bundled_ids())


def load_profile(id_or_path: str | os.PathLike[str]) -> RuleProfile:
    """A bundled profile by id (cached), or a profile file by path (read each time)."""
    return _load(id_or_path, base_dir=None, chain=(), named_in=None)


def diff_profiles(
    a: RuleProfile | str | os.PathLike[str], b: RuleProfile | str | os.PathLike[str]
) -> list[SettingDiff]:
    """The settings whose values differ between ``a`` and ``b``, in schema order."""
    profile_a = a if isinstance(a, RuleProfile) else load_profile(a)
    profile_b = b if isinstance(b, RuleProfile) else load_profile(b)
    return [
        SettingDiff(spec.key, spec, profile_a.settings[spec.key], profile_b.settings[spec.key])
        for spec in SCHEMA
        if profile_a.settings[spec.key].value != profile_b.settings[spec.key].value
    ]


# Loading


def _profiles_dir() -> Traversable:
    return resources.files("pokerfloor.rules").joinpath("profiles")


@functools.cache
def _bundled_ids() -> tuple[str, ...]:
    names = [
        entry.name.removesuffix(".toml")
        for entry in _profiles_dir().iterdir()
        if entry.name.endswith(".toml")
    ]

    def order(name: str) -> tuple[int, str]:
        rank = _PREFERRED_ORDER.index(name) if name in _PREFERRED_ORDER else len(_PREFERRED_ORDER)
        return (rank, name)

    return tuple(sorted(names, key=order))


@functools.cache
def _bundled(profile_id: str) -> RuleProfile:
    display = f"{profile_id}.toml"
    text = _profiles_dir().joinpath(display).read_text(encoding="utf-8")
    data = _parse(text, display)
    return _build(data, display, bundled_id=profile_id, base_dir=None, chain=())


def _load(
    ref: str | os.PathLike[str],
    *,
    base_dir: Path | None,
    chain: tuple[Path, ...],
    named_in: str | None,
) -> RuleProfile:
    if isinstance(ref, str) and ref in _bundled_ids():
        return _bundled(ref)
    path = Path(ref)
    if base_dir is not None and not path.is_absolute():
        path = base_dir / path
    if not path.is_file():
        where = f"{named_in}: extends = {str(ref)!r}" if named_in else repr(str(ref))
        raise PokerfloorError(
            "PROFILE_NOT_FOUND",
            f"{where} names no bundled profile and no profile file; "
            f"bundled profiles: {', '.join(_bundled_ids())}",
            {"profile": str(ref), "bundled": list(_bundled_ids())},
        )
    resolved = path.resolve()
    display = str(path)
    if resolved in chain:
        loop = " -> ".join(str(step) for step in (*chain, resolved))
        raise PokerfloorError(
            "PROFILE_EXTENDS_CYCLE",
            f"{display}: profiles extend each other in a loop: {loop}",
            {"file": display, "chain": [str(step) for step in (*chain, resolved)]},
        )
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise PokerfloorError(
            "PROFILE_INVALID", f"{display}: cannot be read: {error}", {"file": display}
        ) from error
    data = _parse(text, display)
    return _build(
        data, display, bundled_id=None, base_dir=resolved.parent, chain=(*chain, resolved)
    )


def _parse(text: str, display: str) -> dict[str, Any]:
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise PokerfloorError(
            "PROFILE_INVALID", f"{display}: not valid TOML: {error}", {"file": display}
        ) from error


def _build(
    data: dict[str, Any],
    display: str,
    *,
    bundled_id: str | None,
    base_dir: Path | None,
    chain: tuple[Path, ...],
) -> RuleProfile:
    header = _header(data, display)
    if bundled_id is not None:
        _check_bundled_header(header, display, bundled_id)
    overrides = _overrides(data, display, bundled=bundled_id is not None)
    extends = header.get("extends")
    profile_id = header.get("id", bundled_id or Path(display).stem)
    if bundled_id is None and profile_id in _bundled_ids():
        raise PokerfloorError(
            "PROFILE_INVALID",
            f"{display}: id {profile_id!r} is a bundled profile's id; give the house profile "
            "its own id",
            {"file": display, "key": "id"},
        )
    if extends is None:
        _require_every_setting(overrides, display)
        merged = overrides
        title_fr = header.get("title_fr", profile_id)
        title_en = header.get("title_en", profile_id)
    else:
        base = _load(extends, base_dir=base_dir, chain=chain, named_in=display)
        merged = {**base.settings, **overrides}
        title_fr = header.get("title_fr", f"{profile_id} (règles maison sur {base.title_fr})")
        title_en = header.get("title_en", f"{profile_id} (house rules on {base.title_en})")
    ordered = {spec.key: merged[spec.key] for spec in SCHEMA}
    return RuleProfile(
        id=profile_id,
        title_fr=title_fr,
        title_en=title_en,
        extends=extends,
        settings=MappingProxyType(ordered),
        source=f"bundled:{bundled_id}" if bundled_id else display,
    )


def _header(data: dict[str, Any], display: str) -> dict[str, str]:
    header: dict[str, str] = {}
    for key, raw in data.items():
        if key in _TOP_LEVEL_KEYS:
            if not isinstance(raw, str) or not raw.strip():
                raise PokerfloorError(
                    "PROFILE_INVALID",
                    f"{display}: {key} must be a non-empty string",
                    {"file": display, "key": key},
                )
            header[key] = raw
        elif key in SECTIONS:
            if not isinstance(raw, dict):
                raise PokerfloorError(
                    "PROFILE_INVALID",
                    f"{display}: {key} must be a table ([{key}]) of settings",
                    {"file": display, "key": key},
                )
        elif isinstance(raw, dict):
            raise PokerfloorError(
                "PROFILE_UNKNOWN_SETTING",
                f"{display}: unknown section [{key}]{did_you_mean(key, SECTIONS)}; "
                f"the sections are: {', '.join(SECTIONS)}",
                {"file": display, "key": key, "accepted": list(SECTIONS)},
            )
        else:
            raise PokerfloorError(
                "PROFILE_INVALID",
                f"{display}: unknown top-level key {key!r}; use {', '.join(_TOP_LEVEL_KEYS)} "
                f"or a section: {', '.join(SECTIONS)}",
                {"file": display, "key": key},
            )
    return header


def _check_bundled_header(header: dict[str, str], display: str, bundled_id: str) -> None:
    if header.get("id") != bundled_id:
        raise PokerfloorError(
            "PROFILE_INVALID",
            f"{display}: id must be {bundled_id!r}",
            {"file": display, "key": "id"},
        )
    for key in ("title_fr", "title_en"):
        if key not in header:
            raise PokerfloorError(
                "PROFILE_INVALID", f"{display}: {key} is required", {"file": display, "key": key}
            )
    if "extends" in header:
        raise PokerfloorError(
            "PROFILE_INVALID",
            f"{display}: a bundled profile sets every setting and extends nothing",
            {"file": display, "key": "extends"},
        )


def _overrides(data: dict[str, Any], display: str, *, bundled: bool) -> dict[str, Setting]:
    settings: dict[str, Setting] = {}
    for section in SECTIONS:
        table = data.get(section)
        if table is None:
            continue
        for name, raw in table.items():
            key = f"{section}.{name}"
            spec = SCHEMA_BY_KEY.get(key)
            if spec is None:
                known = [other.name for other in SCHEMA if other.section == section]
                raise PokerfloorError(
                    "PROFILE_UNKNOWN_SETTING",
                    f"{display}: unknown setting {key}{did_you_mean(name, known)}; "
                    f"the settings of [{section}] are: {', '.join(known)}",
                    {"file": display, "key": key, "accepted": known},
                )
            settings[key] = _entry(spec, raw, display, bundled=bundled)
    return settings


def _entry(spec: SettingSpec, raw: object, display: str, *, bundled: bool) -> Setting:
    """One setting: ``{ value = ..., cite = [...] }`` or, in a house profile, a bare value."""
    cite: object = None
    if isinstance(raw, dict):
        unknown = [key for key in raw if key not in _ENTRY_KEYS]
        if unknown or "value" not in raw:
            raise PokerfloorError(
                "PROFILE_INVALID",
                f"{display}: {spec.key} must be written {{ value = ..., cite = [...] }}",
                {"file": display, "key": spec.key},
            )
        value, cite = raw["value"], raw.get("cite")
    else:
        value = raw
    if not spec.is_valid(value):
        raise PokerfloorError(
            "PROFILE_BAD_VALUE",
            f"{display}: {spec.key} = {_toml_repr(value)} is not accepted; {spec.accepted()}",
            {"file": display, "key": spec.key, "value": value, "accepted": _accepted(spec)},
        )
    return Setting(spec.normalise(value), _citations(spec, cite, display, bundled=bundled))


def _citations(spec: SettingSpec, cite: object, display: str, *, bundled: bool) -> tuple[str, ...]:
    if cite is None:
        if bundled:
            raise PokerfloorError(
                "PROFILE_MISSING_CITATION",
                f"{display}: {spec.key} needs a citation: {{ value = ..., cite = [...] }}",
                {"file": display, "key": spec.key},
            )
        return (HOUSE_RULE,)
    items = [cite] if isinstance(cite, str) else cite
    if (
        not isinstance(items, list)
        or not items
        or not all(isinstance(item, str) and item.strip() for item in items)
    ):
        raise PokerfloorError(
            "PROFILE_INVALID",
            f"{display}: {spec.key}: cite must be a non-empty string or list of strings",
            {"file": display, "key": spec.key},
        )
    return tuple(str(item).strip() for item in items)


def _require_every_setting(settings: Mapping[str, Setting], display: str) -> None:
    missing = [spec.key for spec in SCHEMA if spec.key not in settings]
    if missing:
        shown = ", ".join(missing[:8]) + (
            f" and {len(missing) - 8} more" if len(missing) > 8 else ""
        )
        raise PokerfloorError(
            "PROFILE_MISSING_SETTING",
            f"{display}: missing setting(s) {shown}; a profile that extends nothing must set "
            'every setting (or add extends = "tda-2024")',
            {"file": display, "keys": missing},
        )


def _accepted(spec: SettingSpec) -> list[str] | dict[str, int]:
    if spec.kind == "int":
        return {"minimum": spec.minimum, "maximum": spec.maximum}
    if spec.kind == "bool":
        return ["true", "false"]
    return list(spec.choice_values)


def _toml_repr(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list):
        return "[" + ", ".join(_toml_repr(item) for item in value) + "]"
    return repr(value)
