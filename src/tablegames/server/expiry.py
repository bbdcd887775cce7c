"""Table expiry: an unfinished table nobody touches for a while is deleted, and its listeners told.

`TableExpiry` is what the lobby (`tablegames.server.lobby.Lobby`) is built
on: it holds the unfinished tables in memory with the time each was last
touched, and deletes those left idle for ``Limits.idle_expiry`` seconds,
when asked (`TableExpiry.expire_idle`, before refusing a table for the
limit) and every so often on the event loop (`TableExpiry.start_expiry`).
Tables of a shared store never expire: another process may be the one
their players use.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from typing import TYPE_CHECKING

from tablegames.server.hub import Hub

if TYPE_CHECKING:
    from collections.abc import Callable

    from tablegames.server.limits import Limits
    from tablegames.server.storage import TableStore
    from tablegames.server.tables import Table

__all__ = ["TableExpiry"]

LOG = logging.getLogger("tablegames.server")


class TableExpiry:
    """The unfinished tables of a server, each with the time it was last touched, and their expiry.

    Args:
        store: The database expired tables are deleted from.
        limits: The limits, ``idle_expiry`` among them.

    Attributes:
        clock: Seconds from any start (`time.monotonic`), which idleness is measured by.
        hub: The connections told of a table's expiry.
    """

    def __init__(self, store: TableStore, limits: Limits) -> None:
        self.store = store
        self.limits = limits
        self.hub = Hub()
        self.clock: Callable[[], float] = time.monotonic
        self._open: dict[str, Table] = {}
        self._touched: dict[str, float] = {}
        self._sweeper: asyncio.Task[None] | None = None

    def _touch(self, table: Table) -> None:
        if table.id in self._open:
            self._touched[table.id] = self.clock()

    async def _expire_if_idle(self, table: Table) -> bool:
        """Expire ``table`` if it is unfinished and nobody touched it for ``idle_expiry``; return True if it did."""
        touched = self._touched.get(table.id)
        if self.store.shared:  # another process may be the one its players use: shared tables do not expire
            return False
        if table.id not in self._open or touched is None or self.clock() - touched < self.limits.idle_expiry:
            return False
        del self._open[table.id]
        del self._touched[table.id]
        await self.store.delete(table.id)
        self.hub.broadcast(table.id, {"type": "table", "table": {**table.summary(), "status": "expired"}})
        LOG.info("table %s expired: nobody touched it for %d seconds", table.id, self.limits.idle_expiry)
        return True

    async def expire_idle(self) -> int:
        """Delete every unfinished table nobody touched for ``Limits.idle_expiry`` seconds; return how many.

        Touching a table is acting at it, a seat's request or WebSocket, a
        seat joining or claimed (a bot's move too). Its listeners are sent a
        last ``table`` frame whose status is ``"expired"``; its id answers 404
        from then on. A finished table never expires.
        """
        return sum([await self._expire_if_idle(table) for table in list(self._open.values())])

    def start_expiry(self) -> None:
        """Look for idle tables every so often (a tenth of ``idle_expiry``, at most a minute), on the event loop."""

        async def sweep() -> None:
            while True:
                await asyncio.sleep(min(60.0, self.limits.idle_expiry / 10))
                await self.expire_idle()

        self._sweeper = asyncio.get_running_loop().create_task(sweep())

    async def stop_expiry(self) -> None:
        """Stop looking for idle tables."""
        if self._sweeper is not None:
            self._sweeper.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._sweeper
