"""Issue 27, item 4: the first read is as fast as the next. ``pokerfloor serve`` pays the
first request's costs (templates compiled, catalogues and locale data loaded, tournaments
replayed, routing tables built) before it listens (``web/warm_up.py``; the real server's
order is checked in ``test_served_security.py``)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from pokerfloor.app.commands import CreateTournament
from pokerfloor.app.memory_store import MemoryEventStore
from pokerfloor.app.service import TournamentService
from pokerfloor.web import create_app, i18n
from pokerfloor.web.warm_up import warm_up

TOKEN = "td-token-for-the-warm-up-tests-01"


@pytest.fixture
def cold() -> Iterator[None]:
    """Every cache the warm-up fills, emptied (the pages' environment is shared by the
    process's apps: the other tests may have filled it)."""
    i18n.catalogue.cache_clear()
    yield


def test_issue_27_item_4_warm_up_compiles_every_template_and_replays_every_tournament(
    cold: None,
) -> None:
    store = MemoryEventStore()
    TournamentService(store).create(
        CreateTournament(tournament_id="evening", structure="club-rebuy")
    )
    service = TournamentService(store)  # a server just started: nothing in memory
    app = create_app(service, TOKEN)
    env = app.state.pages.env
    env.forget_compiled()  # the environment may be another test's: compiled templates kept
    assert service.version_in_memory("evening") is None

    warmed = warm_up(app)

    names = env.list_templates(extensions=("html",))
    assert warmed.templates == len(names) > 100
    assert env.compiled == len(names)  # every one compiled, none left for a first request
    assert i18n.catalogue.cache_info().currsize == len(i18n.LOCALES)
    assert warmed.tournaments == 1
    assert service.version_in_memory("evening") == 1  # replayed, as the listing does
    assert warmed.routing_status == 404  # one request walked every router, and got no page


def test_issue_27_item_4_a_qr_code_is_drawn_once_per_address() -> None:
    """Encoding a code was about half of the console's render: the console's codes are
    drawn once, then only named (in the page's language) at each render."""
    from pokerfloor.web.qr import _drawn, qr_svg

    url = "http://192.0.2.7:8000/t/warm/clock"
    _drawn.cache_clear()
    with i18n.use_locale("en"):
        english = qr_svg(url, 3)
    with i18n.use_locale("fr"):
        french = qr_svg(url, 3)
    assert _drawn.cache_info().misses == 1 and _drawn.cache_info().hits == 1
    assert english.split(">", 1)[1] == french.split(">", 1)[1]  # the same drawing
    assert 'aria-label="QR code of http://192.0.2.7:8000/t/warm/clock"' in english
