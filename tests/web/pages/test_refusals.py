"""A refusal of the engine is explained in the page's language, its code after it."""

from __future__ import annotations

import pokerfloor
from pokerfloor.errors import PokerfloorError
from pokerfloor.messages import MESSAGES
from pokerfloor.web import i18n
from pokerfloor.web.pages.common._refusals import explain
from tests.messages.refusal_codes import refusal_codes


def test_a_known_refusal_is_explained_in_french_with_its_code_after_it() -> None:
    error = PokerfloorError("STALE_MOVE", "the moves no longer fit the tables", {})
    with i18n.use_locale("fr"):
        text = explain(error)
    assert text == (
        "Les tables ont changé depuis la proposition : proposez à nouveau les déplacements. "
        "(STALE_MOVE)"
    )
    assert text.__html__().endswith(' <small class="refusal-code">(STALE_MOVE)</small>')


def test_in_english_the_sentence_says_the_numbers_of_the_engine_message() -> None:
    error = PokerfloorError(
        "NOT_ENOUGH_SEATS",
        "table 2 has 9 players but the other tables have 3 free seats: it cannot break yet",
        {"table_no": 2, "players": 9, "free_seats": 3},
    )
    with i18n.use_locale("en"):
        assert explain(error) == (
            "Table 2 has 9 players but the other tables have 3 free seats: it cannot break yet. "
            "(NOT_ENOUGH_SEATS)"
        )


def test_an_unknown_code_shows_the_engine_message() -> None:
    error = PokerfloorError("SOMETHING_NEW", "what happened", {})
    with i18n.use_locale("fr"):
        assert explain(error) == "what happened (SOMETHING_NEW)"


def test_the_sentence_is_escaped_in_a_page() -> None:
    error = PokerfloorError("SOMETHING_NEW", "<b>not bold</b>", {})
    assert "&lt;b&gt;not bold&lt;/b&gt;" in explain(error).__html__()


def test_every_explained_code_is_one_the_engine_raises() -> None:
    assert pokerfloor  # the package the codes are found in
    raised = refusal_codes()
    assert [key for key in MESSAGES if key.split(":")[0] not in raised] == []
