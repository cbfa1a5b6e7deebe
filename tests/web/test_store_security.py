"""Issue 27, low finding: "the database becoming unwritable while serving killed the server
with SIGBUS (SQLite's memory-mapped ``-shm``) or gave a plain 500". Against a real
``pokerfloor serve``:

- the SIGBUS came from the WAL index that SQLite maps from the ``-shm`` file: truncated
  under the server (or its disk gone), the next write through the mapping kills the
  process. The server now opens its database in exclusive mode (``app/_sqlite.py``): there
  is no ``-shm`` file to truncate, and the server keeps writing.
- a database that cannot be written any more: the server process is given a file size limit
  (``RLIMIT_FSIZE``, set from outside with ``prlimit``; Python ignores ``SIGXFSZ``, so a
  write past it fails with ``EFBIG``, as on a disk that refuses to grow). That is a real
  unwritable database under a running server without root (no read-only remount, no small
  file system to fill). The command is answered with the store's code, nothing is written,
  the server stays up and reads still work; once the limit is lifted, commands work again.
"""

from __future__ import annotations

import resource
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from tests.web.server_process import Server, read_token

TID = "disk"


@pytest.fixture
def served(tmp_path: Path) -> Iterator[tuple[Server, httpx.Client, Path]]:
    db = tmp_path / "db.sqlite"
    server = Server(db, tmp_path / "server.log")
    try:
        server.wait_ready()
        auth = {"Authorization": f"Bearer {read_token(server.log)}"}
        with httpx.Client(base_url=server.url, headers=auth, timeout=30) as client:
            created = client.post(
                "/api/tournaments", json={"tournament_id": TID, "structure": "club-rebuy"}
            )
            assert created.status_code == 201, created.text
            yield server, client, db
    finally:
        server.kill()


def _register(client: httpx.Client, number: int) -> httpx.Response:
    body = {"type": "register_player", "player_id": f"P{number}", "name": f"Joueur {number}"}
    return client.post(f"/api/tournaments/{TID}/commands", json=body)


def test_low_sigbus_a_truncated_shm_file_cannot_kill_the_server(
    served: tuple[Server, httpx.Client, Path],
) -> None:
    server, client, db = served
    assert _register(client, 1).status_code == 200
    shm = Path(f"{db}-shm")
    if shm.exists():  # what the hostile review did to the server's mapped WAL index
        with shm.open("r+b") as mapped:
            mapped.truncate(0)
    for number in range(2, 12):
        assert _register(client, number).status_code == 200
    assert server.process.poll() is None, "the server died"
    assert not shm.exists()
    players = client.get(f"/api/tournaments/{TID}/players").json()["players"]
    assert len(players) == 11


def test_low_a_database_that_becomes_unwritable_under_a_real_server_answers_its_code_and_stays_up(
    served: tuple[Server, httpx.Client, Path],
) -> None:
    server, client, _ = served
    assert _register(client, 1).status_code == 200
    pid = server.process.pid
    unlimited = resource.prlimit(pid, resource.RLIMIT_FSIZE)
    resource.prlimit(pid, resource.RLIMIT_FSIZE, (4096, unlimited[1]))
    try:
        refused = _register(client, 2)
        assert refused.status_code in (503, 507), refused.text
        assert refused.json()["code"] in ("STORE_UNAVAILABLE", "STORE_FULL")
        assert server.process.poll() is None, "the server died"
        clock = client.get(f"/api/tournaments/{TID}/clock")
        assert clock.status_code == 200
        players = client.get(f"/api/tournaments/{TID}/players").json()["players"]
        assert [player["player_id"] for player in players] == ["P1"]  # nothing written
    finally:
        resource.prlimit(pid, resource.RLIMIT_FSIZE, unlimited)
    again = _register(client, 2)
    assert again.status_code == 200, again.text
    assert server.process.poll() is None
