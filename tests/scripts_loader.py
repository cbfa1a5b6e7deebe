"""The repository's scripts (scripts/*.py are not a package), loaded by the tests that check
what they generate is current (docs/floor.md, docs/rules.md)."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[1]

__all__ = ["ROOT", "load_script"]


def load_script(name: str) -> ModuleType:
    """``scripts/<name>.py`` as a module."""
    spec = importlib.util.spec_from_file_location(name, ROOT / "scripts" / f"{name}.py")
    assert spec is not None and spec.loader is not None
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
    return script
