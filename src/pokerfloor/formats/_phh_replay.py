"""Replaying a PHH hand with the pokerfloor engine.

The file's players become seats in dealing order (``p1`` left of the button, ``pN`` on the
button), its forced bets become blinds, posts and antes (``_phh_setup``), its cards become a
deck order that makes the engine deal them (unknown cards are drawn from the rest of the deck
with a seeded shuffle), and its actions are played one by one. The engine decides everything
else: who is to act, the minimum raise, the side pots, the showdown. The replay then compares
what the engine paid with the file's ``winnings`` and ``finishing_stacks`` (``_phh_result``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from pokerfloor.cards import format_cards
from pokerfloor.errors import PokerfloorError
from pokerfloor.formats._phh_cards import (
    phh_cards,
    phh_deck,
    unknown_at_showdown,
    unknown_summary,
)
from pokerfloor.formats._phh_parse import PhhAction, PhhError, PhhHand
from pokerfloor.formats._phh_records import NO_POSTS, PhhCards, PhhPosts
from pokerfloor.formats._phh_result import (
    ABSENT,
    NOT_COMPARED,
    Agreement,
    Outcome,
    check_finishing,
    check_winnings,
    outcome,
    pots,
)
from pokerfloor.formats._phh_setup import PHH_PROFILE, plan_setup, setup_notes
from pokerfloor.hand import Action, Hand, HandSetup, HandsShown, ShowdownAction, Street

_FOLD = Action("fold")
_CHECK = Action("check")
_CALL = Action("call")
_ALLIN = Action("allin")


@dataclass
class PhhReplay:
    """The result of replaying one hand: legality, pots, and agreement with the file."""

    phh: PhhHand
    hand: Hand
    finishing_stacks: tuple[int, ...]
    error: dict[str, Any] | None = None
    inferred_folds: list[str] = field(default_factory=list)
    posts: PhhPosts = NO_POSTS
    seed: int = 0
    _cards: PhhCards | None = None
    _fold_notes: list[str] = field(default_factory=list)

    @cached_property
    def notes(self) -> list[str]:
        """What a reader should know: cards drawn, posts, folds the file leaves out..."""
        notes: list[str] = []
        unknown = unknown_summary(self._cards) if self._cards is not None else ""
        if unknown:
            notes.append(
                f"unknown cards ({unknown}) drawn from the rest of the deck (seed {self.seed})"
            )
        notes += showdown_notes(self.unknown_showdown)
        return (
            notes
            + setup_notes(self.phh, self.hand.setup, self.hand.rules, self.posts)
            + self._fold_notes
        )

    @property
    def expected_finishing_stacks(self) -> tuple[int, ...] | None:
        return self.phh.finishing_stacks

    @property
    def names(self) -> tuple[str, ...]:
        return self.phh.names

    @property
    def legal(self) -> bool:
        """The engine accepted every action of the file."""
        return self.error is None

    @property
    def complete(self) -> bool:
        return self.hand.is_complete

    @cached_property
    def unknown_showdown(self) -> frozenset[int]:
        """The players of a showdown the file does not give every card of (else empty)."""
        hand = self.hand
        if self._cards is None or not hand.is_complete:
            return frozenset()
        shown = next(
            (event for event in reversed(hand.events) if isinstance(event, HandsShown)), None
        )
        return frozenset() if shown is None else unknown_at_showdown(self._cards, shown.order)

    @cached_property
    def outcome(self) -> Outcome | None:
        """What the engine paid (None when the hand did not finish)."""
        return outcome(self.hand, self.unknown_showdown) if self.hand.is_complete else None

    @cached_property
    def winnings_check(self) -> Agreement:
        return check_winnings(self.phh, self.outcome)

    @cached_property
    def finishing_check(self) -> Agreement:
        if self.phh.finishing_stacks is None:
            return ABSENT
        if self.outcome is None and self.error is not None:
            return NOT_COMPARED
        if self.outcome is None:  # a partial history: compare the stacks as they stand
            paid = Outcome((0,) * self.phh.count, (0,) * self.phh.count, False)
            return check_finishing(self.phh, self.hand.stacks, paid, ABSENT)
        return check_finishing(self.phh, self.hand.stacks, self.outcome, self.winnings_check)

    @property
    def pots(self) -> list[dict[str, Any]]:
        """The pots as the engine paid them (main pot first)."""
        return pots(self.hand)

    @property
    def differences(self) -> list[dict[str, Any]]:
        """Finishing stacks that differ from the file's (after the rake, when there is one)."""
        return list(self.finishing_check.differences)

    @property
    def match(self) -> bool:
        """No engine refusal, the hand played to its end, and neither the finishing stacks nor
        the winnings disagree."""
        return not failures(self)

    def as_dict(self, file: str | None = None, hand: str | None = None) -> dict[str, Any]:
        return replay_dict(
            self, file, hand, self.legal, self.hand.is_complete, self.hand.board, self.error
        )


def failures(result: Any) -> list[str]:
    """What makes a replay (``PhhReplay`` or ``LeanReplay``) fail, by kind: ``refused`` (the
    engine refused an action), ``incomplete`` (the file stops before the hand is over),
    ``winnings: REASON``, ``finishing_stacks: REASON`` (``differs``, ``rake_over_limit``,
    ``paid_nothing_by_file``). Empty: the hand agrees, or is counted apart."""
    kinds: list[str] = []
    if result.error is not None:
        kinds.append("refused")
    elif not result.complete:
        kinds.append("incomplete")
    for name, agreement in (
        ("winnings", result.winnings_check),
        ("finishing_stacks", result.finishing_check),
    ):
        if agreement.status == "mismatch":
            kinds.append(f"{name}: {agreement.reason or 'differs'}")
    return kinds


def showdown_notes(showdown: frozenset[int]) -> list[str]:
    if not showdown:
        return []
    players = ", ".join(f"p{player + 1}" for player in sorted(showdown))
    return [
        f"the showdown between {players} needs cards the file does not give: its result is "
        "taken from the file (cards_unknown), not settled by the replay"
    ]


def replay_dict(
    result: Any,
    file: str | None,
    hand: str | None,
    legal: bool,
    complete: bool,
    board: Sequence[int],
    error: object,
) -> dict[str, Any]:
    """A replay's JSON object (``phh replay``), the same keys for the engine's ``PhhReplay``
    and the fast path's ``LeanReplay`` (``result``: either)."""
    phh = result.phh
    expected = phh.finishing_stacks
    return {
        "file": file,
        "hand": hand,
        "players": list(result.names),
        "scale": phh.scale,
        "finishing_stacks": list(result.finishing_stacks),
        "expected_finishing_stacks": None if expected is None else list(expected),
        "match": result.match,
        "failures": failures(result),
        "legal": legal,
        "complete": complete,
        "cards_unknown": sorted(f"p{player + 1}" for player in result.unknown_showdown),
        "board": format_cards(board),
        "pots": result.pots,
        "winnings": result.winnings_check.as_dict(phh),
        "finishing": result.finishing_check.as_dict(phh),
        "differences": result.differences,
        "error": error,
        "inferred_folds": result.inferred_folds,
        "notes": result.notes,
    }


def replay_phh(
    phh: PhhHand, *, profile: str = PHH_PROFILE, seed: int = 0, strict: bool = False
) -> PhhReplay:
    """Replay ``phh`` with the engine.

    A file pokerfloor cannot set up raises ``PhhError``; an action the engine refuses stops the
    replay and is reported in ``error``. ``seed`` draws the unknown cards, once. Unless
    ``strict``, a player the engine waits for who has no action left in the file is counted as
    folding.
    """
    setup, posts = plan_setup(phh, profile)
    cards = phh_cards(phh)
    last_bet = _last_betting_actions(phh)
    replay = _play(phh, setup, posts, phh_deck(cards, seed), strict, last_bet)
    replay.posts, replay.seed, replay._cards = posts, seed, cards
    return replay


# ---- actions ------------------------------------------------------------------------------


def _last_betting_actions(phh: PhhHand) -> list[int]:
    """For each player, the position in ``phh.actions`` of their last f, cc or cbr (-1: none)."""
    last = [-1] * phh.count
    missing = phh.count
    actions = phh.actions
    for step in range(len(actions) - 1, -1, -1):
        action = actions[step]
        player = action.player
        if player >= 0 and last[player] < 0 and action.verb in _BETTING:
            last[player] = step
            missing -= 1
            if not missing:
                break
    return last


_BETTING = frozenset(("f", "cc", "cbr"))
_SHOW, _MUCK = ShowdownAction("show"), ShowdownAction("muck")


def _play(
    phh: PhhHand,
    setup: HandSetup,
    posts: PhhPosts,
    deck: tuple[int, ...],
    strict: bool,
    last_bet: list[int],
) -> PhhReplay:
    try:
        hand = Hand.start(setup, deck)
    except PokerfloorError as error:
        raise PhhError(
            "PHH_SETUP_REFUSED",
            f"the engine refuses this set-up: {error.message}",
            None,
            engine_code=error.code,
        ) from None
    replay = PhhReplay(phh, hand, ())
    board_in_file = 0
    for step, action in enumerate(phh.actions):
        verb = action.verb
        if verb == "dh":
            continue  # hole cards are in the deck
        if verb == "sm":
            if hand.street is Street.SHOWDOWN:  # a showdown the players play: show or muck
                try:
                    hand.act(_MUCK if action.mucked else _SHOW, player=action.player)
                except PokerfloorError as refused:
                    replay.error = _refusal(action, refused.code, refused.message)
                    break
            continue  # otherwise the engine shows hands down by itself
        try:
            if verb == "db":
                board_in_file += len(action.cards)
                if not strict:
                    _fold_omitted(replay, action, step + 1, last_bet, board_in_file)
                if len(hand.board) < board_in_file:
                    replay.error = _refusal(
                        action,
                        "BOARD_TOO_EARLY",
                        f"the file deals board card {board_in_file} but the engine has dealt "
                        f"{len(hand.board)}: the betting is not over ({_to_act(hand)} to act)",
                    )
                    break
                continue
            if not strict and hand.to_act != action.player:
                _fold_omitted(replay, action, step, last_bet)
            hand.act(_engine_action(hand, action), player=action.player)
        except PokerfloorError as refused:
            replay.error = _refusal(action, refused.code, refused.message)
            break
    replay.finishing_stacks = tuple(hand.stacks)
    return replay


def _fold_omitted(
    replay: PhhReplay,
    action: PhhAction,
    step: int,
    last_bet: list[int],
    board: int | None = None,
) -> None:
    """Fold the players the engine waits for, before ``action``, who never act again.

    Transcribed hands often leave out the folds of players not involved; a player who must act
    here and has no betting action from ``step`` on in the file can only have folded. Before a
    board deal, only until the engine has dealt ``board`` cards.
    """
    hand = replay.hand
    while hand.to_act >= 0 and last_bet[hand.to_act] < step:
        if board is not None and len(hand.board) >= board:
            return
        player = hand.to_act
        hand.act(_FOLD, player=player)
        replay.inferred_folds.append(f"p{player + 1}")
        replay._fold_notes.append(
            f"p{player + 1} has no action where the engine expects one (before "
            f"actions[{action.position}] {action.text!r}) and none later: counted as a fold"
        )


def _engine_action(hand: Hand, action: PhhAction) -> Action:
    """The software action for ``f``, ``cc`` or ``cbr X`` (X: the street total)."""
    verb = action.verb
    if verb == "f":
        return _FOLD
    player = action.player
    if verb == "cc":
        if hand.is_complete or hand.to_act != player:
            return _CALL  # the engine refuses it with its own reason
        return _CALL if hand.current_bet > hand.committed[player] else _CHECK
    amount = action.amount
    assert amount is not None
    if amount == hand.committed[player] + hand.stacks[player]:
        return _ALLIN
    return Action("bet" if hand.current_bet == 0 else "raise", amount)


def _to_act(hand: Hand) -> str:
    return f"p{hand.to_act + 1}" if hand.to_act >= 0 else "nobody"


def _refusal(action: PhhAction, code: str, message: str) -> dict[str, Any]:
    return {
        "code": code,
        "message": f"actions[{action.position}] {action.text!r}: {message}",
        "action": action.text,
        "position": action.position,
    }
