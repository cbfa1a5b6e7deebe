"""What a player's page is answered (issue 31): choosing an action in advance says that the
choice took, in the page's language (it answered an empty ``#flash`` before); an action sent
on the page's socket, ruled in the dealt actions' threads, is answered as before: done, the
refusal in the page's language, the all-in's confirmation."""

from __future__ import annotations

import json

from pokerfloor.app.dealt_service import DealtService
from pokerfloor.web.pages.common._dealt_common import secret_player_key
from tests.dealt._frames import dealt_venue
from tests.dealt._sitngo import SETTINGS
from tests.web.pages.conftest import CAPTAIN_SECRET, Venue, words

TID = "answers"


def _one_table() -> tuple[Venue, DealtService, list[str]]:
    """Four players dealt in at one table; its players, the one to act first."""
    venue, dealt = dealt_venue(TID, 4, SETTINGS)
    dealt.tick(TID)
    table = dealt.table(TID, 1)
    seats = dealt.tournaments.tournament(TID).tables[1].seats
    to_act = seats[table.to_act_seat()]
    return venue, dealt, [to_act, *(p for _s, p in sorted(seats.items()) if p != to_act)]


def _link(player_id: str) -> str:
    return f"/t/{TID}/play/{player_id}/{secret_player_key(CAPTAIN_SECRET, TID, player_id)}"


def test_issue_31_choosing_in_advance_answers_that_the_choice_took_in_the_page_s_language() -> None:
    venue, dealt, players = _one_table()
    waiting = players[1]
    htmx = {"HX-Request": "true"}
    chosen = venue.public.post(_link(waiting) + "/advance", data={"kind": "check_fold"},
                               headers=htmx)  # fmt: skip
    assert chosen.status_code == 200
    assert 'id="flash"' in chosen.text and "flash-ok" in chosen.text
    assert words(chosen.text) == "Choisi à l'avance : parole/couché."
    assert dealt.advance_choice(TID, waiting) == "check_fold"
    english = venue.public.post(_link(waiting) + "/advance?lang=en", data={"kind": "call_any"},
                                headers=htmx)  # fmt: skip
    assert words(english.text) == "Chosen in advance: call any."
    cleared = venue.public.post(_link(waiting) + "/advance?lang=en", data={"kind": ""},
                                headers=htmx)  # fmt: skip
    assert words(cleared.text) == "Nothing chosen in advance any more."
    assert dealt.advance_choice(TID, waiting) == ""
    refused = venue.public.post(_link(waiting) + "/advance?lang=en", data={"kind": "raise_any"},
                                headers=htmx)  # fmt: skip
    assert "flash-error" in refused.text and "Chosen" not in refused.text


def _answer_to(venue: Venue, player_id: str, message: dict[str, str], lang: str = "") -> str:
    """The first frame of the player's socket that answers an action (``#flash``)."""
    query = f"?lang={lang}" if lang else ""
    with venue.public.websocket_connect(_link(player_id) + "/live" + query) as socket:
        socket.send_text(json.dumps(message))
        for _ in range(20):
            frame = socket.receive_text()
            if 'id="flash"' in frame or "dealt-confirm" in frame:
                return frame
    raise AssertionError("no answer")


def test_issue_31_an_action_on_the_socket_is_answered_done_refused_or_to_confirm() -> None:
    venue, dealt, players = _one_table()
    to_act, waiting = players[0], players[1]
    english = _answer_to(venue, waiting, {"kind": "call"}, lang="en")
    french = _answer_to(venue, waiting, {"kind": "call"})
    assert 'data-answer="refused"' in english and 'data-code=""' not in english
    assert words(english) != words(french)  # the refusal in the page's language
    confirm = _answer_to(venue, to_act, {"kind": "allin"})
    assert "dealt-confirm" in confirm
    seat_no = dealt.table(TID, 1).to_act_seat()
    done = _answer_to(venue, to_act, {"kind": "call"})
    assert 'data-answer="ok"' in done
    assert dealt.table(TID, 1).to_act_seat() != seat_no
