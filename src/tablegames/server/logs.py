"""Logs without secrets: the server's access log, and a filter that blanks tokens in any log line.

The access log names the method, the path (never the query string, which
may hold a WebSocket's token), the status and the time taken. `Redact`
rewrites every record that passes a handler it is attached to, uvicorn's own
lines included (``tablegames serve`` attaches it to all of them):

- the whole value of a ``token`` parameter, up to the next ``&`` or space,
  whatever it holds (``Bearer%20...``, two tokens, quotes, ``%00``);
- what follows ``Bearer`` and a JSON ``"token"``;
- in a path of the server's routes, any part longer than a table id
  (`LONGEST_LOGGED` characters), and any query value that long: a token
  pasted where a table id or a number goes is not logged either.

Examples:
    >>> redact("GET /api/tables/x/ws?token=abc123&since=4")
    'GET /api/tables/x/ws?token=[redacted]&since=4'
    >>> redact("Authorization: Bearer abc123")
    'Authorization: Bearer [redacted]'
    >>> redact('"WebSocket /api/tables/x/ws?token=%22ab%22%20c,d" 403')
    '"WebSocket /api/tables/x/ws?token=[redacted]" 403'
    >>> redact("GET /api/tables/0123456789abcdefghij/record 404")
    'GET /api/tables/[long]/record 404'
"""

from __future__ import annotations

import logging
import re
import time
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from starlette.types import ASGIApp, Message, Receive, Scope, Send

__all__ = ["LONGEST_LOGGED", "AccessLog", "Redact", "redact"]

ACCESS = logging.getLogger("tablegames.server.access")
#: The longest part of a path or query value that is logged as it is: a table id's length.
LONGEST_LOGGED = 12
_PARAMETER = re.compile(r"(?P<key>token=)[^&\s\"'#]*", re.IGNORECASE)
_BEARER = re.compile(r"(?P<key>Bearer\s+)[^\s\"',;]+", re.IGNORECASE)
_JSON_TOKEN = re.compile(r"(?P<key>\"token\"\s*:\s*\")(?:[^\"\\]|\\.)*", re.IGNORECASE)
_PATH = re.compile(r"(?<![\w.-])/(?:api|tables|static)(?:[/?][^\s\"']*)?")
_PART = re.compile(r"(?<=[/=&?])[^/?&=#]{" + str(LONGEST_LOGGED + 1) + ",}")


def _shorten(match: re.Match[str]) -> str:
    return _PART.sub("[long]", match.group())


def redact(text: str) -> str:
    """Return ``text`` with every token in it, and every long part of a route's path, replaced."""
    text = _PARAMETER.sub(r"\g<key>[redacted]", text)
    text = _BEARER.sub(r"\g<key>[redacted]", text)
    text = _JSON_TOKEN.sub(r"\g<key>[redacted]", text)
    return _PATH.sub(_shorten, text)


class Redact(logging.Filter):
    """A logging filter that blanks tokens in the formatted message of every record."""

    def filter(self, record: logging.LogRecord) -> bool:
        """Rewrite the record's message without tokens; never drop the record."""
        message = record.getMessage()
        cleaned = redact(message)
        if cleaned != message:
            record.msg, record.args = cleaned, ()
        return True


class AccessLog:
    """ASGI middleware logging one line per request: method, path, status, milliseconds (no query, no headers).

    The path is logged as the client sent it (``%20`` stays ``%20``), so that
    `Redact` sees each part of it whole.
    """

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Serve the request and log it."""
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        started = time.perf_counter()
        status: list[int | str] = ["-"]

        async def watch(message: Message) -> None:
            if message["type"] == "http.response.start":
                status[0] = message["status"]
            elif message["type"] == "websocket.accept":
                status[0] = "accepted"
            elif message["type"] == "websocket.http.response.start":
                status[0] = message["status"]
            await send(message)

        try:
            await self.app(scope, receive, watch)
        finally:
            method = scope.get("method", "WS")
            elapsed = (time.perf_counter() - started) * 1000
            path = scope.get("raw_path") or scope.get("path", "").encode()
            ACCESS.info("%s %s %s %.1fms", method, path.decode("latin-1"), status[0], elapsed)
