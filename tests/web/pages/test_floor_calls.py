"""Floor calls on the TD's pages: the console's badge by the clock line (how many calls, the
newest table) and its list (table, the captain's reason, how long ago in words from the server's
clock) with "Answered"; the clock screen's TD view (the badge alone); the public never sees a
call. The captains call through their page, as a phone would."""

from __future__ import annotations

import re

import pytest
from starlette.websockets import WebSocketDisconnect

from pokerfloor.web.pages.common._common import captain_key
from tests.web.pages.conftest import Venue, receive_until, words

TID = "club"
SECOND_MS = 1_000


@pytest.fixture
def club(venue: Venue) -> Venue:
    """20 players on 3 tables, buttons placed, clock running."""
    venue.evening(TID)
    return venue


def call_floor(venue: Venue, table_no: int, reason: str = "") -> None:
    """The table's captain calls the floor from their page (its signed link)."""
    key = captain_key(venue.td.app.state.pages, TID, table_no)  # type: ignore[attr-defined]
    answer = venue.public.post(f"/t/{TID}/table/{table_no}/call?key={key}", data={"reason": reason})
    assert "Le floor est appelé" in answer.text or "The floor is called" in answer.text


def element(page: str, element_id: str) -> str:
    """The HTML of the element with ``element_id``, up to the tag that closes it."""
    found = re.search(rf'<(\w+) id="{element_id}"', page)
    assert found is not None, f"no #{element_id}"
    tag, depth = found.group(1), 0
    for mark in re.finditer(rf"<(/?){tag}\b[^>]*>", page[found.start() :]):
        depth += -1 if mark.group(1) else 1
        if depth == 0:
            return page[found.start() : found.start() + mark.end()]
    raise AssertionError(f"#{element_id} is not closed")


def badge(page: str) -> str:
    return element(page, "floor-call-badge")


def call_list(page: str) -> str:
    """The console's list of open calls."""
    return element(page, "console-floor-calls")


def console(venue: Venue, lang: str = "fr") -> str:
    answer = venue.td.get(f"/t/{TID}/console?lang={lang}")
    assert answer.status_code == 200
    return answer.text


def test_the_console_badge_counts_the_open_calls_and_names_the_newest_table(club: Venue) -> None:
    quiet = badge(console(club))
    assert 'data-count="0"' in quiet and words(quiet) == "Aucun appel au floor"
    call_floor(club, 2, "Litige sur un tapis")
    club.clock.advance(30 * SECOND_MS)
    call_floor(club, 1)
    shown = badge(console(club))
    assert 'data-count="2"' in shown and "has-calls" in shown
    assert words(shown) == "2 appels au floor dernier : table 1, à l'instant"
    # The badge sits by the clock line, in the clock's panel.
    page = console(club)
    panel = page[page.index("console-top") : page.index('id="flash"')]
    assert 'id="floor-call-badge"' in panel
    english = badge(console(club, "en"))
    assert words(english) == "2 floor calls newest: table 1, just now"


def test_the_console_lists_each_call_with_its_table_and_reason(club: Venue) -> None:
    call_floor(club, 2, "Litige sur un tapis")
    call_floor(club, 3, "Carte exposée")
    listed = words(call_list(console(club)))
    assert "Table 2 à l'instant Litige sur un tapis" in listed
    assert "Table 3 à l'instant Carte exposée" in listed
    page = console(club)
    for table_no in (2, 3):
        assert f'aria-label="Appel traité : table {table_no}"' in page
        assert f"/t/{TID}/captains/calls/{table_no}/answer" in page


@pytest.mark.parametrize(
    ("waited_ms", "french", "english"),
    [
        (10 * SECOND_MS, "à l'instant", "just now"),
        (70 * SECOND_MS, "il y a 1 min", "1 min ago"),
        (125 * SECOND_MS, "il y a 2 min", "2 min ago"),
    ],
)
def test_how_long_a_call_has_waited_is_in_words_from_the_servers_clock(
    club: Venue, waited_ms: int, french: str, english: str
) -> None:
    call_floor(club, 2, "Litige")
    club.clock.advance(waited_ms)
    page = console(club)
    assert f"Table 2 {french} Litige" in words(call_list(page))
    assert words(badge(page)).endswith(f"dernier : table 2, {french}")
    assert f"Table 2 {english} Litige" in words(call_list(console(club, "en")))
    captains = club.td.get(f"/t/{TID}/captains?lang=fr").text
    assert f"Table 2 {french} Litige" in words(element(captains, "floor-calls"))
    key = captain_key(club.td.app.state.pages, TID, 2)  # type: ignore[attr-defined]
    phone = club.public.get(f"/t/{TID}/table/2?key={key}&lang=fr").text
    assert f"Floor appelé {french} : le TD voit votre appel." in words(phone)
    for text in (page, captains, phone):
        assert "il y a 0 min" not in text and "0 min ago" not in text


def test_the_live_view_words_the_wait_again_as_the_servers_clock_moves(club: Venue) -> None:
    call_floor(club, 2, "Litige")
    with club.td.websocket_connect(f"/t/{TID}/live?view=console-calls&lang=fr") as socket:
        first = socket.receive_text()
        assert "Table 2 à l'instant Litige" in words(first)
        club.clock.advance(61 * SECOND_MS)
        # The view is rendered each second and pushed when its words change (not every second).
        pushed = socket.receive_text()
    assert "Table 2 il y a 1 min Litige" in words(pushed)


def test_a_new_call_reaches_the_console_live_and_an_answered_one_leaves(club: Venue) -> None:
    with club.td.websocket_connect(f"/t/{TID}/live?view=console-calls&lang=fr") as socket:
        assert 'data-count="0"' in socket.receive_text()
        call_floor(club, 1, "Carte exposée")
        club.clock.advance(SECOND_MS)
        pushed = receive_until(socket, 'data-count="1"')
        assert "Table 1 à l'instant Carte exposée" in words(pushed)
        assert f'data-latest="{club.service.tournament(TID).floor_calls[1].at_ms}"' in pushed
        answered = club.td.post(f"/t/{TID}/captains/calls/1/answer?lang=fr")
        assert "Appel de la table 1 traité." in answered.text
        pushed = receive_until(socket, 'data-count="0"')
    assert "Carte exposée" not in pushed and "Aucun appel en attente." in words(pushed)


def test_an_answered_call_leaves_the_list_and_the_badge(club: Venue) -> None:
    call_floor(club, 2, "Litige sur un tapis")
    club.clock.advance(5 * SECOND_MS)
    call_floor(club, 3, "Carte exposée")
    answered = club.td.post(f"/t/{TID}/captains/calls/3/answer")
    assert "Appel de la table 3 traité." in answered.text
    page = console(club)
    listed = words(call_list(page))
    assert "Carte exposée" not in listed and "Table 3" not in listed
    assert "Litige sur un tapis" in listed
    assert words(badge(page)).startswith("1 appel au floor dernier : table 2")
    club.td.post(f"/t/{TID}/captains/calls/2/answer")
    page = console(club)
    assert words(call_list(page)) == "Aucun appel en attente."
    assert 'data-count="0"' in badge(page)


def test_the_console_calls_live_view_is_the_tds_alone(club: Venue) -> None:
    call_floor(club, 2, "Litige")
    with (
        pytest.raises(WebSocketDisconnect) as closed,
        club.public.websocket_connect(f"/t/{TID}/live?view=console-calls") as socket,
    ):
        socket.receive_text()
    assert closed.value.code == 4401


def test_the_public_never_sees_a_floor_call_on_the_clock(club: Venue) -> None:
    call_floor(club, 2, "Litige secret")
    public = club.public.get(f"/t/{TID}/clock?lang=fr").text
    for text in ("floor-call", "Litige secret", "appel au floor", "view=clock-calls"):
        assert text not in public
    with club.public.websocket_connect(f"/t/{TID}/live?view=clock&lang=fr") as socket:
        screen = socket.receive_text()
    assert "floor-call" not in screen and "Litige secret" not in screen
    with (
        pytest.raises(WebSocketDisconnect) as closed,
        club.public.websocket_connect(f"/t/{TID}/live?view=clock-calls") as socket,
    ):
        socket.receive_text()
    assert closed.value.code == 4401


def test_the_td_signed_in_on_the_clock_sees_the_badge_without_the_reasons(club: Venue) -> None:
    quiet = badge(club.td.get(f"/t/{TID}/clock?lang=fr").text)
    assert "hidden" in quiet and 'data-count="0"' in quiet  # nothing while no call is open
    call_floor(club, 2, "Litige secret")
    club.clock.advance(70 * SECOND_MS)
    page = club.td.get(f"/t/{TID}/clock?lang=fr").text
    assert 'ws-connect="/t/club/live?view=clock-calls&amp;lang=fr"' in page
    assert words(badge(page)) == "1 appel au floor dernier : table 2, il y a 1 min"
    assert 'id="floor-call-sound"' in page
    assert "Litige secret" not in page
    with club.td.websocket_connect(f"/t/{TID}/live?view=clock-calls&lang=en") as socket:
        pushed = socket.receive_text()
    assert words(badge(pushed)) == "1 floor call newest: table 2, 1 min ago"
    assert "Litige secret" not in pushed


def test_the_console_offers_the_sound_of_new_calls_with_its_file(club: Venue) -> None:
    page = console(club)
    assert 'data-floor-call-sound="/static/sounds/floor-call.wav"' in page
    assert "/static/floor_calls.js" in page
    assert "Le navigateur ne joue un son qu&#39;après un clic" in page or (
        "Le navigateur ne joue un son qu'après un clic" in page
    )
    sound = club.public.get("/static/sounds/floor-call.wav")
    assert sound.status_code == 200 and sound.content[:4] == b"RIFF"
    assert sound.content[8:12] == b"WAVE" and len(sound.content) < 64_000
