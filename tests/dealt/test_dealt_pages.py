"""The dealt tables' pages and API without a browser: a player's seat page from their secret
link, acting through it (refusals in French, all-in confirmed), the table's screen, the TD's
view, and the hole-card test: every HTTP answer and WebSocket frame other players and
spectators get during a whole sit-and-go holds no hole card before it is shown (the longer one,
every viewer's frames and the histories: tests/dealt/test_hole_cards.py)."""

from __future__ import annotations

import random
import re
import threading

from pokerfloor.app.dealt_service import DealtService
from pokerfloor.cards import Card
from pokerfloor.dealt import DealtTable
from pokerfloor.hand import CardsShown, HandsShown, HolesDealt
from pokerfloor.sim.bots import RandomBot
from pokerfloor.web.pages.common._dealt_common import secret_player_key, secret_screen_key
from tests.dealt._sitngo import SETTINGS
from tests.web.pages.conftest import CAPTAIN_SECRET, TOKEN, Venue

_CARD = re.compile(r'class="dealt-card dealt-\w+" aria-label="(\w\w)"')


def _dealt_venue(players: int = 4) -> tuple[Venue, DealtService]:
    venue = Venue()
    venue.command("sng", type="create_tournament", tournament_id="sng", structure="turbo")
    for number in range(1, players + 1):
        venue.command(
            "sng", type="register_player", player_id=f"p{number}", name=f"Joueur {number}"
        )
    venue.command("sng", type="draw_seats", seed=1)
    venue.command("sng", type="place_buttons", seed=1)
    dealt: DealtService = venue.td.app.state.dealt  # type: ignore[attr-defined]
    dealt.choose("sng", SETTINGS)
    venue.command("sng", type="start_clock")
    return venue, dealt


# The table's screen by its secret link (spectators are not allowed by default).
SCREEN = f"/t/sng/dealt/table/1?key={secret_screen_key(CAPTAIN_SECRET, 'sng', 1)}"


def _link(player_id: str) -> str:
    return f"/t/sng/play/{player_id}/{secret_player_key(CAPTAIN_SECRET, 'sng', player_id)}"


def _seat_player(dealt: DealtService, seat_no: int) -> str:
    return dealt.tournaments.tournament("sng").tables[1].seats[seat_no]


def test_the_player_s_page_shows_his_own_hole_cards_and_nobody_else_s() -> None:
    venue, dealt = _dealt_venue()
    dealt.tick("sng")
    table = dealt.table("sng", 1)
    holes = next(e for e in table.hand_events if isinstance(e, HolesDealt)).cards
    for index, seat_no in enumerate(table.hand().players):
        page = venue.public.get(_link(_seat_player(dealt, seat_no))).text
        seen = set(_CARD.findall(page))
        own = {str(Card(card)) for card in holes[index]}
        assert seen == own, (seat_no, seen, own)
    screen = venue.public.get(SCREEN).text
    assert _CARD.findall(screen) == []
    assert "dealt-back" in screen  # face down


def test_a_wrong_key_opens_no_seat() -> None:
    venue, _dealt = _dealt_venue()
    assert venue.public.get("/t/sng/play/p1/" + "0" * 24).status_code == 404
    answer = venue.public.post(
        "/api/tournaments/sng/dealt/players/p1/act", params={"key": "0" * 24}, json={"kind": "fold"}
    )
    assert answer.status_code == 403


def test_acting_from_the_page_a_raise_below_the_minimum_is_refused_in_french() -> None:
    venue, dealt = _dealt_venue()
    dealt.tick("sng")
    table = dealt.table("sng", 1)
    player = _seat_player(dealt, table.to_act_seat())
    before = len(table.events)
    page = venue.public.get(_link(player)).text
    assert "Votre tour" in page and "Relancer" in page
    answer = venue.public.post(_link(player) + "/act", data={"kind": "raise", "amount": "150"},
                               headers={"HX-Request": "true"})  # fmt: skip
    assert "RAISE_TOO_SMALL" in answer.text or "relance" in answer.text.lower(), answer.text
    assert len(dealt.table("sng", 1).events) == before  # nothing changed
    # All-in asks to confirm first; confirmed, it is played.
    answer = venue.public.post(_link(player) + "/act", data={"kind": "allin"},
                               headers={"HX-Request": "true"})  # fmt: skip
    assert "dealt-confirm-allin" in answer.text
    assert len(dealt.table("sng", 1).events) == before
    venue.public.post(_link(player) + "/act", data={"kind": "allin", "confirmed": "yes"},
                      headers={"HX-Request": "true"})  # fmt: skip
    assert len(dealt.table("sng", 1).events) > before


def test_the_td_view_shows_every_card_to_the_td_only() -> None:
    venue, dealt = _dealt_venue()
    dealt.tick("sng")
    assert venue.public.get("/t/sng/dealt/table/1/td", follow_redirects=False).status_code in (
        303,
        401,
    )
    page = venue.td.get("/t/sng/dealt/table/1/td").text
    assert len(_CARD.findall(page)) == 8  # four players' hole cards
    api = venue.public.get("/api/tournaments/sng/dealt/tables/1",
                           headers={"Authorization": f"Bearer {TOKEN}"}).json()  # fmt: skip
    assert all(len(seat["cards"]) == 2 for seat in api["seats"])
    key = secret_screen_key(CAPTAIN_SECRET, "sng", 1)
    public = venue.public.get("/api/tournaments/sng/dealt/tables/1", params={"key": key}).json()
    assert public["deck"] == [] and all(seat["cards"] == [] for seat in public["seats"])


def test_issue_31_item_4_the_api_s_public_table_follows_the_spectators_setting() -> None:
    """``GET /api/.../dealt/tables/{n}`` opens like the table's screen: while spectators are
    not allowed, only with the screen's key or the TD token; once allowed, to anyone."""
    venue, dealt = _dealt_venue()
    dealt.tick("sng")
    path = "/api/tournaments/sng/dealt/tables/1"
    refused = venue.public.get(path)
    assert refused.status_code == 403 and refused.json()["code"] == "SPECTATORS_NOT_ALLOWED"
    assert venue.public.get(path, params={"key": "0" * 24}).status_code == 403
    assert venue.public.get(path, params={"key": secret_screen_key(CAPTAIN_SECRET, "sng", 2)}
                            ).status_code == 403  # another table's key  # fmt: skip
    key = secret_screen_key(CAPTAIN_SECRET, "sng", 1)
    assert venue.public.get(path, params={"key": key}).status_code == 200
    as_td = venue.public.get(path, headers={"Authorization": f"Bearer {TOKEN}"})
    assert as_td.status_code == 200 and all(len(s["cards"]) == 2 for s in as_td.json()["seats"])
    venue.public.post("/api/tournaments/sng/dealt/spectators", json={"allowed": True},
                      headers={"Authorization": f"Bearer {TOKEN}"})  # fmt: skip
    assert venue.public.get(path).status_code == 200


def _shown_cards(table: DealtTable) -> tuple[dict[str, int], set[str]]:
    """Each hole card of the hand (text -> seat) and those turned face up so far."""
    holes: dict[str, int] = {}
    shown: set[str] = set()
    players = table.hand().players if table.hand_events else ()
    hole_pairs: tuple[tuple[int, int], ...] = ()
    for event in table.hand_events:
        if isinstance(event, HolesDealt):
            hole_pairs = event.cards
            holes = {str(Card(c)): players[i] for i, pair in enumerate(hole_pairs) for c in pair}
        elif isinstance(event, HandsShown):
            shown |= {str(Card(c)) for i in event.order for c in hole_pairs[i]}
        elif isinstance(event, CardsShown):
            shown |= {str(Card(c)) for c in event.cards}
    return holes, shown


def _leaks(text: str, holes: dict[str, int], shown: set[str], own_seat: int) -> list[str]:
    return [
        card
        for card in _CARD.findall(text)
        if card in holes and holes[card] != own_seat and card not in shown
    ]


def _hands_of(table: DealtTable) -> dict[int, tuple[dict[str, int], set[str]]]:
    """Every hand of the table's stream: its hole cards (text -> seat) and those shown."""
    hands: dict[int, tuple[dict[str, int], set[str]]] = {}
    replay = DealtTable()
    for event in table.events:
        replay.apply(event)
        if replay.hand_events:
            hands[replay.hand_no] = _shown_cards(replay)
    return hands


# A frame's hand: its text ("Main 12") or, for a player's own part, its ``data-hand``.
_HAND_NO = re.compile(r'(?:Main |Hand |data-hand=")([1-9]\d*)')


def test_no_hole_card_reaches_another_player_or_a_spectator_before_it_is_shown() -> None:
    """The hole-card test of issue 31 item 4, over a whole sit-and-go of four players played by
    bots through the pages. After every step, every player's page, fragment and API answer and
    the table's screen (HTTP) hold no other player's hole card not shown yet. The WebSocket
    frames of a spectator and of player p1, read all along, hold no other player's hole card
    that was never shown in that hand (a folded or mucked hand never travels)."""
    venue, dealt = _dealt_venue()
    venue.public.post("/api/tournaments/sng/dealt/spectators", json={"allowed": True},
                      headers={"Authorization": f"Bearer {TOKEN}"})  # fmt: skip
    rng, bot = random.Random(3), RandomBot()
    frames: dict[str, list[str]] = {"screen": [], "p1": [], "watch": []}

    def reader(name: str, path: str) -> None:
        with venue.public.websocket_connect(path) as socket:
            while True:
                try:
                    frames[name].append(socket.receive_text())
                except Exception:
                    return
                if "STOP" in frames:
                    return

    readers = [
        threading.Thread(target=reader, args=("screen", "/t/sng/dealt/table/1/live"), daemon=True),
        threading.Thread(target=reader, args=("p1", _link("p1") + "/live"), daemon=True),
        threading.Thread(
            target=reader, args=("watch", "/t/sng/dealt/table/1/watch/live"), daemon=True
        ),
    ]
    for thread in readers:
        thread.start()
    checked = mucks = 0
    for _step in range(3_000):
        tournament = dealt.tournaments.tournament("sng")
        if tournament.players_left == 1:
            break
        dealt.tick("sng")
        table = dealt.table("sng", 1)
        holes, shown = _shown_cards(table)
        seats = {player: seat for seat, player in tournament.tables[1].seats.items()}
        for number in range(1, 5):
            player = f"p{number}"
            own = seats.get(player, 0)
            key = _link(player).rsplit("/", 1)[1]
            for path in (_link(player), _link(player) + "/fragment"):
                assert _leaks(venue.public.get(path).text, holes, shown, own) == [], path
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
        assert _leaks(venue.public.get("/t/sng/dealt/table/1").text, holes, shown, 0) == []
        assert _leaks(venue.public.get("/t/sng/dealt/table/1/watch").text, holes, shown, 0) == []
        public = venue.public.get("/api/tournaments/sng/dealt/tables/1").json()
        assert [c for seat in public["seats"] for c in seat["cards"]
                if str(Card(c)) not in shown] == []  # fmt: skip
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
    frames["STOP"] = []
    hands = _hands_of(dealt.table("sng", 1))
    for name in ("screen", "p1", "watch"):
        assert frames[name], name
        for frame in frames[name]:
            found = _HAND_NO.search(frame)
            if found is None:
                continue
            holes, shown = hands[int(found.group(1))]
            own = _seat_in(frame) if name == "p1" else 0
            assert _leaks(frame, holes, shown, own) == [], (name, frame[:300])


def _seat_in(frame: str) -> int:
    """The seat p1's fragment marks as his own (``dealt-mine`` on the page, ``data-own-seat``
    in the own part pushed over the WebSocket)."""
    found = re.search(r'(?:dealt-mine" data-seat|data-own-seat)="(\d+)"', frame)
    return int(found.group(1)) if found else 0


def test_the_set_up_page_creates_a_tournament_dealt_by_pokerfloor_with_the_profile_s_times() -> (
    None
):
    from tests.web.pages.test_setup import create, new_form

    venue = Venue()
    form = new_form(venue)
    assert form["dealing"] == ["live"]  # the default stays live cards
    assert "Cartes distribuées par pokerfloor" in venue.td.get("/new").text
    answer = create(venue, {**form, "dealing": ["pokerfloor"]}, "screens")
    assert answer.status_code == 303, answer.text
    dealt: DealtService = venue.td.app.state.dealt  # type: ignore[attr-defined]
    settings = dealt.settings("screens")
    assert settings is not None and settings.action_seconds == 25 + 5  # tda-2024 R29
    assert create(venue, form, "live-one").status_code == 303
    assert dealt.settings("live-one") is None
