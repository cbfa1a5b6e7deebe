"""Properties of every ruling: whatever the situation, the facts and the bundled profile, the
ruling has a decision from ``DECISIONS``, steps and citations, and each citation names the
profile's own rulebook or the fallback that rulebook states (allinouest and ropta follow TDA;
tda-2010 takes the later TDA rule where it is silent; every citation of another book says so).
"""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from pokerfloor.floor import DECISIONS, SITUATIONS, STEP_TEXTS, Fact, rule
from pokerfloor.rules import bundled_profile_ids, load_profile
from tests.examples import examples

# A profile's own rulebook, then the books it falls back on where it is silent.
FALLBACKS = {
    "tda-2024": ("tda-2024",),
    "tda-2010": ("tda-2010", "tda-2024"),
    "ropta": ("ropta", "tda-2024"),
    "allinouest": ("allinouest", "tda-2024"),
    "heavenpoker": ("heavenpoker",),
}
# What a citation of a fallback book says about the profile's own rulebook.
FALLBACK_NOTES = {
    "tda-2010": "(tda-2010 silent)",
    "ropta": "(ropta follows TDA)",
    "allinouest": "(allinouest silent; it follows TDA)",
}


def value_of(fact: Fact) -> st.SearchStrategy[Any]:
    if fact.kind == "bool":
        return st.booleans()
    if fact.kind == "int":
        return st.integers(fact.minimum, fact.maximum)
    return st.sampled_from(fact.choices)


@st.composite
def situations(draw: st.DrawFn) -> tuple[str, dict[str, Any]]:
    kind = SITUATIONS[draw(st.sampled_from(sorted(SITUATIONS)))]
    facts = {
        fact.key: draw(value_of(fact))
        for fact in kind.facts
        if draw(st.booleans()) or fact.default is None  # a fact left out takes its default
    }
    return kind.key, facts


def test_every_profile_states_its_fallback() -> None:
    assert set(FALLBACKS) == set(bundled_profile_ids())


@settings(max_examples=examples(600), deadline=None)
@given(situation=situations(), profile=st.sampled_from(sorted(FALLBACKS)))
def test_every_ruling_has_a_decision_steps_and_citations_of_its_rulebook(
    situation: tuple[str, dict[str, Any]], profile: str
) -> None:
    key, facts = situation
    ruling = rule(profile, key, facts)
    assert ruling.decision in DECISIONS
    assert ruling.steps
    assert all(step.text and STEP_TEXTS[step.key] == step.template for step in ruling.steps)
    assert ruling.citations
    assert ruling.settings
    for citation in ruling.citations:
        book = citation.split(" ", 1)[0]
        assert book in FALLBACKS[profile], (profile, citation)
        if book != profile:
            assert FALLBACK_NOTES[profile] in citation, (profile, citation)
    loaded = load_profile(profile)
    cited = {c for setting in ruling.settings for c in loaded.citations(setting)}
    assert set(ruling.citations) == cited


@settings(max_examples=examples(200), deadline=None)
@given(situation=situations())
def test_a_ruling_depends_only_on_the_settings_it_read(
    situation: tuple[str, dict[str, Any]],
) -> None:
    """Two profiles with the same values for the settings a ruling read rule the same way: the
    ruling never looks at a profile's name."""
    key, facts = situation
    rulings = [rule(profile, key, facts) for profile in bundled_profile_ids()]
    for first in rulings:
        for second in rulings:
            a, b = load_profile(first.profile), load_profile(second.profile)
            if all(a.value(s) == b.value(s) for s in first.settings):
                assert (first.decision, first.steps) == (second.decision, second.steps)


def every_fact_combination(kind_key: str) -> list[dict[str, Any]]:
    kind = SITUATIONS[kind_key]
    combinations: list[dict[str, Any]] = [{}]
    for fact in kind.facts:
        if fact.kind == "choice":
            values: list[Any] = list(fact.choices)
        elif fact.kind == "bool":
            values = [False, True]
        else:
            values = list(range(fact.minimum, fact.maximum + 1))
        combinations = [{**facts, fact.key: value} for facts in combinations for value in values]
    return combinations


def test_every_step_and_decision_is_reached_by_some_situation() -> None:
    """Exhaustively: every fact combination of every situation under every profile is ruled,
    and every step text and decision word is used (none is dead)."""
    steps: set[str] = set()
    decisions: set[str] = set()
    for key in SITUATIONS:
        for facts in every_fact_combination(key):
            for profile in FALLBACKS:
                ruling = rule(profile, key, facts)
                steps.update(step.key for step in ruling.steps)
                decisions.add(ruling.decision)
    assert steps == set(STEP_TEXTS)
    assert decisions == set(DECISIONS)
