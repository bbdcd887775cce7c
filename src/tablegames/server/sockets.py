"""The WebSocket endpoint ``/api/tables/{id}/ws``: a seat's or a spectator's live connection to a table.

A connection is refused (HTTP 403, before it opens) when it comes from a
page of another origin, and with the error's status when the table or the
token is unknown or ``since`` is out of range. Once open it is sent a
``snapshot`` (the table, the view, the events after ``since``; with
``?wait=auth``, nothing until its ``auth`` message, whose snapshot is the
first frame), then an
``update`` whenever its view or its events change and a ``table`` frame
whenever the table's summary does (a seat joins, connects or leaves, the
game starts or ends).

A client may send, as JSON text messages:

- ``{"type": "auth", "token": "...", "since": N}``: listen as that seat from
  now on (instead of putting the token in the URL); answered by a snapshot;
- ``{"type": "action", "action": "...", "decisions": N}``: act, as over HTTP;
  the updates that follow say what happened;
- ``{"type": "ping"}``: answered by ``{"type": "pong"}``.

A message that cannot be read is answered by an ``error`` frame and the
connection stays open; a message over the size limit closes this connection
(code 1009); a client too far behind is closed with code 1013 (it reconnects
with ``since``). Nothing one connection sends affects another's.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import TYPE_CHECKING

from tablegames import TablegamesError
from tablegames.core.extras import require
from tablegames.server.errors import (
    BadRequestError,
    ForbiddenError,
    TooLargeError,
    UnauthorizedError,
    error_body,
    status_of,
)
from tablegames.server.hub import Connection
from tablegames.server.origins import origin_allowed
from tablegames.server.routes import client_of, json_response
from tablegames.server.wire import dumps, read_action, read_json, read_since

require("starlette.websockets", "web")

if TYPE_CHECKING:
    from collections.abc import Mapping
    from typing import Any

    from starlette.websockets import WebSocket

    from tablegames.server.lobby import Lobby
    from tablegames.server.origins import Settings
    from tablegames.server.tables import Table

__all__ = ["CLOSE_BEHIND", "CLOSE_TOO_LARGE", "table_socket"]

LOG = logging.getLogger("tablegames.server")
#: Close code for a message over the size limit.
CLOSE_TOO_LARGE = 1009
#: Close code for a client too far behind (reconnect with ``since``).
CLOSE_BEHIND = 1013


async def _deny(websocket: WebSocket, error: TablegamesError) -> None:
    """Refuse a connection before it opens, with the error's status and JSON body where the server allows."""
    try:
        await websocket.send_denial_response(json_response(error_body(error), status_of(error)))
    except RuntimeError:  # the server cannot send a response here: a plain refusal (HTTP 403)
        await websocket.close(code=1008)


async def _send_all(websocket: WebSocket, connection: Connection) -> None:
    try:
        await connection.pump()
        if connection.overflowed:
            await websocket.close(code=CLOSE_BEHIND, reason="too far behind: reconnect with since")
    except Exception as error:  # the client went away mid-send
        LOG.debug("a WebSocket send failed: %r", error)


class _Session:
    """One open connection: reads its messages and answers them."""

    def __init__(self, lobby: Lobby, settings: Settings, table: Table, connection: Connection, client: str) -> None:
        self.lobby = lobby
        self.client = client
        self.settings = settings
        self.table = table
        self.connection = connection
        self.awaiting = False

    async def handle(self, message: Mapping[str, Any]) -> bool:
        """Answer one message; return False if the connection must close (the message was too large)."""
        text = message.get("text")
        try:
            if text is None:
                raise BadRequestError("send messages as text frames holding JSON")
            if len(text) > self.settings.limits.max_message or len(text.encode()) > self.settings.limits.max_message:
                raise TooLargeError(f"a message is at most {self.settings.limits.max_message} bytes")
            await self._answer(read_json(text, "a message"))
        except TooLargeError as error:
            self.connection.push(dumps({"type": "error", **error_body(error)}))
            return False
        except TablegamesError as error:
            self.connection.push(dumps({"type": "error", **error_body(error)}))
        return True

    async def _answer(self, data: object) -> None:
        if not isinstance(data, dict) or not isinstance(data.get("type"), str):
            raise BadRequestError('a message is a JSON object with a "type": "auth", "action" or "ping"')
        kind = data["type"]
        if kind == "ping":
            if len(data) > 1:
                raise BadRequestError("a ping has no other fields")
            self.connection.push(dumps({"type": "pong"}))
        elif kind == "auth":
            unknown = sorted(set(data) - {"type", "token", "since"})
            token, since = data.get("token"), data.get("since", 0)
            if unknown or not isinstance(token, str) or type(since) is not int or since < 0:
                raise BadRequestError('auth is {"type": "auth", "token": "<token>", "since": <events held, from 0>}')
            seat = self.lobby.seat_of(self.table, token)
            was_awaiting, self.awaiting = self.awaiting, False
            self.lobby.awaiting_auth -= was_awaiting  # its place is now the connection's own
            try:
                await self.lobby.connect(self.connection, self.table, seat, since)
            except TablegamesError:
                self.awaiting = was_awaiting
                self.lobby.awaiting_auth += was_awaiting
                raise
        elif kind == "action":
            request = read_action(data, fields=("type", "action", "decisions"))
            seat = self.connection.audience
            if seat is None or self.connection.table_id is None:
                raise UnauthorizedError("acting needs a seat: send an auth message with the seat's token first")
            self.settings.actions.take(self.client, "actions")
            await self.lobby.play(self.table, seat, request.action, request.decisions)
        else:
            raise BadRequestError(f"unknown message type {kind!r}; the types are auth, action and ping")


def _waits_for_auth(query: Mapping[str, str]) -> bool:
    """Whether the connection asked to be sent nothing until its ``auth`` message (``?wait=auth``).

    Raises:
        BadRequestError: If ``wait`` is anything else, or comes with a ``token`` or ``since`` in the address.
    """
    wait = query.get("wait")
    if wait is None:
        return False
    if wait != "auth":
        raise BadRequestError(f"wait takes one value, auth, got {wait!r}")
    if "token" in query or "since" in query:
        raise BadRequestError("with ?wait=auth the token and since go in the auth message, not in the address")
    return True


async def table_socket(websocket: WebSocket) -> None:
    """Serve one WebSocket connection to a table until either side closes it."""
    lobby: Lobby = websocket.app.state.lobby
    settings: Settings = websocket.app.state.settings
    if not origin_allowed(websocket.headers, settings.origins, websocket.url.scheme):
        await _deny(websocket, ForbiddenError("WebSocket connections from pages of other origins are refused"))
        return
    query = websocket.query_params
    try:
        table = await lobby.find(websocket.path_params["table"])
        waiting = _waits_for_auth(query)
        seat = lobby.seat_of(table, query.get("token"))
        since = read_since(query.get("since"))
        lobby.check_connect(table, seat, since)
    except TablegamesError as error:
        await _deny(websocket, error)
        return
    await websocket.accept()
    connection = Connection(websocket.send_text, limit=settings.limits.max_queue)
    sender = asyncio.get_running_loop().create_task(_send_all(websocket, connection))
    session = _Session(lobby, settings, table, connection, client_of(websocket))
    closing = False
    try:
        if waiting:
            session.awaiting = True
            lobby.awaiting_auth += 1
        else:
            await lobby.connect(connection, table, seat, since)
        while not sender.done():
            message = await websocket.receive()
            if message["type"] == "websocket.disconnect":
                break
            if not await session.handle(message):
                closing = True
                break
    finally:
        lobby.disconnect(connection)
        if session.awaiting:
            session.awaiting = False
            lobby.awaiting_auth -= 1
        if not closing:
            sender.cancel()
        connection.close()
        with contextlib.suppress(asyncio.CancelledError):
            await sender
    if closing:
        with contextlib.suppress(Exception):
            await websocket.close(code=CLOSE_TOO_LARGE, reason="message too large")
