"""The rule profiles' citations in the page's language.

A citation is ``source article`` and, sometimes, a comment in parentheses: ``tda-2024 R47
(ropta silent; it follows TDA)``. The bundled profiles write their comments in English, except
where they quote a French rulebook (allinouest's own words), and name ropta-2025's articles by
their subject in English; both are listed here and translated in ``locale/fr/citations.po``.
A citation of a house profile, or a comment not listed, is shown as written (never passed
through the translation function: it is data).
"""

from __future__ import annotations

import re

from pokerfloor.club.settings import CLUB_RULES
from pokerfloor.web import i18n
from pokerfloor.web.i18n import N_

__all__ = ["COMMENTS", "SECTIONS", "citation_text", "citations_text"]

# The comments of the bundled profiles written in English.
COMMENTS = frozenset(
    {
        N_("30 s in all, the last 5 counted aloud"),
        N_("an out-of-turn announcement binds unless a raise before it exceeds it"),
        N_("no substantial-action rule in 2010"),
        N_("R29 does not single out folds; later TDA rules make an out-of-turn fold binding"),
        N_("a misread hand is corrected: the cards speak"),
        N_("absent players are dealt in and blinded"),
        N_("allinouest silent on several chips; it follows TDA"),
        N_("allinouest silent; it follows TDA"),
        N_("allinouest silent; it follows TDA, where no rule forbids deals"),
        N_("allinouest silent; it follows TDA: only hand-for-hand busts tie"),
        N_("an absent player is dealt in and posts until arrival"),
        N_("an odd size is preferred"),
        N_("busts in the same hand at different tables tie"),
        N_("checking the nuts last on the river is not automatically soft play"),
        N_("each event sets its own deadline"),
        N_("each pot on its own; side pots first is the usual order"),
        N_("games run by software; 5.2 draws by high card without it"),
        N_("heavenpoker silent"),
        N_("heavenpoker silent on the opening size"),
        N_("heavenpoker silent; 6.2 allows tables of 6 to 10"),
        N_("heavenpoker silent; 8.4 asks the skipped player to speak up"),
        N_("heavenpoker silent; usual practice"),
        N_("no TDA rule forbids deals; house policy applies"),
        N_("no extra hands after the rebuy period"),
        N_("no extra hands: the period ends with its level"),
        N_("no rule forbids deals; house policy applies"),
        N_("no threshold set; a player rebuys once out of chips"),
        N_("only busts at different tables outside hand-for-hand tie"),
        N_("only hand-for-hand busts at different tables tie"),
        N_(
            "only hand-for-hand ties are settled; the bigger starting stack ranking is usual "
            "practice"
        ),
        N_("only playing softly for another player is sanctioned"),
        N_("ropta follows TDA"),
        N_("ropta silent"),
        N_("ropta follows TDA practice"),
        N_("ropta follows TDA: substantial action decides"),
        N_("ropta silent; it follows TDA"),
        N_("ropta silent; it follows TDA practice"),
        N_("ropta silent; it follows TDA, where no rule forbids deals"),
        N_("set by level, not by time"),
        N_("set by time, not by level"),
        N_("showdown order unchanged"),
        N_("soft play is penalised; no duty to raise"),
        N_("tda-2010 predates the big blind ante"),
        N_("tda-2010 silent"),
        N_("tda-2010 silent on card draws"),
        N_("tda-2010 silent; a card is drawn for the button"),
        N_("tda-2010 silent; only hand-for-hand busts at different tables tie"),
        N_("tda-2010 silent; usual practice"),
        N_("tda-2024 silent"),
        N_("tda-2024 silent on card draws"),
        N_("tda-2024 silent; a card is drawn for the button"),
        N_("the button goes to the last big blind"),
        N_("the trigger is left to house procedure; two is the usual gap"),
    }
)
# ropta-2025's articles, named by their subject.
SECTIONS = frozenset(
    {
        N_("clock"),
        N_("dead button"),
        N_("final table"),
        N_("hand-for-hand"),
        N_("heads-up"),
        N_("late registration"),
        N_("lower-value chip"),
        N_("new hand"),
        N_("pay to see"),
        N_("seat presence"),
        N_("simultaneous busts"),
        N_("skipped player"),
    }
)
_CITATION = re.compile(r"(?P<source>\S+) (?P<article>.*?)(?: \((?P<comment>.*)\))?")


def citation_text(citation: str) -> str:
    """``citation`` with its listed article name and comment in the current language."""
    if citation == CLUB_RULES:  # a club without a rulebook: its own rules, no article
        return i18n.gettext(N_("the club's rules"))
    match = _CITATION.fullmatch(citation)
    if match is None:
        return citation
    article, comment = match["article"], match["comment"]
    text = f"{match['source']} {i18n.gettext(article) if article in SECTIONS else article}"
    if comment is not None:
        text += f" ({i18n.gettext(comment) if comment in COMMENTS else comment})"
    return text


def citations_text(citations: tuple[str, ...] | list[str]) -> tuple[str, ...]:
    return tuple(citation_text(citation) for citation in citations)
