"""Issue 31's measure: the dealt pages' cards made in Python once per set and language
(``web/pages/common/_card_html.py``) give the very text the Jinja macro gave, faces and backs,
in French and English, escaped."""

from __future__ import annotations

from jinja2 import Environment

from pokerfloor.web import i18n
from pokerfloor.web.pages.common._card_html import cards_html
from pokerfloor.web.pages.common._common import make_environment
from pokerfloor.web.pages.common._dealt_common import card_faces

# The macro as it was before the filter (``_dealt_cards.html``).
_MACRO = (
    '<span class="dealt-cards">{% for c in faces %}<span class="dealt-card dealt-{{ c.suit }}" '
    'aria-label="{{ c.text }}">{{ c.rank }}<span aria-hidden="true">{{ c.symbol }}</span></span>'
    '{% endfor %}{% for _i in range(back) %}<span class="dealt-card dealt-back" '
    "aria-label=\"{{ _('face down') }}\"></span>{% endfor %}</span>"
)


def _macro(env: Environment, faces: list[dict[str, str]], back: int, language: str) -> str:
    with i18n.use_locale(language):
        return env.from_string(_MACRO).render(faces=faces, back=back)


def test_issue_31_the_cards_made_in_python_are_the_macro_s_text() -> None:
    env = make_environment()
    for language in ("fr", "en"):
        for numbers, back in (((0, 13, 51), 0), ((), 2), ((8, 9), 1), ((), 0)):
            faces = card_faces(numbers)
            with i18n.use_locale(language):
                made = str(cards_html(faces, back))
            assert made == _macro(env, faces, back, language), (language, numbers, back)
    with i18n.use_locale("en"):
        assert 'aria-label="face down"' in cards_html([], 1)
    hostile = [{"suit": '"><b>', "text": "<i>", "rank": "&", "symbol": "<"}]
    with i18n.use_locale("fr"):
        made = str(cards_html(hostile))
    assert "<b>" not in made and "<i>" not in made and "&amp;" in made


def test_issue_31_the_cards_macro_goes_through_the_filter() -> None:
    """The pages that still call the macro (hand histories) get the same text."""
    env = make_environment()
    faces = card_faces((3, 40))
    page = env.from_string('{% from "_dealt_cards.html" import cards %}{{ cards(faces, 2) }}')
    with i18n.use_locale("fr"):
        assert page.render(faces=faces) == _macro(env, faces, 2, "fr")
