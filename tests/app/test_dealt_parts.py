"""``DealtService`` is made of parts it holds and calls, no mixin (issue 30 item 4): each part
owns its state and reaches the rest of the service through ``host``, typed, so no module
re-declares the service's methods under ``TYPE_CHECKING``; the public names stay on the
service (pages, routes, the bus and the tests call them)."""

from __future__ import annotations

import re
from pathlib import Path

from pokerfloor.app._dealt_cluster import DealtCluster
from pokerfloor.app._dealt_dealer import DealtDealer
from pokerfloor.app._dealt_disputes import DealtDisputes
from pokerfloor.app._dealt_floor import DealtFloor
from pokerfloor.app._dealt_records import DealtRecords
from pokerfloor.app.dealt_service import DealtService
from tests.dealt._sitngo import sit_and_go

APP = Path(__file__).resolve().parents[2] / "src" / "pokerfloor" / "app"


def test_issue30_dealt_service_has_no_mixin() -> None:
    assert DealtService.__mro__ == (DealtService, object)
    dealt, _clock = sit_and_go(players=2)
    parts = {
        "cluster": DealtCluster,
        "records": DealtRecords,
        "rulings": DealtDisputes,
        "floor": DealtFloor,
        "dealer": DealtDealer,
    }
    for attribute, part in parts.items():
        assert type(getattr(dealt, attribute)) is part and getattr(dealt, attribute).host is dealt
        assert part.__mro__ == (part, object)


def test_issue30_no_dealt_part_re_declares_the_service() -> None:
    # A class body's ``if TYPE_CHECKING:`` block was how a mixin declared its host's members.
    for path in sorted(APP.glob("_dealt_*.py")):
        text = path.read_text()
        assert not re.search(r"^    +if TYPE_CHECKING:", text, re.MULTILINE), path.name
        assert "provided by DealtService" not in text, path.name


def test_issue30_the_parts_public_names_stay_on_the_service() -> None:
    names = (
        "pause_table", "resume_table", "move_player", "asked_moves", "kill_hand",
        "hole_cards_seen", "hole_card_log", "rule_dispute", "disputes", "loaded_ids",
        "catch_up", "subscribe_table", "unsubscribe_table", "table_lines", "tick", "run_ticker",
        "shared", "conflicts", "spectators_followers",
    )  # fmt: skip
    for name in names:
        assert name in vars(DealtService), name
