"""The hole-card test of issue 31 item 4, over a whole sit-and-go of four players played by
bots through the players' pages, with spectators allowed (a delay of 3 s). Marked ``scale``
(about a minute); ``tests/dealt/test_dealt_pages.py`` keeps a shorter one in the fast suite.

Collected all along and checked:

- every WebSocket frame pushed to each of the four players, to the table's screen and to a
  spectator: each frame is checked against the cards shown in its hand by the time it arrived
  (the table's stream read at that moment): another player's hole card not yet shown is a leak,
  so a mucked or folded hand is one in every frame;
- after every step, every HTTP answer each player and the public get: the seat pages, their
  fragments and the API, the table's screen and its API, the spectators' page and its API; and
  every few steps (and at the end) the histories: each player's hand list, hand pages and
  ``.phhs``, the public hand pages and their JSON. A hand's history is checked against that
  hand's cards: only the reader's own and those shown.
"""

from __future__ import annotations

import random
import re
import threading
from typing import Any

import pytest

from pokerfloor.cards import Card
from pokerfloor.dealt import HandStep
from pokerfloor.formats.phh import parse_phhs
from pokerfloor.hand import CardsShown, HandsShown, HandStarted, HolesDealt
from pokerfloor.sim.bots import RandomBot
from tests.dealt.test_dealt_pages import (
    _CARD,
    _HAND_NO,
    _dealt_venue,
    _link,
    _seat_in,
    _shown_cards,
)
from tests.web.pages.conftest import TOKEN

_PLAYERS = ("p1", "p2", "p3", "p4")
_HAND_LINK = re.compile(r"/hand/(?:1/)?(\d+)\"")


class _Frames:
    """Frames read on a WebSocket, each with the length of the table's stream on arrival."""

    def __init__(self) -> None:
        self.items: list[tuple[str, int]] = []
        self.stop = False


def _read(venue: Any, dealt: Any, path: str, frames: _Frames) -> None:
    with venue.public.websocket_connect(path) as socket:
        while not frames.stop:
            try:
                text = socket.receive_text()
            except Exception:
                return
            frames.items.append((text, len(dealt.table("sng", 1).events)))


class _Shown:
    """Each hand's hole cards (text -> seat) and, for each card turned face up, the position
    in the table's stream of the event that showed it; read incrementally."""

    def __init__(self) -> None:
        self.read = 0
        self.holes: dict[int, dict[str, int]] = {}
        self.shown_at: dict[int, dict[str, int]] = {}
        self._seats: tuple[int, ...] = ()
        self._pairs: tuple[tuple[int, int], ...] = ()

    def update(self, events: list[Any]) -> None:
        for position in range(self.read, len(events)):
            event = events[position]
            if isinstance(event, HandStep):
                self._step(event.hand_no, event.event, position)
        self.read = len(events)

    def _step(self, number: int, event: Any, position: int) -> None:
        shown = self.shown_at.setdefault(number, {})
        cards: list[int] = []
        if isinstance(event, HandStarted):
            self._seats = event.players
        elif isinstance(event, HolesDealt):
            self._pairs = event.cards
            self.holes[number] = {
                str(Card(c)): self._seats[i] for i, pair in enumerate(event.cards) for c in pair
            }
        elif isinstance(event, HandsShown):
            cards = [c for i in event.order for c in self._pairs[i]]
        elif isinstance(event, CardsShown):
            cards = list(event.cards)
        for card in cards:
            shown.setdefault(str(Card(card)), position)

    def hand(self, number: int, upto: int | None = None) -> tuple[dict[str, int], set[str]]:
        """The hand's holes and the cards shown within the first ``upto`` events (all)."""
        limit = self.read if upto is None else upto
        shown = {card for card, at in self.shown_at.get(number, {}).items() if at < limit}
        return self.holes.get(number, {}), shown


def _other_unshown(text: str, hand: tuple[dict[str, int], set[str]], own_seat: int) -> list[str]:
    holes, shown = hand
    cards = _CARD.findall(text)
    return [c for c in cards if c in holes and holes[c] != own_seat and c not in shown]


def _check_history(
    venue: Any, player: str, own: dict[int, int], index: _Shown, done: set[tuple[str, int]]
) -> int:
    """A player's hand list, each hand page and the ``.phhs``: their own cards and the cards
    shown in that hand, nothing else. ``own``: hand number -> the player's seat."""
    checked = 0
    listing = venue.public.get(_link(player) + "/hands").text
    for row in listing.split("<li>")[1:]:
        found = _HAND_LINK.search(row)
        assert found, row
        number = int(found.group(1))
        assert _other_unshown(row, index.hand(number), own.get(number, 0)) == [], (player, row)
        if (player, number) in done:
            continue
        done.add((player, number))
        page = venue.public.get(_link(player) + f"/hand/1/{number}").text
        assert _other_unshown(page, index.hand(number), own.get(number, 0)) == [], number
        checked += 1
    phhs = venue.public.get(_link(player) + "/hands.phhs").text
    for item in parse_phhs(phhs):
        phh = item.hand
        assert phh is not None
        number = int(phh.metadata["hand"])
        _holes, shown = index.hand(number)
        for action in phh.actions:
            if action.verb != "dh":
                continue
            seat = phh.seats[action.player] if phh.seats else action.player + 1
            for card in action.cards:
                if card is None or seat == own.get(number):
                    continue
                assert str(Card(card)) in shown, (player, number, action.text)
        checked += 1
    return checked


@pytest.mark.scale  # a whole tournament, every frame of six viewers: about a minute
def test_no_hole_card_reaches_another_player_or_a_spectator_before_it_is_shown() -> None:
    venue, dealt = _dealt_venue()
    answer = venue.public.post(
        "/api/tournaments/sng/dealt/spectators",
        headers={"Authorization": f"Bearer {TOKEN}"},
        json={"allowed": True, "delay_seconds": 3},
    )
    assert answer.status_code == 200
    rng, bot = random.Random(3), RandomBot()
    frames = {name: _Frames() for name in (*_PLAYERS, "screen", "watch")}
    paths = {player: _link(player) + "/live" for player in _PLAYERS}
    paths |= {"screen": "/t/sng/dealt/table/1/live", "watch": "/t/sng/dealt/table/1/watch/live"}
    readers = [
        threading.Thread(target=_read, args=(venue, dealt, paths[name], frames[name]), daemon=True)
        for name in frames
    ]
    for thread in readers:
        thread.start()
    seat_of_hand: dict[str, dict[int, int]] = {player: {} for player in _PLAYERS}
    index, done = _Shown(), set[tuple[str, int]]()
    checked = mucks = histories = 0
    for step in range(3_000):
        tournament = dealt.tournaments.tournament("sng")
        if tournament.players_left == 1:
            break
        dealt.tick("sng")
        table = dealt.table("sng", 1)
        holes, shown = _shown_cards(table)
        seats = {player: seat for seat, player in tournament.tables[1].seats.items()}
        for player in _PLAYERS:
            own = seats.get(player, 0)
            if own and table.hand_no:
                seat_of_hand[player][table.hand_no] = own
            key = _link(player).rsplit("/", 1)[1]
            for path in (_link(player), _link(player) + "/fragment"):
                text = venue.public.get(path).text
                assert _other_unshown(text, (holes, shown), own) == [], path
            api = venue.public.get(f"/api/tournaments/sng/dealt/players/{player}",
                                   params={"key": key}).json()  # fmt: skip
            visible = [
                str(Card(card))
                for seat in (api["view"] or {}).get("seats", ())
                if seat["seat_no"] != own
                for card in seat["cards"]
            ]
            assert [card for card in visible if card not in shown] == [], player
            checked += 1
        screen = venue.public.get("/t/sng/dealt/table/1").text
        assert _other_unshown(screen, (holes, shown), 0) == []
        # The spectators' table is a hand of 3 s ago: checked against that hand's cards.
        index.update(table.events)
        watched = venue.public.get("/t/sng/dealt/table/1/watch").text
        found = _HAND_NO.search(watched)
        if found:
            assert _other_unshown(watched, index.hand(int(found.group(1))), 0) == []
        for path in ("/api/tournaments/sng/dealt/tables/1",
                     "/api/tournaments/sng/dealt/tables/1/watch"):  # fmt: skip
            public = venue.public.get(path).json()
            if not public["hand_no"]:
                continue
            _holes, seen_then = index.hand(public["hand_no"])
            seen = [c for seat in public["seats"] for c in seat["cards"]]
            assert [c for c in seen if str(Card(c)) not in seen_then] == [], path
            assert public["deck"] == [] and public["secret"] == ""
        if step % 25 == 0:
            for player in _PLAYERS:
                histories += _check_history(venue, player, seat_of_hand[player], index, done)
        seat_no = table.to_act_seat()
        if seat_no:
            hand = table.hand()
            player = tournament.tables[1].seats[seat_no]
            legal = hand.legal_actions()
            if legal.options:
                choice = bot.choose(hand, legal, rng)
                form = {"kind": choice.kind, "amount": str(choice.amount or ""), "confirmed": "yes"}
            else:  # the showdown: show or muck (a mucked hand must never travel)
                kinds = [k for k in hand.showdown_options() if k in ("show", "muck")]
                form = {"kind": rng.choice(kinds)}
                mucks += form["kind"] == "muck"
            venue.public.post(_link(player) + "/act", data=form)
        venue.clock.advance(1_000)
    assert dealt.tournaments.tournament("sng").players_left == 1
    assert checked > 100 and mucks > 0
    # The histories at the end, and every public hand page with its JSON.
    index.update(dealt.table("sng", 1).events)
    for player in _PLAYERS:
        histories += _check_history(venue, player, seat_of_hand[player], index, done)
    venue.clock.advance(10_000)
    for number in sorted(index.holes):
        page = venue.public.get(f"/t/sng/dealt/table/1/hand/{number}")
        if page.status_code == 404:  # the hand in progress when the last player won
            continue
        assert _other_unshown(page.text, index.hand(number), 0) == [], number
        answer = venue.public.get(f"/t/sng/dealt/table/1/hand/{number}",
                                  headers={"Accept": "application/json"}).json()  # fmt: skip
        assert "deck" not in answer and "secret" not in answer
        proven = {str(Card(card)) for _place, card, _salt in answer["proofs"]}
        holes, shown = index.hand(number)
        assert [c for c in proven if c in holes and c not in shown] == [], number
    assert histories > 10
    for reader in frames.values():
        reader.stop = True
    for name, reader in frames.items():
        assert reader.items, name
        for frame, upto in reader.items:
            found = _HAND_NO.search(frame)
            if found is None:
                continue
            number = int(found.group(1))
            assert number in index.holes, (name, number, upto)
            at_arrival = index.hand(number, upto)
            own = _seat_in(frame) if name in _PLAYERS else 0
            assert _other_unshown(frame, at_arrival, own) == [], (name, frame[:300])
