"""Refusal sentences of the event store (the database busy, full, closed or failing: nothing
recorded; a tournament whose records are damaged), kept together; merged by
``_refusal_sentences.py``.
"""

from __future__ import annotations

from pokerfloor.web.i18n import N_
from pokerfloor.web.pages._refusal_plural import Message

# Each placeholder is one of the refusal's ``params``.
EXPLANATIONS: dict[str, tuple[Message, ...]] = {
    "STORE_BUSY": (
        N_(
            "The database is busy (another program is writing to it): nothing was recorded; try "
            "again in a moment.",
        ),
    ),
    "STORE_CLOSED": (N_("The event store is closed."),),
    "STORE_FULL": (
        N_(
            "The database is full (no space left on its disk): nothing was recorded; free some "
            "disk space, then try again.",
        ),
    ),
    "STORE_UNAVAILABLE": (
        N_(
            "The database cannot be written (its disk or its file is failing or read-only): "
            "nothing was recorded; check the disk, then try again.",
        ),
    ),
    "TOURNAMENT_DAMAGED": (
        N_(
            "The records of tournament %(tournament_id)s are damaged from event %(seq)s on: it "
            "cannot be opened; the other tournaments are not affected.",
        ),
    ),
}
