"""Mutation check: does the test suite notice when a core rule is broken?

Each mutation below is a small, plausible mistake in one rule of the pure core (a comparison
off by one, a pot or an order reversed). The script copies the project (``src``, ``tests``,
``docs``, ``pyproject.toml``) to a temporary folder, so the working tree is never left broken
and a server started meanwhile from it runs the real code; there it applies the mutations one
at a time, runs the tests that should catch that rule (``PYTHONPATH`` points at the copy),
restores the file and reports which mutations *survived*: the tests still passed with the rule
broken, so no test checks it. A mutation that no longer matches the code is reported as
``stale`` (the rule moved: update its ``old`` text).

    python3 -m uv run python scripts/mutate.py             # every mutation
    python3 -m uv run python scripts/mutate.py odd_chip    # some, by name
    python3 -m uv run python scripts/mutate.py --list

It exits 1 when a mutation survives or is stale. Each run costs a targeted pytest run (tens of
seconds to a few minutes each), so it is not part of ``.ci/run``; run it after changing a rule
or its tests.
"""

from __future__ import annotations

import argparse
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CORE = "src/pokerfloor"
COPIED = ("src", "tests", "docs", "pyproject.toml", "README.md", "ARCHITECTURE.md")


@dataclass(frozen=True)
class Mutation:
    name: str
    rule: str  # what the mutation breaks, with the rule's citation
    path: str  # relative to the project root
    old: str  # must occur exactly once in the file
    new: str
    tests: tuple[str, ...]  # the tests that should catch it (the rule's own files: fast)


MUTATIONS = (
    Mutation(
        "min_raise_full_raise",
        "a raise of exactly the minimum is a full raise (tda-2024 R47, tda-2010 R31)",
        f"{CORE}/hand/_betting.py",
        "if to - current >= increment:",
        "if to - current > increment:",
        (
            "tests/hand/test_scenarios.py",
            "tests/hand/test_reopening_and_pots_every_profile.py",
            "tests/differential",
        ),
    ),
    Mutation(
        "short_allin_reopen",
        "a short all-in does not reopen the betting (tda-2024 R47, heavenpoker 9.23)",
        f"{CORE}/hand/_betting.py",
        "if acted_at < 0 or full_level > acted_at:",
        "if acted_at < 0 or current > acted_at:",
        (
            "tests/hand/test_scenarios.py",
            "tests/hand/test_reopening_and_pots_every_profile.py",
            "tests/differential",
        ),
    ),
    Mutation(
        "pot_assignment",
        "folded chips above the highest live level join the last pot (tda-2024 R21)",
        f"{CORE}/hand/_pots.py",
        "    last_amount, last_eligible = pots[-1]\n    pots[-1] = ",
        "    last_amount, last_eligible = pots[0]\n    pots[0] = ",
        (
            "tests/hand/test_pots.py",
            "tests/hand/test_scenarios.py",
            "tests/hand/test_reopening_and_pots_every_profile.py",
        ),
    ),
    Mutation(
        "odd_chip",
        "odd chips go one each from the first winner left of the button (tda-2024 R20)",
        f"{CORE}/hand/_pots.py",
        "shares[position] += smallest_chip",
        "shares[count - 1 - position] += smallest_chip",
        ("tests/hand/test_pots.py", "tests/hand/test_scenarios.py"),
    ),
    Mutation(
        "dead_button",
        "the button goes on the last small blind's seat even when it is empty, not on the next "
        "player (a moving button; tda-2024 R32)",
        f"{CORE}/tournament/positions.py",
        "    if table.small_blind_seat is not None:\n        return table.small_blind_seat",
        "    if table.small_blind_seat is not None:\n"
        "        if table.small_blind_seat not in table.seats:\n"
        "            return _next_after(table.seats, table.small_blind_seat, table.size)\n"
        "        return table.small_blind_seat",
        ("tests/tournament/test_positions.py",),
    ),
    Mutation(
        "balancing",
        "tables are balanced when the gap reaches the profile's threshold (tda-2024 R11)",
        f"{CORE}/tournament/balancing.py",
        "if source.player_count - shortest < limit:",
        "if source.player_count - shortest <= limit:",
        ("tests/tournament/test_balancing.py",),
    ),
    Mutation(
        "chip_race_rounding",
        "half a new chip or more counts as one in the chip race (tda-2024 R24)",
        f"{CORE}/tournament/chiprace.py",
        "return whole + (1 if remainder * 2 >= next_chip else 0)",
        "return whole + (1 if remainder * 2 > next_chip else 0)",
        ("tests/tournament/test_chiprace.py", "tests/tournament/test_chiprace_counts.py"),
    ),
    Mutation(
        "simultaneous_busts",
        "of players out in the same hand at one table, the one who began it with more chips "
        "places higher (ropta 1.10, allinouest)",
        f"{CORE}/tournament/ranking.py",
        "return [groups[stack] for stack in sorted(groups, reverse=True)]",
        "return [groups[stack] for stack in sorted(groups)]",
        ("tests/tournament/test_ranking.py",),
    ),
    Mutation(
        "late_registration_limit",
        "late registration is open until the end of its last level (the structure's limit)",
        f"{CORE}/tournament/_entries.py",
        "over = number > limit if by_level else reached",
        "over = number >= limit if by_level else reached",
        ("tests/tournament/test_late_registration_limits.py", "tests/tournament/test_entries.py"),
    ),
    Mutation(
        "timeout_ruling",
        "a player whose time runs out facing no bet is checked or dead as the profile says "
        "(tda-2024 R29, ropta, heavenpoker 7.3)",
        f"{CORE}/hand/_timeout.py",
        'setting = "clock.expiry_facing_bet" if facing_bet else "clock.expiry_not_facing_bet"',
        'setting = "clock.expiry_not_facing_bet" if facing_bet else "clock.expiry_facing_bet"',
        ("tests/hand/test_scenarios.py", "tests/tournament/test_player_clock.py"),
    ),
)


def copy_project(into: Path) -> None:
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc")
    for name in COPIED:
        source = ROOT / name
        if source.is_dir():
            shutil.copytree(source, into / name, ignore=ignore)
        elif source.exists():
            shutil.copy2(source, into / name)


def run_tests(copy: Path, tests: tuple[str, ...]) -> tuple[bool, str]:
    """True when the tests pass in the copy; the last line of pytest's summary."""
    # -m: the marked groups too (browser, crash, scale), when a mutation lists their files.
    flags = ["-x", "-q", "-p", "no:cacheprovider", "-m", "not slow"]
    command = [sys.executable, "-m", "pytest", *flags, *tests]
    # The copy's src before the installed (editable) project, so the mutated code is imported.
    env = {**os.environ, "PYTHONPATH": os.pathsep.join((str(copy / "src"), str(copy)))}
    env["PYTHONDONTWRITEBYTECODE"] = "1"
    result = subprocess.run(command, cwd=copy, env=env, capture_output=True, text=True, check=False)
    lines = [line for line in result.stdout.splitlines() if line.strip()]
    return result.returncode == 0, lines[-1] if lines else result.stderr.strip()[-200:]


def check(copy: Path, mutation: Mutation) -> tuple[str, str]:
    """Apply, test, restore: ``killed``, ``survived`` or ``stale``, and pytest's summary."""
    path = copy / mutation.path
    original = path.read_text(encoding="utf-8")
    found = original.count(mutation.old)
    if found != 1:
        return "stale", f"{mutation.old!r} found {found} times in {mutation.path} (needs 1)"
    path.write_text(original.replace(mutation.old, mutation.new), encoding="utf-8")
    try:
        passed, summary = run_tests(copy, mutation.tests)
    finally:
        path.write_text(original, encoding="utf-8")
    return ("survived" if passed else "killed"), summary


def _stop(signum: int, frame: object) -> None:
    raise SystemExit(128 + signum)  # so the copy is removed when the run is stopped


def main(argv: list[str] | None = None) -> int:
    signal.signal(signal.SIGTERM, _stop)
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("names", nargs="*", help="mutations to run (default: all)")
    parser.add_argument("--list", action="store_true", help="list the mutations and exit")
    args = parser.parse_args(argv)
    by_name = {mutation.name: mutation for mutation in MUTATIONS}
    if args.list:
        for mutation in MUTATIONS:
            print(f"{mutation.name:26} {mutation.rule}")
        return 0
    unknown = [name for name in args.names if name not in by_name]
    if unknown:
        parser.error(f"unknown mutation(s) {', '.join(unknown)}; known: {', '.join(by_name)}")
    chosen = [by_name[name] for name in args.names] if args.names else list(MUTATIONS)
    bad = 0
    with tempfile.TemporaryDirectory(prefix="pokerfloor-mutate-") as folder:
        copy = Path(folder)
        copy_project(copy)
        for mutation in chosen:
            started = time.monotonic()
            verdict, summary = check(copy, mutation)
            bad += verdict != "killed"
            seconds = time.monotonic() - started
            print(f"{verdict:8} {mutation.name:26} {seconds:6.0f} s  {summary}", flush=True)
    print(f"{len(chosen) - bad} of {len(chosen)} mutations killed")
    return 1 if bad else 0


if __name__ == "__main__":
    raise SystemExit(main())
