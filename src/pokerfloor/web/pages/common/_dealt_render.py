"""The dealt pages' parts as HTML, built in Python (issue 31's measure: a dealt action renders
the table's part once per language and the own part of one or two players; through Jinja each
render built a context, an include's context, a call per filter and per ``_()``, half its CPU).

The one place of each piece: the templates that show them (``dealt_table_part.html``,
``_dealt_table.html``, ``dealt_player_head.html``, ``dealt_player_own.html``) call these
functions (globals of the pages' environment), and the pushes call them directly
(``_dealt_live``: ``table_part``, ``own_part``). The text is byte for byte what the templates
made (``tests/dealt/test_dealt_render_golden.py``): the same words from the catalogue in the
current language (``_seat_html.label``, ``fill``: a template's ``_()``), every value a player or
the TD typed escaped (``markupsafe.escape``: names, links), numbers as the ``chips`` filter.
The seats come from ``_seat_html`` (kept per seat), the cards from ``_card_html``.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from typing import Any

from markupsafe import Markup, escape

from pokerfloor.app.dealt_service import DealtService
from pokerfloor.errors import PokerfloorError
from pokerfloor.web import i18n
from pokerfloor.web.i18n import N_
from pokerfloor.web.pages.common._card_html import cards_html
from pokerfloor.web.pages.common._dealt_common import own_context, table_context
from pokerfloor.web.pages.common._seat_html import fill, label, seat_html

__all__ = ["head_html", "own_html", "own_part", "table_html", "table_part", "table_part_html"]

HEADS_KEPT = 8  # a player's head parts kept (their turn or not, away or not, a rebuy)


def _chips(value: int) -> str:
    # Babel's digits and group separators: nothing in them to escape.
    return i18n.format_chips(value)


def table_part_html(
    view: Mapping[str, Any] | None, table_no: int, td: object, seat_no: int, now_ms: int
) -> Markup:
    """``dealt_table_part.html``: the table's shared part (``view`` from ``table_context`` or
    ``own_context``; ``td``: the TD's, with the shuffle's commitment), or the wait for the
    first hand, in the current language."""
    hand_no = view["hand_no"] if view else 0
    head = f'<div id="dealt-table-part" class="dealt-table-part" data-hand="{escape(hand_no)}">\n'
    if view and hand_no:
        commitment = ""
        if td and view["commitment"]:
            said = label(i18n.current_locale(), N_("Shuffle commitment"))
            commitment = (
                f'<p class="dealt-commitment">{said} <code>{escape(view["commitment"])}</code></p>'
            )
        return Markup(f"{head}{table_html(view, table_no, seat_no, now_ms)}{commitment}</div>")
    if table_no:
        waiting = label(
            i18n.current_locale(), N_("The first hand is dealt when the tournament's clock starts.")
        )
        return Markup(f'{head}  <p class="dealt-waiting">{waiting}</p>\n</div>')
    return Markup(f"{head}</div>")


def table_html(view: Mapping[str, Any], table_no: int, seat_no: int, now_ms: int) -> Markup:
    """``_dealt_table.html``: the board, the pots, each seat (``_seat_html``) seen from
    ``seat_no`` (0: nobody's), the action clock's time left at ``now_ms``."""
    language = i18n.current_locale()
    say = functools.partial(label, language)
    parts = [
        _hand_line(language, table_no, view["hand_no"], view["small_blind"], view["big_blind"],
                   view["ante"]),
        f"{cards_html(view['board'])}</div>\n",
    ]  # fmt: skip
    if view["finished"]:
        parts.append(f'<p class="dealt-over">{say(N_("Hand over"))}</p>')
    else:
        pot = _chips(view["pot"])
        parts.append(f'<p class="dealt-pot">{say(N_("Pot"))} <strong>{pot}</strong>')
        pots = view["pots"]
        if len(pots) > 1:
            sides = [f"{say(N_('main'))} {_chips(pots[0])}"]
            sides.extend(
                f"{fill(language, N_('side %(n)s'), n=number)} {_chips(pot)}"
                for number, pot in enumerate(pots[1:], start=1)
            )
            parts.append(f' <span class="dealt-side">({" · ".join(sides)})</span>')
        parts.append("</p>")
    parts.append('  </div>\n  <ol class="dealt-seats">\n')
    for seat in view["seats"]:
        parts.append(seat_html(seat, view, seat_no, now_ms))
        parts.append("\n")
    parts.append("  </ol>\n</section>")
    return Markup("".join(parts))


@functools.lru_cache(maxsize=4_096)
def _hand_line(
    language: str, table_no: int, hand_no: int, small_blind: int, big_blind: int, ante: int
) -> str:
    """The table's head to the board's cards: the same for a whole hand (``language`` is the
    current one: the chips read it)."""
    say = functools.partial(label, language)
    parts = [
        '<section class="dealt-table" aria-label="',
        fill(language, N_("Table %(n)s"), n=table_no),
        '">\n  <div class="dealt-middle">\n    <p class="dealt-hand">',
        fill(language, N_("Hand %(n)s"), n=hand_no),
        f" · {say(N_('Blinds'))} {_chips(small_blind)} / {_chips(big_blind)}",
    ]
    if ante:
        parts.append(f" · {say(N_('Ante'))} {_chips(ante)}")
    parts.append(f'</p>\n    <div class="dealt-board" aria-label="{say(N_("Board"))}">')
    return "".join(parts)


def table_part(
    dealt: DealtService, tournament_id: str, table_no: int, language: str, td: bool
) -> str:
    """A table's part as its channel pushes it (``_dealt_live._TableChannel``): the table read
    live (``table_context``), seen from nobody's seat."""
    context = table_context(dealt, tournament_id, table_no, td=td, live=True)
    with i18n.use_locale(language):
        return str(table_part_html(context["view"], table_no, td, 0, context["now_ms"]))


def head_html(
    name: str,
    table_no: int,
    seat_no: int,
    place: int | None,
    may_rebuy: bool,
    away: bool,
    choices: object,
    link: str,
) -> Markup:
    """``dealt_player_head.html``: who and where, busted, rebuy, away (``own_context``)."""
    language = i18n.current_locale()
    say = functools.partial(label, language)
    link = escape(link)
    parts = [
        f'<div id="dealt-player" class="dealt-player" data-your-turn="{1 if choices else 0}">\n'
        f'  <h1 class="dealt-name">{escape(name)}'
    ]
    if table_no:
        where = fill(language, N_("Table %(table)s, seat %(seat)s"), table=table_no, seat=seat_no)
        parts.append(f' <span class="dealt-where">· {where}</span>')
    parts.append("</h1>\n")
    if place:
        busted = fill(language, N_("Busted: place %(place)s."), place=place)
        parts.append(f'<p class="dealt-status">{busted}</p>')
    if may_rebuy:
        parts.append(
            f'<form method="post" action="{link}/rebuy" hx-post="{link}/rebuy" hx-target="#flash"'
            f' hx-swap="outerHTML"><button id="dealt-rebuy">{say(N_("Rebuy"))}</button></form>'
        )
    if away:
        marked = say(
            N_(
                "You are marked away: you are dealt in, your hands are folded and your blinds "
                "are posted."
            )
        )
        back = say(N_("I'm back"))
        parts.append(
            f'  <form class="dealt-away" method="post" action="{link}/back" hx-post="{link}/back"'
            f' hx-target="#flash" hx-swap="outerHTML">\n    <p>{marked}</p>\n'
            f'    <button id="dealt-back" class="dealt-big">{back}</button>\n'
            "  </form>\n"
        )
    parts.append("</div>")
    return Markup("".join(parts))


def own_html(
    seat_no: int,
    view: Mapping[str, Any] | None,
    mine: Mapping[str, Any] | None,
    choices: Mapping[str, Any] | None,
    advance: str,
    link: str,
) -> Markup:
    """``dealt_player_own.html``: the player's cards (put in their seat by static/dealt.js),
    the actions chosen in advance, their choices at their turn (``own_context``)."""
    language = i18n.current_locale()
    say = functools.partial(label, language)
    link = escape(link)
    hand_no = view["hand_no"] if view else 0
    parts = [
        f'<div id="dealt-own" class="dealt-own" data-own-seat="{escape(seat_no)}"'
        f' data-hand="{escape(hand_no)}">\n'
    ]
    if mine and mine["cards"]:
        parts.append(
            '<div id="dealt-own-cards" class="dealt-own-cards" hidden>'
            f"{cards_html(mine['cards'])}</div>"
        )
    if view and not choices and not view["finished"] and mine and mine["status"] == "active":
        parts.append(
            f'  <form id="dealt-advance" class="dealt-advance" method="post"'
            f' action="{link}/advance" hx-post="{link}/advance" hx-target="#flash"'
            f' hx-swap="outerHTML" aria-label="{say(N_("Chosen in advance"))}">\n'
            f"{_advance_button(advance, 'check_fold', say(N_('Check/fold')))}"
            f"{_advance_button(advance, 'call_any', say(N_('Call any')))}"
            "  </form>\n"
        )
    if choices:
        parts.append(_choices_html(language, choices, link))
    parts.append("</div>")
    return Markup("".join(parts))


def _advance_button(advance: str, kind: str, text: str) -> str:
    chosen = advance == kind
    return (
        f'    <button name="kind" value="{"" if chosen else kind}"'
        f' aria-pressed="{"true" if chosen else "false"}">{text}</button>\n'
    )


def _choices_html(language: str, c: Mapping[str, Any], link: str) -> str:
    say = functools.partial(label, language)
    options, showdown = c["options"], c["showdown"]
    parts = [
        f'  <form id="dealt-actions" class="dealt-actions" novalidate method="post"'
        f' action="{link}/act" hx-post="{link}/act" hx-target="#flash" hx-swap="outerHTML"'
        f' data-ws-act aria-label="{say(N_("Your action"))}">\n'
        '    <p class="dealt-your-turn" role="alert">'
    ]
    if showdown:
        parts.append(say(N_("Showdown: your turn to show or muck")))
    else:
        parts.append(say(N_("Your turn")))
        if c["to_call"]:
            to_call = fill(language, N_("%(chips)s to call"), chips=_chips(c["to_call"]))
            parts.append(f" · {to_call}")
    parts.append("</p>\n")
    if showdown:
        parts.append('    <div class="dealt-buttons">\n')
        if "show" in showdown:
            parts.append(f'<button name="kind" value="show">{say(N_("Show my hand"))}</button>')
        if "muck" in showdown:
            parts.append(
                f'<button name="kind" value="muck" class="dealt-fold">{say(N_("Muck"))}</button>'
            )
        parts.append("    </div>\n")
    parts.append('    <div class="dealt-buttons">\n')
    if "fold" in options:
        fold = say(N_("Fold"))
        parts.append(f'<button name="kind" value="fold" class="dealt-fold">{fold}</button>')
    if "check" in options:
        parts.append(f'<button name="kind" value="check">{say(N_("Check"))}</button>')
    if "call" in options:
        call = fill(language, N_("Call %(chips)s"), chips=_chips(c["to_call"]))
        parts.append(f'<button name="kind" value="call">{call}</button>')
    if "allin" in options:
        parts.append(
            f'<button name="kind" value="allin" class="dealt-allin">{say(N_("All-in"))}</button>'
        )
    parts.append("    </div>\n")
    if c["min_to"]:
        parts.append(_sizes_html(language, c))
    parts.append("  </form>\n")
    return "".join(parts)


def _sizes_html(language: str, c: Mapping[str, Any]) -> str:
    say = functools.partial(label, language)
    low, high = _chips(c["min_to"]), _chips(c["max_to"])
    if "bet" in c["options"]:
        kind, button = "bet", say(N_("Bet"))
        legend = fill(language, N_("Bet (total %(low)s to %(high)s)"), low=low, high=high)
    else:
        kind, button = "raise", say(N_("Raise"))
        legend = fill(language, N_("Raise to (%(low)s to %(high)s)"), low=low, high=high)
    min_to, max_to = escape(c["min_to"]), escape(c["max_to"])
    return (
        f'    <fieldset class="dealt-sizes">\n      <legend>{legend}</legend>\n'
        '      <div class="dealt-presets">\n'
        f'        <button type="button" data-amount="{min_to}">{say(N_("Minimum"))}</button>\n'
        f'        <button type="button" data-amount="{escape(c["half_pot_to"])}">'
        f"{say(N_('½ pot'))}</button>\n"
        f'        <button type="button" data-amount="{escape(c["pot_to"])}">'
        f"{say(N_('Pot'))}</button>\n"
        "      </div>\n"
        f'      <label class="dealt-amount"><span>{say(N_("Amount"))}</span>\n'
        f'        <input id="dealt-amount" name="amount" type="number" inputmode="numeric"'
        f' min="{min_to}" max="{max_to}" step="1" value="{min_to}"></label>\n'
        f'      <button name="kind" value="{kind}" class="dealt-raise">{button}</button>\n'
        "    </fieldset>\n"
    )


def own_part(
    dealt: DealtService,
    tournament_id: str,
    player_id: str,
    status: dict[str, Any],
    language: str,
    link: str,
    heads: dict[tuple[object, ...], str],
) -> str:
    """A player's own part as ``push_player`` sends it: the head (kept in ``heads`` by what it
    shows: the same text at most of a player's pushes) and the own part, from their status in
    the tournament (``player_status``) and their table read live."""
    try:
        context = own_context(dealt, tournament_id, player_id, status, live=True)
    except PokerfloorError:
        raise
    except Exception:  # a read that overlapped the dealer's change: read it locked
        context = own_context(dealt, tournament_id, player_id, status)
    choices = context["choices"]
    with i18n.use_locale(language):
        head_key = (tuple(status.items()), context["away"], choices is not None)
        head = heads.get(head_key)
        if head is None:
            if len(heads) >= HEADS_KEPT:
                heads.clear()
            head = heads[head_key] = str(
                head_html(context["name"], context["table_no"], context["seat_no"],
                          context["place"], context["may_rebuy"], context["away"], choices, link)
            )  # fmt: skip
        if choices is not None:  # their turn: the choices of this version
            own = str(own_html(context["seat_no"], context["view"], context["mine"], choices,
                               context["advance"], link))  # fmt: skip
        else:
            own = _waiting_own(language, context, link)
        return head + own


_OWN_KEPT: dict[tuple[object, ...], str] = {}
_OWN_LIMIT = 8_192


def _waiting_own(language: str, context: Mapping[str, Any], link: str) -> str:
    """``own_html`` with no choices (not the player's turn: most own parts a push sends, the
    player who just acted and everyone at a hand's start and end), kept by what it shows."""
    view, mine = context["view"], context["mine"]
    key = (
        language,
        link,
        context["seat_no"],
        context["advance"],
        None if view is None else (view["hand_no"], view["finished"]),
        None if mine is None else (mine["status"], *[face["text"] for face in mine["cards"]]),
    )
    own = _OWN_KEPT.get(key)
    if own is None:
        own = str(own_html(context["seat_no"], view, mine, None, context["advance"], link))
        if len(_OWN_KEPT) >= _OWN_LIMIT:
            _OWN_KEPT.clear()
        _OWN_KEPT[key] = own
    return own
