"""Refusal sentences of the floor's dealing irregularities (``pokerfloor.floor``: a situation
or a fact it does not know), kept apart like the player clock's (``_refusal_sentences.py``
merges them). The floor page and the captain's call check their own fields first, with the
situations' titles and labels in the page's language; these sentences explain what the API and
the command line send.
"""

from __future__ import annotations

from pokerfloor.web.i18n import N_
from pokerfloor.web.pages._refusal_plural import Message

# Each placeholder is one of the refusal's ``params``.
EXPLANATIONS: dict[str, tuple[Message, ...]] = {
    "FLOOR_UNKNOWN_SITUATION": (
        N_("“%(situation)s” is not a floor situation; the situations are: %(situations)s."),
        N_("Name one of the floor situations: %(situations)s."),
    ),
    "FLOOR_BAD_FACT": (
        N_("%(situation)s, “%(fact)s”: “%(value)s” is not accepted; accepted: %(accepted)s."),
        N_("%(situation)s, “%(fact)s”: this is not accepted; accepted: %(accepted)s."),
    ),
}
