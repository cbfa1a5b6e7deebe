"""Poker Hand History (PHH, uoftcprg/phh-std): read, replay with the engine, and write.

>>> replay = replay_phh(load_phh("hand.phh"))  # doctest: +SKIP
>>> replay.match, replay.finishing_stacks  # doctest: +SKIP
>>> for item in load_phhs("hands.phhs"): ...  # doctest: +SKIP

See docs/phh.md for the mapping between PHH fields and the engine.
"""

from pokerfloor.formats._phh_cards import phh_cards, phh_deck
from pokerfloor.formats._phh_export import export_phh, export_phhs, play_random_hand
from pokerfloor.formats._phh_lean import lean_replay, replay_phh_fast
from pokerfloor.formats._phh_lean_result import LeanReplay, PhhResult
from pokerfloor.formats._phh_multi import iter_phh_file, load_phhs, parse_phhs
from pokerfloor.formats._phh_parse import (
    PhhAction,
    PhhError,
    PhhHand,
    load_phh,
    parse_phh,
    phh_from_toml,
)
from pokerfloor.formats._phh_records import PhhCards, PhhItem, PhhPosts
from pokerfloor.formats._phh_replay import PhhReplay, replay_phh
from pokerfloor.formats._phh_result import Agreement
from pokerfloor.formats._phh_setup import PHH_PROFILE, phh_setup

__all__ = [
    "PHH_PROFILE",
    "Agreement",
    "LeanReplay",
    "PhhAction",
    "PhhCards",
    "PhhError",
    "PhhHand",
    "PhhItem",
    "PhhPosts",
    "PhhReplay",
    "PhhResult",
    "export_phh",
    "export_phhs",
    "iter_phh_file",
    "lean_replay",
    "load_phh",
    "load_phhs",
    "parse_phh",
    "parse_phhs",
    "phh_cards",
    "phh_deck",
    "phh_from_toml",
    "phh_setup",
    "play_random_hand",
    "replay_phh",
    "replay_phh_fast",
]
