"""A dealt table's seat as HTML (the ``dealt_seat`` filter, ``_dealt_table.html``'s loop):
``_dealt_seat.html`` rendered once per language and per seat as it stands, then kept (issue
31's measure). An action changes one or two seats of nine: the table's part of the next version
renders those and takes the others as they were. The seat to act carries the action clock's
remaining time, read at each render: it is rendered every time, never kept.

What a seat's text depends on, its key: the language, the seat (number, name, stack, bet,
status, away, the cards shown), and its marks (to act, the viewer's own seat, button, small
and big blind).
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


@pass_environment
def seat_html(
    env: Environment, seat: Mapping[str, Any], view: Mapping[str, Any], seat_no: int, now_ms: int
) -> Markup:
    """``seat`` of ``view`` seen from ``seat_no`` (0: nobody's seat) at ``now_ms``."""
    number = seat["seat_no"]
    to_act = number == view["to_act_seat"]
    if to_act and view["deadline_ms"]:  # the clock's time left: a render of the moment
        return _render(env, seat, view, seat_no, now_ms)
    key = (
        i18n.current_locale(),
        number,
        seat["name"],
        seat["stack"],
        seat["committed"],
        seat["status"],
        seat["away"],
        tuple(face["text"] for face in seat["cards"]),
        to_act,
        number == seat_no,
        number == view["button_seat"],
        number == view["small_blind_seat"],
        number == view["big_blind_seat"],
    )
    found = _KEPT.get(key)
    if found is None:
        found = _render(env, seat, view, seat_no, now_ms)
        if len(_KEPT) >= _LIMIT:
            _KEPT.clear()
        _KEPT[key] = found
    return found


def _render(
    env: Environment, seat: Mapping[str, Any], view: Mapping[str, Any], seat_no: int, now_ms: int
) -> Markup:
    template = env.get_template("_dealt_seat.html")
    return Markup(template.render(s=seat, v=view, seat_no=seat_no, now_ms=now_ms))
