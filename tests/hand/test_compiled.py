"""The hand engine compiled by mypyc (scripts/compile_hand.py, opt-in) plays like the pure one.

The compile test builds a copy of src/ in a temporary folder and plays the same seeded hands
(9 and 6 players, antes, random legal actions, a refused action in every hand, which makes the
engine undo and rebuild itself) through the pure modules and through the compiled ones, in two
processes: the events, legal actions and refusals must be byte for byte the same. It takes
about 40 s of CPU, so it is in the ``scale`` group (CI runs it after the fast suite).
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from tests.scripts_loader import ROOT, load_script

compile_hand = load_script("compile_hand")

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
            hand.act(action)
        digest.update(msgspec.json.encode(hand.events))
        digest.update(msgspec.json.encode(hand.snapshot()))
    print(digest.hexdigest())
    """
)


def play(src: Path) -> tuple[str, str]:
    """(where ``_engine`` was loaded from, the digest of the hands) with ``src`` first."""
    done = subprocess.run(
        [sys.executable, "-c", PLAYER],
        env={"PYTHONPATH": str(src), "PATH": "/usr/bin:/bin"},
        capture_output=True,
        text=True,
        check=True,
    )
    where, digest = done.stdout.split()
    return where, digest


def test_compiled_modules_in_the_tree_are_compiled_from_the_sources_there() -> None:
    """A compiled module left in src/ after its source changed would be loaded instead of the
    source: scripts/compile_hand.py records the sources' digest, this checks it."""
    src = ROOT / "src"
    if not compile_hand.compiled_files(src):
        pytest.skip("no compiled hand engine in src/ (scripts/compile_hand.py not run)")
    recorded = (src / compile_hand.HAND / compile_hand.DIGEST_FILE).read_text().strip()
    assert recorded == compile_hand.sources_digest(src), (
        "the compiled hand engine is stale: run python3 -m uv run python "
        "scripts/compile_hand.py (or --clean)"
    )


@pytest.mark.scale
def test_the_compiled_engine_plays_the_same_hands_as_the_pure_one(tmp_path: Path) -> None:
    pure = tmp_path / "pure" / "src"
    compiled = tmp_path / "compiled" / "src"
    for copy in (pure, compiled):
        ignore = shutil.ignore_patterns("*.so", "__pycache__", "build")
        shutil.copytree(ROOT / "src", copy, ignore=ignore)
    compile_hand.clean(pure)
    compile_hand.compile_hand(compiled)
    pure_where, pure_digest = play(pure)
    compiled_where, compiled_digest = play(compiled)
    assert pure_where.endswith("_engine.py")
    assert compiled_where.endswith(".so")  # the compiled module was the one played
    assert compiled_digest == pure_digest
