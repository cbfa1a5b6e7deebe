"""Issue 30, item 7: ARCHITECTURE.md draws, package by package, which package imports which,
and the pages' areas; the arrows are checked against the imports of the source
(``scripts/import_graph.py`` prints the current diagrams)."""

from __future__ import annotations

from tests.scripts_loader import ROOT, load_script

graph = load_script("import_graph")
DOCUMENT = (ROOT / "ARCHITECTURE.md").read_text(encoding="utf-8")


def test_issue_30_item_7_every_package_has_its_diagram() -> None:
    assert set(graph.documented(DOCUMENT)) == {*graph.PACKAGES, graph.PAGES}


def test_issue_30_item_7_the_diagrams_draw_the_real_imports() -> None:
    drawn = graph.documented(DOCUMENT)
    for scope, real in graph.diagrams().items():
        missing = sorted(real - drawn.get(scope, set()))
        stale = sorted(drawn.get(scope, set()) - real)
        assert (missing, stale) == ([], []), f"{scope}: run scripts/import_graph.py"


def test_issue_30_item_7_an_import_added_is_an_arrow_missing() -> None:
    # The check reads the source: a core package importing the web would be an arrow.
    real = graph.arrows()
    assert ("web", "app") in real and ("app", "web") not in real
    assert ("hand", "cards") in real and ("cards", "hand") not in real
