"""A player clock's expiry stored before the catalogue held its ruling's reason as an English
sentence (``reason``); it is now a code (``why``) the pages translate (issue 30, item 3). Such
an old line still loads, keeps its English readable, and is shown from its code."""

from __future__ import annotations

import json

import msgspec

from pokerfloor.app.service import EVENT_DECODER
from pokerfloor.hand import Reason
from pokerfloor.tournament.events import PlayerClockExpired
from pokerfloor.web import i18n
from pokerfloor.web.pages.floor._floor_rulings import reason_words

# As pokerfloor wrote it before the reason codes (b61e6f5).
OLD_LINE = (
    b'{"type":"player_clock_expired","table_no":1,"seat_no":3,"player_id":"p3","hand_no":4,'
    b'"facing_bet":false,"decision":"check","setting":"clock.expiry_not_facing_bet",'
    b'"reason":"time ran out not facing a bet: the hand is checked","at_ms":660000,'
    b'"citations":["tda-2024 R29"]}'
)


def test_an_old_expiry_with_its_english_reason_still_loads_and_reads_as_its_code() -> None:
    event = EVENT_DECODER.decode(OLD_LINE)
    assert isinstance(event, PlayerClockExpired)
    assert event.why is None
    assert event.reason == "time ran out not facing a bet: the hand is checked"
    assert event.reason_of() == Reason("TIMEOUT_NO_BET_CHECKED")
    assert event.reason_of().english() == event.reason  # the same sentence it stored
    with i18n.use_locale("fr"):
        assert reason_words(event.reason_of()) == "temps écoulé sans mise à suivre : parole"


def test_a_new_expiry_stores_the_reason_code_and_no_english_sentence() -> None:
    event = EVENT_DECODER.decode(OLD_LINE)
    assert isinstance(event, PlayerClockExpired)
    new = PlayerClockExpired(
        event.table_no, event.seat_no, event.player_id, event.hand_no, event.facing_bet,
        event.decision, event.setting, event.at_ms, event.citations, why=event.reason_of(),
    )  # fmt: skip
    line = msgspec.json.encode(new)
    stored = json.loads(line)
    assert "reason" not in stored
    assert stored["why"] == {"code": "TIMEOUT_NO_BET_CHECKED"}
    assert EVENT_DECODER.decode(line) == new
