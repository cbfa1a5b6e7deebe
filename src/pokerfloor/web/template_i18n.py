"""``_()`` / ``gettext()`` in the pages' templates, looked up once (issue 31's measure).

Jinja's newstyle gettext (``jinja2.ext``) treats every translated string as a format string:
``Markup(text) % variables`` at each call, even for a constant label with no variable, and
``_()`` goes through an alias that resolves ``gettext`` in the context at each call. The dealt
pages' pushes call it for every seat of every table version (about a tenth of the server's
CPU in the bench's profile). Here, with the same results:

- a call **without variables** answers the text kept for (language, message, autoescape): the
  translation formatted once with no variable (``%%`` becomes ``%`` as before), as ``Markup``
  when autoescape is on (a translation is trusted markup, as in Jinja);
- a call **with variables** looks the translation up once per (language, message) and inserts
  each variable escaped when autoescape is on (``markupsafe.escape``, what ``Markup.__mod__``
  does) when every placeholder is ``%(name)s``; any other form goes through ``Markup % ...``
  as Jinja does.

The English of a message is the message itself; the translations come from ``i18n.gettext``
(the catalogues are read once and never change while the server runs).
"""

from __future__ import annotations

import re
from typing import Any

from jinja2 import Environment, pass_context
from jinja2.runtime import Context
from markupsafe import Markup, escape

from pokerfloor.web import i18n

__all__ = ["install"]

# Kept per (language, message[, autoescape]); the messages are the templates' own (constant
# strings) and the few they pass in (statuses, refusal sentences): a bound in case.
_LIMIT = 8_192
_CONSTANTS: dict[tuple[str, str, bool], str] = {}
_TEXTS: dict[tuple[str, str], tuple[str, bool]] = {}  # the text, whether all are %(name)s
_PLACEHOLDER = re.compile(r"%(?:\([^)]*\))?[-#0 +]*\d*(?:\.\d+)?[a-zA-Z%]")
_SIMPLE = re.compile(r"%\([A-Za-z_][A-Za-z0-9_]*\)s|%%")


def _text(language: str, message: str) -> tuple[str, bool]:
    key = (language, message)
    known = _TEXTS.get(key)
    if known is None:
        with i18n.use_locale(language):
            text = i18n.gettext(message)
        simple = all(_SIMPLE.fullmatch(found) for found in _PLACEHOLDER.findall(text))
        if len(_TEXTS) >= _LIMIT:
            _TEXTS.clear()
        known = _TEXTS[key] = (text, simple)
    return known


@pass_context
def template_gettext(context: Context, message: str, /, **variables: Any) -> str:
    """Jinja's newstyle ``gettext`` (``_()`` too), the same text, computed once per message."""
    language = i18n.current_locale()
    autoescape = context.eval_ctx.autoescape
    if not variables:
        key = (language, message, autoescape)
        found = _CONSTANTS.get(key)
        if found is None:
            text = _text(language, message)[0]
            found = (Markup(text) if autoescape else text) % {}
            if len(_CONSTANTS) >= _LIMIT:
                _CONSTANTS.clear()
            _CONSTANTS[key] = found
        return found
    text, simple = _text(language, message)
    if not autoescape:
        return text % variables
    if simple:  # each variable escaped, as Markup's % does it (str(escape(value)))
        return Markup(text % {name: escape(value) for name, value in variables.items()})
    return Markup(text) % variables


def install(env: Environment) -> None:
    """The i18n extension's callables on ``env``, ``gettext`` and ``_`` answered from the
    kept texts (``ngettext`` stays Jinja's newstyle one over ``i18n.ngettext``)."""
    env.install_gettext_callables(  # type: ignore[attr-defined]
        i18n.gettext, i18n.ngettext, newstyle=True
    )
    env.globals.update(gettext=template_gettext, _=template_gettext)
