"""The PostgreSQL store: the tables of any number of server processes, and the news of their changes.

`PostgresStore` keeps the same tables, seats (the SHA-256 of each token,
never the token) and numbered actions as the SQLite store, at the same
schema version, in a PostgreSQL database (``tablegames serve --db
postgresql://…``; the ``postgres`` extra installs psycopg 3 and its pool).
The schema version is the one row of ``tablegames_schema``; opening an
older database migrates it in one transaction, under a lock so that
processes starting together migrate it once.

Several processes may serve the same tables from one database:

- **One action per ply, in order.** `PostgresStore.append_action` locks the
  table's row (``SELECT … FOR UPDATE``), checks that the table is playing
  and that the ply is the next one, and inserts it; ``(table_id, ply)`` is
  the primary key besides. Of two processes adding the same ply, exactly
  one commits; the other gets a `ConflictError`.
- **On the event loop.** Every call goes through psycopg's async API and a
  pool of async connections (psycopg_pool's ``AsyncConnectionPool``), so
  that the server serves other tables while the database works. Calls take
  turns for the pool's connections for as long as it takes; only a
  database that cannot be reached makes one wait for a connection and be
  refused.
- **News.** Every change is announced with ``NOTIFY tablegames`` in the
  transaction that makes it, so it is heard only once committed (an
  action's announcement carries the action, so the others need not read it);
  `PostgresStore.listen` hears the other processes' changes on a
  connection of its own (``LISTEN``), and after losing that connection
  reconnects and reports that it may have missed some.
- **Bots.** A table's bots move on the process that holds the table's
  session-level advisory lock (`PostgresStore.hold_bots`); it is released
  when the table is over, or by PostgreSQL itself when that process's
  connection ends (the process was killed, or the machine died), and
  another process then takes it over.

While the database cannot be reached (restarting, a network cut), every
call raises `DatabaseUnavailableError`, which a client is sent as a
`BusyError` (HTTP 503: "the database cannot be reached just now; try again
in a moment"); the pool opens new connections once the database is back.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
import time
import zlib
from typing import TYPE_CHECKING, Any

from tablegames.core.extras import require
from tablegames.server.errors import BusyError, ConflictError, StoreError
from tablegames.server.pgschema import MIGRATIONS
from tablegames.server.store import SCHEMA_VERSION, SeatRow, TableRow

if TYPE_CHECKING:
    from collections.abc import AsyncIterator, Awaitable, Callable

__all__ = ["CHANNEL", "DatabaseUnavailableError", "PostgresStore", "without_password"]

LOG = logging.getLogger("tablegames.server")
#: The ``NOTIFY`` channel changes are announced on.
CHANNEL = "tablegames"
#: The first key of the advisory locks this store takes (``"tg"``); the second is the table id's CRC-32.
LOCK_CLASS = 0x7467
_MIGRATION_LOCK = 0


class DatabaseUnavailableError(BusyError):
    """The database cannot be reached now (it is restarting, or the network is down): try again in a moment."""


def without_password(url: str) -> str:
    """A database URL as it may be shown or logged: any password left out.

    Examples:
        >>> without_password("postgresql://games:secret@db.example.org:5432/tablegames")
        'postgresql://games@db.example.org:5432/tablegames'
        >>> without_password("postgresql:///tablegames")
        'postgresql:///tablegames'
    """
    scheme, sep, rest = url.partition("://")
    credentials, at, host = rest.rpartition("@")
    if not sep or not at:
        return url
    return f"{scheme}://{credentials.split(':', 1)[0]}@{host}"


def _lock_key(table_id: str) -> int:
    return zlib.crc32(table_id.encode("utf-8")) - 2**31


class PostgresStore:
    """A tablegames database in PostgreSQL; all its methods commit before they return.

    Open one with `PostgresStore.open`, on the event loop that uses it.

    Args:
        conninfo: The database's URL or connection string.
        pool: Its pool of async connections, open.
        connections: The most connections the pool opens.

    Attributes:
        shared: True: other server processes may use the same database.
    """

    shared = True

    def __init__(self, conninfo: str, pool: Any, *, connections: int = 4) -> None:
        self._conninfo = conninfo
        self._pool = pool
        self._psycopg = require("psycopg", "postgres")
        self._pools = require("psycopg_pool", "postgres")
        self._origin = secrets.token_hex(6)
        #: Calls take turns for the pool's connections here, as long as it takes: only a database that cannot be
        #: reached makes one wait the pool's ``timeout`` for a connection and be refused.
        self._turns = asyncio.Semaphore(connections)
        self._locks: Any = None
        self._held: set[str] = set()
        self._guard = asyncio.Lock()

    @classmethod
    async def open(
        cls, conninfo: str, *, connections: int = 4, timeout: float = 10.0, wait: float = 3.0
    ) -> PostgresStore:
        """Connect to (creating or migrating the schema of) the database ``conninfo``, a ``postgresql://`` URL.

        Args:
            conninfo: The database's URL or connection string.
            connections: The most connections the pool opens.
            timeout: How long to wait for the database on opening, in seconds.
            wait: How long a call waits for a connection while the database cannot be reached
                before it is refused with `DatabaseUnavailableError`, in seconds.

        Raises:
            StoreError: If the database cannot be reached, holds another program's tables,
                or was written by a newer tablegames.
            MissingExtraError: If the ``postgres`` extra is not installed.
        """
        require("psycopg", "postgres")
        pools = require("psycopg_pool", "postgres")
        pool = pools.AsyncConnectionPool(
            conninfo,
            min_size=1,
            max_size=connections,
            open=False,
            timeout=wait,
            check=pools.AsyncConnectionPool.check_connection,
            kwargs={"autocommit": True},
            name="tablegames",
        )
        try:
            await pool.open(wait=True, timeout=timeout)
        except pools.PoolTimeout:
            await pool.close()
            raise StoreError(
                f"cannot reach the database {without_password(conninfo)!r} within {timeout:g} seconds"
            ) from None
        store = cls(conninfo, pool, connections=connections)
        try:
            await store._migrate()
        except BaseException:
            await store.close()
            raise
        return store

    @contextlib.asynccontextmanager
    async def _connection(self) -> AsyncIterator[Any]:
        """A pooled connection; the database being unreachable becomes `DatabaseUnavailableError`."""
        try:
            async with self._turns, self._pool.connection() as connection:
                yield connection
        except (self._psycopg.OperationalError, self._pools.PoolTimeout) as error:
            LOG.warning("the database cannot be reached: %s", str(error).strip().splitlines()[0] if str(error) else "")
            raise DatabaseUnavailableError("the database cannot be reached just now; try again in a moment") from None

    async def version(self) -> int:
        """The database's schema version."""
        async with self._connection() as db:
            found = await (await db.execute("SELECT version FROM tablegames_schema")).fetchone()
        return int(found[0])

    async def _migrate(self) -> None:
        async with self._connection() as db, db.transaction():
            await db.execute("SELECT pg_advisory_xact_lock(%s, %s)", (LOCK_CLASS, _MIGRATION_LOCK))
            listed = await db.execute(
                "SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema()"
            )
            names = {name for (name,) in await listed.fetchall()}
            if "tablegames_schema" in names:
                version = int((await (await db.execute("SELECT version FROM tablegames_schema")).fetchone())[0])
            elif names & {"tables", "seats", "actions"}:
                raise StoreError("this database holds tables of another program (no tablegames_schema)")
            else:
                await db.execute("CREATE TABLE tablegames_schema (version INTEGER NOT NULL)")
                await db.execute("INSERT INTO tablegames_schema VALUES (0)")
                version = 0
            if version > SCHEMA_VERSION:
                raise StoreError(
                    f"the database has schema version {version}, written by a newer tablegames; "
                    f"this one reads versions up to {SCHEMA_VERSION}"
                )
            for step in MIGRATIONS[version:SCHEMA_VERSION]:
                for statement in step.split(";"):
                    if statement.strip():
                        await db.execute(statement)
            await db.execute("UPDATE tablegames_schema SET version = %s", (SCHEMA_VERSION,))

    async def _notify(self, db: Any, what: str, table_id: str, ply: int = 0, action: str = "") -> None:
        payload = f"{self._origin} {what} {ply} {table_id} {action}"
        if len(payload.encode("utf-8")) > 7900:  # NOTIFY's limit is 8000 bytes: the others read it from the table
            payload = f"{self._origin} {what} {ply} {table_id} "
        await db.execute("SELECT pg_notify(%s, %s)", (CHANNEL, payload))

    async def create_table(self, row: TableRow) -> None:
        """Store a new table and its seats (its actions, if any, are not stored)."""
        now = time.time()
        async with self._connection() as db, db.transaction():
            await db.execute(
                "INSERT INTO tables (id, game, options, record, bot_seed, bot_delay, open, status, created_at,"
                " updated_at) VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s, %s)",
                (
                    row.id,
                    row.game,
                    json.dumps(row.options),
                    json.dumps(row.record),
                    row.bot_seed,
                    row.bot_delay,
                    row.open,
                    row.status,
                    now,
                    now,
                ),
            )
            async with db.cursor() as cursor:
                await cursor.executemany(
                    "INSERT INTO seats (table_id, seat, player, bot, token_hash, joined_at, name)"
                    " VALUES (%s, %s, %s, %s, %s, %s, %s)",
                    [
                        (
                            row.id,
                            seat.seat,
                            seat.player,
                            seat.bot,
                            seat.token_hash,
                            now if seat.joined else None,
                            seat.name,
                        )
                        for seat in row.seats
                    ],
                )
            await self._notify(db, "table", row.id)

    async def append_action(self, table_id: str, *, ply: int, seat: int, action: str, over: bool = False) -> None:
        """Store accepted action number ``ply`` of a table, and mark the table over if ``over``.

        The table's row is locked while the ply is checked and written, so of
        several processes adding actions to one table, one at a time does.

        Raises:
            ConflictError: If the table already has that ply, misses the one before, or is not playing.
            DatabaseUnavailableError: If the database cannot be reached.
        """
        now = time.time()
        conflict = ConflictError(f"table {table_id!r} already has action {ply}, or another is missing before it")
        try:
            async with self._connection() as db, db.transaction():
                locked = await db.execute("SELECT status FROM tables WHERE id = %s FOR UPDATE", (table_id,))
                found = await locked.fetchone()
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
                await self._notify(db, "action", table_id, ply, action)
        except self._psycopg.errors.IntegrityError:
            raise conflict from None

    async def join(self, table_id: str, seat: int, *, status: str) -> None:
        """Mark a seat as joined; the table starts playing once every person's seat is.

        The status is worked out here from the seats as stored (``status``, this
        process's idea of it, may be behind another process's joins).
        """
        now = time.time()
        async with self._connection() as db, db.transaction():
            await db.execute("SELECT 1 FROM tables WHERE id = %s FOR UPDATE", (table_id,))
            joined = await db.execute(
                "UPDATE seats SET joined_at = %s WHERE table_id = %s AND seat = %s AND joined_at IS NULL",
                (now, table_id, seat),
            )
            if joined.rowcount:
                await self._set_status(db, table_id, now)

    async def claim(self, table_id: str, seat: int, token_hash: bytes, *, status: str) -> bool:
        """Give a free human seat a new token and mark it joined; return False if it is not free."""
        now = time.time()
        async with self._connection() as db, db.transaction():
            await db.execute("SELECT 1 FROM tables WHERE id = %s FOR UPDATE", (table_id,))
            claimed = await db.execute(
                "UPDATE seats SET token_hash = %s, joined_at = %s"
                " WHERE table_id = %s AND seat = %s AND player = 'human' AND joined_at IS NULL",
                (token_hash, now, table_id, seat),
            )
            if claimed.rowcount:
                await self._set_status(db, table_id, now)
        return bool(claimed.rowcount)

    async def _set_status(self, db: Any, table_id: str, now: float) -> None:
        """After a seat joined (the table's row locked): waiting while a person's seat is free, else playing."""
        await db.execute(
            "UPDATE tables SET updated_at = %s, status = CASE WHEN EXISTS (SELECT 1 FROM seats WHERE table_id = %s"
            " AND player = 'human' AND joined_at IS NULL) THEN 'waiting' ELSE 'playing' END"
            " WHERE id = %s AND status != 'over'",
            (now, table_id, table_id),
        )
        await self._notify(db, "table", table_id)

    async def delete(self, table_id: str) -> None:
        """Delete an unfinished table with its seats and actions (it expired); a finished one is kept."""
        async with self._connection() as db, db.transaction():
            found = await db.execute("SELECT 1 FROM tables WHERE id = %s AND status != 'over' FOR UPDATE", (table_id,))
            if await found.fetchone():
                await db.execute("DELETE FROM actions WHERE table_id = %s", (table_id,))
                await db.execute("DELETE FROM seats WHERE table_id = %s", (table_id,))
                await db.execute("DELETE FROM tables WHERE id = %s", (table_id,))

    async def load(self, table_id: str) -> TableRow | None:
        """Return the table ``table_id`` with its seats and actions, or None."""
        async with self._connection() as db:
            found = await db.execute(
                "SELECT id, game, options, record, bot_seed, bot_delay, open, status FROM tables WHERE id = %s",
                (table_id,),
            )
            row = await found.fetchone()
            return None if row is None else await self._row(db, row)

    async def unfinished(self) -> list[TableRow]:
        """Return every table that is not over, oldest first."""
        async with self._connection() as db:
            found = await db.execute(
                "SELECT id, game, options, record, bot_seed, bot_delay, open, status FROM tables"
                " WHERE status != 'over' ORDER BY created_at, id"
            )
            return [await self._row(db, each) for each in await found.fetchall()]

    @staticmethod
    async def _row(db: Any, found: tuple[Any, ...]) -> TableRow:
        table_id, game, options, record, bot_seed, bot_delay, is_open, status = found
        seat_rows = await db.execute(
            "SELECT seat, player, bot, token_hash, joined_at, name FROM seats WHERE table_id = %s ORDER BY seat",
            (table_id,),
        )
        seats = tuple(
            SeatRow(
                seat=seat,
                player=player,
                bot=bot,
                token_hash=None if hashed is None else bytes(hashed),
                joined=joined is not None,
                name=name,
            )
            for seat, player, bot, hashed, joined, name in await seat_rows.fetchall()
        )
        action_rows = await db.execute("SELECT action FROM actions WHERE table_id = %s ORDER BY ply", (table_id,))
        return TableRow(
            id=table_id,
            game=game,
            options=json.loads(options),
            record=json.loads(record),
            bot_seed=int(bot_seed),
            seats=seats,
            bot_delay=float(bot_delay),
            open=bool(is_open),
            status=status,
            actions=tuple(text for (text,) in await action_rows.fetchall()),
        )

    # -- bots --------------------------------------------------------------------------------------------------

    async def hold_bots(self, table_id: str) -> bool:
        """Return True if this process moves the table's bots, taking the table's advisory lock if it is free.

        The lock lives as long as this process's lock connection: if the
        database restarts, the locks are gone and are taken again by whichever
        process asks first.
        """
        async with self._guard:
            try:
                if self._locks is None or self._locks.closed or self._locks.broken:
                    self._held.clear()
                    self._locks = await self._psycopg.AsyncConnection.connect(
                        self._conninfo, autocommit=True, connect_timeout=5
                    )
                if table_id in self._held:
                    return True
                asked = await self._locks.execute(
                    "SELECT pg_try_advisory_lock(%s, %s)", (LOCK_CLASS, _lock_key(table_id))
                )
                taken = (await asked.fetchone())[0]
            except (self._psycopg.OperationalError, OSError):
                self._held.clear()
                return False
            if taken:
                self._held.add(table_id)
            return bool(taken)

    async def release_bots(self, table_id: str) -> None:
        """Let another process move the table's bots (the table is over)."""
        async with self._guard:
            if table_id not in self._held:
                return
            self._held.discard(table_id)
            with contextlib.suppress(self._psycopg.Error):
                await self._locks.execute("SELECT pg_advisory_unlock(%s, %s)", (LOCK_CLASS, _lock_key(table_id)))

    # -- news --------------------------------------------------------------------------------------------------

    async def tell(self, table_id: str, seat: int, connections: int) -> None:
        """Tell the other processes how many connections of a seat this one holds now (a ``NOTIFY``).

        While the database cannot be reached this says nothing: the process
        tells again every few seconds (`tablegames.server.presence.RETELL`).
        """
        with contextlib.suppress(DatabaseUnavailableError):
            async with self._connection() as db:
                await self._notify(db, "presence", table_id, connections, f"{seat} {self._origin}")

    async def listen(self, deliver: Callable[[tuple[str, str, int, str]], Awaitable[None]]) -> None:
        """Call ``deliver`` with each change another process commits, until cancelled.

        Each change is ``("action", table_id, ply, action)`` or ``("table", table_id, 0, "")``.
        Once listening, and again after the listening connection was lost and made
        again, ``("lost", "", 0, "")`` says that changes may have been missed before.
        """
        first = True
        while True:
            try:
                connection = await self._psycopg.AsyncConnection.connect(
                    self._conninfo, autocommit=True, connect_timeout=5
                )
                async with connection:
                    await connection.execute(f"LISTEN {CHANNEL}")
                    if not first:
                        LOG.warning("listening to the database again")
                    first = False
                    await deliver(("lost", "", 0, ""))  # what changed before this connection listened
                    async for note in connection.notifies():
                        origin, what, ply, table_id, action = note.payload.split(" ", 4)
                        if origin != self._origin:
                            await deliver((what, table_id, int(ply), action))
            except (self._psycopg.OperationalError, OSError) as error:
                first = False
                LOG.warning("lost the database's news (%s); trying again", type(error).__name__)
                await asyncio.sleep(1.0)

    async def close(self) -> None:
        """Close the pool and the lock connection, letting go of this process's bot locks first.

        PostgreSQL would release them once the closed connection's session
        ends, a moment later; unlocking them here lets another process take
        the tables over as soon as this call returns.
        """
        async with self._guard:
            if self._locks is not None:
                with contextlib.suppress(self._psycopg.Error):
                    if self._held and not self._locks.closed:
                        await self._locks.execute("SELECT pg_advisory_unlock_all()")
                    await self._locks.close()
                self._locks = None
            self._held.clear()
        await self._pool.close()
