"""A dealt table's seat as HTML (the ``dealt_seat`` filter, ``_dealt_table.html``'s loop):
``_dealt_seat.html`` rendered once per language and per seat as it stands, then kept (issue
31's measure). An action changes one or two seats of nine: the table's part of the next version
renders those and takes the others as they were. The seat to act carries the action clock's
time left, read at each render: its text is kept with marks where the time goes, and the time
of the moment is put in at each render, so that a version rendered again (a viewer who
connects, an action chosen in advance) renders no seat; a new version still renders the seat
the turn moved to.

What a seat's text depends on, its key: the language, the seat (number, name, stack, bet,
status, away, the cards shown), and its marks (to act, paused, the viewer's own seat, button,
small and big blind).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from jinja2 import Environment, pass_environment
from markupsafe import Markup

from pokerfloor.web import i18n

__all__ = ["seat_html"]

_LIMIT = 16_384
_KEPT: dict[tuple[object, ...], Markup] = {}
# Where the clock's time left goes in a kept seat: characters of Unicode's private use area,
# never in a name (``escape`` keeps them, but nothing we render holds them).
_MS, _SECONDS = "\ue000", "\ue001"


@pass_environment
def seat_html(
    env: Environment, seat: Mapping[str, Any], view: Mapping[str, Any], seat_no: int, now_ms: int
) -> Markup:
    """``seat`` of ``view`` seen from ``seat_no`` (0: nobody's seat) at ``now_ms``."""
    number = seat["seat_no"]
    to_act = number == view["to_act_seat"]
    cards = seat["cards"]  # none shown at most seats: no generator made for them
    deadline = view["deadline_ms"] if to_act else 0
    key = (
        i18n.current_locale(),
        number,
        seat["name"],
        seat["stack"],
        seat["committed"],
        seat["status"],
        seat["away"],
        tuple([face["text"] for face in cards]) if cards else (),
        to_act,
        bool(deadline) and bool(view["paused_at_ms"]),
        number == seat_no,
        number == view["button_seat"],
        number == view["small_blind_seat"],
        number == view["big_blind_seat"],
    )
    found = _KEPT.get(key)
    if found is None:
        found = _render(env, seat, view, seat_no, Markup(_MS), Markup(_SECONDS))
        if len(_KEPT) >= _LIMIT:
            _KEPT.clear()
        _KEPT[key] = found
    if not deadline:
        return found
    clock_at = view["paused_at_ms"] or now_ms  # a paused clock stands still
    left = max(deadline - clock_at, 0)
    text = str.replace(found, _MS, str(left))  # str's: Markup's would escape its arguments
    return Markup(str.replace(text, _SECONDS, str((left + 999) // 1000)))


def _render(
    env: Environment,
    seat: Mapping[str, Any],
    view: Mapping[str, Any],
    seat_no: int,
    clock_ms: Markup,
    clock_s: Markup,
) -> Markup:
    template = env.get_template("_dealt_seat.html")
    return Markup(
        template.render(s=seat, v=view, seat_no=seat_no, clock_ms=clock_ms, clock_s=clock_s)
    )
