"""A simulated tournament's hands written as one ``.phhs`` file (``simulate --hands``).

``PhhHandsWriter`` plays the simulator's hands in this process, like ``InlineHands``, and writes
each one as a PHH table (``[1]``, ``[2]``... in the order the aggregate records them) with the
table's hand counter and the hand's seed. A hand replays with ``pokerfloor phh replay
--profile`` set to the tournament's profile to its finishing stacks.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TextIO

from pokerfloor.formats._phh_export import export_phh, toml_fields
from pokerfloor.sim._play import TableResult, TableTask, hand_task, play_hand, table_result


class PhhHandsWriter:
    """Hand players (``pokerfloor.sim._play.HandPlayers``) that write each hand they play."""

    workers = 1

    def __init__(self, out: TextIO, event: str = "") -> None:
        self.out = out
        self.event = event
        self.written = 0

    def play(self, tasks: Iterator[TableTask], count: int) -> Iterator[TableResult]:
        results: list[TableResult] = []
        for table_task in list(tasks):
            plan, task = hand_task(table_task)
            hand = play_hand(task)
            self.written += 1
            extra: list[tuple[str, object]] = [("event", self.event)] if self.event else []
            extra += [("hand", self.written), ("_seed", str(task.seed))]
            self.out.write(f"[{self.written}]\n{export_phh(hand)}{toml_fields(extra)}\n")
            results.append(table_result(table_task, plan, task, hand))
        return iter(results)

    def close(self) -> None:
        self.out.flush()
