"""The schema of a rule profile: every setting, its kind, what it accepts and what each value means.

A setting has a dotted key (``section.name``), a kind (an enum, an integer, a boolean or a list
of enum items), a label in French and English and, for each accepted value, a one-line meaning in
both languages. The settings themselves are listed in ``_settings_play.py`` (what one hand needs)
and ``_settings_event.py`` (what the tournament needs); ``SCHEMA`` joins them in display order.

Rules are data: code asks a profile for ``profile.value("betting.short_allin_reopens")`` and
compares it with the values named here, never with the profile's name.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

SettingKind = Literal["enum", "int", "bool", "list"]
SettingValue = str | int | bool | tuple[str, ...]
Lang = Literal["fr", "en"]


@dataclass(frozen=True, slots=True)
class Choice:
    """One accepted value of an enum (or list) setting, with its meaning in both languages."""

    value: str
    meaning_fr: str
    meaning_en: str

    def meaning(self, lang: Lang) -> str:
        return self.meaning_fr if lang == "fr" else self.meaning_en


@dataclass(frozen=True, slots=True)
class SettingSpec:
    """What one setting is and what it accepts.

    ``choices`` lists the accepted values of an enum or list setting; a boolean setting uses it to
    explain ``true`` and ``false``. ``note_fr``/``note_en`` explain an integer (what 0 means).
    """

    key: str
    kind: SettingKind
    label_fr: str
    label_en: str
    choices: tuple[Choice, ...] = ()
    minimum: int = 0
    maximum: int = 0
    unit_fr: str = ""
    unit_en: str = ""
    note_fr: str = ""
    note_en: str = ""

    @property
    def section(self) -> str:
        return self.key.split(".", 1)[0]

    @property
    def name(self) -> str:
        return self.key.split(".", 1)[1]

    def label(self, lang: Lang) -> str:
        return self.label_fr if lang == "fr" else self.label_en

    @property
    def choice_values(self) -> tuple[str, ...]:
        return tuple(choice.value for choice in self.choices)

    def accepted(self) -> str:
        """What this setting accepts, in words, for error messages."""
        if self.kind == "enum":
            return "use one of: " + ", ".join(self.choice_values)
        if self.kind == "list":
            return "use a non-empty list of distinct items among: " + ", ".join(self.choice_values)
        if self.kind == "bool":
            return "use true or false"
        return f"use a whole number from {self.minimum} to {self.maximum}"

    def is_valid(self, value: object) -> bool:
        """Whether ``value`` (as read from TOML) is accepted by this setting."""
        if self.kind == "enum":
            return isinstance(value, str) and value in self.choice_values
        if self.kind == "bool":
            return isinstance(value, bool)
        if self.kind == "int":
            return (
                isinstance(value, int)
                and not isinstance(value, bool)
                and self.minimum <= value <= self.maximum
            )
        return (
            isinstance(value, list | tuple)
            and len(value) > 0
            and all(isinstance(item, str) and item in self.choice_values for item in value)
            and len(set(value)) == len(value)
        )

    def normalise(self, value: object) -> SettingValue:
        """The stored form of an accepted value (lists become tuples). Call ``is_valid`` first."""
        if isinstance(value, list | tuple):
            return tuple(str(item) for item in value)
        if isinstance(value, bool | int | str):
            return value
        raise TypeError(f"{self.key}: unexpected value {value!r}")  # pragma: no cover

    def explain(self, value: SettingValue, lang: Lang) -> str:
        """The meaning of ``value`` in one language, e.g. for ``rules show``."""
        if self.kind == "int":
            unit = self.unit_fr if lang == "fr" else self.unit_en
            note = self.note_fr if lang == "fr" else self.note_en
            text = f"{value} {unit}".strip()
            return f"{text} ({note})" if note and value == 0 else text
        if self.kind == "list" and isinstance(value, tuple):
            return " > ".join(self._meaning(item, lang) for item in value)
        shown = ("true" if value else "false") if isinstance(value, bool) else str(value)
        return self._meaning(shown, lang)

    def _meaning(self, value: str, lang: Lang) -> str:
        for choice in self.choices:
            if choice.value == value:
                return choice.meaning(lang)
        return value


def format_value(value: SettingValue) -> str:
    """A setting's value as written in a TOML profile (lists joined by commas)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, tuple):
        return ", ".join(value)
    return str(value)


# Small constructors that keep the setting lists readable.


def choice(value: str, meaning_fr: str, meaning_en: str) -> Choice:
    return Choice(value, meaning_fr, meaning_en)


def enum(key: str, label_fr: str, label_en: str, *choices: Choice) -> SettingSpec:
    return SettingSpec(key, "enum", label_fr, label_en, choices)


def enum_list(key: str, label_fr: str, label_en: str, *choices: Choice) -> SettingSpec:
    return SettingSpec(key, "list", label_fr, label_en, choices)


def flag(
    key: str,
    label_fr: str,
    label_en: str,
    *,
    true: tuple[str, str],
    false: tuple[str, str],
) -> SettingSpec:
    """A boolean setting; ``true`` and ``false`` give the meaning of each value (fr, en)."""
    return SettingSpec(
        key, "bool", label_fr, label_en, (choice("true", *true), choice("false", *false))
    )


def integer(
    key: str,
    label_fr: str,
    label_en: str,
    *,
    minimum: int,
    maximum: int,
    unit: tuple[str, str] = ("", ""),
    note: tuple[str, str] = ("", ""),
) -> SettingSpec:
    """An integer setting within ``minimum..maximum``; ``unit`` and ``note`` are (fr, en)."""
    return SettingSpec(
        key,
        "int",
        label_fr,
        label_en,
        minimum=minimum,
        maximum=maximum,
        unit_fr=unit[0],
        unit_en=unit[1],
        note_fr=note[0],
        note_en=note[1],
    )
