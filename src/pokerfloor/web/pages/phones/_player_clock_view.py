"""The player clock as the captain's phone and the TD's console show it: one table's clock
(``table_clock``) and every table's (``clocks``), counted from the server's clock (the only
one) and worded by ``templates/_player_clock.html``; ``player_clock.py`` keeps the actions.

A view's ``state`` is a fingerprint of what a tap can change (the phase, the player, whether
the clock may be called, the ruling), not of the seconds: the page's script
(``static/player_clock.js``) keeps a section whose state did not change, buttons included, and
copies the new times into it, so a button is never replaced under the finger every second. It
also ticks every second of the countdown and sounds the expiry
(``static/sounds/player-clock-*.wav``, made by ``scripts/clock_sounds.py``).
"""

from __future__ import annotations

import hashlib
from typing import Any

from pokerfloor.app.service import TournamentService
from pokerfloor.hand import timeout_ruling
from pokerfloor.tournament._player_clock import PlayerClock
from pokerfloor.tournament.state import Tournament
from pokerfloor.web.pages.floor._floor_rulings import reason_words

__all__ = ["clocks", "table_clock"]


def _fingerprint(*parts: object) -> str:
    return hashlib.sha256(repr(parts).encode()).hexdigest()[:16]


def _name(tournament: Tournament, player_id: str) -> str:
    player = tournament.players.get(player_id)
    return player.name if player is not None else player_id


def _running(tournament: Tournament, clock: PlayerClock, now_ms: int) -> dict[str, Any]:
    phase = clock.phase(now_ms)
    since = clock.thinking_since_ms
    thinking_ms = 0 if since is None else max(0, now_ms - since)
    wait_ms = tournament.captain_call_wait_ms(clock.table_no, clock.seat_no, now_ms)
    called = clock.called
    return {
        "seat_no": clock.seat_no,
        "name": _name(tournament, clock.player_id),
        "hand_no": clock.hand_no,
        "phase": phase,
        # Which clock this is, for the page's sounds: a new call is a new clock.
        "key": f"{clock.table_no}-{called.at_ms if called else since}",
        "timed": since is not None,
        "thinking_ms": thinking_ms,
        "call_in_ms": wait_ms,
        # The core's answer (clock.call_after_seconds): the page only shows it.
        "can_call": tournament.may_call_clock(clock.table_no, clock.seat_no, now_ms),
        "left_ms": clock.left_ms(now_ms),
        "left_s": clock.left_s(now_ms),
        "by": called.by if called else None,
    }


def _ruling(tournament: Tournament, clock: PlayerClock) -> dict[str, Any] | None:
    expired = clock.expired
    if expired is None:
        return None
    return {
        "seat_no": expired.seat_no,
        "name": _name(tournament, expired.player_id),
        "hand_no": expired.hand_no,
        "decision": expired.decision,
        "facing_bet": expired.facing_bet,
        # The reason's code, translated in the page's language (an old log's event: the code
        # its facing_bet and decision give back, never its stored English).
        "why": expired.reason_of(),
        "reason": reason_words(expired.reason_of()),
        "citations": expired.citations,
    }


def _times(tournament: Tournament) -> dict[str, Any]:
    times = tournament.player_clock_times()
    profile = tournament.profile
    return {
        "call_after_s": times.call_after_seconds,
        "action_s": times.action_seconds,
        "countdown_s": times.countdown_seconds,
        "call_after_citations": profile.citations("clock.call_after_seconds"),
        "citations": times.citations,
        # What each button of the expiry leads to, by the profile (the same function as the
        # hand engine's timeout).
        "no_bet": timeout_ruling(profile, facing_bet=False).outcome,
        "bet": timeout_ruling(profile, facing_bet=True).outcome,
    }


def table_clock(service: TournamentService, tournament_id: str, table_no: int) -> dict[str, Any]:
    """One table's clock (``pc`` in the templates): ``clock`` while a player is timed or on
    the clock, ``ruling`` once time ran out and the table said whether a bet was faced, the
    seated players (to choose who is thinking) and the profile's times; read under the
    tournament's lock."""
    now_ms = service.clock()
    return service.read(tournament_id, lambda t: _table_clock(t, table_no, now_ms))


def _table_clock(tournament: Tournament, table_no: int, now_ms: int) -> dict[str, Any]:
    current = tournament.player_clock(table_no)
    table = tournament.tables.get(table_no)
    seats = [
        {"seat_no": seat_no, "name": _name(tournament, player_id)}
        for seat_no, player_id in sorted(table.seats.items() if table else ())
    ]
    running = None
    ruling = None
    if current is not None:
        ruling = _ruling(tournament, current)
        if ruling is None:
            running = _running(tournament, current, now_ms)
    state = _fingerprint(
        table_no,
        running and (running["key"], running["phase"], running["can_call"], running["seat_no"]),
        ruling,
        [seat["seat_no"] for seat in seats],
    )
    return {
        "table_no": table_no,
        "clock": running,
        "ruling": ruling,
        "seats": seats,
        "times": _times(tournament),
        "state": state,
    }


def clocks(service: TournamentService, tournament_id: str) -> dict[str, Any]:
    """Every table's clock that applies now (the console's list), by table, and a fingerprint
    of what a tap can change."""
    now_ms = service.clock()
    return service.read(tournament_id, lambda t: _clocks(t, now_ms))


def _clocks(tournament: Tournament, now_ms: int) -> dict[str, Any]:
    tables = sorted(
        table_no
        for table_no in tournament.player_clocks
        if tournament.player_clock(table_no) is not None
    )
    views = [_table_clock(tournament, table_no, now_ms) for table_no in tables]
    return {
        "clocks": views,
        # On the clock now (the console's badge by the clock line): called, not ruled yet.
        "active": [view for view in views if view["clock"] and view["clock"]["by"]],
        "times": _times(tournament),
        "state": _fingerprint([view["state"] for view in views]),
    }
