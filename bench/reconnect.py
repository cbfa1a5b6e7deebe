"""How fast live pages come back after a server restart (issue 13, item 5), several times.

Each run is ``tests/browser/test_reconnect.py``'s measurement: a real ``pokerfloor serve`` on a
fresh SQLite file, a captain's phone page (390x844, touch) and the clock screen open in Debian's
chromium, the server killed (SIGKILL), left down for 8 s, started again on the same database and
port; then the seconds from the new server being ready to each page being live again (no
``offline`` class, showing an event recorded after the restart). The table gives the minimum,
median and maximum of the slower page of each run against the 5 s target.

Run: python3 -m uv run python -m bench.reconnect [--runs 5]
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
from pathlib import Path

from playwright.sync_api import sync_playwright
from rich.console import Console
from rich.table import Table
from tests.browser.conftest import CHROMIUM, CHROMIUM_ARGS
from tests.browser.test_reconnect import TARGET_S, Reconnection, measure_reconnection


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    options = parser.parse_args()
    console = Console()
    runs: list[Reconnection] = []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=str(CHROMIUM), args=CHROMIUM_ARGS, headless=True
        )
        try:
            for number in range(1, options.runs + 1):
                with tempfile.TemporaryDirectory() as folder:
                    runs.append(measure_reconnection(browser, Path(folder)))
                console.print(
                    f"run {number}: phone {runs[-1].phone_s:.2f} s, clock {runs[-1].clock_s:.2f} s"
                )
        finally:
            browser.close()
    table = Table(title=f"Live again after a server restart, {len(runs)} runs (seconds)")
    for column in ("page", "min", "median", "max", "target"):
        table.add_column(column, justify="right")
    rows = (
        ("captain's phone", [run.phone_s for run in runs]),
        ("clock screen", [run.clock_s for run in runs]),
        ("slower of the two", [run.slowest_s for run in runs]),
    )
    for name, values in rows:
        table.add_row(
            name,
            f"{min(values):.2f}",
            f"{statistics.median(values):.2f}",
            f"{max(values):.2f}",
            f"< {TARGET_S:.0f}",
        )
    console.print(table)
    worst = max(run.slowest_s for run in runs)
    verdict = "met" if worst < TARGET_S else "MISSED"
    console.print(f"slowest reconnection {worst:.2f} s: target < {TARGET_S:.0f} s {verdict}")


if __name__ == "__main__":
    main()
