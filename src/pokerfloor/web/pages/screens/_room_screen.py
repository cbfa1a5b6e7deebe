"""What the room's screen adds to the clock (issue 13, item 6): the chips in play with a swatch
of their colour, and the address of the club's logo. The TD's panel that sets the club's
name, message and logo is ``templates/clock_room_td.html``; its actions are in ``clock.py``.

A chip's colour is free text of the structure ("vert", "bleu clair", "dark green"): the
swatch is drawn from a fixed palette (``clock.css``, ``.chip-swatch[data-colour=...]``; no
inline style) when a word of the colour names one of its colours, else a plain ring, and the
name is always written beside it.
"""

from __future__ import annotations

import unicodedata
from typing import Any

from pokerfloor.tournament.structure import ChipDenomination

__all__ = ["chips_in_play", "logo_url", "swatch"]

# A word of a colour's name (French or English, lower case, accents removed) -> the palette.
_PALETTE = {
    "blanc": "white",
    "blanche": "white",
    "white": "white",
    "noir": "black",
    "noire": "black",
    "black": "black",
    "rouge": "red",
    "red": "red",
    "vert": "green",
    "verte": "green",
    "green": "green",
    "bleu": "blue",
    "bleue": "blue",
    "blue": "blue",
    "ciel": "light-blue",
    "turquoise": "light-blue",
    "cyan": "light-blue",
    "jaune": "yellow",
    "yellow": "yellow",
    "or": "gold",
    "dore": "gold",
    "gold": "gold",
    "orange": "orange",
    "violet": "purple",
    "violette": "purple",
    "mauve": "purple",
    "purple": "purple",
    "rose": "pink",
    "pink": "pink",
    "gris": "grey",
    "grise": "grey",
    "grey": "grey",
    "gray": "grey",
    "argent": "grey",
    "silver": "grey",
    "marron": "brown",
    "brun": "brown",
    "brown": "brown",
    "beige": "beige",
}
_LIGHT = {"clair", "claire", "light", "pale"}


def _plain(text: str) -> str:
    decomposed = unicodedata.normalize("NFKD", text.lower())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def swatch(chip: ChipDenomination) -> str:
    """The palette colour of a chip (``"other"`` when none of its words names one); "bleu
    clair" and "light blue" are the light blue."""
    for name in (chip.colour_en, chip.colour_fr):
        words = _plain(name).replace("-", " ").split()
        found = next((_PALETTE[word] for word in words if word in _PALETTE), None)
        if found == "blue" and _LIGHT & set(words):
            return "light-blue"
        if found is not None:
            return found
    return "other"


def chips_in_play(chips: tuple[ChipDenomination, ...]) -> list[dict[str, Any]]:
    """The denominations in play, the smallest first, each with its swatch."""
    return [
        {
            "value": chip.value,
            "colour_fr": chip.colour_fr,
            "colour_en": chip.colour_en,
            "swatch": swatch(chip),
        }
        for chip in sorted(chips, key=lambda chip: chip.value)
    ]


def logo_url(tournament_id: str, logo_at_ms: int | None) -> str | None:
    """The logo's address, versioned by when it was set (a new logo, a new address: no screen
    keeps the old one from its cache); None without a logo."""
    if logo_at_ms is None:
        return None
    return f"/api/tournaments/{tournament_id}/logo?v={logo_at_ms}"
