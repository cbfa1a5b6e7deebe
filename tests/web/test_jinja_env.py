"""The pages' environment (issue 31's measure, web/pages/common/_jinja_env.py): a template
once loaded is answered without Jinja's locked LRU cache, and a view's key is read without the
AttributeError Jinja's generic look-up built at each ``v.hand_no``; the answers are Jinja's."""

from __future__ import annotations

import pytest

from pokerfloor.web.pages.common._common import make_environment
from pokerfloor.web.pages.common._jinja_env import Fields


def test_issue_31_measure_a_template_once_loaded_is_kept_out_of_jinjas_cache() -> None:
    env = make_environment()
    first = env.get_template("dealt_table_part.html")
    env.cache.clear()  # Jinja's LRU: it would load and compile the file again
    assert env.get_template("dealt_table_part.html") is first
    # An include names its parent: the same template.
    assert env.get_template("dealt_table_part.html", "dealt_player_live.html") is first


def test_issue_31_measure_a_views_key_is_read_without_its_attribute_hook(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    hooked: list[str] = []
    original = Fields.__getattr__

    def counted(self: Fields, name: str) -> object:
        hooked.append(name)
        return original(self, name)

    monkeypatch.setattr(Fields, "__getattr__", counted)
    view = Fields({"hand_no": 7, "seats": [Fields({"seat_no": 2, "name": "<b>"})]})
    page = make_environment().from_string(
        "{{ v.hand_no }}/{{ v.seats[0].seat_no }}/{{ v.seats[0].name }}/{{ v.missing or '-' }}"
        "/{{ v.items is defined }}"
    )
    assert page.render(v=view) == "7/2/&lt;b&gt;/-/True"  # dict's methods stay methods
    assert hooked == []
