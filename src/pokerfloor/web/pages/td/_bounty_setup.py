"""The set-up page's bounties (a knockout or progressive knockout evening): the fields of the
structure editor's "Bounties" box (``templates/setup_bounty.html``), filled from a structure and
read back into its ``[bounty]`` (tournament/_bounty_rules.py). A bounty left blank or at 0: no
bounties."""

from __future__ import annotations

from typing import Any

from pokerfloor.errors import PokerfloorError
from pokerfloor.tournament.bounties import with_bounty
from pokerfloor.tournament.structure import LAST_BOUNTY_CHOICES, BountyRules, Structure
from pokerfloor.web import i18n
from pokerfloor.web.pages.common._refusals import RefusalText, reason_text
from pokerfloor.web.pages.td._structure_form import (
    Refusal,
    StructureFields,
    cents_field,
    fields_from,
    money_text,
    structure_of,
    whole_field,
)

__all__ = ["bounty_rules", "fields_with_bounty", "structure_with_bounty"]


def fields_with_bounty(structure: Structure, language: str) -> dict[str, Any]:
    """The editor's inputs for ``structure``, its bounties included."""
    values = fields_from(structure, language)
    bounty = structure.bounty
    if bounty is None:
        return values
    return values | {
        "bounty": money_text(bounty.cents, language),
        "bounty_percent": str(bounty.progressive_percent),
        "bounty_unit": money_text(bounty.rounding_cents, language),
        "last_bounty": bounty.last_bounty,
    }


def bounty_rules(fields: StructureFields) -> BountyRules | None:
    """The bounties typed (None: none); a ``Refusal`` names every wrong entry at once."""
    wrong: list[str] = []

    def read(step: Any) -> Any:
        try:
            return step()
        except Refusal as refusal:
            wrong.append(refusal.message)
            return None

    cents = read(lambda: cents_field(fields.bounty, i18n.gettext("Bounty on each entry")))
    percent = read(
        lambda: whole_field(
            fields.bounty_percent,
            i18n.gettext("Share added to the collector's own bounty, in percent"),
            maximum=100,
        )
    )
    unit = read(lambda: cents_field(fields.bounty_unit, i18n.gettext("Bounties paid in units of")))
    if wrong:
        raise Refusal(" ".join(wrong))
    if not cents:
        return None
    last = fields.last_bounty if fields.last_bounty in LAST_BOUNTY_CHOICES else "winner"
    return BountyRules(cents, percent or 0, unit or 1, last)


def structure_with_bounty(fields: StructureFields) -> Structure:
    """The structure the editor describes with its bounties; a ``Refusal`` names what is
    wrong (the bounty above the buy-in, not a whole number of units...)."""
    structure = structure_of(fields)
    rules = bounty_rules(fields)
    if rules is None:
        return structure
    try:
        return with_bounty(structure, rules)
    except PokerfloorError as error:
        sentence = i18n.gettext("The structure is refused: %(message)s", message=reason_text(error))
        raise Refusal(RefusalText(sentence, error.code)) from None
