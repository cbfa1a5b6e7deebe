"""The 7-card census: evaluate all 133,784,560 seven-card hands and check the known counts.

Run: python3 -m uv run python -m bench.census   (about a minute on one core)
"""

from __future__ import annotations

import time

from tests.cards.test_evaluate import SEVEN_CARD_COUNTS, census


def main() -> None:
    start = time.perf_counter()
    categories, distinct = census(7)
    elapsed = time.perf_counter() - start
    total = sum(categories.values())
    for category, expected in SEVEN_CARD_COUNTS.items():
        mark = "ok" if categories[category] == expected else "MISMATCH"
        print(f"{category.key:<16} {categories[category]:>12,} (expected {expected:>12,}) {mark}")
    print(f"total {total:,} hands, {distinct:,} distinct values (expected 4,824)")
    print(f"{elapsed:.1f} s, {total / elapsed:,.0f} hands/s")
    ok = dict(categories) == SEVEN_CARD_COUNTS and distinct == 4_824
    raise SystemExit(0 if ok else 1)


if __name__ == "__main__":
    main()
