"""Issue 12, finding 9: captain keys come from their own secret, the TD renews a table's link
(the old key stops working), and the links end with the tournament."""

from __future__ import annotations

import hashlib
import hmac
import stat
from pathlib import Path

from pokerfloor.tournament.events import CaptainKeyRenewed
from pokerfloor.tournament.state import Tournament
from pokerfloor.web.credentials import load_or_create_captain_secret, load_or_create_token
from tests.web.pages.conftest import CAPTAIN_SECRET, Venue
from tests.web.pages.test_captain import TID, key_of, open_club


def captain_page(venue: Venue, table_no: int, key: str) -> int:
    return venue.public.get(f"/t/{TID}/table/{table_no}?key={key}&lang=en").status_code


def test_finding_9_captain_keys_come_from_their_own_secret_not_the_token(tmp_path: Path) -> None:
    check, _ = load_or_create_token(tmp_path / "td-token.json")
    secret = load_or_create_captain_secret(tmp_path / "captain-secret")
    assert secret != check.digest and secret != check.key and len(secret) == 32
    assert stat.S_IMODE((tmp_path / "captain-secret").stat().st_mode) == 0o600
    assert load_or_create_captain_secret(tmp_path / "captain-secret") == secret  # kept
    load_or_create_token(tmp_path / "td-token.json", renew=True)  # a new TD token...
    assert load_or_create_captain_secret(tmp_path / "captain-secret") == secret  # ...same links


def test_finding_9_the_key_is_an_hmac_of_tournament_table_and_renewal() -> None:
    venue = Venue()
    open_club(venue)
    expected = hmac.new(CAPTAIN_SECRET, f"{TID}:2:0".encode(), hashlib.sha256).hexdigest()[:20]
    assert key_of(venue, 2) == expected


def test_finding_9_a_renewed_link_replaces_the_old_one() -> None:
    venue = Venue()
    open_club(venue)
    old = key_of(venue, 1)
    assert captain_page(venue, 1, old) == 200
    page = venue.td.get(f"/t/{TID}/captains?lang=fr").text
    assert f'hx-post="/t/{TID}/captains/1/renew"' in page
    answer = venue.td.post(f"/t/{TID}/captains/1/renew?lang=fr")
    assert "La table 1 a un nouveau lien de capitaine" in answer.text
    new = key_of(venue, 1)
    assert new != old
    assert captain_page(venue, 1, old) == 403 and captain_page(venue, 1, new) == 200
    assert captain_page(venue, 2, key_of(venue, 2)) == 200  # the other tables keep theirs
    assert new in venue.td.get(f"/t/{TID}/captains").text
    tournament = venue.service.tournament(TID)
    renewed = [e for e in tournament.events if isinstance(e, CaptainKeyRenewed)]
    assert [(e.table_no, e.renewal) for e in renewed] == [(1, 1)]
    assert Tournament.replay(tournament.events).captain_keys == {1: 1}
    version = venue.service.version(TID)
    public = venue.public.post(f"/t/{TID}/captains/1/renew", follow_redirects=False)
    assert public.status_code == 303 and venue.service.version(TID) == version  # to sign in


def test_finding_9_the_links_end_with_the_tournament() -> None:
    venue = Venue()
    open_club(venue, players=2)
    key = key_of(venue, 1)
    assert captain_page(venue, 1, key) == 200
    venue.command(TID, type="penalize", player_id="p2", kind="disqualification", reason="x")
    venue.command(TID, type="finish")
    answer = venue.public.get(f"/t/{TID}/table/1?key={key}&lang=fr")
    assert answer.status_code == 403
    assert "Le tournoi est terminé" in answer.text
