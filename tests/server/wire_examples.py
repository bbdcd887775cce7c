"""The examples of the wire protocol page, produced by the server itself.

``docs/reference/wire.md`` holds blocks between ``<!-- example: NAME -->``
and ``<!-- /example -->``. This module plays the exchanges they show against
a server with predictable ids and tokens (`SeededSecrets`), and writes each
request and answer into its block::

    python -m tests.server.wire_examples --write

``tests/server/test_wire_docs.py`` fails when the page differs from what the
server answers now.
"""

from __future__ import annotations

import argparse
import json
import re
from pathlib import Path
from typing import TYPE_CHECKING, Any

from starlette.testclient import TestClient

from tablegames.server.app import create_app
from tablegames.server.botrunner import ThreadBotRunner
from tablegames.server.tokens import SeededSecrets

if TYPE_CHECKING:
    import httpx2

PAGE = Path(__file__).resolve().parents[2] / "docs" / "reference" / "wire.md"
BLOCK = re.compile(r"(<!-- example: (?P<name>[\w-]+) -->\n)(?P<body>.*?)(<!-- /example -->)", re.S)
BASE = "http://127.0.0.1:8000"


def _json(data: object, indent: str = "") -> str:
    """JSON as people read it: a value on one line when it fits in 88 characters, else one entry a line."""
    flat = json.dumps(data, ensure_ascii=False)
    if len(indent) + len(flat) <= 88 or not isinstance(data, (dict, list)) or not data:
        return flat
    inner = indent + "  "
    if isinstance(data, dict):
        entries = [f"{inner}{json.dumps(key)}: {_json(value, inner)}" for key, value in data.items()]
        return "{\n" + ",\n".join(entries) + f"\n{indent}}}"
    return "[\n" + ",\n".join(f"{inner}{_json(value, inner)}" for value in data) + f"\n{indent}]"


def _request(method: str, path: str, body: object = None, token: str | None = None) -> str:
    lines = [f"{method} {path} HTTP/1.1"]
    if token is not None:
        lines.append(f"Authorization: Bearer {token}")
    if body is not None:
        lines.append("Content-Type: application/json")
    text = "\n".join(lines)
    return text + ("\n\n" + _json(body) if body is not None else "")


def _answer(response: httpx2.Response) -> str:
    return f"HTTP/1.1 {response.status_code} {response.reason_phrase}\nContent-Type: application/json\n\n" + _json(
        response.json()
    )


def _exchange(request: str, response: httpx2.Response) -> str:
    return f"```http\n{request}\n```\n\n```http\n{_answer(response)}\n```\n"


def _frames(lines: list[tuple[str, Any]]) -> str:
    shown = [f"{way} {_json(frame, '  ')}" for way, frame in lines]
    return "```text\n" + "\n".join(shown) + "\n```\n"


def examples() -> dict[str, str]:
    """Every example of the page, by name, as the server answers now."""
    app = create_app(":memory:", runner=ThreadBotRunner(), bot_delay=0.5, web=None, secrets=SeededSecrets(2024))
    found: dict[str, str] = {}
    with TestClient(app, base_url=BASE) as http:

        def call(name: str, method: str, path: str, body: object = None, token: str | None = None) -> Any:
            headers = {"Authorization": f"Bearer {token}"} if token is not None else {}
            response = http.request(method, path, json=body, headers=headers)
            found[name] = _exchange(_request(method, path, body, token), response)
            return response.json()

        info = http.get("/api").json()
        found["server"] = _exchange(_request("GET", "/api"), http.get("/api"))
        del info
        games = http.get("/api/games")
        found["games"] = _exchange(_request("GET", "/api/games"), games)
        request = {
            "game": "kalaha",
            "options": {"pits": 4, "seeds": 3},
            "seats": ["human", "human"],
            "names": ["Ada", "Bo"],
            "seed": 7,
        }
        created = call("create", "POST", "/api/tables", request)
        table = created["table"]["id"]
        first, second = (seat["token"] for seat in created["seats"])
        call("list", "GET", "/api/tables")
        call("view", "GET", f"/api/tables/{table}", token=first)
        http.get(f"/api/tables/{table}", headers={"Authorization": f"Bearer {second}"})
        call("act", "POST", f"/api/tables/{table}/actions", {"action": "c", "decisions": 0}, token=first)
        call("out-of-turn", "POST", f"/api/tables/{table}/actions", {"action": "d"}, token=first)
        http.post(f"/api/tables/{table}/actions", json={"action": "a"}, headers={"Authorization": f"Bearer {second}"})
        call("illegal", "POST", f"/api/tables/{table}/actions", {"action": "a"}, token=second)
        call("stale", "POST", f"/api/tables/{table}/actions", {"action": "b", "decisions": 0}, token=second)
        call("unreadable", "POST", f"/api/tables/{table}/actions", {"action": "sow 3"}, token=second)
        call("no-token", "POST", f"/api/tables/{table}/actions", {"action": "b"})
        call("unknown-field", "POST", f"/api/tables/{table}/actions", {"action": "b", "seat": 0}, token=second)
        call("check", "GET", f"/api/tables/{table}/check?action=b&action=a&action=e", token=second)
        call("since", "GET", f"/api/tables/{table}?since=1", token=first)
        call("spectator", "GET", f"/api/tables/{table}")
        call("transcript", "GET", f"/api/tables/{table}/record", token=first)
        with http.websocket_connect(f"/api/tables/{table}/ws") as socket:
            lines: list[tuple[str, Any]] = [("←", socket.receive_json())]
            for message in (
                {"type": "auth", "token": second, "since": 3},
                {"type": "action", "action": "b", "decisions": 1},
            ):
                socket.send_json(message)
                lines += [("→", message), ("←", socket.receive_json())]
            with http.websocket_connect(f"/api/tables/{table}/ws?token={first}") as other:
                other.receive_json()
                lines.append(("←", socket.receive_json()))
                socket.send_json({"type": "dance"})
                lines += [("→", {"type": "dance"}), ("←", socket.receive_json())]
                socket.send_json({"type": "ping"})
                lines += [("→", {"type": "ping"}), ("←", socket.receive_json())]
            found["socket"] = _frames(lines)
        small = {"game": "kalaha", "options": {"pits": 1, "seeds": 1}, "seats": ["human", "human"], "seed": 1}
        ended = http.post("/api/tables", json=small).json()
        short = ended["table"]["id"]
        tokens = [seat["token"] for seat in ended["seats"]]
        for token in tokens:
            http.get(f"/api/tables/{short}", headers={"Authorization": f"Bearer {token}"})
        view = http.get(f"/api/tables/{short}").json()["view"]
        while not view["is_over"]:
            token = tokens[view["current_player"]]
            view = http.post(
                f"/api/tables/{short}/actions", json={"action": "a"}, headers={"Authorization": f"Bearer {token}"}
            ).json()["view"]
        call("record", "GET", f"/api/tables/{short}/record")
        opened = http.post(
            "/api/tables", json={"game": "loo", "seats": ["human", "human", "random", "random", "random"], "open": True}
        ).json()
        call("claim", "POST", f"/api/tables/{opened['table']['id']}/seats/1")
        call("bad-table", "POST", "/api/tables", {"game": "loo", "options": {"players": 9}})
        call("not-found", "GET", "/api/tables/nope")
    return found


def render(text: str, found: dict[str, str]) -> str:
    """The page with every example block replaced by what the server answers now."""

    def replace(block: re.Match[str]) -> str:
        name = block["name"]
        if name not in found:
            raise KeyError(f"docs/reference/wire.md has an example {name!r} that wire_examples does not make")
        return f"{block.group(1)}{found[name]}{block.group(4)}"

    return BLOCK.sub(replace, text)


def main() -> None:
    """Check or rewrite the page's examples."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--write", action="store_true", help="rewrite docs/reference/wire.md")
    args = parser.parse_args()
    text = PAGE.read_text(encoding="utf-8")
    fresh = render(text, examples())
    if args.write:
        PAGE.write_text(fresh, encoding="utf-8")
    elif fresh != text:
        raise SystemExit("docs/reference/wire.md is out of date; run: python -m tests.server.wire_examples --write")


if __name__ == "__main__":
    main()
