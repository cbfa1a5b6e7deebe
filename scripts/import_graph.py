"""The import diagrams of ARCHITECTURE.md, from the source: which package imports which.

``python scripts/import_graph.py`` prints, for each package of ``pokerfloor`` (and for the areas
of ``pokerfloor.web.pages``), a mermaid diagram of the arrows into and out of it: ``a --> b``
when a module of ``a`` imports one of ``b`` (at the top of the file or inside a function).
``tests/test_architecture.py`` fails when a diagram of ARCHITECTURE.md differs from these: paste
the printed block over the stale one.
"""

from __future__ import annotations

import ast
import re
import sys
from collections.abc import Iterator
from pathlib import Path

SRC = Path(__file__).resolve().parents[1] / "src"
# The packages with a diagram each, in ARCHITECTURE.md's order; ``errors`` is a module of the
# rules core that every package imports, drawn where it is imported.
PACKAGES = (
    "cards", "rules", "hand", "floor", "tournament", "club", "dealt", "messages", "formats",
    "sim", "app", "web", "cli",
)  # fmt: skip
PAGES = "web.pages"
# A diagram in ARCHITECTURE.md: a mermaid block whose first line after ``graph LR`` is
# ``%% imports of <scope>``, then one ``a --> b`` a line.
BLOCK = re.compile(r"```mermaid\ngraph LR\n%% imports of ([a-z_.]+)\n(.*?)```", re.DOTALL)
ARROW = re.compile(r"^\s*([a-z_.]+) --> ([a-z_.]+)\s*$")


def _module(path: Path) -> str:
    parts = list(path.relative_to(SRC / "pokerfloor").with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _imported(path: Path) -> Iterator[str]:
    """The ``pokerfloor`` modules (or names in them) a file imports, without the prefix."""
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names = [node.module] + [f"{node.module}.{alias.name}" for alias in node.names]
        elif isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        else:
            continue
        for name in names:
            if name.startswith("pokerfloor."):
                yield name.removeprefix("pokerfloor.")


def _node(module: str, scope: str) -> str | None:
    """The diagram's node of ``module`` at ``scope``'s level: the top package (``scope`` is
    empty), or ``scope``'s child; None outside ``scope``."""
    if not scope:
        return module.split(".")[0]
    if module == scope:
        return scope
    if not module.startswith(scope + "."):
        return None
    depth = scope.count(".") + 2
    return ".".join(module.split(".")[:depth])


def arrows(scope: str = "") -> set[tuple[str, str]]:
    """Every ``(importer, imported)`` pair at ``scope``'s level ("": the packages)."""
    found: set[tuple[str, str]] = set()
    for path in sorted((SRC / "pokerfloor").rglob("*.py")):
        source = _node(_module(path), scope)
        if source is None or not _module(path):
            continue
        for name in _imported(path):
            target = _node(name, scope)
            if target is not None and target != source:
                found.add((source, target))
    return found


def diagrams() -> dict[str, set[tuple[str, str]]]:
    """Each diagram's arrows: every package's arrows in and out, and the pages' areas."""
    packages = arrows()
    drawn = {name: {a for a in packages if name in a} for name in PACKAGES}
    drawn[PAGES] = arrows(PAGES)
    return drawn


def block(scope: str, drawn: set[tuple[str, str]]) -> str:
    lines = [f"    {source} --> {target}" for source, target in sorted(drawn)]
    return "```mermaid\ngraph LR\n%% imports of " + scope + "\n" + "\n".join(lines) + "\n```"


def documented(text: str) -> dict[str, set[tuple[str, str]]]:
    """The diagrams of a document (ARCHITECTURE.md) by scope."""
    found: dict[str, set[tuple[str, str]]] = {}
    for match in BLOCK.finditer(text):
        pairs = (ARROW.match(line) for line in match.group(2).splitlines() if line.strip())
        found[match.group(1)] = {(m.group(1), m.group(2)) for m in pairs if m is not None}
    return found


def main() -> int:
    for scope, drawn in diagrams().items():
        print(block(scope, drawn), end="\n\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
