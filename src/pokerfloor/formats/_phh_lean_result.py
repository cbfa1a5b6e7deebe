"""What ``lean_replay`` (``_phh_lean``) returns: a hand replayed with every action legal and
played to its end, read as a ``PhhReplay`` is (``outcome``, ``winnings_check``,
``finishing_check``, ``pots``, ``notes``, ``as_dict``: the same values), without the engine's
``Hand``. ``PhhResult`` is either kind.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from pokerfloor.formats._phh_cards import phh_deck, unknown_summary
from pokerfloor.formats._phh_parse import PhhHand
from pokerfloor.formats._phh_records import PhhCards, PhhPosts
from pokerfloor.formats._phh_replay import PhhReplay, failures, replay_dict, showdown_notes
from pokerfloor.formats._phh_result import (
    ABSENT,
    Agreement,
    Outcome,
    check_finishing,
    check_winnings,
)
from pokerfloor.formats._phh_setup import plan_setup, setup_notes
from pokerfloor.hand._rules import hand_rules

Award = tuple[int, int, tuple[int, ...], tuple[int, ...]]
"""A pot paid: its index (main pot 0), its amount, the players paid and their shares."""


def paid_totals(awards: list[Award], count: int) -> list[int]:
    """What each of ``count`` players was paid from every pot."""
    paid = [0] * count
    for _pot, _amount, players, shares in awards:
        for player, share in zip(players, shares, strict=True):
            paid[player] += share
    return paid


@dataclass
class LeanReplay:
    """A hand replayed by ``lean_replay``: every action legal, the hand over. The same reading
    as ``PhhReplay`` (``outcome``, ``winnings_check``, ``finishing_check``, ``as_dict``...)."""

    phh: PhhHand
    finishing_stacks: tuple[int, ...]
    awards: list[Award]
    returned: list[int]
    board_count: int
    profile: str
    posts: PhhPosts
    seed: int
    cards: PhhCards
    inferred_folds: list[str] = field(default_factory=list)
    fold_notes: list[str] = field(default_factory=list)
    unknown_showdown: frozenset[int] = frozenset()  # a showdown the file gives no cards of
    error: None = None

    legal = True
    complete = True

    @property
    def names(self) -> tuple[str, ...]:
        return self.phh.names

    @property
    def expected_finishing_stacks(self) -> tuple[int, ...] | None:
        return self.phh.finishing_stacks

    @cached_property
    def outcome(self) -> Outcome:
        paid = paid_totals(self.awards, self.phh.count)
        flop = self.board_count >= 3
        return Outcome(tuple(paid), tuple(self.returned), flop, self.unknown_showdown)

    @cached_property
    def winnings_check(self) -> Agreement:
        return check_winnings(self.phh, self.outcome)

    @cached_property
    def finishing_check(self) -> Agreement:
        if self.phh.finishing_stacks is None:
            return ABSENT
        return check_finishing(self.phh, self.finishing_stacks, self.outcome, self.winnings_check)

    @property
    def pots(self) -> list[dict[str, Any]]:
        return [
            {
                "pot": pot,
                "amount": amount,
                "players": [f"p{player + 1}" for player in players],
                "shares": list(shares),
            }
            for pot, amount, players, shares in self.awards
        ]

    @property
    def differences(self) -> list[dict[str, Any]]:
        return list(self.finishing_check.differences)

    @property
    def match(self) -> bool:
        return not failures(self)

    @property
    def board(self) -> list[int]:
        """The board the engine would have dealt: the file's cards, unknown ones drawn."""
        known = self.cards.board[: self.board_count]
        if len(known) == self.board_count and None not in known:
            return list(known)  # type: ignore[arg-type]  # no None left
        deck = phh_deck(self.cards, self.seed)
        first = 2 * self.phh.count + 1  # hole cards, then a burn before each street
        positions = (first, first + 1, first + 2, first + 4, first + 6)
        return [deck[position] for position in positions[: self.board_count]]

    @cached_property
    def notes(self) -> list[str]:
        notes: list[str] = []
        unknown = unknown_summary(self.cards)
        if unknown:
            notes.append(
                f"unknown cards ({unknown}) drawn from the rest of the deck (seed {self.seed})"
            )
        notes += showdown_notes(self.unknown_showdown)
        setup, _posts = plan_setup(self.phh, self.profile)
        notes += setup_notes(self.phh, setup, hand_rules(self.profile), self.posts)
        return notes + self.fold_notes

    def as_dict(self, file: str | None = None, hand: str | None = None) -> dict[str, Any]:
        """The same keys and values as ``PhhReplay.as_dict``."""
        return replay_dict(self, file, hand, True, True, self.board, None)


PhhResult = PhhReplay | LeanReplay
