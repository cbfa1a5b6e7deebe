"""File formats at the edge of pokerfloor: Poker Hand History (PHH) today.

``READER`` says which modules read PHH files: "compiled" (mypyc's build of the reader's cold
path, made with the hand engine's by ``uv sync`` where a C compiler exists, used while it
matches the sources) or "pure" (``pokerfloor/_native.py``; always the same as
``pokerfloor.hand.ENGINE``).
"""

from pokerfloor._native import use_compiled

READER = use_compiled(__path__)  # before the reader's modules are imported

from pokerfloor.formats.phh import (  # noqa: E402
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
