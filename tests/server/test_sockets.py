"""The WebSocket endpoint: snapshots, updates, table frames, messages, errors and refusals."""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, Any

import attrs
import pytest
from starlette.testclient import WebSocketDenialResponse
from starlette.websockets import WebSocketDisconnect

from tablegames.server.hub import Connection
from tablegames.server.limits import Limits
from tests.server.support import UNHURRIED, TestClient, auth, client, new_table

if TYPE_CHECKING:
    from collections.abc import Iterator


@pytest.fixture
def http() -> Iterator[TestClient]:
    with client() as running:
        yield running


def _kalaha(http: TestClient) -> tuple[str, dict[int, str]]:
    return new_table(http, game="kalaha", seats=["human", "human"], seed=7)


def _ws(http: TestClient, table: str, query: str = "", **headers: str) -> Any:
    return http.websocket_connect(f"/api/tables/{table}/ws{query}", headers=headers)


def test_a_spectator_gets_a_snapshot_then_updates(http: TestClient) -> None:
    """A spectator is sent a snapshot, then an update with the spectator view and new events after each action."""
    table, tokens = _kalaha(http)
    with _ws(http, table) as watcher:
        snapshot = watcher.receive_json()
        assert snapshot["type"] == "snapshot"
        assert snapshot["seat"] is None
        assert snapshot["table"]["status"] == "waiting"
        for seat in (0, 1):
            http.get(f"/api/tables/{table}", headers=auth(tokens[seat]))
        assert watcher.receive_json()["type"] == "table"
        assert watcher.receive_json()["table"]["status"] == "playing"
        http.post(f"/api/tables/{table}/actions", headers=auth(tokens[0]), json={"action": "c"})
        update = watcher.receive_json()
        assert update["type"] == "update"
        assert update["view"]["seat"] is None
        assert [event["n"] for event in update["events"]] == [1, 2]
        assert update["next"] == 2
        assert "decisions" not in update


def test_a_seat_open_in_a_second_place_is_told_so_in_both(http: TestClient) -> None:
    """A second socket for a seat: both are sent the seat's two places; one closed, the other is sent one."""
    table, tokens = _kalaha(http)

    def places(socket: Any) -> int:
        while (frame := socket.receive_json())["type"] != "table":
            pass
        return int(frame["table"]["seats"][0]["places"])

    with _ws(http, table, f"?token={tokens[0]}") as first:
        assert first.receive_json()["table"]["seats"][0]["places"] == 1
        with _ws(http, table, f"?token={tokens[0]}") as second:
            assert second.receive_json()["table"]["seats"][0]["places"] == 2
            assert places(first) == 2
        assert places(first) == 1


def test_a_seat_connects_with_its_token_and_acts_over_the_socket(http: TestClient) -> None:
    """A seat's socket (token in the URL) gets its own view; an action message plays, and every seat is updated."""
    table, tokens = _kalaha(http)
    with _ws(http, table, f"?token={tokens[0]}") as seat0, _ws(http, table, f"?token={tokens[1]}") as seat1:
        first = seat0.receive_json()
        assert (first["type"], first["seat"], first["decisions"]) == ("snapshot", 0, 0)
        joined = seat0.receive_json()
        assert joined["type"] == "table"
        assert joined["table"]["seats"][1] == {
            "seat": 1,
            "player": "human",
            "name": None,
            "joined": True,
            "connected": True,
            "places": 1,
        }
        assert seat1.receive_json()["type"] == "snapshot"
        seat0.send_json({"type": "action", "action": "c", "decisions": 0})
        mine, theirs = seat0.receive_json(), seat1.receive_json()
        assert (mine["type"], mine["view"]["seat"], mine["decisions"]) == ("update", 0, 1)
        assert (theirs["view"]["seat"], theirs["decisions"]) == (1, 0)
        assert mine["events"] == theirs["events"]
    assert http.get(f"/api/tables/{table}").json()["table"]["seats"][0]["connected"] is False


def test_auth_message_turns_a_spectator_into_a_seat(http: TestClient) -> None:
    """An auth message (the token kept out of the URL) makes the connection the seat's, with a new snapshot."""
    table, tokens = _kalaha(http)
    with _ws(http, table) as socket:
        assert socket.receive_json()["seat"] is None
        socket.send_json({"type": "auth", "token": tokens[1]})
        snapshot = socket.receive_json()
        assert (snapshot["type"], snapshot["seat"]) == ("snapshot", 1)
        socket.send_json({"type": "auth", "token": "not-a-token"})
        assert socket.receive_json()["error"]["type"] == "ForbiddenError"
        socket.send_json({"type": "ping"})
        assert socket.receive_json() == {"type": "pong"}


@pytest.mark.parametrize(
    ("message", "kind"),
    [
        ("not json", "BadRequestError"),
        ("[1, 2]", "BadRequestError"),
        ('{"type": "dance"}', "BadRequestError"),
        ('{"type": "ping", "extra": 1}', "BadRequestError"),
        ('{"type": "auth"}', "BadRequestError"),
        ('{"type": "action", "action": "c"}', "UnauthorizedError"),
        ('{"type": "action", "action": 5}', "BadRequestError"),
    ],
)
def test_bad_messages_get_an_error_frame_and_the_connection_stays(http: TestClient, message: str, kind: str) -> None:
    """A message that cannot be read or is not allowed is answered by an error frame; the connection goes on."""
    table, _ = _kalaha(http)
    with _ws(http, table) as socket:
        socket.receive_json()
        socket.send_text(message)
        frame = socket.receive_json()
        assert (frame["type"], frame["error"]["type"]) == ("error", kind)
        socket.send_json({"type": "ping"})
        assert socket.receive_json() == {"type": "pong"}


def test_a_binary_message_is_refused(http: TestClient) -> None:
    """Binary frames get an error frame: messages are JSON text."""
    table, _ = _kalaha(http)
    with _ws(http, table) as socket:
        socket.receive_json()
        socket.send_bytes(b"\x00\x01")
        assert socket.receive_json()["error"]["type"] == "BadRequestError"


def test_an_oversized_message_closes_that_connection_only(http: TestClient) -> None:
    """A message over the limit closes its connection with 1009; a neighbour on the same table carries on."""
    table, tokens = _kalaha(http)
    for seat in (0, 1):
        http.get(f"/api/tables/{table}", headers=auth(tokens[seat]))
    with _ws(http, table) as neighbour, _ws(http, table) as culprit:
        neighbour.receive_json()
        culprit.receive_json()
        culprit.send_text('{"type": "ping", "pad": "' + "x" * 10_000 + '"}')
        assert culprit.receive_json()["error"]["type"] == "TooLargeError"
        with pytest.raises(WebSocketDisconnect) as closed:
            culprit.receive_json()
        assert closed.value.code == 1009
        http.post(f"/api/tables/{table}/actions", headers=auth(tokens[0]), json={"action": "c"})
        assert neighbour.receive_json()["type"] == "update"


def test_connections_from_other_origins_are_refused() -> None:
    """A WebSocket from a page of another origin is refused (403) before it opens; same origin and allowed ones open."""
    with client(origins=["https://app.example.org"]) as http:
        table, _ = _kalaha(http)
        with pytest.raises(WebSocketDenialResponse) as refused, _ws(http, table, origin="https://evil.example"):
            pass
        assert refused.value.status_code == 403
        assert refused.value.json()["error"]["type"] == "ForbiddenError"
        for origin in ("http://testserver", "https://app.example.org"):
            with _ws(http, table, origin=origin) as socket:
                assert socket.receive_json()["type"] == "snapshot"
        refused_post = http.post("/api/tables", json={"game": "kalaha"}, headers={"origin": "https://evil.example"})
        assert refused_post.status_code == 403


@pytest.mark.parametrize("origin", ["https://testserver", "http://testserver:8080", "ws://testserver", "null"])
def test_a_page_must_match_the_servers_scheme_host_and_port(origin: str) -> None:
    """A page over https (or on another port) is not the http server's own, though the host is the same."""
    with client() as http:
        table, _ = _kalaha(http)
        with pytest.raises(WebSocketDenialResponse) as refused, _ws(http, table, origin=origin):
            pass
        assert refused.value.status_code == 403
        assert http.post("/api/tables", json={"game": "kalaha"}, headers={"origin": origin}).status_code == 403
        with _ws(http, table, origin="http://testserver:80") as socket:
            assert socket.receive_json()["type"] == "snapshot"


@pytest.mark.parametrize(
    ("query", "status"),
    [("?token=nope", 403), ("?since=5", 400), ("?since=x", 400)],
    ids=["token", "since", "since-text"],
)
def test_bad_connections_are_refused_with_the_errors_status(http: TestClient, query: str, status: int) -> None:
    """An unknown token or a since out of range refuses the connection with its status and JSON error."""
    table, _ = _kalaha(http)
    with pytest.raises(WebSocketDenialResponse) as refused, _ws(http, table, query):
        pass
    assert refused.value.status_code == status


def test_an_unknown_table_refuses_the_connection(http: TestClient) -> None:
    """A socket to a table that does not exist is refused with 404."""
    with pytest.raises(WebSocketDenialResponse) as refused, _ws(http, "nope"):
        pass
    assert refused.value.status_code == 404


def test_a_reconnecting_seat_gets_what_it_missed(http: TestClient) -> None:
    """A seat that reconnects with since=N gets the current view and exactly the events after the N-th."""
    table, tokens = _kalaha(http)
    with _ws(http, table, f"?token={tokens[1]}") as seat1:
        seat1.receive_json()
        http.get(f"/api/tables/{table}", headers=auth(tokens[0]))
        seat1.receive_json()
        http.post(f"/api/tables/{table}/actions", headers=auth(tokens[0]), json={"action": "c"})
        held = seat1.receive_json()["next"]
    http.post(f"/api/tables/{table}/actions", headers=auth(tokens[0]), json={"action": "f"})
    everything = http.get(f"/api/tables/{table}", headers=auth(tokens[1])).json()
    with _ws(http, table, f"?token={tokens[1]}&since={held}") as again:
        snapshot = again.receive_json()
    assert snapshot["events"] == everything["events"][held:]
    assert snapshot["view"] == everything["view"]
    assert snapshot["events"]


def test_a_slow_client_is_cut_off_not_waited_for() -> None:
    """A connection with more frames waiting than the limit is cut off (it reconnects with since), not waited for."""
    sent: list[str] = []

    async def never_done(text: str) -> None:
        sent.append(text)
        await asyncio.sleep(3600)

    async def fill() -> Connection:
        connection = Connection(never_done, limit=Limits(max_queue=3).max_queue)
        for number in range(5):
            connection.push(str(number))
        return connection

    connection = asyncio.run(fill())
    assert connection.overflowed


def _kalo_with_private_events(http: TestClient) -> tuple[str, dict[int, str], int, int]:
    """A Kalo table where some seat holds more events than the spectators; the table, tokens, seat and its count."""
    table, tokens = new_table(http, game="kalo", options={"players": 3}, seats=["human"] * 3, seed=3)
    for token in tokens.values():
        http.get(f"/api/tables/{table}", headers=auth(token))
    for _ in range(40):
        watched = http.get(f"/api/tables/{table}").json()["next"]
        for seat, token in tokens.items():
            held = http.get(f"/api/tables/{table}", headers=auth(token)).json()
            if held["next"] > watched:
                return table, tokens, seat, held["next"]
            if held["view"]["legal_actions"]:
                http.post(
                    f"/api/tables/{table}/actions",
                    headers=auth(token),
                    json={"action": held["view"]["legal_actions"][0]},
                )
    raise AssertionError("no seat came to hold events the spectators do not")


def test_wait_for_auth_sends_nothing_before_the_seats_own_snapshot(http: TestClient) -> None:
    """With ?wait=auth the first frame is the seat's snapshot, and since counts the seat's events, not a spectator's."""
    table, tokens, seat, held = _kalo_with_private_events(http)
    with pytest.raises(WebSocketDenialResponse) as refused, _ws(http, table, f"?since={held}"):
        pass
    assert refused.value.status_code == 400
    with _ws(http, table, "?wait=auth") as socket:
        socket.send_json({"type": "ping"})
        assert socket.receive_json() == {"type": "pong"}
        socket.send_json({"type": "auth", "token": tokens[seat], "since": held})
        snapshot = socket.receive_json()
        assert snapshot["type"] == "snapshot"
        assert snapshot["next"] == held
        assert snapshot["events"] == []
        assert snapshot["decisions"] == http.get(f"/api/tables/{table}", headers=auth(tokens[seat])).json()["decisions"]


@pytest.mark.parametrize("query", ["?wait=later", "?wait=auth&since=0", "?wait=auth&token=x"])
def test_wait_takes_auth_alone(http: TestClient, query: str) -> None:
    table, _ = _kalaha(http)
    with pytest.raises(WebSocketDenialResponse) as refused, _ws(http, table, query):
        pass
    assert refused.value.status_code == 400
    assert refused.value.json()["error"]["type"] == "BadRequestError"


def test_the_table_frame_saying_the_game_is_over_comes_before_its_last_update(http: TestClient) -> None:
    """A client drawing the last move already knows from the table frame that the game is over."""
    table, tokens = new_table(http, game="kalaha", options={"pits": 1, "seeds": 1}, seats=["human", "human"])
    for token in tokens.values():
        http.get(f"/api/tables/{table}", headers=auth(token))
    with _ws(http, table) as socket:
        assert socket.receive_json()["type"] == "snapshot"
        answer = http.post(f"/api/tables/{table}/actions", headers=auth(tokens[0]), json={"action": "a"})
        assert answer.json()["table"]["status"] == "over"
        first, second = socket.receive_json(), socket.receive_json()
    assert (first["type"], first["table"]["status"]) == ("table", "over")
    assert second["type"] == "update"
    assert second["view"]["is_over"]


def test_connections_waiting_for_auth_count_against_the_limit() -> None:
    """A connection opened with ?wait=auth holds a place: the server's limit refuses one more, and its auth fits."""
    with client(limits=attrs.evolve(UNHURRIED, max_connections=1)) as http:
        table, tokens = _kalaha(http)
        with _ws(http, table, "?wait=auth") as waiting:
            with pytest.raises(WebSocketDenialResponse) as refused, _ws(http, table):
                pass
            assert refused.value.status_code == 503
            waiting.send_json({"type": "auth", "token": tokens[0], "since": 0})
            assert waiting.receive_json()["type"] == "snapshot"
        with _ws(http, table) as socket:
            assert socket.receive_json()["type"] == "snapshot"
