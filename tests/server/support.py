"""Helpers for the server tests: an app on Starlette's TestClient, a real uvicorn on a free port, a player."""

from __future__ import annotations

import contextlib
import json
import os
import random
import socket
import subprocess
import sys
import threading
import time
from typing import TYPE_CHECKING, Any

from tests.extras import need_module

need_module("starlette", "web")
need_module("uvicorn", "web")
need_module("httpx2", "test")

import uvicorn  # noqa: E402
from starlette.testclient import TestClient  # noqa: E402

from tablegames.server.app import create_app  # noqa: E402
from tablegames.server.botrunner import BotRunner, Decision, ThreadBotRunner  # noqa: E402
from tablegames.server.limits import Limits  # noqa: E402
from tablegames.server.tokens import SeededSecrets  # noqa: E402

if TYPE_CHECKING:
    from collections.abc import Iterator, Mapping
    from pathlib import Path

    from starlette.applications import Starlette

__all__ = [
    "UNHURRIED",
    "ScriptedRunner",
    "TestClient",
    "auth",
    "choose",
    "client",
    "free_port",
    "make_app",
    "new_table",
    "real_server",
    "wait_until",
]


#: The limits of the tests' servers: the defaults, but no rate limits (one test client makes many tables).
UNHURRIED = Limits(creations_per_minute=10**6, actions_per_minute=10**6)
RATES = ("--limit", f"creations_per_minute={10**6}", "--limit", f"actions_per_minute={10**6}")


def make_app(db: str | Path = ":memory:", *, runner: BotRunner | None = None, **settings: Any) -> Starlette:
    """The server's app for a test: bots in a thread, no pause, predictable ids and tokens."""
    settings.setdefault("bot_delay", 0.0)
    settings.setdefault("web", None)
    settings.setdefault("secrets", SeededSecrets(0))
    settings.setdefault("limits", UNHURRIED)
    return create_app(db, runner=runner or ThreadBotRunner(), **settings)


@contextlib.contextmanager
def client(db: str | Path = ":memory:", **settings: Any) -> Iterator[TestClient]:
    """A TestClient on a started app (its lifespan run: the database open, the bots ready)."""
    with TestClient(make_app(db, **settings), base_url="http://testserver") as running:
        yield running


def auth(token: str) -> dict[str, str]:
    """The header that carries a seat's token."""
    return {"Authorization": f"Bearer {token}"}


def new_table(http: Any, **request: Any) -> tuple[str, dict[int, str]]:
    """Create a table; return its id and the token of each person's seat."""
    response = http.post("/api/tables", json=request)
    assert response.status_code == 201, response.text
    body = response.json()
    return body["table"]["id"], {seat["seat"]: seat["token"] for seat in body["seats"]}


def choose(view: Mapping[str, Any], salt: str) -> str:
    """A scripted person's choice: one of the view's legal actions, the same for the same view and salt."""
    legal = view["legal_actions"]
    return str(random.Random(f"{salt}/{json.dumps(view, sort_keys=True)}").choice(legal))


def wait_until(check: Any, timeout: float = 20.0, what: str = "the condition") -> Any:
    """Poll ``check()`` until it returns something true; fail after ``timeout`` seconds."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        found = check()
        if found:
            return found
        time.sleep(0.001)
    raise AssertionError(f"{what} did not happen within {timeout} s")


class ScriptedRunner(BotRunner):
    """Bots that play given moves by ply (and fall back to the real bots past the script)."""

    def __init__(self, moves: Mapping[int, str]) -> None:
        self.moves = dict(moves)
        self.fallback = ThreadBotRunner()

    async def decide(self, decision: Decision) -> str:
        """The scripted move for this ply."""
        if decision.ply in self.moves:
            return self.moves[decision.ply]
        return await self.fallback.decide(decision)

    def close(self) -> None:
        """Stop the fallback's thread."""
        self.fallback.close()


def free_port() -> int:
    """A free TCP port on localhost."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


@contextlib.contextmanager
def real_server(
    db: str | Path = ":memory:", *, log_config: Any = None, log_level: str = "warning", **settings: Any
) -> Iterator[str]:
    """Run the app under a real uvicorn on a free localhost port (in a thread); yield its base URL."""
    port = free_port()
    config = uvicorn.Config(
        make_app(db, **settings),
        host="127.0.0.1",
        port=port,
        log_level=log_level,
        log_config=log_config,
        access_log=False,
        lifespan="on",
        ws_max_size=8192,
    )
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    try:
        wait_until(lambda: server.started, what="uvicorn starting")
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(timeout=10)


@contextlib.contextmanager
def serve_process(db: Path, port: int, *extra: str) -> Iterator[subprocess.Popen[str]]:
    """Run ``tablegames serve`` as a subprocess; yield it once it answers. Kills it at the end if still running."""
    program = "tests.server.broken_serve" if os.environ.get("TABLEGAMES_BREAK") else "tablegames"
    command = [sys.executable, "-m", program, "serve", "--port", str(port), "--db", str(db), *RATES, *extra]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        wait_until(lambda: _answers(port) or process.poll() is not None, what="the server starting")
        assert process.poll() is None, process.communicate()[0]
        yield process
    finally:
        if process.poll() is None:
            process.kill()
        process.wait(timeout=10)
        if process.stdout is not None:
            process.stdout.close()


def _answers(port: int) -> bool:
    with socket.socket() as probe:
        probe.settimeout(0.2)
        return probe.connect_ex(("127.0.0.1", port)) == 0
