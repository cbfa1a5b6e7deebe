"""``rule`` and ``rule_everywhere``: facts checked against the situation, then ruled."""

from __future__ import annotations

from collections.abc import Mapping

from pokerfloor.errors import PokerfloorError
from pokerfloor.floor._builder import RulingBuilder
from pokerfloor.floor._model import Fact, FactValue, FloorRuling, SituationKind
from pokerfloor.floor._situations import SITUATIONS
from pokerfloor.rules import RuleProfile, bundled_profile_ids, load_profile


def situation_kind(situation: str) -> SituationKind:
    """The situation named ``situation``; ``FLOOR_UNKNOWN_SITUATION`` names what is accepted."""
    kind = SITUATIONS.get(situation)
    if kind is None:
        raise PokerfloorError(
            "FLOOR_UNKNOWN_SITUATION", {"situation": situation, "situations": list(SITUATIONS)}
        )
    return kind


def checked_facts(kind: SituationKind, facts: Mapping[str, object]) -> dict[str, FactValue]:
    """Every fact of ``kind``: the given ones checked, the others at their default."""
    for key in facts:
        if kind.fact(key) is None:
            names = [fact.key for fact in kind.facts]
            raise PokerfloorError(
                "FLOOR_BAD_FACT",
                {
                    "situation": kind.key,
                    "fact": str(key),
                    "value": str(facts[key]),
                    "accepted": names,
                },
            )
    checked: dict[str, FactValue] = {}
    for fact in kind.facts:
        given = facts.get(fact.key, fact.default)
        value = _typed(fact, given)
        if value is None:
            raise PokerfloorError(
                "FLOOR_BAD_FACT",
                {
                    "situation": kind.key,
                    "fact": fact.key,
                    "value": str(given),
                    "accepted": accepted_values(fact),
                },
            )
        checked[fact.key] = value
    return checked


def accepted_values(fact: Fact) -> list[str]:
    """What ``fact`` accepts, each value as text (``true``/``false``, ``0``..``n``)."""
    if fact.kind == "bool":
        return ["true", "false"]
    if fact.kind == "int":
        return [str(number) for number in range(fact.minimum, fact.maximum + 1)]
    return list(fact.choices)


def _typed(fact: Fact, value: object) -> FactValue | None:
    """``value`` as the fact's type (text as stored in an event log accepted), or ``None``."""
    if fact.kind == "bool":
        if isinstance(value, str) and value in ("true", "false"):
            return value == "true"
        return value if isinstance(value, bool) else None
    if fact.kind == "int":
        if isinstance(value, str) and value.isascii() and value.lstrip("-").isdigit():
            value = int(value)
        if isinstance(value, int) and not isinstance(value, bool):
            return value if fact.minimum <= value <= fact.maximum else None
        return None
    return value if isinstance(value, str) and value in fact.choices else None


def rule(
    profile: str | RuleProfile, situation: str, facts: Mapping[str, object] | None = None
) -> FloorRuling:
    """The floor's ruling on ``situation`` with ``facts`` under ``profile`` (an id, a path or a
    loaded profile). A fact left out takes its default."""
    kind = situation_kind(situation)
    checked = checked_facts(kind, facts or {})
    loaded = profile if isinstance(profile, RuleProfile) else load_profile(profile)
    builder = RulingBuilder(kind.key, loaded, checked)
    kind.ruler(builder)
    return builder.ruling()


def rule_everywhere(
    situation: str, facts: Mapping[str, object] | None = None
) -> dict[str, FloorRuling]:
    """The ruling under every bundled profile, in their display order."""
    return {profile: rule(profile, situation, facts) for profile in bundled_profile_ids()}
