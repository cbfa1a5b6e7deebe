"""Test groups: the long tests carry a marker, so ``pytest`` alone runs the fast ones.

- ``browser``: everything under ``tests/browser/`` (chromium driven by Playwright);
- ``crash``: the tests that kill a real server with SIGKILL (``test_*crash*.py``, and the
  single-writer tests that start and kill servers);
- ``scale``: the big simulations (``SCALE_TESTS``, by test name).

The markers are given here, by folder, file and test name, rather than in each file, so a new
browser or crash test is in its group without anyone remembering to mark it. The default
``addopts`` deselects these groups; ``.ci/run`` runs them after the fast suite, and the
README's Development section says how to run each one.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import settings

from tests import shared_routes
from tests.examples import IN_CI, LOCAL_FLOOR

# The pure-Python hand engine, the reference, unless the run asks otherwise (the compiled one,
# which ``uv sync`` builds where a C compiler exists, is played against it in
# tests/hand/test_compiled.py; POKERFLOOR_ENGINE=auto runs the suite on it). Set before any
# test imports pokerfloor.hand, and inherited by the servers and workers the tests start.
os.environ.setdefault("POKERFLOOR_ENGINE", "pure")

# No time limit on a Hypothesis example: a deadline is a timing assertion, and it fails on a
# loaded machine (2 cores shared) without any rule being wrong. CI (CI=true, set by .ci/run)
# draws Hypothesis's default 100 examples where a property names no count; a developer's run
# draws 50 (tests/examples.py scales the properties that name theirs).
settings.register_profile("ci", deadline=None)
settings.register_profile("dev", deadline=None, max_examples=LOCAL_FLOOR)
settings.load_profile("ci" if IN_CI else "dev")

# One compilation of each FastAPI route per process, shared by the applications the tests
# create (tests/shared_routes.py: it was most of an in-process page test's time).
shared_routes.install()

TESTS = Path(__file__).resolve().parent
BROWSER_FOLDER = TESTS / "browser"
CRASH_FILES = ("test_single_writer.py",)  # besides every test_*crash*.py
SCALE_TESTS = (
    # 100,000 players simulated, then checked by the outside checker (minutes on 2 cores).
    "test_the_outside_checker_verifies_a_100_000_player_tournament",
    # A 1,500-player tournament simulated twice, once with 2 worker processes.
    "test_one_worker_and_two_workers_write_the_same_log",
    # Volume checks of the evaluator: 100,000 random 7-card hands, every 5-card hand.
    "test_agrees_with_eval7_on_100_000_random_seven_card_hands",
    "test_all_2_598_960_five_card_hands_fall_in_the_known_categories",
)


def group_of(path: Path, name: str) -> str | None:
    """The marker a test gets from where it lives and what it is called, or None."""
    if BROWSER_FOLDER in path.parents:
        return "browser"
    if (path.name.startswith("test_") and "crash" in path.name) or path.name in CRASH_FILES:
        return "crash"
    if name.split("[")[0] in SCALE_TESTS:
        return "scale"
    return None


@pytest.hookimpl(tryfirst=True)  # before ``-m`` deselects by marker
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        group = group_of(Path(str(item.fspath)), item.name)
        if group is not None:
            item.add_marker(getattr(pytest.mark, group))
