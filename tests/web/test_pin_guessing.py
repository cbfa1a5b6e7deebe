"""Issue 27, finding 2 (medium): a member's PIN fell to rotating addresses in 48 s. Wrong PINs
now count per address, per member number and per club; a number locks until the TD lifts
the lock; a missing event answers the same whatever the PIN; the members' public pages show
nothing without the PIN."""

from __future__ import annotations

import warnings
from typing import Any

with warnings.catch_warnings():
    warnings.filterwarnings("ignore", message="Using `httpx` with `starlette.testclient`")
    from fastapi.testclient import TestClient

from pokerfloor.web.club_access import CLUB_FAILURES_PER_HOUR, LOCK_AFTER, PinLocks
from tests.web.test_club_api import AUTH, ClubVenue, a_club


class Seconds:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def rotating(venue: ClubVenue, number: int) -> TestClient:
    """A client from its own loopback address (127.0.x.y), as a guesser rotating them."""
    address = f"127.0.{number // 250 % 250}.{number % 250 + 1}"
    return TestClient(venue.client.app, client=(address, 40000 + number % 20000))


def guess(client: TestClient, member: str, pin: str, event: str = "e1") -> Any:
    return client.post(
        f"/api/clubs/hp/events/{event}/register", json={"member_id": member, "pin": pin}
    )


def a_guarded_club() -> tuple[ClubVenue, Seconds]:
    venue = a_club()
    seconds = Seconds()
    venue.client.app.state.pin_limiter = PinLocks(clock=seconds)  # type: ignore[attr-defined]
    return venue, seconds


def test_finding_2_a_brute_force_from_rotating_addresses_stops_before_50_tries_per_member() -> None:
    venue, seconds = a_guarded_club()
    checked = 0
    answers: dict[int, int] = {}
    for number in range(300):  # member 1's PIN is 1234: every other 4-digit PIN first
        pin = f"{number:04d}" if number != 1234 else "9999"
        seconds.now += 3600.0  # the guesser waits out every backoff
        response = guess(rotating(venue, number), "1", pin)
        answers[response.status_code] = answers.get(response.status_code, 0) + 1
        checked += response.status_code == 403
    assert checked == LOCK_AFTER < 50
    assert answers[423] == 300 - LOCK_AFTER
    locked = guess(rotating(venue, 5000), "1", "1234")
    assert locked.status_code == 423 and locked.json()["code"] == "PIN_LOCKED"
    assert locked.json()["params"]["failures"] == LOCK_AFTER
    # The TD sees the lock and lifts it; the right PIN then works.
    listed = venue.client.get("/api/clubs/hp/pin-locks", headers=AUTH).json()
    assert listed == {"locked": [{"member_id": "1", "failures": LOCK_AFTER}]}
    lifted = venue.client.post("/api/clubs/hp/members/1/unlock-pin", headers=AUTH)
    assert lifted.status_code == 200 and lifted.json()["unlocked"] is True
    assert guess(rotating(venue, 5001), "1", "1234").status_code == 200


def test_finding_2_tries_come_slower_after_three_wrong_pins_for_one_member() -> None:
    venue, seconds = a_guarded_club()
    codes = [guess(rotating(venue, n), "2", "0000").status_code for n in range(4)]
    assert codes == [403, 403, 403, 429]
    seconds.now += 1.0
    assert guess(rotating(venue, 9), "2", "0000").status_code == 403  # after 1 s
    assert guess(rotating(venue, 10), "2", "2234").status_code == 429  # 2 s now
    seconds.now += 2.0
    assert guess(rotating(venue, 11), "2", "2234").status_code == 200  # the right PIN


def test_finding_2_an_unknown_number_locks_like_a_real_one() -> None:
    venue, seconds = a_guarded_club()
    for number in range(LOCK_AFTER):
        seconds.now += 3600.0
        assert guess(rotating(venue, number), "77", f"{number:04d}").status_code == 403
    seconds.now += 3600.0
    assert guess(rotating(venue, 99), "77", "0000").json()["code"] == "PIN_LOCKED"


def test_finding_2_the_club_counts_wrong_pins_over_every_number_and_address() -> None:
    venue, seconds = a_guarded_club()
    codes = []
    for number in range(CLUB_FAILURES_PER_HOUR + 5):
        seconds.now += 1.0
        codes.append(guess(rotating(venue, number), str(100 + number), "0000").status_code)
    assert codes[:CLUB_FAILURES_PER_HOUR] == [403] * CLUB_FAILURES_PER_HOUR
    assert set(codes[CLUB_FAILURES_PER_HOUR:]) == {429}


def test_finding_2_a_missing_event_answers_the_same_for_a_right_and_a_wrong_pin() -> None:
    venue, _ = a_guarded_club()
    right = guess(venue.client, "1", "1234", event="nope")
    wrong = guess(venue.client, "1", "0000", event="nope")
    assert right.status_code == wrong.status_code == 404
    assert right.json() == wrong.json()
    assert right.json()["code"] == "UNKNOWN_CLUB_EVENT"


def test_finding_2_a_members_public_page_shows_nothing_without_the_pin() -> None:
    venue, _ = a_guarded_club()
    real = venue.client.get("/c/hp/m/1?lang=en")
    missing = venue.client.get("/c/hp/m/999?lang=en")
    assert real.status_code == missing.status_code == 200
    assert real.text.replace("/m/1", "/m/N") == missing.text.replace("/m/999", "/m/N")
    assert "Ada" not in real.text
    wrong = venue.client.post("/c/hp/m/1?lang=en", data={"pin": "0000"})
    assert "Ada" not in wrong.text and "PIN is wrong" in wrong.text
    shown = venue.client.post("/c/hp/m/1?lang=en", data={"pin": "1234"})
    assert shown.status_code == 200 and "Ada L." in shown.text and "Lovelace" not in shown.text


def test_finding_2_the_td_lifts_a_lock_from_the_club_pages() -> None:
    venue, seconds = a_guarded_club()
    for number in range(LOCK_AFTER):
        seconds.now += 3600.0
        guess(rotating(venue, number), "2", "0000")
    page = venue.client.post("/c/hp/e/e1/register?lang=en", data={"member_id": "2", "pin": "2234"})
    assert "locked after 10 wrong PINs" in page.text
    td = venue.client
    signed = td.post("/login", data={"token": AUTH["Authorization"][7:], "next": "/"})
    assert signed.status_code == 200
    listed = td.get("/club/hp/pin-locks?lang=en")
    assert listed.status_code == 200 and "Blaise Pascal" in listed.text
    td.headers["Origin"] = "http://testserver"
    lifted = td.post("/club/hp/members/2/unlock-pin?lang=en")
    assert lifted.status_code == 200 and "is unlocked" in lifted.text
    assert "Blaise Pascal" not in lifted.text
    assert guess(rotating(venue, 50), "2", "2234").status_code == 200
