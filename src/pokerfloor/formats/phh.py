"""Poker Hand History (PHH, uoftcprg/phh-std): read, replay with the engine, and write.

>>> replay = replay_phh(load_phh("hand.phh"))  # doctest: +SKIP
>>> replay.match, replay.finishing_stacks  # doctest: +SKIP

See docs/phh.md for the mapping between PHH fields and the engine.
"""

from pokerfloor.formats._phh_cards import PhhCards, phh_cards, phh_deck
from pokerfloor.formats._phh_export import export_phh, play_random_hand
from pokerfloor.formats._phh_parse import (
    PhhAction,
    PhhError,
    PhhHand,
    load_phh,
    parse_phh,
)
from pokerfloor.formats._phh_replay import (
    PHH_PROFILE,
    PhhReplay,
    phh_setup,
    replay_phh,
)

__all__ = [
    "PHH_PROFILE",
    "PhhAction",
    "PhhCards",
    "PhhError",
    "PhhHand",
    "PhhReplay",
    "export_phh",
    "load_phh",
    "parse_phh",
    "phh_cards",
    "phh_deck",
    "phh_setup",
    "play_random_hand",
    "replay_phh",
]
