"""The PostgreSQL store's actions, committed with psycopg's async API so that the event loop goes on meanwhile.

`AsyncActions` holds a pool of async connections (psycopg_pool's
``AsyncConnectionPool``), opened on the server's event loop at the first
action and closed with it. Each action is committed as the synchronous
`tablegames.server.pgstore.PostgresStore.append_action` does it: the table's
row locked (``SELECT … FOR UPDATE``), the ply checked to be the next one,
the action inserted and announced with ``NOTIFY`` in the same transaction.
While one action waits for the database, the server serves other tables.
"""

from __future__ import annotations

import asyncio
import logging
import time
from typing import Any

from tablegames.core.extras import require
from tablegames.server.errors import BusyError, ConflictError

__all__ = ["AsyncActions"]

LOG = logging.getLogger("tablegames.server")


class AsyncActions:
    """Commits a PostgreSQL store's actions on the event loop, through a pool of async connections.

    Args:
        conninfo: The database's URL or connection string.
        announce: What an action's ``NOTIFY`` says besides itself: the store's origin and its channel.
        connections: The most connections the pool opens.
        wait: How long an action waits for a connection before it is refused as the database
            being unreachable, in seconds.
        unavailable: The error raised then (a `BusyError`: "try again in a moment").
    """

    def __init__(
        self, conninfo: str, announce: tuple[str, str], *, connections: int, wait: float, unavailable: type[BusyError]
    ) -> None:
        self._conninfo = conninfo
        self._origin, self._channel = announce
        self._connections = connections
        self._wait = wait
        self._unavailable = unavailable
        self._psycopg = require("psycopg", "postgres")
        self._pools = require("psycopg_pool", "postgres")
        self._pool: Any = None
        #: Actions take turns for the pool's connections here, as long as it takes: only a database that
        #: cannot be reached makes one wait ``wait`` seconds for a connection and be refused.
        self._turns = asyncio.Semaphore(connections)

    def _opened(self) -> Any:
        """The pool, opened on the running event loop at the first call."""
        if self._pool is None:
            self._pool = self._pools.AsyncConnectionPool(
                self._conninfo,
                min_size=1,
                max_size=self._connections,
                open=False,
                timeout=self._wait,
                check=self._pools.AsyncConnectionPool.check_connection,
                kwargs={"autocommit": True},
                name="tablegames-actions",
            )
        return self._pool

    async def open(self, timeout: float = 10.0) -> None:
        """Open the pool now and wait for its first connection (else the first action opens it).

        Raises:
            BusyError: If the database cannot be reached within ``timeout`` seconds.
        """
        try:
            await self._opened().open(wait=True, timeout=timeout)
        except self._pools.PoolTimeout:
            raise self._unavailable(f"the database cannot be reached within {timeout:g} seconds") from None

    async def append_action(self, table_id: str, *, ply: int, seat: int, action: str, over: bool = False) -> None:
        """Store accepted action number ``ply`` of a table, and mark the table over if ``over``.

        Raises:
            ConflictError: If the table already has that ply, misses the one before, or is not playing.
            BusyError: If the database cannot be reached (the store's ``unavailable`` error).
        """
        now = time.time()
        conflict = ConflictError(f"table {table_id!r} already has action {ply}, or another is missing before it")
        pool = self._opened()
        try:
            if pool.closed:
                await pool.open(wait=False)
            async with self._turns, pool.connection() as db, db.transaction():
                found = await (
                    await db.execute("SELECT status FROM tables WHERE id = %s FOR UPDATE", (table_id,))
                ).fetchone()
                last = await db.execute("SELECT coalesce(max(ply), 0) FROM actions WHERE table_id = %s", (table_id,))
                before = await last.fetchone()
                if found is None or found[0] != "playing" or int(before[0]) + 1 != ply:
                    raise conflict
                await db.execute(
                    "INSERT INTO actions (table_id, ply, seat, action, at) VALUES (%s, %s, %s, %s, %s)",
                    (table_id, ply, seat, action, now),
                )
                if over:
                    await db.execute(
                        "UPDATE tables SET status = 'over', updated_at = %s WHERE id = %s", (now, table_id)
                    )
                payload = f"{self._origin} action {ply} {table_id} {action}"
                # NOTIFY's limit is 8000 bytes: past it the others read the action from the table.
                if len(payload.encode("utf-8")) > 7900:
                    payload = f"{self._origin} action {ply} {table_id} "
                await db.execute("SELECT pg_notify(%s, %s)", (self._channel, payload))
        except self._psycopg.errors.IntegrityError:
            raise conflict from None
        except (self._psycopg.OperationalError, self._pools.PoolTimeout) as error:
            LOG.warning("the database cannot be reached: %s", str(error).strip().splitlines()[0] if str(error) else "")
            raise self._unavailable("the database cannot be reached just now; try again in a moment") from None

    async def close(self) -> None:
        """Close the pool (on the event loop it was opened on)."""
        if self._pool is not None and not self._pool.closed:
            await self._pool.close()
        self._pool = None
