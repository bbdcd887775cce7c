"""Rate limits per client: how many tables one address may create, and how many actions it may send.

Each client (its network address, as the server sees it: behind a reverse
proxy that uvicorn trusts, the address the proxy names) has a bucket per
kind of request holding up to a minute's allowance; each request takes one
from it, and it fills again at the allowance's pace. A request finding its
bucket empty is refused with ``TooManyRequestsError`` (HTTP 429, with
``Retry-After``) and changes nothing; the client's other requests, and every
other client, are not affected. Bots are not limited: their pace is their
table's ``bot_delay``.

Examples:
    >>> now = [0.0]
    >>> limit = RateLimit(per_minute=2, clock=lambda: now[0])
    >>> limit.wait("10.0.0.1"), limit.wait("10.0.0.1"), limit.wait("10.0.0.1")
    (0.0, 0.0, 30.0)
    >>> limit.wait("10.0.0.2")
    0.0
    >>> now[0] = 30.0
    >>> limit.wait("10.0.0.1")
    0.0
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

from tablegames.server.errors import TooManyRequestsError

if TYPE_CHECKING:
    from collections.abc import Callable

__all__ = ["RateLimit"]


class RateLimit:
    """A bucket of ``per_minute`` requests for each client, filled again at that pace.

    Args:
        per_minute: How many requests a client may make in a minute (and at once, after a quiet minute).
        clock: Seconds from any start, never going back (default `time.monotonic`).
        clients: How many clients' buckets are kept; past it, the full ones (clients quiet for a minute) go.
    """

    def __init__(self, per_minute: int, *, clock: Callable[[], float] = time.monotonic, clients: int = 10_000) -> None:
        self.per_minute = per_minute
        self._clock = clock
        self._clients = clients
        self._buckets: dict[str, tuple[float, float]] = {}

    def _level(self, client: str, now: float) -> float:
        level, then = self._buckets.get(client, (float(self.per_minute), now))
        return min(float(self.per_minute), level + (now - then) * self.per_minute / 60.0)

    def wait(self, client: str) -> float:
        """Take one request from ``client``'s bucket; return 0, or the seconds until it may ask again.

        A refused request takes nothing from the bucket.
        """
        now = self._clock()
        level = self._level(client, now)
        if level < 1.0:
            return (1.0 - level) * 60.0 / self.per_minute
        self._buckets[client] = (level - 1.0, now)
        if len(self._buckets) > self._clients:
            self._forget(now)
        return 0.0

    def take(self, client: str, what: str) -> None:
        """Take one request from ``client``'s bucket.

        Raises:
            TooManyRequestsError: If the bucket is empty; nothing was taken.
        """
        seconds = self.wait(client)
        if seconds:
            raise TooManyRequestsError(
                f"at most {self.per_minute} {what} a minute from one client; try again in {seconds:.0f} s",
                retry_after=seconds,
            )

    def _forget(self, now: float) -> None:
        full = [client for client in self._buckets if self._level(client, now) >= self.per_minute]
        for client in full:
            del self._buckets[client]
