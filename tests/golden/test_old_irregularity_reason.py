"""A dealing irregularity's ruling stored before issue 30 item 3 held the floor's steps as one
English text (``reason``); a ruling now stores the steps' keys and params (``steps``) and no
English. Such an old line of a dealt table's stream still loads, re-encodes byte for byte and
is shown with the English it stored, in every language."""

from __future__ import annotations

import json
import re

import msgspec

from pokerfloor.cards import shuffled_order
from pokerfloor.dealt import DealtEvent, HandStep
from pokerfloor.floor import STEP_TEXTS
from pokerfloor.hand import (
    ExposeCard,
    FloorStep,
    FouledDeck,
    Hand,
    HandKilled,
    HandSetup,
    KillHand,
    Misdeal,
    Misdealt,
    Ruling,
    Seat,
)
from pokerfloor.web import i18n
from pokerfloor.web.floor_text import ruling_steps
from pokerfloor.web.pages.floor._floor_rulings import ruling_words

DECODER = msgspec.json.Decoder(DealtEvent)

# As pokerfloor wrote them before the steps' keys (002cc9b): a misdeal called by the TD of a
# dealt table, and a hand killed (mixed with a dead card), tda-2024.
OLD_MISDEAL = (
    b'{"type":"hand_step","hand_no":4,"event":{"type":"misdealt","refunds":[[0,50],[1,100]],'
    b'"ruling":{"decision":"misdeal","citations":["tda-2024 R35 D","tda-2024 R36"],'
    b'"reason":"This error makes a misdeal, and it was noticed in time. Gather every card and '
    b"shuffle the whole deck again. Every blind and ante goes back to its owner; the button "
    b'does not move. The same dealer deals the hand again, to the same players."},'
    b'"situation":"misdeal_claim"},"at_ms":660000}'
)
OLD_KILLED = (
    b'{"type":"hand_step","hand_no":4,"event":{"type":"hand_killed","player":1,"ruling":'
    b'{"decision":"hand_dead","citations":["tda-2024 R65 A"],"reason":"The hand mixed with a '
    b"dead card is dead. What the hand committed stays in the pot. The other players play the "
    b'hand on."},"refund":0,"bet_to":-1},"at_ms":660000}'
)


def _hand() -> Hand:
    seats = tuple(Seat(seat_no, f"P{seat_no}", 1000) for seat_no in (1, 2, 3))
    deck = tuple(int(card) for card in shuffled_order(3))
    return Hand.start(HandSetup("tda-2024", seats, 1, 50, 100), deck)


def _stored(line: bytes) -> Ruling:
    step = DECODER.decode(line)
    assert isinstance(step, HandStep)
    assert isinstance(step.event, Misdealt | HandKilled)
    return step.event.ruling


def test_issue_30_item_3_an_old_irregularity_ruling_loads_and_reencodes_byte_for_byte() -> None:
    for line in (OLD_MISDEAL, OLD_KILLED):
        assert msgspec.json.encode(DECODER.decode(line)) == line
        ruling = _stored(line)
        assert ruling.steps == () and ruling.why is None
        english = json.loads(line)["event"]["ruling"]["reason"]
        assert ruling.reason == english
        for lang in ("fr", "en"):  # kept as stored: it was never a code
            assert ruling_steps(ruling, lang) == [english]
            with i18n.use_locale(lang):
                assert ruling_words(ruling) == english


def test_issue_30_item_3_a_new_irregularity_ruling_stores_step_keys_and_no_english() -> None:
    misdeal = _hand().apply_irregularity(Misdeal("button_wrong"))
    killed = _hand().apply_irregularity(KillHand(1, "mixed_with_dead_card"))
    for events, line in ((misdeal, OLD_MISDEAL), (killed, OLD_KILLED)):
        event = next(e for e in events if isinstance(e, Misdealt | HandKilled))
        stored = msgspec.json.encode(HandStep(4, event, 660000))
        ruling = json.loads(stored)["event"]["ruling"]
        assert "reason" not in ruling
        assert all(set(step) <= {"key", "params"} for step in ruling["steps"])
        for template in STEP_TEXTS.values():  # no step's English in the stored line
            words = max(re.split(r"\{\w+\}", template), key=len)
            assert words.encode() not in stored, words
        # The same steps as the old line's English, rebuilt from the keys.
        assert event.ruling.reason == json.loads(line)["event"]["ruling"]["reason"]
        assert DECODER.decode(stored) == HandStep(4, event, 660000)


def test_issue_30_item_3_stored_steps_read_in_french_with_their_numbers() -> None:
    ruling = Ruling(
        "no_misdeal",
        ("heavenpoker 8.2",),
        steps=(FloorStep("too_late_two_acted", {"actions": 3}), FloorStep("hand_goes_on")),
    )
    assert ruling_steps(ruling, "fr") == [
        "Trop tard pour une fausse donne : 3 joueurs après les blindes ont déjà parlé.",
        "Le coup continue avec les cartes telles qu'elles ont été données.",
    ]
    assert ruling.reason.startswith("Too late for a misdeal: 3 players after the blinds")
    with i18n.use_locale("fr"):
        assert ruling_words(ruling).startswith("Trop tard pour une fausse donne : 3 joueurs")


def test_issue_30_item_3_every_irregularity_event_stores_no_english() -> None:
    # A card exposed by the dealer, a card flashed, a fouled deck, a protected hand touched by
    # the muck (it stays live: noted): whatever event the ruling lands in, its line holds
    # keys, not English.
    commands = (
        ExposeCard(1, 2),
        ExposeCard(0, 1, how="flashed", identified=False),
        FouledDeck("joker", player=0),
        KillHand(0, "touched_by_muck", protected=True),
    )
    kinds = set()
    for command in commands:
        for event in _hand().apply_irregularity(command):
            ruling = getattr(event, "ruling", None)
            if ruling is None:
                continue
            kinds.add(type(event).__name__)
            line = msgspec.json.encode(HandStep(1, event, 0))
            assert b'"reason"' not in line and ruling.steps, line
            for step in ruling.steps:
                words = max(re.split(r"\{\w+\}", STEP_TEXTS[step.key]), key=len)
                assert words.encode() not in line
    assert {"DealCorrected", "Misdealt", "Noted"} <= kinds, kinds
