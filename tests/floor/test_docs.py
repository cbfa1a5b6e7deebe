"""docs/floor.md's situation tables are what scripts/floor_table.py writes from the code, the
situation files and the bundled profiles: a ruling or a file changed without running the script
fails here."""

from __future__ import annotations

import importlib.util
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_docs_floor_md_tables_are_current() -> None:
    spec = importlib.util.spec_from_file_location(
        "floor_table", ROOT / "scripts" / "floor_table.py"
    )
    assert spec is not None and spec.loader is not None
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
    docs = (ROOT / "docs" / "floor.md").read_text(encoding="utf-8")
    assert script.render(docs) == docs


def test_every_situation_is_documented_in_both_languages() -> None:
    from pokerfloor.floor import SITUATIONS

    docs = (ROOT / "docs" / "floor.md").read_text(encoding="utf-8")
    french, english = docs.split("## English", 1)
    for key in SITUATIONS:
        assert f"<!-- floor-table {key} -->" in french
        assert f"<!-- floor-table {key} -->" in english
