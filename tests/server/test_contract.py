"""The answers the wire protocol page promises where a probe found them undocumented or inconsistent."""

from __future__ import annotations

from typing import TYPE_CHECKING

import httpx
import pytest
from starlette.testclient import WebSocketDenialResponse

from tablegames.server.app import NO_ROUTE, create_app
from tests.extras import need_module
from tests.server.support import TestClient, auth, client, new_table, real_server

if TYPE_CHECKING:
    from collections.abc import Iterator
    from pathlib import Path


@pytest.fixture(scope="module")
def http() -> Iterator[TestClient]:
    with client() as running:
        yield running


def _joined(http: TestClient) -> tuple[str, dict[int, str]]:
    table, tokens = new_table(http, game="kalaha", seats=["human", "human"], seed=7)
    for token in tokens.values():
        http.get(f"/api/tables/{table}", headers=auth(token))
    return table, tokens


@pytest.mark.parametrize(
    ("method", "path", "allowed"),
    [
        ("PUT", "/api/tables", {"GET", "POST"}),
        ("DELETE", "/api/tables/x", {"GET"}),
        ("GET", "/api/tables/x/actions", {"POST"}),
        ("POST", "/api", {"GET"}),
    ],
)
def test_a_wrong_method_is_a_typed_405_naming_the_right_ones(
    http: TestClient, method: str, path: str, allowed: set[str]
) -> None:
    answer = http.request(method, path)
    assert answer.status_code == 405
    assert answer.json()["error"]["type"] == "MethodNotAllowedError"
    assert allowed <= {each.strip() for each in answer.headers["allow"].split(",")}
    assert all(each in answer.json()["error"]["message"] for each in allowed)


def test_the_404_message_names_routes_that_exist(http: TestClient) -> None:
    answer = http.get("/api/nothing")
    assert answer.status_code == 404
    assert answer.json()["error"] == {"type": "NotFoundError", "message": NO_ROUTE}
    for route in create_app(":memory:", web=None).routes:
        path = getattr(route, "path", "")
        for part in path.split("/"):
            if path.startswith("/api") and part and not part.startswith("{"):
                assert part in NO_ROUTE, path


@pytest.mark.parametrize("route", ["", "/record", "/check?action=a"])
def test_a_token_in_an_http_address_is_refused_not_ignored(http: TestClient, route: str) -> None:
    """Over HTTP the token goes in the header; in the address it is a 400 (which does not repeat it)."""
    table, tokens = _joined(http)
    joiner = "&" if "?" in route else "?"
    answer = http.get(f"/api/tables/{table}{route}{joiner}token={tokens[0]}")
    assert answer.status_code == 400
    assert answer.json()["error"]["type"] == "BadRequestError"
    assert tokens[0] not in answer.text
    acting = http.post(f"/api/tables/{table}/actions?token={tokens[0]}", json={"action": "a"})
    assert acting.status_code == 400


def test_since_beyond_the_seats_events_is_400_over_http_too(http: TestClient) -> None:
    table, tokens = _joined(http)
    held = http.get(f"/api/tables/{table}", headers=auth(tokens[0])).json()["next"]
    over = http.get(f"/api/tables/{table}?since={held + 1}", headers=auth(tokens[0]))
    assert over.status_code == 400
    assert f"at most {held}" in over.json()["error"]["message"]
    acting = http.post(f"/api/tables/{table}/actions?since={held + 1}", headers=auth(tokens[0]), json={"action": "a"})
    assert acting.status_code == 400
    assert http.get(f"/api/tables/{table}", headers=auth(tokens[0])).json()["next"] == held


def test_checking_without_a_token_is_401_as_acting_is(http: TestClient) -> None:
    table, _ = _joined(http)
    answer = http.get(f"/api/tables/{table}/check?action=a")
    assert answer.status_code == 401
    assert answer.json()["error"]["type"] == "UnauthorizedError"


@pytest.mark.parametrize(
    ("header", "status"),
    [
        ("Bearer {}", 200),
        ("bearer {}", 200),
        ("BEARER   {}", 200),
        ("Bearer\t{}", 401),
        ("Bearer \t{}", 401),
        ("Bearer {} extra", 401),
        ("Basic {}", 401),
        ("Bearer", 401),
    ],
)
def test_the_authorization_header_is_bearer_spaces_and_the_token(http: TestClient, header: str, status: int) -> None:
    """The scheme in any case (HTTP says so), one or more spaces, the token, and nothing else."""
    table, tokens = _joined(http)
    answer = http.get(f"/api/tables/{table}", headers={"Authorization": header.format(tokens[0])})
    assert answer.status_code == status, answer.text


@pytest.mark.parametrize(
    ("path", "body"),
    [
        ("/api/tables", b'{"game": "kalaha", "game": "loo"}'),
        ("/api/tables", b'{"game": "kalaha", "options": {"pits": 4, "pits": 5}}'),
        ("/actions", b'{"action": "a", "action": "b"}'),
    ],
)
def test_a_key_named_twice_is_refused_not_read_last_wins(http: TestClient, path: str, body: bytes) -> None:
    table, tokens = _joined(http)
    url = path if path.startswith("/api") else f"/api/tables/{table}{path}"
    answer = http.post(url, content=body, headers={"Content-Type": "application/json", **auth(tokens[0])})
    assert answer.status_code == 400
    assert "more than once" in answer.json()["error"]["message"]


def test_a_key_named_twice_in_a_websocket_message_is_an_error_frame(http: TestClient) -> None:
    table, tokens = _joined(http)
    with http.websocket_connect(f"/api/tables/{table}/ws?token={tokens[0]}") as socket:
        assert socket.receive_json()["type"] == "snapshot"
        socket.send_text('{"type": "action", "action": "a", "action": "b"}')
        frame = socket.receive_json()
        assert frame["type"] == "error"
        assert "more than once" in frame["error"]["message"]


def test_a_websocket_address_over_8_kb_is_a_plain_414(tmp_path: Path) -> None:
    """The WebSocket layer refuses a request line over 8 KB before the server sees it: plain text, status 414."""
    websockets_client = need_module("websockets.sync.client", "web")
    websockets_exceptions = need_module("websockets.exceptions", "web")
    with real_server(tmp_path / "db.sqlite3") as base:
        created = httpx.post(f"{base}/api/tables", json={"game": "kalaha", "seats": ["human", "human"]}).json()
        url = base.replace("http", "ws") + f"/api/tables/{created['table']['id']}/ws?since=0&x=" + "a" * 9000
        with pytest.raises(websockets_exceptions.InvalidStatus) as refused:
            websockets_client.connect(url).close()
        assert refused.value.response.status_code == 414


def test_a_spectator_websocket_with_a_token_of_another_table_is_refused(http: TestClient) -> None:
    table, _ = _joined(http)
    _, others = _joined(http)
    with (
        pytest.raises(WebSocketDenialResponse) as refused,
        http.websocket_connect(f"/api/tables/{table}/ws?token={others[0]}"),
    ):
        pass
    assert refused.value.status_code == 403


def test_every_game_s_schemas_are_served_and_an_unknown_one_is_a_404(http: TestClient) -> None:
    """``GET /api/schemas/<game>/<kind>`` answers the game's own document; another game or kind is a typed 404."""
    import tablegames

    for game in ("kalaha", "kalo", "loo"):
        documents = tablegames.load(game).json_schemas()
        for kind, document in documents.items():
            answer = http.get(f"/api/schemas/{game}/{kind}")
            assert answer.status_code == 200
            assert answer.json() == document
    for path in ("/api/schemas/chess/state", "/api/schemas/kalaha/board", "/api/schemas/kalaha/state.json"):
        answer = http.get(path)
        assert answer.status_code == 404
        assert answer.json()["error"]["type"] == "NotFoundError"
        assert "state, view, action, event, record" in answer.json()["error"]["message"]
