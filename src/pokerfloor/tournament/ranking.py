"""Places of eliminated players, and the final ranking.

A player who busts while ``n`` players are left takes place ``n``. Several players busted on
the same hand cover the places from ``n`` upwards, one each:

- at one table (``busts.same_table``): the bigger stack at the start of the hand ranks higher,
  equal stacks tie and share the places they cover (allinouest §L'étalage, ropta 5.4,
  ropta-2025 simultaneous busts); or they all share;
- hand-for-hand, at several tables on the same deal (``busts.hand_for_hand_tables``): they
  share (tda-2024 RP-8), or the bigger starting stack ranks higher across tables.

Outside hand-for-hand the tables do not deal together, so busts at different tables are
ranked in the order they are reported: one ``rank_busts`` call per table and hand.

``final_ranking`` builds places 1..N from the winner and the bust history. With re-entries a
player's earlier busts are not final places: only the last one counts, and the places are
recomputed from the order of the busts (see the module's documentation,
docs/chiprace-penalties-ranking.md).
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

import msgspec

from pokerfloor.errors import PokerfloorError
from pokerfloor.rules import RuleProfile
from pokerfloor.tournament.types import PlayerId

__all__ = ["BustInfo", "Placement", "final_ranking", "provisional_places", "rank_busts"]

_SAME_TABLE = "busts.same_table"
_HAND_FOR_HAND = "busts.hand_for_hand_tables"
_DIFFERENT_TABLES = "busts.different_tables"


class BustInfo(msgspec.Struct, frozen=True):
    """A player left without chips at the end of a hand (and not rebuying)."""

    player_id: PlayerId
    table_no: int
    starting_stack_of_hand: int
    hand_id: int


class Placement(msgspec.Struct, frozen=True):
    """A finishing place. ``place`` is the best place covered; tied players share
    ``places_covered`` (their prizes or points are pooled and split)."""

    player_id: PlayerId
    place: int
    tied_with: tuple[PlayerId, ...] = ()
    places_covered: tuple[int, ...] = ()
    citations: tuple[str, ...] = ()


def rank_busts(
    busted: Sequence[BustInfo],
    players_left_before: int,
    profile: RuleProfile,
    hand_for_hand: bool,
    *,
    same_hand_tables: bool = False,
) -> list[Placement]:
    """Places of the players busted on one hand (hand-for-hand: on one deal at every table).

    ``players_left_before`` counts the players in the tournament before these busts. The
    result is sorted best place first. Outside hand-for-hand every bust must come from one
    table and one hand.

    ``same_hand_tables``: outside hand-for-hand, busts at several tables during the same hand
    (``busts.different_tables``): they tie.

    Rule: allinouest §L'étalage, ropta 5.4, ropta-2025 simultaneous busts, tda-2024 RP-8.
    """
    _check_busts(busted, players_left_before, hand_for_hand or same_hand_tables)
    tables: dict[int, list[BustInfo]] = {}
    for bust in busted:
        tables.setdefault(bust.table_no, []).append(bust)
    same_table = profile.enum_value(_SAME_TABLE)
    per_table = [_order_table(busts, same_table) for busts in tables.values()]
    if len(per_table) == 1:
        groups = per_table[0]
    else:
        across = "share" if same_hand_tables else profile.enum_value(_HAND_FOR_HAND)
        groups = _merge_tables(per_table, across)
    citations: tuple[str, ...] = ()
    if any(len(busts) > 1 for busts in tables.values()):
        citations += profile.citations(_SAME_TABLE)
    if len(tables) > 1:
        citations += profile.citations(_DIFFERENT_TABLES if same_hand_tables else _HAND_FOR_HAND)
    citations = tuple(dict.fromkeys(citations))
    placements: list[Placement] = []
    place = players_left_before - len(busted) + 1
    for group in groups:
        covered = tuple(range(place, place + len(group)))
        ids = [bust.player_id for bust in group]
        for player in ids:
            tied = tuple(other for other in ids if other != player)
            placements.append(Placement(player, place, tied, covered, citations))
        place += len(group)
    return placements


def final_ranking(
    players: Collection[PlayerId],
    winner: PlayerId,
    bust_history: Sequence[Sequence[Placement]],
    *,
    late_entries: bool = False,
) -> list[Placement]:
    """Places 1..N of ``players`` (each player once, however many entries they bought).

    ``late_entries``: players joined after the first busts (late registration, alternates),
    so the places recorded at those busts were provisional and are recomputed without check.

    ``bust_history`` holds the placements of each ``rank_busts`` call, oldest first. Places are
    recomputed from that order: the winner is 1st, the last busts take the next places, and so
    on. A player who busted, re-entered and busted again (or won) keeps only the last result:
    the earlier bust is not a final place and the players busted before it move up. Ties
    within a call are kept. Without re-entries the recomputed places must equal the recorded
    ones; a mismatch, a player placed twice in one call, an unknown player or a player with no
    place is refused.
    """
    everyone = set(players)
    if len(everyone) != len(players):
        raise PokerfloorError("RANKING_DUPLICATE_PLAYER", {"players": sorted(players)})
    if winner not in everyone:
        raise PokerfloorError("RANKING_UNKNOWN_PLAYER", {"player_id": winner})
    busts_per_player: dict[PlayerId, int] = {}
    for group in bust_history:
        _check_group(group, everyone)
        for placement in group:
            busts_per_player[placement.player_id] = busts_per_player.get(placement.player_id, 0) + 1
    reentered = {player for player, count in busts_per_player.items() if count > 1}
    reentered |= {winner} & busts_per_player.keys()

    below = provisional_places(bust_history, {winner})
    ranking = [Placement(winner, 1, (), (1,)), *below.values()]
    placed = {winner, *below}
    missing = sorted(everyone - placed)
    if missing:
        raise PokerfloorError("RANKING_INCOMPLETE", {"players": missing})
    if not reentered and not late_entries:
        _check_recorded_places(ranking, bust_history)
    return sorted(ranking, key=lambda placement: placement.place)


def provisional_places(
    bust_history: Sequence[Sequence[Placement]], in_play: Collection[PlayerId]
) -> dict[PlayerId, Placement]:
    """The place of each busted player now: the players still in play hold the first places,
    then the latest busts, and so on back to the first, ties within a group kept (the order
    ``final_ranking`` uses, so the final ranking equals these places).

    A place recorded at a bust counts the players in play then; a late registration or an
    alternate after it adds a player above, so recorded places can repeat. Recomputed from
    the order of the busts they are distinct. A player who busted and came back (re-entry,
    rebuy at the bust, a corrected bust) is in play or keeps only the latest bust.
    """
    places: dict[PlayerId, Placement] = {}
    placed = set(in_play)
    place = len(placed) + 1
    for group in reversed(bust_history):
        members = [placement for placement in group if placement.player_id not in placed]
        blocks: dict[int, list[Placement]] = {}
        for placement in sorted(members, key=lambda p: p.place):
            blocks.setdefault(placement.place, []).append(placement)
        for block in blocks.values():
            covered = tuple(range(place, place + len(block)))
            ids = [placement.player_id for placement in block]
            for placement in block:
                tied = tuple(other for other in ids if other != placement.player_id)
                places[placement.player_id] = Placement(
                    placement.player_id, place, tied, covered, placement.citations
                )
                placed.add(placement.player_id)
            place += len(block)
    return places


# Ordering


def _order_table(busts: list[BustInfo], same_table: str) -> list[list[BustInfo]]:
    """The table's busts in tied groups, best first."""
    if same_table == "share":
        return [list(busts)]
    return _groups_by_stack(busts)


def _groups_by_stack(busts: Sequence[BustInfo]) -> list[list[BustInfo]]:
    groups: dict[int, list[BustInfo]] = {}
    for bust in busts:
        groups.setdefault(bust.starting_stack_of_hand, []).append(bust)
    return [groups[stack] for stack in sorted(groups, reverse=True)]


def _merge_tables(per_table: list[list[list[BustInfo]]], rule: str) -> list[list[BustInfo]]:
    """Hand-for-hand, several tables: rank their tied groups together.

    ``bigger_starting_stack_higher``: groups from different tables with the same starting
    stack tie (a shared group counts at its biggest stack). ``share``: players at different
    tables are not ordered against each other, so each table's best group shares the top
    places, then each table's second group, and so on; the order at one table stays.
    """
    if rule == "bigger_starting_stack_higher":
        by_stack: dict[int, list[BustInfo]] = {}
        for groups in per_table:
            for group in groups:
                key = max(bust.starting_stack_of_hand for bust in group)
                by_stack.setdefault(key, []).extend(group)
        return [by_stack[stack] for stack in sorted(by_stack, reverse=True)]
    tiers: list[list[BustInfo]] = []
    for groups in per_table:
        for tier, group in enumerate(groups):
            if tier == len(tiers):
                tiers.append([])
            tiers[tier].extend(group)
    return tiers


# Validation


def _check_busts(busted: Sequence[BustInfo], players_left_before: int, hand_for_hand: bool) -> None:
    if not busted:
        raise PokerfloorError("BUSTS_NONE")
    ids = [bust.player_id for bust in busted]
    if len(set(ids)) != len(ids):
        raise PokerfloorError("BUSTS_DUPLICATE_PLAYER", {"players": ids})
    if players_left_before <= len(busted):
        raise PokerfloorError(
            "BUSTS_LEAVE_NO_PLAYER",
            {"busted": len(busted), "players_left_before": players_left_before},
        )
    for bust in busted:
        if bust.starting_stack_of_hand <= 0:
            raise PokerfloorError(
                "BUSTS_BAD_STACK",
                {"player_id": bust.player_id, "stack": bust.starting_stack_of_hand},
            )
    hands: dict[int, set[int]] = {}
    for bust in busted:
        hands.setdefault(bust.table_no, set()).add(bust.hand_id)
    several_hands = sorted(table for table, ids_ in hands.items() if len(ids_) > 1)
    if several_hands:
        raise PokerfloorError("BUSTS_DIFFERENT_HANDS", {"table_no": several_hands[0]})
    if len(hands) > 1 and not hand_for_hand:
        raise PokerfloorError("BUSTS_AT_SEVERAL_TABLES", {"tables": sorted(hands)})


def _check_group(group: Sequence[Placement], everyone: set[PlayerId]) -> None:
    ids = [placement.player_id for placement in group]
    if len(set(ids)) != len(ids):
        raise PokerfloorError("RANKING_INCONSISTENT", {"players": ids})
    unknown = sorted(set(ids) - everyone)
    if unknown:
        raise PokerfloorError("RANKING_UNKNOWN_PLAYER", {"players": unknown})
    for placement in group:
        mates = set(placement.tied_with)
        covered = placement.places_covered or (placement.place,)
        if (
            placement.player_id in mates
            or not mates <= set(ids)
            or len(covered) != len(mates) + 1
            or covered[0] != placement.place
        ):
            raise PokerfloorError(
                "RANKING_INCONSISTENT", {"player_id": placement.player_id, "place": placement.place}
            )


def _check_recorded_places(
    ranking: Sequence[Placement], bust_history: Sequence[Sequence[Placement]]
) -> None:
    final = {placement.player_id: placement.place for placement in ranking}
    for group in bust_history:
        for placement in group:
            if final[placement.player_id] != placement.place:
                raise PokerfloorError(
                    "RANKING_INCONSISTENT",
                    {
                        "player_id": placement.player_id,
                        "recorded": placement.place,
                        "computed": final[placement.player_id],
                    },
                )
