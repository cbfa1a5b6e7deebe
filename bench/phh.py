"""Real PHH hands per second, read and replayed: pokerfloor against pokerkit, in one run, with
the ratio per room and stake (target: pokerfloor at least 20 times pokerkit on every one).

Both read the HandHQ samples of tests/data/handhq and tests/data/handhq-more (``.phhs`` files,
dollars and cents, unknown hole cards) from their text and replay every hand to its end.
pokerfloor: ``parse_phhs`` then ``replay_phh_fast`` (the lean replay: every action checked
with the engine's rules, the pots awarded, the same answers as the engine; docs/phh.md, "The
fast path"), and for reference
``replay_phh`` (the full engine, every ruling and event). pokerkit: its own PHH reader
``HandHistory.loads_all`` (amounts as ``Decimal``) then its state replay, iterating
``HandHistory`` to the end of each hand with its automations. The texts are read from disk
once, before the clocks start. The reader's cold path and the replay's betting are mypyc's
build where it is made (``uv sync`` with a C compiler; ``POKERFLOOR_ENGINE=pure`` runs the pure
modules; the last lines say which ran).

Every figure is a *median* of several passes, never the fastest: a pass over a 22-hand file
takes about a millisecond, and one busy moment of a shared machine, or one lucky run, moves it
by a third. Before any clock starts, one untimed pass of every file by each reader pays what a
process pays once whatever it reads (imports, the house profile's TOML loaded for the replay,
pokerkit's own first calls). Then, ``--repeats`` times, in turns (a file's cold passes, its
warm pass, its engine pass, pokerkit's pass, the next file...), so that a busy moment weighs on
all of them alike:

- *cold*: ``--cold-passes`` passes over the file, each in fresh state: the reader's caches of
  text seen before (lines such as ``variant = 'NT'``, action notations at their positions,
  amounts, table shapes, card orders) emptied before its clock starts, filled as the pass reads
  the file, as when a new corpus is read; the issue's target is read on these. What a process
  makes once from no file (the card codes, the default seed's deck order) is not emptied.
- *warm*: the same reader right after, its caches filled by the file itself (as after the
  first hands of any corpus); the lines unique to a hand are read every time.
- *engine*: ``replay_phh``, every hand through the full engine, for reference.
- *pokerkit*: its reader and replay, which keep nothing from pass to pass.

The ratio is printed per file (one room and stake each) and for the whole: the target holds on
every room, not only on the total. ``tests/data/handhq-more`` (more rooms and stakes, listed by
source in its README) is read as well when it is there, and so is the HandHQ sample of
``bench/handhq_sample.toml`` (5,000 and more hands of nine other rooms and stakes, whole files
of uoftcprg/phh-dataset) in ``../shared/validation/handhq-sample/`` when
``scripts/fetch_handhq_sample.py`` has fetched it: the manifest's files not there are named
first. ``--sample DIR`` names other folders instead.
The load average is printed with the result; the rates are in this process's CPU time
(``process_time``), so that the waiting on a busy machine is not counted.

Run: python3 -m uv run python -m bench.phh [--repeats N] [--cold-passes N] [--profile]
[--sample DIR ...]
(``--profile``: where each file's cold run spends its time, cProfile's top 20.)
"""

from __future__ import annotations

import argparse
import os
import statistics
import time
import tomllib
import warnings
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

from pokerkit import HandHistory
from rich.console import Console
from rich.table import Table

from bench._timing import profiled
from pokerfloor.formats import (
    READER,
    _phh_cards,
    _phh_decimal,
    _phh_parse,
    _phh_read,
    _phh_setup,
    _phh_toml,
)
from pokerfloor.formats._phh_check import corpus_files
from pokerfloor.formats.phh import PhhHand, PhhResult, parse_phhs, replay_phh, replay_phh_fast
from pokerfloor.hand import ENGINE

ROOT = Path(__file__).parents[1]
DATA = ROOT / "tests" / "data"
# The HandHQ sample the issue measures (bench/handhq_sample.toml), fetched beside the repository
# by scripts/fetch_handhq_sample.py: never committed.
MANIFEST = Path(__file__).with_name("handhq_sample.toml")
HANDHQ_SAMPLE = ROOT.parent / "shared" / "validation" / "handhq-sample"
SAMPLES = (DATA / "handhq", DATA / "handhq-more", HANDHQ_SAMPLE)
TARGET = 20.0
Replay = Callable[[PhhHand], PhhResult]


# The reader's caches of text seen before (lines, amounts, actions by position, table shapes,
# card orders): emptied for a cold run.
CACHES: tuple[dict[Any, Any] | set[Any], ...] = (
    _phh_cards._EVERYONE,
    _phh_cards._ORDERS,
    _phh_decimal._PLACES,
    _phh_parse._PARSED,
    _phh_parse._ACTIONS,
    _phh_read._AMOUNTS,
    _phh_read._BY_TEXT,
    _phh_read._CENTS,
    _phh_read._LINES,
    _phh_read._TABLES,
    _phh_setup._SHAPES,
    _phh_toml._SCALARS,
    _phh_toml._KEYS,
)


def sample_missing(folder: Path = HANDHQ_SAMPLE, manifest: Path = MANIFEST) -> list[str]:
    """The manifest's files (``name (room, stake)``) that ``folder`` does not hold."""
    files = tomllib.loads(manifest.read_text(encoding="utf-8"))["file"]
    return [
        f"{item['name']} ({item['room']}, {item['stake']})"
        for item in files
        if not (folder / item["name"]).is_file()
    ]


def empty_caches() -> None:
    for cache in CACHES:
        cache.clear()


def load_texts(folders: list[Path]) -> dict[str, list[str]]:
    """Each file's text by its name (its room and stake), read before the clocks start."""
    texts: dict[str, list[str]] = {}
    for folder in folders:
        if folder.is_dir():
            for path in corpus_files(folder):
                texts[f"{folder.name}/{path.name}"] = [path.read_text(encoding="utf-8")]
    return texts


def run_pokerfloor(texts: list[str], replay: Replay = replay_phh_fast) -> tuple[int, int]:
    """Read and replay every hand; return (hands, hands with every action legal)."""
    hands = legal = 0
    for text in texts:
        for item in parse_phhs(text):
            hands += 1
            if item.hand is not None and replay(item.hand).error is None:
                legal += 1
    return hands, legal


def run_cold(texts: list[str]) -> tuple[int, int]:
    """``run_pokerfloor`` with the reader's caches emptied first, as on a new corpus."""
    empty_caches()
    return run_pokerfloor(texts)


def run_pokerkit(texts: list[str]) -> tuple[int, int]:
    """Read with pokerkit's PHH reader and replay its states; return (hands, replayed whole)."""
    hands = whole = 0
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # pokerkit warns on every field it does not know
        for text in texts:
            for history in HandHistory.loads_all(text):
                hands += 1
                try:
                    for _state in history:
                        pass
                except (ValueError, KeyError, IndexError):
                    continue
                whole += 1
    return hands, whole


class Timing:
    """One file's passes, in seconds of this process's CPU, by kind: the cold passes (each in
    fresh state), the warm ones, the full engine's and pokerkit's; read by their median."""

    def __init__(self, texts: list[str]) -> None:
        self.texts = texts
        self.counts: dict[str, tuple[int, int]] = {}
        self.passes: dict[str, list[float]] = {kind: [] for kind in KINDS}

    def warm_up(self) -> None:
        """One untimed pass by each reader: the costs a process pays once (imports, the house
        profile read for the replay, first calls), whatever file it reads."""
        for kind, run in self._runs().items():
            self.counts[kind] = run()

    def run_once(self, cold_passes: int = 1) -> None:
        for kind, run in self._runs().items():
            for _ in range(cold_passes if kind == "cold" else 1):
                if kind == "cold":
                    # fresh state: emptied before the clock starts (freeing what the passes
                    # before left, up to a millisecond, is no part of reading this file)
                    empty_caches()
                start = time.process_time()
                self.counts[kind] = run()
                self.passes[kind].append(time.process_time() - start)

    def _runs(self) -> dict[str, Callable[[], tuple[int, int]]]:
        return {
            "cold": lambda: run_pokerfloor(self.texts),
            "lean": lambda: run_pokerfloor(self.texts),
            "engine": lambda: run_pokerfloor(self.texts, replay_phh),
            "pokerkit": lambda: run_pokerkit(self.texts),
        }

    def seconds(self, kind: str) -> float:
        """The median pass of ``kind``."""
        return statistics.median(self.passes[kind])


KINDS = ("cold", "lean", "engine", "pokerkit")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument(
        "--repeats", type=int, default=7, help="rounds over every file, the median kept"
    )
    parser.add_argument(
        "--cold-passes",
        type=int,
        default=5,
        help="cold passes per file and round, each in fresh state",
    )
    parser.add_argument(
        "--profile", action="store_true", help="cProfile top 20 of each file's cold run"
    )
    parser.add_argument("--sample", type=Path, action="append", help="a folder of PHH files")
    arguments = parser.parse_args()
    if not arguments.sample:
        absent = sample_missing()
        if absent:
            print(
                f"HandHQ sample: {len(absent)} of the manifest's files are not in "
                f"{HANDHQ_SAMPLE} (python3 scripts/fetch_handhq_sample.py fetches them): "
                + ", ".join(absent)
            )
    texts = load_texts(list(arguments.sample or SAMPLES))
    timings = {name: Timing(file_texts) for name, file_texts in texts.items()}
    for timing in timings.values():
        timing.warm_up()
    # The runs take turns (a file's cold passes, its warm pass, its engine pass, pokerkit's,
    # the next file...) so that a busy moment of a shared machine weighs on all of them alike.
    for _ in range(arguments.repeats):
        for timing in timings.values():
            timing.run_once(arguments.cold_passes)
    cold_passes = arguments.repeats * arguments.cold_passes
    table = Table(
        title=(
            f"HandHQ hands read and replayed, hands/s: the median of {cold_passes} cold passes "
            f"(each in fresh state) and of {arguments.repeats} passes of the others"
        )
    )
    for column in ("file (room, stake)", "hands", "replayed", "cold ms"):
        table.add_column(column, justify="left" if column.startswith("file") else "right")
    for column in ("cold", "warm", "engine", "pokerkit"):
        table.add_column(f"{column} hands/s", justify="right")
    for column in ("cold", "warm", "engine"):
        table.add_column(f"{column} vs pokerkit", justify="right")
    total = dict.fromkeys(KINDS, 0.0)
    hands_all = 0
    below: list[str] = []
    for name, timing in timings.items():
        hands, legal = timing.counts["lean"]
        seconds = {kind: timing.seconds(kind) for kind in KINDS}
        if seconds["pokerkit"] / seconds["cold"] < TARGET:
            below.append(name)
        table.add_row(
            name,
            f"{hands:,}",
            f"{legal:,}",
            f"{seconds['cold'] * 1000:.2f}",
            *(f"{hands / seconds[kind]:,.0f}" for kind in KINDS),
            *(f"{seconds['pokerkit'] / seconds[kind]:.1f}x" for kind in KINDS[:3]),
        )
        hands_all += hands
        for kind in KINDS:
            total[kind] += seconds[kind]
    table.add_row(
        "total",
        f"{hands_all:,}",
        "",
        f"{total['cold'] * 1000:.2f}",
        *(f"{hands_all / total[kind]:,.0f}" for kind in KINDS),
        *(f"{total['pokerkit'] / total[kind]:.1f}x" for kind in KINDS[:3]),
    )
    Console(width=190).print(table)
    one, five, _fifteen = os.getloadavg()
    print(
        f"load average {one:.2f} (1 min), {five:.2f} (5 min) on {os.cpu_count()} cores; "
        "times in this process's CPU time; medians, never the fastest pass; one untimed pass "
        "of each file first (what a process pays once: imports, the house profile)"
    )
    print(
        f"hand engine: {ENGINE}, PHH reader: {READER} (the replay's betting, hand/_replay.py "
        "and _betting.py; the reader's cold path, formats/_phh_read.py...; 'compiled': mypyc's "
        "build, docs/engine.md and docs/phh.md)"
    )
    print(
        f"pokerfloor / pokerkit: {total['pokerkit'] / total['cold']:.1f}x cold, "
        f"{total['pokerkit'] / total['lean']:.1f}x warm, in all; target: at least "
        f"{TARGET:.0f}x cold on every file; "
        + (f"below it: {', '.join(below)}" if below else "every file meets it")
    )
    if arguments.profile:
        for name, timing in timings.items():
            print(name)
            print(profiled(partial(run_cold, timing.texts), 20))


if __name__ == "__main__":
    main()
