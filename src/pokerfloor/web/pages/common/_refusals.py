"""The refusals a TD meets on the pages, explained in the page's language.

The engine raises a stable ``code`` and its ``params``; the message catalogue
(``pokerfloor.messages``) holds the one English sentence of each code, translated in
``locale/fr/refusals.po``. Here a refusal's sentence is filled in the page's language with the
page's formats: numbers and money by Babel, player ids as names, the engine's words translated
(``tests/messages/test_catalogue.py`` fails on a code raised without a sentence or without its
French). The code comes after the sentence as secondary text (``RefusalText``): it is what to
search for in the docs, and what a support question quotes. A command refused by its own
validation (msgspec: a field of the wrong type or out of bounds) is explained the same way,
naming the field and what it accepts (``validation_text``).

Adding a code: see ``pokerfloor.messages``.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import msgspec
from markupsafe import Markup

from pokerfloor.errors import PokerfloorError
from pokerfloor.messages import MESSAGES, Np_, Plural, choose, count_of
from pokerfloor.web import i18n
from pokerfloor.web.i18n import N_
from pokerfloor.web.pages.common._citations import citations_text
from pokerfloor.web.pages.common._refusal_sentences import FIELD_LABELS, WORDS

if TYPE_CHECKING:
    from pokerfloor.app.service import TournamentService

__all__ = [
    "EVENT_PREFIX",
    "TOURNAMENT_PREFIX",
    "RefusalText",
    "explain",
    "reason_text",
    "refusal_names",
    "validation_text",
]


_WORD_PARAMS = frozenset({"kind", "options", "field"})
# Params that hold player (or club member) ids: shown as their names when the page knows them.
_PLAYER_PARAMS = frozenset(
    {
        "player_id",
        "member_id",
        "players",
        "running",
        "deal",
        "ranked",
        "missing",
        "unexpected",
        "not_in_play",
        "occupant",
        "collector",  # a bounty's collector and the players who may be (messages/_formats.py)
        "candidates",
        "busted_players",
    }
)
# A club event's or a tournament's title among the names: the key is the prefix and the id.
EVENT_PREFIX = "event:"
TOURNAMENT_PREFIX = "tournament:"
_TITLED_PARAMS = {"event_id": EVENT_PREFIX, "tournament_id": TOURNAMENT_PREFIX}
# Refusals about the id itself (one already taken, one that differs): the id, not the title.
_ABOUT_THE_ID = frozenset({"TOURNAMENT_EXISTS", "TOURNAMENT_ID_MISMATCH", "CLUB_EVENT_EXISTS"})
# Amounts of money in cents whose name does not end in ``_cents``.
_MONEY = frozenset(
    {
        ("PAYOUTS_EXCEED_POOL", "payouts"),
        ("PAYOUTS_BELOW_POOL", "payouts"),
        ("PAYOUTS_BELOW_POOL", "unpaid"),
        ("DEAL_BAD_PLAYED_FOR", "max"),
    }
)


def _shown(code: str, key: str, value: Any, names: Mapping[str, str]) -> str:
    """A param's value as the page shows it: numbers and money in the page's locale, player
    ids as names, the engine's words translated, lists joined."""
    if key == "citations" and isinstance(value, list | tuple):
        return ", ".join(citations_text([str(item) for item in value]))
    if isinstance(value, list | tuple):
        return ", ".join(_shown(code, key, item, names) for item in value)
    if isinstance(value, dict):
        return ", ".join(
            f"{_shown(code, key, item, names)}: {_shown(code, '', amount, names)}"
            for item, amount in value.items()
        )
    if isinstance(value, bool) or value is None:
        return str(value)
    if isinstance(value, int):
        if key.endswith("_at_ms"):  # a moment of the evening: its time of day in the room
            return i18n.format_time_of_day(value)
        if key.endswith("_cents") or (code, key) in _MONEY:
            return i18n.format_cents(value)
        return i18n.format_number(value)
    if isinstance(value, float):
        return i18n.format_number(value)  # type: ignore[arg-type]
    text = str(value)
    if key == "date" or key.endswith("_date"):
        return i18n.format_date(text)  # a day (ISO in the event) in the page's language
    if key in _PLAYER_PARAMS:
        return names.get(text, text)
    if key in _TITLED_PARAMS and code not in _ABOUT_THE_ID:
        # A club's event or a tournament, by its title when the page gave it.
        return names.get(f"{_TITLED_PARAMS[key]}{text}", text)
    if key in _WORD_PARAMS and text in WORDS:
        return i18n.gettext(WORDS[text])
    return text


def reason_text(error: PokerfloorError, names: Mapping[str, str] | None = None) -> str:
    """The refusal in the current language, without its code: the catalogue's sentence of its
    code that its params fill. ``names``: players' names by id. The engine's English only for a
    code nobody explained yet (the catalogue test fails on it)."""
    params = error.params or {}
    currency = params.get("currency")
    for message in choose(MESSAGES, error.code, params):
        values = {k: _shown(error.code, k, v, names or {}) for k, v in params.items()}
        if isinstance(currency, str) and currency:  # a club's amounts: its currency
            for k, v in params.items():
                if k.endswith("_cents") and isinstance(v, int) and not isinstance(v, bool):
                    values[k] = i18n.format_cents(v, currency)
        try:
            if isinstance(message, Plural):
                count = count_of(params[message.count])
                return i18n.ngettext(message.singular, message.plural, count, **values)
            return i18n.gettext(message) % values
        except (KeyError, TypeError, ValueError):  # a translation that does not fit
            continue
    return error.message


class RefusalText(str):
    """The text of a refusal: its sentence, then its code in parentheses (what plain text,
    logs and tests read). In a page, the code is set apart as secondary text (``__html__``,
    which Jinja uses: the sentence escaped, the code small and muted)."""

    sentence: str
    code: str

    def __new__(cls, sentence: str, code: str) -> RefusalText:
        text = super().__new__(cls, f"{sentence} ({code})")
        text.sentence = sentence
        text.code = code
        return text

    def __html__(self) -> Markup:
        return Markup('{} <small class="refusal-code">({})</small>').format(
            self.sentence, self.code
        )


def explain(error: PokerfloorError, names: Mapping[str, str] | None = None) -> RefusalText:
    """The refusal in the current language, its code after it (``reason_text``)."""
    return RefusalText(reason_text(error, names), error.code)


def refusal_names(service: TournamentService, tournament_id: str) -> dict[str, str]:
    """The players' names by id for a refusal of this tournament, and its own name (none when
    it does not exist yet or cannot be read)."""
    try:
        if not service.exists(tournament_id):
            return {}
        listed = service.players_list(tournament_id)
        title = service.summary(tournament_id)["name"]
    except PokerfloorError:
        return {}
    names = {p["player_id"]: p["name"] for p in (*listed["waiting_list"], *listed["players"])}
    names[f"{TOURNAMENT_PREFIX}{tournament_id}"] = title
    return names


# ---- a command refused by its validation (msgspec) -----------------------------------------

_AT = re.compile(r" - at `(?:key` in `)?\$\.?(?P<path>[^`]*)`$")
_BOUND = re.compile(
    r"Expected `(?P<type>[^`]+)`(?P<length> of length)? (?P<op>[<>]=?) (?P<n>-?\d+)"
)
_TYPE = re.compile(r"Expected `(?P<type>[^`]+)`(?:, got `[^`]+`)?$")
_FIELD = re.compile(r"Object (?P<what>missing required|contains unknown) field `(?P<field>[^`]+)`")
_ENUM = re.compile(r"Invalid enum value (?P<value>.+)$")

_WHOLE_AT_LEAST = N_("“%(field)s”: a whole number of at least %(bound)s is expected.")
_WHOLE_AT_MOST = N_("“%(field)s”: a whole number of at most %(bound)s is expected.")
_LENGTH = {
    ("str", ">="): Np_(
        "“%(field)s”: a text of at least %(bound)s character is expected.",
        "“%(field)s”: a text of at least %(bound)s characters is expected.",
        "bound",
    ),
    ("str", "<="): Np_(
        "“%(field)s”: a text of at most %(bound)s character is expected.",
        "“%(field)s”: a text of at most %(bound)s characters is expected.",
        "bound",
    ),
    ("many", ">="): Np_(
        "“%(field)s”: at least %(bound)s entry is expected.",
        "“%(field)s”: at least %(bound)s entries are expected.",
        "bound",
    ),
    ("many", "<="): Np_(
        "“%(field)s”: at most %(bound)s entry is expected.",
        "“%(field)s”: at most %(bound)s entries are expected.",
        "bound",
    ),
}
_TYPES = {
    "int": N_("“%(field)s”: a whole number is expected."),
    "float": N_("“%(field)s”: a number is expected."),
    "str": N_("“%(field)s”: a text is expected."),
    "bool": N_("“%(field)s”: yes or no is expected."),
    "array": N_("“%(field)s”: a list is expected."),
    "object": N_("“%(field)s”: a table of values is expected."),
}
_ID = N_(
    "“%(field)s”: an id is expected: letters, digits, “.”, “_” or “-”, beginning with a letter "
    "or a digit."
)
_MISSING = N_("“%(field)s” is missing.")
_UNKNOWN = N_("“%(field)s” is not a field of this form.")
_NOT_ACCEPTED = N_("“%(field)s”: %(value)s is not one of the accepted values.")
_REFUSED_FIELD = N_("“%(field)s”: this value is not accepted.")
_REFUSED = N_("This entry is not accepted.")


def _field_name(path: str) -> str:
    """``final_stacks[...]`` or ``players[0]`` -> the form's field (``final_stacks``), named
    in the page's language when it is one of the commands' fields."""
    field = re.split(r"[.\[]", path, maxsplit=1)[0] or path
    return i18n.gettext(FIELD_LABELS[field]) if field in FIELD_LABELS else field


def validation_text(error: msgspec.ValidationError) -> str:
    """A command refused by its validation, in the current language: the field, and what it
    accepts (msgspec's English message is read, never shown)."""
    detail = str(error)
    at = _AT.search(detail)
    field = _field_name(at["path"]) if at else ""
    head = detail[: at.start()] if at else detail
    if found := _FIELD.fullmatch(head):
        message = _MISSING if found["what"] == "missing required" else _UNKNOWN
        return i18n.gettext(message, field=_field_name(found["field"]))
    if not field:
        return i18n.gettext(_REFUSED)
    if found := _BOUND.match(head):
        bound, op = int(found["n"]), found["op"]
        if op in (">", "<"):  # strict bounds: the whole numbers just inside them
            bound, op = (bound + 1, ">=") if op == ">" else (bound - 1, "<=")
        shown = i18n.format_number(bound)
        if found["length"]:
            kind = "str" if found["type"] == "str" else "many"
            plural = _LENGTH[(kind, op)]
            return i18n.ngettext(plural.singular, plural.plural, bound, field=field, bound=shown)
        message = _WHOLE_AT_LEAST if op == ">=" else _WHOLE_AT_MOST
        return i18n.gettext(message, field=field, bound=shown)
    if head.startswith("Expected `str` matching regex"):
        return i18n.gettext(_ID, field=field)
    if found := _TYPE.fullmatch(head):
        kind = found["type"].split(" | ")[0]
        return i18n.gettext(_TYPES.get(kind, _REFUSED_FIELD), field=field)
    if found := _ENUM.fullmatch(head):
        return i18n.gettext(_NOT_ACCEPTED, field=field, value=found["value"])
    return i18n.gettext(_REFUSED_FIELD, field=field)
