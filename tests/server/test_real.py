"""Against a real server: uvicorn on a free localhost port, racing clients, and a server killed mid-game."""

from __future__ import annotations

import contextlib
import json
import signal
import threading
from typing import TYPE_CHECKING, Any

import httpx

import tablegames
from tests.extras import need_module
from tests.server.support import auth, choose, client, free_port, new_table, real_server, serve_process, wait_until

if TYPE_CHECKING:
    from pathlib import Path

websockets_client = need_module("websockets.sync.client", "web")


def _race(http: httpx.Client, socket: Any, table: str, legal: list[str], made: int, *, mixed: bool) -> list[Any]:
    """Send the last legal action twice for decision ``made`` at once: both over HTTP, or over HTTP and the socket."""
    results: list[Any] = [None, None]
    barrier = threading.Barrier(2)

    def over_http(slot: int, action: str) -> None:
        barrier.wait()
        answer = http.post(f"/api/tables/{table}/actions", json={"action": action, "decisions": made})
        results[slot] = answer.status_code

    def over_socket(slot: int, action: str) -> None:
        barrier.wait()
        socket.send(json.dumps({"type": "action", "action": action, "decisions": made}))
        results[slot] = "sent"

    ways = (over_http, over_socket) if mixed else (over_http, over_http)
    # The same action twice, so the game takes one course whichever wins (it lasts 20 decisions from seed 5).
    threads = [threading.Thread(target=way, args=(slot, legal[-1])) for slot, way in enumerate(ways)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return results


def _taken(http: httpx.Client, table: str, made: int) -> dict[str, Any]:
    def check() -> dict[str, Any] | None:
        got: dict[str, Any] = http.get(f"/api/tables/{table}").json()
        return got if got["decisions"] > made else None

    found: dict[str, Any] = wait_until(check, what="one action to be taken")
    return found


def test_of_racing_actions_for_one_table_exactly_one_wins(tmp_path: Path) -> None:
    """Two connections of one seat act for the same decision at once: one is taken, the other refused, every time."""
    with (
        real_server(tmp_path / "db.sqlite3") as base,
        httpx.Client(base_url=base) as creator,
        contextlib.ExitStack() as stack,
    ):
        table, tokens = new_table(creator, game="kalaha", seats=["human", "human"], seed=5)
        clients = [httpx.Client(base_url=base, headers=auth(tokens[seat])) for seat in (0, 1)]
        for seat in (0, 1):
            clients[seat].get(f"/api/tables/{table}")
        sockets = {
            seat: stack.enter_context(
                websockets_client.connect(base.replace("http", "ws") + f"/api/tables/{table}/ws?token={tokens[seat]}")
            )
            for seat in (0, 1)
        }
        races = 0
        try:
            view = clients[0].get(f"/api/tables/{table}").json()["view"]
            while not view["is_over"] and races < 12:
                seat = view["current_player"]
                mine = clients[seat].get(f"/api/tables/{table}").json()
                legal, made = mine["view"]["legal_actions"], mine["decisions"]
                results = _race(clients[seat], sockets[seat], table, legal, made, mixed=races % 2 == 1)
                taken = _taken(clients[seat], table, made)
                assert taken["decisions"] == made + 1, "two actions were taken for one decision"
                statuses = [result for result in results if result != "sent"]
                assert statuses.count(200) <= 1
                if races % 2 == 0:
                    assert sorted(statuses) == [200, 409]
                view = taken["view"]
                races += 1
            record = clients[0].get(f"/api/tables/{table}/record").json()
            transcript0, transcript1 = (
                record["decisions"],
                clients[1].get(f"/api/tables/{table}/record").json()["decisions"],
            )
        finally:
            for each in clients:
                each.close()
    assert races == 12
    assert len(transcript0) + len(transcript1) == races


def _play_to(base: str, table: str, token: str, until: int | None) -> dict[str, Any]:
    """As seat 0, make scripted decisions until it has made ``until`` (or the game ends); return its last snapshot."""
    with httpx.Client(base_url=base, headers=auth(token), timeout=30) as http:
        while True:
            snapshot = wait_until(
                lambda: (
                    (got := http.get(f"/api/tables/{table}").json())["view"]["legal_actions"]
                    or (got["view"]["is_over"] and got)
                ),
                what="seat 0's turn",
            )
            snapshot = http.get(f"/api/tables/{table}").json()
            if snapshot["view"]["is_over"] or snapshot["decisions"] == until:
                return dict(snapshot)
            action = choose(snapshot["view"], "restart")
            answer = http.post(
                f"/api/tables/{table}/actions", json={"action": action, "decisions": snapshot["decisions"]}
            )
            assert answer.status_code == 200, answer.text
            if until is not None and snapshot["decisions"] + 1 == until and snapshot is not None:
                return dict(answer.json())


REQUEST = {
    "game": "loo",
    "options": {"players": 3, "rounds": 2},
    "seats": ["human", "heuristic", "random"],
    "seed": 21,
    "bot_delay": 0.1,
}


def test_a_killed_server_carries_on_every_table_from_where_it_was(tmp_path: Path) -> None:
    """SIGKILL mid-game (a bot about to move, then at a person's turn); restarted, the game goes on identically."""
    db, port = tmp_path / "tables.sqlite3", free_port()
    base = f"http://127.0.0.1:{port}"
    with serve_process(db, port, "--bot-delay", "0.1") as server:
        created = httpx.post(f"{base}/api/tables", json=REQUEST).json()
        table, token = created["table"]["id"], created["seats"][0]["token"]
        _play_to(base, table, token, until=3)
        server.send_signal(signal.SIGKILL)
        server.wait()
    with serve_process(db, port) as server:
        _play_to(base, table, token, until=6)
        wait_until(
            lambda: httpx.get(f"{base}/api/tables/{table}", headers=auth(token)).json()["view"]["legal_actions"],
            what="the bots to reach seat 0",
        )
        before = httpx.get(f"{base}/api/tables/{table}", headers=auth(token)).json()
        server.send_signal(signal.SIGKILL)
        server.wait()
    with serve_process(db, port) as server:
        after = httpx.get(f"{base}/api/tables/{table}", headers=auth(token)).json()
        assert after["view"] == before["view"]
        assert after["events"] == before["events"]
        assert after["decisions"] == before["decisions"] == 6
        final = _play_to(base, table, token, until=None)
        record = httpx.get(f"{base}/api/tables/{table}/record").json()
        server.send_signal(signal.SIGTERM)
    assert final["view"]["is_over"]
    with client() as http:
        again, tokens = new_table(http, **REQUEST)
        http.get(f"/api/tables/{again}", headers=auth(tokens[0]))
        while True:
            snapshot = wait_until(
                lambda: (
                    (got := http.get(f"/api/tables/{again}", headers=auth(tokens[0])).json())["view"]["legal_actions"]
                    or (got["view"]["is_over"] and got)
                ),
                what="seat 0's turn",
            )
            snapshot = http.get(f"/api/tables/{again}", headers=auth(tokens[0])).json()
            if snapshot["view"]["is_over"]:
                break
            http.post(
                f"/api/tables/{again}/actions",
                headers=auth(tokens[0]),
                json={"action": choose(snapshot["view"], "restart")},
            )
        uninterrupted = http.get(f"/api/tables/{again}/record").json()
    assert record["actions"] == uninterrupted["actions"], "the killed server's game went differently"
    assert tablegames.Match.from_record(record).state.is_over
