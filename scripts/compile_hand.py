"""Compile the hand engine (``pokerfloor.hand``'s state machine) and the PHH reader's cold path
(``pokerfloor.formats``' reader modules) with mypyc, in one build.

Both pass ``mypy --strict``, so mypyc can turn their modules into C extensions: about 1.5 to 2
times the hands per second of the pure-Python engine (bench/hands.py prints both against
pokerfast and pokerkit) and of the PHH reader (bench/phh.py, against pokerkit). ``uv sync``
runs this at the build of the project (``hatch_build.py``) when the machine has a C compiler;
run it by hand after editing a compiled module, or ``--clean`` to go back to the pure modules.
The modules are ``pokerfloor/_native.py``'s ``COMPILED``.

The build goes to ``src/pokerfloor/_compiled/`` (``pokerfloor/hand/*.so``,
``pokerfloor/formats/*.so`` and mypyc's runtime module, shared by both), never beside the
sources, with one digest of all the sources it was compiled from: ``pokerfloor/_native.py``
uses it only while that digest matches the sources, so an edited module runs the pure modules
of both packages until the next build, never a stale compiled one. The compile works on a
copy of ``src/`` in a temporary folder (mypyc writes its output beside what it compiles).

Run: python3 -m uv run python scripts/compile_hand.py [--clean] [--into DIR]
"""

from __future__ import annotations

import argparse
import importlib.util
import shutil
import subprocess
import sys
import sysconfig
import tempfile
import time
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[1]
SRC = ROOT / "src"
PACKAGE = Path("pokerfloor")
HAND = PACKAGE / "hand"


def _load_native(src: Path) -> ModuleType:
    """``pokerfloor/_native.py`` loaded by path (standard library only): the build hook runs
    this before pokerfloor's dependencies are installed."""
    spec = importlib.util.spec_from_file_location(
        "_pokerfloor_native", src / "pokerfloor" / "_native.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


NATIVE = _load_native(SRC)
COMPILED: dict[str, tuple[str, ...]] = NATIVE.COMPILED
MODULES: tuple[Path, ...] = tuple(
    PACKAGE / package / name for package, names in COMPILED.items() for name in names
)
FOLDER: str = NATIVE.FOLDER
DIGEST_FILE: str = NATIVE.DIGEST_FILE


def sources_digest(src: Path) -> str:
    """The sha256 of the compiled modules' sources under ``src``."""
    digest: str = NATIVE.sources_digest(src / PACKAGE)
    return digest


def compiled_folder(src: Path) -> Path:
    return src / PACKAGE / FOLDER


def is_current(src: Path) -> bool:
    """A build of the sources now under ``src`` is there."""
    digest = compiled_folder(src) / DIGEST_FILE
    return digest.exists() and digest.read_text().strip() == sources_digest(src)


def compiler() -> str | None:
    """The C compiler Python's extensions are built with, when the machine has it."""
    command = str(sysconfig.get_config_var("CC") or "cc").split()[0]
    return shutil.which(command)


def clean(src: Path) -> None:
    shutil.rmtree(compiled_folder(src), ignore_errors=True)
    # What earlier versions of this script left: the hand engine's build in its own package,
    # and before that the modules beside the sources.
    shutil.rmtree(src / HAND / FOLDER, ignore_errors=True)
    shutil.rmtree(src / HAND / (FOLDER + ".building"), ignore_errors=True)
    for path in [*(src / HAND).glob("*.so"), *src.glob("*__mypyc*.so")]:
        path.unlink()
    (src / HAND / "_compiled_sources.txt").unlink(missing_ok=True)


def compile_hand(src: Path, quiet: bool = True) -> float:
    """Compile the modules of ``src``'s engine and reader into its ``_compiled`` folder;
    return the seconds it took. Raises when mypyc or the compiler fails (the folder is then
    left out)."""
    clean(src)
    started = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="pokerfloor-mypyc-") as work:
        copy = Path(work) / "src"
        ignore = shutil.ignore_patterns("*.so", "__pycache__", "build", FOLDER)
        shutil.copytree(src, copy, ignore=ignore)
        command = [sys.executable, "-m", "mypyc", *(str(module) for module in MODULES)]
        done = subprocess.run(command, cwd=copy, capture_output=quiet, text=True)
        if done.returncode:
            said = (done.stdout or "") + (done.stderr or "")
            errors = [line for line in said.splitlines() if "error" in line.lower()]
            raise RuntimeError("; ".join(errors[:5]) or f"mypyc exited with {done.returncode}")
        folder = compiled_folder(src)
        building = folder.with_name(FOLDER + ".building")
        shutil.rmtree(building, ignore_errors=True)
        for package in COMPILED:
            (building / PACKAGE / package).mkdir(parents=True)
            for built in (copy / PACKAGE / package).glob("*.so"):
                shutil.move(built, building / PACKAGE / package / built.name)
        for runtime in copy.glob("*__mypyc*.so"):
            shutil.move(runtime, building / runtime.name)
        (building / DIGEST_FILE).write_text(sources_digest(src) + "\n", encoding="utf-8")
        building.rename(folder)  # whole or not at all
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
        ignore = shutil.ignore_patterns("*.so", "__pycache__", "build", FOLDER)
        shutil.copytree(SRC, src, ignore=ignore)
    if arguments.clean:
        clean(src)
        print(f"removed the compiled hand engine and PHH reader from {src}")
        return
    seconds = compile_hand(src, quiet=False)
    packages = " and ".join(str(src / PACKAGE / package) for package in COMPILED)
    print(f"compiled {len(MODULES)} modules of {packages} into {FOLDER}/ in {seconds:.0f} s")


if __name__ == "__main__":
    main()
