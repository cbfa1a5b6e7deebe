"""The sentences that explain the refusals on the pages (``_refusals.py`` picks and fills
them): for every refusal code the code base raises, English here and French in
``locale/fr/refusals.po`` (the sentences themselves: ``_refusals_a_to_l.py``,
``_refusals_m_to_z.py``, and apart ``_refusals_phh.py``, ``_refusals_player_clock.py`` and
``_refusals_floor.py``, ``_refusals_club.py``).

Under a code (or ``CODE:reason``, after the refusal's ``reason`` param) its sentences come the
most precise first: the page shows the first one whose placeholders are all among the
refusal's params (a param missing, empty, or a 0 that means "none" rules a sentence out). A
count shown with a noun is a ``Np_`` plural, translated with ``ngettext``.
"""

from __future__ import annotations

from pokerfloor.web.i18n import N_
from pokerfloor.web.pages._refusal_plural import Message, Np_, Plural
from pokerfloor.web.pages._refusals_a_to_l import EXPLANATIONS as _A_TO_L
from pokerfloor.web.pages._refusals_bounty import EXPLANATIONS as _BOUNTY
from pokerfloor.web.pages._refusals_club import EXPLANATIONS as _CLUB
from pokerfloor.web.pages._refusals_dealt import EXPLANATIONS as _DEALT
from pokerfloor.web.pages._refusals_floor import EXPLANATIONS as _FLOOR
from pokerfloor.web.pages._refusals_irregularities import EXPLANATIONS as _IRREGULARITIES
from pokerfloor.web.pages._refusals_m_to_z import EXPLANATIONS as _M_TO_Z
from pokerfloor.web.pages._refusals_phh import EXPLANATIONS as _PHH
from pokerfloor.web.pages._refusals_player_clock import EXPLANATIONS as _PLAYER_CLOCK
from pokerfloor.web.pages._refusals_store import EXPLANATIONS as _STORE

__all__ = ["EXPLANATIONS", "FIELD_LABELS", "WORDS", "Message", "Np_", "Plural"]


# Each placeholder is one of the refusal's ``params``; the sentences, by code.
EXPLANATIONS: dict[str, tuple[Message, ...]] = {
    **_A_TO_L,
    **_M_TO_Z,
    **_PHH,
    **_PLAYER_CLOCK,
    **_FLOOR,
    **_IRREGULARITIES,
    **_CLUB,
    **_DEALT,
    **_STORE,
    **_BOUNTY,
}

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
