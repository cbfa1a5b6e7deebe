"""The CPU of the two renders a dealt action causes (issue 31's measure), per render, in one
process: no server, no socket.

A nine-player sit-and-go dealt from a seeded shuffler on a fake clock is played by seeded bots
(``tests/dealt/_render_states.py``: the same hands at every run, an away player, a paused
table, rebuys). At each new table version, as the server's pushes do:

- **the table's part**: ``_TableChannel._render`` once per language (French, English), the
  public view (what the table's players and its screen are sent);
- **the own part**: what ``push_player``'s ``own`` makes (``own_context`` read live, the head
  kept per player by what it shows, ``dealt_player_own.html``) for the player to act and the
  one who acted before, and for every seated player at a hand's start and end.

Each call is timed in CPU microseconds (``time.process_time``) and grouped by the table's state
(preflop, flop, turn, river, showdown, between hands). ``--baseline REV`` runs the same play
against the code of the commit ``REV`` (its ``src`` from ``git archive``, first on the path of a
child process), alternately with this tree's, ``--runs`` times each, and prints both side by
side with the ratio; the figures are the median of the runs. Printed with the load average:
the machine is shared, compare runs made in the same minutes.

Run: python3 -m uv run python -m bench.dealt_render [--hands N] [--baseline REV] [--runs R]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path
from typing import Any

from tests.dealt._render_states import TABLE_NO, TID, play, render_tournament

from pokerfloor.app.dealt_service import DealtService
from pokerfloor.web.pages.common._common import Pages, make_environment, render_fragment
from pokerfloor.web.pages.common._dealt_common import own_context, player_status
from pokerfloor.web.pages.common._dealt_live import _TableChannel

LANGUAGES = ("fr", "en")
LINK = f"/t/{TID}/play/p/key"
_ROOT = Path(__file__).resolve().parents[1]

OwnPart = Callable[[str, dict[str, Any], str], str]


def _own_part_of(pages: Pages, dealt: DealtService) -> OwnPart:
    """What ``push_player``'s ``own`` runs: this tree's ``_dealt_render.own_part`` when it
    exists, else the closure's body as it was (the head kept per player by what it shows)."""
    heads: dict[tuple[str, str], dict[tuple[object, ...], str]] = defaultdict(dict)
    try:
        from pokerfloor.web.pages.common import _dealt_render  # type: ignore[attr-defined]
    except ImportError:
        _dealt_render = None

    if _dealt_render is not None:

        def own(player_id: str, status: dict[str, Any], language: str) -> str:
            kept = heads[player_id, language]
            return str(_dealt_render.own_part(dealt, TID, player_id, status, language, LINK, kept))

        return own

    def own_before(player_id: str, status: dict[str, Any], language: str) -> str:
        kept = heads[player_id, language]
        context = own_context(dealt, TID, player_id, status, live=True)
        context.update(tournament_id=TID, link=LINK)
        head_key = (tuple(status.items()), context["away"], context["choices"] is not None)
        head = kept.get(head_key)
        if head is None:
            if len(kept) >= 8:
                kept.clear()
            head = kept[head_key] = render_fragment(
                "dealt_player_head.html", language, pages, **context
            )
        return head + render_fragment("dealt_player_own.html", language, pages, **context)

    return own_before


def measure(hands: int) -> dict[str, dict[str, list[float]]]:
    """CPU seconds of each render, by part (``table``, ``own``) and table state (``warm-up``:
    the first hand's)."""
    dealt, clock = render_tournament()
    pages = Pages(dealt.tournaments, lambda token: True, b"bench", make_environment())
    channels = {
        language: _TableChannel((), pages, dealt, TID, TABLE_NO, language, False)
        for language in LANGUAGES
    }
    own = _own_part_of(pages, dealt)
    for name in pages.env.list_templates(extensions=("html",)):  # as ``serve`` warms up
        pages.env.get_template(name)
    times: dict[str, dict[str, list[float]]] = {
        part: defaultdict(list) for part in ("table", "own")
    }
    last: dict[str, Any] = {"version": None, "hand": -1, "to_act": 0}
    cpu = time.process_time

    def visit(kind: str) -> None:
        table = dealt.table(TID, TABLE_NO)
        version = (len(table.events), table.paused_at_ms)
        if version == last["version"]:
            return  # only the clock moved: nothing is pushed
        last["version"] = version
        kind = kind.removesuffix("+bets")
        if table.hand_no < 2:  # the first hand fills what a running server keeps
            kind = "warm-up"
        for language in LANGUAGES:
            start = cpu()
            channels[language]._render()
            times["table"][kind].append(cpu() - start)
        tournament = dealt.tournaments.tournament(TID)
        seats = tournament.tables[TABLE_NO].seats
        to_act = table.to_act_seat()
        if table.hand_no != last["hand"] or kind == "between":
            owners = set(seats)  # a hand's start and end: everyone's own part
        else:
            owners = {seat for seat in (to_act, last["to_act"]) if seat in seats}
        last["hand"], last["to_act"] = table.hand_no, to_act
        now = dealt.clock()
        for seat_no in sorted(owners):
            player_id = seats[seat_no]
            status = player_status(tournament, player_id, now)
            assert status is not None
            for language in LANGUAGES:
                start = cpu()
                own(player_id, status, language)
                times["own"][kind].append(cpu() - start)

    play(dealt, clock, visit, hands=hands)
    return {part: dict(by_kind) for part, by_kind in times.items()}


KINDS = ("preflop", "flop", "turn", "river", "showdown", "paused", "between")


def _summary(times: dict[str, dict[str, list[float]]]) -> dict[str, dict[str, float]]:
    """Mean µs per render by part and state, and ``all``."""
    out: dict[str, dict[str, float]] = {}
    for part, by_kind in times.items():
        by_kind.pop("warm-up", None)
        out[part] = {kind: 1e6 * statistics.fmean(values) for kind, values in by_kind.items()}
        every = [value for values in by_kind.values() for value in values]
        out[part]["all"] = 1e6 * statistics.fmean(every)
        out[part]["renders"] = len(every)
    return out


def _baseline_src(revision: str, folder: Path) -> Path:
    archive = subprocess.run(
        ["git", "archive", revision, "src"], cwd=_ROOT, check=True, capture_output=True
    ).stdout
    with tempfile.NamedTemporaryFile(suffix=".tar") as handle:
        handle.write(archive)
        handle.flush()
        with tarfile.open(handle.name) as tar:
            tar.extractall(folder, filter="data")
    return folder / "src"


def _child(hands: int, src: Path | None) -> dict[str, dict[str, float]]:
    """One run in a fresh process (``src`` first on its path: the baseline's code)."""
    env = dict(os.environ)
    paths = [str(src)] if src is not None else []
    env["PYTHONPATH"] = os.pathsep.join([*paths, str(_ROOT)])
    env["POKERFLOOR_ENGINE"] = "pure"  # the same engine for both (the renders are timed)
    out = subprocess.run(
        [sys.executable, "-m", "bench.dealt_render", "--hands", str(hands), "--json"],
        cwd=_ROOT, env=env, check=True, capture_output=True, text=True,
    ).stdout  # fmt: skip
    summary: dict[str, dict[str, float]] = json.loads(out)
    return summary


def _median(runs: list[dict[str, dict[str, float]]]) -> dict[str, dict[str, float]]:
    return {
        part: {key: statistics.median(run[part][key] for run in runs) for key in runs[0][part]}
        for part in runs[0]
    }


def _print(before: dict[str, dict[str, float]] | None, after: dict[str, dict[str, float]]) -> None:
    load = ", ".join(f"{value:.2f}" for value in os.getloadavg())
    print(f"CPU µs per render (time.process_time), load average {load}")
    for part, name in (("table", "table's part"), ("own", "own part")):
        print(f"\n{name} ({int(after[part]['renders'])} renders a run)")
        print(f"{'state':<10}{'before':>10}{'after':>10}{'ratio':>8}")
        for kind in (*KINDS, "all"):
            if kind not in after[part]:
                continue
            now = after[part][kind]
            if before is None or kind not in before[part]:
                print(f"{kind:<10}{'':>10}{now:>10.1f}")
                continue
            then = before[part][kind]
            print(f"{kind:<10}{then:>10.1f}{now:>10.1f}{then / now:>7.2f}x")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=40)
    parser.add_argument("--baseline", help="a commit whose code to compare with (git archive)")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--json", action="store_true", help="print one run's summary as JSON")
    args = parser.parse_args()
    if args.json:
        print(json.dumps(_summary(measure(args.hands))))
        return
    if args.baseline is None:
        _print(None, _summary(measure(args.hands)))
        return
    with tempfile.TemporaryDirectory() as folder:
        src = _baseline_src(args.baseline, Path(folder))
        befores, afters = [], []
        for _ in range(args.runs):  # alternately: both see the same minutes' load
            befores.append(_child(args.hands, src))
            afters.append(_child(args.hands, None))
    _print(_median(befores), _median(afters))


if __name__ == "__main__":
    main()
