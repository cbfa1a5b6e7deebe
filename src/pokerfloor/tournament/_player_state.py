"""One entrant as the aggregate holds them (``Tournament.players``), mutable inside the aggregate
only: its handlers and its parts' change it, pages get copies."""

from __future__ import annotations

from pokerfloor.tournament.types import PlayerId, SeatRef

__all__ = ["PlayerState"]


class PlayerState:
    """One entrant, mutable inside the aggregate only."""

    __slots__ = (
        "addons",
        "bust_undo",
        "busted_after_hand",
        "entries",
        "last_seat",
        "missed_hands",
        "name",
        "penalties",
        "place",
        "player_id",
        "present",
        "rebuys",
        "seat",
        "stack",
        "withdrawn",
    )

    def __init__(self, player_id: PlayerId, name: str, stack: int) -> None:
        self.player_id = player_id
        self.name = name
        self.stack = stack
        self.seat: SeatRef | None = None
        self.entries = 1
        self.rebuys = 0
        self.addons = 0
        self.place: int | None = None
        self.missed_hands = 0  # hands still to sit out for a penalty (dealt in, hand killed)
        self.present = True
        self.withdrawn = False  # an absent player whose seat went to the waiting list
        self.penalties: list[str] = []
        self.last_seat: SeatRef | None = None  # the seat held when last busted
        self.busted_after_hand: int | None = None  # the table's hand count at the bust
        # The stack the last bust took away and the table's hand count then: an "undo" puts
        # it back while no hand was reported at that table since (undo_bust).
        self.bust_undo: tuple[int, int] | None = None

    @property
    def in_play(self) -> bool:
        return self.place is None and not self.withdrawn
