"""Busts at the tables: players reported out of a table's last hand without stacks (with a
rebuy at the bust), the places a hand's busts take, and the places of every busted player now.

A part of ``Tournament`` (``tournament.busts``, _parts.py): it owns the last group of busts
ranked (``last``, its hand-for-hand round and when its hand ended), which the next group may
join; the places themselves are the aggregate's (``players``, ``placements``,
``bust_history``, ``players_left``), which the corrections (``_corrections.py``) also fold.
A hand's report (``_hands.py``) returns the busts its stacks show, to settle here.

Places (each ruling carries the citations of the profile's ``busts.*`` setting it applied):
players out in one hand are ranked by ``busts.same_table``; hand-for-hand, busts of one round
at several tables are one group (``busts.hand_for_hand_tables``, tda-2024 RP-8); outside it,
``busts.different_tables`` says whether busts of hands played at once at two tables tie.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import TYPE_CHECKING

from pokerfloor.errors import PokerfloorError
from pokerfloor.tournament import ranking
from pokerfloor.tournament._parts import Part, applies
from pokerfloor.tournament.events import BustRebought, Placement, PlayersBusted
from pokerfloor.tournament.types import PlayerId, SeatRef

if TYPE_CHECKING:
    from pokerfloor.tournament._bounties import Eliminations
    from pokerfloor.tournament._player_state import PlayerState
    from pokerfloor.tournament.state import Tournament

__all__ = ["NOBODY_NAMED", "NO_STACKS", "Busts"]

# No collector named: in a bounty tournament, the only other player of the table, else refused.
NOBODY_NAMED: Mapping[PlayerId, Sequence[PlayerId]] = MappingProxyType({})
NO_STACKS: Mapping[PlayerId, int] = MappingProxyType({})


class Busts(Part):
    """Busts and places: ``tournament.busts``."""

    __slots__ = ("last", "last_at", "last_round")

    def __init__(self, host: Tournament) -> None:
        super().__init__(host)
        self.last: tuple[ranking.BustInfo, ...] = ()  # the last group ranked
        self.last_round = 0  # its hand-for-hand round (0: outside hand-for-hand)
        self.last_at = 0  # when it was ranked (its hand's end)

    # ---- commands -----------------------------------------------------------------------

    def report(
        self,
        table_no: int,
        players: Sequence[PlayerId],
        starting_stacks: Mapping[PlayerId, int],
        at_ms: int,
        rebuys: Sequence[PlayerId] = (),
        eliminated_by: Eliminations = NOBODY_NAMED,
    ) -> list[Placement]:
        """Players of one table who busted in its last hand, reported without stacks. Those in
        ``rebuys`` rebuy at once and keep their seat (refused with the reason when they may
        not); the others are ranked (``starting_stacks``: all of them or none, else they tie).
        A bounty tournament: ``eliminated_by`` names who collected each bounty (_bounties.py)."""
        host = self.host
        self._check_report(table_no, players, starting_stacks, rebuys)
        busting = [player for player in players if player not in rebuys]
        if len(busting) >= host.players_left:
            raise PokerfloorError(
                "TOO_MANY_BUSTS", {"players_left": host.players_left, "busts": len(busting)}
            )
        hand_no = host.hands_at.get(table_no, 0)
        level = host.hands.level_of_last(table_no)
        desk = host.desk
        for player in rebuys:
            refusal = desk.rebuy_refusal(player, at_ms, level, hand_recorded=True, at_bust=True)
            if refusal is not None:
                raise refusal
        for player in rebuys:
            desk.record_rebuy(player, "rebuy", at_ms, at_bust=True)
        busts = [
            ranking.BustInfo(player, table_no, starting_stacks.get(player, 1), hand_no)
            for player in busting
        ]
        return self.settle(busts, at_ms, eliminated_by, starting_stacks)

    def _check_report(
        self,
        table_no: int,
        players: Sequence[PlayerId],
        starting_stacks: Mapping[PlayerId, int],
        rebuys: Sequence[PlayerId],
    ) -> None:
        host = self.host
        if table_no not in host.tables:
            raise PokerfloorError("NO_SUCH_TABLE", {"table_no": table_no})
        if len(set(players)) != len(players) or len(set(rebuys)) != len(rebuys):
            raise PokerfloorError("DUPLICATE_PLAYER", {})
        strangers = sorted(set(rebuys) - set(players))
        if strangers:
            raise PokerfloorError("UNKNOWN_PLAYER", {"players": strangers})
        for player_id in players:
            player = host.players.get(player_id)
            if player is None or not player.in_play or player.seat is None:
                raise PokerfloorError("NOT_IN_PLAY", {"player_id": player_id})
            if player.seat.table_no != table_no:
                raise PokerfloorError(
                    "NOT_AT_TABLE", {"player_id": player_id, "table_no": player.seat.table_no}
                )
        strangers = sorted(set(starting_stacks) - set(players))
        if strangers:
            raise PokerfloorError("UNKNOWN_PLAYER", {"players": strangers})
        ranked = [player for player in players if player not in rebuys]
        given = [player for player in ranked if player in starting_stacks]
        if given and len(given) != len(ranked):
            raise PokerfloorError(
                "STARTING_STACKS_INCOMPLETE",
                {"missing": sorted(set(ranked) - set(starting_stacks))},
            )
        if any(stack <= 0 for stack in starting_stacks.values()):
            raise PokerfloorError("BAD_STARTING_STACK", {"starting_stacks": dict(starting_stacks)})

    def settle(
        self,
        busted: Sequence[ranking.BustInfo],
        at_ms: int,
        eliminated_by: Eliminations | None = NOBODY_NAMED,
        stacks: Mapping[PlayerId, int] = NO_STACKS,
    ) -> list[Placement]:
        """Rank the players who busted in one hand. Hand-for-hand, busts of the same round at
        another table ranked before are ranked again with them: they share the places they
        cover, or the bigger starting stack ranks higher (``busts.hand_for_hand_tables``).
        Outside hand-for-hand, where ``busts.different_tables`` says so (ropta-2025), the last
        busts at another table tie with these when that table's hand ended after this one
        began: both hands were being played at once."""
        if not busted:
            return []
        host = self.host
        # A bounty tournament: each bust's bounty and its collectors (refused before anything
        # is recorded); ``eliminated_by`` None: nobody knocked them out (a disqualification).
        knockouts = host.bounties.knockouts(busted, eliminated_by, stacks)
        first = busted[0]
        hand_for_hand = host.hand_for_hand
        round_no = host.hands.round_of_hand.get(first.table_no, 0) if hand_for_hand else 0
        if hand_for_hand:
            merge = bool(round_no) and bool(self.last) and self.last_round == round_no
        else:
            merge = self._same_hand_elsewhere(first.table_no)
        group = (*self.last, *busted) if merge else tuple(busted)
        left_before = host.players_left + (len(self.last) if merge else 0)
        several_tables = len({bust.table_no for bust in group}) > 1
        placements = ranking.rank_busts(
            group,
            left_before,
            host.profile,
            hand_for_hand=several_tables and hand_for_hand,
            same_hand_tables=several_tables and not hand_for_hand,
        )
        settled = tuple(
            Placement(p.player_id, p.place, tuple(p.tied_with), tuple(p.places_covered))
            for p in placements
        )
        key = "busts.same_table"
        if several_tables:
            key = "busts.hand_for_hand_tables" if hand_for_hand else "busts.different_tables"
        host._record(
            PlayersBusted(
                first.table_no, first.hand_id, at_ms, settled, hand_for_hand,
                host.cite(key), round_no, group, merge, knockouts,
            )
        )  # fmt: skip
        return [p for p in settled if p.player_id in {bust.player_id for bust in busted}]

    def _same_hand_elsewhere(self, table_no: int) -> bool:
        """Whether the last busts ranked came from other tables' hands that ended after this
        table's hand began (and the profile ties such busts)."""
        if self.host.profile.enum_value("busts.different_tables") != "share_when_hands_overlap":
            return False
        if not self.last or any(b.table_no == table_no for b in self.last):
            return False
        began = self.host.hands.table_started_at.get(table_no)
        return began is not None and self.last_at >= began

    # ---- queries --------------------------------------------------------------------------

    def places(self) -> dict[PlayerId, ranking.Placement]:
        """The place of every busted player now, recomputed from the order of the busts: late
        entries after a bust move the earlier busts down, so places stay distinct and equal
        the final ranking's (``ranking.provisional_places``)."""
        in_play = {p.player_id for p in self.host.in_play()}
        return ranking.provisional_places(self.host.bust_history, in_play)

    # ---- folding this part's events --------------------------------------------------------

    @applies(BustRebought)
    def _rebought(self, event: BustRebought) -> None:
        seat = SeatRef(event.table_no, event.seat_no)
        self.host.corrections.reinstate(event.player_id, seat, 0)

    @applies(PlayersBusted)
    def _busted(self, event: PlayersBusted) -> None:
        host = self.host
        if event.replaces_last and host.bust_history:
            replaced = host.bust_history.pop()
            for earlier in replaced:
                host.players[earlier.player_id].place = None
                host.players_left += 1
            host.placements = host.placements[: len(host.placements) - len(replaced)]
        host.bust_history.append(
            tuple(
                ranking.Placement(p.player_id, p.place, p.tied_with, p.places_covered)
                for p in event.placements
            )
        )
        for placement in event.placements:
            player = host.players[placement.player_id]
            player.place = placement.place
            if player.seat is not None:
                hands = host.hands_at.get(player.seat.table_no, 0)
                player.bust_undo = (player.stack, hands)
                if player.stack > 0:  # busted without stacks: the chips stay at the table
                    table_no = player.seat.table_no
                    host.unknown_chips[table_no] = (
                        host.unknown_chips.get(table_no, 0) + player.stack
                    )
                player.busted_after_hand = host.hands_at.get(player.seat.table_no, 0)
            player.stack = 0
            self._unseat(player)
            host.placements.append(placement)
        host.players_left -= len(event.placements)
        self.last = event.busts
        self.last_round = event.round_no
        self.last_at = event.at_ms

    def _unseat(self, player: PlayerState) -> None:
        if player.seat is None:
            return
        tables = self.host.tables
        table = tables[player.seat.table_no]
        seats = dict(table.seats)
        seats.pop(player.seat.seat_no, None)
        tables[table.table_no] = table.with_seats(seats)
        player.last_seat = player.seat
        player.seat = None
