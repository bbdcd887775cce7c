"""The HTTP routes of the wire protocol: each reads a request, asks the lobby, and answers JSON.

Each route raises a `TablegamesError` for a request it refuses;
`tablegames.server.app` turns it into its JSON error response and mounts
the routes. A seat's token comes in the ``Authorization: Bearer <token>``
header, never in the address.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

import tablegames
from tablegames.core.extras import require
from tablegames.core.schemas import KINDS
from tablegames.server.asyncapi import asyncapi
from tablegames.server.contract import openapi
from tablegames.server.errors import (
    BadRequestError,
    ForbiddenError,
    NotFoundError,
    TooLargeError,
    UnauthorizedError,
    UnsupportedMediaTypeError,
)
from tablegames.server.origins import origin_allowed
from tablegames.server.wire import (
    PROTOCOL_VERSION,
    dumps,
    read_action,
    read_checks,
    read_create,
    read_json,
    read_since,
)

_responses = require("starlette.responses", "web")

if TYPE_CHECKING:
    from starlette.requests import HTTPConnection, Request
    from starlette.responses import Response

    from tablegames.server.lobby import Lobby
    from tablegames.server.origins import Settings
    from tablegames.server.tables import Table

__all__ = [
    "asyncapi_document",
    "check_actions",
    "claim_seat",
    "client_of",
    "get_record",
    "get_table",
    "json_response",
    "list_games",
    "openapi_document",
    "post_action",
    "read_body",
    "server_info",
    "tables",
]


def json_response(data: object, status: int = 200) -> Response:
    """A JSON response, written by `tablegames.server.wire.dumps`, never cached."""
    response: Response = _responses.Response(
        dumps(data),
        status_code=status,
        media_type="application/json",
        headers={"Cache-Control": "no-store", "X-Content-Type-Options": "nosniff"},
    )
    return response


def client_of(connection: HTTPConnection) -> str:
    """The client's network address, which its rate limits are counted by."""
    return connection.client.host if connection.client is not None else "-"


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


async def game_schema(request: Request) -> Response:
    """``GET /api/schemas/{game}/{kind}``: the JSON Schema of a game's state, view, action, event or record."""
    documents = request.app.state.schemas
    game, kind = request.path_params["game"], request.path_params["kind"]
    if game not in documents or kind not in KINDS:
        raise NotFoundError(
            f"no such schema; the games are {', '.join(documents)}, "
            f"and each has a schema of its {', '.join(KINDS)}: GET /api/schemas/<game>/<kind>"
        )
    return json_response(documents[game][kind])


async def list_games(request: Request) -> Response:
    """``GET /api/games``: every game, its default options, how many players and which bots."""
    return json_response({"games": request.app.state.games})


async def create_table(request: Request) -> Response:
    """``POST /api/tables``: create a table; answer with it and a token and join link per person's seat."""
    _check_origin(request)
    body = read_create(await read_body(request, _settings(request).limits.max_body))
    _settings(request).creations.take(client_of(request), "tables")
    table, tokens = await _lobby(request).create(body)
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
    return json_response({"tables": await _lobby(request).listing()})


async def get_table(request: Request) -> Response:
    """``GET /api/tables/{id}``: the view and events of the token's seat, or a spectator's."""
    lobby = _lobby(request)
    table = await lobby.find(request.path_params["table"])
    seat = lobby.seat_of(table, _token(request))
    since = read_since(request.query_params.get("since"))
    await lobby.joined(table, seat)
    return json_response(table.snapshot(seat, since))


async def post_action(request: Request) -> Response:
    """``POST /api/tables/{id}/actions``: the token's seat acts; the answer is its new view and events."""
    _check_origin(request)
    lobby = _lobby(request)
    table = await lobby.find(request.path_params["table"])
    seat = _seat(request, lobby, table, "acting")
    wanted = request.query_params.get("since")
    body = read_action(await read_body(request, _settings(request).limits.max_body))
    _settings(request).actions.take(client_of(request), "actions")
    held = len(table.audiences[seat].events)
    since = held if wanted is None else read_since(wanted)
    if since > held:
        raise BadRequestError(f"since is at most {held} here, got {since}")
    await lobby.joined(table, seat)
    await lobby.play(table, seat, body.action, body.decisions)
    return json_response(table.snapshot(seat, min(since, len(table.audiences[seat].events))))


async def claim_seat(request: Request) -> Response:
    """``POST /api/tables/{id}/seats/{seat}``: take a free seat of an open table; its token and join link."""
    _check_origin(request)
    lobby = _lobby(request)
    table = await lobby.find(request.path_params["table"])
    raw = request.path_params["seat"]
    if not raw.isdigit() or len(raw) > 3:
        raise NotFoundError(f"table {table.id!r} has no seat {raw!r}")
    seat = int(raw)
    token = await lobby.claim(table, seat)
    return json_response({"seat": seat, "token": token, "join": _join_url(request, table, token)}, 201)


async def check_actions(request: Request) -> Response:
    """``GET /api/tables/{id}/check?action=...``: whether each action would be taken now, and if not, why."""
    lobby = _lobby(request)
    table = await lobby.find(request.path_params["table"])
    seat = _seat(request, lobby, table, "checking actions")
    actions = read_checks(request.query_params.getlist("action"), _settings(request).limits.max_checks)
    await lobby.joined(table, seat)
    return json_response({"decisions": table.decisions(seat), "checks": table.check(seat, actions)})


async def get_record(request: Request) -> Response:
    """``GET /api/tables/{id}/record``: the record once the game is over; before, the seat's transcript."""
    lobby = _lobby(request)
    table = await lobby.find(request.path_params["table"])
    seat = lobby.seat_of(table, _token(request))
    if table.status == "over":
        return json_response(table.record())
    return json_response(table.transcript(seat))
