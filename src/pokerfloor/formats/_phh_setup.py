"""The engine's set-up for a PHH hand: seats, blinds, posts and antes.

PHH lists forced bets per player (``p1`` first left of the button, reversed heads-up). The
blinds are the positive ``blinds_or_straddles`` entries: two are a small and a big blind, one
alone is a big blind with no small blind (an empty or absent small blind seat online). A
negative entry is a post: a player who pays to be dealt in at once (new at the table, or back
from missing a blind). Online rooms count a post of the big blind as a live blind and anything
beyond it, or a post smaller than the big blind (a missed small blind), as dead money in the
pot; that is how the HandHQ rooms' finishing stacks come out, and how it is replayed here.
"""

from __future__ import annotations

from bisect import bisect_right
from typing import Final, NamedTuple

from pokerfloor.formats._phh_parse import NEW_RECORD, PhhError, PhhHand
from pokerfloor.formats._phh_records import NO_POSTS, PhhPosts
from pokerfloor.formats._phh_records import PHH_PROFILE as PHH_PROFILE
from pokerfloor.hand import HandSetup, Seat
from pokerfloor.hand._rules import HandRules


def phh_setup(phh: PhhHand, profile: str = PHH_PROFILE) -> HandSetup:
    """The engine's set-up for ``phh``; seats are the file's ``seats`` or 1..N, button ``pN``."""
    return plan_setup(phh, profile)[0]


def plan_setup(phh: PhhHand, profile: str = PHH_PROFILE) -> tuple[HandSetup, PhhPosts]:
    """The engine's set-up for ``phh`` and the posts it replays (dead chips, live blinds)."""
    forced = plan_forced(phh)
    count = phh.count
    seat_numbers = phh.seats or tuple(range(1, count + 1))
    small_index, big_index = forced.small_index, forced.big_index
    usual = (1, 0) if count == 2 else (0, 1)
    moved = (small_index, big_index) != usual
    dead_hands = forced.dead_hands
    setup = HandSetup(
        profile=profile,
        seats=tuple(
            Seat(seat_no, f"p{index + 1}", stack, absent=index in dead_hands)
            for index, (seat_no, stack) in enumerate(zip(seat_numbers, forced.stacks, strict=True))
        ),
        button_seat=seat_numbers[-1],
        small_blind=forced.small_blind,
        big_blind=forced.big_blind,
        ante=forced.ante,
        bb_ante=forced.bb_ante,
        small_blind_seat=(seat_numbers[small_index] if small_index >= 0 else 0) if moved else None,
        big_blind_seat=seat_numbers[big_index] if moved else None,
        dead_money=forced.dead_money,
        smallest_chip=_smallest_chip(phh),
        # pokerfloor's field for a hand whose players played the showdown (show or muck, a
        # dealt table's hands): the file's ``sm`` lines are replayed as their actions.
        manual_showdown=phh.metadata.get("_manual_showdown") is True,
    )
    return setup, forced.posts


class PhhForced(NamedTuple):
    """What ``plan_setup`` makes of a hand's forced bets, before it builds the ``HandSetup``:
    the players' stacks once dead posts are taken, the blinds (an index of -1: none), the antes.
    The blinds' indices are those the engine finds from the set-up (``_blind_indices``)."""

    stacks: list[int]
    small_index: int
    small_blind: int
    big_index: int
    big_blind: int
    ante: int
    bb_ante: int
    posts: PhhPosts
    dead_hands: frozenset[int]
    dead_money: int  # the dead posts, in the pot before the deal


_RECORD: Final = NEW_RECORD  # a C static once compiled (mypyc), not a look-up in the globals


def plan_forced(phh: PhhHand) -> PhhForced:
    """The checks and forced bets of ``plan_setup`` (the same errors, in the same order)."""
    # The seats, blinds and antes of a table repeat from hand to hand: checked and read once,
    # in one look-up (refusals are not kept: they are found again, in the same order).
    shape = (
        len(phh.starting_stacks),
        phh.seats,
        phh.seat_count,
        phh.blinds_or_straddles,
        phh.antes,
    )
    plan = _SHAPES.get(shape)
    if plan is None:
        plan = _plan_shape(phh)
        if len(_SHAPES) < _KEPT:
            _SHAPES[shape] = plan
    small_index, small, big_index, big, ante, bb_ante, posting = plan
    posts = _posts(phh, big) if posting else NO_POSTS
    dead_hands = _dead_hands(phh) if "_dead_hands" in phh.metadata else frozenset()
    stacks = list(phh.starting_stacks)
    dead_money = 0
    if posts.dead:
        for player, dead in posts.dead.items():
            if stacks[player] <= dead:
                raise PhhError(
                    "PHH_BAD_FIELD",
                    f"p{player + 1} posts {phh.amount_text(dead)} dead with a stack of "
                    f"{phh.amount_text(stacks[player])}: nothing left to play with",
                    "blinds_or_straddles",
                )
            stacks[player] -= dead
        dead_money = sum(posts.dead.values())
    # built in C from all its fields (tuple.__new__), not by the named tuple's Python
    # ``__new__``: once per hand replayed
    return _RECORD(
        PhhForced,
        (stacks, small_index, small, big_index, big, ante, bb_ante, posts, dead_hands, dead_money),
    )


def _plan_shape(phh: PhhHand) -> tuple[int, int, int, int, int, int, bool]:
    """(small blind index or -1, small blind, big blind index, big blind, ante, big blind ante,
    whether a player posts), with the checks of the seats, blinds and antes."""
    count = len(phh.starting_stacks)  # phh.count, without a Python property call
    _check_seats(phh, phh.seats or tuple(range(1, count + 1)))
    small_index, small, big_index, big = _blinds(phh)
    ante, bb_ante = _antes(phh, big_index)
    posting = min(phh.blinds_or_straddles) < 0
    return small_index, small, big_index, big, ante, bb_ante, posting


_SHAPES: Final[
    dict[
        tuple[int, tuple[int, ...] | None, int | None, tuple[int, ...], tuple[int, ...]],
        tuple[int, int, int, int, int, int, bool],
    ]
] = {}
_KEPT: Final = 10_000


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
    # Clockwise from the button: the seats above it, then those up to it, each in order.
    ordered = sorted(seat_numbers)
    after = bisect_right(ordered, button)
    clockwise = tuple(ordered[after:] + ordered[:after])
    if clockwise != seat_numbers:
        raise PhhError(
            "PHH_BAD_SEATS",
            f"seats {list(seat_numbers)} are not in dealing order (p1 left of the button, pN on "
            f"the button seat {button}); clockwise from the button they are {list(clockwise)}",
            "seats",
        )


def _blinds(phh: PhhHand) -> tuple[int, int, int, int]:
    """(small blind index or -1, small blind, big blind index, big blind)."""
    entries = phh.blinds_or_straddles
    heads_up = len(entries) == 2  # phh.count == 2 (an entry per player)
    if heads_up:
        entries = (entries[1], entries[0])  # heads-up, p1 posts the second entry (phh-std)
    blinds = [(index, amount) for index, amount in enumerate(entries) if amount > 0]
    if len(blinds) > 2:
        text = [phh.amount_text(amount) for amount in phh.blinds_or_straddles]
        raise PhhError(
            "PHH_STRADDLE",
            f"blinds_or_straddles {text} has a straddle: pokerfloor plays no-limit hold'em with "
            "a small and a big blind only (a third positive entry is a straddle)",
            "blinds_or_straddles",
        )
    if not blinds:
        text = [phh.amount_text(amount) for amount in phh.blinds_or_straddles]
        raise PhhError(
            "PHH_BAD_BLINDS",
            f"blinds_or_straddles {text} has no big blind",
            "blinds_or_straddles",
        )
    if len(blinds) == 1:
        return -1, 0, blinds[0][0], blinds[0][1]
    if heads_up:  # the button (p2) posts the small blind, p1 the big blind
        small_index, small, big_index, big = 1, entries[1], 0, entries[0]
        if small > big:  # the other way round (ABS): p1 posts the small blind and acts first
            small_index, small, big_index, big = 0, entries[0], 1, entries[1]
    else:
        (small_index, small), (big_index, big) = blinds
    if small > big:
        raise PhhError(
            "PHH_BAD_BLINDS",
            f"blinds {phh.amount_text(small)}/{phh.amount_text(big)}: the small blind is "
            "larger than the big blind",
            "blinds_or_straddles",
        )
    return small_index, small, big_index, big


def _posts(phh: PhhHand, big: int) -> PhhPosts:
    first_action: dict[int, str] = {}
    for action in phh.actions:
        if action.verb == "db":
            break
        if action.verb in ("f", "cc", "cbr") and action.player not in first_action:
            first_action[action.player] = action.verb
    dead: dict[int, int] = {}
    live: set[int] = set()
    for player, entry in enumerate(phh.blinds_or_straddles):
        if entry >= 0:
            continue
        post = -entry
        live_part = big if post >= big else 0
        if live_part and first_action.get(player) in ("cc", "cbr"):
            live.add(player)
        else:
            live_part = 0
        dead[player] = post - live_part
    return PhhPosts({player: chips for player, chips in dead.items() if chips}, frozenset(live))


def _antes(phh: PhhHand, big_index: int) -> tuple[int, int]:
    """(ante, big blind ante): the same ante for everyone, or one entry, the big blind's
    (reversed heads-up like the blinds: there the big blind p1 has the second entry)."""
    antes = phh.antes
    posting = [index for index, ante in enumerate(antes) if ante]
    if not posting:
        return 0, 0
    if len(posting) == len(antes) and len(set(antes)) == 1:
        return antes[0], 0
    big_entry = 1 - big_index if len(antes) == 2 else big_index  # heads-up: reversed
    if posting == [big_entry]:
        return 0, antes[big_entry]
    raise PhhError(
        "PHH_UNSUPPORTED_ANTES",
        f"antes {[phh.amount_text(ante) for ante in antes]}: pokerfloor plays the same ante for "
        "everyone or a big blind ante (one entry, the big blind's)",
        "antes",
    )


def _dead_hands(phh: PhhHand) -> frozenset[int]:
    """``_dead_hands`` (pokerfloor's field): players dealt in whose hands are dead from the
    deal, away from the table; the engine posts their forced bets and kills their hands."""
    value = phh.metadata.get("_dead_hands")
    if value is None:
        return frozenset()
    players = {f"p{index + 1}": index for index in range(phh.count)}
    if not isinstance(value, list) or not all(name in players for name in value):
        raise PhhError(
            "PHH_BAD_FIELD",
            f"_dead_hands must list players (p1 to p{phh.count}), not {value!r}",
            "_dead_hands",
        )
    return frozenset(players[name] for name in value)


def _smallest_chip(phh: PhhHand) -> int:
    """``_smallest_chip`` (pokerfloor's field): the chip odd amounts are split in."""
    value = phh.metadata.get("_smallest_chip")
    if value is None:
        return 1  # the hand's smallest unit
    if type(value) is not int or value < 1:
        raise PhhError(
            "PHH_BAD_FIELD",
            f"_smallest_chip must be a whole number of 1 or more, not {value!r}",
            "_smallest_chip",
        )
    return value * phh.scale


def setup_notes(phh: PhhHand, setup: HandSetup, rules: HandRules, posts: PhhPosts) -> list[str]:
    """What a reader should know about how the file's forced bets were played."""
    notes = []
    minimum = setup.big_blind * rules.minimum_bet_big_blinds
    if phh.min_bet != minimum:
        notes.append(
            f"min_bet {phh.amount_text(phh.min_bet)} differs from the profile's minimum bet "
            f"{phh.amount_text(minimum)}"
        )
    for player, chips in sorted(posts.dead.items()):
        notes.append(f"p{player + 1} posts {phh.amount_text(chips)} dead (in the pot)")
    for player in sorted(posts.live):
        notes.append(f"p{player + 1} posts a live big blind, completed at their first action")
    if phh.unknown_stacks:
        players = ", ".join(f"p{index + 1}" for index in sorted(phh.unknown_stacks))
        notes.append(f"unknown starting stacks ({players}) replayed as deep enough for the hand")
    ante = setup.ante or setup.bb_ante
    short = [index for index, stack in enumerate(phh.starting_stacks) if stack < ante]
    engine_trims = setup.ante > 0  # uniform antes count in side pots; a BB ante is dead
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
