"""A refusal of the engine is explained in the page's language, with its code."""

from __future__ import annotations

from pathlib import Path

import pokerfloor
from pokerfloor.errors import PokerfloorError
from pokerfloor.web import i18n
from pokerfloor.web.pages._refusals import EXPLANATIONS, explain


def test_a_known_refusal_is_explained_in_french_with_its_code() -> None:
    error = PokerfloorError("STALE_MOVE", "the moves no longer fit the tables", {})
    with i18n.use_locale("fr"):
        assert explain(error) == (
            "Refusé (STALE_MOVE) : Les tables ont changé depuis la proposition : "
            "proposez à nouveau les déplacements."
        )


def test_in_english_the_engine_message_is_kept_for_its_details() -> None:
    error = PokerfloorError("NOT_ENOUGH_SEATS", "table 2 has 9 players but 3 free seats", {})
    with i18n.use_locale("en"):
        assert (
            explain(error) == "Refused (NOT_ENOUGH_SEATS): table 2 has 9 players but 3 free seats"
        )


def test_an_unknown_code_shows_the_engine_message() -> None:
    error = PokerfloorError("SOMETHING_NEW", "what happened", {})
    with i18n.use_locale("fr"):
        assert explain(error) == "Refusé (SOMETHING_NEW) : what happened"


def test_every_explained_code_is_one_the_engine_raises() -> None:
    package = Path(pokerfloor.__file__).parent
    source = "\n".join(
        path.read_text(encoding="utf-8")
        for path in package.rglob("*.py")
        if path.name != "_refusals.py"
    )
    assert [code for code in EXPLANATIONS if f'"{code}"' not in source] == []
