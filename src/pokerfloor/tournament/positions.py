"""Button and blinds of the next hand at a table: the dead button, heads-up and waiting players.

Rule: tda-2024 R32 (dead button), tda-2024 R34 (heads-up), tda-2024 R8 and R10 (a new or
moved player is not dealt in between the small blind and the button), ropta-2025 dead button
cases, allinouest §Les blinds et les changements de place, heavenpoker 10.3-10.10.

The dead button, as computed here from the last hand's positions:

- the big blind always goes to the next player after the last big blind;
- the small blind is posted from the last big blind's seat if that seat is still occupied,
  otherwise there is no small blind this hand (the next player posts a lone big blind);
- the button goes on the last small blind's seat, even if it is empty (a dead button: the
  player to its right deals again and acts last).

Heads-up the button posts the small blind. A seat in ``Table.waiting`` is not dealt in while it
lies strictly between the button and the small blind, going clockwise; once the button has
passed it, it is dealt in (at once if the table cannot deal a hand around it otherwise).
``table_no`` and ``seat_no`` are 1-based and clockwise.
"""

from __future__ import annotations

from collections.abc import Iterable

import msgspec

from pokerfloor.errors import PokerfloorError
from pokerfloor.rules import RuleProfile
from pokerfloor.tournament.types import PlayerId, Table

__all__ = [
    "HandPositions",
    "free_seat_left_of_big_blind",
    "next_hand_positions",
    "seat_waits",
    "table_after_hand",
    "worst_free_seat",
]


_NEWCOMER: PlayerId = "\x00newcomer"  # stands for the player about to sit down


class HandPositions(msgspec.Struct, frozen=True, kw_only=True):
    """Who holds the button and posts the blinds in the next hand, and who is dealt in.

    ``button_seat`` may be an empty seat (``dead_button``); ``dealer_seat`` is then the player
    to its right, who deals again and acts last. ``small_blind_seat`` is None when no small
    blind is posted. ``dealt_in`` lists the seats dealt a hand, in dealing order (first seat
    left of the button first, the button last). ``waiting`` is the table's new waiting set:
    seats not dealt in because they sit between the small blind and the button. ``rulings``
    are stable codes of what was applied; ``citations`` the articles behind them.
    """

    button_seat: int
    small_blind_seat: int | None
    big_blind_seat: int
    dealt_in: tuple[int, ...]
    waiting: frozenset[int]
    dealer_seat: int
    dead_button: bool
    heads_up: bool
    rulings: tuple[str, ...]
    citations: tuple[str, ...]


def next_hand_positions(table: Table, profile: RuleProfile) -> HandPositions:
    """The button, blinds and dealt-in seats of the table's next hand.

    Before the first hand ``table.button_seat`` holds the drawn button (see
    ``seating.first_button``) and ``big_blind_seat`` is None: the small and big blinds are the
    next two players. Afterwards the table holds the last hand's positions (``table_after_hand``).
    """
    _check_table(table)
    if table.big_blind_seat is None:
        return _first_hand(table, profile)
    previous_big_blind = table.big_blind_seat
    button = _button_position(table)
    waiting = frozenset(seat for seat in table.waiting if seat_waits(table, seat))
    rulings: list[str] = []
    if waiting and not any(
        _strictly_between(seat, previous_big_blind, button, table.size) for seat in table.seats
    ):
        # Nobody between the last big blind and the button (a heads-up hand, or players all
        # gone): the big blind comes round to the new players, the button is moved before the
        # small blind, and nobody sits between them any more.
        waiting = frozenset()
        rulings.append("waiting_player_dealt_in")
    if waiting and len(table.seats) - len(waiting) < 2:
        # Too few others to deal a hand: the first waiting players the button would reach
        # play at once, as many as needed.
        released = _dealing_order(waiting, button, table.size)[
            : 2 - (len(table.seats) - len(waiting))
        ]
        waiting = waiting - set(released)
        rulings.append("waiting_player_dealt_in_short_table")
    eligible = [seat for seat in sorted(table.seats) if seat not in waiting]
    _check_enough(table, eligible)
    citations: list[str] = []
    if waiting:
        rulings.append("player_waits")
        citations.extend(profile.citations("seating.late_entrant_seat"))
    if len(eligible) == 2:
        return _heads_up(table, profile, eligible, button, waiting, rulings, citations)
    small_blind = previous_big_blind if previous_big_blind in table.seats else None
    big_blind = _next_after(eligible, previous_big_blind, table.size)
    if button in (big_blind, previous_big_blind) or _strictly_between(
        button, previous_big_blind, big_blind, table.size
    ):
        # After a heads-up hand (its button posted the small blind) the table has three players
        # or more again: the big blind still advances, the button goes to the player before
        # the small blind.
        button = _previous_before(eligible, previous_big_blind, table.size)
        rulings.append("button_adjusted")
    dead = button not in table.seats
    if small_blind is None:
        rulings.append("no_small_blind")
    if dead:
        # The player to the dead button's right dealt the last hand: he deals once more
        # (heavenpoker 10.7-10.8, allinouest: the dealerless wording of the same dead button).
        rulings.extend(("dead_button", "previous_dealer_deals_again"))
    citations[:0] = profile.citations("hand.missing_small_blind")
    return HandPositions(
        button_seat=button,
        small_blind_seat=small_blind,
        big_blind_seat=big_blind,
        dealt_in=_dealing_order(eligible, button, table.size),
        waiting=waiting,
        dealer_seat=button if not dead else _previous_before(eligible, button, table.size),
        dead_button=dead,
        heads_up=False,
        rulings=tuple(rulings),
        citations=_unique(citations),
    )


def table_after_hand(table: Table, positions: HandPositions) -> Table:
    """The table once the hand is played: its positions become the last hand's."""
    return Table(
        table.table_no,
        table.size,
        table.seats,
        button_seat=positions.button_seat,
        big_blind_seat=positions.big_blind_seat,
        small_blind_seat=positions.small_blind_seat,
        waiting=frozenset(seat for seat in positions.waiting if seat in table.seats),
    )


def seat_waits(table: Table, seat_no: int) -> bool:
    """Would a player sitting down at ``seat_no`` now have to wait for the button to pass?

    True when the seat lies strictly between the next hand's button and small blind (TDA R8,
    R10: never dealt in between the small blind and the button; heavenpoker 10.4, allinouest:
    a seat left of the new dealer sits out one hand). A player replacing another at an occupied
    position, on the dead button's seat, or anywhere else plays at once (heavenpoker 10.3,
    10.5, 10.6). Nobody waits before the table's first hand. Mark such a seat in
    ``Table.waiting``: ``next_hand_positions`` has the final word, and deals the player in at
    once when the table could not deal a hand around him otherwise (too few other players,
    or none between the last big blind and the button, as after a heads-up hand).
    """
    if table.big_blind_seat is None:
        return False
    return _strictly_between(seat_no, _button_position(table), table.big_blind_seat, table.size)


def free_seat_left_of_big_blind(table: Table) -> int | None:
    """The free seat nearest the last big blind's left, going clockwise (None if the table is
    full or has played no hand): there the player posts the big blind as soon as possible.

    Rule: allinouest §Les blinds et les changements de place (nouveau joueur), ropta-2025
    late registration. The last big blind's own seat, if empty, comes last: it is the next
    hand's small blind position.
    """
    if table.big_blind_seat is None:
        return None
    free = table.free_seats()
    if not free:
        return None
    return _next_after(free, table.big_blind_seat, table.size)


def worst_free_seat(table: Table, profile: RuleProfile) -> int | None:
    """The free seat where a player sitting down now posts the big blind soonest.

    Rule: tda-2024 R11 (worst position: a lone big blind if available, never the small
    blind). Each free seat is tried: the seat that makes the player the next big blind comes
    first, then the seats with the fewest players before the player's big blind; the next
    small blind's seat, then a seat that would have to wait, only when nothing else is free.
    Ties go to the seat nearest the big blind's left. None if the table is full; the lowest
    free seat if the table has no button yet.
    """
    free = table.free_seats()
    if not free:
        return None
    if table.button_seat is None:
        return free[0]
    best: tuple[tuple[int, int, int], int] | None = None
    for seat in free:
        trial = table.with_seats({**table.seats, seat: _NEWCOMER})
        try:
            positions = next_hand_positions(trial, profile)
        except PokerfloorError:  # too few players to place any blind: any seat will do
            return free[0]
        distance = (seat - positions.big_blind_seat) % table.size
        if seat_waits(table, seat):
            score = (3, 0, distance)
        elif seat == positions.small_blind_seat:
            score = (2, 0, distance)
        elif seat == positions.big_blind_seat:
            score = (0, 0, distance)
        else:
            before = sum(
                1
                for other in positions.dealt_in
                if _strictly_between(other, positions.big_blind_seat, seat, table.size)
            )
            score = (1, before, distance)
        if best is None or score < best[0]:
            best = (score, seat)
    assert best is not None
    return best[1]


# The cases


def _first_hand(table: Table, profile: RuleProfile) -> HandPositions:
    if table.button_seat is None:
        raise PokerfloorError("NO_BUTTON", {"table_no": table.table_no})
    eligible = sorted(table.seats)
    _check_enough(table, eligible)
    # The drawn button is on an occupied seat; if its player left before the first hand,
    # the first player clockwise from it takes the button.
    button = _next_after(eligible, table.button_seat - 1, table.size)
    citations = list(profile.citations("seating.first_button"))
    rulings = ["first_hand"]
    if len(eligible) == 2:
        big_blind = _next_after(eligible, button, table.size)
        small_blind = button
        rulings.append("heads_up")
        citations.extend(profile.citations("tournament.heads_up_transition"))
    else:
        small_blind = _next_after(eligible, button, table.size)
        big_blind = _next_after(eligible, small_blind, table.size)
    return HandPositions(
        button_seat=button,
        small_blind_seat=small_blind,
        big_blind_seat=big_blind,
        dealt_in=_dealing_order(eligible, button, table.size),
        waiting=frozenset(),
        dealer_seat=button,
        dead_button=False,
        heads_up=len(eligible) == 2,
        rulings=tuple(rulings),
        citations=_unique(citations),
    )


def _heads_up(
    table: Table,
    profile: RuleProfile,
    eligible: list[int],
    dead_button_position: int,
    waiting: frozenset[int],
    rulings: list[str],
    citations: list[str],
) -> HandPositions:
    """Two players: the button posts the small blind and the other the big blind.

    At the start of heads-up, ``no_big_blind_twice`` gives the button to the player who posted
    the last big blind (tda-2024 R34, ropta-2025 heads-up); ``big_blind_advances`` moves the
    big blind to the next player as usual and the other player deals, even twice in a row
    (allinouest, heavenpoker 10.10). With a dead button both give the same seats: the big
    blind never stays on the same player.
    """
    previous_big_blind = table.big_blind_seat
    assert previous_big_blind is not None
    already_heads_up = _was_heads_up(table)
    rule = profile.enum_value("tournament.heads_up_transition")
    rulings.append("heads_up")
    if not already_heads_up:
        rulings.append("heads_up_transition")
    if not already_heads_up and rule == "no_big_blind_twice" and previous_big_blind in eligible:
        button = previous_big_blind
        big_blind = _other(eligible, button)
    else:
        big_blind = _next_after(eligible, previous_big_blind, table.size)
        button = _other(eligible, big_blind)
    if not already_heads_up:
        if button != dead_button_position:
            rulings.append("button_adjusted")
        if button == table.button_seat:
            rulings.append("dealer_repeats")
    citations.extend(profile.citations("tournament.heads_up_transition"))
    return HandPositions(
        button_seat=button,
        small_blind_seat=button,
        big_blind_seat=big_blind,
        dealt_in=_dealing_order(eligible, button, table.size),
        waiting=waiting,
        dealer_seat=button,
        dead_button=False,
        heads_up=True,
        rulings=tuple(rulings),
        citations=_unique(citations),
    )


def _was_heads_up(table: Table) -> bool:
    """Was the last hand heads-up (its button posted the small blind)?"""
    return table.small_blind_seat is not None and table.small_blind_seat == table.button_seat


def _button_position(table: Table) -> int:
    """Where the next button goes: the last small blind's seat (dead button).

    When the last hand had no small blind it was dead on an empty seat just before the big
    blind; the button goes on that seat (any empty seat there deals the same hand). With no
    seat between the last button and big blind, the button stays.
    """
    if table.small_blind_seat is not None:
        return table.small_blind_seat
    big_blind = table.big_blind_seat
    assert big_blind is not None
    before_big_blind = (big_blind - 2) % table.size + 1
    button = table.button_seat
    if button is None or _strictly_between(before_big_blind, button, big_blind, table.size):
        return before_big_blind
    return button


# Seat arithmetic (clockwise, 1-based)


def _strictly_between(seat: int, start: int, end: int, size: int) -> bool:
    """Is ``seat`` strictly inside the clockwise arc from ``start`` to ``end``?"""
    return 0 < (seat - start) % size < (end - start) % size


def _next_after(candidates: Iterable[int], after: int, size: int) -> int:
    """The first candidate clockwise after ``after`` (``after`` itself comes last)."""
    return min(candidates, key=lambda seat: (seat - after - 1) % size)


def _previous_before(candidates: Iterable[int], before: int, size: int) -> int:
    """The first candidate counterclockwise before ``before``."""
    return min(candidates, key=lambda seat: (before - seat - 1) % size)


def _dealing_order(seats: Iterable[int], button: int, size: int) -> tuple[int, ...]:
    return tuple(sorted(seats, key=lambda seat: (seat - button - 1) % size))


def _other(pair: list[int], seat: int) -> int:
    return pair[1] if pair[0] == seat else pair[0]


def _unique(citations: Iterable[str]) -> tuple[str, ...]:
    return tuple(dict.fromkeys(citations))


# Checks


def _check_table(table: Table) -> None:
    if table.size < 2:
        raise PokerfloorError("BAD_TABLE", {"table_no": table.table_no, "size": table.size})
    marked = [
        seat
        for seat in (
            *table.seats,
            table.button_seat,
            table.big_blind_seat,
            table.small_blind_seat,
        )
        if seat is not None
    ]
    for seat in marked:
        if not 1 <= seat <= table.size:
            raise PokerfloorError(
                "BAD_SEAT", {"table_no": table.table_no, "seat_no": seat, "size": table.size}
            )
    if len(set(table.seats.values())) != len(table.seats):
        raise PokerfloorError("PLAYER_SEATED_TWICE", {"table_no": table.table_no})


def _check_enough(table: Table, eligible: list[int]) -> None:
    if len(eligible) < 2:
        raise PokerfloorError(
            "TABLE_TOO_SHORT", {"table_no": table.table_no, "players": len(eligible)}
        )
