"""The records the PHH readers make once per hand: ``PhhCards``, ``PhhPosts``, ``PhhItem``
(``PhhHand`` and ``PhhAction`` are ``_phh_parse``'s).

They live apart from the modules that make them because those modules (``_phh_cards``,
``_phh_setup``, ``_phh_multi``) are compiled by mypyc where it is built (``pokerfloor/
_native.py``): a class defined in a compiled module becomes a native class, which a pure
build would not have. Defined here, in a module left to Python, they are the same classes
whichever build reads the file. ``PhhCards`` and ``PhhItem`` are named tuples (immutable,
equal and hashed by their fields), built in C by ``NEW_RECORD`` (``tuple.__new__``) from all
their fields: one each per hand, no Python frame (issue 29 item 2); ``PhhPosts`` (a dict
inside, rarely made) stays a frozen dataclass. ``PHH_PROFILE`` is here
for the same reason: a compiled module's ``__file__`` is its build's, not the sources' folder
where ``phh-house.toml`` lies.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import NamedTuple

from pokerfloor.formats._phh_parse import NEW_RECORD, PhhError, PhhHand

PHH_PROFILE = str(Path(__file__).with_name("phh-house.toml"))
"""The profile PHH hands are replayed with: tda-2024, with the big blind ante posted before the
big blind when the big blind is short (the convention of PHH files and of pokerkit)."""


class PhhCards(NamedTuple):
    """The cards a file names: per player two hole slots, then the board (None: unknown)."""

    holes: tuple[tuple[int | None, int | None], ...]
    board: tuple[int | None, ...]
    hidden: frozenset[int]  # players whose hole cards the file does not give in full


@dataclass(frozen=True, slots=True)
class PhhPosts:
    """The posts of a hand: chips already dead in the pot, and live big blind posts.

    ``dead`` maps a player to the chips of their post that are dead money (taken from their
    stack before the deal). ``live`` holds the players whose post is a live big blind the
    engine lets them complete at their turn: their first action in the file is a call or a
    raise, which puts in the same chips. A live post followed by a fold in the file is dead.
    """

    dead: dict[int, int]
    live: frozenset[int]


NO_POSTS = PhhPosts({}, frozenset())


class PhhItem(NamedTuple):
    """One hand of a file: its table name (None in a ``.phh``), the line its table starts on,
    and the hand or why it cannot be read."""

    key: str | None
    line: int
    hand: PhhHand | None = None
    error: PhhError | None = None

    def where(self, file: str) -> str:
        """``file``, with the table in brackets in a ``.phhs``: ``hands.phhs [2]``."""
        return file if self.key is None else f"{file} [{self.key}]"


def new_cards(
    holes: tuple[tuple[int | None, int | None], ...],
    board: tuple[int | None, ...],
    hidden: frozenset[int],
) -> PhhCards:
    """``PhhCards(...)`` without the named tuple's Python ``__new__``."""
    return NEW_RECORD(PhhCards, (holes, board, hidden))


def new_item(
    key: str | None, line: int, hand: PhhHand | None = None, error: PhhError | None = None
) -> PhhItem:
    """``PhhItem(...)`` without the named tuple's Python ``__new__``."""
    return NEW_RECORD(PhhItem, (key, line, hand, error))
