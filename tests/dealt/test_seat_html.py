"""Issue 31's measure: a dealt table's seats are kept once rendered (``_seat_html.seat_html``,
the ``dealt_seat`` filter) and the table's part made of them is, at every step of a played
sit-and-go, in both languages and from every seat, the text a render from nothing makes: the
key holds everything a seat's text depends on."""

from __future__ import annotations

from pokerfloor.web import i18n
from pokerfloor.web.pages.common import _seat_html
from pokerfloor.web.pages.common._common import make_environment
from pokerfloor.web.pages.common._dealt_common import table_context
from tests.dealt._sitngo import play_until, sit_and_go


def test_issue_31_measure_kept_seats_make_the_table_part_a_fresh_render_makes() -> None:
    dealt, clock = sit_and_go(players=6)
    template = make_environment().get_template("dealt_table_part.html")
    seen: set[str] = set()
    reused = renders = 0

    def compare() -> bool:
        nonlocal reused, renders
        for td in (False, True):
            context = table_context(dealt, "sng", 1, td=td, live=True)
            for language in i18n.LOCALES:
                for seat_no in (0, 3):
                    with i18n.use_locale(language):
                        kept_before = len(_seat_html._KEPT)
                        kept = template.render(lang=language, seat_no=seat_no, **context)
                        added = len(_seat_html._KEPT) - kept_before
                        renders += 1
                        reused += added < len(context["view"]["seats"]) - 1  # some kept
                        _seat_html._KEPT.clear()
                        fresh = template.render(lang=language, seat_no=seat_no, **context)
                    assert kept == fresh
                    # from nothing, every seat but the one to act (its clock) is kept
                    assert len(_seat_html._KEPT) >= len(context["view"]["seats"]) - 1
                    seen.update(mark for mark in _MARKS if mark in kept)
        return (
            dealt.table("sng", 1).hand_no >= 12
            or dealt.tournaments.tournament("sng").players_left <= 1
        )

    play_until(dealt, clock, compare, max_steps=2_000)
    assert seen == set(_MARKS)  # folds, all-ins, bets, the clock, away, the hand's end
    assert reused > renders // 4  # kept seats taken again by the next versions


_MARKS = (
    "dealt-st-folded",
    "dealt-st-allin",
    "dealt-bet",
    "dealt-clock",
    "dealt-over",
    "dealt-mine",
    "dealt-card dealt-",
)


def test_issue_31_measure_each_thing_a_seat_shows_is_in_its_key() -> None:
    from pokerfloor.web.pages.common._dealt_common import card_faces
    from pokerfloor.web.pages.common._jinja_env import Fields

    template = make_environment().from_string("{{ s | dealt_seat(v, seat_no, 0) }}")
    seat = {"seat_no": 2, "name": "Ann", "stack": 900, "committed": 0, "status": "active",
            "away": False, "cards": card_faces((0, 5))}  # fmt: skip
    view = {"to_act_seat": 0, "deadline_ms": 0, "paused_at_ms": 0, "button_seat": 0,
            "small_blind_seat": 0, "big_blind_seat": 0}  # fmt: skip
    changes = [({}, {}, 0), ({"name": "<b>Bo</b>"}, {}, 0), ({"stack": 800}, {}, 0),
               ({"committed": 100}, {}, 0), ({"status": "folded"}, {}, 0),
               ({"status": "allin"}, {}, 0), ({"away": True}, {}, 0),
               ({"cards": card_faces((1, 5))}, {}, 0), ({}, {"to_act_seat": 2}, 0),
               ({}, {}, 2), ({}, {"button_seat": 2}, 0), ({}, {"small_blind_seat": 2}, 0),
               ({}, {"big_blind_seat": 2}, 0)]  # fmt: skip
    texts = set()
    for language in i18n.LOCALES:
        with i18n.use_locale(language):
            for seat_change, view_change, seat_no in changes:
                context = {"s": Fields(seat, **seat_change), "v": Fields(view, **view_change),
                           "seat_no": seat_no}  # fmt: skip
                _seat_html._KEPT.clear()
                template.render(s=Fields(seat), v=Fields(view), seat_no=0)  # the base kept
                kept = template.render(**context)
                _seat_html._KEPT.clear()
                assert template.render(**context) == kept
                texts.add((language, kept))
    assert len(texts) == 2 * len(changes)  # each change shows
