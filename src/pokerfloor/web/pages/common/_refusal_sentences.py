"""The words and field names that refusals show in the page's language (the refusals'
sentences themselves are the message catalogue, ``pokerfloor.messages``)."""

from __future__ import annotations

from pokerfloor.web.i18n import N_

__all__ = ["FIELD_LABELS", "WORDS"]

# Words the engine puts in params, shown in the page's language.
WORDS = {
    "fold": N_("fold"),
    "check": N_("check"),
    "call": N_("call"),
    "bet": N_("bet"),
    "raise": N_("raise"),
    "allin": N_("all in"),
    "button_seat": N_("the button"),
    "small_blind_seat": N_("the small blind"),
    "big_blind_seat": N_("the big blind"),
}

# A command's fields, named in the page's language when its validation refuses one.
FIELD_LABELS = {
    "active": N_("on or off"),
    "amount_cents": N_("amount"),
    "amounts_cents": N_("amounts"),
    "basis": N_("prize pool basis"),
    "big_blind_seat": N_("big blind seat"),
    "button_seat": N_("button seat"),
    "club_name": N_("club's name"),
    "delta_ms": N_("time to add"),
    "final_stacks": N_("final stacks"),
    "hand_no": N_("hand number"),
    "kind": N_("kind"),
    "level_index": N_("level"),
    "logo": N_("logo image"),
    "max_players": N_("maximum players"),
    "message": N_("message line"),
    "method": N_("payment method"),
    "name": N_("name"),
    "next_chip": N_("next chip"),
    "no_points": N_("no points"),
    "odd_chips": N_("odd chips"),
    "paid": N_("paid"),
    "payouts": N_("payout scheme"),
    "payouts_cents": N_("payouts"),
    "played_for_cents": N_("amount played for"),
    "player_id": N_("player"),
    "player_ids": N_("players"),
    "players": N_("players"),
    "points": N_("points"),
    "present": N_("present"),
    "prize_pool_cents": N_("prize pool"),
    "profile": N_("rule profile"),
    "reason": N_("reason"),
    "rebuys": N_("rebuys"),
    "removed": N_("chip removed"),
    "seat_no": N_("seat"),
    "seed": N_("seed of the draw"),
    "small_blind_seat": N_("small blind seat"),
    "stack": N_("stack"),
    "stacks": N_("stacks"),
    "started_at_ms": N_("start of the hand"),
    "starting_stacks": N_("starting stacks"),
    "structure": N_("structure"),
    "table_no": N_("table"),
    "table_size": N_("table size"),
    "tournament_id": N_("tournament id"),
}
