"""One mypyc build of a copy of src/ per test process, for the tests that play the compiled
hand engine and PHH reader against the pure ones (tests/hand/test_compiled.py,
tests/formats/test_phh_compiled.py, both in the ``scale`` group: the build takes about a minute
of CPU). A test that edits a source copies the build first (``own_copy``)."""

from __future__ import annotations

import atexit
import shutil
import subprocess
import sys
import tempfile
from functools import cache
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

from pokerfloor import _native
from tests.scripts_loader import ROOT, load_script

__all__ = ["compiled_sources", "fake_build", "own_copy", "run_with"]

compile_hand = load_script("compile_hand")
IGNORED = shutil.ignore_patterns("*.so", "__pycache__", "build", _native.FOLDER)


@cache
def compiled_sources() -> tuple[Path, Path]:
    """(a copy of src/ with no build, a copy compiled by scripts/compile_hand.py), made once."""
    root = Path(tempfile.mkdtemp(prefix="pokerfloor-compiled-"))
    atexit.register(shutil.rmtree, root, True)
    pure = root / "pure" / "src"
    compiled = root / "compiled" / "src"
    for copy in (pure, compiled):
        shutil.copytree(ROOT / "src", copy, ignore=IGNORED)
    compile_hand.compile_hand(compiled)
    return pure, compiled


def own_copy(src: Path, into: Path) -> Path:
    """A copy of the source folder ``src`` (with its build) under ``into``, to edit."""
    copy = into / "src"
    shutil.copytree(src, copy)
    return copy


def run_with(src: Path, engine: str, script: str, *arguments: str) -> str:
    """What ``script`` prints, run by this Python with ``src`` first on its path and
    POKERFLOOR_ENGINE set to ``engine`` ("pure" forces the pure modules)."""
    done = subprocess.run(
        [sys.executable, "-c", script, *arguments],
        env={"PYTHONPATH": str(src), "PATH": "/usr/bin:/bin", _native.ENVIRONMENT: engine},
        capture_output=True,
        text=True,
        check=True,
    )
    return done.stdout


def fake_build(tmp_path: Path) -> Path:
    """A ``pokerfloor`` folder holding the compiled modules' sources and a "build" of them
    (empty files with the names a build has): what ``_native.compiled_folder`` looks at."""
    root = tmp_path / "pokerfloor"
    for package, names in _native.COMPILED.items():
        (root / package).mkdir(parents=True)
        built = root / _native.FOLDER / "pokerfloor" / package
        built.mkdir(parents=True)
        for name in names:
            shutil.copy(ROOT / "src" / "pokerfloor" / package / name, root / package / name)
            (built / f"{name.removesuffix('.py')}{EXTENSION_SUFFIXES[0]}").touch()
    digest = _native.sources_digest(root)
    (root / _native.FOLDER / _native.DIGEST_FILE).write_text(digest + "\n", encoding="utf-8")
    return root
