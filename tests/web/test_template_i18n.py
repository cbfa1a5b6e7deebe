"""The templates' ``_()`` looked up once per message (issue 31's measure, web/template_i18n.py):
the same text as Jinja's own newstyle gettext, a variable still escaped."""

from __future__ import annotations

from typing import Any, cast

from jinja2 import Environment

from pokerfloor.web import i18n
from pokerfloor.web.pages.common._common import make_environment, render_fragment

# Jinja's own set-up, as the pages had it before: the reference for every result.
_REFERENCE = Environment(autoescape=True, extensions=["jinja2.ext.i18n"])
_REFERENCE.install_gettext_callables(  # type: ignore[attr-defined]
    i18n.gettext, i18n.ngettext, newstyle=True
)

_CASES = (
    '{{ _("Folded") }}',
    '{{ _("½ pot") }}',
    '{{ _("50%% of a raise") }}',
    '{{ _("Chips bet: %(chips)s", chips=name) }}',
    '{{ _("Hand %(n)s", n=7) }}',
    '{{ _("chips make at least %(percent)s%% of a raise", percent=name) }}',
    '{{ gettext("Table %(n)s", n=name) }}',
    "{% trans %}Folded{% endtrans %} {% trans n=name %}Hand {{ n }}{% endtrans %}",
    '{{ ngettext("%(num)s player left", "%(num)s players left", 3) }}',
    '{% autoescape false %}{{ _("Chips bet: %(chips)s", chips=name) }}{% endautoescape %}',
    '{{ _("A message in no catalogue & <b>kept</b>") }}',
)


def _both(source: str, language: str, **context: object) -> tuple[str, str]:
    with i18n.use_locale(language):
        ours = make_environment().from_string(source).render(**context)
        theirs = _REFERENCE.from_string(source).render(**context)
    return ours, theirs


def test_issue_31_measure_gettext_answers_what_jinjas_own_answers() -> None:
    for language in i18n.LOCALES:
        for source in _CASES:
            for name in ("Bob", "<script>alert(1)</script>", "5 & 6"):
                ours, theirs = _both(source, language, name=name)
                assert ours == theirs, (language, source, name)


def test_issue_31_measure_a_script_name_passed_as_a_variable_comes_out_escaped() -> None:
    name = "<script>alert('x')</script>"
    ours, _ = _both('{{ _("Chips bet: %(chips)s", chips=name) }}', "fr", name=name)
    assert ours == "Mise : &lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;"
    ours, _ = _both('{{ _("Hand %(n)s", n=name) }}', "en", name=name)
    assert ours == "Hand &lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;"
    # In a real template of the dealt pages: a seat's name is a stored string.
    html = render_fragment(
        "dealt_player_head.html", "fr", _pages(), name=name, table_no=3, seat_no=2,
        place=name, may_rebuy=False, away=False, choices=None, link="/x",
    )  # fmt: skip
    assert "<script>" not in html
    assert html.count("&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;") == 2  # name, place


def test_issue_31_measure_a_constant_string_is_unchanged_and_kept() -> None:
    env = make_environment()
    with i18n.use_locale("fr"):
        assert env.from_string('{{ _("Folded") }}').render() == "Couché"
        assert env.from_string('{{ _("50%% of a raise") }}').render() == "Règle des 50 %"
        kept = env.from_string('{{ _("A & <b>b</b>") }}').render()
        assert kept == "A & <b>b</b>"  # a translation is markup, never escaped (as Jinja)
        gettext = env.globals["_"]
        context = env.from_string("").new_context()
        assert gettext(context, "Folded") is gettext(context, "Folded")  # looked up once
    with i18n.use_locale("en"):
        assert env.from_string('{{ _("Folded") }}').render() == "Folded"


class _Pages:
    env = make_environment()


def _pages() -> Any:
    return cast(Any, _Pages())
