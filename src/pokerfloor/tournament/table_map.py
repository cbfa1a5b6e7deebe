"""The tournament's tables, indexed so that balancing, breaking, seating and buttons look at the
few tables an event touches, never at every table of the field.

``TableMap`` is the ``dict[int, Table]`` the aggregate keeps (``Tournament.tables``): every
write goes through ``__setitem__`` / ``__delitem__``, which keep the index up to date, so
``_apply`` (replaying events or applying new ones) maintains it with no extra step. The index:

- the tables in play (one player or more) by player count, as ordered sets of table numbers
  with ranks (a Fenwick tree each), and among them those with a free seat: the fullest and the
  shortest table, the lowest-numbered one of a count, or the k-th (a random draw among tables
  of a count, in table order, as the full procedure draws it), in O(log tables);
- the tables in play in table order (the highest numbers break first);
- the seated players and the free seats of the tables in play;
- the tables with no button yet, and the tables left without players.

``trial()`` lets a procedure move players on the map to compute its moves and then puts every
table back: the procedures decide, ``_apply`` alone changes the state.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from contextlib import contextmanager
from typing import Any

from pokerfloor.tournament.types import Table

__all__ = ["OrderedNumbers", "TableMap"]


class OrderedNumbers:
    """A set of positive integers with ranks: add, remove, the k-th smallest, in O(log n).

    A Fenwick tree over 1..capacity counts the members; the capacity doubles as needed."""

    __slots__ = ("_capacity", "_count", "_member", "_tree")

    def __init__(self, members: Iterable[int] = ()) -> None:
        self._capacity = 16
        self._tree = [0] * (self._capacity + 1)
        self._member = bytearray(self._capacity + 1)
        self._count = 0
        for number in members:
            self.add(number)

    def __len__(self) -> int:
        return self._count

    def __contains__(self, number: object) -> bool:
        return (
            isinstance(number, int) and 0 < number <= self._capacity and bool(self._member[number])
        )

    def __iter__(self) -> Iterator[int]:
        return (self.kth(rank) for rank in range(self._count))

    def add(self, number: int) -> None:
        if number < 1:
            raise ValueError(f"table numbers are 1 or more, not {number}")
        if number > self._capacity:
            self._grow(number)
        if self._member[number]:
            return
        self._member[number] = 1
        self._count += 1
        tree, capacity = self._tree, self._capacity
        while number <= capacity:
            tree[number] += 1
            number += number & -number

    def discard(self, number: int) -> None:
        if not 0 < number <= self._capacity or not self._member[number]:
            return
        self._member[number] = 0
        self._count -= 1
        tree, capacity = self._tree, self._capacity
        while number <= capacity:
            tree[number] -= 1
            number += number & -number

    def kth(self, k: int) -> int:
        """The member of rank ``k`` (0 = the smallest; negative counts from the largest)."""
        if k < 0:
            k += self._count
        if not 0 <= k < self._count:
            raise IndexError(f"rank {k} of {self._count} members")
        position = 0
        step = self._capacity  # a power of two
        tree = self._tree
        while step:
            following = position + step
            if tree[following] <= k:
                position = following
                k -= tree[following]
            step >>= 1
        return position + 1

    def first(self) -> int | None:
        return self.kth(0) if self._count else None

    def _grow(self, number: int) -> None:
        members = [member for member in range(1, self._capacity + 1) if self._member[member]]
        while self._capacity < number:
            self._capacity *= 2
        self._tree = [0] * (self._capacity + 1)
        self._member = bytearray(self._capacity + 1)
        self._count = 0
        for member in members:
            self.add(member)


class _Ranked:
    """The members of an ``OrderedNumbers`` as a read-only sequence in increasing order, for
    ``random.Random.choice`` (a draw among tables in table order, as the full procedure)."""

    __slots__ = ("_numbers",)

    def __init__(self, numbers: OrderedNumbers) -> None:
        self._numbers = numbers

    def __len__(self) -> int:
        return len(self._numbers)

    def __getitem__(self, rank: int) -> int:
        return self._numbers.kth(rank)


class TableMap(dict[int, Table]):
    """``table_no -> Table``, every table the aggregate holds, with the index above."""

    def __init__(self, tables: Mapping[int, Table] | Iterable[tuple[int, Table]] = ()) -> None:
        super().__init__()
        self._by_count: dict[int, OrderedNumbers] = {}  # tables in play by players seated
        self._open_by_count: dict[int, OrderedNumbers] = {}  # the same, with a free seat
        self._live = OrderedNumbers()  # tables in play
        self._empty: set[int] = set()  # held tables without a player
        self._unbuttoned: set[int] = set()  # tables without a button yet
        self._journal: list[tuple[int, Table | None]] | None = None
        self.seated = 0  # players seated at the tables in play
        self.free_seats = 0  # free seats at the tables in play
        items = tables.items() if isinstance(tables, Mapping) else tables
        for table_no, table in items:
            self[table_no] = table

    # ---- writes: the only way in --------------------------------------------------------

    def __setitem__(self, table_no: int, table: Table) -> None:
        if table.table_no != table_no:
            raise ValueError(f"table {table.table_no} filed as {table_no}")
        old = dict.get(self, table_no)
        dict.__setitem__(self, table_no, table)
        if self._journal is not None:
            self._journal.append((table_no, old))
        self._reindex(table_no, old, table)

    def replace_positions(self, table: Table) -> None:
        """``table`` in place of the one of its number, the same seats and size (a hand played:
        only the button and blinds changed). The index counts seats and sizes, so only a first
        button touches it: no re-index per hand."""
        table_no = table.table_no
        old = dict.__getitem__(self, table_no)
        if (old.seats is not table.seats and old.seats != table.seats) or old.size != table.size:
            raise ValueError(f"table {table_no}: other seats, not a hand played")
        dict.__setitem__(self, table_no, table)
        if self._journal is not None:
            self._journal.append((table_no, old))
        if old.button_seat is None and table.button_seat is not None:
            self._unbuttoned.discard(table_no)
        elif old.button_seat is not None and table.button_seat is None:
            self._unbuttoned.add(table_no)

    def __delitem__(self, table_no: int) -> None:
        old = dict.pop(self, table_no)
        if self._journal is not None:
            self._journal.append((table_no, old))
        self._reindex(table_no, old, None)

    def pop(self, table_no: int, *default: Any) -> Any:
        if table_no not in self:
            if default:
                return default[0]
            raise KeyError(table_no)
        table = self[table_no]
        del self[table_no]
        return table

    def update(self, *others: Any, **named: Any) -> None:
        for table_no, table in dict(*others, **named).items():
            self[table_no] = table

    def setdefault(self, table_no: int, default: Table | None = None) -> Table:
        if table_no not in self:
            if default is None:
                raise TypeError("a TableMap holds tables only")
            self[table_no] = default
        return self[table_no]

    def popitem(self) -> tuple[int, Table]:
        table_no = next(reversed(self))
        return table_no, self.pop(table_no)

    def clear(self) -> None:
        for table_no in list(self):
            del self[table_no]

    def __ior__(self, other: Any) -> TableMap:  # type: ignore[override,misc]
        self.update(other)
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return (TableMap, (dict(self),))

    def copy(self) -> TableMap:
        return TableMap(dict(self))

    @contextmanager
    def trial(self) -> Iterator[TableMap]:
        """Changes made inside are undone on leaving (a procedure computing its moves)."""
        if self._journal is not None:
            raise RuntimeError("trials do not nest")
        self._journal = []
        try:
            yield self
        finally:
            journal, self._journal = self._journal, None
            for table_no, old in reversed(journal):
                if old is None:
                    current = dict.pop(self, table_no)
                    self._reindex(table_no, current, None)
                else:
                    replaced = dict.get(self, table_no)
                    dict.__setitem__(self, table_no, old)
                    self._reindex(table_no, replaced, old)

    def _reindex(self, table_no: int, old: Table | None, new: Table | None) -> None:
        if (
            old is not None
            and new is not None
            and len(old.seats) == len(new.seats)
            and old.size == new.size
        ):  # the same players' count (a hand played, a button placed): only the button
            if old.button_seat is None and new.button_seat is not None:
                self._unbuttoned.discard(table_no)
            elif old.button_seat is not None and new.button_seat is None:
                self._unbuttoned.add(table_no)
            if not new.seats:
                self._empty.add(table_no)
            return
        if old is not None:
            count = len(old.seats)
            if count:
                self._by_count[count].discard(table_no)
                self._live.discard(table_no)
                if count < old.size:
                    self._open_by_count[count].discard(table_no)
                self.seated -= count
                self.free_seats -= old.size - count
            else:
                self._empty.discard(table_no)
            if old.button_seat is None:
                self._unbuttoned.discard(table_no)
        if new is not None:
            count = len(new.seats)
            if count:
                _bucket(self._by_count, count).add(table_no)
                self._live.add(table_no)
                if count < new.size:
                    _bucket(self._open_by_count, count).add(table_no)
                self.seated += count
                self.free_seats += new.size - count
            else:
                self._empty.add(table_no)
            if new.button_seat is None:
                self._unbuttoned.add(table_no)

    # ---- queries ------------------------------------------------------------------------

    @property
    def live_count(self) -> int:
        """Tables in play: one player or more."""
        return len(self._live)

    @property
    def dealing_count(self) -> int:
        """Tables that can deal a hand: two players or more."""
        ones = self._by_count.get(1)
        return len(self._live) - (len(ones) if ones is not None else 0)

    def live_numbers(self) -> Iterator[int]:
        """The numbers of the tables in play, in increasing order (a walk over all of them)."""
        return iter(self._live)

    def live_tables(self) -> list[Table]:
        return [self[table_no] for table_no in self.live_numbers()]

    def highest_live(self, count: int) -> list[int]:
        """The ``count`` highest numbers of tables in play, highest first."""
        count = min(count, len(self._live))
        return [self._live.kth(-1 - rank) for rank in range(count)]

    def counts(self) -> list[int]:
        """The player counts that some table in play has, in increasing order."""
        return sorted(count for count, numbers in self._by_count.items() if numbers)

    def fullest(self) -> Table | None:
        """The table in play with the most players (on a tie the lowest number)."""
        counts = self.counts()
        if not counts:
            return None
        first = self._by_count[counts[-1]].first()
        assert first is not None
        return self[first]

    def shortest_count(self) -> int | None:
        counts = self.counts()
        return counts[0] if counts else None

    def gap(self) -> int:
        """Players between the fullest and the shortest table in play (0 with none)."""
        counts = self.counts()
        return counts[-1] - counts[0] if counts else 0

    def fewest_open_count(self) -> int | None:
        """The fewest players at a table in play that has a free seat."""
        counts = [count for count, numbers in self._open_by_count.items() if numbers]
        return min(counts) if counts else None

    def open_with(self, count: int) -> _Ranked:
        """The tables in play with ``count`` players and a free seat, in table order."""
        return _Ranked(self._open_by_count.get(count) or OrderedNumbers())

    def with_count_at_most(self, count: int) -> list[int]:
        """Numbers of the tables in play with ``count`` players or fewer, in table order."""
        found = [
            number
            for seated, numbers in self._by_count.items()
            if seated <= count
            for number in numbers
        ]
        return sorted(found)

    def empty_numbers(self) -> list[int]:
        """Tables held without a player (left by busts), in table order."""
        return sorted(self._empty)

    def unbuttoned(self) -> list[int]:
        """Tables with no button yet, in table order."""
        return sorted(self._unbuttoned)

    def awaiting_button(self) -> list[int]:
        """Tables whose first button is to be drawn (``place_buttons``): no button yet and at
        least two players, in table order; a lone player has no hand to deal. Rule: the
        profile's ``seating.first_button`` (roberts 3.7: a card is drawn for the button)."""
        return [table_no for table_no in self.unbuttoned() if len(self[table_no].seats) >= 2]

    def check_index(self) -> None:
        """Raise ``AssertionError`` unless the index equals one rebuilt from the tables."""
        rebuilt = TableMap(dict(self))
        assert self.seated == rebuilt.seated, (self.seated, rebuilt.seated)
        assert self.free_seats == rebuilt.free_seats
        assert list(self._live) == list(rebuilt._live)
        assert self._empty == rebuilt._empty
        assert self._unbuttoned == rebuilt._unbuttoned
        pairs = (
            (self._by_count, rebuilt._by_count),
            (self._open_by_count, rebuilt._open_by_count),
        )
        for mine, theirs in pairs:
            keys = {count for count, numbers in {**mine, **theirs}.items() if numbers}
            for count in keys:
                assert list(mine.get(count, ())) == list(theirs.get(count, ())), count


def _bucket(buckets: dict[int, OrderedNumbers], count: int) -> OrderedNumbers:
    numbers = buckets.get(count)
    if numbers is None:
        numbers = buckets[count] = OrderedNumbers()
    return numbers
