"""Compile the hand engine (``pokerfloor.hand``'s state machine) with mypyc, opt-in.

The engine passes ``mypy --strict``, so mypyc can turn its modules into C extensions: about
1.5 times the hands per second of the pure-Python engine (bench/hands.py prints the ratio to
pokerfast). The pure-Python modules stay the reference and the fallback: nothing imports a
compiled module by name, Python simply prefers ``_engine.cpython-*.so`` to ``_engine.py`` when
both are there, and without them everything runs as before.

Opt-in rather than built at ``uv sync``: the tests patch the engine's methods on the class
(``monkeypatch.setattr(HandIrregularities, "_ask_floor", ...)``), which a compiled class does
not allow, and the build costs about 40 s of CPU (minutes on a loaded machine) that every CI
run and every editable install would pay. ``tests/hand/test_compiled.py`` compiles a copy and
checks that it plays the same hands to the same events as the pure modules.

A compiled module is *stale* as soon as its source changes: Python would keep loading the old
``.so``. The sources' digest is written next to them (``_compiled_sources.txt``) and
``tests/hand/test_compiled.py`` fails when it no longer matches; run this script again, or
``--clean``.

Run: python3 -m uv run python scripts/compile_hand.py [--clean] [--into DIR]
"""

from __future__ import annotations

import argparse
import hashlib
import shutil
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SRC = ROOT / "src"
HAND = Path("pokerfloor") / "hand"
# The state machine and the rules it reads on every action. Left out: ``_model.py`` (msgspec
# structs, already compiled by msgspec; mypyc cannot derive from them), the scenario format
# (file reading, not on the hot path).
MODULES = (
    "_state.py",
    "_apply.py",
    "_legality.py",
    "_showdown.py",
    "_showdown_rights.py",
    "_out_of_turn.py",
    "_irregularities.py",
    "_engine.py",
    "_pots.py",
    "_setup.py",
    "_live.py",
    "_rules.py",
    "_timeout.py",
)
DIGEST_FILE = "_compiled_sources.txt"


def sources_digest(src: Path) -> str:
    """The sha256 of the compiled modules' sources, in MODULES order."""
    digest = hashlib.sha256()
    for name in MODULES:
        digest.update(name.encode())
        digest.update((src / HAND / name).read_bytes())
    return digest.hexdigest()


def compiled_files(src: Path) -> list[Path]:
    """The extension modules a compile left (the hand's and mypyc's shared runtime module)."""
    return sorted((src / HAND).glob("*.so")) + sorted(src.glob("*__mypyc*.so"))


def clean(src: Path) -> None:
    for path in [*compiled_files(src), src / HAND / DIGEST_FILE]:
        path.unlink(missing_ok=True)
    shutil.rmtree(src / "build", ignore_errors=True)


def compile_hand(src: Path) -> float:
    """Compile the modules in place under ``src``; return the seconds it took."""
    clean(src)
    started = time.perf_counter()
    command = [sys.executable, "-m", "mypyc", *(str(HAND / name) for name in MODULES)]
    subprocess.run(command, cwd=src, check=True, stdout=subprocess.DEVNULL)
    shutil.rmtree(src / "build", ignore_errors=True)  # the C sources and objects
    (src / HAND / DIGEST_FILE).write_text(sources_digest(src) + "\n", encoding="utf-8")
    return time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--clean", action="store_true", help="remove the compiled modules")
    parser.add_argument(
        "--into", type=Path, help="copy src/ into this folder and compile the copy instead"
    )
    arguments = parser.parse_args()
    src = SRC
    if arguments.into is not None:
        src = arguments.into.resolve() / "src"
        shutil.rmtree(src, ignore_errors=True)
        shutil.copytree(SRC, src, ignore=shutil.ignore_patterns("*.so", "__pycache__", "build"))
    if arguments.clean:
        clean(src)
        print(f"removed the compiled hand engine from {src}")
        return
    seconds = compile_hand(src)
    print(f"compiled {len(MODULES)} modules of {src / HAND} in {seconds:.0f} s")


if __name__ == "__main__":
    main()
