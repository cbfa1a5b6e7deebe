"""The hand histories of tables dealt by pokerfloor, and the check of each hand's shuffle.

- ``/t/{id}/dealt/histories`` (TD): spectators allowed or not and their delay, each table's hands,
  the ``.phhs`` downloads (a table's, the whole tournament's: every card, order and secret);
- ``/t/{id}/dealt/table/{n}/hand/{h}``: one finished hand: the players, the board, every action
  in words, the cards this reader may see, and the shuffle's check computed by the server
  (``check_hand``, the function of ``pokerfloor verify-deck``): the proven cards for everyone,
  the order and secret for the TD. Without the TD's sign-in, only a hand spectators may
  already see (allowed, past the delay). Asked as JSON (``Accept: application/json``): what
  ``pokerfloor verify-deck --url`` reads;
- ``/t/{id}/play/{player}/{key}/hands`` (+ ``/hand/{n}/{h}``, ``/hands.phhs``): a player's own
  hands, from their secret link: their cards and the cards shown, nobody's mucked hand.
"""

from __future__ import annotations

from typing import Annotated, Any

import msgspec
from fastapi import APIRouter, Form, Request
from fastapi.responses import Response

from pokerfloor.app.dealt_history import DealtHand, hand_check, reader_in
from pokerfloor.app.dealt_spectators import DealtSpectators
from pokerfloor.dealt.spectators import DELAY_LIMITS, SpectatorPolicy
from pokerfloor.errors import PokerfloorError
from pokerfloor.floor import DECISIONS
from pokerfloor.formats._phh_dealt import Reader, known_cards
from pokerfloor.hand import (
    Acted,
    BoardDealt,
    CardsShown,
    DealCorrected,
    Hand,
    HandKilled,
    HandMucked,
    HandsShown,
    Misdealt,
    Noted,
    Posted,
    PotAwarded,
    Ruling,
)
from pokerfloor.web import i18n
from pokerfloor.web.dealt_history_api import find_hand, hand_answer
from pokerfloor.web.floor_text import decision_text, ruling_steps
from pokerfloor.web.pages.common._common import (
    PageError,
    flash,
    is_td,
    locale_of,
    render,
    require_td,
    tournament_service,
)
from pokerfloor.web.pages.common._dealt_common import card_faces, check_player_key, log
from pokerfloor.web.pages.common._refusals import explain
from pokerfloor.web.pages.td.dealt_console import disputes_context

__all__ = ["router", "spectators_of"]

router = APIRouter()
_JSON = msgspec.json.Encoder()


def spectators_of(request: Request) -> DealtSpectators:
    spectators: DealtSpectators = request.app.state.spectators
    return spectators


def _refused(error: PokerfloorError, request: Request) -> PageError:
    status = 403 if error.code == "SPECTATORS_NOT_ALLOWED" else 404
    with i18n.use_locale(locale_of(request)):
        return PageError(status, str(explain(error)))


# ---- a hand in words -------------------------------------------------------------------------


def _floor_step(ruling: Ruling, lang: str, name: str = "") -> dict[str, Any]:
    """The floor's ruling on a dealing irregularity as a line of the hand: its decision and its
    steps in ``lang`` (a ruling stored before issue 30 keeps its English steps)."""
    return {
        "kind": "floor",
        "name": name,
        "decision": decision_text(ruling.decision, lang) if ruling.decision in DECISIONS else "",
        "texts": ruling_steps(ruling, lang),
        "citations": ", ".join(ruling.citations),
    }


def hand_story(hand: Hand, reader: Reader, lang: str = "fr") -> dict[str, Any]:
    """What the hand's page shows ``reader``: the players (cards they may see), the board, the
    actions in order (each with what the template words), the pots; the floor's rulings on a
    dealing irregularity with their steps in ``lang`` (rebuilt from the stored step keys)."""
    known = known_cards(hand, reader)
    names = hand.names
    steps: list[dict[str, Any]] = []
    absent = {seat.seat_no for seat in hand.setup.seats if seat.absent}
    for event in hand.events:
        if isinstance(event, Posted):
            steps.append({"kind": event.kind, "name": names[event.player], "amount": event.amount})
        elif isinstance(event, Acted):
            steps.append({"kind": event.kind, "name": names[event.player], "amount": event.to})
        elif isinstance(event, HandKilled) and event.ruling.decision in DECISIONS:
            # The floor's ruling on an irregularity (``hand_dead``), not a player away or out
            # of time (``dead``, a reason code).
            steps.append(_floor_step(event.ruling, lang, names[event.player]))
        elif isinstance(event, HandKilled):
            away = hand.players[event.player] in absent
            steps.append({"kind": "away" if away else "dead", "name": names[event.player]})
        elif isinstance(event, Misdealt | DealCorrected):
            steps.append(_floor_step(event.ruling, lang))
        elif isinstance(event, Noted) and event.ruling.decision in DECISIONS:
            steps.append(_floor_step(event.ruling, lang, names[event.player]))
        elif isinstance(event, BoardDealt):
            steps.append({"kind": "board", "street": event.street.key,
                          "cards": card_faces(event.cards)})  # fmt: skip
        elif isinstance(event, HandsShown):
            for player in event.order:
                steps.append({"kind": "show", "name": names[player],
                              "cards": card_faces(hand.holes[player])})  # fmt: skip
        elif isinstance(event, CardsShown):
            steps.append({"kind": "show", "name": names[event.player],
                          "cards": card_faces(event.cards)})  # fmt: skip
        elif isinstance(event, HandMucked):
            steps.append({"kind": "muck", "name": names[event.player]})
        elif isinstance(event, PotAwarded):
            for player, share in zip(event.players, event.shares, strict=True):
                steps.append({"kind": "won", "name": names[player], "amount": share})
    players = [
        {
            "seat_no": seat_no,
            "name": names[index],
            "start": hand.starting_stacks[index],
            "end": hand.stacks[index],
            "cards": card_faces(tuple(c for c in hand.holes[index] if c in known))
            if index < len(hand.holes)
            else [],
            "hidden": sum(1 for c in hand.holes[index] if c not in known)
            if index < len(hand.holes)
            else 0,
        }
        for index, seat_no in enumerate(hand.players)
    ]
    setup = hand.setup
    return {
        "players": players,
        "board": card_faces(tuple(hand.board)),
        "steps": steps,
        "small_blind": setup.small_blind,
        "big_blind": setup.big_blind,
        "ante": setup.ante or setup.bb_ante,
        "button_seat": setup.button_seat,
    }


def _hand_page(
    request: Request, tournament_id: str, hand: DealtHand, reader: Reader, **extra: Any
) -> Response:
    td = reader == "td"
    answer = hand_answer(hand, td)
    if "application/json" in request.headers.get("accept", ""):
        return Response(_JSON.encode(answer), media_type="application/json")
    check = hand_check(hand, td)
    played = hand.hand()
    dealt = request.app.state.dealt
    names = dealt.tournaments.read(
        tournament_id, lambda t: {p.player_id: p.name for p in t.players.values()}
    )
    rulings = [
        ruling
        for ruling in disputes_context(dealt, tournament_id, names)
        if (ruling["table_no"], ruling["hand_no"]) == (hand.table_no, hand.hand_no)
    ]
    return render(
        request,
        "dealt_hand.html",
        tournament_id=tournament_id,
        table_no=hand.table_no,
        hand_no=hand.hand_no,
        story=hand_story(played, reader, locale_of(request)),
        td=td,
        commitment=hand.dealt.commitment,
        check=check,
        proofs=[
            {"position": p.position, "card": card_faces((p.card,))[0], "matches": p.matches}
            for p in check.proofs
        ],
        deck=card_faces(answer["deck"]) if td and "deck" in answer else [],
        secret=answer.get("secret", ""),
        page_url=str(request.url.remove_query_params("lang")),
        # The TD's page is behind the sign-in: ``verify-deck --url`` on it was refused (HTTP
        # 403), so the TD's command carries the commitment, the order and the secret.
        deck_numbers=",".join(str(card) for card in answer.get("deck", ())) if td else "",
        rulings=list(reversed(rulings)),  # the TD's rulings on disputes about this hand
        **extra,
    )


@router.get("/t/{tournament_id}/dealt/table/{table_no}/hand/{hand_no}")
def hand_page(request: Request, tournament_id: str, table_no: int, hand_no: int) -> Response:
    tournament_service(request, tournament_id)
    spectators = spectators_of(request)
    td = is_td(request)
    try:
        if td:
            hands = spectators.table_hands(tournament_id, table_no)
        else:
            hands = spectators.watched_hands(tournament_id, table_no)
        hand = find_hand(hands, table_no, hand_no)
    except PokerfloorError as error:
        raise _refused(error, request) from error
    if td:
        client = request.client
        log.info("td hand history viewed: tournament=%s table=%s hand=%s from=%s",
                 tournament_id, table_no, hand_no, client.host if client else "?")  # fmt: skip
    return _hand_page(request, tournament_id, hand, "td" if td else "public",
                      back=f"/t/{tournament_id}/dealt/table/{table_no}/watch")  # fmt: skip


# ---- the TD's histories and spectators -------------------------------------------------------


@router.get("/t/{tournament_id}/dealt/histories")
def td_hands(request: Request, tournament_id: str) -> Response:
    tournament_service(request, tournament_id, td_only=True)
    spectators = spectators_of(request)
    tables = spectators.tables_hands(tournament_id)
    return render(
        request,
        "dealt_hands.html",
        tournament_id=tournament_id,
        policy=spectators.policy(tournament_id),
        limits=DELAY_LIMITS,
        tables={
            number: [_row(hand) for hand in reversed(hands)] for number, hands in tables.items()
        },
        dealt=spectators.dealt.is_dealt(tournament_id),
    )


def _row(hand: DealtHand) -> dict[str, Any]:
    played = hand.hand()
    return {
        "hand_no": hand.hand_no,
        "board": card_faces(tuple(played.board)),
        "pot": sum(played.contributed),
        "players": len(played.players),
    }


@router.post("/t/{tournament_id}/dealt/spectators")
def choose_spectators(
    request: Request,
    tournament_id: str,
    allowed: Annotated[str, Form()] = "",
    delay_seconds: Annotated[str, Form()] = "0",
    delay_hands: Annotated[str, Form()] = "0",
) -> Response:
    tournament_service(request, tournament_id, td_only=True)
    require_td(request)
    with i18n.use_locale(locale_of(request)):
        values: dict[str, int] = {}
        for field, text in (("delay_seconds", delay_seconds), ("delay_hands", delay_hands)):
            text = text.strip() or "0"
            low, high = DELAY_LIMITS[field]
            if not text.isascii() or not text.isdigit() or not low <= int(text) <= high:
                label = (
                    i18n.gettext("Delay (seconds)")
                    if field == "delay_seconds"
                    else i18n.gettext("Delay (hands)")
                )
                return flash(request, i18n.gettext(
                    "%(field)s: type a whole number from %(low)s to %(high)s.",
                    field=label, low=low, high=high))  # fmt: skip
            values[field] = int(text)
        policy = SpectatorPolicy(allowed == "yes", **values)
        try:
            spectators_of(request).choose(tournament_id, policy)
        except PokerfloorError as error:
            return flash(request, str(explain(error)))
        done = (
            i18n.gettext("Spectators may watch the tables.")
            if policy.allowed
            else i18n.gettext("Spectators may not watch the tables.")
        )
        return flash(request, None, done)


def _download(text: str, name: str) -> Response:
    disposition = f'attachment; filename="{name}.phhs"'
    return Response(
        text, media_type="text/plain; charset=utf-8", headers={"Content-Disposition": disposition}
    )


@router.get("/t/{tournament_id}/dealt/hands.phhs")
def td_tournament_phhs(request: Request, tournament_id: str) -> Response:
    tournament_service(request, tournament_id, td_only=True)
    return _download(spectators_of(request).td_phhs(tournament_id).text, f"{tournament_id}-hands")


@router.get("/t/{tournament_id}/dealt/table/{table_no}/hands.phhs")
def td_table_phhs(request: Request, tournament_id: str, table_no: int) -> Response:
    tournament_service(request, tournament_id, td_only=True)
    file = spectators_of(request).td_phhs(tournament_id, table_no)
    return _download(file.text, f"{tournament_id}-table-{table_no}")


# ---- a player's own hands --------------------------------------------------------------------


def _link(tournament_id: str, player_id: str, key: str) -> str:
    return f"/t/{tournament_id}/play/{player_id}/{key}"


@router.get("/t/{tournament_id}/play/{player_id}/{key}/hands")
def player_hands(request: Request, tournament_id: str, player_id: str, key: str) -> Response:
    tournament_service(request, tournament_id)
    check_player_key(request, tournament_id, player_id, key)
    mine = spectators_of(request).player_hands(tournament_id, player_id)
    rows = []
    for hand, seat in reversed(mine):
        played = hand.hand()
        index = played.players.index(int(seat.removeprefix("seat:")))
        rows.append({**_row(hand), "table_no": hand.table_no,
                     "cards": card_faces(played.holes[index]),
                     "result": played.stacks[index] - played.starting_stacks[index]})  # fmt: skip
    return render(request, "dealt_player_hands.html", tournament_id=tournament_id,
                  link=_link(tournament_id, player_id, key), rows=rows)  # fmt: skip


@router.get("/t/{tournament_id}/play/{player_id}/{key}/hand/{table_no}/{hand_no}")
def player_hand(
    request: Request, tournament_id: str, player_id: str, key: str, table_no: int, hand_no: int
) -> Response:
    tournament_service(request, tournament_id)
    check_player_key(request, tournament_id, player_id, key)
    for hand, seat in spectators_of(request).player_hands(tournament_id, player_id):
        if (hand.table_no, hand.hand_no) == (table_no, hand_no):
            reader = reader_in(hand.hand(), int(seat.removeprefix("seat:")))
            return _hand_page(request, tournament_id, hand, reader,
                              back=_link(tournament_id, player_id, key) + "/hands")  # fmt: skip
    error = PokerfloorError("NO_SUCH_DEALT_HAND", {"table_no": table_no, "hand_no": hand_no})
    raise _refused(error, request)


@router.get("/t/{tournament_id}/play/{player_id}/{key}/hands.phhs")
def player_phhs(request: Request, tournament_id: str, player_id: str, key: str) -> Response:
    tournament_service(request, tournament_id)
    check_player_key(request, tournament_id, player_id, key)
    file = spectators_of(request).player_phhs(tournament_id, player_id)
    return _download(file.text, f"{tournament_id}-{player_id}")
