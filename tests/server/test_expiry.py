"""Tables nobody touches expire: gone from the list, the database and the limit; their ids answer 404."""

from __future__ import annotations

import contextlib
from typing import TYPE_CHECKING

import attrs

from tests.server.support import UNHURRIED, TestClient, auth, make_app, new_table

if TYPE_CHECKING:
    from collections.abc import Iterator
    from pathlib import Path

    from tablegames.server.lobby import Lobby


@contextlib.contextmanager
def _started(db: Path, **limits: int) -> Iterator[tuple[TestClient, list[float]]]:
    """A server whose lobby's clock is the list's one number, which the test moves on."""
    now = [0.0]
    with TestClient(make_app(db, limits=attrs.evolve(UNHURRIED, **limits))) as http:
        lobby: Lobby = http.app.state.lobby  # type: ignore[attr-defined]
        lobby.clock = lambda: now[0]
        yield http, now


def test_an_untouched_table_expires_and_a_touched_one_stays(tmp_path: Path) -> None:
    """After idle_expiry seconds untouched a table is gone everywhere; a seat's request keeps another alive."""
    with _started(tmp_path / "db.sqlite3", idle_expiry=100) as (http, now):
        idle, idle_tokens = new_table(http, game="kalaha", seats=["human", "human"])
        kept, kept_tokens = new_table(http, game="kalaha", seats=["human", "random"])
        assert http.get(f"/api/tables/{idle}").json()["table"]["idle_expiry"] == 100
        with http.websocket_connect(f"/api/tables/{idle}/ws") as socket:
            assert socket.receive_json()["type"] == "snapshot"
            now[0] = 60.0
            http.get(f"/api/tables/{kept}", headers=auth(kept_tokens[0]))
            http.get(f"/api/tables/{idle}")  # a spectator touches nothing
            now[0] = 100.0
            listed = [table["id"] for table in http.get("/api/tables").json()["tables"]]
            assert listed == [kept]
            last = socket.receive_json()
            assert (last["type"], last["table"]["status"]) == ("table", "expired")
        gone = http.get(f"/api/tables/{idle}", headers=auth(idle_tokens[0]))
        assert gone.status_code == 404
        assert "expired" in gone.json()["error"]["message"] or "no table" in gone.json()["error"]["message"]
        assert (
            http.post(f"/api/tables/{idle}/actions", headers=auth(idle_tokens[0]), json={"action": "a"}).status_code
            == 404
        )
        assert http.get(f"/api/tables/{kept}", headers=auth(kept_tokens[0])).status_code == 200
    with TestClient(make_app(tmp_path / "db.sqlite3")) as again:
        assert [table["id"] for table in again.get("/api/tables").json()["tables"]] == [kept]


def test_a_server_at_its_table_limit_makes_room_by_expiring_idle_tables(tmp_path: Path) -> None:
    """max_open_tables counts only tables someone still uses: idle ones make way for a new one."""
    with _started(tmp_path / "db.sqlite3", idle_expiry=100, max_open_tables=2) as (http, now):
        for _ in range(2):
            new_table(http, game="kalaha", seats=["human", "human"])
        assert http.post("/api/tables", json={"game": "kalaha"}).status_code == 503
        now[0] = 101.0
        new_table(http, game="kalaha", seats=["human", "human"])
        assert len(http.get("/api/tables").json()["tables"]) == 1


def test_a_finished_table_never_expires(tmp_path: Path) -> None:
    with _started(tmp_path / "db.sqlite3", idle_expiry=100) as (http, now):
        table, tokens = new_table(http, game="kalaha", options={"pits": 1, "seeds": 1}, seats=["human", "human"])
        for token in tokens.values():
            http.get(f"/api/tables/{table}", headers=auth(token))
        assert (
            http.post(f"/api/tables/{table}/actions", headers=auth(tokens[0]), json={"action": "a"}).status_code == 200
        )
        now[0] = 10_000.0
        http.get("/api/tables")
        answer = http.get(f"/api/tables/{table}/record")
        assert answer.status_code == 200
        assert "idle_expiry" not in http.get(f"/api/tables/{table}").json()["table"]
