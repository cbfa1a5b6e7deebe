"""File formats at the edge of pokerfloor: Poker Hand History (PHH) today."""

from pokerfloor.formats.phh import (
    PHH_PROFILE,
    PhhError,
    PhhHand,
    PhhReplay,
    export_phh,
    load_phh,
    parse_phh,
    replay_phh,
)

__all__ = [
    "PHH_PROFILE",
    "PhhError",
    "PhhHand",
    "PhhReplay",
    "export_phh",
    "load_phh",
    "parse_phh",
    "replay_phh",
]
