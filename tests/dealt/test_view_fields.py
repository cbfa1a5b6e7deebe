"""Issue 31's measure: the dealt views the templates read (``_dealt_common.Fields``) answer
``v.hand_no`` from their keys, without Jinja's AttributeError at each read, and a missing key
is still undefined for the template (not an error)."""

from __future__ import annotations

from pokerfloor.web.pages.common._common import make_environment
from pokerfloor.web.pages.common._dealt_common import Fields


def test_issue_31_a_view_s_keys_read_as_attributes_without_an_exception() -> None:
    view = Fields({"hand_no": 7, "seats": [Fields({"seat_no": 2})]})
    assert view.hand_no == 7 and view.seats[0].seat_no == 2
    env = make_environment()
    page = env.from_string("{{ v.hand_no }}/{{ v.seats[0].seat_no }}/{{ v.missing or '-' }}")
    assert page.render(v=view) == "7/2/-"
