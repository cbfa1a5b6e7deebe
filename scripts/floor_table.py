"""Regenerate the situation tables of docs/floor.md (French and English) from pokerfloor.floor,
the situation files under tests/floor/situations/ and the bundled profiles: for each situation,
its facts, then the decision under every profile for each situation file, with the command
that rules it.

    python3 -m uv run python scripts/floor_table.py   # rewrites docs/floor.md in place

A table sits between ``<!-- floor-table KIND -->`` and ``<!-- /floor-table -->``; the language
is the one of the section it is in (``## English`` starts the English half).
"""

from __future__ import annotations

import re
from pathlib import Path

import yaml

from pokerfloor.floor import SITUATIONS, Fact, rule_everywhere
from pokerfloor.rules import bundled_profile_ids
from pokerfloor.web.floor_text import floor_text

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs" / "floor.md"
FILES = ROOT / "tests" / "floor" / "situations"
START = re.compile(r"<!-- floor-table (\w+) -->")
END = "<!-- /floor-table -->"
WORDS = {
    "fr": {
        "fact": "fait", "kind": "type", "values": "valeurs", "default": "défaut",
        "choice": "choix", "bool": "oui/non", "int": "nombre", "file": "exemple (fichier)",
        "facts": "faits",
    },
    "en": {
        "fact": "fact", "kind": "kind", "values": "values", "default": "default",
        "choice": "choice", "bool": "yes/no", "int": "number", "file": "example (file)",
        "facts": "facts",
    },
}  # fmt: skip


def _value(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def _values(fact: Fact, lang: str) -> str:
    if fact.kind == "choice":
        return "<br>".join(
            f"`{value}`: {floor_text(label, lang)}"
            for value, label in zip(fact.choices, fact.choice_labels, strict=True)
        )
    if fact.kind == "bool":
        return "`true` / `false`"
    return f"{fact.minimum}–{fact.maximum}"


def examples(kind: str) -> list[tuple[str, dict[str, object]]]:
    """The situation files of ``kind``: (file name, facts), by name."""
    found = []
    for path in sorted(FILES.glob("*.yaml")):
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        if data["situation"]["kind"] == kind:
            facts = {k: v for k, v in data["situation"].items() if k != "kind"}
            found.append((path.name, facts))
    return found


def table(kind_key: str, lang: str) -> list[str]:
    words = WORDS[lang]
    kind = SITUATIONS[kind_key]
    lines = [
        f"| {words['fact']} | {words['kind']} | {words['values']} | {words['default']} |",
        "|---|---|---|---|",
    ]
    for fact in kind.facts:
        lines.append(
            f"| `{fact.key}`: {floor_text(fact.label, lang)} | {words[fact.kind]} | "
            f"{_values(fact, lang)} | `{_value(fact.default)}` |"
        )
    profiles = bundled_profile_ids()
    lines += [
        "",
        f"| {words['file']} | {words['facts']} | " + " | ".join(profiles) + " |",
        "|---|---|" + "---|" * len(profiles),
    ]
    seen: set[str] = set()
    for name, facts in examples(kind_key):
        shown = ", ".join(f"{key}={_value(value)}" for key, value in facts.items()) or "—"
        if shown in seen:
            continue
        seen.add(shown)
        rulings = rule_everywhere(kind_key, facts)
        decisions = " | ".join(f"`{rulings[p].decision}`" for p in profiles)
        lines.append(f"| [{name}](../tests/floor/situations/{name}) | {shown} | {decisions} |")
    first = examples(kind_key)[0][0]
    lines += ["", "```", f"pokerfloor floor rule tests/floor/situations/{first}", "```"]
    return lines


def render(text: str) -> str:
    out: list[str] = []
    lang = "fr"
    lines = text.split("\n")
    index = 0
    while index < len(lines):
        line = lines[index]
        if line.startswith("## English"):
            lang = "en"
        out.append(line)
        index += 1
        match = START.fullmatch(line.strip())
        if match:
            while index < len(lines) and lines[index].strip() != END:
                index += 1
            out.extend(table(match[1], lang))
    return "\n".join(out)


def main() -> None:
    DOCS.write_text(render(DOCS.read_text(encoding="utf-8")), encoding="utf-8")


if __name__ == "__main__":
    main()
