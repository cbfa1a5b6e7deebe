"""docs/floor.md's situation tables are what scripts/floor_table.py writes from the code, the
situation files and the bundled profiles: a ruling or a file changed without running the script
fails here."""

from __future__ import annotations

from tests.scripts_loader import ROOT, load_script


def test_docs_floor_md_tables_are_current() -> None:
    script = load_script("floor_table")
    docs = (ROOT / "docs" / "floor.md").read_text(encoding="utf-8")
    assert script.render(docs) == docs


def test_every_situation_is_documented_in_both_languages() -> None:
    from pokerfloor.floor import SITUATIONS

    docs = (ROOT / "docs" / "floor.md").read_text(encoding="utf-8")
    french, english = docs.split("## English", 1)
    for key in SITUATIONS:
        assert f"<!-- floor-table {key} -->" in french
        assert f"<!-- floor-table {key} -->" in english
