"""docs/rules.md's settings tables are what scripts/rules_table.py writes from the schema and
the bundled profiles: a setting added, relabelled or revalued without running the script
fails here."""

from __future__ import annotations

import importlib.util
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_docs_rules_md_tables_match_the_schema_and_profiles() -> None:
    spec = importlib.util.spec_from_file_location(
        "rules_table", ROOT / "scripts" / "rules_table.py"
    )
    assert spec is not None and spec.loader is not None
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
    docs = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    french, english = docs.split("## English", 1)
    assert [row for row in script.rows("fr") if row not in french] == []
    assert [row for row in script.rows("en") if row not in english] == []
