"""The AsyncAPI document of the WebSocket, and a state machine checking every frame the server sends against it."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from tablegames.server.asyncapi import FRAMES, MESSAGES, asyncapi
from tablegames.server.contract import DIALECT
from tests.extras import need_module
from tests.server.support import TestClient, auth, client, make_app, new_table

jsonschema = need_module("jsonschema", "test")

DOCUMENT = asyncapi()


def _validator(name: str) -> Any:
    root = {"$schema": DIALECT, "components": DOCUMENT["components"], "$ref": f"#/components/schemas/{name}Frame"}
    return jsonschema.Draft202012Validator(root)


VALIDATORS = {name: _validator(name) for name in (*FRAMES, *MESSAGES)}


def test_the_document_is_asyncapi_3_whose_schemas_are_json_schema_2020_12() -> None:
    assert DOCUMENT["asyncapi"] == "3.0.0"
    for schema in DOCUMENT["components"]["schemas"].values():
        jsonschema.Draft202012Validator.check_schema(schema)
    channel = DOCUMENT["channels"]["table"]
    assert channel["address"] == "/api/tables/{id}/ws"
    for name, message in DOCUMENT["components"]["messages"].items():
        assert channel["messages"][name] == {"$ref": f"#/components/messages/{name}"}
        assert message["payload"]["schema"]["$ref"].split("/")[-1] in DOCUMENT["components"]["schemas"]
    for operation in DOCUMENT["operations"].values():
        for message in operation["messages"]:
            assert message["$ref"].split("/")[-1] in channel["messages"]


def test_the_server_serves_it() -> None:
    with client() as http:
        assert http.get("/api/asyncapi.json").json() == DOCUMENT


def test_every_message_the_docs_show_a_client_sending_validates() -> None:
    messages: list[dict[str, Any]] = [
        {"type": "auth", "token": "x", "since": 0},
        {"type": "action", "action": "c", "decisions": 0},
        {"type": "ping"},
    ]
    for message in messages:
        VALIDATORS[message["type"]].validate(message)
    assert not VALIDATORS["ping"].is_valid({"type": "ping", "extra": 1})


_JUNK = st.one_of(
    st.just("not json"),
    st.just('{"type": "dance"}'),
    st.just('{"type": "ping", "extra": 1}'),
    st.just('{"type": "auth", "token": 7}'),
    st.just('{"type": "action", "action": "a", "action": "b"}'),
    st.just("[]"),
    st.text(max_size=40),
)


class SocketMachine(RuleBasedStateMachine):
    """A WebSocket client sending valid and invalid messages; every frame it gets must be one the document names."""

    @initialize(game=st.sampled_from(["kalaha", "kalo", "loo"]), seed=st.integers(0, 2**53 - 1))
    def start(self, game: str, seed: int) -> None:
        self.context = TestClient(make_app())
        self.http = self.context.__enter__()
        self.table, self.tokens = new_table(self.http, game=game, seed=seed)
        for token in self.tokens.values():
            self.http.get(f"/api/tables/{self.table}", headers=auth(token))
        self.socket_context = self.http.websocket_connect(f"/api/tables/{self.table}/ws?wait=auth")
        self.socket = self.socket_context.__enter__()
        self.view: dict[str, Any] | None = None
        self.decisions = 0
        self.frames = 0

    def _send(self, text: str) -> None:
        """Send, then a ping; check every frame up to its pong."""
        self.socket.send_text(text)
        self.socket.send_text('{"type": "ping"}')
        while True:
            frame = json.loads(self.socket.receive_text())
            self.frames += 1
            assert frame.get("type") in FRAMES, frame
            VALIDATORS[frame["type"]].validate(frame)
            if frame["type"] in ("snapshot", "update"):
                self.view = frame["view"]
                self.decisions = frame.get("decisions", self.decisions)
            if frame["type"] == "pong":
                return

    @rule()
    def authenticate(self) -> None:
        self._send(json.dumps({"type": "auth", "token": self.tokens[0], "since": 0}))

    @rule(token=st.text(max_size=50))
    def authenticate_badly(self, token: str) -> None:
        self._send(json.dumps({"type": "auth", "token": token}))

    @precondition(lambda self: self.view is not None and bool(self.view.get("legal_actions")))
    @rule(data=st.data())
    def act(self, data: st.DataObject) -> None:
        assert self.view is not None
        action = data.draw(st.sampled_from(self.view["legal_actions"]))
        self._send(json.dumps({"type": "action", "action": action, "decisions": self.decisions}))

    @rule(action=st.text(max_size=12), decisions=st.none() | st.integers(-2, 5))
    def act_at_random(self, action: str, decisions: int | None) -> None:
        message: dict[str, Any] = {"type": "action", "action": action}
        if decisions is not None:
            message["decisions"] = decisions
        self._send(json.dumps(message))

    @rule(text=_JUNK)
    def send_junk(self, text: str) -> None:
        self._send(text)

    @invariant()
    def open(self) -> None:
        assert self.socket is not None

    def teardown(self) -> None:
        if hasattr(self, "socket_context"):
            self.socket_context.__exit__(None, None, None)
        if hasattr(self, "context"):
            self.context.__exit__(None, None, None)


SocketMachine.TestCase.settings = settings(max_examples=8, stateful_step_count=15, deadline=None)
test_every_frame_of_a_random_session_is_in_the_document = SocketMachine.TestCase
