"""The dealt bench's second half (``bench/dealt_serve.py``): the tournament's hands replayed by
``phh check`` count every hand it does not agree with, once."""

from __future__ import annotations

import re
from pathlib import Path

from bench.dealt import replayed_by_phh_check, whole_tournament_phh

_FIRST_STACKS = re.compile(r"finishing_stacks = \[(\d+)")


def test_a_finishing_stack_one_chip_off_is_one_disagreement(tmp_path: Path) -> None:
    figure = whole_tournament_phh(players=6, folder=tmp_path)
    path = tmp_path / "whole.phhs"
    assert figure["disagreements"] == 0
    assert replayed_by_phh_check(path, "tda-2024")[1] == 0
    text = path.read_text(encoding="utf-8")
    first = _FIRST_STACKS.search(text)
    assert first is not None
    off = f"finishing_stacks = [{int(first.group(1)) + 1}"
    path.write_text(text[: first.start()] + off + text[first.end() :], encoding="utf-8")
    summary, disagreements = replayed_by_phh_check(path, "tda-2024")
    assert summary.hands == figure["hands"] and summary.replayed == figure["hands"]
    assert disagreements == 1  # the hand counted once, though it fails in two ways
