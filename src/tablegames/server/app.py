"""The Starlette application: the HTTP routes of the wire protocol, its errors, and the web client's files.

`create_app` builds the ASGI application ``tablegames serve`` runs under
uvicorn. Its routes (the [wire protocol](../reference/wire.md) describes each):

| route | what it does |
|---|---|
| ``GET /api`` | the server: protocol version, games, limits |
| ``GET /api/games`` | every game with its default options, players and bots |
| ``GET /api/openapi.json`` | the OpenAPI 3.1 document of these routes (`tablegames.server.contract`) |
| ``GET /api/asyncapi.json`` | the AsyncAPI 3 document of the WebSocket's messages (`tablegames.server.asyncapi`) |
| ``GET /api/schemas/{game}/{kind}`` | the JSON Schema of a game's state, view, action, event or record |
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
from pathlib import Path
from typing import TYPE_CHECKING

import tablegames
from tablegames import TablegamesError
from tablegames.core.extras import require
from tablegames.server import routes
from tablegames.server.botrunner import BotRunner, ProcessBotRunner
from tablegames.server.catalogue import describe_games
from tablegames.server.errors import (
    BadRequestError,
    MethodNotAllowedError,
    NotFoundError,
    TooManyRequestsError,
    error_body,
    status_of,
)
from tablegames.server.limits import Limits
from tablegames.server.lobby import Lobby
from tablegames.server.logs import AccessLog
from tablegames.server.origins import Settings, origin_allowed
from tablegames.server.routes import client_of, json_response, read_body
from tablegames.server.sockets import table_socket
from tablegames.server.storage import open_store
from tablegames.server.webclient import web_routes

_applications = require("starlette.applications", "web")
_exceptions = require("starlette.exceptions", "web")
_middleware = require("starlette.middleware", "web")
_requests = require("starlette.requests", "web")
_responses = require("starlette.responses", "web")
_routing = require("starlette.routing", "web")

if TYPE_CHECKING:
    import os
    from collections.abc import AsyncIterator, Awaitable, Callable, Sequence

    from starlette.applications import Starlette
    from starlette.requests import Request
    from starlette.responses import Response

    from tablegames.server.store import Synchronous
    from tablegames.server.tokens import SystemSecrets

__all__ = ["NO_ROUTE", "WEB", "Settings", "client_of", "create_app", "json_response", "origin_allowed", "read_body"]

LOG = logging.getLogger("tablegames.server")
#: Where the web client's files are installed: ``tablegames/web`` (served if it holds ``index.html``).
WEB = Path(tablegames.__file__).resolve().parent / "web"


def _error(error: TablegamesError) -> Response:
    response = json_response(error_body(error), status_of(error))
    if isinstance(error, TooManyRequestsError):
        response.headers["Retry-After"] = str(max(1, math.ceil(error.retry_after)))
    return response


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


#: What a client is told for a path that is no route.
NO_ROUTE = (
    "no such route; the routes are GET /api, GET /api/games, GET and POST /api/tables, and under "
    "/api/tables/{id}: GET itself, POST actions, POST seats/{seat}, GET check, GET record and the WebSocket ws; "
    "GET /api/schemas/{game}/{kind} gives a game's JSON Schemas; "
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
    docs: str | os.PathLike[str] | None = None,
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
        docs: The rules pages the lobby links each option to: a folder of the built documentation
            site, served under ``/docs/``, or the http(s) address where it is published (None: no links).
        secrets: Where ids, tokens and seeds come from (default: the operating system).

    Raises:
        MissingExtraError: If the ``web`` extra is not installed.
        ConfigError: If ``docs`` is neither an http(s) address nor a folder holding a built site.
    """
    settings = Settings(limits or Limits(), public_url, origins)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        lobby = Lobby(
            await open_store(db, synchronous=synchronous),
            runner=runner or ProcessBotRunner(),
            limits=settings.limits,
            secrets=secrets,
            bot_delay=bot_delay,
        )
        restored = await lobby.restore()
        if restored:
            LOG.info("restored %d unfinished table(s) from %s", restored, db)
        app.state.lobby = lobby
        lobby.start_bots()
        lobby.start_expiry()
        try:
            yield
        finally:
            await lobby.close()

    mounted = [
        _routing.Route("/api", _api(routes.server_info)),
        _routing.Route("/api/games", _api(routes.list_games)),
        _routing.Route("/api/openapi.json", _api(routes.openapi_document)),
        _routing.Route("/api/asyncapi.json", _api(routes.asyncapi_document)),
        _routing.Route("/api/schemas/{game}/{kind}", _api(routes.game_schema)),
        _routing.Route("/api/tables", _api(routes.tables), methods=["GET", "POST"]),
        _routing.Route("/api/tables/{table}", _api(routes.get_table)),
        _routing.Route("/api/tables/{table}/actions", _api(routes.post_action), methods=["POST"]),
        _routing.Route("/api/tables/{table}/seats/{seat}", _api(routes.claim_seat), methods=["POST"]),
        _routing.Route("/api/tables/{table}/check", _api(routes.check_actions)),
        _routing.Route("/api/tables/{table}/record", _api(routes.get_record)),
        _routing.WebSocketRoute("/api/tables/{table}/ws", table_socket),
        *web_routes(web, docs),
    ]
    app: Starlette = _applications.Starlette(
        routes=mounted,
        middleware=[_middleware.Middleware(AccessLog)],
        exception_handlers={_exceptions.HTTPException: _not_found, Exception: _crash},
        lifespan=lifespan,
    )
    app.state.settings = settings
    app.state.games = describe_games()
    app.state.schemas = {name: tablegames.load(name).json_schemas() for name in tablegames.names()}
    return app
