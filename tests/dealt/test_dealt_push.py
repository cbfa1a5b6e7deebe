"""Issue 31's measure, the dealt pages' pushes (``web/pages/common/_dealt_live.py``): a change at
one table wakes the pages of that table only; the table's part is rendered once per version and
sent as the same text to its players and its screen (no hole card in it: each player's own
cards come in their own part); a render that differs only by the clock's milliseconds is not
pushed (the page counts down by itself)."""

from __future__ import annotations

import re
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager

from pokerfloor.app.dealt_service import DealtService
from pokerfloor.hand import Action
from pokerfloor.web.pages.common._dealt_common import secret_player_key, secret_screen_key
from pokerfloor.web.pages.common._dealt_live import channel_renders
from tests.dealt._frames import dealt_venue
from tests.dealt._sitngo import SETTINGS
from tests.web.pages.conftest import CAPTAIN_SECRET, TOKEN, Venue

TID = "push"
_TABLE_PART = re.compile(r'<div id="dealt-table-part".*?</section>\s*</div>', re.S)
_FACE_UP = re.compile(r'class="dealt-card dealt-(?:clubs|diamonds|hearts|spades)"')


def _two_tables() -> tuple[Venue, DealtService]:
    venue, dealt = dealt_venue(TID, 8, SETTINGS)
    dealt.tick(TID)  # both tables deal
    return venue, dealt


def _link(player_id: str) -> str:
    return f"/t/{TID}/play/{player_id}/{secret_player_key(CAPTAIN_SECRET, TID, player_id)}"


def _seated(dealt: DealtService, table_no: int) -> list[str]:
    seats = dealt.tournaments.tournament(TID).tables[table_no].seats
    return [seats[seat_no] for seat_no in sorted(seats)]


class _Reader:
    """A WebSocket's frames, read in a thread as they come."""

    def __init__(self, venue: Venue, path: str) -> None:
        self.frames: list[str] = []
        self.stop = False
        self.thread = threading.Thread(target=self._read, args=(venue, path), daemon=True)
        self.thread.start()

    def _read(self, venue: Venue, path: str) -> None:
        with venue.public.websocket_connect(path) as socket:
            while not self.stop:
                try:
                    self.frames.append(socket.receive_text())
                except Exception:  # the server closed the socket
                    return


@contextmanager
def _reading(venue: Venue, *paths: str) -> Iterator[list[_Reader]]:
    readers = [_Reader(venue, path) for path in paths]
    try:
        yield readers
    finally:
        for reader in readers:
            reader.stop = True


def _settled(readers: list[_Reader], at_least: int = 1) -> None:
    """Until every reader has ``at_least`` frames and none came for a while."""
    deadline = time.monotonic() + 8
    counts: list[int] = []
    while time.monotonic() < deadline:
        now = [len(reader.frames) for reader in readers]
        if now == counts and min(now) >= at_least:
            return
        counts = now
        time.sleep(0.4)


_FIRST_PARTS = ('id="dealt-table-part"', 'id="dealt-left"', 'id="dealt-own"')


def _all_parts(readers: list[_Reader]) -> None:
    """Until every reader has had each part of a player's page once: a frame may hold
    several (one message per change), so the frames are not counted."""
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if all(all(part in "".join(r.frames) for part in _FIRST_PARTS) for r in readers):
            return
        time.sleep(0.05)
    raise AssertionError([reader.frames for reader in readers])


def _act_at(dealt: DealtService, table_no: int) -> None:
    table = dealt.table(TID, table_no)
    player = dealt.tournaments.tournament(TID).tables[table_no].seats[table.to_act_seat()]
    dealt.act(TID, player, Action("call"))


def test_issue_31_a_change_at_table_1_sends_nothing_to_a_client_of_table_2() -> None:
    venue, dealt = _two_tables()
    one, two = _seated(dealt, 1)[0], _seated(dealt, 2)[0]
    with _reading(venue, _link(one) + "/live", _link(two) + "/live") as readers:
        _all_parts(readers)  # the table's part, the players left, the own part
        _settled(readers)
        before = [len(reader.frames) for reader in readers]
        renders_two = channel_renders(TID, 2)
        venue.clock.advance(1_500)  # the clock moved: a render of table 2 would differ
        _act_at(dealt, 1)
        _settled(readers)
        assert len(readers[0].frames) > before[0]  # table 1's client got the action
        assert len(readers[1].frames) == before[1], readers[1].frames[before[1] :]
        assert channel_renders(TID, 2) == renders_two  # table 2's part was not even rendered


def test_issue_31_two_players_and_the_screen_of_one_table_receive_the_same_shared_bytes() -> None:
    venue, dealt = _two_tables()
    first, second = _seated(dealt, 1)[:2]
    screen = f"/t/{TID}/dealt/table/1/live?key={secret_screen_key(CAPTAIN_SECRET, TID, 1)}"
    with _reading(venue, _link(first) + "/live", _link(second) + "/live", screen) as readers:
        _settled(readers, at_least=1)
        before = [len(reader.frames) for reader in readers]
        venue.clock.advance(700)
        _act_at(dealt, 1)
        _settled(readers)
        parts = [  # a player's message may bring their own part after the table's
            [found.group(0) for frame in reader.frames[count:]
             if (found := _TABLE_PART.search(frame))]
            for reader, count in zip(readers, before, strict=True)
        ]  # fmt: skip
    assert all(len(found) == 1 for found in parts), parts
    shared = parts[0][0]
    assert parts[1][0] == shared and parts[2][0] == shared  # the same bytes for all three
    assert _FACE_UP.search(shared) is None  # no hole card in the shared part
    assert "dealt-mine" not in shared


def test_issue_31_item_3_a_render_that_only_moved_the_clock_pushes_nothing() -> None:
    """A change of unknown extent (here a bot seated: every table's pages render again) that
    leaves the table as it was: its render differs by the clock's milliseconds only, and
    nothing is pushed; the page counts the clock down by itself."""
    venue, dealt = _two_tables()
    player = _seated(dealt, 1)[0]
    screen = f"/t/{TID}/dealt/table/1/live?key={secret_screen_key(CAPTAIN_SECRET, TID, 1)}"
    with _reading(venue, screen) as readers:
        _settled(readers, at_least=1)
        assert 'data-remaining-ms="' in readers[0].frames[0]
        before, renders = len(readers[0].frames), channel_renders(TID, 1)
        venue.clock.advance(2_000)
        dealt.seat_bot(TID, player, "random")  # wakes every page of the tournament
        _settled(readers)
        assert channel_renders(TID, 1) > renders  # it rendered again ...
        assert len(readers[0].frames) == before  # ... and sent nothing


def test_issue_31_two_spectators_get_the_same_table_and_both_are_told_when_the_td_forbids() -> None:
    """The spectators' delayed table, now rendered once for all the spectators of the table
    (``push_watch``): the same text to each; when the TD forbids spectators, each gets the
    sentence and the server closes the socket (as before the shared render)."""
    venue, _dealt = _two_tables()
    td = {"Authorization": f"Bearer {TOKEN}"}
    venue.public.post(f"/api/tournaments/{TID}/dealt/spectators", json={"allowed": True},
                      headers=td)  # fmt: skip
    path = f"/t/{TID}/dealt/table/1/watch/live"
    with _reading(venue, path, path) as readers:
        _settled(readers, at_least=1)
        assert readers[0].frames[0] == readers[1].frames[0]
        assert "dealt-seats" in readers[0].frames[0]  # the table
        venue.public.post(f"/api/tournaments/{TID}/dealt/spectators", json={"allowed": False},
                          headers=td)  # fmt: skip
        _settled(readers, at_least=2)
        for reader in readers:
            assert "SPECTATORS_NOT_ALLOWED" in reader.frames[-1], reader.frames[-1][:200]
        assert readers[0].frames[-1] == readers[1].frames[-1]
        for reader in readers:
            reader.thread.join(timeout=5)
            assert not reader.thread.is_alive()  # the socket was closed by the server


def test_issue_31_an_action_chosen_in_advance_reaches_the_player_s_own_part() -> None:
    """ "Check/fold" chosen in advance changes nothing of the table's shared part: the
    player's own part is still pushed again with the choice pressed."""
    venue, dealt = _two_tables()
    table = dealt.table(TID, 1)
    seats = dealt.tournaments.tournament(TID).tables[1].seats
    waiting = next(p for s, p in sorted(seats.items()) if s != table.to_act_seat())
    with _reading(venue, _link(waiting) + "/live") as readers:
        _all_parts(readers)
        _settled(readers)
        assert 'aria-pressed="true"' not in "".join(readers[0].frames)
        before = len(readers[0].frames)
        venue.public.post(_link(waiting) + "/advance", data={"kind": "check_fold"},
                          headers={"HX-Request": "true"})  # fmt: skip
        _settled(readers)
        pushed = readers[0].frames[before:]
    assert len(pushed) == 1 and 'id="dealt-own"' in pushed[0], pushed
    assert 'value="" aria-pressed="true"' in pushed[0]  # pressed: a tap clears it


def test_issue_31_the_table_s_part_and_the_actor_s_own_part_come_in_one_message() -> None:
    """The player who acted: their table's new part and their own part (no choices any more)
    changed together, and come as one message (one frame, one write on the server)."""
    venue, dealt = _two_tables()
    table = dealt.table(TID, 1)
    actor = dealt.tournaments.tournament(TID).tables[1].seats[table.to_act_seat()]
    with _reading(venue, _link(actor) + "/live") as readers:
        _all_parts(readers)
        _settled(readers)
        before = len(readers[0].frames)
        _act_at(dealt, 1)
        _settled(readers)
        pushed = readers[0].frames[before:]
    assert len(pushed) == 1, pushed
    assert 'id="dealt-table-part"' in pushed[0] and 'id="dealt-own"' in pushed[0]
