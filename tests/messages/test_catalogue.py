"""One message catalogue (issue 30, item 3): every refusal code the core raises and every reason
the hand engine records has one English sentence in ``pokerfloor.messages`` and its French.

The codes are found in the source (``refusal_codes.py``, ``reason_codes.py``): a new code fails
here until it has its sentence and its French; a sentence no code uses fails too.
"""

from __future__ import annotations

import ast

import pytest

from pokerfloor.errors import PokerfloorError
from pokerfloor.messages import MESSAGES, REASONS, Plural, placeholders
from pokerfloor.web.api_common import refusal_message
from pokerfloor.web.pages.common._refusal_sentences import FIELD_LABELS, WORDS
from tests.messages.french import translation_problems
from tests.messages.reason_codes import reason_sites
from tests.messages.refusal_codes import refusal_codes, refusal_sites

# The packages of the rules core, whose refusals are codes and params only.
CORE = frozenset({"cards", "rules", "hand", "floor", "tournament", "club", "dealt"})
# The file diagnostics: a scenario file (``hand run``, ``floor rule`` exit 2), a house
# profile's TOML (``rules/_profile.py``, ``_catalogue.py``) and a structure's
# (``tournament/_structure_model.py``, ``_structure_toml.py``) are named with the file, the
# line or key and a "did you mean" in a text of their own, beside their code and params.
FILE_DIAGNOSTICS = frozenset({"SCENARIO_INVALID"})
FILE_DIAGNOSTIC_MODULES = frozenset(
    {
        "rules/_profile.py",
        "rules/_catalogue.py",
        "tournament/_structure_model.py",
        "tournament/_structure_toml.py",
    }
)


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


def test_every_sentence_of_the_catalogue_is_for_a_code_the_core_raises() -> None:
    raised = refusal_codes()
    assert [key for key in MESSAGES if key.split(":")[0] not in raised] == []


def test_a_new_code_without_a_sentence_is_found(tmp_path: pytest.TempPathFactory) -> None:
    """The source scan reads ``PokerfloorError("CODE", {...})``, the style a new code is
    written in: a code missing from the catalogue is one the test above reports."""
    call = ast.parse('raise PokerfloorError("NO_SUCH_CODE_YET", {"table_no": 3})').body[0]
    assert isinstance(call, ast.Raise)
    assert "NO_SUCH_CODE_YET" not in MESSAGES
    error = PokerfloorError("NO_SUCH_CODE_YET", {"table_no": 3})
    assert error.message == "NO_SUCH_CODE_YET"  # no sentence: the code alone, never prose


def test_a_refusal_raised_with_params_takes_its_english_from_the_catalogue() -> None:
    error = PokerfloorError("NOT_ENOUGH_SEATS", {"table_no": 2, "players": 9, "free_seats": 3})
    assert error.message == (
        "Table 2 has 9 players but the other tables have 3 free seats: it cannot break yet."
    )
    assert str(error) == error.message
    assert error.as_dict() == {
        "code": "NOT_ENOUGH_SEATS",
        "params": {"table_no": 2, "players": 9, "free_seats": 3},
        "message": error.message,
    }


def test_no_core_module_raises_an_english_text_of_its_own() -> None:
    """Beside the command line's file diagnostics (scenario, situation and PHH files name the
    line and field in a text of their own), a refusal of the core is a code and params."""
    english = [
        f"{site.path}:{site.line} {site.code}"
        for site in refusal_sites()
        if site.has_text
        and site.path.split("/")[0] in CORE
        and site.code not in FILE_DIAGNOSTICS
        and site.path not in FILE_DIAGNOSTIC_MODULES
    ]
    assert english == []


# ---- (b) every ruling reason -------------------------------------------------------------


def test_the_source_scan_finds_the_reasons_however_their_code_is_written() -> None:
    sites = reason_sites()
    assert any(site.matches("FOLD_DECLARED") for site in sites)  # Reason("FOLD_DECLARED")
    assert any(site.matches("THEN_RAISE_TO") for site in sites)  # f"THEN_{kind.upper()}_TO"
    assert any(site.matches("TIMEOUT_NO_BET_DEAD") for site in sites)
    assert not any(site.matches("NOT_A_REASON") for site in sites)
    assert len(sites) > 60


def test_every_reason_the_engine_records_has_a_sentence() -> None:
    assert [site.where for site in reason_sites() if not any(map(site.matches, REASONS))] == []


def test_every_reason_sentence_is_one_the_engine_records() -> None:
    sites = reason_sites()
    assert [code for code in REASONS if not any(site.matches(code) for site in sites)] == []


def test_every_reason_sentence_has_its_french() -> None:
    assert [problem for m in REASONS.values() for problem in translation_problems(m)] == []


def test_the_api_message_is_the_catalogue_sentence_even_for_a_refusal_in_the_old_style() -> None:
    """A code another branch still raises with a text: the API says the catalogue's sentence,
    the command line and the logs keep the text until the raise site is converted."""
    params = {"table_no": 2, "players": 9, "free_seats": 3}
    error = PokerfloorError("NOT_ENOUGH_SEATS", "table 2 cannot break yet", params)
    assert error.message == "table 2 cannot break yet"
    assert refusal_message(error) == (
        "Table 2 has 9 players but the other tables have 3 free seats: it cannot break yet."
    )
