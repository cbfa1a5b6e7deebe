"""A dealt table's seat as HTML (the ``dealt_seat`` filter, ``_dealt_render.table_html``'s
loop): built in Python once per language and per seat as it stands, then kept (issue 31's
measure). An action changes one or two seats of nine: the table's part of the next version
builds those and takes the others as they were. The seat to act carries the action clock's
time left, read at each render: its text is kept with marks where the time goes, and the time
of the moment is put in at each render, so that a version rendered again (a viewer who
connects, an action chosen in advance) builds no seat; a new version still builds the seat the
turn moved to.

What a seat's text depends on, its key: the language, the seat (number, name, stack, bet,
status, away, the cards shown), and its marks (to act, paused, the viewer's own seat, button,
small and big blind). The words come from the catalogue (``i18n``), translated once per
language as a template's ``_()`` gives them (``label``, ``fill``); the name a player typed is
escaped (``markupsafe.escape``).
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from typing import Any

from markupsafe import Markup, escape

from pokerfloor.web import i18n
from pokerfloor.web.pages.common._card_html import cards_html

__all__ = ["fill", "label", "seat_html"]

_LIMIT = 16_384
_KEPT: dict[tuple[object, ...], Markup] = {}
# Where the clock's time left goes in a kept seat: characters of Unicode's private use area,
# never in a name (``escape`` keeps them, but nothing we render holds them).
_MS, _SECONDS = "\ue000", "\ue001"


@functools.cache
def label(language: str, message: str) -> str:
    """``message`` in ``language`` as a template's ``_()`` without variables gives it: the
    translation is trusted markup (``%%`` reads ``%``)."""
    with i18n.use_locale(language):
        return str(Markup(i18n.gettext(message)) % {})


@functools.cache
def _template(language: str, message: str) -> str:
    with i18n.use_locale(language):
        return i18n.gettext(message)


def fill(language: str, message: str, **values: object) -> str:
    """``message`` in ``language`` with ``%(name)s`` filled as a template's ``_()`` fills it:
    each value escaped (the catalogue's placeholders are all ``%(name)s``)."""
    return _template(language, message) % {name: escape(value) for name, value in values.items()}


def seat_html(
    seat: Mapping[str, Any], view: Mapping[str, Any], seat_no: int, now_ms: int
) -> Markup:
    """``seat`` of ``view`` seen from ``seat_no`` (0: nobody's seat) at ``now_ms``, in the
    current language."""
    number = seat["seat_no"]
    to_act = number == view["to_act_seat"]
    cards = seat["cards"]  # none shown at most seats: no generator made for them
    deadline = view["deadline_ms"] if to_act else 0
    paused = bool(deadline) and bool(view["paused_at_ms"])
    language = i18n.current_locale()
    key = (
        language,
        number,
        seat["name"],
        seat["stack"],
        seat["committed"],
        seat["status"],
        seat["away"],
        tuple([face["text"] for face in cards]) if cards else (),
        to_act,
        bool(deadline),  # the clock shown (a table with no action clock shows none)
        paused,
        number == seat_no,
        number == view["button_seat"],
        number == view["small_blind_seat"],
        number == view["big_blind_seat"],
    )
    found = _KEPT.get(key)
    if found is None:
        found = _build(language, seat, key)
        if len(_KEPT) >= _LIMIT:
            _KEPT.clear()
        _KEPT[key] = found
    if not deadline:
        return found
    clock_at = view["paused_at_ms"] or now_ms  # a paused clock stands still
    left = max(deadline - clock_at, 0)
    text = str.replace(found, _MS, str(left))  # str's: Markup's would escape its arguments
    return Markup(str.replace(text, _SECONDS, str((left + 999) // 1000)))


def _build(language: str, seat: Mapping[str, Any], key: tuple[Any, ...]) -> Markup:
    """The seat's text from its key's marks; the clock's time left as ``_MS``, ``_SECONDS``."""
    number, status = seat["seat_no"], seat["status"]
    to_act, clock, paused, mine, button, small, big = key[8:]
    say = functools.partial(label, language)
    # ``language`` is the current one (``seat_html``'s): the chips and cards read it.
    stack = i18n.format_chips(seat["stack"])
    committed = i18n.format_chips(seat["committed"]) if seat["committed"] else ""
    cards = "" if status == "folded" else cards_html(seat["cards"], 0 if seat["cards"] else 2)
    parts = [
        f'    <li class="dealt-seat dealt-st-{escape(status)}',
        " dealt-to-act" if to_act else "",
        " dealt-mine" if mine else "",
        f'" data-seat="{number}">\n'
        f'      <span class="dealt-seat-head"><span class="dealt-seat-no">{number}</span> '
        f"{escape(seat['name'])}",
    ]
    if button:
        parts.append(f' <span class="dealt-pos" title="{say(i18n.N_("Button"))}">D</span>')
    if small:
        parts.append(
            f' <span class="dealt-pos" title="{say(i18n.N_("Small blind"))}">'
            f"{say(i18n.N_('SB'))}</span>"
        )
    if big:
        parts.append(
            f' <span class="dealt-pos" title="{say(i18n.N_("Big blind"))}">'
            f"{say(i18n.N_('BB'))}</span>"
        )
    parts.append(f'</span>\n      <span class="dealt-stack">{stack}</span>\n')
    if committed:
        chips_bet = fill(language, i18n.N_("Chips bet: %(chips)s"), chips=committed)
        parts.append(f'<span class="dealt-bet">{chips_bet}</span>')
    if status == "folded":
        parts.append(f'<span class="dealt-state">{say(i18n.N_("Folded"))}</span>')
    elif status == "allin":
        parts.append(f'<span class="dealt-state">{say(i18n.N_("All-in"))}</span>')
    if seat["away"]:
        parts.append(f'<span class="dealt-state">{say(i18n.N_("Away"))}</span>')
    parts.append(cards)
    if clock:
        parts.append(
            f'<span class="dealt-clock dealt-clock-paused" role="timer" data-remaining-ms="{_MS}"'
            f' data-paused="1" data-ticks>{_SECONDS} s · {say(i18n.N_("paused"))}</span>'
            if paused
            else f'<span class="dealt-clock" role="timer" data-remaining-ms="{_MS}" data-ticks>'
            f"{_SECONDS} s</span>"
        )
    parts.append("    </li>")
    return Markup("".join(parts))
