"""Floor rulings on dealing irregularities: exposed and flashed cards, misdeals, board errors,
premature cards, dead hands, fouled decks (issue 15).

Pure rules core: it imports only ``pokerfloor.errors``, ``pokerfloor.rules`` and
``pokerfloor.cards``. ``rule(profile, situation, facts)`` returns a ``FloorRuling``: a stable
decision word (``DECISIONS``), the procedure step by step and the profile's citations. Where
the rulebooks differ, the difference is a profile setting ``irregularities.*``. English texts
live here; the French is in ``web/locale/fr/floor_rules.po`` (see ``pokerfloor.web.floor_text``).
"""

from pokerfloor.floor._model import DECISIONS, Fact, FactValue, FloorRuling, SituationKind, Step
from pokerfloor.floor._rule import checked_facts, rule, rule_everywhere, situation_kind
from pokerfloor.floor._situations import SITUATIONS
from pokerfloor.floor._texts import STEP_TEXTS, step_english

__all__ = [
    "DECISIONS",
    "SITUATIONS",
    "STEP_TEXTS",
    "Fact",
    "FactValue",
    "FloorRuling",
    "SituationKind",
    "Step",
    "checked_facts",
    "rule",
    "rule_everywhere",
    "situation_kind",
    "step_english",
]
