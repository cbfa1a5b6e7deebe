"""Add-ons at the break for several players at once (the console's bulk add-on): every player
is checked before any add-on is recorded."""

from __future__ import annotations

import pytest

from pokerfloor.errors import PokerfloorError
from pokerfloor.tournament.events import PlayerRebought
from tests.tournament.test_corrections import replayed
from tests.tournament.test_entries import started

MINUTE = 60_000
AFTER_REBUYS = 4 * 20 * MINUTE + 1  # tda-2024: the add-on comes when the rebuy period ends


def test_add_ons_for_several_players_at_once() -> None:
    tournament, _ = started(12)
    chips = tournament.chips_in_play
    tournament.add_ons.take_at_once(["P01", "P02", "P03"], AFTER_REBUYS)
    added = [e for e in tournament.events if isinstance(e, PlayerRebought)]
    assert [(e.player_id, e.kind) for e in added] == [(p, "addon") for p in ("P01", "P02", "P03")]
    assert tournament.addons == 3
    assert tournament.chips_in_play == chips + 3 * tournament.structure.entry.addon_chips
    assert tournament.add_ons.refusal("P04", AFTER_REBUYS) is None
    replayed(tournament)


def test_one_refused_add_on_records_none() -> None:
    tournament, _ = started(12)
    tournament.add_ons.take_at_once(["P01", "P01"], AFTER_REBUYS)  # a name ticked twice counts once
    assert tournament.players["P01"].addons == 1
    tournament.add_ons.take("P01", AFTER_REBUYS)  # club-rebuy allows a double add-on
    count = len(tournament.events)
    with pytest.raises(PokerfloorError) as caught:
        tournament.add_ons.take_at_once(["P02", "P01", "P03"], AFTER_REBUYS)
    assert caught.value.code == "NO_ADDON" and caught.value.params["player_id"] == "P01"
    assert len(tournament.events) == count and tournament.players["P02"].addons == 0


def test_no_add_on_during_the_rebuy_period() -> None:
    tournament, _ = started(12)
    refusal = tournament.add_ons.refusal("P01", 0)
    assert refusal is not None and refusal.params["reason"] == "not_open"
