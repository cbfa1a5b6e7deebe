"""A lean replay of a PHH hand's typed actions: the engine's betting rules, without its events.

``replay_phh`` plays a file through ``Hand``: every action becomes rulings and events, and the
whole state can be replayed, audited, shown. Reading a corpus needs less: whether each action is
legal, the pots and who is paid. ``lean_replay`` plays the same hand on plain lists with the
same rules as the engine: ``hand/_replay.py``'s ``ReplayTable`` (compiled with the engine by
mypyc where it is built) plays the betting with ``hand/_betting.py`` (options, minimum bet and
raise, a short all-in that does not reopen the betting, tda-2024 R43 and R47 or what the
profile says, who acts next, uncalled bets); a showdown's pots are ``_showdown.py`` and
``_pots.py``'s (side pots, odd chips, tda-2024 R20 and R21, in ``_phh_lean_pots``). It returns
the same finishing stacks and awards.

Unknown cards that reach a showdown are drawn as ``replay_phh`` draws them (the same seeded
deck, once); such a showdown is reported, its result taken from the file (``cards_unknown``).

It only ever *accepts*: at the first action the engine might refuse, or anything it does not
cover, it returns None and the caller replays the hand with the full engine, which gives the
refusal with its code and message. Not covered: a profile whose last player to act must raise
the nuts (a duty the engine notes), dead hands (``_dead_hands``), a smallest chip
(``_smallest_chip``), and a history that stops before the hand ends. Live actions,
irregularities and a showdown the players play do not occur in a PHH file's typed actions.
tests/formats/test_phh_lean.py checks it against the engine, hand by hand.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial
from typing import Final

from pokerfloor.errors import PokerfloorError
from pokerfloor.formats._phh_cards import phh_cards
from pokerfloor.formats._phh_lean_pots import showdown_awards, showdown_pots
from pokerfloor.formats._phh_lean_result import LeanReplay, PhhResult, paid_totals
from pokerfloor.formats._phh_parse import PhhHand
from pokerfloor.formats._phh_replay import _last_betting_actions, replay_phh
from pokerfloor.formats._phh_setup import PHH_PROFILE, plan_forced
from pokerfloor.hand._replay import COMPLETE, ReplayRefused, ReplayRules, ReplayTable, replay_rules
from pokerfloor.hand._rules import HandRules, hand_rules


@dataclass(frozen=True, slots=True)
class _Rules:
    """A profile's rules, and the settings the lean replay reads (``ReplayRules``)."""

    rules: HandRules
    replay: ReplayRules


_PROFILES: Final[dict[str, _Rules | None]] = {}


def _lean_rules(profile: str) -> _Rules | None:
    if profile in _PROFILES:
        return _PROFILES[profile]
    rules = hand_rules(profile)
    replay = replay_rules(rules)
    lean = None if replay is None else _Rules(rules, replay)
    if len(_PROFILES) < 100:
        _PROFILES[profile] = lean
    return lean


def replay_phh_fast(
    phh: PhhHand, *, profile: str = PHH_PROFILE, seed: int = 0, strict: bool = False
) -> PhhResult:
    """``lean_replay`` when it covers the hand, else ``replay_phh`` (the same verdicts, pots
    and awards either way; only the full replay holds the engine's ``Hand``)."""
    lean = lean_replay(phh, profile=profile, seed=seed, strict=strict)
    if lean is not None:
        return lean
    return replay_phh(phh, profile=profile, seed=seed, strict=strict)


# pokerfloor's own fields the lean replay leaves to the engine: away players' dead hands, a
# smallest chip, a showdown the players played (show or muck).
_ENGINE_FIELDS: Final = ("_dead_hands", "_smallest_chip", "_manual_showdown")


def lean_replay(
    phh: PhhHand, *, profile: str = PHH_PROFILE, seed: int = 0, strict: bool = False
) -> LeanReplay | None:
    """Replay ``phh`` as ``replay_phh`` would, or None when the full engine is needed.

    A file that cannot be set up raises the same ``PhhError`` as ``replay_phh``.
    """
    if profile in _PROFILES:
        rules = _PROFILES[profile]
    else:
        try:
            rules = _lean_rules(profile)
        except PokerfloorError:
            return None  # a profile that cannot be loaded: the engine refuses the set-up
    metadata = phh.metadata
    if rules is None or not metadata.keys().isdisjoint(_ENGINE_FIELDS):
        return None
    forced = plan_forced(phh)
    cards = phh_cards(phh)
    table = ReplayTable(
        forced.stacks,  # plan_forced's own list, made for this hand alone
        forced.small_index,
        forced.small_blind,
        forced.big_index,
        forced.big_blind,
        forced.ante,
        forced.bb_ante,
        forced.dead_money,
        rules.replay,
    )
    try:
        table.start()
        table.play(phh.actions, strict, partial(_last_betting_actions, phh))
    except ReplayRefused:
        return None
    if table.street != COMPLETE:
        return None  # a history that stops early: the full replay reports where it stands
    stacks = table.stacks
    awards = table.awards
    unknown_showdown: frozenset[int] = frozenset()
    live = table.showdown
    if live:
        pots, order = showdown_pots(table.contributed, table.status, table.dead, live, rules.rules)
        awards, unknown_showdown = showdown_awards(cards, seed, live, pots, order)
        for player, paid in enumerate(paid_totals(awards, table.count)):
            stacks[player] += paid
    inferred_folds: list[str] = []
    fold_notes: list[str] = []
    for player, step in table.inferred:
        action = phh.actions[step]
        inferred_folds.append(f"p{player + 1}")
        fold_notes.append(
            f"p{player + 1} has no action where the engine expects one (before "
            f"actions[{action.position}] {action.text!r}) and none later: counted as a fold"
        )
    return LeanReplay(
        phh,
        tuple(stacks),
        awards,
        table.returned,
        table.board,
        profile,
        forced.posts,
        seed,
        cards,
        inferred_folds,
        fold_notes,
        unknown_showdown,
    )
