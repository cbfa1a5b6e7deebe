"""docs/rules.md's settings tables are what scripts/rules_table.py writes from the schema and
the bundled profiles: a setting added, relabelled or revalued without running the script
fails here."""

from __future__ import annotations

from tests.scripts_loader import ROOT, load_script


def test_docs_rules_md_tables_match_the_schema_and_profiles() -> None:
    script = load_script("rules_table")
    docs = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    french, english = docs.split("## English", 1)
    assert [row for row in script.rows("fr") if row not in french] == []
    assert [row for row in script.rows("en") if row not in english] == []
