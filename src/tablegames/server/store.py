"""The SQLite store: tables, seats and every accepted action, with a schema version and migrations.

The database is a plain SQLite file (``tablegames.sqlite3`` by default), in
WAL mode. Its schema, version 2:

- ``tables``: one row per table: its id, game and options, the head of its
  record as `Match.to_record` writes it (game, options, and the seed or the
  start state; the actions live in ``actions``), the bots' seed, the pause
  between bot moves, whether free seats may be claimed, its status
  (``waiting``, ``playing`` or ``over``) and when it was created and last changed.
- ``seats``: one row per seat: ``human`` with the SHA-256 hash of its token
  (never the token), when it joined and the name its player goes by (if
  one was given), or ``bot`` with the bot's name.
- ``actions``: every accepted action in notation, numbered per table from 1,
  with the seat that took it. ``(table_id, ply)`` is the primary key, so of two
  writers adding the same ply only one succeeds; a trigger refuses a ply that
  is not the next one, or an action on a finished table.

The version is ``PRAGMA user_version``; ``PRAGMA application_id`` marks the
file as a tablegames database. Opening an older database migrates it, in one
transaction; a newer one, or a file that is not a tablegames database, is
refused with a `StoreError`. One server at a time may use a file (a lock
file beside it says who does).

Durability: WAL with ``synchronous=NORMAL`` (the default) writes every
commit to the write-ahead log before the call returns, so a killed server
(SIGKILL, a crash) loses nothing it committed; a power cut or an operating
system crash may lose the last commits, never the database's consistency.
``synchronous=FULL`` also survives those, at the cost of an fsync per action.

Every method but `Store.open` is a coroutine, as the store interface
(`tablegames.server.storage.TableStore`) asks. SQLite's run on the event
loop without waiting: each is a write of a few microseconds to the
write-ahead log of a local file that no other process uses (with
``synchronous=FULL``, one fsync per action). So between checking an
action and committing it nothing else runs.

Examples:
    >>> import asyncio
    >>> async def demo():
    ...     store = Store.open(":memory:")
    ...     seats = (SeatRow(seat=0, player="human", token_hash=bytes(32)), SeatRow(seat=1, player="bot", bot="random"))
    ...     await store.create_table(TableRow(id="t1", game="kalaha", options={}, record={}, bot_seed=1, seats=seats))
    ...     await store.append_action("t1", ply=1, seat=0, action="c")
    ...     try:
    ...         await store.append_action("t1", ply=1, seat=0, action="d")
    ...     except ConflictError as error:
    ...         print(error)
    ...     row = await store.load("t1")
    ...     print(await store.version(), row.actions)
    ...     await store.close()
    >>> asyncio.run(demo())
    table 't1' already has action 1, or another is missing before it
    2 ('c',)
"""

from __future__ import annotations

import contextlib
import json
import os
import sqlite3
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

import attrs

from tablegames.server.errors import ConflictError, StoreError

if TYPE_CHECKING:
    from collections.abc import Awaitable, Callable, Iterator

__all__ = ["APPLICATION_ID", "SCHEMA_VERSION", "SeatRow", "Store", "TableRow"]

#: ``PRAGMA application_id`` of a tablegames database ("tgam").
APPLICATION_ID = 0x7467616D

Synchronous = Literal["normal", "full"]

_SCHEMA_1 = """
CREATE TABLE tables (
    id         TEXT PRIMARY KEY,
    game       TEXT NOT NULL,
    options    TEXT NOT NULL,
    record     TEXT NOT NULL,
    bot_seed   INTEGER NOT NULL,
    bot_delay  REAL NOT NULL CHECK (bot_delay >= 0),
    open       INTEGER NOT NULL CHECK (open IN (0, 1)),
    status     TEXT NOT NULL CHECK (status IN ('waiting', 'playing', 'over')),
    created_at REAL NOT NULL,
    updated_at REAL NOT NULL
);
CREATE INDEX tables_by_status ON tables (status, created_at);
CREATE TABLE seats (
    table_id   TEXT NOT NULL REFERENCES tables (id),
    seat       INTEGER NOT NULL CHECK (seat >= 0),
    player     TEXT NOT NULL CHECK (player IN ('human', 'bot')),
    bot        TEXT CHECK ((player = 'bot') = (bot IS NOT NULL)),
    token_hash BLOB CHECK ((player = 'human') = (token_hash IS NOT NULL) AND length(token_hash) = 32),
    joined_at  REAL,
    PRIMARY KEY (table_id, seat)
) WITHOUT ROWID;
CREATE TABLE actions (
    table_id TEXT NOT NULL REFERENCES tables (id),
    ply      INTEGER NOT NULL CHECK (ply >= 1),
    seat     INTEGER NOT NULL CHECK (seat >= 0),
    action   TEXT NOT NULL,
    at       REAL NOT NULL,
    PRIMARY KEY (table_id, ply)
) WITHOUT ROWID;
CREATE TRIGGER actions_in_order BEFORE INSERT ON actions
WHEN NEW.ply != (SELECT coalesce(max(ply), 0) + 1 FROM actions WHERE table_id = NEW.table_id)
    OR (SELECT status FROM tables WHERE id = NEW.table_id) IS NOT 'playing'
BEGIN
    SELECT RAISE(ABORT, 'an action must be the next ply of a table that is playing');
END;
"""


def _execute_script(connection: sqlite3.Connection, script: str) -> None:
    """Run each statement of ``script`` inside the open transaction (``executescript`` would commit it first)."""
    statement = ""
    for line in script.splitlines(keepends=True):
        statement += line
        if sqlite3.complete_statement(statement):
            connection.execute(statement)
            statement = ""
    if statement.strip():
        raise StoreError(f"an incomplete statement in a migration: {statement!r}")


#: Version 2: people's seats may have a name.
_SCHEMA_2 = "ALTER TABLE seats ADD COLUMN name TEXT CHECK (name IS NULL OR (player = 'human' AND length(name) <= 24));"


def _migrate_to_1(connection: sqlite3.Connection) -> None:
    _execute_script(connection, _SCHEMA_1)


def _migrate_to_2(connection: sqlite3.Connection) -> None:
    _execute_script(connection, _SCHEMA_2)


#: ``MIGRATIONS[n]`` takes a database from version ``n`` to ``n + 1``.
MIGRATIONS: tuple[Callable[[sqlite3.Connection], None], ...] = (_migrate_to_1, _migrate_to_2)
#: The schema version this tablegames writes.
SCHEMA_VERSION = len(MIGRATIONS)


@attrs.frozen
class SeatRow:
    """A seat as stored.

    Attributes:
        seat: The seat number.
        player: ``"human"`` or ``"bot"``.
        bot: The bot's name, for a bot seat.
        token_hash: The SHA-256 of the seat's token, for a human seat.
        joined: True once the seat's token has been used.
        name: The name the seat's player goes by, if one was given (a person's seat only).
    """

    seat: int
    player: str
    bot: str | None = None
    token_hash: bytes | None = None
    joined: bool = False
    name: str | None = None


@attrs.frozen
class TableRow:
    """A table as stored.

    Attributes:
        id: The table's id.
        game: The game's registered name.
        options: The game's options.
        record: The head of the table's record (`Match.to_record` without its actions).
        bot_seed: Seeds the bots' decisions.
        seats: One row per seat.
        bot_delay: The pause before each bot move, in seconds.
        open: True if anyone may claim a free seat.
        status: ``"waiting"``, ``"playing"`` or ``"over"``.
        actions: The accepted actions in notation, in order.
    """

    id: str
    game: str
    options: dict[str, Any]
    record: dict[str, Any]
    bot_seed: int
    seats: tuple[SeatRow, ...]
    bot_delay: float = 0.0
    open: bool = False
    status: str = "playing"
    actions: tuple[str, ...] = ()


class Store:
    """A tablegames database in a SQLite file; all its methods commit before they return.

    Attributes:
        shared: False: one server process uses the file (a lock file says which).
    """

    shared = False

    def __init__(self, connection: sqlite3.Connection, lock: int | None) -> None:
        self._db = connection
        self._lock = lock

    @classmethod
    def open(cls, path: str | os.PathLike[str], *, synchronous: Synchronous = "normal") -> Store:
        """Open (creating or migrating) the database at ``path``; ``":memory:"`` for a throwaway one.

        Raises:
            StoreError: If the file is not a tablegames database, was written by
                a newer version, or another server is using it.
        """
        if synchronous not in ("normal", "full"):
            raise StoreError(f"synchronous is 'normal' or 'full', got {synchronous!r}")
        memory = str(path) == ":memory:"
        lock = None if memory else _lock(Path(path))
        try:
            connection = sqlite3.connect(str(path), isolation_level=None, check_same_thread=False)
        except sqlite3.Error as error:
            _unlock(lock)
            raise StoreError(f"cannot open the database {str(path)!r}: {error}") from None
        store = cls(connection, lock)
        try:
            connection.execute("PRAGMA busy_timeout = 5000")
            if not memory:
                connection.execute("PRAGMA journal_mode = WAL")
            connection.execute(f"PRAGMA synchronous = {synchronous.upper()}")
            connection.execute("PRAGMA foreign_keys = ON")
            store._migrate()
        except (sqlite3.Error, StoreError) as error:
            store._close()
            if isinstance(error, StoreError):
                raise
            raise StoreError(f"cannot use the database {str(path)!r}: {error}") from None
        return store

    async def version(self) -> int:
        """The database's schema version."""
        return self._version()

    def _version(self) -> int:
        return int(self._db.execute("PRAGMA user_version").fetchone()[0])

    def _migrate(self) -> None:
        application = int(self._db.execute("PRAGMA application_id").fetchone()[0])
        version = self._version()
        empty = self._db.execute("SELECT count(*) FROM sqlite_master").fetchone()[0] == 0
        if application != APPLICATION_ID and not (application == 0 and version == 0 and empty):
            raise StoreError("this file is not a tablegames database")
        if version > SCHEMA_VERSION:
            raise StoreError(
                f"the database has schema version {version}, written by a newer tablegames; "
                f"this one reads versions up to {SCHEMA_VERSION}"
            )
        if version == SCHEMA_VERSION:
            return
        with self._transaction():
            for step in MIGRATIONS[version:]:
                step(self._db)
            self._db.execute(f"PRAGMA application_id = {APPLICATION_ID}")
            self._db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")

    @contextlib.contextmanager
    def _transaction(self) -> Iterator[sqlite3.Connection]:
        self._db.execute("BEGIN IMMEDIATE")
        try:
            yield self._db
        except BaseException:
            self._db.execute("ROLLBACK")
            raise
        self._db.execute("COMMIT")

    async def create_table(self, row: TableRow) -> None:
        """Store a new table and its seats (its actions, if any, are not stored)."""
        now = time.time()
        with self._transaction() as db:
            db.execute(
                "INSERT INTO tables (id, game, options, record, bot_seed, bot_delay, open, status, created_at,"
                " updated_at)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    row.id,
                    row.game,
                    json.dumps(row.options),
                    json.dumps(row.record),
                    row.bot_seed,
                    row.bot_delay,
                    int(row.open),
                    row.status,
                    now,
                    now,
                ),
            )
            db.executemany(
                "INSERT INTO seats (table_id, seat, player, bot, token_hash, joined_at, name)"
                " VALUES (?, ?, ?, ?, ?, ?, ?)",
                [
                    (row.id, seat.seat, seat.player, seat.bot, seat.token_hash, now if seat.joined else None, seat.name)
                    for seat in row.seats
                ],
            )

    async def append_action(self, table_id: str, *, ply: int, seat: int, action: str, over: bool = False) -> None:
        """Store accepted action number ``ply`` of a table, and mark the table over if ``over``.

        Raises:
            ConflictError: If the table already has that ply, misses the one before, or is not playing.
        """
        now = time.time()
        insert = "INSERT INTO actions (table_id, ply, seat, action, at) VALUES (?, ?, ?, ?, ?)"
        try:
            if not over:  # one statement commits by itself
                self._db.execute(insert, (table_id, ply, seat, action, now))
                return
            with self._transaction() as db:
                db.execute(insert, (table_id, ply, seat, action, now))
                db.execute("UPDATE tables SET status = 'over', updated_at = ? WHERE id = ?", (now, table_id))
        except sqlite3.IntegrityError:
            raise ConflictError(
                f"table {table_id!r} already has action {ply}, or another is missing before it"
            ) from None

    async def join(self, table_id: str, seat: int, *, status: str) -> None:
        """Mark a seat as joined, and set the table's status (it may start playing)."""
        now = time.time()
        with self._transaction() as db:
            db.execute(
                "UPDATE seats SET joined_at = ? WHERE table_id = ? AND seat = ? AND joined_at IS NULL",
                (now, table_id, seat),
            )
            db.execute("UPDATE tables SET status = ?, updated_at = ? WHERE id = ?", (status, now, table_id))

    async def claim(self, table_id: str, seat: int, token_hash: bytes, *, status: str) -> bool:
        """Give a free human seat a new token and mark it joined; return False if it is not free."""
        now = time.time()
        with self._transaction() as db:
            claimed = db.execute(
                "UPDATE seats SET token_hash = ?, joined_at = ?"
                " WHERE table_id = ? AND seat = ? AND player = 'human' AND joined_at IS NULL",
                (token_hash, now, table_id, seat),
            ).rowcount
            if claimed:
                db.execute("UPDATE tables SET status = ?, updated_at = ? WHERE id = ?", (status, now, table_id))
        return bool(claimed)

    async def delete(self, table_id: str) -> None:
        """Delete an unfinished table with its seats and actions (it expired); a finished one is kept."""
        with self._transaction() as db:
            if db.execute("SELECT 1 FROM tables WHERE id = ? AND status != 'over'", (table_id,)).fetchone():
                db.execute("DELETE FROM actions WHERE table_id = ?", (table_id,))
                db.execute("DELETE FROM seats WHERE table_id = ?", (table_id,))
                db.execute("DELETE FROM tables WHERE id = ?", (table_id,))

    async def load(self, table_id: str) -> TableRow | None:
        """Return the table ``table_id`` with its seats and actions, or None."""
        found = self._db.execute(
            "SELECT id, game, options, record, bot_seed, bot_delay, open, status FROM tables WHERE id = ?",
            (table_id,),
        ).fetchone()
        return None if found is None else self._row(found)

    async def unfinished(self) -> list[TableRow]:
        """Return every table that is not over, oldest first."""
        found = self._db.execute(
            "SELECT id, game, options, record, bot_seed, bot_delay, open, status FROM tables"
            " WHERE status != 'over' ORDER BY created_at, id"
        ).fetchall()
        return [self._row(each) for each in found]

    def _row(self, found: tuple[Any, ...]) -> TableRow:
        table_id, game, options, record, bot_seed, bot_delay, is_open, status = found
        seats = tuple(
            SeatRow(seat=seat, player=player, bot=bot, token_hash=hashed, joined=joined is not None, name=name)
            for seat, player, bot, hashed, joined, name in self._db.execute(
                "SELECT seat, player, bot, token_hash, joined_at, name FROM seats WHERE table_id = ? ORDER BY seat",
                (table_id,),
            )
        )
        actions = tuple(
            text
            for (text,) in self._db.execute("SELECT action FROM actions WHERE table_id = ? ORDER BY ply", (table_id,))
        )
        return TableRow(
            id=table_id,
            game=game,
            options=json.loads(options),
            record=json.loads(record),
            bot_seed=bot_seed,
            seats=seats,
            bot_delay=bot_delay,
            open=bool(is_open),
            status=status,
            actions=actions,
        )

    async def hold_bots(self, table_id: str) -> bool:
        """True: the one process on the file moves every table's bots."""
        return True

    async def release_bots(self, table_id: str) -> None:
        """Nothing to release: no other process uses the file."""

    async def tell(self, table_id: str, seat: int, connections: int) -> None:
        """Nothing to tell: no other process serves the file's tables."""

    async def listen(self, deliver: Callable[[tuple[str, str, int, str]], Awaitable[None]]) -> None:
        """Return at once: no other process writes to the file."""

    async def close(self) -> None:
        """Close the database and let another server use it."""
        self._close()

    def _close(self) -> None:
        with contextlib.suppress(sqlite3.Error):
            self._db.close()
        _unlock(self._lock)
        self._lock = None


def _lock(path: Path) -> int:
    """Hold ``<path>.lock`` for as long as the store is open, so that a second server on the file is refused."""
    try:
        import fcntl
    except ImportError:  # pragma: no cover - not POSIX: no lock
        return -1
    where = path.with_name(path.name + ".lock")
    try:
        handle = os.open(where, os.O_RDWR | os.O_CREAT, 0o600)
    except OSError as error:
        raise StoreError(f"cannot create the lock file {str(where)!r}: {error}") from None
    try:
        fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        os.close(handle)
        raise StoreError(f"another server is using the database {str(path)!r} (it holds {str(where)!r})") from None
    return handle


def _unlock(handle: int | None) -> None:
    if handle is not None and handle >= 0:
        os.close(handle)
