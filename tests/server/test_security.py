"""Security over the wire: tokens act and see for their seat only and appear nowhere; no input crashes the server.

Each test here fails against the deliberately broken server its docstring
names (``TABLEGAMES_BREAK=<name>``, see tests/server/conftest.py).
"""

from __future__ import annotations

import contextlib
import json
import logging
import socket
import sqlite3
from typing import TYPE_CHECKING, Any

import httpx
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import tablegames
from tablegames.server.logs import LONGEST_LOGGED
from tablegames.server.run import log_config
from tests.extras import need_module
from tests.server.support import TestClient, auth, client, new_table, real_server, wait_until

if TYPE_CHECKING:
    from collections.abc import Iterator
    from pathlib import Path


@pytest.fixture(scope="module")
def http() -> Iterator[TestClient]:
    with client() as running:
        yield running


def _joined(http: TestClient, **request: Any) -> tuple[str, dict[int, str]]:
    table, tokens = new_table(http, **request)
    for token in tokens.values():
        http.get(f"/api/tables/{table}", headers=auth(token))
    return table, tokens


def test_a_token_acts_and_sees_for_its_own_seat_only(http: TestClient) -> None:
    """Seat 1's token sees seat 1's view and cannot act while seat 0 decides (break: turn, tokens)."""
    table, tokens = _joined(http, game="loo", options={"players": 3}, seats=["human", "human", "random"], seed=5)
    url = f"/api/tables/{table}"
    state = tablegames.load("loo", players=3).start(seed=5)
    for seat in (0, 1):
        assert http.get(url, headers=auth(tokens[seat])).json()["view"] == state.view(seat).to_dict()
    mover = state.current_player
    assert mover in (0, 1)
    other = 1 - mover
    opening = http.get(url).json()["next"]
    answer = http.post(f"{url}/actions", headers=auth(tokens[other]), json={"action": "play"})
    assert answer.status_code == 409
    assert answer.json()["error"]["message"] == f"it is seat {mover}'s decision, not seat {other}'s"
    assert http.get(url).json()["next"] == opening
    forged = http.get(url, headers=auth("A" * 43))
    assert forged.status_code == 403


def test_acting_twice_or_after_the_end_is_refused(http: TestClient) -> None:
    """The second of two identical requests and any action on a finished table get typed errors."""
    table, tokens = _joined(http, game="kalaha", options={"pits": 1, "seeds": 1}, seats=["human", "human"], seed=1)
    url = f"/api/tables/{table}/actions"
    first = http.post(url, headers=auth(tokens[0]), json={"action": "a", "decisions": 0})
    assert first.status_code == 200
    again = http.post(url, headers=auth(tokens[0]), json={"action": "a", "decisions": 0})
    assert again.status_code == 409
    view = http.get(f"/api/tables/{table}", headers=auth(tokens[0])).json()["view"]
    while not view["is_over"]:
        seat = view["current_player"]
        view = http.post(url, headers=auth(tokens[seat]), json={"action": "a"}).json()["view"]
    over = http.post(url, headers=auth(tokens[0]), json={"action": "a"})
    assert (over.status_code, over.json()["error"]["type"]) == (409, "IllegalActionError")
    assert "over" in over.json()["error"]["message"]


def test_tokens_appear_in_no_view_event_record_or_list(http: TestClient) -> None:
    """A whole game's every answer and frame, bar the creation answer, holds no token and no token hash."""
    table, tokens = new_table(http, game="kalaha", options={"pits": 3, "seeds": 2}, seats=["human", "human"], seed=2)
    seen: list[str] = []
    with http.websocket_connect(f"/api/tables/{table}/ws?token={tokens[0]}") as socket:
        seen.append(socket.receive_text())
        view: dict[str, Any] = {}
        for seat in (0, 1):
            body = http.get(f"/api/tables/{table}", headers=auth(tokens[seat]))
            seen.append(body.text)
            view = body.json()["view"]
        while not view["is_over"]:
            seat = view["current_player"]
            mine = http.get(f"/api/tables/{table}", headers=auth(tokens[seat]))
            seen.append(mine.text)
            action = mine.json()["view"]["legal_actions"][0]
            answer = http.post(f"/api/tables/{table}/actions", headers=auth(tokens[seat]), json={"action": action})
            seen.append(answer.text)
            view = answer.json()["view"]
            seen.append(socket.receive_text())
        for url in ("/api/tables", f"/api/tables/{table}/record", f"/api/tables/{table}"):
            seen.append(http.get(url).text)
    everything = "\n".join(seen)
    from tablegames.server.tokens import token_hash

    for token in tokens.values():
        assert token not in everything
        assert token_hash(token).hex() not in everything


@pytest.fixture
def logging_restored() -> Iterator[None]:
    """Undo the logging configuration a test's server installs."""
    names = ("uvicorn", "uvicorn.error", "uvicorn.access", "tablegames.server")
    saved = {name: (logging.getLogger(name).handlers[:], logging.getLogger(name).propagate) for name in names}
    yield
    for name, (handlers, propagate) in saved.items():
        logging.getLogger(name).handlers[:] = handlers
        logging.getLogger(name).propagate = propagate


def _leaks(token: str, lines: str) -> list[str]:
    """The parts of ``token`` longer than a table id that appear in ``lines``."""
    size = LONGEST_LOGGED + 1
    return sorted({token[at : at + size] for at in range(len(token) - size + 1)} & _words(lines, size))


def _words(lines: str, size: int) -> set[str]:
    return {lines[at : at + size] for at in range(len(lines) - size + 1)}


@pytest.mark.usefixtures("logging_restored")
def test_tokens_never_reach_the_logs(tmp_path: Path, capfd: pytest.CaptureFixture[str]) -> None:
    """With debug logging, no token nor long part of one appears in any log line, however sent (break: redact)."""
    websockets_client = need_module("websockets.sync.client", "web")
    websockets_exceptions = need_module("websockets.exceptions", "web")
    with real_server(tmp_path / "db.sqlite3", log_config=log_config("debug"), log_level="debug") as base:
        created = httpx.post(f"{base}/api/tables", json={"game": "kalaha", "seats": ["human", "human"]}).json()
        table, token = created["table"]["id"], created["seats"][0]["token"]
        other = created["seats"][1]["token"]
        httpx.get(f"{base}/api/tables/{table}", headers=auth(token))
        socket_url = base.replace("http", "ws") + f"/api/tables/{table}/ws"
        with websockets_client.connect(f"{socket_url}?token={token}") as socket:
            socket.recv()
        for query in (
            f"Bearer%20{token}",
            f"{token}%20{other}",
            f"{token},{other}",
            f"%22{token}%22",
            f"{token[:20]}%00{token[20:]}",
            f"x&since=0&{token}",
        ):
            with contextlib.suppress(websockets_exceptions.InvalidStatus):
                websockets_client.connect(f"{socket_url}?token={query}").close()
        for path in (f"/api/tables/{token}", f"/api/tables/{token}/record", f"/api/tables/{table}/seats/{token}"):
            assert httpx.get(base + path).status_code in (404, 405)
        with contextlib.suppress(websockets_exceptions.InvalidStatus):
            websockets_client.connect(base.replace("http", "ws") + f"/api/tables/{token}/ws").close()
        httpx.get(f"{base}/api/tables/{table}?since={token}")
    logged = capfd.readouterr()
    lines = logged.out + logged.err
    assert "WebSocket" in lines
    assert "/api/tables/" in lines
    assert _leaks(token, lines) == []
    assert _leaks(other, lines) == []


@pytest.mark.usefixtures("logging_restored")
def test_a_client_gone_mid_body_is_one_log_line(tmp_path: Path, capfd: pytest.CaptureFixture[str]) -> None:
    """A body shorter than its Content-Length, then the connection closed: one line says so, and no traceback."""
    seen: list[str] = []

    def collected() -> str:
        logged = capfd.readouterr()
        seen.append(logged.out + logged.err)
        return "".join(seen)

    with real_server(tmp_path / "db.sqlite3", log_config=log_config("info"), log_level="info") as base:
        capfd.readouterr()
        head = "POST /api/tables HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n"
        with socket.create_connection(("127.0.0.1", int(base.rsplit(":", 1)[1]))) as raw:
            raw.sendall(head.encode() + b'{"game":')
            raw.shutdown(socket.SHUT_WR)
            raw.recv(1024)
        wait_until(lambda: "went away" in collected(), what="the line about the client")
        assert httpx.get(f"{base}/api").status_code == 200
    text = collected()
    assert text.count("went away") == 1, text
    assert "Traceback" not in text, text
    assert "ClientDisconnect" not in text, text
    assert len([line for line in text.splitlines() if "POST /api/tables" in line]) <= 2, text


@pytest.mark.parametrize("where", ["body", "message"])
def test_nothing_is_stored_before_it_is_committed(tmp_path: Path, where: str) -> None:
    """When listeners are told of an action, another connection to the database already reads it (break: commit)."""
    db = tmp_path / "db.sqlite3"
    checks: list[bool] = []
    with client(db) as http:
        table, tokens = _joined(http, game="kalaha", seats=["human", "human"], seed=3)
        hub = http.app.state.lobby.hub  # type: ignore[attr-defined]
        publish = hub.publish

        def checked(table_id: str, frames: Any) -> None:
            plies = len(http.app.state.lobby.known(table_id).history)  # type: ignore[attr-defined]
            with sqlite3.connect(db) as reader:
                stored = reader.execute("SELECT count(*) FROM actions WHERE table_id = ?", (table_id,)).fetchone()[0]
            checks.append(stored == plies)
            publish(table_id, frames)

        hub.publish = checked
        with http.websocket_connect(f"/api/tables/{table}/ws") as watcher:
            watcher.receive_json()
            if where == "body":
                http.post(f"/api/tables/{table}/actions", headers=auth(tokens[0]), json={"action": "c"})
            else:
                with http.websocket_connect(f"/api/tables/{table}/ws?token={tokens[0]}") as actor:
                    actor.receive_json()
                    actor.send_json({"type": "action", "action": "c"})
                    actor.receive_json()
            while watcher.receive_json()["type"] != "update":
                pass
    assert checks
    assert all(checks), "an action was sent before it was committed"


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False) | st.text(max_size=8),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=4),
    max_leaves=12,
)
FIELDS = st.fixed_dictionaries(
    {},
    optional={
        "game": st.sampled_from(["kalaha", "kalo", "loo", "chess"]) | JSON,
        "options": st.dictionaries(
            st.sampled_from(["players", "pits", "seeds", "rounds", "miss", "x"]), JSON, max_size=3
        ),
        "seats": st.lists(st.sampled_from(["human", "random", "heuristic", "x"]), max_size=9) | JSON,
        "seed": JSON,
        "start": JSON,
        "bot_delay": JSON,
        "open": JSON,
    },
)


@settings(max_examples=60, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(body=FIELDS | JSON)
def test_no_table_request_crashes_the_server(http: TestClient, body: object) -> None:
    """Any JSON sent to create a table gets 201 or a typed 4xx error, never a 500."""
    response = http.post("/api/tables", content=json.dumps(body), headers={"content-type": "application/json"})
    assert response.status_code in (201, 400, 503), response.text
    if response.status_code != 201:
        assert response.json()["error"]["type"]


@settings(max_examples=60, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(action=JSON, decisions=JSON)
def test_no_action_crashes_the_server(http: TestClient, action: object, decisions: object) -> None:
    """Any JSON sent as an action, over HTTP or a WebSocket, gets an answer or a typed error, never a 500."""
    table, tokens = _table_for_actions(http)
    body = {"action": action, "decisions": decisions}
    response = http.post(f"/api/tables/{table}/actions", headers=auth(tokens[0]), json=body)
    assert response.status_code in (200, 400, 409), response.text
    with http.websocket_connect(f"/api/tables/{table}/ws?token={tokens[1]}") as socket:
        socket.receive_json()
        socket.send_text(json.dumps({"type": "action", **body}))
        socket.send_json({"type": "ping"})
        while (frame := socket.receive_json())["type"] != "pong":
            assert frame["type"] in ("error", "update", "table")


_TABLES: dict[str, tuple[str, dict[int, str]]] = {}


def _table_for_actions(http: TestClient) -> tuple[str, dict[int, str]]:
    if "loo" not in _TABLES:
        _TABLES["loo"] = _joined(http, game="loo", options={"players": 3}, seats=["human", "human", "human"], seed=8)
    return _TABLES["loo"]


@settings(max_examples=40, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(data=st.data())
def test_no_start_state_crashes_the_server(http: TestClient, data: st.DataObject) -> None:
    """A start state with any field changed to any JSON is refused with a typed error or played, never a 500."""
    name = data.draw(st.sampled_from(["kalaha", "kalo", "loo"]))
    state = tablegames.load(name).start(seed=data.draw(st.integers(0, 50))).to_dict()
    key = data.draw(st.sampled_from(sorted(state)))
    state[key] = data.draw(JSON)
    response = http.post("/api/tables", json={"game": name, "start": state, "seats": None})
    assert response.status_code in (201, 400), response.text
