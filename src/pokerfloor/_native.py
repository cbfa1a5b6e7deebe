"""The hand engine compiled by mypyc, used when it is there and built from the sources there.

``uv sync`` builds it when the machine has a C compiler (``hatch_build.py`` calls
``scripts/compile_hand.py``): the extension modules go to ``pokerfloor/hand/_compiled/``, with
the digest of the sources they were compiled from. ``pokerfloor.hand`` calls ``use_compiled``
before importing its modules: when the digest matches the sources beside it, the compiled
folder is put first on the package's ``__path__`` and Python loads ``_engine.cpython-*.so``
rather than ``_engine.py``. Otherwise (no compiler, another Python, a source edited since the
build) the pure-Python modules are used, which are the reference: nothing else changes.

``POKERFLOOR_ENGINE=pure`` in the environment forces the pure modules (the test suite does:
tests patch the engine's methods, which a compiled class refuses; ``tests/hand/
test_compiled.py`` plays the same hands through both).

Import machinery, not a rule: it reads the sources' bytes once, when ``pokerfloor.hand`` is
first imported, and nothing during a hand. Standard library only: the build hook loads this
file by path, before any dependency is installed.
"""

from __future__ import annotations

import hashlib
import os
import sys
from collections.abc import Mapping, MutableSequence
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

# The state machine, the betting rules and what the engine reads on every action, in the
# order their sources are hashed. Left out: ``_model.py`` (msgspec structs, compiled by msgspec
# already; mypyc cannot derive from them) and the scenario format (file reading).
MODULES = (
    "_state.py",
    "_apply.py",
    "_betting.py",
    "_legality.py",
    "_showdown.py",
    "_showdown_rights.py",
    "_out_of_turn.py",
    "_irregularities.py",
    "_engine.py",
    "_pots.py",
    "_replay.py",
    "_setup.py",
    "_live.py",
    "_rules.py",
    "_timeout.py",
)
FOLDER = "_compiled"  # in pokerfloor/hand/: pokerfloor/hand/*.so and mypyc's runtime module
DIGEST_FILE = "sources.sha256"
ENVIRONMENT = "POKERFLOOR_ENGINE"  # "pure" forces the pure-Python modules


def sources_digest(hand: Path) -> str:
    """The sha256 of the compiled modules' sources in ``hand`` (the package folder)."""
    digest = hashlib.sha256()
    for name in MODULES:
        digest.update(name.encode())
        digest.update((hand / name).read_bytes())
    return digest.hexdigest()


def compiled_folder(hand: Path, environ: Mapping[str, str]) -> Path | None:
    """The compiled build to use for the package folder ``hand``, or None for the pure
    modules: forced pure, no build, or a build of other sources (stale)."""
    if environ.get(ENVIRONMENT) == "pure":
        return None
    folder = hand / FOLDER
    try:
        recorded = (folder / DIGEST_FILE).read_text(encoding="utf-8").strip()
        current = sources_digest(hand)
    except OSError:
        return None
    if recorded != current:
        return None
    # Built for this interpreter (the file names carry the ABI, ``.cpython-311-x86_64...so``).
    engine = folder / "pokerfloor" / "hand" / "_engine"
    if not any(engine.with_name(f"_engine{suffix}").exists() for suffix in EXTENSION_SUFFIXES):
        return None
    return folder


def use_compiled(package_path: MutableSequence[str]) -> str:
    """Put the current compiled build first on ``pokerfloor.hand``'s ``__path__`` (and its
    runtime module on ``sys.path``) when there is one; return "compiled" or "pure"."""
    folder = compiled_folder(Path(package_path[0]), os.environ)
    if folder is None:
        return "pure"
    package_path.insert(0, str(folder / "pokerfloor" / "hand"))
    if str(folder) not in sys.path:
        sys.path.append(str(folder))
    return "compiled"
