"""Every refusal explained, in French and English (issue 13, item 4).

Every code and reason with its sentence and its French: ``tests/messages/test_catalogue.py``.
Here, through the pages: a refusal reads as a French sentence with the numbers, its code after
it as secondary text; the set-up page's profile table has no English comment left.
"""

from __future__ import annotations

import html
import re

import pytest

from pokerfloor.errors import PokerfloorError
from pokerfloor.rules import bundled_profile_ids, load_profile
from pokerfloor.rules._catalogue import SCHEMA_BY_KEY
from pokerfloor.web import i18n
from pokerfloor.web.pages.common._citations import COMMENTS, SECTIONS, citation_text
from pokerfloor.web.pages.common._refusals import explain
from tests.messages.french import translation_problems
from tests.web.pages import one_table
from tests.web.pages.conftest import Venue
from tests.web.pages.test_captain import hand_url, next_hand, open_club, table

# ---- (c) refusals through the pages ------------------------------------------------------


def flash_text(answer: str) -> str:
    """The ``#flash`` fragment as the reader sees it, and its code apart."""
    found = re.search(r'<div id="flash"[^>]*>(.*?)</div>', answer, re.S)
    assert found is not None, answer
    return found[1]


def test_the_clock_started_twice_says_so_in_french_the_code_after_it(venue: Venue) -> None:
    one_table.start(venue)
    answer = venue.td.post(f"/t/{one_table.TID}/console/clock/start").text
    shown = html.unescape(flash_text(answer))
    assert shown == (
        'L\'horloge est déjà lancée. <small class="refusal-code">(CLOCK_ALREADY_STARTED)</small>'
    )
    english = venue.td.post(f"/t/{one_table.TID}/console/clock/start?lang=en").text
    assert html.unescape(flash_text(english)).startswith("The clock is already started. <small")


def test_stacks_that_do_not_add_up_on_the_captains_page_say_the_numbers(venue: Venue) -> None:
    open_club(venue)
    hand = next_hand(venue, 1)
    seats = table(venue, 1)["seats"]
    assert isinstance(seats, list)
    first = seats[0]
    total = sum(seat["stack"] for seat in seats)
    answer = venue.public.post(
        hand_url(venue, 1),
        data={
            "hand_no": str(hand["hand_no"]),
            "button_seat": str(hand["button_seat"]),
            "player": [first["player_id"]],
            "stack": [str(first["stack"] + 1000)],
        },
    ).text
    shown = html.unescape(flash_text(answer))
    with i18n.use_locale("fr"):
        after, before = i18n.format_number(total + 1000), i18n.format_number(total)
    assert shown.startswith(
        f"Table 1 : les tapis font {after} jetons ; la table en avait {before} au début de la main"
    )
    assert shown.endswith('<small class="refusal-code">(CHIPS_NOT_CONSERVED)</small>')
    assert "Refusé (" not in shown and "add up" not in shown


def test_a_stack_the_command_refuses_is_named_with_what_it_accepts(venue: Venue) -> None:
    one_table.start(venue)
    one_table.bust(venue, "p3")
    data = {"player_id": "p3", "stack": "0", "reason": "erreur"}
    answer = venue.td.post(f"/t/{one_table.TID}/corrections/bust", data=data).text
    shown = html.unescape(flash_text(answer))
    assert shown == "« tapis » : un nombre entier d'au moins 1 est attendu."
    english = venue.td.post(f"/t/{one_table.TID}/corrections/bust?lang=en", data=data).text
    assert html.unescape(flash_text(english)) == (
        "“stack”: a whole number of at least 1 is expected."
    )


def test_a_refusal_names_the_player_by_name(venue: Venue) -> None:
    one_table.start(venue)
    data = {"player_id": "p2", "reason": "parti"}
    answer = venue.td.post(f"/t/{one_table.TID}/desk/unregister", data=data).text
    shown = html.unescape(flash_text(answer))
    assert shown.startswith("Les places sont tirées : Joueur 2 ne peut plus se désinscrire")
    assert shown.endswith('<small class="refusal-code">(UNREGISTER_AFTER_DRAW)</small>')


def test_a_count_with_a_noun_takes_the_plural_of_its_language() -> None:
    def seats(free: int, language: str) -> str:
        error = PokerfloorError(
            "NOT_ENOUGH_SEATS", "", {"table_no": 2, "players": 9, "free_seats": free}
        )
        with i18n.use_locale(language):
            return explain(error).sentence

    assert "ont 1 place libre :" in seats(1, "fr")
    assert "ont 0 place libre :" in seats(0, "fr")  # French counts 0 as singular
    assert "ont 3 places libres :" in seats(3, "fr")
    assert "have 1 free seat:" in seats(1, "en")
    assert "have 0 free seats:" in seats(0, "en")


# ---- (d) no English comment on the French set-up page ------------------------------------

# Words of the English comments that no French comment has.
ENGLISH_WORDS = frozenset({
    "the", "is", "it", "silent", "follows", "and", "of", "by", "not", "no", "only", "each",
    "set", "are", "with", "to", "its", "for", "from", "after", "usual", "practice",
})  # fmt: skip


def english_words(text: str) -> set[str]:
    return {word for word in re.findall(r"[a-z]+", text.lower()) if word in ENGLISH_WORDS}


@pytest.mark.parametrize("profile", bundled_profile_ids())
def test_the_french_profile_table_has_no_english_comment(venue: Venue, profile: str) -> None:
    page = html.unescape(venue.td.get(f"/new/profile?profile={profile}&lang=fr").text)
    cited = re.findall(r"<cite>(.*?)</cite>", page)
    assert cited
    english = {cite: english_words(cite.split(" ", 1)[1]) for cite in cited}
    assert {cite: words for cite, words in english.items() if words} == {}


def test_every_english_comment_of_the_bundled_profiles_is_listed_and_translated() -> None:
    citations = {
        citation
        for profile in bundled_profile_ids()
        for key in SCHEMA_BY_KEY
        for citation in load_profile(profile).citations(key)
    }
    with i18n.use_locale("fr"):
        left = {cite: english_words(citation_text(cite).split(" ", 1)[1]) for cite in citations}
    assert {cite: words for cite, words in left.items() if words} == {}
    assert [p for m in (*COMMENTS, *SECTIONS) for p in translation_problems(m)] == []
    with i18n.use_locale("en"):
        assert citation_text("tda-2024 R47 (ropta silent; it follows TDA)") == (
            "tda-2024 R47 (ropta silent; it follows TDA)"
        )
