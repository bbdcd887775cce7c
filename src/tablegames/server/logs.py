"""Logs without secrets: the server's access log, and a filter that blanks tokens in any log line.

The access log names the method, the path (never the query string, which
may hold a WebSocket's token), the status and the time taken. `Redact`
replaces anything that looks like a token parameter or a bearer token in
every record that passes a handler it is attached to, uvicorn's own lines
included (``tablegames serve`` attaches it to all of them).

Examples:
    >>> redact("GET /api/tables/x/ws?token=abc123&since=4")
    'GET /api/tables/x/ws?token=[redacted]&since=4'
    >>> redact("Authorization: Bearer abc123")
    'Authorization: Bearer [redacted]'
"""

from __future__ import annotations

import logging
import re
import time
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from starlette.types import ASGIApp, Message, Receive, Scope, Send

__all__ = ["AccessLog", "Redact", "redact"]

ACCESS = logging.getLogger("tablegames.server.access")
_SECRETS = re.compile(r"(?P<key>token=|Bearer\s+|\"token\"\s*:\s*\")(?P<secret>[A-Za-z0-9_\-]+)", re.IGNORECASE)


def redact(text: str) -> str:
    """Return ``text`` with every token in it replaced by ``[redacted]``."""
    return _SECRETS.sub(r"\g<key>[redacted]", text)


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
    """ASGI middleware logging one line per request: method, path, status, milliseconds (no query, no headers)."""

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
            ACCESS.info("%s %s %s %.1fms", method, scope.get("path", ""), status[0], elapsed)
