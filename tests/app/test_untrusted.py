"""Issue 12, finding 1: an imported event log is untrusted; its text fields get the limits the
API gives the commands they come from."""

from __future__ import annotations

import random

import msgspec
import pytest

from pokerfloor.app.untrusted import check_imported_events
from pokerfloor.errors import PokerfloorError
from pokerfloor.tournament.events import PaymentRecorded, PlayerRegistered, TournamentCreated
from pokerfloor.tournament.state import Tournament
from pokerfloor.tournament.structure import load_structure


def evening() -> list[object]:
    tournament = Tournament.create("club", "tda-2024", load_structure("club-evening"), 9)
    for number in range(1, 5):
        tournament.register(f"p{number}", f"Joueur {number}", 0)
    tournament.cash.record_payment("p1", True, "cash", 0)
    rng = random.Random(1)
    tournament.draw_seats(rng)
    tournament.place_buttons(rng)
    return list(tournament.events)


def test_a_log_the_api_could_have_written_is_accepted() -> None:
    check_imported_events(evening())  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("field", "value", "kind"),
    [
        ("name", "x" * 101, PlayerRegistered),
        ("name", "", PlayerRegistered),
        ("player_id", "p1\n", PlayerRegistered),
        ("player_id", "<p1>", PlayerRegistered),
        ("method", "m" * 41, PaymentRecorded),
        ("display_name", "x" * 101, TournamentCreated),
    ],
)
def test_an_imported_text_beyond_the_apis_bound_is_refused_naming_the_field(
    field: str, value: str, kind: type
) -> None:
    events = evening()
    index = next(i for i, event in enumerate(events) if isinstance(event, kind))
    events[index] = msgspec.structs.replace(events[index], **{field: value})  # type: ignore[type-var]
    with pytest.raises(PokerfloorError) as refused:
        check_imported_events(events)  # type: ignore[arg-type]
    assert refused.value.code == "BAD_EVENT_LOG"
    assert refused.value.params == {"line": index + 1, "field": field}
