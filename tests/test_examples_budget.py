"""Issue 30 item 6 (a fast default suite): CI draws every example a property asks for, a
developer's run a quarter of them, never fewer than 50 (``tests/examples.py``)."""

from __future__ import annotations

import importlib
from collections.abc import Iterator

import pytest
from hypothesis import settings

from tests import examples as budget


@pytest.fixture
def reloaded(monkeypatch: pytest.MonkeyPatch) -> Iterator[pytest.MonkeyPatch]:
    """``tests.examples`` read again under the environment the test sets, then as it was."""
    yield monkeypatch
    monkeypatch.undo()
    importlib.reload(budget)


def test_issue_30_item_6_ci_draws_every_example_the_property_asks_for(
    reloaded: pytest.MonkeyPatch,
) -> None:
    reloaded.setenv("CI", "true")
    importlib.reload(budget)
    assert [budget.examples(count) for count in (25, 60, 150, 600)] == [25, 60, 150, 600]


def test_issue_30_item_6_a_local_run_draws_a_quarter_and_at_least_fifty(
    reloaded: pytest.MonkeyPatch,
) -> None:
    reloaded.delenv("CI", raising=False)
    importlib.reload(budget)
    assert [budget.examples(count) for count in (25, 60, 150, 400, 600)] == [25, 50, 50, 100, 150]


def test_issue_30_item_6_the_loaded_profile_follows_ci() -> None:
    # Properties that name no count: Hypothesis's 100 in CI, 50 locally; never a deadline.
    assert settings.default.max_examples == (100 if budget.IN_CI else 50)
    assert settings.default.deadline is None
