"""Issue 31's serve bench: an action renders the pages of its own table, not every player's
page of the tournament. The dealt service tells its live pages which tables changed
(``subscribe`` gets the tables, None when anything may have changed), and a player's page
renders again only for its own table's changes or the tournament's events."""

from __future__ import annotations

import asyncio

from pokerfloor.hand import Action
from tests.dealt._multi import multi_table


def _drain(queue: asyncio.Queue[frozenset[int] | None]) -> list[frozenset[int] | None]:
    items = []
    while not queue.empty():
        items.append(queue.get_nowait())
    return items


def test_issue_31_a_player_s_action_wakes_the_pages_of_its_own_table_only() -> None:
    dealt, _clock = multi_table(players=14, table_size=7, bots=False)

    async def run() -> tuple[list[frozenset[int] | None], list[frozenset[int] | None], int]:
        changes = dealt.subscribe("mtt")
        dealt.tick("mtt")  # both tables deal
        await asyncio.sleep(0)
        dealt_items = _drain(changes)
        table = dealt.table("mtt", 2)
        seat_no = table.to_act_seat()
        player = dealt.tournaments.tournament("mtt").tables[2].seats[seat_no]
        dealt.act("mtt", player, Action("fold"))
        await asyncio.sleep(0)
        return dealt_items, _drain(changes), seat_no

    dealt_items, acted_items, seat_no = asyncio.run(run())
    assert seat_no
    assert dealt_items == [frozenset({1, 2})]
    assert acted_items == [frozenset({2})]  # table 1's pages have nothing to render
