"""Who may use the server: its settings, and the browser origins whose pages may call it.

`Settings` is what the routes need to know beyond the lobby (limits, rate
limits, the public address, the origins allowed); `origin_allowed` decides
whether a request's ``Origin`` is the server's own or one allowed, over HTTP
and for the WebSocket alike.
"""

from __future__ import annotations

from typing import TYPE_CHECKING
from urllib.parse import urlsplit

from tablegames.server.rates import RateLimit

if TYPE_CHECKING:
    from collections.abc import Mapping, Sequence

    from tablegames.server.limits import Limits

__all__ = ["Settings", "origin_allowed"]


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
