"""The PHH reader compiled by mypyc (with the hand engine, one build: ``uv sync`` where a C
compiler exists, or scripts/compile_hand.py) gives the same verdicts as the pure one, and is
used only while the build matches the sources of both packages (issue 29 item 2).

``pokerfloor/_native.py`` decides once per process for both packages: the fast tests check,
on a fake build, that an edit to a reader source or to an engine source leaves both pure, and
that a build missing a reader module is not used. The compile test (``scale`` group: about a
minute of CPU for the build) reads and replays every PHH file of tests/data through the pure
modules and through the compiled ones, in two processes: each hand's verdict as
``phh replay --json`` writes it and each folder's ``phh check --json`` summary (less its
timing) must be byte for byte the same; then a stale digest (a reader source edited after the
build) makes that copy read with its pure modules, and the same verdicts.
"""

from __future__ import annotations

import sys
import textwrap
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

import pytest

from pokerfloor import _native
from tests.compiled_build import compiled_sources, fake_build, own_copy, run_with
from tests.scripts_loader import ROOT

# Run in a child process with PYTHONPATH set to one copy of src/: prints where the reader and
# the replay's state machine were loaded from, then every verdict, one JSON line each.
VERDICTS = textwrap.dedent(
    """
    import json, pathlib, sys
    from pokerfloor import formats, hand
    from pokerfloor.formats import _phh_read, _phh_lean
    from pokerfloor.formats._phh_check import check_corpus, corpus_files
    from pokerfloor.formats._phh_multi import iter_phh_file
    from pokerfloor.formats.phh import replay_phh_fast
    from pokerfloor.hand import _replay
    print(formats.READER, hand.ENGINE, _phh_read.__file__, _phh_lean.__file__, _replay.__file__)
    data = pathlib.Path(sys.argv[1])
    folders = sorted({path.parent for path in corpus_files(data)})
    for folder in folders:
        for path in corpus_files(folder):
            if path.parent != folder:
                continue
            name = str(path.relative_to(data))
            for item in iter_phh_file(path):
                if item.hand is None:
                    said = {"hand": item.where(name), "error": item.error.as_dict()}
                else:
                    try:
                        said = replay_phh_fast(item.hand).as_dict(name, item.key)
                    except Exception as error:  # the same error either way
                        said = {"hand": item.where(name), "raised": repr(error)}
                print(json.dumps(said, default=str, sort_keys=True))
        summary = check_corpus(corpus_files(folder)).as_dict()
        del summary["seconds"], summary["hands_per_second"]
        print(json.dumps(summary, default=str, sort_keys=True).replace(str(data), "DATA"))
    """
)
DATA = ROOT / "tests" / "data"


def verdicts(src: Path, engine: str) -> tuple[list[str], list[str]]:
    """(the reader's state and where its modules come from, the verdicts' lines)."""
    first, *lines = run_with(src, engine, VERDICTS, str(DATA)).splitlines()
    return first.split(), lines


def test_issue_29_the_reader_modules_are_compiled_with_the_engine_under_one_digest() -> None:
    assert set(_native.COMPILED) == {"hand", "formats"}
    assert {"_phh_read.py", "_phh_cards.py", "_phh_setup.py"} <= set(_native.COMPILED["formats"])
    assert "_replay.py" in _native.COMPILED["hand"]
    for package, names in _native.COMPILED.items():
        for name in names:
            assert (ROOT / "src" / "pokerfloor" / package / name).is_file()


@pytest.mark.parametrize("edited", ["formats/_phh_read.py", "hand/_betting.py"])
def test_issue_29_a_stale_digest_leaves_the_reader_and_the_engine_pure(
    tmp_path: Path, edited: str
) -> None:
    root = fake_build(tmp_path)
    assert _native.compiled_folder(root, {}) == root / _native.FOLDER
    source = root / edited
    source.write_text(source.read_text(encoding="utf-8") + "# edited\n", encoding="utf-8")
    assert _native.compiled_folder(root, {}) is None


def test_issue_29_a_build_missing_a_reader_module_is_not_used(tmp_path: Path) -> None:
    root = fake_build(tmp_path)
    built = root / _native.FOLDER / "pokerfloor" / "formats"
    next(built.glob("_phh_read.*")).unlink()
    assert _native.compiled_folder(root, {}) is None


def test_issue_29_both_packages_take_the_same_build_decided_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv(_native.ENVIRONMENT)  # the suite's "pure"
    root = fake_build(tmp_path)
    folder = root / _native.FOLDER
    hand_path = [str(root / "hand")]
    assert _native.use_compiled(hand_path) == "compiled"
    assert hand_path == [str(folder / "pokerfloor" / "hand"), str(root / "hand")]
    # Stale now, but this process has decided: the reader takes the same build as the engine.
    (folder / _native.DIGEST_FILE).write_text("stale\n", encoding="utf-8")
    formats_path = [str(root / "formats")]
    assert _native.use_compiled(formats_path) == "compiled"
    assert formats_path == [str(folder / "pokerfloor" / "formats"), str(root / "formats")]
    sys.path.remove(str(folder))


def test_the_test_suite_reads_with_the_pure_reader() -> None:
    """tests/conftest.py sets POKERFLOOR_ENGINE=pure: the suite checks the reference."""
    import os

    from pokerfloor.formats import READER, _phh_read

    if os.environ.get(_native.ENVIRONMENT) != "pure":
        pytest.skip("POKERFLOOR_ENGINE set otherwise for this run")
    assert READER == "pure"
    assert _phh_read.__file__ is not None and _phh_read.__file__.endswith("_phh_read.py")


@pytest.mark.scale
def test_issue_29_the_compiled_reader_gives_the_same_verdicts_on_every_file_of_tests_data(
    tmp_path: Path,
) -> None:
    pure, compiled = compiled_sources()
    pure_state, pure_lines = verdicts(pure, "auto")
    compiled_state, compiled_lines = verdicts(compiled, "auto")
    assert pure_state[:2] == ["pure", "pure"]
    assert all(path.endswith(".py") for path in pure_state[2:])
    assert compiled_state[:2] == ["compiled", "compiled"]
    assert all(path.endswith(EXTENSION_SUFFIXES[0]) for path in compiled_state[2:])
    assert len(pure_lines) > 2_000
    assert compiled_lines == pure_lines
    # A reader source edited after the build: the copy reads with its pure modules (and plays
    # its pure engine), never the stale build; the same verdicts.
    edited = own_copy(compiled, tmp_path)
    reader = edited / "pokerfloor" / "formats" / "_phh_read.py"
    reader.write_text(reader.read_text(encoding="utf-8") + "# edited\n", encoding="utf-8")
    edited_state, edited_lines = verdicts(edited, "auto")
    assert edited_state[:2] == ["pure", "pure"]
    assert edited_lines == pure_lines
