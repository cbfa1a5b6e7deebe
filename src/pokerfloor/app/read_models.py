"""Read models of a live tournament: plain dicts (JSON-ready) computed from the aggregate.

They show what is on the clock screen, the seating chart on the wall, the players' list and
the results; nothing here is hidden information (no hole cards, no deck). The cash book alone is
for the TD (the API and the pages ask for the TD's credentials).
"""

from __future__ import annotations

from typing import Any

import msgspec

from pokerfloor.app.bounty_views import biggest_bounty, bounty_summary, player_bounty
from pokerfloor.app.format_views import day1_names, formats_part, player_award
from pokerfloor.errors import PokerfloorError
from pokerfloor.tournament.clock import clock_view
from pokerfloor.tournament.events import Placement
from pokerfloor.tournament.state import HandPlan, PlayerState, Tournament
from pokerfloor.tournament.structure import Level

__all__ = [
    "cash_book",
    "clock_screen",
    "deal_proposal",
    "deal_view",
    "players_list",
    "prize_pool_cents",
    "results",
    "seating_chart",
]


def _level(level: Level | None) -> dict[str, Any] | None:
    return None if level is None else msgspec.to_builtins(level)


def total_chips(tournament: Tournament) -> int:
    """The chips in play: what was issued (entries, rebuys, add-ons) less what left play
    (chip-race residue, disqualifications, released seats). Busts never change it, so a bust
    reported without stacks loses no chip (the last recorded stacks would)."""
    return tournament.chips_in_play


def prize_pool_cents(tournament: Tournament) -> int:
    return tournament.prize_pool().total_cents


def clock_screen(tournament: Tournament, now_ms: int) -> dict[str, Any]:
    """What the big screen shows: level, blinds, time left, next level, players, pool."""
    view = clock_view(tournament.clock, tournament.structure, now_ms)
    chips = total_chips(tournament)
    left = tournament.players_left
    finished = tournament.finished is not None
    pool = prize_pool_cents(tournament)
    payouts = list(tournament.default_payouts(pool))
    return (
        {
            "tournament_id": tournament.created.tournament_id,
            "now_ms": now_ms,
            "status": "finished" if finished else tournament.clock.status,
            "running": view.running and not finished,
            "level_number": view.level_index + 1,
            "level": _level(view.level),
            "in_break": view.in_break,
            "break": None if view.break_ is None else msgspec.to_builtins(view.break_),
            "remaining_ms": view.remaining_ms,
            "ends_at_ms": view.ends_at_ms,
            "next_level": _level(view.next_level),
            "next_break_in_ms": view.next_break_in_ms,
            "played_ms": view.played_ms,
            "hand_for_hand": tournament.hand_for_hand,
            "players_left": left,
            "entries": tournament.entries,
            "rebuys": tournament.rebuys,
            "addons": tournament.addons,
            "waiting_list": len(tournament.desk.waiting_list),
            "total_chips": chips,
            "average_stack": chips // left if left else 0,
            "prize_pool_cents": pool,
            # What each paid place would get if the pool stopped growing now.
            "payouts_cents": payouts,
            # Once finished: the winner and the prizes paid, for the screen's last picture.
            "podium": _podium(tournament),
            # One player left, the TD has not finished yet (``winner_before_finish``): the
            # winner and what the payout scheme gives each paid place; None otherwise.
            "podium_before_finish": _podium_before_finish(tournament, payouts),
            # What the TD puts on the screen (tournament/room_screen.py); the logo itself is
            # served apart (``room_logo``), ``logo_at_ms`` is its version (None: no logo).
            "club_name": tournament.room_screen.club_name,
            "message": tournament.room_screen.message,
            "logo_at_ms": tournament.room_screen.logo_at_ms,
        }
        | biggest_bounty(tournament)
        | formats_part(tournament, now_ms)
    )


def _podium_before_finish(
    tournament: Tournament, payouts: list[int]
) -> list[dict[str, Any]] | None:
    """The winner the aggregate names before the finish, and the players busted in the paid
    places, each with what the payout scheme gives the place (the finish records them)."""
    winner = tournament.winner_before_finish()
    if winner is None:
        return None
    busted = sorted((place, player) for player, place in places(tournament).items())
    return [
        {
            "place": 1,
            "name": tournament.players[winner].name,
            "cents": payouts[0] if payouts else 0,
        }
    ] + [
        {"place": place, "name": tournament.players[player].name, "cents": payouts[place - 1]}
        for place, player in busted
        if 1 < place <= len(payouts)
    ]


def _podium(tournament: Tournament) -> list[dict[str, Any]]:
    finished = tournament.finished
    if finished is None:
        return []
    cents = {prize.player_id: prize.cents for prize in finished.prizes}
    return [
        {
            "place": placement.place,
            "name": tournament.players[placement.player_id].name,
            "cents": cents.get(placement.player_id, 0),
        }
        for placement in sorted(finished.ranking, key=lambda p: p.place)
        if placement.place == 1 or cents.get(placement.player_id)
    ]


def _plan_next_hand(tournament: Tournament, table_no: int, now_ms: int) -> HandPlan | None:
    """The table's next hand as a report now would record it: begun when the table's previous
    hand was reported (a hand finishing during a break began before it, at the level before)."""
    try:
        return tournament.hands.plan_next(table_no, now_ms)
    except PokerfloorError:
        return None


def seating_chart(tournament: Tournament, now_ms: int) -> dict[str, Any]:
    """Every table with its seats, the last hand's positions and the next hand's."""
    tables = []
    for table_no in sorted(tournament.tables):
        table = tournament.tables[table_no]
        next_hand: dict[str, Any] | None = None
        if table.player_count >= 2 and table.button_seat is not None:
            plan = _plan_next_hand(tournament, table_no, now_ms)
            if plan is not None:
                next_hand = {
                    # Before the clock starts, the first hand has no start yet (it begins
                    # with the clock): null, not "now", so reads do not drift with time.
                    "started_at_ms": plan.started_at_ms
                    if tournament.clock_started_at is not None
                    else None,
                    "level": plan.level.number,
                    "hand_no": plan.hand_no,
                    "button_seat": plan.button_seat,
                    "small_blind_seat": plan.small_blind_seat,
                    "big_blind_seat": plan.big_blind_seat,
                    "waiting": sorted(plan.waiting),
                    "away": sorted(plan.away),
                }
        seats = []
        for seat_no in sorted(table.seats):
            player = tournament.players[table.seats[seat_no]]
            seats.append(
                {
                    "seat_no": seat_no,
                    "player_id": player.player_id,
                    "name": player.name,
                    "stack": player.stack,
                    "present": player.present,
                    "waits": seat_no in table.waiting,
                    # Hands still to sit out for a penalty (dealt in, hand killed).
                    "missed_hands": player.missed_hands,
                }
                | player_bounty(tournament, player.player_id)
            )
        tables.append(
            {
                "table_no": table_no,
                "size": table.size,
                "hands_played": tournament.hands_at.get(table_no, 0),
                # Busts reported without stacks: their chips are at this table, not counted.
                "stacks_known": table_no not in tournament.unknown_chips,
                "unknown_chips": tournament.unknown_chips.get(table_no, 0),
                # Hand-for-hand: the tables this one waits for (it played the round).
                "waits_for_tables": tournament.hands.round_waits_for(table_no),
                "button_seat": table.button_seat,
                "small_blind_seat": table.small_blind_seat,
                "big_blind_seat": table.big_blind_seat,
                "seats": seats,
                "next_hand": next_hand,
            }
        )
    return {
        "tournament_id": tournament.created.tournament_id,
        "tables": tables,
        "halted_tables": tournament.halted_tables(),
        "moves_to_confirm": [
            {
                "player_id": move.player_id,
                "name": tournament.players[move.player_id].name,
                "reason": move.reason,
                "from_table": move.source.table_no,
                "from_seat": move.source.seat_no,
                "to_table": move.target.table_no,
                "to_seat": move.target.seat_no,
                "instruction": str(move),
            }
            for move in tournament.moves.proposed.values()
        ],
        "waiting_list": [
            {"player_id": player_id, "name": name}
            for player_id, name in tournament.desk.waiting_list.items()
        ],
        "floor_calls": [
            {
                "table_no": call.table_no,
                "reason": call.reason,
                "at_ms": call.at_ms,
                "button_seat": call.button_seat,
                "hand_no": call.hand_no,
                "situation": call.situation,
                "facts": dict(call.facts),
            }
            for call in sorted(tournament.floor_calls.values(), key=lambda call: call.at_ms)
        ],
    }


def _status(player: PlayerState, finished: bool) -> str:
    if player.withdrawn:
        return "withdrawn"
    if finished and player.place == 1:
        return "winner"
    if player.place is not None:
        return "busted"
    return "playing"


def places(tournament: Tournament) -> dict[str, int]:
    """Every busted player's place now (the final ranking's once finished)."""
    if tournament.finished is not None:
        return {p.player_id: p.place for p in tournament.finished.ranking}
    return {player: p.place for player, p in tournament.busts.places().items()}


def players_list(tournament: Tournament, now_ms: int | None = None) -> dict[str, Any]:
    players = []
    placed = places(tournament)
    finished = tournament.finished is not None
    book = tournament.cash.book()
    accounts = {account.player_id: account for account in book.accounts}
    methods = {line.player_id: line.method for line in book.lines if line.paid_cents > 0}
    for player in tournament.players.values():
        seat = player.seat
        players.append(
            {
                "player_id": player.player_id,
                "name": player.name,
                "status": _status(player, finished),
                "stack": player.stack if player.in_play else 0,
                "table_no": seat.table_no if seat else None,
                "seat_no": seat.seat_no if seat else None,
                "present": player.present,
                "missed_hands": player.missed_hands,
                "entries": player.entries,
                "rebuys": player.rebuys,
                "addons": player.addons,
                "place": placed.get(player.player_id),
                # A player busted in the table's last hand may still rebuy at the bust.
                "may_rebuy": now_ms is not None
                and not finished
                and _may_rebuy(tournament, player, now_ms),
                "may_addon": now_ms is not None
                and not finished
                and tournament.add_ons.refusal(player.player_id, now_ms) is None,
                "penalties": list(player.penalties),
                # Paid: nothing left to pay for the entries, rebuys and add-ons so far.
                "paid": player.player_id not in accounts
                or not accounts[player.player_id].owed_cents,
                "payment_method": methods.get(player.player_id, ""),
            }
            | player_bounty(tournament, player.player_id)
        )
    return {
        "tournament_id": tournament.created.tournament_id,
        "players": players,
        "waiting_list": [
            {"player_id": player_id, "name": name}
            for player_id, name in tournament.desk.waiting_list.items()
        ],
    }


def _may_rebuy(tournament: Tournament, player: PlayerState, now_ms: int) -> bool:
    if player.in_play:
        return tournament.desk.rebuy_refusal(player.player_id, now_ms) is None
    return tournament.desk.rebuy_after_bust_refusal(player.player_id, now_ms) is None


def results(tournament: Tournament) -> dict[str, Any]:
    """The final ranking and prizes once finished; before that, the busts so far."""
    names = {player_id: player.name for player_id, player in tournament.players.items()}
    names |= day1_names(tournament)
    finished = tournament.finished
    placements: tuple[Placement, ...] = (
        finished.ranking
        if finished
        else tuple(
            Placement(p.player_id, p.place, p.tied_with, p.places_covered)
            for p in tournament.busts.places().values()
        )
    )
    won = {prize.player_id: prize for prize in finished.prizes} if finished else {}
    ranking = []
    for placement in sorted(placements, key=lambda p: (p.place, p.player_id)):
        prize = won.get(placement.player_id)
        ranking.append(
            {
                "place": placement.place,
                "player_id": placement.player_id,
                "name": names.get(placement.player_id, ""),
                "tied_with": list(placement.tied_with),
                "places_covered": list(placement.places_covered),
                "cents": prize.cents if prize else 0,
                "points": prize.points if prize else 0,
            }
            | player_bounty(tournament, placement.player_id)
            | player_award(tournament, placement.player_id)
        )
    return (
        {
            "tournament_id": tournament.created.tournament_id,
            "finished": finished is not None,
            "entries": tournament.flights.event_entries(),
            "players_left": tournament.players_left,
            "prize_pool_cents": finished.prize_pool_cents
            if finished
            else prize_pool_cents(tournament),
            "ranking": ranking,
            "deal": deal_view(tournament),
        }
        | _bounties_part(tournament)
        | formats_part(tournament)
    )


def deal_view(tournament: Tournament) -> dict[str, Any] | None:
    """The deal the players agreed and did not cancel (kept once the tournament is finished:
    the prizes of its players are its shares), or None."""
    deal = tournament.deal
    if deal is None:
        return None
    return {
        "method": deal.method,
        "at_ms": deal.at_ms,
        "total_cents": deal.total_cents,
        "played_for_cents": deal.played_for_cents,
        "payouts_cents": list(deal.payouts_cents),
        "citations": list(deal.citations),
        "shares": [
            {
                "player_id": share.player_id,
                "name": tournament.players[share.player_id].name,
                "stack": share.stack,
                "cents": share.cents,
            }
            for share in deal.shares
        ],
    }


def deal_proposal(tournament: Tournament, played_for_cents: int = 0) -> dict[str, Any]:
    """Both splits of a deal on the remaining prizes, from the stacks recorded, the biggest
    stack first; raises the core's refusal (``DEALS_FORBIDDEN`` with its citation...)."""
    offer = tournament.propose_deal(played_for_cents)
    players = []
    for index, player_id in enumerate(offer.player_ids):
        player = tournament.players[player_id]
        players.append(
            {
                "player_id": player_id,
                "name": player.name,
                "table_no": player.seat.table_no if player.seat else None,
                "seat_no": player.seat.seat_no if player.seat else None,
                "stack": offer.stacks[index],
                "icm_cents": offer.icm_cents[index],
                "chip_chop_cents": offer.chip_chop_cents[index],
            }
        )
    return {
        "tournament_id": tournament.created.tournament_id,
        "players": players,
        "payouts_cents": list(offer.payouts_cents),
        "total_cents": offer.total_cents,
        "played_for_cents": offer.played_for_cents,
        "prize_pool_cents": offer.prize_pool_cents,
        "citations": list(offer.citations),
        "agreed": deal_view(tournament),
    }


def cash_book(tournament: Tournament) -> dict[str, Any]:
    """The cash book (TD only): per player what is owed and paid, every line, the totals and
    whether they reconcile (collected = prize pool + fees + refunds + credits)."""
    book = tournament.cash.book()
    entry = tournament.structure.entry
    return {
        "tournament_id": tournament.created.tournament_id,
        "prices_cents": {
            "buy_in": entry.buy_in_cents,
            "fee": entry.fee_cents,
            "rebuy": entry.rebuy_cents,
            "addon": entry.addon_cents,
            "reentry": entry.buy_in_cents + entry.fee_cents,
        },
        "basis": book.basis,
        "accounts": [
            {
                "player_id": account.player_id,
                "name": account.name,
                "due_cents": account.due_cents,
                "paid_cents": account.net_paid_cents,
                "owed_cents": account.owed_cents,
                "credit_cents": account.credit_cents,
                "refunded_cents": account.refunded_cents,
            }
            for account in book.accounts
        ],
        "lines": [msgspec.to_builtins(line) for line in book.lines],
        "unpaid": [
            {"player_id": a.player_id, "name": a.name, "owed_cents": a.owed_cents}
            for a in book.unpaid
        ],
        "totals": {
            "received_cents": book.received_cents,
            "refunds_cents": book.refunds_cents,
            "fees_cents": book.fees_cents,
            "pool_collected_cents": book.pool_collected_cents,
            "credits_cents": book.credits_cents,
            "owed_cents": book.owed_cents,
            "pool_by_entries_cents": book.pool_by_entries_cents,
            "prize_pool_cents": book.pool_cents,
        },
        "reconciles": book.reconciles,
    } | _bounties_part(tournament)


def _bounties_part(tournament: Tournament) -> dict[str, Any]:
    """``{"bounties": ...}`` for a bounty tournament, else nothing (bounty_views.py)."""
    bounties = bounty_summary(tournament)
    return {} if bounties is None else {"bounties": bounties}
