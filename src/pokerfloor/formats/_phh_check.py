"""A whole corpus of PHH files replayed and summed up (``pokerfloor phh check``).

``check_corpus`` walks the ``.phh`` and ``.phhs`` files of a folder, replays every hand and
counts: the hands read, the hands skipped and why (the reader's or the set-up's refusal, by
code and field), the actions the engine refused (by code, with the first examples), how the
awards compare with the files' ``winnings`` and ``finishing_stacks``, the hands that fail by
kind (``failed``: refused, incomplete, a mismatch and its reason), the hands counted apart
(``apart``: a showdown whose result is the file's, cards unknown), and the hands per second.
No hand stops the others.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pokerfloor.formats._phh_lean import replay_phh_fast
from pokerfloor.formats._phh_lean_result import PhhResult
from pokerfloor.formats._phh_multi import MULTI_SUFFIX, iter_phh_file
from pokerfloor.formats._phh_parse import PhhError, unreadable
from pokerfloor.formats._phh_records import PhhItem
from pokerfloor.formats._phh_replay import failures, replay_phh
from pokerfloor.formats._phh_setup import PHH_PROFILE

SUFFIXES = (".phh", MULTI_SUFFIX)


def corpus_files(folder: str | Path) -> list[Path]:
    """The PHH files under ``folder`` (``.phh``, ``.phhs``), in name order."""
    root = Path(folder)
    return sorted(
        path for path in root.rglob("*") if path.is_file() and path.suffix.lower() in SUFFIXES
    )


@dataclass
class CorpusSummary:
    """What a corpus replay found. Examples read ``file [table]: message``."""

    examples: int = 3
    files: int = 0
    bytes: int = 0
    hands: int = 0
    replayed: int = 0
    legal: int = 0
    skipped: Counter[str] = field(default_factory=Counter)
    refused: Counter[str] = field(default_factory=Counter)
    winnings: Counter[str] = field(default_factory=Counter)
    finishing: Counter[str] = field(default_factory=Counter)
    failed: Counter[str] = field(default_factory=Counter)
    apart: Counter[str] = field(default_factory=Counter)
    no_flop_compared: int = 0
    no_flop_agree: int = 0
    seconds: float = 0.0
    found: dict[str, list[str]] = field(default_factory=dict)

    @property
    def hands_per_second(self) -> float:
        return self.hands / self.seconds if self.seconds else 0.0

    @property
    def clean(self) -> bool:
        """No hand failed: no action refused, no hand left unfinished, no winnings or finishing
        stacks in disagreement (beyond the rake within the room's limit)."""
        return not self.failed

    def _example(self, kind: str, text: str) -> None:
        found = self.found.setdefault(kind, [])
        if len(found) < self.examples:
            found.append(text)

    def add_unreadable(self, name: str, error: PhhError) -> None:
        self.skipped[f"{error.code}"] += 1
        self._example(f"skipped:{error.code}", f"{name}: {error.message}")

    def add(
        self, name: str, item: PhhItem, replay: PhhResult | None, error: PhhError | None
    ) -> None:
        """Count one hand: ``replay`` when it was replayed, else the ``error`` that skipped it."""
        self.hands += 1
        where = item.where(name)
        if replay is None:
            assert error is not None
            reason = error.code if error.field is None else f"{error.code} ({error.field})"
            self.skipped[reason] += 1
            self._example(f"skipped:{reason}", f"{where}: {error.message}")
            return
        self.replayed += 1
        if replay.error is None:
            self.legal += 1
        else:
            code = str(replay.error["code"])
            self.refused[code] += 1
            self._example(f"refused:{code}", f"{where}: {replay.error['message']}")
        won = replay.winnings_check
        self.winnings[won.status] += 1
        if won.status == "mismatch":
            self._example("winnings:mismatch", f"{where}: {_differences(won.differences)}")
        finished = replay.finishing_check
        self.finishing[finished.status] += 1
        if finished.status == "mismatch":
            self._example("finishing:mismatch", f"{where}: {_differences(finished.differences)}")
        for kind in failures(replay):
            self.failed[kind] += 1
            if kind == "incomplete":
                self._example("failed:incomplete", f"{where}: the file stops before the end")
        if replay.unknown_showdown:
            self.apart["cards_unknown"] += 1
            self._example("apart:cards_unknown", where)
        paid = replay.outcome
        if paid is not None and not paid.flop and won.status in ("agree", "raked", "mismatch"):
            self.no_flop_compared += 1
            self.no_flop_agree += won.status == "agree"

    def as_dict(self) -> dict[str, Any]:
        return {
            "files": self.files,
            "bytes": self.bytes,
            "hands": self.hands,
            "replayed": self.replayed,
            "legal": self.legal,
            "skipped": dict(self.skipped),
            "refused": dict(self.refused),
            "winnings": dict(self.winnings),
            "finishing_stacks": dict(self.finishing),
            "failed": dict(self.failed),
            "apart": dict(self.apart),
            "no_flop_winnings": {"compared": self.no_flop_compared, "agree": self.no_flop_agree},
            "seconds": round(self.seconds, 3),
            "hands_per_second": round(self.hands_per_second, 1),
            "examples": self.found,
        }


def _differences(differences: Iterable[dict[str, Any]]) -> str:
    return ", ".join(
        f"{item['player']} replay {item['difference_amount']} vs file" for item in differences
    )


def replay_items(
    path: Path,
    *,
    profile: str = PHH_PROFILE,
    seed: int = 0,
    strict: bool = False,
    full_engine: bool = False,
) -> Iterator[tuple[PhhItem, PhhResult | None, PhhError | None]]:
    """Each hand of ``path`` with its replay, or the error that kept it from being replayed
    (an unreadable file raises ``PhhError``). The lean replay (``replay_phh_fast``) unless
    ``full_engine``: the same verdicts, pots and awards."""
    replay = replay_phh if full_engine else replay_phh_fast
    for item in iter_phh_file(path):
        if item.hand is None:
            yield item, None, item.error
            continue
        try:
            yield item, replay(item.hand, profile=profile, seed=seed, strict=strict), None
        except PhhError as error:
            yield item, None, error


def check_corpus(
    files: Iterable[Path],
    *,
    profile: str = PHH_PROFILE,
    seed: int = 0,
    examples: int = 3,
    progress: Callable[[Path, int], None] | None = None,
    full_engine: bool = False,
) -> CorpusSummary:
    """Replay every hand of ``files``; ``progress(file, hands so far)`` after each file."""
    summary = CorpusSummary(examples=examples)
    start = time.perf_counter()
    for path in files:
        summary.files += 1
        name = str(path)
        try:
            summary.bytes += path.stat().st_size
            items = replay_items(path, profile=profile, seed=seed, full_engine=full_engine)
            for item, replay, error in items:
                summary.add(name, item, replay, error)
        except PhhError as error:
            summary.add_unreadable(name, error)
        except OSError as error:
            summary.add_unreadable(name, unreadable(error))
        if progress is not None:
            progress(path, summary.hands)
    summary.seconds = time.perf_counter() - start
    return summary
