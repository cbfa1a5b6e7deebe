"""Every refusal explained, in French and English (issue 13, item 4).

The refusal codes are found in the source (``refusal_codes.py``: a new code fails here until
it has its sentence and its French), and so are the reasons of the hand engine's rulings
(``ruling_reasons.py``). Through the pages, a refusal reads as a French sentence with the
numbers, its code after it as secondary text; the set-up page's profile table has no English
comment left.
"""

from __future__ import annotations

import html
import re

import pytest

from pokerfloor.errors import PokerfloorError
from pokerfloor.messages import MESSAGES, Plural, placeholders
from pokerfloor.rules import bundled_profile_ids, load_profile
from pokerfloor.rules._catalogue import SCHEMA_BY_KEY
from pokerfloor.web import i18n
from pokerfloor.web.pages._citations import COMMENTS, SECTIONS, citation_text
from pokerfloor.web.pages._floor_rulings import _REASONS, _WHY, REFUSALS
from pokerfloor.web.pages._refusal_sentences import FIELD_LABELS, WORDS
from pokerfloor.web.pages._refusals import explain
from tests.web.pages import one_table
from tests.web.pages.conftest import Venue
from tests.web.pages.refusal_codes import refusal_sites
from tests.web.pages.ruling_reasons import ruling_reason_templates
from tests.web.pages.test_captain import hand_url, next_hand, open_club, table

# A French sentence may read as its English one when its words are the same in both.
IDENTICAL_BY_NATURE = frozenset({"points", "prize pool", "structure", "table"})
PLACEHOLDER = re.compile(r"%\((\w+)\)s")


def french(message: str) -> str | tuple[str, ...] | None:
    """The French of ``message`` (merged catalogues; none when missing, empty or fuzzy)."""
    return i18n.catalogue("fr").get(message)


def translation_problems(message: str | Plural) -> list[str]:
    """What is wrong with the French of one sentence: missing, fuzzy, untranslated, or with
    other placeholders than the English."""
    english = (message.singular, message.plural) if isinstance(message, Plural) else (message,)
    found = french(english[0])
    if found is None:
        return [f"no French (missing, empty or fuzzy): {english[0]!r}"]
    forms = (found,) if isinstance(found, str) else found
    if len(forms) != len(english):
        return [f"{len(forms)} French form(s) for {len(english)}: {english[0]!r}"]
    problems = []
    wanted = {name for text in english for name in PLACEHOLDER.findall(text)}
    for form in forms:
        if form in english and english[0] not in IDENTICAL_BY_NATURE:
            problems.append(f"French is the English: {english[0]!r}")
        if isinstance(message, str) and set(PLACEHOLDER.findall(form)) != wanted:
            problems.append(f"other placeholders in French: {english[0]!r} -> {form!r}")
        if isinstance(message, Plural) and not set(PLACEHOLDER.findall(form)) <= wanted:
            problems.append(f"unknown placeholder in French: {english[0]!r} -> {form!r}")
    return problems


# ---- (a) every refusal code --------------------------------------------------------------


def sentences_of(code: str) -> list[str | Plural]:
    """The sentences of a code: under the code itself and under ``CODE:reason``."""
    return [
        message
        for key, messages in MESSAGES.items()
        if key == code or key.startswith(f"{code}:")
        for message in messages
    ]


def test_the_source_scan_finds_the_refusal_codes_however_they_are_written() -> None:
    codes = {site.code for site in refusal_sites()}
    assert "CLOCK_ALREADY_RUNNING" in codes  # clock._refuse("...", ...)
    assert "BAD_BLIND_SEAT" in codes  # hand._setup._bad("...", ...)
    assert {"BET_BELOW_MINIMUM", "RAISE_BELOW_MINIMUM"} <= codes  # code = "A" if ... else "B"
    assert "POINTS_BAD_INPUT" in codes  # _CODE = "..."
    assert "PRIZE_POOL_BAD_INPUT" in codes  # whole(..., code="...")
    assert "TOURNAMENT_DAMAGED" in codes  # super().__init__("...", ...)
    assert "PHH_BAD_FIELD" in codes  # PhhError, a subclass taking a code
    assert len(codes) > 200


def test_every_refusal_code_raised_has_a_sentence() -> None:
    missing = sorted({site.code for site in refusal_sites() if not sentences_of(site.code)})
    assert missing == []


def test_every_place_a_refusal_is_raised_gets_a_sentence_its_params_fill() -> None:
    unfilled = [
        f"{site.path}:{site.line} {site.code} {sorted(site.params)}"
        for site in refusal_sites()
        if site.params is not None
        and not any(placeholders(message) <= site.params for message in sentences_of(site.code))
    ]
    assert unfilled == []


def test_every_refusal_sentence_has_its_french() -> None:
    problems = [
        problem
        for messages in MESSAGES.values()
        for message in messages
        for problem in translation_problems(message)
    ]
    assert problems == []


def test_the_words_and_field_names_of_refusals_have_their_french() -> None:
    problems = [
        problem
        for message in (*WORDS.values(), *FIELD_LABELS.values())
        for problem in translation_problems(message)
    ]
    assert problems == []


# ---- (b) every ruling reason -------------------------------------------------------------


def as_written(message: str) -> str:
    """A translated reason as the engine writes it, its placeholders as ``{name}``."""
    return PLACEHOLDER.sub(r"{\1}", message.replace("%%", "%"))


def test_every_reason_the_engine_writes_in_a_ruling_is_known_to_the_calculator() -> None:
    templates = ruling_reason_templates()
    assert len(templates) > 40
    known = [as_written(message) for message in _REASONS]
    unknown = [
        f"{template.where}: {template.text!r}"
        for template in templates
        if not any(template.pattern().fullmatch(message) for message in known)
    ]
    assert unknown == []


def test_every_ruling_reason_and_refusal_of_the_calculator_has_its_french() -> None:
    messages = (*_REASONS, *_WHY, *REFUSALS.values())
    assert [problem for m in messages for problem in translation_problems(m)] == []


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
