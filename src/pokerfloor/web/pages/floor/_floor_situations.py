"""Dealing irregularities on the pages: a ``pokerfloor.floor`` situation as a short form (its
facts as selects and checkboxes), the facts read back from a form or a stored floor call, and
the floor's ruling in the page's language.

The English texts (titles, fact labels, choices, decisions, steps) live in ``pokerfloor.floor``;
their French is in ``locale/fr/floor_rules.po``, keyed by the English text. A text the catalogue
lacks is shown in English, never hidden. The views translate when the template reads them, so
one view serves a page rendered in either language.

A form names its situation's facts ``f_<fact>`` and says, in ``facts_for``, which situation they
belong to: after the TD picks another situation (without JavaScript, a plain GET), the facts
sent are the old situation's and the new one starts from its defaults.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from urllib.parse import urlencode

from pokerfloor.errors import PokerfloorError
from pokerfloor.floor import DECISIONS, SITUATIONS, Fact, FloorRuling, SituationKind
from pokerfloor.web import i18n
from pokerfloor.web.floor_text import floor_text, step_text
from pokerfloor.web.pages.common._citations import citations_text
from pokerfloor.web.pages.common._refusals import RefusalText, explain

__all__ = [
    "FACT_PREFIX",
    "FactInput",
    "RulingView",
    "bad_situation_text",
    "fact_inputs",
    "fact_lines",
    "facts_from_form",
    "facts_from_text",
    "irregularity_url",
    "refusal_of",
    "situation_choices",
    "situation_title",
]

FACT_PREFIX = "f_"
_TRUE = frozenset({"1", "true", "on", "yes"})
_FALSE = frozenset({"", "0", "false", "off", "no"})


def tr(text: str) -> str:
    """A text of ``pokerfloor.floor`` in the current language (``floor_rules.po``)."""
    return floor_text(text, i18n.current_locale())


def situation_title(key: str) -> str:
    kind = SITUATIONS.get(key)
    return tr(kind.title) if kind is not None else key


def situation_choices() -> list[tuple[str, str]]:
    """Every situation as ``(key, title)``, in the core's display order."""
    return [(key, tr(kind.title)) for key, kind in SITUATIONS.items()]


@dataclass(frozen=True)
class FactInput:
    """One fact as a form field: a select (choices, or a whole number's range) or a
    checkbox; ``value`` is the form's text of the value shown."""

    key: str
    kind: str
    label: str
    options: tuple[tuple[str, str], ...]
    value: str

    @property
    def name(self) -> str:
        return FACT_PREFIX + self.key

    @property
    def checked(self) -> bool:
        return self.value == "true"


def _text(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return "" if value is None else str(value)


def _options(fact: Fact) -> tuple[tuple[str, str], ...]:
    if fact.kind == "choice":
        return tuple((choice, tr(fact.choice_label(choice))) for choice in fact.choices)
    if fact.kind == "int":
        return tuple((str(n), str(n)) for n in range(fact.minimum, fact.maximum + 1))
    return ()


def fact_inputs(situation: str, facts: Mapping[str, object]) -> list[FactInput]:
    """The situation's facts as fields, showing ``facts`` (a fact not given: its default)."""
    kind = SITUATIONS.get(situation)
    if kind is None:
        return []
    return [
        FactInput(
            fact.key,
            fact.kind,
            tr(fact.label),
            _options(fact),
            _text(facts.get(fact.key, fact.default)),
        )
        for fact in kind.facts
    ]


def _typed(kind: SituationKind, key: str, text: str) -> tuple[object, str | None]:
    """A fact's text as its value, or the sentence saying what was wrong and what is
    accepted (the fact's label and its choices in the page's language)."""
    fact = kind.fact(key)
    if fact is None:
        accepted = ", ".join(tr(f.label) for f in kind.facts) or "—"
        return None, i18n.gettext(
            "“%(situation)s” has no fact “%(fact)s”; its facts are: %(accepted)s.",
            situation=tr(kind.title),
            fact=key,
            accepted=accepted,
        )
    label = tr(fact.label)
    if fact.kind == "bool":
        if text.lower() in _TRUE | _FALSE:
            return text.lower() in _TRUE, None
        return None, i18n.gettext(
            "“%(fact)s”: “%(value)s” is not accepted: tick the box or leave it empty.",
            fact=label,
            value=text,
        )
    if fact.kind == "int":
        if text.isascii() and text.isdigit() and fact.minimum <= int(text) <= fact.maximum:
            return int(text), None
        return None, i18n.gettext(
            "“%(fact)s”: “%(value)s” is not accepted: a whole number from %(min)s to %(max)s.",
            fact=label,
            value=text,
            min=fact.minimum,
            max=fact.maximum,
        )
    if text in fact.choices:
        return text, None
    return None, i18n.gettext(
        "“%(fact)s”: “%(value)s” is not accepted; choose one of: %(accepted)s.",
        fact=label,
        value=text,
        accepted=", ".join(_quoted(tr(fact.choice_label(c))) for c in fact.choices),
    )


def _quoted(text: str) -> str:
    return i18n.gettext("“%(text)s”", text=text)


def bad_situation_text(given: str) -> str:
    return i18n.gettext(
        "“%(situation)s” is not a situation of the list; choose one of: %(accepted)s.",
        situation=given,
        accepted=", ".join(_quoted(title) for _key, title in situation_choices()),
    )


def facts_from_text(
    situation: str, pairs: Mapping[str, str]
) -> tuple[dict[str, object], list[str]]:
    """Facts given as text (a stored call, ``f_`` fields already stripped) as values; the
    sentences of those refused."""
    kind = SITUATIONS.get(situation)
    if kind is None:
        return {}, [bad_situation_text(situation)]
    facts: dict[str, object] = {}
    errors: list[str] = []
    for key, text in pairs.items():
        value, error = _typed(kind, key, text)
        if error is not None:
            errors.append(error)
        else:
            facts[key] = value
    return facts, errors


def facts_from_form(
    situation: str, fields: Mapping[str, str]
) -> tuple[dict[str, object], list[str]]:
    """The facts a form sent for ``situation``: ``f_<fact>`` fields, an unticked checkbox
    being false. Facts sent for another situation (``facts_for``) are ignored: the defaults."""
    kind = SITUATIONS.get(situation)
    if kind is None:
        return {}, [bad_situation_text(situation)]
    if fields.get("facts_for", "") != situation:
        return {}, []
    pairs = {
        key[len(FACT_PREFIX) :]: value
        for key, value in fields.items()
        if key.startswith(FACT_PREFIX)
    }
    for fact in kind.facts:  # a checkbox left empty is not sent at all
        if fact.kind == "bool":
            pairs.setdefault(fact.key, "")
    return facts_from_text(situation, pairs)


def fact_lines(
    situation: str, facts: Mapping[str, object], *, brief: bool = False
) -> list[tuple[str, str]]:
    """The facts as ``(label, value)`` in words (a stored call's facts, for the TD);
    ``brief``: a yes/no or a number only when it is not its default (a choice always)."""
    kind = SITUATIONS.get(situation)
    if kind is None:
        return []
    lines = []
    for fact in kind.facts:
        if fact.key not in facts:
            continue
        if brief and fact.kind != "choice" and facts[fact.key] == fact.default:
            continue
        value = facts[fact.key]
        if fact.kind == "bool":
            words = i18n.gettext("yes") if value else i18n.gettext("no")
        elif fact.kind == "choice":
            words = tr(fact.choice_label(str(value)))
        else:
            words = str(value)
        lines.append((tr(fact.label), words))
    return lines


@dataclass(frozen=True)
class RulingView:
    """A floor ruling as the pages show it; ``differs``: another decision than the chosen
    profile's. Its texts are translated when the template reads them."""

    ruling: FloorRuling
    profile_title: str = ""
    differs: bool = False

    @property
    def profile(self) -> str:
        return self.ruling.profile

    @property
    def profile_name(self) -> str:
        """The profile's title without its explanation in parentheses: "TDA 2010"."""
        return self.profile_title.split(" (")[0] or self.ruling.profile

    @property
    def decision(self) -> str:
        return self.ruling.decision

    @property
    def decision_text(self) -> str:
        return tr(DECISIONS.get(self.ruling.decision, self.ruling.decision))

    @property
    def steps(self) -> tuple[str, ...]:
        return tuple(step_text(step, i18n.current_locale()) for step in self.ruling.steps)

    @property
    def citations(self) -> tuple[str, ...]:
        return citations_text(self.ruling.citations)


def refusal_of(error: PokerfloorError) -> RefusalText:
    """A refusal of ``pokerfloor.floor`` in the page's language (a form's values are checked
    before the core sees them; this is for what it refuses beyond)."""
    return explain(error)


def irregularity_url(tournament_id: str | None, situation: str, facts: Mapping[str, str]) -> str:
    """The calculator's address with a situation and its facts filled in (the TD opens a
    captain's call there to change a fact)."""
    base = f"/t/{tournament_id}/floor/irregularities" if tournament_id else "/floor/irregularities"
    query = {"situation": situation, "facts_for": situation}
    query.update({f"f_{key}": value for key, value in facts.items()})
    return f"{base}?{urlencode(query)}"
