"""The hand engine and the PHH reader compiled by mypyc, used when the build is there and made
from the sources there.

``uv sync`` builds them when the machine has a C compiler (``hatch_build.py`` calls
``scripts/compile_hand.py``): one mypyc build of the modules of ``COMPILED`` (the hand engine's
and the PHH reader's, in two packages) goes to ``pokerfloor/_compiled/``, with one digest of
all their sources. ``pokerfloor.hand`` and ``pokerfloor.formats`` each call ``use_compiled``
before importing their modules: when the digest matches the sources, the build's folder for
the package is put first on its ``__path__`` and Python loads ``_engine.cpython-*.so`` rather
than ``_engine.py``. Otherwise (no compiler, another Python, a source of either package edited
since the build) the pure-Python modules of both packages are used, which are the reference:
nothing else changes.

One build and one digest for both packages, decided once per process: the modules of one mypyc
build call each other's native code directly (the reader's replay plays ``hand/_replay.py``'s
``ReplayTable``) and share one runtime library, so a compiled reader beside a pure engine (or
the other way round) would not work. Both packages are compiled, or neither.

``POKERFLOOR_ENGINE=pure`` in the environment forces the pure modules (the test suite does:
tests patch the engine's methods, which a compiled class refuses; ``tests/hand/
test_compiled.py`` and ``tests/formats/test_phh_compiled.py`` play the same hands through both).

Import machinery, not a rule: it reads the sources' bytes once, when the first of the two
packages is imported, and nothing during a hand. Standard library only: the build hook loads
this file by path, before any dependency is installed.
"""

from __future__ import annotations

import hashlib
import os
import sys
from collections.abc import Mapping, MutableSequence
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

# The hand engine: the state machine, the betting rules and what the engine reads on every
# action, in the order their sources are hashed. Left out: ``_model.py`` (msgspec structs,
# compiled by msgspec already; mypyc cannot derive from them) and the scenario format.
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
# The PHH reader's cold path (docs/phh.md, "The fast path"): reading the lines, the actions and
# the cards, the set-up, the lean replay and its showdown. Left out: the frozen records it makes
# (``_phh_parse``, ``_phh_records``: ``quick_maker`` gives a plain twin their class, which a
# native class refuses), the full replay and the verdicts (the engine, once per hand at most).
READER_MODULES = (
    "_phh_read.py",
    "_phh_cards.py",
    "_phh_setup.py",
    "_phh_multi.py",
    "_phh_lean.py",
    "_phh_lean_pots.py",
)
COMPILED: dict[str, tuple[str, ...]] = {"hand": MODULES, "formats": READER_MODULES}
"""The compiled modules by package (a folder of ``pokerfloor``), hashed in this order."""

FOLDER = "_compiled"  # in pokerfloor/: pokerfloor/<package>/*.so and mypyc's runtime module
DIGEST_FILE = "sources.sha256"
ENVIRONMENT = "POKERFLOOR_ENGINE"  # "pure" forces the pure-Python modules

# The decision for a ``pokerfloor`` folder, made at its first package's import and kept: the
# two packages always take the same build (a source edited between their imports changes
# nothing until the next process).
_DECIDED: dict[str, Path | None] = {}


def sources_digest(root: Path) -> str:
    """The sha256 of the compiled modules' sources under ``root`` (the ``pokerfloor``
    folder), each named by its package."""
    digest = hashlib.sha256()
    for package, names in COMPILED.items():
        for name in names:
            digest.update(f"{package}/{name}".encode())
            digest.update((root / package / name).read_bytes())
    return digest.hexdigest()


def compiled_folder(root: Path, environ: Mapping[str, str]) -> Path | None:
    """The compiled build to use for the ``pokerfloor`` folder ``root``, or None for the pure
    modules: forced pure, no build, a build of other sources (stale), or one missing a module
    or made for another Python (the file names carry the ABI, ``.cpython-311-x86_64...so``)."""
    if environ.get(ENVIRONMENT) == "pure":
        return None
    folder = root / FOLDER
    try:
        recorded = (folder / DIGEST_FILE).read_text(encoding="utf-8").strip()
        current = sources_digest(root)
    except OSError:
        return None
    if recorded != current:
        return None
    for package, names in COMPILED.items():
        built = folder / "pokerfloor" / package
        for name in names:
            stem = name.removesuffix(".py")
            if not any((built / f"{stem}{suffix}").exists() for suffix in EXTENSION_SUFFIXES):
                return None
    return folder


def use_compiled(package_path: MutableSequence[str]) -> str:
    """Put the current compiled build first on the package's ``__path__`` (``pokerfloor.hand``
    or ``pokerfloor.formats``; mypyc's runtime module on ``sys.path``) when there is one;
    return "compiled" or "pure", the same for both packages of one ``pokerfloor`` folder."""
    package = Path(package_path[0])
    root = package.parent
    key = str(root)
    if key not in _DECIDED:
        _DECIDED[key] = compiled_folder(root, os.environ)
    folder = _DECIDED[key]
    if folder is None:
        return "pure"
    package_path.insert(0, str(folder / "pokerfloor" / package.name))
    if str(folder) not in sys.path:
        sys.path.append(str(folder))
    return "compiled"
