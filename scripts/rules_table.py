"""Regenerate the settings tables of docs/rules.md (French and English) from the schema and the
bundled profiles: every setting, what it accepts, each profile's value.

    python3 -m uv run python scripts/rules_table.py   # rewrites docs/rules.md in place
"""

from __future__ import annotations

from pathlib import Path

from pokerfloor.rules import load_profile
from pokerfloor.rules._catalogue import SCHEMA
from pokerfloor.rules._schema import SettingSpec

PROFILES = ("tda-2024", "tda-2010", "ropta", "allinouest", "heavenpoker")
DOCS = Path(__file__).resolve().parents[1] / "docs" / "rules.md"


def accepted(spec: SettingSpec, lang: str) -> str:
    if spec.kind in ("enum", "list"):
        choices = " \\| ".join(f"`{c.value}`" for c in spec.choices)
        if spec.kind == "list":
            return ("liste de : " if lang == "fr" else "list of: ") + choices
        return choices
    if spec.kind == "bool":
        return "true / false"
    unit = spec.unit_fr if lang == "fr" else spec.unit_en
    return f"{spec.minimum}–{spec.maximum} {unit}".strip()


def value(profile_id: str, key: str) -> str:
    profile = load_profile(profile_id)
    if profile.setting(key).value.__class__ is tuple:
        return ", ".join(profile.list_value(key))
    raw = profile.value(key)
    if isinstance(raw, bool):
        return "true" if raw else "false"
    if isinstance(raw, tuple):
        return ", ".join(raw)
    return str(raw)


def rows(lang: str) -> list[str]:
    return [
        f"| `{spec.key}` | {spec.label_fr if lang == 'fr' else spec.label_en} | "
        f"{accepted(spec, lang)} | " + " | ".join(value(p, spec.key) for p in PROFILES) + " |"
        for spec in SCHEMA
    ]


def main() -> None:
    lines = DOCS.read_text(encoding="utf-8").split("\n")
    out: list[str] = []
    lang = "fr"
    index = 0
    while index < len(lines):
        line = lines[index]
        if line.startswith("## English"):
            lang = "en"
        header = out[-2] if len(out) >= 2 else ""
        settings_table = header.startswith(("| clé |", "| key |"))
        if line.startswith("| `") and settings_table and out[-1].startswith("|---"):
            while index < len(lines) and lines[index].startswith("| `"):
                index += 1
            out.extend(rows(lang))
            continue
        out.append(line)
        index += 1
    DOCS.write_text("\n".join(out), encoding="utf-8")


if __name__ == "__main__":
    main()
