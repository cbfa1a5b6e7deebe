"""Issue 31's measure: the dealt table's parts are the same bytes as before they were built in
Python. ``tests/data/dealt_render/golden.json.gz`` holds the texts the Jinja templates made
(written by ``python -m tests.dealt.test_dealt_render_golden --write`` before the change) at
every table version of the first hands of a played sit-and-go (``_render_states``): the table's
part as the channel pushes it (public and TD, French and English), the push's own part of the
player to act and of two others, the player's page from their seat (its fragment), the
spectators' table; every one must come out the same."""

from __future__ import annotations

import contextlib
import difflib
import gzip
import json
import sys
from pathlib import Path
from typing import Any

from pokerfloor.app.dealt_service import DealtService
from pokerfloor.dealt.views import SeatView, TableView, public_view
from pokerfloor.errors import PokerfloorError
from pokerfloor.web.pages.common._common import Pages, make_environment, render_fragment
from pokerfloor.web.pages.common._dealt_common import (
    _view_dict,
    own_context,
    player_page_context,
    player_status,
    table_context,
    view_dict,
)
from pokerfloor.web.pages.common._dealt_live import _TableChannel
from pokerfloor.web.pages.common._dealt_render import own_part
from tests.dealt._render_states import TABLE_NO, TID, play, render_tournament
from tests.dealt._sitngo import START_MS

GOLDEN = Path(__file__).parents[1] / "data" / "dealt_render" / "golden.json.gz"
HANDS = 10
LINK = f"/t/{TID}/play/p/key"


def _pages(dealt: DealtService) -> Pages:
    return Pages(dealt.tournaments, lambda token: True, b"secret", make_environment())


def _table_part(pages: Pages, dealt: DealtService, language: str, td: bool) -> str:
    channel = _TableChannel((), pages, dealt, TID, TABLE_NO, language, td)
    return channel._render()


def _own_part(pages: Pages, dealt: DealtService, player_id: str, language: str) -> str:
    """What ``push_player``'s ``own`` sends for the player's status of the moment (the
    golden texts: the head and own templates rendered one after the other)."""
    status = dealt.tournaments.read(
        TID, lambda tournament: player_status(tournament, player_id, dealt.clock())
    )
    return own_part(dealt, TID, player_id, status, language, LINK, {})


def _player_page(pages: Pages, dealt: DealtService, player_id: str, language: str) -> str:
    context = player_page_context(dealt, TID, player_id)
    return render_fragment("dealt_player_live.html", language, pages, tournament_id=TID,
                           link=LINK, **context)  # fmt: skip


def _watched(pages: Pages, dealt: DealtService, language: str) -> str:
    view = public_view(dealt.table(TID, TABLE_NO))
    return render_fragment("_dealt_table.html", language, pages, table_no=TABLE_NO,
                           view=view_dict(view), now_ms=dealt.clock(), td=False,
                           seat_no=0)  # fmt: skip


def _texts(pages: Pages, dealt: DealtService, every_part: bool) -> dict[str, str]:
    table = dealt.table(TID, TABLE_NO)
    seats = dealt.tournaments.tournament(TID).tables[TABLE_NO].seats
    to_act = seats.get(table.to_act_seat(), "p1")
    texts = {
        f"table {language} {'td' if td else 'public'}": _table_part(pages, dealt, language, td)
        for language in ("fr", "en")
        for td in (False, True)
    }
    for player_id in sorted({to_act, "p2", "p5"}):
        for language in ("fr", "en"):
            texts[f"own {player_id} {language}"] = _own_part(pages, dealt, player_id, language)
    if every_part:  # the pages' other entries, at some versions (the same pieces)
        texts["page to_act en"] = _player_page(pages, dealt, to_act, "en")
        texts["page p2 fr"] = _player_page(pages, dealt, "p2", "fr")
        texts["watch fr"] = _watched(pages, dealt, "fr")
    return texts


_SEATS = (
    SeatView(1, "Ann", 12_500, 0, (), "folded"),
    SeatView(2, "<script>alert('seat')</script>", 0, 4_000, (), "allin", away=True),
    SeatView(3, 'Zoé "la reine" & Cie', 3_250, 2_000, (12, 51), "allin"),
    SeatView(5, "O'Neil <b>", 98_765, 6_000, ()),
    SeatView(9, "Fred", 1_000_000, 0, (0, 1), away=True),
)
# Views no played state above shows: an ante, three pots, the clock of a paused table, a
# seat with no blind or button at a table whose marks sit elsewhere.
_VIEWS = {
    "ante and side pots": TableView(
        "public", 42, "turn", (3, 17, 30, 44), 5, 5, _SEATS, "c0ffee", pot=31_500,
        pots=(12_000, 9_500, 10_000), small_blind=500, big_blind=1_000, ante=1_000,
        small_blind_seat=9, big_blind_seat=1, deadline_ms=START_MS + 17_400, bank_ms=30_000,
    ),
    "paused clock": TableView(
        "td", 7, "river", (8, 9, 10, 11, 12), 2, 3, _SEATS, "<c&>", pot=4_000, pots=(4_000,),
        small_blind=50, big_blind=100, small_blind_seat=3, big_blind_seat=5,
        deadline_ms=START_MS + 9_000, paused_at_ms=START_MS + 2_500,
    ),
    "over": TableView(
        "public", 8, "showdown", (8, 9, 10, 11, 12), 9, 0, _SEATS, "c", pot=0, finished=True
    ),
}  # fmt: skip


def synthetic_states() -> list[tuple[str, dict[str, str]]]:
    pages = _pages(render_tournament()[0])
    found = []
    for label, view in _VIEWS.items():
        texts = {}
        for language in ("fr", "en"):
            for td, seat_no in ((False, 0), (True, 0), (False, 3)):
                texts[f"table {language} td={td} seat={seat_no}"] = render_fragment(
                    "dealt_table_part.html", language, pages, table_no=4, view=view_dict(view),
                    now_ms=START_MS, td=td, seat_no=seat_no,
                )  # fmt: skip
        found.append((label, texts))
    return found


def states() -> list[tuple[str, dict[str, str]]]:
    """Each table version's label and texts (a version once, the step it first showed)."""
    dealt, clock = render_tournament()
    pages = _pages(dealt)
    found: list[tuple[str, dict[str, str]]] = []
    seen: set[tuple[int, int]] = set()

    def visit(kind: str) -> None:
        table = dealt.table(TID, TABLE_NO)
        version = (len(table.events), table.paused_at_ms or 0)
        if version in seen:
            return
        seen.add(version)
        texts = _texts(pages, dealt, every_part=len(found) % 5 == 0)
        found.append((f"{len(found)} hand {table.hand_no} {kind}", texts))

    play(dealt, clock, visit, hands=HANDS)
    return found + synthetic_states()


def test_issue_31_measure_the_parts_are_the_bytes_the_templates_made() -> None:
    with gzip.open(GOLDEN, "rt", encoding="utf-8") as handle:
        golden: list[list[Any]] = json.load(handle)
    made = states()
    assert [label for label, _ in made] == [label for label, _ in golden]
    for (label, texts), (_, expected) in zip(made, golden, strict=True):
        assert texts.keys() == expected.keys(), label
        for name, text in texts.items():
            if text != expected[name]:
                diff = difflib.unified_diff(
                    expected[name].splitlines(), text.splitlines(), "golden", "made", lineterm=""
                )
                raise AssertionError(f"{label}, {name}:\n" + "\n".join(diff))


def test_issue_31_measure_a_typed_name_stays_escaped_in_every_part() -> None:
    dealt, clock = render_tournament()
    pages = _pages(dealt)
    made: list[str] = []

    def visit(kind: str) -> None:
        if kind == "flop" and not made:
            made.extend(_texts(pages, dealt, every_part=True).values())

    play(dealt, clock, visit, hands=3)
    made.extend(text for _, texts in synthetic_states() for text in texts.values())
    escaped = "&lt;script&gt;alert(&#39;seat&#39;)&lt;/script&gt;"
    assert sum(escaped in text for text in made) >= 10  # the table's parts, p2's own parts
    assert sum("Zoé &#34;la reine&#34; &amp; Cie" in text for text in made) >= 10
    assert sum("O&#39;Neil &lt;b&gt;" in text for text in made) >= 10
    for text in made:
        assert "<script>" not in text and "<b>" not in text and '"la reine"' not in text


def test_issue_31_measure_a_table_s_languages_share_the_view_made_once_per_version() -> None:
    dealt, clock = render_tournament()
    views: list[dict[str, Any]] = []

    def visit(kind: str) -> None:
        for _ in ("fr", "en"):  # each channel's render reads the table's view
            views.append(table_context(dealt, TID, TABLE_NO, td=False, live=True)["view"])

    play(dealt, clock, visit, hands=2)
    pairs = [(a, b) for a, b in zip(views[::2], views[1::2], strict=True) if a["hand_no"]]
    assert all(one is two for one, two in pairs)  # (before the first hand: an empty view)
    versions = {id(one) for one, _ in pairs}
    assert len(versions) > 20  # a new version, a new view
    assert all(one == _view_dict(public_view(dealt.table(TID, TABLE_NO)), {}) for one in views[-2:])


def test_issue_31_measure_a_kept_own_part_is_the_text_its_templates_make() -> None:
    """The push keeps a player's own part while it is not their turn (``_waiting_own``): at
    every version, for every player, with each action chosen in advance, it is the text the
    templates make from the context of the moment."""
    dealt, clock = render_tournament()
    pages = _pages(dealt)
    checked: set[str] = set()

    def compare(player_id: str) -> None:
        status = dealt.tournaments.read(
            TID, lambda tournament: player_status(tournament, player_id, dealt.clock())
        )
        context = {**own_context(dealt, TID, player_id, status, live=True), "link": LINK}
        for language in ("fr", "en"):
            made = own_part(dealt, TID, player_id, status, language, LINK, {})
            assert made == "".join(
                render_fragment(name, language, pages, **context)
                for name in ("dealt_player_head.html", "dealt_player_own.html")
            )
            checked.add(made[made.find('id="dealt-own"') :])

    def visit(kind: str) -> None:
        table = dealt.table(TID, TABLE_NO)
        for seat_no, player_id in dealt.tournaments.tournament(TID).tables[TABLE_NO].seats.items():
            compare(player_id)
            if table.in_hand and seat_no != table.to_act_seat() and player_id != "p2":
                for advance in ("check_fold", "call_any", ""):  # "": none, as before
                    with contextlib.suppress(PokerfloorError):  # not in the hand
                        dealt.choose_in_advance(TID, player_id, advance)
                    compare(player_id)

    play(dealt, clock, visit, hands=3)
    assert len(checked) > 100


if __name__ == "__main__" and sys.argv[1:] == ["--write"]:
    GOLDEN.parent.mkdir(parents=True, exist_ok=True)
    data = json.dumps(states(), ensure_ascii=False, indent=0).encode()
    GOLDEN.write_bytes(gzip.compress(data, mtime=0))
    print(GOLDEN, GOLDEN.stat().st_size)
