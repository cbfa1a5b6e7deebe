"""Real hands (issue 18): the HandHQ sample of tests/data/handhq replays with every action legal,
and every rake-free hand (no flop, no drop) gives the players exactly the file's winnings.

The sample holds hands of at least four rooms taken as they are from the public PHH corpus
(uoftcprg/phh-dataset, see tests/data/handhq/README.md). The few hands whose file contradicts
itself are listed with the evidence in tests/data/handhq/known.toml.
"""

from __future__ import annotations

import tomllib
from functools import cache
from pathlib import Path

import pytest

from pokerfloor.formats._phh_check import check_corpus, corpus_files
from pokerfloor.formats.phh import PhhReplay, load_phhs, replay_phh

SAMPLE = Path(__file__).parents[1] / "data" / "handhq"
KNOWN = tomllib.loads((SAMPLE / "known.toml").read_text(encoding="utf-8"))["hand"]
KNOWN_CHECKS = {(entry["file"], entry["table"]): entry["check"] for entry in KNOWN}
MINIMUM_HANDS = 2000
MINIMUM_ROOMS = 4


@cache
def replays() -> dict[tuple[str, str], PhhReplay]:
    found: dict[tuple[str, str], PhhReplay] = {}
    for path in corpus_files(SAMPLE):
        for item in load_phhs(path):
            assert item.hand is not None, (path.name, item.key, item.error)
            assert item.key is not None
            found[path.name, item.key] = replay_phh(item.hand)
    return found


def test_the_sample_holds_enough_real_hands_from_enough_rooms() -> None:
    hands = replays()
    rooms = {replay.phh.metadata["venue"] for replay in hands.values()}
    assert len(hands) >= MINIMUM_HANDS
    assert len(rooms) >= MINIMUM_ROOMS, rooms


def test_every_action_of_the_sample_is_legal() -> None:
    refused = {
        key: replay.error
        for key, replay in replays().items()
        if replay.error is not None and KNOWN_CHECKS.get(key) != "legal"
    }
    assert not refused
    assert all(replay.hand.is_complete for replay in replays().values())


def test_every_rake_free_hand_pays_exactly_the_winnings() -> None:
    compared = 0
    for key, replay in replays().items():
        paid = replay.outcome
        check = replay.winnings_check
        if paid is None or paid.flop or check.status in ("absent", "not_recorded"):
            continue
        if KNOWN_CHECKS.get(key) == "winnings":
            continue
        compared += 1
        assert check.status == "agree", (key, check.differences)
    assert compared >= 500


def test_no_winnings_or_finishing_stacks_disagree_beyond_the_rake() -> None:
    for key, replay in replays().items():
        known = KNOWN_CHECKS.get(key)
        if known != "winnings":
            assert replay.winnings_check.ok, (key, replay.winnings_check.differences)
        if known != "finishing":
            assert replay.finishing_check.ok, (key, replay.finishing_check.differences)


@pytest.mark.parametrize("entry", KNOWN, ids=lambda entry: f"{entry['file']}[{entry['table']}]")
def test_each_known_hand_still_disagrees(entry: dict[str, str]) -> None:
    replay = replays()[entry["file"], entry["table"]]
    check = {"winnings": replay.winnings_check, "finishing": replay.finishing_check}
    if entry["check"] == "legal":
        assert replay.error is not None
    else:
        assert check[entry["check"]].status == "mismatch"
    assert entry["kind"] in ("data", "site", "engine") and entry["reason"].strip()


def test_the_corpus_check_counts_the_sample() -> None:
    summary = check_corpus(corpus_files(SAMPLE))
    assert summary.hands == len(replays())
    assert summary.replayed == summary.hands and not summary.skipped
    assert summary.refused == {}
    assert summary.winnings["mismatch"] == sum(1 for e in KNOWN if e["check"] == "winnings")
