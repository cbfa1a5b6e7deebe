"""Every ``tda-2024`` citation names an article the TDA 2024 text has (rules R1-R71, their
lettered parts and numbered items, procedures RP-1 to RP-22): in the bundled profiles, in the
rulings of the floor, hand, rules and tournament code, in the docs, the scenario and situation
files and the tests. The articles are read from the rulebook by ``scripts/tda_articles.py``
into ``tests/rules/tda-2024-articles.txt``."""

from __future__ import annotations

import re

import pytest

from pokerfloor.rules import SCHEMA, bundled_profile_ids, load_profile
from tests.scripts_loader import ROOT, load_script

SCRIPT = load_script("tda_articles")
ARTICLES: set[str] = set(SCRIPT.read_list())
# "tda-2024 R35", "tda-2024 R35 A5", "tda-2024 RP-5 B"; a lowercase word after the number
# ("R43 addendum") or a range's dash ends the article.
CITATION = re.compile(r"tda-2024 (RP-\d+|R\d+)(?: ([A-H]\d*)\b)?")
SOURCES = (
    *sorted((ROOT / "src" / "pokerfloor").glob("*/**/*.py")),
    *sorted((ROOT / "src" / "pokerfloor" / "rules" / "profiles").glob("*.toml")),
    *sorted((ROOT / "docs").glob("**/*.md")),
    *sorted((ROOT / "tests" / "scenarios").glob("*.yaml")),
    *sorted((ROOT / "tests" / "floor" / "situations").glob("*.yaml")),
    *sorted(
        path
        for path in (ROOT / "tests").glob("**/*.py")
        if path.name != "test_tda_2024_citations.py"
    ),
)


def unknown(texts: list[str]) -> list[str]:
    """The citations in ``texts`` whose article the 2024 text does not have."""
    wrong = []
    for text in texts:
        for match in CITATION.finditer(text):
            article = match.group(1) + (f" {match.group(2)}" if match.group(2) else "")
            if article not in ARTICLES:
                wrong.append(match.group(0))
    return wrong


def test_the_checker_refuses_articles_the_text_does_not_have() -> None:
    assert unknown(["tda-2024 R72", "tda-2024 R39 E", "tda-2024 R35 A8", "tda-2024 RP-23"]) == [
        "tda-2024 R72", "tda-2024 R39 E", "tda-2024 R35 A8", "tda-2024 RP-23",
    ]  # fmt: skip
    assert unknown(["tda-2024 R35 A5", "tda-2024 RP-5 B", "tda-2024 R43 addendum"]) == []


@pytest.mark.parametrize("profile_id", bundled_profile_ids())
def test_every_tda_2024_citation_of_a_bundled_profile_names_an_article_of_the_text(
    profile_id: str,
) -> None:
    profile = load_profile(profile_id)
    cited = [
        f"{spec.key}: {citation}" for spec in SCHEMA for citation in profile.citations(spec.key)
    ]
    assert unknown(cited) == []


def test_every_tda_2024_citation_in_code_docs_and_tests_names_an_article_of_the_text() -> None:
    wrong = [
        f"{path.relative_to(ROOT)}: {citation}"
        for path in SOURCES
        for citation in unknown([path.read_text(encoding="utf-8")])
    ]
    assert wrong == []


def test_the_article_list_is_what_the_2024_text_gives() -> None:
    if not SCRIPT.TEXT.exists():
        pytest.skip(f"{SCRIPT.TEXT} is not here: the committed list stands")
    assert SCRIPT.extract(SCRIPT.TEXT.read_text(encoding="utf-8")) == SCRIPT.read_list()
