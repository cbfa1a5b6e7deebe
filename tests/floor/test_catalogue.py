"""Every English text of the floor rulings has its French in web/locale/fr/floor_rules.po, with
the same placeholders, and the catalogue holds nothing else."""

from __future__ import annotations

import re
from pathlib import Path

from babel.messages.pofile import read_po

import pokerfloor.web
from pokerfloor.floor import rule
from pokerfloor.web.floor_text import floor_texts, ruling_texts

CATALOGUE = Path(pokerfloor.web.__file__).parent / "locale" / "fr" / "floor_rules.po"
PLACEHOLDER = re.compile(r"\{(\w+)\}")


def french() -> dict[str, str]:
    with CATALOGUE.open("rb") as handle:
        return {
            str(message.id): str(message.string)
            for message in read_po(handle, locale="fr")
            if message.id and not message.fuzzy
        }


def test_every_floor_text_has_its_french_with_the_same_placeholders() -> None:
    translated = french()
    problems = []
    for text in floor_texts():
        found = translated.get(text, "")
        if not found or found == text:
            problems.append(f"no French: {text!r}")
        elif set(PLACEHOLDER.findall(found)) != set(PLACEHOLDER.findall(text)):
            problems.append(f"other placeholders: {text!r} -> {found!r}")
    assert problems == []


def test_the_catalogue_holds_only_floor_texts() -> None:
    assert set(french()) == set(floor_texts())


def test_a_ruling_reads_in_french_with_its_numbers() -> None:
    ruling = rule("heavenpoker", "misdeal_claim", {"actions": 3, "chips_actions": 1})
    meaning, steps = ruling_texts(ruling, "fr")
    assert meaning == "Pas de fausse donne : le jeu continue"
    assert (
        steps[0] == "Trop tard pour une fausse donne : 3 joueurs après les blindes ont déjà parlé."
    )
    assert ruling_texts(ruling, "en")[1][0] == ruling.steps[0].text
