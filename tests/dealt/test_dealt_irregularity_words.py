"""Issue 30 item 3: a misdeal the TD calls on a dealt table is stored as the floor's step keys;
the console's answer and the hand's history page word the steps in the page's language."""

from __future__ import annotations

from pokerfloor.cards import shuffled_order
from pokerfloor.hand import Hand, HandSetup, KillHand, Seat
from pokerfloor.web.pages.td.dealt_hands import hand_story
from tests.dealt.test_dealt_console import _venue

FRENCH_STEP = "Ramasser toutes les cartes et remélanger tout le jeu."
ENGLISH_STEP = "Gather every card and shuffle the whole deck again."


def test_issue_30_item_3_the_console_s_misdeal_shows_the_floor_s_steps_in_french() -> None:
    venue, dealt = _venue()
    dealt.tick("mtt")
    misdeal = {"table_no": "1", "cause": "button_wrong"}
    answer = venue.td.post("/t/mtt/dealt/kill?lang=fr", data=misdeal).text
    assert FRENCH_STEP in answer and ENGLISH_STEP not in answer
    assert "Cette erreur fait une fausse donne" in answer


def test_issue_30_item_3_the_hand_s_page_words_the_misdeal_in_the_page_s_language() -> None:
    venue, dealt = _venue()
    dealt.tick("mtt")
    hand_no = dealt.table("mtt", 1).hand_no
    venue.td.post("/t/mtt/dealt/kill?lang=en", data={"table_no": "1", "cause": "button_wrong"})
    url = f"/t/mtt/dealt/table/1/hand/{hand_no}"
    french = venue.td.get(f"{url}?lang=fr").text
    assert FRENCH_STEP in french and ENGLISH_STEP not in french
    assert "tda-2024 R35 D" in french
    english = venue.td.get(f"{url}?lang=en").text
    assert ENGLISH_STEP in english and FRENCH_STEP not in english


def test_issue_30_item_3_a_hand_killed_by_the_floor_reads_as_its_steps_away_stays_away() -> None:
    seats = (Seat(1, "Ana", 1000), Seat(2, "Bea", 1000, absent=True), Seat(3, "Cy", 1000))
    hand = Hand.start(HandSetup("tda-2024", seats, 1, 50, 100), shuffled_order(3))
    hand.apply_irregularity(KillHand(hand.names.index("Ana"), "mixed_with_dead_card"))
    story = hand_story(hand, "td", "fr")["steps"]
    assert {"kind": "away", "name": "Bea"} in story  # a reason code, not the floor's steps
    floor = next(step for step in story if step["kind"] == "floor")
    assert floor["name"] == "Ana" and floor["citations"] == "tda-2024 R65 A"
    assert floor["texts"][0] == "La main mêlée à une carte morte est morte."
