"""Issue 30 item 3: a dealing irregularity's ruling is stored as its steps' keys and params;
every page words them from those keys. A key without its French would show English on a
French page: each key must read in French, its numbers filled in."""

from __future__ import annotations

import re

from pokerfloor.floor import STEP_TEXTS
from pokerfloor.hand import FloorStep
from pokerfloor.web.floor_text import stored_step_text

PLACEHOLDER = re.compile(r"\{(\w+)\}")


def test_issue_30_item_3_every_step_key_reads_in_french_and_in_english() -> None:
    missing = []
    for key, template in STEP_TEXTS.items():
        step = FloorStep(key, {name: 7 for name in PLACEHOLDER.findall(template)})
        english = stored_step_text(step, "en")
        assert english == template.format(**step.params) == step.english()
        if stored_step_text(step, "fr") == english:
            missing.append(key)
    assert missing == []


def test_issue_30_item_3_an_unknown_step_key_is_shown_as_itself() -> None:
    # A log written by a newer version: its key is shown, nothing breaks.
    assert stored_step_text(FloorStep("a_later_step", {"cards": 2}), "fr") == "a_later_step"
