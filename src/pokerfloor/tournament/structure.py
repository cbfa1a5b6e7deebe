"""Tournament structures: chips, levels, breaks and colour-ups, entry rules; the TOML file
format and its bundled templates; a generator sized to a number of players and a target time.

A ``Structure`` is valid by construction (blinds never go down, the small blind is at most the
big blind, every amount is made of the chips in play at its level, breaks follow existing
levels, a colour-up only removes chips in play); a refusal is a ``PokerfloorError`` naming the
field (``levels.4.big_blind``) and what would be accepted.
"""

from pokerfloor.tournament._bounty_rules import LAST_BOUNTY_CHOICES, BountyRules
from pokerfloor.tournament._structure_generate import (
    ANTE_KINDS,
    DEFAULT_COLOURS,
    AnteKind,
    default_chip,
    generate_structure,
)
from pokerfloor.tournament._structure_model import (
    Break,
    ChipDenomination,
    EntryRules,
    Level,
    Structure,
)
from pokerfloor.tournament._structure_toml import (
    bundled_structures,
    dump_structure,
    load_structure,
)

__all__ = [
    "ANTE_KINDS",
    "DEFAULT_COLOURS",
    "LAST_BOUNTY_CHOICES",
    "AnteKind",
    "BountyRules",
    "Break",
    "ChipDenomination",
    "EntryRules",
    "Level",
    "Structure",
    "bundled_structures",
    "default_chip",
    "dump_structure",
    "generate_structure",
    "load_structure",
]
