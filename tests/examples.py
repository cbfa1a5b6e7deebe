"""How many examples a Hypothesis property draws (issue 30 item 6: a fast default suite).

CI (``CI=true``, which ``.ci/run`` sets) draws every example the property's author asked for;
a developer's ``pytest`` draws a quarter of them, at least 50, so that every property still
runs on every change with a meaningful number of examples. ``tests/conftest.py`` does the same
for the properties that keep Hypothesis's default count (its ``ci`` and ``dev`` profiles).
"""

from __future__ import annotations

import os

__all__ = ["IN_CI", "LOCAL_FLOOR", "LOCAL_SHARE", "examples"]

IN_CI = os.environ.get("CI", "").strip().lower() in {"1", "true", "yes"}
LOCAL_SHARE = 4  # a local run draws 1/4 of CI's examples...
LOCAL_FLOOR = 50  # ...and never fewer than this (nor more than CI's)


def examples(ci_count: int) -> int:
    """The ``max_examples`` for a property that draws ``ci_count`` examples in CI."""
    if IN_CI:
        return ci_count
    return min(ci_count, max(LOCAL_FLOOR, ci_count // LOCAL_SHARE))
