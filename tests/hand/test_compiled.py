"""The hand engine compiled by mypyc (``uv sync`` where a C compiler exists, or
scripts/compile_hand.py) plays like the pure one, and is used only while it is current.

``pokerfloor/_native.py`` picks the build: the fast tests check that it takes a build of the
sources beside it and nothing else (forced pure, none, stale after an edit, another Python).
The compile test builds a copy of src/ in a temporary folder (``tests/compiled_build.py``, the
build shared with tests/formats/test_phh_compiled.py) and plays the same seeded hands
(9 and 6 players, antes, random legal actions, a refused action in every hand, which makes the
engine undo and rebuild itself) through the pure modules and through the compiled ones, in two
processes, and replays the real HandHQ hands of tests/data with the PHH fast replay's state
machine (``hand/_replay.py``): the events, legal actions, refusals and replays must be byte for
byte the same; then an edit
of one source makes that copy play its pure modules. It takes about 40 s of CPU, so it is in
the ``scale`` group (CI runs it after the fast suite).
"""

from __future__ import annotations

import os
import shutil
import sys
import textwrap
from pathlib import Path

import pytest

from pokerfloor import _native
from tests.compiled_build import compiled_sources, fake_build, own_copy, run_with

# Played in a child process with PYTHONPATH set to one copy of src/: prints where the engine
# was loaded from, then the digest of everything the hands produced.
PLAYER = textwrap.dedent(
    """
    import hashlib, random, sys
    import msgspec
    from pokerfloor.hand import Action, Hand, HandError, HandSetup, Seat
    from pokerfloor.hand import _engine
    print(_engine.__file__)
    digest = hashlib.sha256()
    rng = random.Random(29)
    for number in range(400):
        players = 9 if number % 2 else 6
        seats = tuple(
            Seat(seat, f"P{seat}", rng.randint(300, 20_000)) for seat in range(1, players + 1)
        )
        profile = ("tda-2024", "ropta", "allinouest", "heavenpoker")[number % 4]
        setup = HandSetup(profile, seats, players, 50, 100, bb_ante=100 * (number % 3 == 0))
        deck = list(range(52))
        rng.shuffle(deck)
        hand = Hand.start(setup, deck)
        refused = False
        while not hand.is_complete:
            legal = hand.legal_actions()
            digest.update(msgspec.json.encode(legal))
            if not refused and legal.min_to is not None:
                refused = True
                kind = "raise" if "raise" in legal.options else "bet"
                try:
                    hand.act(Action(kind, legal.min_to - 1))
                except HandError as error:
                    digest.update(error.code.encode())
            roll = rng.random()
            if roll < 0.45:
                action = Action("call" if legal.to_call else "check")
            elif roll < 0.65:
                action = Action("fold" if legal.to_call else "check")
            elif legal.min_to is not None and legal.max_to is not None and roll < 0.9:
                kind = "bet" if "bet" in legal.options else "raise"
                action = Action(kind, rng.randint(legal.min_to, legal.max_to))
            elif "allin" in legal.options:
                action = Action("allin")
            else:
                action = Action("call" if legal.to_call else "check")
            twin = hand.copy()  # issue 32: a copy (every field, by hand) plays as the hand
            twin.act(action)
            hand.act(action)
            assert twin.snapshot() == hand.snapshot() and twin.events == hand.events
        digest.update(msgspec.json.encode(hand.events))
        digest.update(msgspec.json.encode(hand.snapshot()))
    # The PHH fast replay's state machine (hand/_replay.py) on the real HandHQ hands.
    import json, pathlib
    from pokerfloor.formats.phh import lean_replay, parse_phhs
    taken = 0
    for path in sorted(pathlib.Path(sys.argv[1]).glob("handhq*/*.phhs")):
        for item in parse_phhs(path.read_text(encoding="utf-8")):
            lean = lean_replay(item.hand)
            taken += lean is not None
            said = "engine" if lean is None else json.dumps(lean.as_dict(), default=str)
            digest.update(said.encode())
    assert taken > 2000, taken
    print(digest.hexdigest())
    """
)
DATA = Path(__file__).parents[1] / "data"


def play(src: Path, engine: str) -> tuple[str, str]:
    """(where ``_engine`` was loaded from, the digest of the hands) with ``src`` first;
    ``engine``: the value of POKERFLOOR_ENGINE ("pure" forces the pure modules)."""
    where, digest = run_with(src, engine, PLAYER, str(DATA)).split()
    return where, digest


def test_issue_29_the_compiled_build_is_used_only_while_it_matches_the_sources(
    tmp_path: Path,
) -> None:
    root = fake_build(tmp_path)
    assert _native.compiled_folder(root, {}) == root / _native.FOLDER
    assert _native.compiled_folder(root, {_native.ENVIRONMENT: "pure"}) is None
    # A source edited after the build: Python would load the stale .so, so it is left out.
    engine = root / "hand" / "_engine.py"
    engine.write_text(engine.read_text() + "# edited\n")
    assert _native.compiled_folder(root, {}) is None


def test_issue_29_a_build_for_another_python_or_none_leaves_the_pure_engine(
    tmp_path: Path,
) -> None:
    root = fake_build(tmp_path)
    built = root / _native.FOLDER / "pokerfloor" / "hand"
    engine = next(built.glob("_engine.*"))
    engine.rename(built / "_engine.cpython-399-other.so")
    assert _native.compiled_folder(root, {}) is None
    shutil.rmtree(root / _native.FOLDER)
    assert _native.compiled_folder(root, {}) is None


def test_issue_29_use_compiled_puts_the_build_first_on_the_package_path(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv(_native.ENVIRONMENT)  # the suite's "pure"
    root = fake_build(tmp_path / "current")
    folder = root / _native.FOLDER
    path = [str(root / "hand")]
    assert _native.use_compiled(path) == "compiled"
    assert path == [str(folder / "pokerfloor" / "hand"), str(root / "hand")]
    assert str(folder) in sys.path  # mypyc's runtime module is found there
    sys.path.remove(str(folder))
    stale = fake_build(tmp_path / "stale")
    (stale / _native.FOLDER / _native.DIGEST_FILE).write_text("stale\n")
    path = [str(stale / "hand")]
    assert _native.use_compiled(path) == "pure"
    assert path == [str(stale / "hand")]


def test_the_test_suite_plays_the_pure_engine() -> None:
    """tests/conftest.py sets POKERFLOOR_ENGINE=pure unless it is set: the suite checks the
    reference (and may patch it); the compiled one is compared with it below."""
    from pokerfloor.hand import ENGINE, _engine

    if os.environ.get(_native.ENVIRONMENT) != "pure":
        pytest.skip("POKERFLOOR_ENGINE set otherwise for this run")
    assert ENGINE == "pure"
    assert _engine.__file__ is not None and _engine.__file__.endswith("_engine.py")


@pytest.mark.scale
def test_the_compiled_engine_plays_the_same_hands_as_the_pure_one(tmp_path: Path) -> None:
    pure, compiled = compiled_sources()
    pure_where, pure_digest = play(pure, "auto")
    compiled_where, compiled_digest = play(compiled, "auto")
    forced_where, _ = play(compiled, "pure")
    assert pure_where.endswith("_engine.py")  # no build: the pure modules
    assert compiled_where.endswith(".so")  # the compiled module was the one played
    assert forced_where.endswith("_engine.py")
    assert compiled_digest == pure_digest
    # An edit after the build: the copy plays its pure modules, never the stale build.
    edited = own_copy(compiled, tmp_path)
    engine = edited / "pokerfloor" / "hand" / "_engine.py"
    engine.write_text(engine.read_text() + "# edited\n")
    edited_where, edited_digest = play(edited, "auto")
    assert edited_where.endswith("_engine.py")
    assert edited_digest == pure_digest
