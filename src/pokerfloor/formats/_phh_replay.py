"""Replaying a PHH hand with the pokerfloor engine.

The file's players become seats in dealing order (``p1`` left of the button, ``pN`` on the
button), its forced bets become blinds and antes, its cards become a deck order that makes the
engine deal them (unknown cards are drawn from the rest of the deck with a seeded shuffle), and
its actions are played one by one. The engine decides everything else: who is to act, the
minimum raise, the side pots, the showdown. The replay then compares the engine's finishing
stacks with the file's.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pokerfloor.cards import format_cards
from pokerfloor.errors import PokerfloorError
from pokerfloor.formats._phh_cards import PhhCards, phh_cards, phh_deck, unknown_summary
from pokerfloor.formats._phh_parse import PhhAction, PhhError, PhhHand
from pokerfloor.hand import Action, Hand, HandSetup, Seat

PHH_PROFILE = str(Path(__file__).with_name("phh-house.toml"))
"""The profile PHH hands are replayed with: tda-2024, with the big blind ante posted before the
big blind when the big blind is short (the convention of PHH files and of pokerkit)."""

_FILL_ATTEMPTS = 50


@dataclass(slots=True)
class PhhReplay:
    """The result of replaying one hand: the engine's stacks against the file's."""

    phh: PhhHand
    hand: Hand
    finishing_stacks: tuple[int, ...]
    error: dict[str, Any] | None = None
    notes: list[str] = field(default_factory=list)
    inferred_folds: list[str] = field(default_factory=list)

    @property
    def expected_finishing_stacks(self) -> tuple[int, ...] | None:
        return self.phh.finishing_stacks

    @property
    def names(self) -> tuple[str, ...]:
        return self.phh.players or tuple(f"p{index + 1}" for index in range(self.phh.count))

    @property
    def differences(self) -> list[dict[str, Any]]:
        expected = self.expected_finishing_stacks
        if expected is None:
            return []
        return [
            {
                "player": f"p{index + 1}",
                "name": self.names[index],
                "expected": wanted,
                "replay": got,
                "difference": got - wanted,
            }
            for index, (wanted, got) in enumerate(zip(expected, self.finishing_stacks, strict=True))
            if wanted != got
        ]

    @property
    def match(self) -> bool:
        """No engine refusal, and the file's finishing stacks (when given) are reached."""
        return self.error is None and not self.differences

    def as_dict(self, file: str | None = None) -> dict[str, Any]:
        expected = self.expected_finishing_stacks
        return {
            "file": file,
            "players": list(self.names),
            "finishing_stacks": list(self.finishing_stacks),
            "expected_finishing_stacks": None if expected is None else list(expected),
            "match": self.match,
            "complete": self.hand.is_complete,
            "board": format_cards(self.hand.board),
            "differences": self.differences,
            "error": self.error,
            "inferred_folds": self.inferred_folds,
            "notes": self.notes,
        }


def replay_phh(
    phh: PhhHand, *, profile: str = PHH_PROFILE, seed: int = 0, strict: bool = False
) -> PhhReplay:
    """Replay ``phh`` with the engine.

    A file pokerfloor cannot set up raises ``PhhError``; an action the engine refuses stops the
    replay and is reported in ``error``. ``seed`` draws the unknown cards. Unless ``strict``, a
    player the engine waits for who has no action left in the file is counted as folding.
    """
    setup = phh_setup(phh, profile)
    cards = phh_cards(phh)
    notes: list[str] = []
    unknown = unknown_summary(cards)
    if unknown:
        notes.append(f"unknown cards ({unknown}) drawn from the rest of the deck (seed {seed})")
    replay = _play(phh, setup, phh_deck(cards, random.Random(seed)), strict)
    attempt = 0
    while _mucked_hand_won(replay, cards) and attempt + 1 < _FILL_ATTEMPTS:
        attempt += 1
        deck = phh_deck(cards, random.Random(f"{seed}/{attempt}"))
        replay = _play(phh, setup, deck, strict)
    if attempt:
        notes.append(
            f"unknown cards drawn again ({attempt} time(s)) so that a mucked hand does not win"
        )
    replay.notes[:0] = notes + _setup_notes(phh, replay.hand)
    return replay


# ---- set-up -------------------------------------------------------------------------------


def phh_setup(phh: PhhHand, profile: str = PHH_PROFILE) -> HandSetup:
    """The engine's set-up for a PHH hand. Seats: the file's ``seats`` or 1..N; button: ``pN``."""
    count = phh.count
    seat_numbers = phh.seats or tuple(range(1, count + 1))
    _check_seats(phh, seat_numbers)
    small_blind, big_blind = _blinds(phh)
    ante, bb_ante = _antes(phh)
    return HandSetup(
        profile=profile,
        seats=tuple(
            Seat(seat_no, f"p{index + 1}", stack)
            for index, (seat_no, stack) in enumerate(
                zip(seat_numbers, phh.starting_stacks, strict=True)
            )
        ),
        button_seat=seat_numbers[-1],
        small_blind=small_blind,
        big_blind=big_blind,
        ante=ante,
        bb_ante=bb_ante,
    )


def _check_seats(phh: PhhHand, seat_numbers: tuple[int, ...]) -> None:
    if len(set(seat_numbers)) != len(seat_numbers) or min(seat_numbers) < 1:
        raise PhhError(
            "PHH_BAD_SEATS",
            "seats must be distinct seat numbers from 1",
            "seats",
            seats=list(seat_numbers),
        )
    if phh.seat_count is not None and max(seat_numbers) > phh.seat_count:
        raise PhhError(
            "PHH_BAD_SEATS",
            f"seat {max(seat_numbers)} is beyond seat_count {phh.seat_count}",
            "seat_count",
        )
    button = seat_numbers[-1]
    clockwise = tuple(sorted(seat_numbers, key=lambda seat: (seat <= button, seat)))
    if clockwise != seat_numbers:
        raise PhhError(
            "PHH_BAD_SEATS",
            f"seats {list(seat_numbers)} are not in dealing order (p1 left of the button, pN on "
            f"the button seat {button}); clockwise from the button they are {list(clockwise)}",
            "seats",
        )


def _blinds(phh: PhhHand) -> tuple[int, int]:
    blinds = phh.blinds_or_straddles
    if any(blinds[2:]):
        raise PhhError(
            "PHH_STRADDLE",
            f"blinds_or_straddles {list(blinds)} has a straddle: pokerfloor plays no-limit "
            "hold'em with a small and a big blind only (entries after the first two must be 0)",
            "blinds_or_straddles",
        )
    small, big = blinds[0], blinds[1]
    if big <= 0 or small > big:
        raise PhhError(
            "PHH_BAD_BLINDS",
            f"blinds {small}/{big}: need a big blind and a small blind no larger than it",
            "blinds_or_straddles",
        )
    return small, big


def _antes(phh: PhhHand) -> tuple[int, int]:
    """(ante, big blind ante). The big blind's entry is index 1 (heads-up too: PHH reverses
    forced bets heads-up, and there the big blind is p1)."""
    antes = phh.antes
    posting = [index for index, ante in enumerate(antes) if ante]
    if not posting:
        return 0, 0
    if len(posting) == len(antes) and len(set(antes)) == 1:
        return antes[0], 0
    if posting == [1]:
        return 0, antes[1]
    raise PhhError(
        "PHH_UNSUPPORTED_ANTES",
        f"antes {list(antes)}: pokerfloor plays the same ante for everyone or a big blind ante "
        "(one entry, at index 1)",
        "antes",
    )


def _setup_notes(phh: PhhHand, hand: Hand) -> list[str]:
    notes = []
    minimum = hand.setup.big_blind * hand.rules.minimum_bet_big_blinds
    if phh.min_bet != minimum:
        notes.append(f"min_bet {phh.min_bet} differs from the profile's minimum bet {minimum}")
    ante = hand.setup.ante or hand.setup.bb_ante
    short = [index for index, stack in enumerate(phh.starting_stacks) if stack < ante]
    engine_trims = hand.setup.ante > 0  # uniform antes count in side pots; a BB ante is dead
    if short and phh.ante_trimming_status != engine_trims:
        notes.append(
            f"ante_trimming_status is {str(phh.ante_trimming_status).lower()} but the engine "
            + (
                "counts uniform antes in side pots"
                if engine_trims
                else "makes the big blind ante dead money"
            )
        )
    return notes


def _mucked_hand_won(replay: PhhReplay, cards: PhhCards) -> bool:
    if not cards.mucked_unknown:
        return False
    return any(
        share and player in cards.mucked_unknown
        for award in replay.hand.awards
        for player, share in zip(award.players, award.shares, strict=True)
    )


# ---- actions ------------------------------------------------------------------------------


def _play(phh: PhhHand, setup: HandSetup, deck: tuple[int, ...], strict: bool) -> PhhReplay:
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
    acting_from = _players_acting_from(phh.actions)
    board_in_file = 0
    for step, action in enumerate(phh.actions):
        if action.verb in ("dh", "sm"):
            continue  # hole cards are in the deck; the engine shows hands down by itself
        try:
            if action.verb == "db":
                board_in_file += len(action.cards)
                if not strict:
                    _fold_omitted(replay, action, acting_from[step + 1], board_in_file)
                if len(hand.board) < board_in_file:
                    replay.error = _refusal(
                        action,
                        "BOARD_TOO_EARLY",
                        f"the file deals board card {board_in_file} but the engine has dealt "
                        f"{len(hand.board)}: the betting is not over ({_to_act(hand)} to act)",
                    )
                    break
                continue
            if not strict:
                _fold_omitted(replay, action, acting_from[step])
            hand.act(_engine_action(hand, action), player=action.player)
        except PokerfloorError as refused:
            replay.error = _refusal(action, refused.code, refused.message)
            break
    replay.finishing_stacks = tuple(hand.stacks)
    return replay


def _players_acting_from(actions: tuple[PhhAction, ...]) -> list[frozenset[int]]:
    """For each position, the players with a betting action (f, cc, cbr) there or later."""
    acting: list[frozenset[int]] = [frozenset()]
    for action in reversed(actions):
        later = acting[0]
        if action.verb in ("f", "cc", "cbr"):
            later = later | {action.player}
        acting.insert(0, later)
    return acting


def _fold_omitted(
    replay: PhhReplay, action: PhhAction, acting_later: frozenset[int], board: int | None = None
) -> None:
    """Fold the players the engine waits for, before ``action``, who never act again.

    Transcribed hands often leave out the folds of players not involved; a player who must act
    here and has no betting action from here on in the file can only have folded. Before a
    board deal, only until the engine has dealt ``board`` cards.
    """
    hand = replay.hand
    while hand.to_act >= 0 and hand.to_act not in acting_later:
        if board is not None and len(hand.board) >= board:
            return
        player = hand.to_act
        hand.act(Action("fold"), player=player)
        replay.inferred_folds.append(f"p{player + 1}")
        replay.notes.append(
            f"p{player + 1} has no action where the engine expects one (before "
            f"actions[{action.position}] {action.text!r}) and none later: counted as a fold"
        )


def _engine_action(hand: Hand, action: PhhAction) -> Action:
    """The software action for ``f``, ``cc`` or ``cbr X`` (X: the street total)."""
    if action.verb == "f":
        return Action("fold")
    if action.verb == "cc":
        if hand.is_complete or hand.to_act != action.player:
            return Action("call")  # the engine refuses it with its own reason
        return Action("check" if "check" in hand.legal_actions().options else "call")
    assert action.amount is not None
    player = action.player
    if action.amount == hand.committed[player] + hand.stacks[player]:
        return Action("allin")
    return Action("bet" if hand.current_bet == 0 else "raise", action.amount)


def _to_act(hand: Hand) -> str:
    return f"p{hand.to_act + 1}" if hand.to_act >= 0 else "nobody"


def _refusal(action: PhhAction, code: str, message: str) -> dict[str, Any]:
    return {
        "code": code,
        "message": f"actions[{action.position}] {action.text!r}: {message}",
        "action": action.text,
        "position": action.position,
    }
