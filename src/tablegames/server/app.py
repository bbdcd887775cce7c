"""The Starlette application: the HTTP routes of the wire protocol, its errors, and the web client's files.

`create_app` builds the ASGI application ``tablegames serve`` runs under
uvicorn. Its routes (the [wire protocol](../reference/wire.md) describes each):

| route | what it does |
|---|---|
| ``GET /api`` | the server: protocol version, games, limits |
| ``GET /api/games`` | every game with its default options, players and bots |
| ``GET /api/openapi.json`` | the OpenAPI 3.1 document of these routes (`tablegames.server.contract`) |
| ``GET /api/asyncapi.json`` | the AsyncAPI 3 document of the WebSocket's messages (`tablegames.server.asyncapi`) |
| ``POST /api/tables`` | create a table; the tokens of its people's seats |
| ``GET /api/tables`` | the unfinished tables, nothing secret |
| ``GET /api/tables/{id}`` | a seat's (or a spectator's) view, events and the table |
| ``POST /api/tables/{id}/actions`` | a seat's action; the new view |
| ``POST /api/tables/{id}/seats/{seat}`` | claim a free seat of an open table |
| ``GET /api/tables/{id}/check`` | whether actions would be taken now, and why not; nothing changes |
| ``GET /api/tables/{id}/record`` | the record once over; during play what the seat may know |
| ``WS /api/tables/{id}/ws`` | pushes: every change, as the seat may know it |
| ``GET /``, ``/tables/{id}``, ``/static/...`` | the web client, if one is installed (`tablegames.server.webclient`) |

Every error is JSON (see `tablegames.server.errors`); nothing a client sends
makes a 500: the game's readers' typed errors become 400 or 409, and a
reader that raises anything else is logged as the bug it is and still
answers 400.

Examples:
    >>> from starlette.testclient import TestClient
    >>> from tablegames.server.botrunner import ThreadBotRunner
    >>> app = create_app(":memory:", runner=ThreadBotRunner(), web=None)
    >>> with TestClient(app) as client:
    ...     created = client.post("/api/tables", json={"game": "kalaha", "seats": ["human", "random"]})
    ...     token = created.json()["seats"][0]["token"]
    ...     url = f"/api/tables/{created.json()['table']['id']}"
    ...     view = client.get(url, headers={"Authorization": f"Bearer {token}"})
    >>> created.status_code, view.json()["view"]["legal_actions"]
    (201, ['a', 'b', 'c', 'd', 'e', 'f'])
"""

from __future__ import annotations

import contextlib
import logging
import math
import re
from pathlib import Path
from typing import TYPE_CHECKING
from urllib.parse import urlsplit

import tablegames
from tablegames import TablegamesError
from tablegames.core.extras import require
from tablegames.server.asyncapi import asyncapi
from tablegames.server.botrunner import BotRunner, ProcessBotRunner
from tablegames.server.contract import openapi
from tablegames.server.errors import (
    BadRequestError,
    ForbiddenError,
    MethodNotAllowedError,
    NotFoundError,
    TooLargeError,
    TooManyRequestsError,
    UnauthorizedError,
    UnsupportedMediaTypeError,
    error_body,
    status_of,
)
from tablegames.server.limits import Limits
from tablegames.server.lobby import Lobby, describe_games
from tablegames.server.logs import AccessLog
from tablegames.server.rates import RateLimit
from tablegames.server.storage import open_store
from tablegames.server.webclient import web_routes
from tablegames.server.wire import (
    PROTOCOL_VERSION,
    dumps,
    read_action,
    read_checks,
    read_create,
    read_json,
    read_since,
)

_applications = require("starlette.applications", "web")
_exceptions = require("starlette.exceptions", "web")
_middleware = require("starlette.middleware", "web")
_requests = require("starlette.requests", "web")
_responses = require("starlette.responses", "web")
_routing = require("starlette.routing", "web")

if TYPE_CHECKING:
    import os
    from collections.abc import AsyncIterator, Awaitable, Callable, Mapping, Sequence

    from starlette.applications import Starlette
    from starlette.requests import HTTPConnection, Request
    from starlette.responses import Response

    from tablegames.server.store import Synchronous
    from tablegames.server.tables import Table
    from tablegames.server.tokens import SystemSecrets

__all__ = ["WEB", "Settings", "client_of", "create_app", "json_response", "origin_allowed", "read_body"]

LOG = logging.getLogger("tablegames.server")
#: Where the web client's files are installed: ``tablegames/web`` (served if it holds ``index.html``).
WEB = Path(tablegames.__file__).resolve().parent / "web"


class Settings:
    """What the routes need to know beyond the lobby: limits, the public address, the origins allowed.

    Attributes:
        limits: The server's limits.
        public_url: The address people reach the server at (for join links), or None to use the request's.
        origins: The browser origins allowed besides the server's own.
        creations: The rate limit on creating tables, per client.
        actions: The rate limit on actions, per client (HTTP and WebSocket together).
    """

    def __init__(self, limits: Limits, public_url: str | None, origins: Sequence[str]) -> None:
        self.limits = limits
        self.creations = RateLimit(limits.creations_per_minute)
        self.actions = RateLimit(limits.actions_per_minute)
        self.public_url = public_url.rstrip("/") if public_url else None
        allowed = {origin.rstrip("/").lower() for origin in origins}
        if self.public_url:
            parts = urlsplit(self.public_url)
            allowed.add(f"{parts.scheme}://{parts.netloc}".lower())
        self.origins = frozenset(allowed)


_DEFAULT_PORTS = {"http": 80, "https": 443, "ws": 80, "wss": 443}
_PAGE_SCHEMES = {"ws": "http", "wss": "https"}


def _site(scheme: str, netloc: str) -> tuple[str, str, int] | None:
    """Scheme, host and port of an origin (the port spelled out when it is the scheme's default)."""
    try:
        parts = urlsplit(f"{scheme}://{netloc}")
        port = parts.port
    except ValueError:
        return None
    if scheme not in ("http", "https") or not parts.hostname:
        return None
    return scheme, parts.hostname.lower(), port if port is not None else _DEFAULT_PORTS[scheme]


def origin_allowed(headers: Mapping[str, str], origins: frozenset[str], scheme: str = "http") -> bool:
    """Return True if a request's ``Origin`` may use the server: the server's own, one allowed, or none given.

    The server's own origin is the request's scheme (``ws`` counting as
    ``http`` and ``wss`` as ``https``), its ``Host`` and its port: a page
    must match all three, so a page served over ``https`` is not taken for
    one of a server answering over ``http`` on the same host and port.

    A request without an ``Origin`` header does not come from a web page (a
    browser always sends one with a WebSocket and a cross-origin request), so
    it cannot be a page of another site acting with a visitor's browser.

    Args:
        headers: The request's headers.
        origins: The other origins allowed, lowercase, without a trailing slash.
        scheme: The scheme the request came in with (``http``, ``https``, ``ws`` or ``wss``).

    Examples:
        >>> origin_allowed({"host": "127.0.0.1:8000", "origin": "http://127.0.0.1:8000"}, frozenset())
        True
        >>> origin_allowed({"host": "127.0.0.1:8000", "origin": "https://127.0.0.1:8000"}, frozenset())
        False
        >>> origin_allowed({"host": "example.org", "origin": "https://example.org"}, frozenset(), "wss")
        True
        >>> origin_allowed({"host": "127.0.0.1:8000", "origin": "https://evil.example"}, frozenset())
        False
        >>> origin_allowed({"host": "127.0.0.1:8000"}, frozenset())
        True
    """
    origin = headers.get("origin")
    if origin is None:
        return True
    origin = origin.rstrip("/").lower()
    if origin in origins:
        return True
    parts = urlsplit(origin)
    page = _site(parts.scheme, parts.netloc)
    server = _site(_PAGE_SCHEMES.get(scheme.lower(), scheme.lower()), headers.get("host", ""))
    return page is not None and page == server


def json_response(data: object, status: int = 200) -> Response:
    """A JSON response, written by `tablegames.server.wire.dumps`, never cached."""
    response: Response = _responses.Response(
        dumps(data),
        status_code=status,
        media_type="application/json",
        headers={"Cache-Control": "no-store", "X-Content-Type-Options": "nosniff"},
    )
    return response


def _error(error: TablegamesError) -> Response:
    response = json_response(error_body(error), status_of(error))
    if isinstance(error, TooManyRequestsError):
        response.headers["Retry-After"] = str(max(1, math.ceil(error.retry_after)))
    return response


def client_of(connection: HTTPConnection) -> str:
    """The client's network address, which its rate limits are counted by."""
    return connection.client.host if connection.client is not None else "-"


def _api(handler: Callable[[Request], Awaitable[Response]]) -> Callable[[Request], Awaitable[Response]]:
    """Wrap a route so that a `TablegamesError` becomes its JSON error response."""

    async def route(request: Request) -> Response:
        try:
            if "token" in request.query_params:
                raise BadRequestError(
                    "over HTTP the token goes in the header 'Authorization: Bearer <token>', never in the address "
                    "(only the WebSocket route takes ?token=)"
                )
            return await handler(request)
        except TablegamesError as error:
            return _error(error)
        except _requests.ClientDisconnect:
            path = request.scope.get("raw_path", b"").decode("latin-1")
            LOG.info("%s %s: the client went away before its whole body arrived", request.method, path)
            gone: Response = _responses.Response(status_code=400)
            return gone  # never delivered: there is no one to send it to

    route.__name__ = handler.__name__
    route.__doc__ = handler.__doc__
    return route


def _lobby(request: Request) -> Lobby:
    lobby: Lobby = request.app.state.lobby
    return lobby


def _settings(request: Request) -> Settings:
    settings: Settings = request.app.state.settings
    return settings


async def read_body(request: Request, limit: int) -> object:
    """Read a request's JSON body of at most ``limit`` bytes.

    Raises:
        UnsupportedMediaTypeError: If it is not ``application/json``.
        TooLargeError: If it is longer than ``limit``.
        BadRequestError: If it is not JSON.
    """
    kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if kind != "application/json":
        raise UnsupportedMediaTypeError(f"send the body as application/json, not {kind or 'nothing'!r}")
    declared = request.headers.get("content-length")
    if declared is not None and declared.isdigit() and int(declared) > limit:
        raise TooLargeError(f"the body is {declared} bytes; the limit is {limit}")
    chunks, size = [], 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > limit:
            raise TooLargeError(f"the body is over the limit of {limit} bytes")
        chunks.append(chunk)
    return read_json(b"".join(chunks))


_AUTHORIZATION = re.compile(r"(?P<scheme>[A-Za-z]+) +(?P<token>\S+) *")


def _token(request: Request) -> str | None:
    """The token of the request's ``Authorization: Bearer <token>`` header, or None without one.

    The scheme's case does not matter (HTTP says so); one or more spaces
    follow it, then the token and nothing else.

    Raises:
        UnauthorizedError: If the header is there but not ``Bearer <token>``.
    """
    header = request.headers.get("authorization")
    if header is None:
        return None
    found = _AUTHORIZATION.fullmatch(header)
    if found is None or found["scheme"].lower() != "bearer":
        raise UnauthorizedError("send the seat's token as 'Authorization: Bearer <token>'")
    return found["token"]


def _seat(request: Request, lobby: Lobby, table: Table, doing: str) -> int:
    """The seat of the request's token, which ``doing`` needs: `UnauthorizedError` without one."""
    token = _token(request)
    if token is None:
        raise UnauthorizedError(f"{doing} needs the seat's token: 'Authorization: Bearer <token>'")
    seat = lobby.seat_of(table, token)
    assert seat is not None
    return seat


def _check_origin(request: Request) -> None:
    if not origin_allowed(request.headers, _settings(request).origins, request.url.scheme):
        raise ForbiddenError("requests from pages of other origins are refused")


def _join_url(request: Request, table: Table, token: str) -> str:
    base = _settings(request).public_url or str(request.base_url).rstrip("/")
    return f"{base}/tables/{table.id}#token={token}"


async def server_info(request: Request) -> Response:
    """``GET /api``: the server, its protocol version, its games and its limits."""
    return json_response(
        {
            "server": "tablegames",
            "version": tablegames.__version__,
            "protocol": PROTOCOL_VERSION,
            "games": list(tablegames.names()),
            "limits": _settings(request).limits.to_dict(),
        }
    )


async def openapi_document(request: Request) -> Response:
    """``GET /api/openapi.json``: the OpenAPI 3.1 document of the HTTP routes."""
    del request
    return json_response(openapi())


async def asyncapi_document(request: Request) -> Response:
    """``GET /api/asyncapi.json``: the AsyncAPI 3 document of the WebSocket's messages."""
    del request
    return json_response(asyncapi())


async def list_games(request: Request) -> Response:
    """``GET /api/games``: every game, its default options, how many players and which bots."""
    return json_response({"games": request.app.state.games})


async def create_table(request: Request) -> Response:
    """``POST /api/tables``: create a table; answer with it and a token and join link per person's seat."""
    _check_origin(request)
    body = read_create(await read_body(request, _settings(request).limits.max_body))
    _settings(request).creations.take(client_of(request), "tables")
    table, tokens = _lobby(request).create(body)
    seats = [
        {"seat": seat, "token": token, "join": _join_url(request, table, token)}
        for seat, token in sorted(tokens.items())
    ]
    return json_response({"table": table.summary(), "seats": seats}, 201)


async def tables(request: Request) -> Response:
    """``/api/tables``: ``POST`` creates a table, ``GET`` lists them (one route, so a 405 names both)."""
    if request.method == "POST":
        return await create_table(request)
    return await list_tables(request)


async def list_tables(request: Request) -> Response:
    """``GET /api/tables``: the unfinished tables, newest first."""
    return json_response({"tables": _lobby(request).listing()})


async def get_table(request: Request) -> Response:
    """``GET /api/tables/{id}``: the view and events of the token's seat, or a spectator's."""
    lobby = _lobby(request)
    table = lobby.find(request.path_params["table"])
    seat = lobby.seat_of(table, _token(request))
    since = read_since(request.query_params.get("since"))
    lobby.joined(table, seat)
    return json_response(table.snapshot(seat, since))


async def post_action(request: Request) -> Response:
    """``POST /api/tables/{id}/actions``: the token's seat acts; the answer is its new view and events."""
    _check_origin(request)
    lobby = _lobby(request)
    table = lobby.find(request.path_params["table"])
    seat = _seat(request, lobby, table, "acting")
    wanted = request.query_params.get("since")
    body = read_action(await read_body(request, _settings(request).limits.max_body))
    _settings(request).actions.take(client_of(request), "actions")
    held = len(table.audiences[seat].events)
    since = held if wanted is None else read_since(wanted)
    if since > held:
        raise BadRequestError(f"since is at most {held} here, got {since}")
    lobby.joined(table, seat)
    await lobby.act(table, seat, body.action, body.decisions)
    return json_response(table.snapshot(seat, min(since, len(table.audiences[seat].events))))


async def claim_seat(request: Request) -> Response:
    """``POST /api/tables/{id}/seats/{seat}``: take a free seat of an open table; its token and join link."""
    _check_origin(request)
    lobby = _lobby(request)
    table = lobby.find(request.path_params["table"])
    raw = request.path_params["seat"]
    if not raw.isdigit() or len(raw) > 3:
        raise NotFoundError(f"table {table.id!r} has no seat {raw!r}")
    seat = int(raw)
    token = lobby.claim(table, seat)
    return json_response({"seat": seat, "token": token, "join": _join_url(request, table, token)}, 201)


async def check_actions(request: Request) -> Response:
    """``GET /api/tables/{id}/check?action=...``: whether each action would be taken now, and if not, why."""
    lobby = _lobby(request)
    table = lobby.find(request.path_params["table"])
    seat = _seat(request, lobby, table, "checking actions")
    actions = read_checks(request.query_params.getlist("action"), _settings(request).limits.max_checks)
    lobby.joined(table, seat)
    return json_response({"decisions": table.decisions(seat), "checks": table.check(seat, actions)})


async def get_record(request: Request) -> Response:
    """``GET /api/tables/{id}/record``: the record once the game is over; before, the seat's transcript."""
    lobby = _lobby(request)
    table = lobby.find(request.path_params["table"])
    seat = lobby.seat_of(table, _token(request))
    if table.status == "over":
        return json_response(table.record())
    return json_response(table.transcript(seat))


#: What a client is told for a path that is no route.
NO_ROUTE = (
    "no such route; the routes are GET /api, GET /api/games, GET and POST /api/tables, and under "
    "/api/tables/{id}: GET itself, POST actions, POST seats/{seat}, GET check, GET record and the WebSocket ws; "
    "GET /api/openapi.json and GET /api/asyncapi.json describe them all"
)


async def _not_found(request: Request, error: Exception) -> Response:
    status = getattr(error, "status_code", 404)
    if status == 405:
        allowed = (getattr(error, "headers", None) or {}).get("Allow", "")
        response = _error(MethodNotAllowedError(f"{request.method} is not allowed here; this route takes {allowed}"))
        response.headers["Allow"] = allowed
        return response
    return _error(NotFoundError(NO_ROUTE))


async def _crash(request: Request, error: Exception) -> Response:
    LOG.error("%s %s failed", request.method, request.url.path, exc_info=error)
    return json_response({"error": {"type": "ServerError", "message": "the server failed; this is its bug"}}, 500)


def create_app(
    db: str | os.PathLike[str] = ":memory:",
    *,
    limits: Limits | None = None,
    runner: BotRunner | None = None,
    bot_delay: float = 0.5,
    synchronous: Synchronous = "normal",
    public_url: str | None = None,
    origins: Sequence[str] = (),
    web: Path | None = WEB,
    secrets: SystemSecrets | None = None,
) -> Starlette:
    """Build the server's ASGI application.

    The database is opened (and every unfinished table restored, its bots
    resumed) when the application starts, and closed when it stops.

    Args:
        db: The SQLite file, ``":memory:"`` for a throwaway server, or a ``postgresql://`` URL
            (the ``postgres`` extra): then any number of servers may share the database.
        limits: The limits to enforce (default `Limits()`).
        runner: Where bots decide (default: a `ProcessBotRunner` of 2 processes).
        bot_delay: The pause before each bot move, in seconds, for tables that do not set one.
        synchronous: SQLite's ``synchronous``: ``"normal"`` survives the server being killed,
            ``"full"`` also a power cut (see `tablegames.server.store`).
        public_url: The address people reach the server at, e.g. ``https://games.example.org``
            behind a reverse proxy: join links use it, and pages from it may connect.
        origins: Other browser origins whose pages may use the server.
        web: The directory of the web client's files (None: serve none).
        secrets: Where ids, tokens and seeds come from (default: the operating system).

    Raises:
        MissingExtraError: If the ``web`` extra is not installed.
    """
    from tablegames.server.sockets import table_socket

    settings = Settings(limits or Limits(), public_url, origins)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        lobby = Lobby(
            open_store(db, synchronous=synchronous),
            runner=runner or ProcessBotRunner(),
            limits=settings.limits,
            secrets=secrets,
            bot_delay=bot_delay,
        )
        restored = lobby.restore()
        if restored:
            LOG.info("restored %d unfinished table(s) from %s", restored, db)
        app.state.lobby = lobby
        lobby.start_bots()
        lobby.start_expiry()
        try:
            yield
        finally:
            await lobby.close()

    routes = [
        _routing.Route("/api", _api(server_info)),
        _routing.Route("/api/games", _api(list_games)),
        _routing.Route("/api/openapi.json", _api(openapi_document)),
        _routing.Route("/api/asyncapi.json", _api(asyncapi_document)),
        _routing.Route("/api/tables", _api(tables), methods=["GET", "POST"]),
        _routing.Route("/api/tables/{table}", _api(get_table)),
        _routing.Route("/api/tables/{table}/actions", _api(post_action), methods=["POST"]),
        _routing.Route("/api/tables/{table}/seats/{seat}", _api(claim_seat), methods=["POST"]),
        _routing.Route("/api/tables/{table}/check", _api(check_actions)),
        _routing.Route("/api/tables/{table}/record", _api(get_record)),
        _routing.WebSocketRoute("/api/tables/{table}/ws", table_socket),
        *web_routes(web),
    ]
    app: Starlette = _applications.Starlette(
        routes=routes,
        middleware=[_middleware.Middleware(AccessLog)],
        exception_handlers={_exceptions.HTTPException: _not_found, Exception: _crash},
        lifespan=lifespan,
    )
    app.state.settings = settings
    app.state.games = describe_games()
    return app
