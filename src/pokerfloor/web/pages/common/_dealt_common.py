"""What the dealt tables' pages share: the service, the players' secret links, the cards as
text, and the view a template is filled with.

A page never builds a view from the table's events itself: it asks ``pokerfloor.dealt.views``
(``player_view`` holds only the player's own hole cards, ``public_view`` only the cards shown,
``td_view`` everything) and ``pokerfloor.dealt.choices``, and formats what they answer.
"""

from __future__ import annotations

import hashlib
import hmac
import logging
from typing import Any

from starlette.requests import HTTPConnection

from pokerfloor.app.dealt_service import DealtService
from pokerfloor.cards import Card
from pokerfloor.dealt.choices import action_choices
from pokerfloor.dealt.views import TableView, player_view, public_view, td_view
from pokerfloor.tournament.clock import clock_view
from pokerfloor.tournament.state import Tournament
from pokerfloor.web import i18n
from pokerfloor.web.pages.common._common import PageError, Pages, pages_of
from pokerfloor.web.pages.common._jinja_env import Fields

__all__ = [
    "card_faces",
    "choose_dealt_play",
    "dealt_of",
    "own_context",
    "player_key",
    "player_link",
    "player_page_context",
    "player_status",
    "secret_player_key",
    "status_changes_at",
    "table_context",
]

log = logging.getLogger("pokerfloor.dealt")

_SUITS = {0: ("♣", "clubs"), 1: ("♦", "diamonds"), 2: ("♥", "hearts"), 3: ("♠", "spades")}


def dealt_of(connection: HTTPConnection) -> DealtService:
    dealt: DealtService = connection.app.state.dealt
    return dealt


def secret_player_key(secret: bytes, tournament_id: str, player_id: str) -> str:
    """The key in a player's secret link: that player of that tournament only (an HMAC with
    the server's secret, like the captains' links)."""
    message = f"dealt:{tournament_id}:{player_id}".encode()
    return hmac.new(secret, message, hashlib.sha256).hexdigest()[:24]


def player_key(pages: Pages, tournament_id: str, player_id: str) -> str:
    return secret_player_key(pages.captain_secret, tournament_id, player_id)


def player_link(pages: Pages, tournament_id: str, player_id: str) -> str:
    return f"/t/{tournament_id}/play/{player_id}/{player_key(pages, tournament_id, player_id)}"


def secret_screen_key(secret: bytes, tournament_id: str, table_no: int) -> str:
    """The key in a table screen's link: that table of that tournament only (an HMAC with the
    server's secret, like the captains' and the players' links)."""
    message = f"dealt-screen:{tournament_id}:{table_no}".encode()
    return hmac.new(secret, message, hashlib.sha256).hexdigest()[:24]


def screen_key(pages: Pages, tournament_id: str, table_no: int) -> str:
    return secret_screen_key(pages.captain_secret, tournament_id, table_no)


def screen_link(pages: Pages, tournament_id: str, table_no: int) -> str:
    key = screen_key(pages, tournament_id, table_no)
    return f"/t/{tournament_id}/dealt/table/{table_no}?key={key}"


def screen_refusal(
    connection: HTTPConnection, tournament_id: str, table_no: int, key: str, td: bool
) -> PageError | None:
    """The table's screen follows the TD's spectator setting: open to anyone while spectators
    are allowed; else the TD, or the screen's secret link (its key), only. None: it may open."""
    spectators = connection.app.state.spectators
    if td or spectators.policy(tournament_id).allowed:
        return None
    if hmac.compare_digest(screen_key(pages_of(connection), tournament_id, table_no), key):
        return None
    return PageError(
        403,
        i18n.N_(
            "Spectators are not allowed: this table's screen opens from its secret link (or "
            "its QR code) on the TD's dealt tables page."
        ),
    )


def check_player_key(
    connection: HTTPConnection, tournament_id: str, player_id: str, key: str
) -> None:
    expected = player_key(pages_of(connection), tournament_id, player_id)
    if not hmac.compare_digest(expected, key):
        raise PageError(404, i18n.N_("This player link is not valid (or no longer)."))


def choose_dealt_play(connection: HTTPConnection, tournament_id: str) -> str | None:
    """Cards dealt by pokerfloor for a tournament just created (the set-up page's choice),
    with the profile's times; the refusal as a sentence, else None."""
    from pokerfloor.errors import PokerfloorError
    from pokerfloor.web.pages.common._refusals import explain

    try:
        dealt_of(connection).choose(tournament_id)
    except PokerfloorError as error:
        return str(explain(error))
    return None


def card_faces(cards: tuple[int, ...]) -> list[dict[str, str]]:
    """Each card as its rank and suit sign, with the suit's name for the colour and for
    screen readers."""
    faces = []
    for number in cards:
        text = str(Card(number))
        symbol, suit = _SUITS[number % 4]
        faces.append({"rank": text[0].replace("T", "10"), "symbol": symbol, "suit": suit,
                      "text": text})  # fmt: skip
    return faces


def _view_dict(view: TableView, names: dict[int, str]) -> dict[str, Any]:
    return Fields({
        "hand_no": view.hand_no,
        "street": view.street,
        "board": card_faces(view.board),
        "button_seat": view.button_seat,
        "small_blind_seat": view.small_blind_seat,
        "big_blind_seat": view.big_blind_seat,
        "to_act_seat": view.to_act_seat,
        "pot": view.pot,
        "pots": view.pots,
        "small_blind": view.small_blind,
        "big_blind": view.big_blind,
        "ante": view.ante,
        "deadline_ms": view.deadline_ms,
        "bank_ms": view.bank_ms,
        "paused_at_ms": view.paused_at_ms,  # the action clock stands still (the TD paused)
        "finished": view.finished,
        "commitment": view.commitment,
        "seats": [
            Fields({
                "seat_no": seat.seat_no,
                "name": names.get(seat.seat_no, seat.name),
                "stack": seat.stack,
                "committed": seat.committed,
                "cards": card_faces(seat.cards),
                "status": seat.status,
                "away": seat.away,
            })
            for seat in view.seats
        ],
    })  # fmt: skip


# The views as the pages read them, made once per view (issue 31's measure): the public and the
# TD's views are kept on the table per version (``dealt.views``), so a table's channels in
# French and in English read the same one. By the view's identity, the view kept with it (its
# id is not another's while it is here); read only, never changed by a page.
_SHARED_VIEWS: dict[int, tuple[TableView, dict[str, Any]]] = {}
_SHARED_LIMIT = 1_024


def _shared_view_dict(view: TableView) -> dict[str, Any]:
    known = _SHARED_VIEWS.get(id(view))
    if known is not None and known[0] is view:
        return known[1]
    made = _view_dict(view, {})
    if len(_SHARED_VIEWS) >= _SHARED_LIMIT:
        _SHARED_VIEWS.clear()
    _SHARED_VIEWS[id(view)] = (view, made)
    return made


def table_context(
    dealt: DealtService, tournament_id: str, table_no: int, td: bool, live: bool = False
) -> dict[str, Any]:
    """The table's screen (public: the cards shown only) or the TD's view (every card);
    ``live``: for a push, the table read without waiting for the dealer (``live_table``)."""
    read = dealt.live_table if live else dealt.table
    table = read(tournament_id, table_no)
    view = td_view(table) if td else public_view(table)
    return {"table_no": table_no, "view": _shared_view_dict(view), "now_ms": dealt.clock(),
            "td": td}  # fmt: skip


def player_status(tournament: Tournament, player_id: str, now: int) -> dict[str, Any] | None:
    """What a player's page shows of the tournament about them (None: no such player)."""
    player = tournament.players.get(player_id)
    if player is None:
        return None
    seat = player.seat
    return {
        "name": player.name,
        "place": player.place,
        "may_rebuy": player.place is not None
        and tournament.desk.rebuy_refusal(player_id, now, at_bust=True) is None,
        "table_no": seat.table_no if seat is not None else 0,
        "seat_no": seat.seat_no if seat is not None else 0,
    }


def status_changes_at(
    tournament: Tournament, statuses: dict[str, dict[str, Any]], now: int
) -> int | None:
    """When statuses read at ``now`` (``player_status``) may change with no event: a rebuy
    offered is the tournament's answer for the period in force (``Desk.rebuy_refusal``: the
    rebuy period ends with its last level, by the clock, and no event says so), so it is asked
    again when that period ends. None: no rebuy offered, or the clock stands still (a pause
    or a restart is an event) or plays its last level."""
    if not any(status["may_rebuy"] for status in statuses.values()):
        return None
    ends = clock_view(tournament.clock, tournament.structure, now).ends_at_ms
    return ends if ends is not None and ends > now else None


def player_page_context(dealt: DealtService, tournament_id: str, player_id: str) -> dict[str, Any]:
    """The player's page: their table from their seat (their own hole cards only), their
    choices when it is their turn, their status in the tournament."""
    now = dealt.clock()

    def status(tournament: Tournament) -> dict[str, Any] | None:
        known = player_status(tournament, player_id, now)
        if known is not None:
            known["players_left"] = tournament.players_left
        return known

    known = dealt.tournaments.read(tournament_id, status)
    if known is None:
        raise PageError(404, i18n.N_("There is no such player in this tournament."))
    return own_context(dealt, tournament_id, player_id, known)


def own_context(
    dealt: DealtService,
    tournament_id: str,
    player_id: str,
    known: dict[str, Any],
    live: bool = False,
) -> dict[str, Any]:
    """The player's own part from their status in the tournament (``player_status``): their
    table seen from their seat (``player_view``: their hole cards only), their choices;
    ``live``: for a push (``table_context``)."""
    context: dict[str, Any] = {
        "player_id": player_id,
        "now_ms": dealt.clock(),
        "view": None,
        "mine": None,
        "choices": None,
        "away": False,
        "advance": "",
        **known,
    }
    if not known["table_no"]:
        return context
    table_no, seat_no = known["table_no"], known["seat_no"]
    table = (dealt.live_table if live else dealt.table)(tournament_id, table_no)
    context["away"] = seat_no in table.away
    if table.dealt is None:
        return context
    view = player_view(table, seat_no)
    mine = next((seat for seat in view.seats if seat.seat_no == seat_no), None)
    context["mine"] = None if mine is None else Fields({
        "seat_no": mine.seat_no, "cards": card_faces(mine.cards), "status": mine.status,
    })  # fmt: skip
    # A push's own part reads only these of the view (the table's part is shared): not every
    # seat's cards made again for each player (issue 31's measure).
    context["view"] = (
        Fields({"hand_no": view.hand_no, "finished": view.finished})
        if live
        else _view_dict(view, {})
    )
    context["advance"] = (
        dealt.live_advance_choice(tournament_id, player_id, table)
        if live
        else dealt.advance_choice(tournament_id, player_id)
    )
    choices = action_choices(table, seat_no)
    context["choices"] = None if choices is None else Fields({
        "options": choices.options, "to_call": choices.to_call, "min_to": choices.min_to,
        "max_to": choices.max_to, "half_pot_to": choices.half_pot_to, "pot_to": choices.pot_to,
        "committed": choices.committed, "showdown": choices.showdown,
    })  # fmt: skip
    return context


def view_dict(view: TableView) -> dict[str, Any]:
    """A view as a template reads it (the spectators' page builds its own view)."""
    return _view_dict(view, {})
