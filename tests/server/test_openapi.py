"""The OpenAPI document: valid by the standard validator, and every answer of a played session conforms to it."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

import pytest

from tablegames.server.app import create_app
from tablegames.server.contract import DIALECT, SCHEMAS, openapi
from tablegames.server.limits import Limits
from tests.extras import need_module
from tests.server.support import UNHURRIED, TestClient, auth, client

if TYPE_CHECKING:
    from collections.abc import Iterator

    import httpx2

jsonschema = need_module("jsonschema", "test")

#: Statuses the document lists that the session below does not provoke, and why.
NOT_PROVOKED = {
    ("post", "/api/tables", "413"): "a body over max_body (tests/server/test_http.py sends one)",
    ("post", "/api/tables", "503"): "the server at max_open_tables (tests/server/test_expiry.py)",
    ("post", "/api/tables/{id}/actions", "413"): "as for creating",
    ("post", "/api/tables/{id}/actions", "415"): "as for creating",
}


class Recorder:
    """Every answer of a session, by operation, checked against the document as it comes."""

    def __init__(self, http: TestClient) -> None:
        self.http = http
        self.document = openapi()
        self.seen: set[tuple[str, str, str]] = set()
        self._routes = [
            (re.compile("^" + re.sub(r"\{[^}]+\}", "[^/]+", path) + "$"), path) for path in self.document["paths"]
        ]

    def __call__(self, method: str, url: str, **kwargs: Any) -> httpx2.Response:
        answer = self.http.request(method.upper(), url, **kwargs)
        path = next(template for pattern, template in self._routes if pattern.match(url.split("?")[0]))
        status = str(answer.status_code)
        operations = self.document["paths"][path]
        if method in operations:
            responses = operations[method]["responses"]
            assert status in responses, f"{method.upper()} {url} answered {status}, which the document does not list"
            schema = responses[status]["content"]["application/json"]["schema"]
        else:  # a method the route does not take: the typed 405 the wire page documents
            assert status == "405", (method, url, status)
            schema = {"$ref": "#/components/schemas/ErrorAnswer"}
        root = {"$schema": DIALECT, "components": self.document["components"], **schema}
        jsonschema.Draft202012Validator(root).validate(answer.json())
        self.seen.add((method, path, status))
        return answer


def test_the_document_is_valid_openapi_3_1() -> None:
    validator = need_module("openapi_spec_validator", "test")
    document = openapi()
    validator.validate(document)
    for schema in SCHEMAS.values():
        jsonschema.Draft202012Validator.check_schema(schema)


def test_the_server_serves_its_document(http: TestClient) -> None:
    answer = http.get("/api/openapi.json")
    assert answer.status_code == 200
    assert answer.json() == openapi()


def test_every_route_is_in_the_document() -> None:
    paths = set(openapi()["paths"])
    for route in create_app(":memory:", web=None).routes:
        path = getattr(route, "path", "").replace("{table}", "{id}")
        if path.startswith("/api") and not path.endswith("/ws"):
            assert path in paths, path


@pytest.fixture(scope="module")
def http() -> Iterator[TestClient]:
    with client() as running:
        yield running


@pytest.mark.parametrize("game", ["kalaha", "kalo", "loo"])
def test_a_played_game_answers_as_the_document_says(game: str) -> None:
    """Every answer of a whole game, with bad requests on the way, validates; every listed status is reached."""
    limits = UNHURRIED
    with client(limits=limits) as plain:
        call = Recorder(plain)
        for url in ("/api", "/api/games", "/api/openapi.json", "/api/asyncapi.json", "/api/tables"):
            call("get", url)
        call("post", "/api", json={})
        call("post", "/api/tables", json={"game": "chess"})
        call("post", "/api/tables", content=b"{}", headers={"Content-Type": "text/plain"})
        call("post", "/api/tables", json={"game": "kalaha"}, headers={"Origin": "https://elsewhere.example"})
        created = call("post", "/api/tables", json={"game": game, "seats": None, "open": True}).json()
        table = created["table"]["id"]
        token = created["seats"][0]["token"]
        free = [seat for seat, place in enumerate(created["table"]["seats"]) if place["player"] == "bot"]
        call("get", f"/api/tables/{table}")
        call("get", "/api/tables/nothing-here")
        call("get", f"/api/tables/{table}", headers={"Authorization": "Basic x"})
        call("get", f"/api/tables/{table}", headers=auth("not-a-seat"))
        call("get", f"/api/tables/{table}?since=99999")
        call("get", f"/api/tables/{table}/check?action=a", headers=auth(token))  # waiting: 409
        call("post", f"/api/tables/{table}/seats/0")  # not free: 409
        call("post", f"/api/tables/{table}/seats/99")
        call("post", f"/api/tables/{table}/seats/{free[0] if free else 1}")
        other = call("post", "/api/tables", json={"game": game}).json()["table"]["id"]
        call("post", f"/api/tables/{other}/seats/0")  # not open: 403
        call("get", f"/api/tables/{table}/check", headers=auth(token))
        call("get", f"/api/tables/{table}/check?action=a")
        call("post", f"/api/tables/{table}/actions", json={"action": "a"})
        call("post", f"/api/tables/{table}/actions", json={"action": "a"}, headers=auth("not-a-seat"))
        call("post", "/api/tables/nothing-here/actions", json={"action": "a"}, headers=auth(token))
        call("post", f"/api/tables/{table}/actions", json={"act": "a"}, headers=auth(token))
        for _ in range(400):
            snapshot = call("get", f"/api/tables/{table}", headers=auth(token)).json()
            if snapshot["view"].get("is_over") or snapshot["table"]["status"] == "over":
                break
            legal = snapshot["view"]["legal_actions"]
            if not legal:
                continue
            call("get", f"/api/tables/{table}/check?action={legal[0]}&action=zz", headers=auth(token))
            call("post", f"/api/tables/{table}/actions", json={"action": "zz"}, headers=auth(token))
            call("post", f"/api/tables/{table}/actions", json={"action": legal[0]}, headers=auth(token))
        call("get", f"/api/tables/{table}/record", headers=auth(token))
        call("get", f"/api/tables/{table}/record", headers=auth("not-a-seat"))
        call("get", f"/api/tables/{table}/record", headers={"Authorization": "Basic x"})
        call("get", "/api/tables/nothing-here/record")
        call("get", f"/api/tables/{table}/check?action=a", headers=auth("not-a-seat"))
        call("get", "/api/tables/nothing-here/check?action=a", headers=auth(token))
        pair = call("post", "/api/tables", json={"game": "kalaha", "seats": ["human", "human"]}).json()
        call("get", f"/api/tables/{pair['table']['id']}/check?action=a", headers=auth(pair["seats"][0]["token"]))
        invited = call("post", "/api/tables", json={"game": "kalaha", "seats": ["human", "human"], "open": True})
        call("post", f"/api/tables/{invited.json()['table']['id']}/seats/1")
        call("post", f"/api/tables/{invited.json()['table']['id']}/seats/1?token=x")
        call("get", f"/api/tables/{table}/record?since=1&token=x")
        call("post", f"/api/tables/{table}/actions", json={"action": "a"}, headers=auth(token))
        call("post", f"/api/tables/{table}/actions?since=x", json={"action": "a"}, headers=auth(token))
        call("get", f"/api/schemas/{game}/view")
        call("get", f"/api/schemas/{game}/board")
        documented = {
            (method, path, status)
            for path, operations in call.document["paths"].items()
            for method, operation in operations.items()
            for status in operation["responses"]
        }
        missing = documented - call.seen - set(NOT_PROVOKED)
    with client(limits=Limits(creations_per_minute=1, actions_per_minute=1)) as limited:
        call = Recorder(limited)
        made = call("post", "/api/tables", json={"game": "kalaha", "seats": ["human", "human"]}).json()
        call("post", "/api/tables", json={"game": "kalaha"})
        assert ("post", "/api/tables", "429") in call.seen
        mine = auth(made["seats"][0]["token"])
        for _ in range(2):
            call("post", f"/api/tables/{made['table']['id']}/actions", json={"action": "a"}, headers=mine)
        missing -= call.seen
    assert not missing, sorted(missing)
